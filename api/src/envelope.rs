//! The unishop envelope `{code, msg, time, data}`.
//!
//! Handlers and extractors answer with a `Reply` stored in the response's extensions and an empty
//! body; the `render` middleware, which knows the request's language, writes the envelope. So every
//! message is localised in one place, including those of extractors that fail before a handler runs.

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::{json, Value};

use crate::error::AppError;
use crate::i18n::{language_of, message};

#[derive(Debug, Clone)]
pub struct Reply {
    pub status: StatusCode,
    pub code: i64,
    pub key: &'static str,
    pub params: Vec<(&'static str, String)>,
    pub field: Option<String>,
    pub data: Value,
}

/// A successful answer carrying `data`, with the message `ok` unless another is given.
pub struct Done<T>(pub T, pub &'static str);

pub fn ok<T: Serialize>(data: T) -> Done<T> {
    Done(data, "ok")
}

impl<T: Serialize> IntoResponse for Done<T> {
    fn into_response(self) -> Response {
        match serde_json::to_value(self.0) {
            Ok(data) => reply(Reply {
                status: StatusCode::OK,
                code: 1,
                key: self.1,
                params: Vec::new(),
                field: None,
                data,
            }),
            Err(e) => AppError::Internal(e.into()).into_response(),
        }
    }
}

pub fn reply(reply: Reply) -> Response {
    let mut response = reply.status.into_response();
    response.extensions_mut().insert(reply);
    response
}

pub fn now() -> i64 {
    commands::clock::now()
}

/// Writes the envelope of every `Reply` in the request's language and bounds every call by the
/// spec's request timeout.
pub async fn render(request: Request, next: Next) -> Response {
    let lang = language_of(request.headers());
    let timeout = std::time::Duration::from_millis(domain::constants::REQUEST_TIMEOUT_MS);
    let mut response = match tokio::time::timeout(timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => AppError::Timeout.into_response(),
    };
    let Some(reply) = response.extensions_mut().remove::<Reply>() else {
        return response;
    };
    let mut data = reply.data;
    if let Some(field) = reply.field {
        match &mut data {
            Value::Object(object) => {
                object.insert("field".into(), field.into());
            }
            _ => data = json!({ "field": field }),
        }
    }
    let body = json!({
        "code": reply.code,
        "msg": message(lang, reply.key, &reply.params),
        "time": now(),
        "data": data,
    });
    let (mut parts, _) = response.into_parts();
    parts.status = reply.status;
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, axum::body::Body::from(body.to_string()))
}
