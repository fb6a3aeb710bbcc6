//! Excel calls: start an export of a list with its filters, the platform-order template, the batch
//! upload, a job's progress, the export record and downloading a job's file again.

use std::collections::{HashMap, HashSet};

use axum::body::{Body, Bytes};
use axum::extract::{Multipart, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::Response;
use commands::clock::now;
use commands::excel_jobs::{self, JobKind, NewJob};
use commands::Refusal;
use serde::Deserialize;
use serde_json::Value;

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::excel::export::ExportSpec;
use crate::excel::{self, job_view, JobView};
use crate::extract::{CurrentUser, JsonBody, QueryArgs};
use crate::i18n::{language_of, Language};
use crate::package::content_disposition;
use crate::paging::Paging;
use crate::routes::upload::multipart_error;
use crate::routes::{aftersale, fund};
use crate::state::AppState;
use projections::catalog::Page;

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

#[derive(Deserialize, Default)]
pub struct ExportBody {
    #[serde(default)]
    table: String,
    #[serde(default)]
    filters: Value,
}

fn filters_as<T: serde::de::DeserializeOwned + Default>(filters: &Value) -> Result<T, AppError> {
    match filters {
        Value::Null => Ok(T::default()),
        value => serde_json::from_value(value.clone()).map_err(|_| AppError::BadBody {
            key: "request.field_type",
            field: Some("filters".into()),
        }),
    }
}

fn spec_of(body: &ExportBody, user_id: &str) -> Result<ExportSpec, AppError> {
    Ok(match body.table.trim() {
        "orders" => {
            let list: crate::actions::order_list::ListBody = filters_as(&body.filters)?;
            ExportSpec::Orders(crate::actions::order_list::filter_of(&list, Some(user_id.to_string()))?.0)
        }
        "ledger" => {
            let query: fund::LedgerQuery = filters_as(&body.filters)?;
            ExportSpec::Ledger(fund::ledger_filter(&query)?)
        }
        "after_sales" => {
            let list: aftersale::ListBody = filters_as(&body.filters)?;
            ExportSpec::AfterSales(aftersale::filter_of(&list, Some(user_id.to_string()))?.0)
        }
        _ => return Err(Refusal::new("excel.table_invalid").on("table").into()),
    })
}

pub(crate) async fn started(
    state: &AppState,
    user: &CurrentUser,
    id: &str,
    lang: Language,
) -> ApiResult<JobView> {
    let job = projections::excel_jobs::one(&state.db.pool, &user.id, id)
        .await?
        .ok_or(AppError::NotFound("excel.job_not_found"))?;
    Ok(ok(job_view(&job, lang, true)))
}

pub async fn export(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<ExportBody>,
) -> ApiResult<JobView> {
    let lang = language_of(&headers);
    let spec = spec_of(&body, &user.id)?;
    let at = now();
    let table = spec.table_code();
    let id = excel_jobs::new_job_id(at);
    let job = NewJob {
        file_path: excel::excel_dir(&state.config.data_dir)
            .join(format!("{id}.xlsx"))
            .display()
            .to_string(),
        id,
        user_id: user.id.clone(),
        kind: JobKind::Export,
        table_code: table.to_string(),
        language: excel::language_code(lang).to_string(),
        file_name: excel::file_name(table, lang, at),
        total: spec.count(&state, &user.id, lang).await?,
    };
    excel_jobs::start(&state.db, &job, at).await?;
    let id = job.id.clone();
    state
        .jobs
        .spawn(excel::export::run(state.clone(), job, spec, lang));
    started(&state, &user, &id, lang).await
}

pub async fn import(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<JobView> {
    let lang = language_of(&headers);
    let (name, bytes, labels) = sheet_and_labels(multipart).await?;
    let reading = bytes.clone();
    let mut rows = tokio::task::spawn_blocking(move || excel::import::read_rows(&reading, lang))
        .await
        .map_err(|e| AppError::Internal(e.into()))??;
    if let Some(zip) = labels {
        attach_labels(&state, &user.id, &mut rows, zip).await?;
    }
    let at = now();
    let id = excel_jobs::new_job_id(at);
    let dir = excel::excel_dir(&state.config.data_dir);
    let path = dir.join(format!("{id}.xlsx"));
    tokio::fs::create_dir_all(&dir)
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    tokio::fs::write(&path, &bytes)
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    let job = NewJob {
        id: id.clone(),
        user_id: user.id.clone(),
        kind: JobKind::Import,
        table_code: "platform_orders".into(),
        language: excel::language_code(lang).to_string(),
        file_name: excel::clean_file_name(&name)
            .unwrap_or_else(|| excel::file_name("platform_orders", lang, at)),
        file_path: path.display().to_string(),
        total: rows.len() as i64,
    };
    excel_jobs::start(&state.db, &job, at).await?;
    state.jobs.spawn(excel::import::run(state.clone(), job, rows));
    started(&state, &user, &id, lang).await
}

/// The sheet (`file`) with the name the seller's file had, and the zip of its labels (`labels`,
/// optional), each bounded.
async fn sheet_and_labels(
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<(String, Vec<u8>, Option<Bytes>), AppError> {
    let required = || AppError::Invalid(Refusal::new("upload.file_required").on("file"));
    let mut multipart = multipart.map_err(|_| required())?;
    let (mut sheet, mut labels, mut file_name) = (None, None, String::new());
    while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
        let name = field.name().map(str::to_string);
        if name.as_deref() == Some("file") {
            file_name = field.file_name().unwrap_or_default().to_string();
        }
        let bytes = field.bytes().await.map_err(multipart_error)?;
        match name.as_deref() {
            Some("file") if bytes.len() > commands::uploads::MAX_UPLOAD_BYTES => {
                return Err(Refusal::new("upload.too_large")
                    .on("file")
                    .with("mb", commands::uploads::MAX_UPLOAD_BYTES / 1024 / 1024)
                    .into())
            }
            Some("file") => sheet = Some(bytes.to_vec()),
            Some("labels") if bytes.len() > excel::label_zip::MAX_ZIP_BYTES => {
                return Err(Refusal::new("upload.too_large")
                    .on("labels")
                    .with("mb", excel::label_zip::MAX_ZIP_BYTES / 1024 / 1024)
                    .into())
            }
            // Kept as received: a copy would hold a second 100 MB while it is made.
            Some("labels") if !bytes.is_empty() => labels = Some(bytes),
            _ => {}
        }
    }
    let sheet = sheet.filter(|s| !s.is_empty()).ok_or_else(required)?;
    Ok((file_name, sheet, labels))
}

/// Keeps each label of the zip that a row's platform order is named after, as a label file of the
/// seller, and gives the row its URL: that order ships on it.
async fn attach_labels(
    state: &AppState,
    user_id: &str,
    rows: &mut [commands::orders::import::ImportRow],
    zip: Bytes,
) -> Result<(), AppError> {
    let wanted: HashSet<String> = rows
        .iter()
        .map(|r| r.source_order_no.trim().to_string())
        .collect();
    let found = tokio::task::spawn_blocking(move || excel::label_zip::unpack_labels(&zip, &wanted))
        .await
        .map_err(|e| AppError::Internal(e.into()))??;
    let mut urls: HashMap<String, String> = HashMap::new();
    for (order, (name, bytes)) in found {
        let stored =
            commands::labels::store(&state.db, &state.config.labels_dir(), user_id, &name, bytes).await?;
        urls.insert(order, stored.url);
    }
    for row in rows.iter_mut() {
        if let Some(url) = urls.get(row.source_order_no.trim()) {
            row.label_file = url.clone();
        }
    }
    Ok(())
}

#[derive(Deserialize, Default)]
pub struct IdBody {
    #[serde(default)]
    id: String,
}

pub async fn job(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<JobView> {
    started(&state, &user, body.id.trim(), language_of(&headers)).await
}

#[derive(Deserialize, Default)]
pub struct HistoryBody {
    page: Option<i64>,
    pagesize: Option<i64>,
    #[serde(default)]
    kind: String,
}

pub async fn history(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<HistoryBody>,
) -> ApiResult<Page<JobView>> {
    let (page, pagesize) = Paging {
        page: body.page,
        pagesize: body.pagesize,
    }
    .checked()?;
    let kind = match body.kind.trim() {
        "" | "all" => "",
        "export" => "export",
        "import" => "import",
        _ => return Err(Refusal::new("excel.kind_invalid").on("kind").into()),
    };
    let lang = language_of(&headers);
    let (jobs, total) =
        projections::excel_jobs::history(&state.db.pool, &user.id, kind, page, pagesize).await?;
    Ok(ok(Page {
        list: jobs.iter().map(|j| job_view(j, lang, false)).collect(),
        total,
        page,
        pagesize,
    }))
}

pub(crate) fn xlsx_response(bytes: Vec<u8>, file_name: &str) -> Response {
    let mut response = Response::new(Body::from(bytes));
    let out = response.headers_mut();
    out.insert(header::CONTENT_TYPE, HeaderValue::from_static(XLSX));
    out.insert(
        header::CONTENT_DISPOSITION,
        content_disposition(file_name, "jpmall.xlsx"),
    );
    out.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

pub async fn download(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> Result<Response, AppError> {
    let job = projections::excel_jobs::one(&state.db.pool, &user.id, body.id.trim())
        .await?
        .ok_or(AppError::NotFound("excel.job_not_found"))?;
    match job.status.as_str() {
        "running" => return Err(Refusal::new("excel.not_ready").into()),
        "failed" if job.kind == "export" => return Err(Refusal::new("excel.export_failed").into()),
        _ => {}
    }
    let file = tokio::fs::File::open(&job.file_path).await.map_err(|e| {
        tracing::error!(job = %job.id, error = ?e, "job file missing");
        AppError::NotFound("request.not_found")
    })?;
    // Streamed from the file: a listing package of pictures is hundreds of megabytes.
    let mut response = Response::new(Body::from_stream(tokio_util::io::ReaderStream::new(file)));
    let zip = job.file_path.ends_with(".zip");
    let out = response.headers_mut();
    out.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(if zip { "application/zip" } else { XLSX }),
    );
    out.insert(
        header::CONTENT_DISPOSITION,
        content_disposition(&job.file_name, if zip { "jpmall.zip" } else { "jpmall.xlsx" }),
    );
    out.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

#[derive(Deserialize, Default)]
pub struct TemplateQuery {
    #[serde(default)]
    language: String,
}

pub async fn template(
    headers: HeaderMap,
    QueryArgs(query): QueryArgs<TemplateQuery>,
) -> Result<Response, AppError> {
    let lang = if query.language.trim().is_empty() {
        language_of(&headers)
    } else if query.language.trim().to_ascii_lowercase().starts_with("en") {
        Language::EnUs
    } else {
        Language::ZhCn
    };
    let bytes = tokio::task::spawn_blocking(move || excel::template::workbook(lang))
        .await
        .map_err(|e| AppError::Internal(e.into()))?
        .map_err(|e| AppError::Internal(e.into()))?;
    let name = format!("{}.xlsx", crate::i18n::message(lang, "excel.template_name", &[]));
    Ok(xlsx_response(bytes, &name))
}
