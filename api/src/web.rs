//! The storefront and the staff console: `web/dist` served at `/`, with `index.html` for every path
//! that is not an API, upload or asset path (and `admin.html` for `/admin/…`), so client-side routes
//! survive a reload.

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::services::{ServeDir, ServeFile};

use crate::error::AppError;
use crate::state::AppState;

const API_PREFIXES: &[&str] = &["/jpmall/", "/addons/", "/uploads/", "/media/"];

/// The storefront's policy: its own scripts only; antd writes inline styles; pictures may be data
/// URLs (QR codes) or blobs (previews of a file being uploaded); nothing may frame it.
pub const APP_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Uploaded files are sellers' data, never a page: even a file that a browser would sniff as HTML
/// runs nothing.
pub const UPLOADS_CSP: &str = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/// What is worth compressing on the fly: text and JSON. Pictures, zips and workbooks are compressed
/// already, and built assets are served precompressed.
pub fn compressible() -> impl Predicate {
    DefaultPredicate::new()
        .and(NotForContentType::const_new("application/zip"))
        .and(NotForContentType::const_new("application/vnd.openxmlformats"))
        .and(NotForContentType::const_new("application/pdf"))
}

pub async fn fallback(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path().to_string();
    if API_PREFIXES
        .iter()
        .any(|p| path.starts_with(p) || path == p.trim_end_matches('/'))
    {
        return AppError::NotFound("request.not_found").into_response();
    }
    let dist = &state.config.web_dist;
    // The staff console is its own app with its own page, so the storefront's first screen never
    // carries its code.
    let console = path == "/admin" || path.starts_with("/admin/");
    let index = dist.join(if console { "admin.html" } else { "index.html" });
    if !index.is_file() {
        return AppError::NotFound("web.not_built").into_response();
    }
    // A missing hashed asset must stay a 404: answering index.html would hide a stale deploy from the
    // client's new-version check.
    let is_asset = path.starts_with("/assets/");
    let mut response = if is_asset {
        ServeDir::new(dist)
            .precompressed_br()
            .precompressed_gzip()
            .oneshot(request)
            .await
            .into_response()
    } else {
        ServeDir::new(dist)
            .precompressed_br()
            .precompressed_gzip()
            .fallback(ServeFile::new(index).precompressed_br().precompressed_gzip())
            .oneshot(request)
            .await
            .into_response()
    };
    let cache = if is_asset {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    // The same path answers differently by Accept-Encoding (a .br, a .gz or the plain file).
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}
