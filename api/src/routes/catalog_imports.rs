//! The product import's staff calls under `/jpmall/admin/catalog/imports`: the template, an upload
//! that is checked into a preview, the history, one import with its rows, and the confirm that
//! applies it. A stall account sees only its own imports, and its rows reach only its own stalls.

use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Multipart, State};
use axum::http::HeaderMap;
use axum::response::Response;
use commands::actor::acting_as;
use commands::catalog::import::Plan;
use commands::catalog::import_record::{self, NewImport};
use commands::clock::now;
use commands::Refusal;
use domain::category_path::Category;
use projections::catalog::Page;
use projections::product_imports::ImportRecord;
use serde::Deserialize;

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::excel::product_import::{self, ImportView, MAX_ZIP_BYTES};
use crate::extract::{JsonBody, QueryArgs};
use crate::i18n::{language_of, message, Language};
use crate::paging::Paging;
use crate::staff_gate::StaffCaller;
use crate::state::AppState;

/// An upload or confirm answers once its work is done, or after this long with the work still going
/// (the console then follows it in the history).
const ANSWER_WITHIN: Duration = Duration::from_secs(3);
const MAX_SHEET_BYTES: usize = commands::uploads::MAX_UPLOAD_BYTES;
const MAX_FILE_NAME_CHARS: usize = 100;

/// Stall accounts see the imports they made; everyone else sees all.
fn uploader(caller: &StaffCaller) -> Option<String> {
    match caller {
        StaffCaller::Staff { staff, role } if role.is_stall_scoped() => Some(staff.id.clone()),
        _ => None,
    }
}

/// The template, with the catalogue's categories listed by path and code.
pub async fn template(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, AppError> {
    let lang = language_of(&headers);
    let categories: Vec<Category> = projections::catalog_admin::categories(&state.db.pool)
        .await?
        .into_iter()
        .map(|c| Category {
            id: c.id,
            parent_id: c.parent_id,
            name_zh: c.name_zh,
            name_en: c.name_en,
        })
        .collect();
    let bytes = tokio::task::spawn_blocking(move || product_import::template(lang, &categories))
        .await
        .map_err(|e| AppError::Internal(e.into()))?
        .map_err(|e| AppError::Internal(e.into()))?;
    let name = format!("{}.xlsx", message(lang, "import.template_name", &[]));
    Ok(crate::routes::excel::xlsx_response(bytes, &name))
}

fn upload_error(e: axum::extract::multipart::MultipartError, field: &'static str) -> AppError {
    use axum::response::IntoResponse;
    if e.into_response().status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        AppError::PayloadTooLarge
    } else {
        AppError::Invalid(Refusal::new("upload.failed").on(field))
    }
}

/// The sheet (`file`, with its name) and the pictures zip (`pictures`, optional), each bounded.
async fn upload_fields(
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<(Vec<u8>, String, Option<Bytes>), AppError> {
    let required = || AppError::Invalid(Refusal::new("upload.file_required").on("file"));
    let mut multipart = multipart.map_err(|_| required())?;
    let (mut sheet, mut name, mut zip) = (None, String::new(), None);
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|e| upload_error(e, "file"))?
    {
        match field.name() {
            Some("file") => {
                name = field.file_name().unwrap_or("").to_string();
                let bytes = field.bytes().await.map_err(|e| upload_error(e, "file"))?;
                if bytes.len() > MAX_SHEET_BYTES {
                    return Err(Refusal::new("upload.too_large")
                        .on("file")
                        .with("mb", MAX_SHEET_BYTES / 1024 / 1024)
                        .into());
                }
                sheet = Some(bytes.to_vec());
            }
            Some("pictures") => {
                let bytes = field.bytes().await.map_err(|e| upload_error(e, "pictures"))?;
                if bytes.len() > MAX_ZIP_BYTES {
                    return Err(Refusal::new("upload.too_large")
                        .on("pictures")
                        .with("mb", MAX_ZIP_BYTES / 1024 / 1024)
                        .into());
                }
                // Kept as received: a copy would hold a second 100 MB while it is made.
                zip = (!bytes.is_empty()).then_some(bytes);
            }
            _ => {}
        }
    }
    let sheet = sheet.filter(|s| !s.is_empty()).ok_or_else(required)?;
    // A file name is shown back in the history: no control characters, a sensible length.
    let name: String = name
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_FILE_NAME_CHARS)
        .collect();
    let name = if name.trim().is_empty() {
        "products.xlsx".to_string()
    } else {
        name.trim().to_string()
    };
    Ok((sheet, name, zip))
}

async fn record_of(state: &AppState, caller: &StaffCaller, id: &str) -> Result<ImportRecord, AppError> {
    projections::product_imports::by_id(&state.db.pool, id, uploader(caller).as_deref())
        .await?
        .ok_or(AppError::NotFound("import.not_found"))
}

/// The import once it has left `busy`, or as it is after `ANSWER_WITHIN`.
async fn settled(
    state: &AppState,
    caller: &StaffCaller,
    id: &str,
    busy: &str,
    lang: Language,
) -> ApiResult<ImportView> {
    let deadline = tokio::time::Instant::now() + ANSWER_WITHIN;
    loop {
        let record = record_of(state, caller, id).await?;
        if record.status != busy || tokio::time::Instant::now() >= deadline {
            return Ok(ok(product_import::view(&record, lang, true)));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

pub async fn upload(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: StaffCaller,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<ImportView> {
    let lang = language_of(&headers);
    let (sheet, file_name, zip) = upload_fields(multipart).await?;
    // The sheet and the zip are read here, so that a file that cannot be imported is refused with
    // the reason and nothing is started.
    let (rows, files) = tokio::task::spawn_blocking(move || {
        let rows = product_import::read_rows(&sheet, lang)?;
        let files = match zip {
            Some(zip) => product_import::unpack_pictures(&zip, &product_import::wanted_pictures(&rows))?,
            None => Default::default(),
        };
        Ok::<_, Refusal>((rows, files))
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))??;
    let id = import_record::new_id();
    let actor = caller.actor();
    let scope = caller.stall_scope().map(<[String]>::to_vec);
    import_record::start(
        &state.db,
        &NewImport {
            id: &id,
            actor: &actor,
            stalls: scope.as_deref(),
            file_name: &file_name,
            total: 0,
        },
        now(),
    )
    .await?;
    state.jobs.spawn(acting_as(
        actor,
        product_import::check(state.clone(), id.clone(), rows, files, scope),
    ));
    settled(&state, &caller, &id, "checking", lang).await
}

#[derive(Deserialize)]
pub struct HistoryQuery {
    page: Option<i64>,
    pagesize: Option<i64>,
}

pub async fn history(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: StaffCaller,
    QueryArgs(query): QueryArgs<HistoryQuery>,
) -> ApiResult<Page<ImportView>> {
    let lang = language_of(&headers);
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let found =
        projections::product_imports::list(&state.db.pool, uploader(&caller).as_deref(), page, pagesize)
            .await?;
    Ok(ok(Page {
        list: found
            .list
            .iter()
            .map(|r| product_import::view(r, lang, false))
            .collect(),
        total: found.total,
        page: found.page,
        pagesize: found.pagesize,
    }))
}

#[derive(Deserialize)]
pub struct IdQuery {
    #[serde(default)]
    id: String,
}

pub async fn detail(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: StaffCaller,
    QueryArgs(query): QueryArgs<IdQuery>,
) -> ApiResult<ImportView> {
    let record = record_of(&state, &caller, query.id.trim()).await?;
    Ok(ok(product_import::view(&record, language_of(&headers), true)))
}

pub async fn confirm(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: StaffCaller,
    JsonBody(body): JsonBody<IdQuery>,
) -> ApiResult<ImportView> {
    let lang = language_of(&headers);
    let id = body.id.trim();
    let record = record_of(&state, &caller, id).await?;
    match record.status.as_str() {
        "ready" => {}
        // Confirming again (a retry, a second click) answers the import as it is.
        "applying" | "applied" => return settled(&state, &caller, id, "applying", lang).await,
        _ => return Err(Refusal::new("import.not_ready").on("id").into()),
    }
    let (plan, _uploaders_scope) = import_record::plan_of(&state.db, id)
        .await?
        .ok_or(AppError::NotFound("import.not_found"))?;
    let plan: Plan = serde_json::from_str(&plan).map_err(|e| AppError::Internal(e.into()))?;
    // The confirmer's role and stalls as they are now (the gate read them for this call), not the
    // uploader's at the preview: an account moved to other stalls meanwhile confirms nothing of
    // the old ones, and the apply runs in the same scope.
    let scope = caller.stall_scope().map(<[String]>::to_vec);
    commands::catalog::import::check_reach(&plan, scope.as_deref())?;
    let actor = caller.actor();
    let claimed = acting_as(
        actor.clone(),
        import_record::claim(&state.db, id, plan.products.len() as i64, now()),
    )
    .await?;
    if claimed {
        state.jobs.spawn(acting_as(
            actor,
            product_import::apply(state.clone(), id.to_string(), plan, scope),
        ));
    }
    settled(&state, &caller, id, "applying", lang).await
}
