//! The warehouse's pick waves under `/jpmall/admin/waves`: make a wave of the paid orders waiting for
//! stock, read its pick list (on screen or as `.xlsx`), mark lines got or missed (one by one, or a
//! stall's or the whole wave's unmarked lines got at once), clear a miss on purpose, close it.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use commands::clock::now;
use commands::Refusal;
use projections::catalog::Page;
use projections::waves::{self as read, WaveView};
use serde::{Deserialize, Serialize};

use crate::actions::waves::{close_wave, detail_of, make_wave};
use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::excel::pick_list::workbook;
use crate::extract::{JsonBody, QueryArgs};
use crate::i18n::language_of;
use crate::paging::Paging;
use crate::state::AppState;

fn given(value: Option<String>) -> String {
    value.map(|v| v.trim().to_string()).unwrap_or_default()
}

#[derive(Deserialize, Default)]
pub struct CreateBody {
    market_id: Option<String>,
    stall_id: Option<String>,
}

pub async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<CreateBody>,
) -> ApiResult<WaveView> {
    let id = make_wave(&state, given(body.market_id), given(body.stall_id)).await?;
    Ok(ok(detail_of(&state, &id, language_of(&headers)).await?))
}

#[derive(Deserialize)]
pub struct ListQuery {
    status: Option<String>,
    page: Option<i64>,
    pagesize: Option<i64>,
}

pub async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
    QueryArgs(query): QueryArgs<ListQuery>,
) -> ApiResult<Page<WaveView>> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let status = given(query.status);
    if !["", "open", "closed"].contains(&status.as_str()) {
        return Err(Refusal::new("wave.status_invalid").on("status").into());
    }
    let status = Some(status.as_str()).filter(|s| !s.is_empty());
    Ok(ok(read::list(
        &state.db.pool,
        status,
        page,
        pagesize,
        language_of(&headers),
    )
    .await?))
}

#[derive(Deserialize)]
pub struct IdQuery {
    id: Option<String>,
}

fn required_id(id: Option<String>) -> Result<String, AppError> {
    let id = given(id);
    if id.is_empty() {
        return Err(Refusal::new("wave.id_required").on("id").into());
    }
    Ok(id)
}

pub async fn detail(
    State(state): State<AppState>,
    headers: HeaderMap,
    QueryArgs(query): QueryArgs<IdQuery>,
) -> ApiResult<WaveView> {
    let id = required_id(query.id)?;
    Ok(ok(detail_of(&state, &id, language_of(&headers)).await?))
}

pub async fn xlsx(
    State(state): State<AppState>,
    headers: HeaderMap,
    QueryArgs(query): QueryArgs<IdQuery>,
) -> Result<Response, AppError> {
    let id = required_id(query.id)?;
    let lang = language_of(&headers);
    let wave = detail_of(&state, &id, lang).await?;
    let bytes = tokio::task::spawn_blocking(move || workbook(&wave, lang))
        .await
        .map_err(|e| AppError::Internal(e.into()))?
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(crate::routes::excel::xlsx_response(bytes, &format!("{id}.xlsx")))
}

#[derive(Deserialize)]
pub struct MarkBody {
    #[serde(default)]
    id: String,
    #[serde(default)]
    sku_id: String,
    #[serde(default)]
    missed: i64,
}

pub async fn mark(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<MarkBody>,
) -> ApiResult<WaveView> {
    let id = required_id(Some(body.id))?;
    let lang = language_of(&headers);
    detail_of(&state, &id, lang).await?;
    commands::waves::mark(&state.waves, &id, &body.sku_id, body.missed, now()).await?;
    Ok(ok(detail_of(&state, &id, lang).await?))
}

#[derive(Deserialize)]
pub struct MarkAllBody {
    #[serde(default)]
    id: String,
    /// The stall whose unmarked lines were all got; absent or null: every unmarked line of the wave.
    #[serde(default)]
    stall_id: Option<String>,
}

/// The wave after a batch, how many lines it marked got, and how many of its lines marked missed
/// it left as they were.
#[derive(Serialize)]
pub struct MarkAllAnswer {
    wave: WaveView,
    marked: usize,
    kept_missed: usize,
}

pub async fn mark_all(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<MarkAllBody>,
) -> ApiResult<MarkAllAnswer> {
    let id = required_id(Some(body.id))?;
    let lang = language_of(&headers);
    let stall_id = body.stall_id.map(|s| s.trim().to_string());
    let before = detail_of(&state, &id, lang).await?;
    commands::waves::mark_all_got(&state.waves, &id, stall_id.as_deref(), now()).await?;
    let wave = detail_of(&state, &id, lang).await?;
    let in_scope = |line: &&read::WaveLine| stall_id.as_ref().is_none_or(|s| &line.stall_id == s);
    let unmarked_before: Vec<&str> = before
        .lines
        .iter()
        .flatten()
        .filter(in_scope)
        .filter(|l| l.missed.is_none())
        .map(|l| l.sku_id.as_str())
        .collect();
    let lines = wave.lines.iter().flatten().filter(in_scope);
    let marked = lines
        .clone()
        .filter(|l| l.missed == Some(0) && unmarked_before.contains(&l.sku_id.as_str()))
        .count();
    let kept_missed = lines.filter(|l| l.missed.is_some_and(|m| m > 0)).count();
    Ok(ok(MarkAllAnswer {
        wave,
        marked,
        kept_missed,
    }))
}

#[derive(Deserialize)]
pub struct ClearMissBody {
    #[serde(default)]
    id: String,
    #[serde(default)]
    sku_id: String,
}

/// A line marked missed corrected to got all, on purpose (`/mark` refuses to clear a miss).
pub async fn clear_miss(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<ClearMissBody>,
) -> ApiResult<WaveView> {
    let id = required_id(Some(body.id))?;
    let lang = language_of(&headers);
    detail_of(&state, &id, lang).await?;
    commands::waves::clear_miss(&state.waves, &id, &body.sku_id, now()).await?;
    Ok(ok(detail_of(&state, &id, lang).await?))
}

#[derive(Deserialize, Default)]
pub struct MissedInput {
    #[serde(default)]
    sku_id: String,
    #[serde(default)]
    quantity: i64,
}

#[derive(Deserialize)]
pub struct CloseBody {
    #[serde(default)]
    id: String,
    #[serde(default)]
    missed: Vec<MissedInput>,
}

pub async fn close(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<CloseBody>,
) -> ApiResult<WaveView> {
    let id = required_id(Some(body.id))?;
    let lang = language_of(&headers);
    detail_of(&state, &id, lang).await?;
    let missed = body.missed.into_iter().map(|m| (m.sku_id, m.quantity)).collect();
    close_wave(&state, &id, missed).await?;
    Ok(ok(detail_of(&state, &id, lang).await?))
}
