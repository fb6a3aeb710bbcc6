use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use commands::Refusal;
use serde_json::Value;

use crate::envelope::{reply, Reply};

/// Everything a call can answer besides success. Each variant fixes the HTTP status and envelope code.
#[derive(Debug)]
pub enum AppError {
    /// No, unknown or expired session: HTTP 401, code 401.
    Unauthorized,
    /// An operator call without the operator token or a staff session.
    Forbidden,
    /// A staff call whose `admin-token` names no live session: HTTP 401, so the console signs in again.
    StaffUnauthorized,
    /// A staff member whose role does not hold the call's permission.
    NotPermitted,
    NotFound(&'static str),
    /// Bad input or a business rule: 422, the message names what is wrong.
    Invalid(Refusal),
    /// A body that is not JSON or whose field has the wrong type; `field` is the JSON path.
    BadBody {
        key: &'static str,
        field: Option<String>,
    },
    /// A text field that breaks the text rules (too long, control characters); `field` is its path.
    BadField {
        key: &'static str,
        field: String,
        params: Vec<(&'static str, String)>,
    },
    TooMany(Refusal),
    /// A provider (SMS, payment gateway) failed: 503, and the message says to try again.
    Unavailable(Refusal),
    PayloadTooLarge,
    Timeout,
    /// Logged with the request id, never echoed.
    Internal(anyhow::Error),
}

impl From<commands::Error> for AppError {
    fn from(e: commands::Error) -> Self {
        match e {
            commands::Error::Invalid(r) => AppError::Invalid(r),
            commands::Error::TooMany(r) => AppError::TooMany(r),
            commands::Error::NotFound(r) => AppError::NotFound(r.key),
            commands::Error::Unavailable(r) => AppError::Unavailable(r),
            commands::Error::Internal(e) => AppError::Internal(e),
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(e: sqlx::Error) -> Self {
        AppError::Internal(e.into())
    }
}

impl From<anyhow::Error> for AppError {
    fn from(e: anyhow::Error) -> Self {
        AppError::Internal(e)
    }
}

impl From<Refusal> for AppError {
    fn from(r: Refusal) -> Self {
        AppError::Invalid(r)
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let refused = |status, key, params, field| Reply {
            status,
            code: 0,
            key,
            params,
            field,
            data: Value::Null,
        };
        let r = match self {
            AppError::Unauthorized => Reply {
                code: 401,
                ..refused(StatusCode::UNAUTHORIZED, "auth.required", vec![], None)
            },
            AppError::Forbidden => refused(StatusCode::FORBIDDEN, "auth.forbidden", vec![], None),
            AppError::StaffUnauthorized => Reply {
                code: 401,
                ..refused(StatusCode::UNAUTHORIZED, "staff.session_required", vec![], None)
            },
            AppError::NotPermitted => refused(StatusCode::FORBIDDEN, "staff.not_permitted", vec![], None),
            AppError::NotFound(key) => refused(StatusCode::NOT_FOUND, key, vec![], None),
            AppError::Invalid(r) => Reply {
                data: quoted_data(&r.quoted),
                ..refused(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    r.key,
                    r.params,
                    r.field.map(String::from),
                )
            },
            AppError::BadBody { key, field } => {
                let params = field.iter().map(|f| ("field", f.clone())).collect();
                refused(StatusCode::UNPROCESSABLE_ENTITY, key, params, field)
            }
            AppError::BadField {
                key,
                field,
                mut params,
            } => {
                params.push(("field", field.clone()));
                refused(StatusCode::UNPROCESSABLE_ENTITY, key, params, Some(field))
            }
            AppError::TooMany(r) => refused(
                StatusCode::TOO_MANY_REQUESTS,
                r.key,
                r.params,
                r.field.map(String::from),
            ),
            AppError::Unavailable(r) => refused(
                StatusCode::SERVICE_UNAVAILABLE,
                r.key,
                r.params,
                r.field.map(String::from),
            ),
            AppError::PayloadTooLarge => {
                refused(StatusCode::PAYLOAD_TOO_LARGE, "request.too_large", vec![], None)
            }
            AppError::Timeout => refused(StatusCode::GATEWAY_TIMEOUT, "request.timeout", vec![], None),
            AppError::Internal(error) => {
                tracing::error!("internal error: {error:#}");
                refused(StatusCode::INTERNAL_SERVER_ERROR, "server.error", vec![], None)
            }
        };
        let too_large = r.status == StatusCode::PAYLOAD_TOO_LARGE;
        let mut response = reply(r);
        if too_large {
            // The rest of the body stays unread and the server drops the connection; saying so keeps
            // a client from sending its next request down a connection that is about to close.
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        response
    }
}

/// A refusal's `data`: what its message quotes in its own words (`{"quoted": [...]}`), or nothing.
fn quoted_data(quoted: &[String]) -> Value {
    if quoted.is_empty() {
        Value::Null
    } else {
        serde_json::json!({ "quoted": quoted })
    }
}

impl AppError {
    /// The message a person reads, for the command line.
    pub fn message(self, lang: crate::i18n::Language) -> String {
        if let AppError::Internal(error) = &self {
            return format!("{error:#}");
        }
        let response = self.into_response();
        match response.extensions().get::<Reply>() {
            Some(r) => crate::i18n::message(lang, r.key, &r.params),
            None => response.status().to_string(),
        }
    }
}

pub type ApiResult<T> = Result<crate::envelope::Done<T>, AppError>;
