//! Operator calls under `/jpmall/admin/`. The `operator` middleware guards every path there.

use axum::extract::{Query, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use commands::sms::{CaptchaAnswer, OutboxMessage};
use serde::{Deserialize, Serialize};

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::keys::same_secret;
use crate::state::AppState;

pub async fn operator(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let given = request
        .headers()
        .get("operator-token")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if given.is_empty() || !same_secret(given, &state.operator_token) {
        return AppError::Forbidden.into_response();
    }
    next.run(request).await
}

#[derive(Deserialize)]
pub struct OutboxQuery {
    mobile: Option<String>,
}

#[derive(Serialize)]
pub struct Outbox {
    pub sms: Vec<OutboxMessage>,
    pub captchas: Vec<CaptchaAnswer>,
}

pub async fn outbox(State(state): State<AppState>, Query(query): Query<OutboxQuery>) -> ApiResult<Outbox> {
    if !state.outbox_enabled {
        return Err(AppError::NotFound("outbox.disabled"));
    }
    let (sms, captchas) =
        commands::sms::outbox(&state.db, query.mobile.as_deref().filter(|m| !m.is_empty())).await?;
    Ok(ok(Outbox { sms, captchas }))
}
