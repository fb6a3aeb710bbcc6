//! Shipping labels as files: the seller uploads one (`order/label`) and reads it back at the URL it
//! was given, as do warehouse staff; anyone else is told nothing is there (docs/api.md, "Labels").

use axum::body::Body;
use axum::extract::{Multipart, Path, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::Response;
use commands::labels::{self, StoredLabel};
use domain::staff::{Permission, Role};

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::CurrentUser;
use crate::keys::same_secret;
use crate::package::content_disposition;
use crate::routes::upload::named_file_field;
use crate::state::AppState;

pub async fn upload(
    State(state): State<AppState>,
    user: CurrentUser,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<StoredLabel> {
    let (name, bytes) = named_file_field(multipart).await?;
    let stored = labels::store(&state.db, &state.config.labels_dir(), &user.id, &name, bytes).await?;
    Ok(ok(stored))
}

fn header_text<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .trim()
}

/// Whether the caller's credentials let them read a label of `owner`: the owner's own `token`, or
/// the `admin-token` of staff who ship parcels, or the operator token.
async fn may_read(state: &AppState, headers: &HeaderMap, owner: &str) -> Result<bool, AppError> {
    let now = commands::clock::now();
    let token = header_text(headers, "token");
    if !token.is_empty() {
        let hash = commands::accounts::hash_token(token);
        if projections::accounts::session_user(&state.db.pool, &hash, now)
            .await?
            .as_deref()
            == Some(owner)
        {
            return Ok(true);
        }
    }
    let admin = header_text(headers, "admin-token");
    if !admin.is_empty() {
        let hash = commands::accounts::hash_token(admin);
        if let Some(staff) = projections::staff::session_staff(&state.db.pool, &hash, now).await? {
            if Role::parse(&staff.role).is_ok_and(|role| role.may(Permission::OrdersWrite)) {
                return Ok(true);
            }
        }
    }
    let operator = header_text(headers, "operator-token");
    Ok(!operator.is_empty() && same_secret(operator, &state.operator_token))
}

/// The label's bytes exactly as uploaded, or 404 to whoever may not read it (whether it exists is
/// not revealed either).
pub async fn read(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let missing = || AppError::NotFound("label.not_found");
    let url = format!("{}{id}", labels::URL_PREFIX);
    let id = labels::id_of_url(&url).ok_or_else(missing)?;
    let label = projections::labels::label(&state.db.pool, id)
        .await?
        .ok_or_else(missing)?;
    if !may_read(&state, &headers, &label.user_id).await? {
        return Err(missing());
    }
    let bytes = tokio::fs::read(labels::path_of(&state.config.labels_dir(), id))
        .await
        .map_err(|e| {
            tracing::error!(label = %id, error = ?e, "label file missing");
            missing()
        })?;
    Ok(label_response(bytes, &label.content_type, &label.file_name, true))
}

/// A label file's response: shown in the browser (`inline`) or saved (`attachment`), never cached
/// by anyone in between, and sandboxed so a PDF cannot script the site.
pub fn label_response(bytes: Vec<u8>, content_type: &str, name: &str, inline: bool) -> Response {
    let mut response = Response::new(Body::from(bytes));
    let out = response.headers_mut();
    out.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(content_type).unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    let disposition = content_disposition(name, "label");
    let disposition = if inline {
        disposition
            .to_str()
            .ok()
            .and_then(|v| HeaderValue::from_str(&v.replacen("attachment", "inline", 1)).ok())
            .unwrap_or(disposition)
    } else {
        disposition
    };
    out.insert(header::CONTENT_DISPOSITION, disposition);
    out.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    out.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("sandbox"),
    );
    response
}
