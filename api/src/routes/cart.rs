//! The drop-shipping cart and the drop-shipping settings.

use axum::extract::State;
use axum::http::HeaderMap;
use commands::cart::{self, Lines};
use commands::clock::now;
use commands::forward::{self, ForwardSettings};
use commands::Refusal;
use domain::order::{Courier, QcLevel};
use projections::cart::{cart_of, Cart};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::{CurrentUser, JsonBody};
use crate::i18n::language_of;
use crate::state::AppState;

async fn answer(state: &AppState, headers: &HeaderMap, user: &CurrentUser) -> ApiResult<Cart> {
    Ok(ok(cart_of(&state.db.pool, &user.id, language_of(headers)).await?))
}

pub async fn lists(State(state): State<AppState>, headers: HeaderMap, user: CurrentUser) -> ApiResult<Cart> {
    answer(&state, &headers, &user).await
}

#[derive(Deserialize)]
pub struct LineBody {
    #[serde(default)]
    sku_id: Value,
    #[serde(default)]
    quantity: Value,
}

fn text_of(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

impl LineBody {
    fn sku(&self) -> Result<String, AppError> {
        text_of(&self.sku_id).ok_or_else(|| Refusal::new("cart.sku_unknown").on("sku_id").into())
    }

    fn quantity(&self) -> Result<i64, AppError> {
        let parsed = match &self.quantity {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        };
        parsed
            .filter(|q| *q >= 1)
            .ok_or_else(|| Refusal::new("cart.quantity_not_positive").on("quantity").into())
    }
}

pub async fn add(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<LineBody>,
) -> ApiResult<Cart> {
    cart::add(&state.db, &user.id, &body.sku()?, body.quantity()?, now()).await?;
    answer(&state, &headers, &user).await
}

pub async fn change(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<LineBody>,
) -> ApiResult<Cart> {
    cart::change(&state.db, &user.id, &body.sku()?, body.quantity()?).await?;
    answer(&state, &headers, &user).await
}

#[derive(Deserialize)]
pub struct LinesBody {
    #[serde(default)]
    sku_ids: Value,
    #[serde(default = "yes")]
    selected: bool,
}

fn yes() -> bool {
    true
}

fn lines_of(value: &Value) -> Result<Lines, AppError> {
    match value {
        Value::String(s) if s == "all" => Ok(Lines::All),
        Value::Array(items) => Ok(Lines::Skus(items.iter().filter_map(text_of).collect())),
        other => text_of(other)
            .map(|sku| Lines::Skus(vec![sku]))
            .ok_or_else(|| Refusal::new("cart.sku_unknown").on("sku_ids").into()),
    }
}

pub async fn select(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<LinesBody>,
) -> ApiResult<Cart> {
    cart::select(&state.db, &user.id, &lines_of(&body.sku_ids)?, body.selected).await?;
    answer(&state, &headers, &user).await
}

/// The seller saw today's prices of these lines: a rise no longer waits for confirmation at checkout.
pub async fn accept_prices(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<LinesBody>,
) -> ApiResult<Cart> {
    cart::accept_prices(&state.db, &user.id, &lines_of(&body.sku_ids)?).await?;
    answer(&state, &headers, &user).await
}

pub async fn remove(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<LinesBody>,
) -> ApiResult<Cart> {
    cart::remove(&state.db, &user.id, &lines_of(&body.sku_ids)?).await?;
    answer(&state, &headers, &user).await
}

#[derive(Serialize)]
pub struct CourierFee {
    code: &'static str,
    first: String,
    extra: String,
}

#[derive(Serialize)]
pub struct QcFee {
    code: &'static str,
    per_item: String,
}

#[derive(Serialize)]
pub struct Settings {
    #[serde(flatten)]
    settings: projections::forward::ForwardSettings,
    couriers: Vec<CourierFee>,
    qc_levels: Vec<QcFee>,
}

/// The courier tariffs and QC prices, for every screen that offers them.
pub fn fee_tables() -> (Vec<CourierFee>, Vec<QcFee>) {
    let couriers = Courier::ALL
        .iter()
        .map(|c| {
            let (first, extra) = c.tariff();
            CourierFee {
                code: c.code(),
                first: first.to_yuan(),
                extra: extra.to_yuan(),
            }
        })
        .collect();
    let qc_levels = [QcLevel::None, QcLevel::Basic, QcLevel::Advanced]
        .iter()
        .map(|q| QcFee {
            code: q.code(),
            per_item: q.per_item().to_yuan(),
        })
        .collect();
    (couriers, qc_levels)
}

async fn settings_answer(state: &AppState, user: &CurrentUser) -> ApiResult<Settings> {
    let (couriers, qc_levels) = fee_tables();
    Ok(ok(Settings {
        settings: projections::forward::settings_of(&state.db.pool, &user.id).await?,
        couriers,
        qc_levels,
    }))
}

pub async fn settings(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Settings> {
    settings_answer(&state, &user).await
}

#[derive(Deserialize)]
pub struct SettingsBody {
    #[serde(default)]
    sender_name: String,
    #[serde(default)]
    sender_phone: String,
    #[serde(default)]
    courier: String,
    #[serde(default)]
    qc_level: String,
    #[serde(default)]
    shipping_priority: String,
    #[serde(default)]
    remark_template: String,
}

pub async fn save_settings(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<SettingsBody>,
) -> ApiResult<Settings> {
    let defaults = ForwardSettings::default();
    let or_default = |given: String, default: String| if given.trim().is_empty() { default } else { given };
    let settings = ForwardSettings {
        sender_name: body.sender_name,
        sender_phone: body.sender_phone,
        courier: or_default(body.courier, defaults.courier),
        qc_level: or_default(body.qc_level, defaults.qc_level),
        shipping_priority: or_default(body.shipping_priority, defaults.shipping_priority),
        remark_template: body.remark_template,
    };
    forward::save(&state.db, &user.id, settings, now()).await?;
    settings_answer(&state, &user).await
}
