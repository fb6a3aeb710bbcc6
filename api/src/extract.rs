use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use domain::text::TextFault;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::envelope::now;
use crate::error::AppError;
use crate::state::AppState;

/// A JSON body whose problems answer in the envelope: 422 naming the field for a missing field or a
/// wrong type, 422 for malformed JSON, 413 over the body limit. An empty body reads as `{}`.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.into_response().status() == StatusCode::PAYLOAD_TOO_LARGE {
                AppError::PayloadTooLarge
            } else {
                AppError::BadBody {
                    key: "request.malformed_json",
                    field: None,
                }
            }
        })?;
        let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        parse(bytes).map(JsonBody)
    }
}

fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    let value: Value = serde_json::from_slice(bytes).map_err(|_| AppError::BadBody {
        key: "request.malformed_json",
        field: None,
    })?;
    check_text(&value, &mut String::new())?;
    serde_path_to_error::deserialize(value).map_err(|error| {
        let path = error.path().to_string();
        let inner = error.into_inner();
        if inner.is_syntax() || inner.is_eof() {
            return AppError::BadBody {
                key: "request.malformed_json",
                field: None,
            };
        }
        let text = inner.to_string();
        if let Some(missing) = text
            .strip_prefix("missing field `")
            .and_then(|rest| rest.split('`').next())
        {
            let field = if path == "." {
                missing.to_string()
            } else {
                format!("{path}.{missing}")
            };
            return AppError::BadBody {
                key: "request.field_missing",
                field: Some(field),
            };
        }
        let field = if path == "." { None } else { Some(path) };
        AppError::BadBody {
            key: "request.field_type",
            field,
        }
    })
}

/// The longest field name a body may use.
const MAX_FIELD_NAME: usize = 64;

/// Every string in the body passes the text rules (`domain::text`): a length limit per field and no
/// control characters. `path` is the JSON path of `value`, as serde_path_to_error names fields.
fn check_text(value: &Value, path: &mut String) -> Result<(), AppError> {
    match value {
        Value::String(text) => check_field(path, text),
        Value::Array(items) => {
            let len = path.len();
            for (i, item) in items.iter().enumerate() {
                path.push_str(&format!("[{i}]"));
                check_text(item, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        Value::Object(fields) => {
            let len = path.len();
            for (name, item) in fields {
                // Names are ours to choose: one we would never send is not a body we understand, and
                // it must not come back in a message.
                if name.len() > MAX_FIELD_NAME || name.chars().any(char::is_control) {
                    return Err(AppError::BadBody {
                        key: "request.malformed_json",
                        field: None,
                    });
                }
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(name);
                check_text(item, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// A field that may come as a JSON string or number, as text (a string trimmed); anything else is
/// empty.
pub fn text(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.trim().to_string(),
        serde_json::Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

/// One text value of the field `field`, refused with a localised 422 that names the field.
pub fn check_field(field: &str, text: &str) -> Result<(), AppError> {
    match domain::text::check(field, text) {
        Ok(()) => Ok(()),
        Err(TextFault::ControlCharacter) => Err(AppError::BadField {
            key: "request.field_control_character",
            field: field.to_string(),
            params: vec![],
        }),
        Err(TextFault::TooLong { max }) => Err(AppError::BadField {
            key: "request.field_too_long",
            field: field.to_string(),
            params: vec![("max", max.to_string())],
        }),
    }
}

/// Query-string arguments, read like [`JsonBody`]: every value passes the text rules first, then a
/// wrong type names its parameter.
pub struct QueryArgs<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for QueryArgs<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or("");
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(query).map_err(|_| AppError::BadBody {
                key: "request.malformed_query",
                field: None,
            })?;
        for (name, value) in &pairs {
            check_field(name, value)?;
        }
        let deserializer = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
        serde_path_to_error::deserialize(deserializer)
            .map(QueryArgs)
            .map_err(|error| {
                let path = error.path().to_string();
                AppError::BadBody {
                    key: "request.field_type",
                    field: (path != ".").then_some(path),
                }
            })
    }
}

/// The user of the session named by the `token` header.
pub struct CurrentUser {
    pub id: String,
    pub token: String,
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get("token")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .trim();
        if token.is_empty() {
            return Err(AppError::Unauthorized);
        }
        let hash = commands::accounts::hash_token(token);
        match projections::accounts::session_user(&state.db.pool, &hash, now()).await? {
            Some(id) => Ok(CurrentUser {
                id,
                token: token.to_string(),
            }),
            None => Err(AppError::Unauthorized),
        }
    }
}

/// Whoever is looking at a public page: the session's user, or nobody. A stale token on a public page
/// is not an error; it just shows the page as to a visitor.
pub struct Viewer(pub Option<String>);

impl Viewer {
    /// The user id, or the empty string that matches no user.
    pub fn id(&self) -> &str {
        self.0.as_deref().unwrap_or("")
    }
}

impl FromRequestParts<AppState> for Viewer {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match CurrentUser::from_request_parts(parts, state).await {
            Ok(user) => Ok(Viewer(Some(user.id))),
            Err(AppError::Unauthorized) => Ok(Viewer(None)),
            Err(other) => Err(other),
        }
    }
}

/// The client's address: the socket's peer, or what a trusted proxy says it forwarded
/// (`crate::client_addr`).
pub struct ClientIp(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        if let Some(crate::client_addr::ClientAddr(address)) = parts.extensions.get() {
            return Ok(ClientIp(address.clone()));
        }
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip().to_string())
            .unwrap_or_else(|| "unknown".to_string());
        Ok(ClientIp(ip))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Body {
        mobile: String,
        inner: Option<Inner>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Inner {
        count: i64,
    }

    fn field_of(json: &str) -> (&'static str, Option<String>) {
        match parse::<Body>(json.as_bytes()).unwrap_err() {
            AppError::BadBody { key, field } => (key, field),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn names_the_field_that_is_wrong() {
        assert_eq!(field_of("{"), ("request.malformed_json", None));
        assert_eq!(field_of("{}"), ("request.field_missing", Some("mobile".into())));
        assert_eq!(
            field_of(r#"{"mobile": 138}"#),
            ("request.field_type", Some("mobile".into()))
        );
        assert_eq!(
            field_of(r#"{"mobile": "1", "inner": {"count": "x"}}"#),
            ("request.field_type", Some("inner.count".into()))
        );
        assert_eq!(
            field_of(r#"{"mobile": "1", "inner": {}}"#),
            ("request.field_missing", Some("inner.count".into()))
        );
    }
}
