use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use commands::uploads::StoredImage;
use commands::Refusal;

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::CurrentUser;
use crate::state::AppState;

pub(crate) fn multipart_error(e: axum::extract::multipart::MultipartError) -> AppError {
    if e.into_response().status() == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::PayloadTooLarge
    } else {
        AppError::Invalid(Refusal::new("upload.failed").on("file"))
    }
}

/// The bytes of the multipart field `file`.
pub async fn file_field(
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<Vec<u8>, AppError> {
    Ok(named_file_field(multipart).await?.1)
}

/// The file name the client gave the multipart field `file` (empty when none) and its bytes.
pub async fn named_file_field(
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<(String, Vec<u8>), AppError> {
    let required = || AppError::Invalid(Refusal::new("upload.file_required").on("file"));
    let mut multipart = multipart.map_err(|_| required())?;
    while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
        if field.name() != Some("file") {
            continue;
        }
        let name = field.file_name().unwrap_or_default().to_string();
        let bytes = field.bytes().await.map_err(multipart_error)?;
        return if bytes.is_empty() {
            Err(required())
        } else {
            Ok((name, bytes.to_vec()))
        };
    }
    Err(required())
}

pub async fn upload(
    State(state): State<AppState>,
    user: CurrentUser,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<StoredImage> {
    let bytes = file_field(multipart).await?;
    let stored =
        commands::uploads::store_image(&state.db, &state.config.uploads_dir(), &user.id, bytes).await?;
    Ok(ok(stored))
}
