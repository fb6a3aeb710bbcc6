//! The operator's order calls under `/jpmall/admin/orders`: the queue of every user's orders, and the
//! warehouse's steps (prepare stock, report a shortage, flag and resolve abnormal, ship).

use axum::extract::State;
use axum::http::HeaderMap;
use commands::clock::now;
use projections::orders::{self as read, OrderView, OrdersPage};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::actions::order_list::{filter_of, ListBody};
use crate::actions::order_steps::{take_step, Step};
use crate::envelope::ok;
use crate::error::ApiResult;
use crate::extract::{JsonBody, QueryArgs};
use crate::i18n::language_of;
use crate::state::AppState;

pub async fn orders(
    State(state): State<AppState>,
    headers: HeaderMap,
    QueryArgs(query): QueryArgs<ListBody>,
) -> ApiResult<OrdersPage> {
    let (filter, page, pagesize) = filter_of(&query, None)?;
    Ok(ok(read::list(
        &state.db.pool,
        &filter,
        page,
        pagesize,
        language_of(&headers),
    )
    .await?))
}

#[derive(Deserialize, Default)]
pub struct ShortageInput {
    #[serde(default)]
    sku_id: String,
    #[serde(default)]
    quantity: i64,
}

#[derive(Deserialize, Default)]
pub struct StepBody {
    #[serde(default)]
    order_no: String,
    #[serde(default)]
    shortages: Vec<ShortageInput>,
    #[serde(default)]
    reason: String,
    #[serde(default)]
    resolution: String,
    #[serde(default)]
    courier: String,
    #[serde(default)]
    tracking_no: String,
    /// For a shortage report: the same id again reports nothing new.
    #[serde(default)]
    request_id: String,
}

async fn step(state: AppState, headers: HeaderMap, order_no: &str, step: Step) -> ApiResult<OrderView> {
    Ok(ok(take_step(&state, order_no, step, language_of(&headers)).await?))
}

pub async fn prepare_stock(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<StepBody>,
) -> ApiResult<OrderView> {
    step(state, headers, &body.order_no, Step::PrepareStock).await
}

pub async fn out_of_stock(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<StepBody>,
) -> ApiResult<OrderView> {
    let shortages = body
        .shortages
        .into_iter()
        .map(|s| (s.sku_id, s.quantity))
        .collect();
    let report_id = Some(body.request_id).filter(|id| !id.trim().is_empty());
    step(
        state,
        headers,
        &body.order_no,
        Step::OutOfStock { shortages, report_id },
    )
    .await
}

pub async fn flag_abnormal(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<StepBody>,
) -> ApiResult<OrderView> {
    step(state, headers, &body.order_no, Step::FlagAbnormal(body.reason)).await
}

pub async fn resolve_abnormal(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<StepBody>,
) -> ApiResult<OrderView> {
    step(
        state,
        headers,
        &body.order_no,
        Step::ResolveAbnormal(body.resolution),
    )
    .await
}

pub async fn ship(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<StepBody>,
) -> ApiResult<OrderView> {
    let ship = Step::Ship {
        courier: body.courier,
        tracking_no: body.tracking_no,
    };
    step(state, headers, &body.order_no, ship).await
}

#[derive(Serialize)]
pub struct Completed {
    completed: usize,
}

pub async fn complete_due(
    State(state): State<AppState>,
    JsonBody(_body): JsonBody<Value>,
) -> ApiResult<Completed> {
    let completed = commands::orders::operator::complete_due(
        &state.db,
        &state.orders,
        state.config.auto_complete_days,
        now(),
    )
    .await?;
    Ok(ok(Completed { completed }))
}
