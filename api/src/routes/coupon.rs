//! Coupon calls: the seller's coupons with the three filters the spec requires, published coupons to
//! claim, and claiming; the operator's issuing, publishing and list under `/jpmall/admin/coupons`
//! (the CLI takes the same steps).
//!
//! A coupon is named in the request's language (`name`), beside both names as issued (`name_zh`,
//! `name_en`). A coupon issued before coupons had English names shows, in English, a name built from
//! its terms ("¥10 off goods over ¥100"), never the Chinese one.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::HeaderMap;
use commands::clock::now;
use commands::coupons::{self, CouponDraft};
use commands::Refusal;
use domain::coupon::{CouponKind, Discount};
use domain::money::Fen;
use projections::coupons::{
    self as read, ClaimableView, CouponFilter, CouponNaming, CouponView, CouponsPage,
};
use projections::messages::MessageRow;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::actions::coupons as actions;
use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::{text, CurrentUser, JsonBody, QueryArgs};
use crate::i18n::{language_of, message, Language};
use crate::paging::Paging;
use crate::state::AppState;

/// Yuan as a person writes them: "10", "10.50".
fn plain_yuan(fen: Fen) -> String {
    let yuan = fen.to_yuan();
    yuan.strip_suffix(".00").map(str::to_string).unwrap_or(yuan)
}

/// The name of a coupon issued without one in `lang`, from its terms and the catalogue
/// (`coupon.named.*`).
pub fn name_from_terms(lang: Language, kind: CouponKind, discount: Discount) -> String {
    let part = ("coupon_part", kind.code().to_string());
    let threshold = discount.threshold();
    let over = threshold.is_positive();
    let (key, mut params) = match discount {
        Discount::FullReduction { amount, .. } => (
            if over {
                "coupon.named.amount_off_over"
            } else {
                "coupon.named.amount_off"
            },
            vec![part, ("amount", plain_yuan(amount))],
        ),
        Discount::Percentage { percent_off, .. } => (
            if over {
                "coupon.named.percent_off_over"
            } else {
                "coupon.named.percent_off"
            },
            vec![part, ("percent", percent_off.to_string())],
        ),
    };
    if over {
        params.push(("threshold", plain_yuan(threshold)));
    }
    message(lang, key, &params)
}

/// A coupon's name in `lang`: the Chinese name, or the English one, or for a coupon issued before
/// English names one built from its terms.
pub fn name_in(lang: Language, naming: &CouponNaming) -> String {
    match lang {
        Language::ZhCn => naming.name.clone(),
        Language::EnUs if !naming.name_en.trim().is_empty() => naming.name_en.clone(),
        Language::EnUs => name_from_terms(lang, naming.kind, naming.discount),
    }
}

/// Sets `name` to the coupon's name in `lang`.
pub fn localize(lang: Language, view: &mut CouponView) {
    if let Some(naming) = view.naming() {
        view.name = name_in(lang, &naming);
    }
}

fn localize_claimable(lang: Language, view: &mut ClaimableView) {
    if let Some(naming) = view.naming() {
        view.name = name_in(lang, &naming);
    }
}

fn localize_page(lang: Language, mut page: CouponsPage) -> CouponsPage {
    for view in &mut page.list {
        localize(lang, view);
    }
    page
}

/// The names of coupons by id, in `lang`: an order's coupon lines, coupon messages. Chinese reads
/// nothing (the stored name is Chinese).
pub async fn names_in(
    state: &AppState,
    ids: Vec<String>,
    lang: Language,
) -> Result<HashMap<String, String>, AppError> {
    if lang == Language::ZhCn || ids.is_empty() {
        return Ok(HashMap::new());
    }
    let namings = read::namings(&state.db.pool, &ids).await?;
    Ok(namings
        .into_iter()
        .map(|(id, naming)| {
            let name = name_in(lang, &naming);
            (id, name)
        })
        .collect())
}

/// An order's coupon lines (`[{"id", "type", "name", "discount"}]`, the names as redeemed, in
/// Chinese) named in `lang`.
pub async fn localize_order_coupons(
    state: &AppState,
    coupons: &mut Value,
    lang: Language,
) -> Result<(), AppError> {
    let Some(lines) = coupons.as_array_mut() else {
        return Ok(());
    };
    let ids = lines
        .iter()
        .filter_map(|line| line.get("id").and_then(Value::as_str).map(str::to_string))
        .collect();
    let names = names_in(state, ids, lang).await?;
    for line in lines {
        let name = line
            .get("id")
            .and_then(Value::as_str)
            .and_then(|id| names.get(id));
        if let (Some(name), Some(object)) = (name.cloned(), line.as_object_mut()) {
            object.insert("name".into(), Value::String(name));
        }
    }
    Ok(())
}

/// Coupon messages carry both names in `params` (`name`, `name_en`); those stored before English
/// names carry only the Chinese one and are named from their coupon. Leaves `name` in `lang`.
pub async fn localize_messages(
    state: &AppState,
    rows: &mut [MessageRow],
    lang: Language,
) -> Result<(), AppError> {
    if lang == Language::ZhCn {
        return Ok(());
    }
    let english = |row: &MessageRow| {
        row.params
            .get("name_en")
            .and_then(Value::as_str)
            .filter(|name| !name.trim().is_empty())
            .map(str::to_string)
    };
    let is_coupon = |row: &MessageRow| row.kind == "coupon_received";
    let unnamed = rows
        .iter()
        .filter(|row| is_coupon(row) && english(row).is_none())
        .map(|row| row.object_id.clone())
        .collect();
    let names = names_in(state, unnamed, lang).await?;
    for row in rows.iter_mut().filter(|row| is_coupon(row)) {
        let name = english(row).or_else(|| names.get(&row.object_id).cloned());
        if let (Some(name), Some(params)) = (name, row.params.as_object_mut()) {
            params.insert("name".into(), Value::String(name));
        }
    }
    Ok(())
}

#[derive(Deserialize, Default)]
pub struct ListBody {
    page: Option<i64>,
    pagesize: Option<i64>,
    #[serde(default, rename = "type")]
    kind: String,
    #[serde(default)]
    discount_type: String,
    #[serde(default)]
    status: String,
}

/// One of the three filters: required (spec §5), `all` or one of `allowed`.
fn chosen(
    value: &str,
    allowed: &[&str],
    key: &'static str,
    field: &'static str,
) -> Result<Option<String>, AppError> {
    match value.trim() {
        "" => Err(Refusal::new(key).on(field).into()),
        "all" => Ok(None),
        v if allowed.contains(&v) => Ok(Some(v.to_string())),
        _ => Err(Refusal::new(key).on(field).into()),
    }
}

pub async fn lists(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<ListBody>,
) -> ApiResult<CouponsPage> {
    let (page, pagesize) = Paging {
        page: body.page,
        pagesize: body.pagesize,
    }
    .checked()?;
    let filter = CouponFilter {
        user_id: Some(user.id.clone()),
        kind: chosen(
            &body.kind,
            &["product", "service", "shipping"],
            "coupon.type_required",
            "type",
        )?,
        discount_type: chosen(
            &body.discount_type,
            &["full_reduction", "discount"],
            "coupon.discount_type_required",
            "discount_type",
        )?,
        status: chosen(
            &body.status,
            &["unused", "used", "expired"],
            "coupon.status_required",
            "status",
        )?,
        mobile: None,
    };
    let found = read::list(&state.db.pool, &filter, page, pagesize, now()).await?;
    Ok(ok(localize_page(language_of(&headers), found)))
}

#[derive(Serialize)]
pub struct Claimable {
    list: Vec<ClaimableView>,
}

pub async fn claimable(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
) -> ApiResult<Claimable> {
    let lang = language_of(&headers);
    let mut list = read::claimable(&state.db.pool, &user.id, now()).await?;
    for view in &mut list {
        localize_claimable(lang, view);
    }
    Ok(ok(Claimable { list }))
}

#[derive(Deserialize, Default)]
pub struct ClaimBody {
    #[serde(default)]
    template_id: Value,
}

#[derive(Serialize)]
pub struct Claimed {
    coupon: CouponView,
}

async fn coupon_answer(state: &AppState, id: &str, lang: Language) -> Result<CouponView, AppError> {
    let mut view = read::one(&state.db.pool, id, now())
        .await?
        .ok_or(AppError::NotFound("request.not_found"))?;
    localize(lang, &mut view);
    Ok(view)
}

pub async fn claim(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<ClaimBody>,
) -> ApiResult<Claimed> {
    let id = coupons::claim(
        &state.db,
        &state.coupons,
        &user.id,
        &text(&body.template_id),
        now(),
    )
    .await?;
    Ok(ok(Claimed {
        coupon: coupon_answer(&state, &id, language_of(&headers)).await?,
    }))
}

// The operator's calls.

#[derive(Deserialize, Default, Clone)]
pub struct CouponBody {
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub name_en: String,
    #[serde(default, rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub discount_type: String,
    #[serde(default)]
    pub threshold: Value,
    #[serde(default)]
    pub amount: Value,
    #[serde(default)]
    pub percent_off: Value,
    pub valid_from: Option<i64>,
    pub valid_to: Option<i64>,
    #[serde(default)]
    pub quantity: Value,
}

impl CouponBody {
    /// The coupon's terms as typed: numbers may come as JSON numbers or text.
    pub fn draft(&self) -> CouponDraft {
        CouponDraft {
            name: self.name.clone(),
            name_en: self.name_en.clone(),
            kind: self.kind.clone(),
            discount_type: self.discount_type.clone(),
            threshold: text(&self.threshold),
            amount: text(&self.amount),
            percent_off: text(&self.percent_off),
            valid_from: self.valid_from,
            valid_to: self.valid_to,
        }
    }
}

pub async fn issue(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<CouponBody>,
) -> ApiResult<CouponView> {
    let id = actions::issue(&state, &body.mobile, &body.draft()).await?;
    Ok(ok(coupon_answer(&state, &id, language_of(&headers)).await?))
}

pub async fn publish(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<CouponBody>,
) -> ApiResult<actions::Published> {
    let quantity = text(&body.quantity).parse::<i64>().unwrap_or(0);
    Ok(ok(actions::publish(&state, &body.draft(), quantity).await?))
}

#[derive(Deserialize, Default)]
pub struct AdminListQuery {
    page: Option<i64>,
    pagesize: Option<i64>,
    #[serde(default)]
    mobile: String,
}

/// The operator's page of issued coupons: each with its seller's masked phone and name.
#[derive(Serialize)]
pub struct StaffCouponsPage {
    list: Vec<projections::accounts::WithSeller<CouponView>>,
    total: i64,
    page: i64,
    pagesize: i64,
    counts: projections::coupons::CouponCounts,
}

/// Issued coupons, newest first; `mobile` narrows them to sellers whose phone holds those digits.
pub async fn admin_list(
    State(state): State<AppState>,
    headers: HeaderMap,
    QueryArgs(query): QueryArgs<AdminListQuery>,
) -> ApiResult<StaffCouponsPage> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let digits = domain::accounts::phone_search(&query.mobile).map_err(Refusal::from)?;
    let filter = CouponFilter {
        mobile: Some(digits),
        ..CouponFilter::default()
    };
    let found = localize_page(
        language_of(&headers),
        read::list(&state.db.pool, &filter, page, pagesize, now()).await?,
    );
    let list =
        projections::accounts::with_sellers(&state.db.pool, found.list, |c| c.user_id.as_str()).await?;
    Ok(ok(StaffCouponsPage {
        list,
        total: found.total,
        page: found.page,
        pagesize: found.pagesize,
        counts: found.counts,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_coupon_without_an_english_name_is_named_from_its_terms() {
        let named = |kind, discount| name_from_terms(Language::EnUs, kind, discount);
        assert_eq!(
            named(
                CouponKind::Product,
                Discount::FullReduction {
                    threshold: Fen::yuan(100),
                    amount: Fen::yuan(10)
                }
            ),
            "¥10 off goods over ¥100"
        );
        assert_eq!(
            named(
                CouponKind::Service,
                Discount::FullReduction {
                    threshold: Fen::ZERO,
                    amount: Fen(250)
                }
            ),
            "¥2.50 off service fees"
        );
        assert_eq!(
            named(
                CouponKind::Shipping,
                Discount::Percentage {
                    threshold: Fen::ZERO,
                    percent_off: 50
                }
            ),
            "50% off shipping"
        );
        assert_eq!(
            named(
                CouponKind::Product,
                Discount::Percentage {
                    threshold: Fen::yuan(200),
                    percent_off: 5
                }
            ),
            "5% off goods over ¥200"
        );
        let naming = CouponNaming {
            name: "运费五折".into(),
            name_en: String::new(),
            kind: CouponKind::Shipping,
            discount: Discount::Percentage {
                threshold: Fen::ZERO,
                percent_off: 50,
            },
        };
        assert_eq!(name_in(Language::ZhCn, &naming), "运费五折");
        assert_eq!(name_in(Language::EnUs, &naming), "50% off shipping");
        let named = CouponNaming {
            name_en: "Half off shipping".into(),
            ..naming
        };
        assert_eq!(name_in(Language::EnUs, &named), "Half off shipping");
    }
}
