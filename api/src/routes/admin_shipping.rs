//! The warehouse's shipping calls under `/jpmall/admin/orders/`: the to-ship queue, shipping many
//! orders at once (typed, scanned or from a tracking-number sheet), platform labels one by one or as a
//! zip in print order, and the queues of abnormal orders and shortages across every seller.

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;

use axum::body::Body;
use axum::extract::{Multipart, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::Response;
use commands::clock::now;
use commands::Refusal;
use domain::order::Courier;
use projections::catalog::Page;
use projections::orders::warehouse::{self as read, StaffNotice, StaffOrder, ToShip};
use projections::orders::ShortageNotice;
use serde::Deserialize;

use crate::actions::shipping::{ship_many, BatchResult, ShipmentInput};
use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::{JsonBody, QueryArgs};
use crate::i18n::language_of;
use crate::paging::Paging;
use crate::routes::labels::label_response;
use crate::state::AppState;

/// Orders shipped in one call: a day's batch, still answered well within the request limit.
pub const MAX_BATCH: usize = 1_000;
/// Labels zipped in one call.
pub const MAX_LABELS: usize = 500;
fn given(value: Option<String>) -> String {
    value.map(|v| v.trim().to_string()).unwrap_or_default()
}

fn one_of(value: String, allowed: &[&str], field: &'static str) -> Result<String, AppError> {
    if value.is_empty() || allowed.contains(&value.as_str()) {
        Ok(value)
    } else {
        Err(Refusal::new("request.filter_invalid").on(field).into())
    }
}

#[derive(Deserialize)]
pub struct ToShipQuery {
    courier: Option<String>,
    platform: Option<String>,
    kind: Option<String>,
    qc_level: Option<String>,
    priority: Option<String>,
    min_age_hours: Option<i64>,
    order_no: Option<String>,
    page: Option<i64>,
    pagesize: Option<i64>,
}

pub async fn to_ship(
    State(state): State<AppState>,
    headers: HeaderMap,
    QueryArgs(query): QueryArgs<ToShipQuery>,
) -> ApiResult<Page<StaffOrder>> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let couriers: Vec<&str> = Courier::ALL.iter().map(|c| c.code()).collect();
    let platforms: Vec<&str> = domain::order::Platform::ALL.iter().map(|p| p.code()).collect();
    let hours = query.min_age_hours.unwrap_or(0);
    if !(0..=24 * 365).contains(&hours) {
        return Err(Refusal::new("request.filter_invalid").on("min_age_hours").into());
    }
    let filter = ToShip {
        courier: one_of(given(query.courier), &couriers, "courier")?,
        platform: one_of(given(query.platform), &platforms, "platform")?,
        kind: one_of(given(query.kind), &["domestic", "platform"], "kind")?,
        qc_level: one_of(given(query.qc_level), &["none", "basic", "advanced"], "qc_level")?,
        priority: one_of(given(query.priority), &["together", "split"], "priority")?,
        paid_before: if hours > 0 { now() - hours * 3600 } else { 0 },
        order_no: given(query.order_no).chars().take(64).collect(),
    };
    Ok(ok(read::to_ship(
        &state.db.pool,
        &filter,
        page,
        pagesize,
        language_of(&headers),
    )
    .await?))
}

#[derive(Deserialize)]
pub struct BatchBody {
    #[serde(default)]
    shipments: Vec<ShipmentInput>,
}

pub async fn ship_batch(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<BatchBody>,
) -> ApiResult<BatchResult> {
    if body.shipments.is_empty() || body.shipments.len() > MAX_BATCH {
        return Err(Refusal::new("order.batch_size")
            .on("shipments")
            .with("max", MAX_BATCH)
            .into());
    }
    Ok(ok(ship_many(&state, body.shipments, language_of(&headers)).await))
}

#[derive(Deserialize)]
pub struct LabelQuery {
    order_no: Option<String>,
}

/// Where an order's label is kept and what it is: a label uploaded as a file (`commands::labels`), or
/// an image of an order placed before labels were kept as files (`/uploads/<name>`, a JPEG).
async fn label_of(state: &AppState, label_file: &str) -> Result<Option<(PathBuf, String, String)>, AppError> {
    if let Some(id) = commands::labels::id_of_url(label_file) {
        let Some(label) = projections::labels::label(&state.db.pool, id).await? else {
            return Ok(None);
        };
        let extension = label
            .file_name
            .rsplit_once('.')
            .map(|(_, e)| e)
            .unwrap_or("bin")
            .to_string();
        return Ok(Some((
            commands::labels::path_of(&state.config.labels_dir(), id),
            label.content_type,
            extension,
        )));
    }
    let Some(name) = label_file.strip_prefix(commands::uploads::URL_PREFIX) else {
        return Ok(None);
    };
    if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
        return Ok(None);
    }
    let extension = name.rsplit_once('.').map(|(_, e)| e).unwrap_or("jpg").to_string();
    Ok(Some((
        state.config.uploads_dir().join(name),
        "image/jpeg".into(),
        extension,
    )))
}

pub async fn label(
    State(state): State<AppState>,
    QueryArgs(query): QueryArgs<LabelQuery>,
) -> Result<Response, AppError> {
    let order_no = given(query.order_no);
    let states = read::shipping_states(&state.db.pool, std::slice::from_ref(&order_no)).await?;
    let found = states
        .get(&order_no)
        .ok_or(AppError::NotFound("order.not_found"))?;
    let (path, content_type, extension) = label_of(&state, &found.label_file)
        .await?
        .ok_or(AppError::NotFound("order.label_missing"))?;
    let bytes = tokio::fs::read(&path)
        .await
        .map_err(|_| AppError::NotFound("order.label_missing"))?;
    let name = format!("{order_no}.{extension}");
    Ok(label_response(bytes, &content_type, &name, false))
}

fn file_response(bytes: Vec<u8>, content_type: &'static str, name: &str) -> Response {
    let mut response = Response::new(Body::from(bytes));
    let out = response.headers_mut();
    out.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        out.insert(header::CONTENT_DISPOSITION, value);
    }
    out.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

#[derive(Deserialize)]
pub struct LabelsBody {
    #[serde(default)]
    order_nos: Vec<String>,
}

pub async fn labels(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<LabelsBody>,
) -> Result<Response, AppError> {
    let mut seen = HashSet::new();
    let order_nos: Vec<String> = body
        .order_nos
        .iter()
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty() && seen.insert(n.clone()))
        .collect();
    if order_nos.is_empty() || order_nos.len() > MAX_LABELS {
        return Err(Refusal::new("order.batch_size")
            .on("order_nos")
            .with("max", MAX_LABELS)
            .into());
    }
    let states = read::shipping_states(&state.db.pool, &order_nos).await?;
    let mut files = Vec::new();
    let mut missing = Vec::new();
    for (n, order_no) in order_nos.iter().enumerate() {
        let label = match states.get(order_no) {
            Some(s) => label_of(&state, &s.label_file).await?,
            None => None,
        };
        match label {
            Some((path, _, ext)) => match tokio::fs::read(&path).await {
                Ok(bytes) => files.push((format!("{:03}-{order_no}.{ext}", n + 1), bytes)),
                Err(_) => missing.push(order_no.clone()),
            },
            None => missing.push(order_no.clone()),
        }
    }
    let bytes = tokio::task::spawn_blocking(move || zip_of(files, missing))
        .await
        .map_err(|e| AppError::Internal(e.into()))?
        .map_err(AppError::Internal)?;
    Ok(file_response(
        bytes,
        "application/zip",
        &format!("labels-{}.zip", domain::calendar::china_stamp(now())),
    ))
}

/// Labels are images already compressed: stored as they are, in the order given.
fn zip_of(files: Vec<(String, Vec<u8>)>, missing: Vec<String>) -> anyhow::Result<Vec<u8>> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, bytes) in files {
        zip.start_file(name, stored)?;
        zip.write_all(&bytes)?;
    }
    if !missing.is_empty() {
        zip.start_file("missing.txt", stored)?;
        zip.write_all(missing.join("\n").as_bytes())?;
    }
    Ok(zip.finish()?.into_inner())
}

#[derive(Deserialize)]
pub struct AbnormalQuery {
    status: Option<String>,
    page: Option<i64>,
    pagesize: Option<i64>,
}

pub async fn abnormal(
    State(state): State<AppState>,
    QueryArgs(query): QueryArgs<AbnormalQuery>,
) -> ApiResult<Page<StaffNotice<read::AbnormalRow>>> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let open = match given(query.status).as_str() {
        "" => None,
        "open" => Some(true),
        "resolved" => Some(false),
        _ => return Err(Refusal::new("request.filter_invalid").on("status").into()),
    };
    Ok(ok(read::abnormal(&state.db.pool, open, page, pagesize).await?))
}

#[derive(Deserialize)]
pub struct PageQuery {
    page: Option<i64>,
    pagesize: Option<i64>,
}

pub async fn shortages(
    State(state): State<AppState>,
    QueryArgs(query): QueryArgs<PageQuery>,
) -> ApiResult<Page<StaffNotice<ShortageNotice>>> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    Ok(ok(read::shortages(&state.db.pool, page, pagesize).await?))
}

pub async fn ship_import_template(headers: HeaderMap) -> Result<Response, AppError> {
    let lang = language_of(&headers);
    let bytes = tokio::task::spawn_blocking(move || crate::excel::tracking_import::template(lang))
        .await
        .map_err(|e| AppError::Internal(e.into()))?
        .map_err(|e| AppError::Internal(e.into()))?;
    let name = format!(
        "{}.xlsx",
        crate::i18n::message(lang, "tracking.template_name", &[])
    );
    Ok(crate::routes::excel::xlsx_response(bytes, &name))
}

pub async fn ship_import(
    State(state): State<AppState>,
    headers: HeaderMap,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<crate::excel::tracking_import::ImportReport> {
    let lang = language_of(&headers);
    let required = || AppError::Invalid(Refusal::new("upload.file_required").on("file"));
    let mut multipart = multipart.map_err(|_| required())?;
    let (mut file, mut apply) = (None, false);
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|_| AppError::Invalid(Refusal::new("upload.failed").on("file")))?
    {
        match field.name() {
            Some("file") => {
                let bytes = field.bytes().await.map_err(|e| {
                    use axum::response::IntoResponse;
                    if e.into_response().status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                        AppError::PayloadTooLarge
                    } else {
                        AppError::Invalid(Refusal::new("upload.failed").on("file"))
                    }
                })?;
                file = Some(bytes.to_vec());
            }
            Some("apply") => {
                let value = field.text().await.unwrap_or_default();
                apply = matches!(value.trim(), "1" | "true");
            }
            _ => {}
        }
    }
    let file = file.filter(|f| !f.is_empty()).ok_or_else(required)?;
    let rows = tokio::task::spawn_blocking(move || crate::excel::tracking_import::read_rows(&file, lang))
        .await
        .map_err(|e| AppError::Internal(e.into()))??;
    Ok(ok(
        crate::excel::tracking_import::run(&state, rows, apply, lang).await?
    ))
}
