//! Address book calls, the division data behind the region picker, and the platform's return address.

use axum::extract::State;
use axum::http::HeaderMap;
use commands::addresses::{self, AddressChange};
use commands::clock::now;
use commands::Refusal;
use domain::address::{divisions, AddressInput};
use domain::place_names::english_place_name;
use projections::addresses::{self as read, Address};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::{CurrentUser, JsonBody};
use crate::i18n::{language_of, Language};
use crate::state::AppState;

#[derive(Deserialize)]
pub struct AreaBody {
    #[serde(default)]
    pid: Value,
}

/// A division: `name` is what an address stores and the next call's `pid` names; `name_en` is how
/// it reads in English (pinyin), for the picker.
#[derive(Serialize)]
pub struct Area {
    id: String,
    name: String,
    name_en: String,
}

pub async fn area(JsonBody(body): JsonBody<AreaBody>) -> ApiResult<Vec<Area>> {
    let pid = match &body.pid {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    Ok(ok(divisions()
        .children(&pid)
        .iter()
        .map(|d| Area {
            id: d.code.clone(),
            name: d.name.clone(),
            name_en: english_place_name(&d.name),
        })
        .collect()))
}

#[derive(Deserialize, Default)]
pub struct AddressBody {
    #[serde(default)]
    id: String,
    #[serde(default)]
    recipient: String,
    #[serde(default)]
    phone: String,
    #[serde(default)]
    province: String,
    #[serde(default)]
    city: String,
    #[serde(default)]
    district: String,
    #[serde(default)]
    detail: String,
    #[serde(default)]
    is_default: bool,
    is_favorite: Option<bool>,
}

impl AddressBody {
    fn change(self) -> AddressChange {
        AddressChange {
            input: AddressInput {
                recipient: self.recipient,
                phone: self.phone,
                province: self.province,
                city: self.city,
                district: self.district,
                detail: self.detail,
            },
            make_default: self.is_default,
            favorite: self.is_favorite,
        }
    }
}

fn id_of(id: &str) -> Result<String, AppError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(Refusal::new("catalog.id_required").on("id").into());
    }
    Ok(id.to_string())
}

async fn saved(state: &AppState, user: &CurrentUser, id: &str) -> Result<Address, AppError> {
    read::address_of(&state.db.pool, &user.id, id)
        .await?
        .ok_or(AppError::NotFound("address.not_found"))
}

pub async fn lists(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Vec<Address>> {
    Ok(ok(read::addresses_of(&state.db.pool, &user.id).await?))
}

pub async fn add(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<AddressBody>,
) -> ApiResult<Address> {
    let id = addresses::add(&state.db, divisions(), &user.id, body.change(), now()).await?;
    Ok(ok(saved(&state, &user, &id).await?))
}

pub async fn edit(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<AddressBody>,
) -> ApiResult<Address> {
    let id = id_of(&body.id)?;
    addresses::edit(&state.db, divisions(), &user.id, &id, body.change(), now()).await?;
    Ok(ok(saved(&state, &user, &id).await?))
}

#[derive(Deserialize)]
pub struct IdBody {
    #[serde(default)]
    id: String,
    favorite: Option<bool>,
}

pub async fn delete(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<()> {
    addresses::delete(&state.db, &user.id, &id_of(&body.id)?).await?;
    Ok(ok(()))
}

pub async fn set_default(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<Address> {
    let id = id_of(&body.id)?;
    addresses::set_default(&state.db, &user.id, &id, now()).await?;
    Ok(ok(saved(&state, &user, &id).await?))
}

pub async fn favorite(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<Address> {
    let id = id_of(&body.id)?;
    addresses::set_favorite(&state.db, &user.id, &id, body.favorite.unwrap_or(true), now()).await?;
    Ok(ok(saved(&state, &user, &id).await?))
}

#[derive(Serialize)]
pub struct ReturnAddress {
    recipient: &'static str,
    phone: &'static str,
    province: &'static str,
    city: &'static str,
    district: &'static str,
    detail: &'static str,
}

pub async fn refund_address(headers: HeaderMap) -> ApiResult<ReturnAddress> {
    Ok(ok(return_address(language_of(&headers))))
}

/// Where after-sales parcels go back to: the platform's warehouse, in the reader's language (the
/// English names the same place as couriers in China read it in pinyin).
pub fn return_address(lang: Language) -> ReturnAddress {
    match lang {
        Language::ZhCn => ReturnAddress {
            recipient: "jpmall 售后仓",
            phone: "020-86001234",
            province: "广东省",
            city: "广州市",
            district: "白云区",
            detail: "机场路 1688 号 jpmall 一件代发仓 3 号门 售后组",
        },
        Language::EnUs => ReturnAddress {
            recipient: "jpmall After-sales Warehouse",
            phone: "020-86001234",
            province: "Guangdong",
            city: "Guangzhou",
            district: "Baiyun District",
            detail: "After-sales Team, Gate 3, jpmall Drop-shipping Warehouse, 1688 Jichang Road",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_division_reads_in_english_without_a_han_character() {
        fn walk(divisions: &[domain::address::Division], seen: &mut usize) {
            for d in divisions {
                let english = english_place_name(&d.name);
                assert!(
                    !english.is_empty() && !english.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                    "{} reads as {english}",
                    d.name
                );
                *seen += 1;
                walk(&d.children, seen);
            }
        }
        let mut seen = 0;
        let d = divisions();
        walk(d.children(""), &mut seen);
        assert!(seen > 3000, "{seen}");
    }

    #[test]
    fn the_embedded_divisions_cover_china_and_include_the_return_address() {
        let d = divisions();
        assert_eq!(d.children("").len(), 31);
        let guangdong = d.children("").iter().find(|p| p.name == "广东省").unwrap();
        assert!(d.children(&guangdong.code).iter().any(|c| c.name == "广州市"));
        assert_eq!(d.check("广东省", "广州市", "白云区"), Ok(()));
    }
}
