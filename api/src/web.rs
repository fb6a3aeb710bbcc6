//! The storefront: `web/dist` served at `/`, with `index.html` for every path that is not an API,
//! upload or asset path, so client-side routes survive a reload.

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

use crate::error::AppError;
use crate::state::AppState;

const API_PREFIXES: &[&str] = &["/jpmall/", "/addons/", "/uploads/", "/media/"];

pub async fn fallback(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path().to_string();
    if API_PREFIXES
        .iter()
        .any(|p| path.starts_with(p) || path == p.trim_end_matches('/'))
    {
        return AppError::NotFound("request.not_found").into_response();
    }
    let dist = &state.config.web_dist;
    let index = dist.join("index.html");
    if !index.is_file() {
        return AppError::NotFound("web.not_built").into_response();
    }
    // A missing hashed asset must stay a 404: answering index.html would hide a stale deploy from the
    // client's new-version check.
    let is_asset = path.starts_with("/assets/");
    let mut response = if is_asset {
        ServeDir::new(dist).oneshot(request).await.into_response()
    } else {
        ServeDir::new(dist)
            .fallback(ServeFile::new(index))
            .oneshot(request)
            .await
            .into_response()
    };
    let cache = if is_asset {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}
