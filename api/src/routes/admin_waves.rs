//! The warehouse's pick waves under `/jpmall/admin/waves`: make a wave of the paid orders waiting for
//! stock, read its pick list (on screen or as `.xlsx`), mark lines got or missed, close it.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use commands::clock::now;
use commands::waves::Scope;
use commands::Refusal;
use domain::order::Shortage;
use projections::catalog::Page;
use projections::waves::{self as read, WaveView};
use serde::Deserialize;

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::excel::sheet::{Book, Cell};
use crate::extract::{JsonBody, QueryArgs};
use crate::i18n::{language_of, message, Language};
use crate::routes::catalog::Paging;
use crate::state::AppState;

fn given(value: Option<String>) -> String {
    value.map(|v| v.trim().to_string()).unwrap_or_default()
}

#[derive(Deserialize, Default)]
pub struct CreateBody {
    market_id: Option<String>,
    stall_id: Option<String>,
}

/// The wave with a skipped order's reason in words.
pub async fn detail_of(state: &AppState, id: &str, lang: Language) -> Result<WaveView, AppError> {
    let mut wave = read::detail(&state.db.pool, id.trim(), lang)
        .await?
        .ok_or(AppError::NotFound("wave.not_found"))?;
    for order in wave.orders.iter_mut().flatten() {
        if !order.reason.is_empty() {
            let params: Vec<(&str, String)> = order
                .reason_params
                .iter()
                .map(|(name, value)| (name.as_str(), value.clone()))
                .collect();
            order.reason = message(lang, &order.reason, &params);
            order.reason_params.clear();
        }
    }
    Ok(wave)
}

/// Makes a wave; answers its id (the CLI prints it).
pub async fn make_wave(state: &AppState, market_id: String, stall_id: String) -> Result<String, AppError> {
    let scope = Scope { market_id, stall_id };
    Ok(commands::waves::create(&state.db, &state.waves, &scope, now()).await?)
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

/// The pick list as a workbook: one row per line, in walking order.
pub fn workbook(wave: &WaveView, lang: Language) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    let mut book = Book::new();
    let columns = [
        "market",
        "floor",
        "stall",
        "stall_number",
        "item_no",
        "title",
        "color",
        "size",
        "quantity",
        "missed",
        "orders",
    ];
    let titles: Vec<String> = columns
        .iter()
        .map(|c| message(lang, &format!("wave.col.{c}"), &[]))
        .collect();
    let widths = [12.0, 8.0, 16.0, 10.0, 12.0, 28.0, 10.0, 8.0, 8.0, 8.0, 60.0];
    let sheet = book.add_sheet(&wave.id, &titles, &widths)?;
    for line in wave.lines.iter().flatten() {
        let orders = line
            .orders
            .iter()
            .map(|o| format!("{}×{}", o.order_no, o.quantity))
            .collect::<Vec<_>>()
            .join(", ");
        book.write_row(
            sheet,
            &[
                Cell::Text(line.market_name.clone()),
                Cell::Text(line.floor.clone()),
                Cell::Text(line.stall_name.clone()),
                Cell::Text(line.stall_number.clone()),
                Cell::Text(line.item_no.clone()),
                Cell::Text(line.title.clone()),
                Cell::Text(line.color.clone()),
                Cell::Text(line.size.clone()),
                Cell::Count(line.quantity),
                match line.missed {
                    Some(missed) => Cell::Count(missed),
                    None => Cell::Text(String::new()),
                },
                Cell::Text(orders),
            ],
        )?;
    }
    book.to_bytes()
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

/// Closes a wave and settles its orders.
pub async fn close_wave(state: &AppState, id: &str, missed: Vec<(String, i64)>) -> Result<(), AppError> {
    let missed = missed
        .into_iter()
        .map(|(sku_id, quantity)| Shortage {
            sku_id: sku_id.trim().to_string(),
            quantity,
        })
        .collect();
    commands::waves::close(&state.db, &state.waves, &state.orders, id, missed, now()).await?;
    Ok(())
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
