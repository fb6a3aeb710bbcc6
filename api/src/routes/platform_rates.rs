//! `forward/platform_rates` and `forward/platform_rates/save` (docs/api.md, "Drop-shipping settings"):
//! the seller's rate for each platform shop's currency, yuan for one unit, which a platform import's
//! margin is converted at.

use axum::extract::State;
use commands::clock::now;
use commands::platform_rates::{self, RateInput};
use domain::platform_export::rates::rate_text;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::envelope::ok;
use crate::error::ApiResult;
use crate::extract::{CurrentUser, JsonBody};
use crate::state::AppState;

#[derive(Serialize)]
pub struct RateView {
    platform: String,
    currency: String,
    /// Yuan for one unit, four decimals (`0.1250`).
    rate: String,
    micro_cny: i64,
}

#[derive(Serialize)]
pub struct Rates {
    rates: Vec<RateView>,
}

async fn answer(state: &AppState, user: &CurrentUser) -> ApiResult<Rates> {
    let rates = projections::platform_rates::rates_of(&state.db.pool, &user.id).await?;
    Ok(ok(Rates {
        rates: rates
            .into_iter()
            .map(|r| RateView {
                platform: r.platform,
                currency: r.currency,
                rate: rate_text(r.micro_cny),
                micro_cny: r.micro_cny,
            })
            .collect(),
    }))
}

pub async fn rates(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Rates> {
    answer(&state, &user).await
}

#[derive(Deserialize, Default)]
pub struct RateBody {
    #[serde(default)]
    platform: String,
    #[serde(default)]
    currency: String,
    /// Text (`"0.125"`) or a JSON number.
    #[serde(default)]
    rate: Value,
}

#[derive(Deserialize, Default)]
pub struct SaveBody {
    #[serde(default)]
    rates: Vec<RateBody>,
}

fn text_of(value: &Value) -> String {
    match value {
        Value::String(text) => text.chars().take(40).collect(),
        Value::Number(number) => number.to_string(),
        _ => String::new(),
    }
}

/// Replaces the seller's rates with the ones given (an empty list removes them all).
pub async fn save(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<SaveBody>,
) -> ApiResult<Rates> {
    let inputs: Vec<RateInput> = body
        .rates
        .iter()
        .map(|r| RateInput {
            platform: r.platform.chars().take(20).collect(),
            currency: r.currency.chars().take(20).collect(),
            rate: text_of(&r.rate),
        })
        .collect();
    platform_rates::save(&state.db, &user.id, &inputs, now()).await?;
    answer(&state, &user).await
}
