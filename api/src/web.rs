//! The storefront and the staff console: the built web (`web/dist`) served at `/`, with `index.html`
//! for every path that is not an API, upload or asset path (and `admin.html` for `/admin/…`), so
//! client-side routes survive a reload. The files come from the folder `JPMALL_WEB_DIST` names, or,
//! when it names none, from inside the release binary (see `server/`).

use std::borrow::Cow;
use std::sync::OnceLock;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
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

/// One file of the web built into the binary.
pub struct Embedded {
    pub data: Cow<'static, [u8]>,
    pub hash: [u8; 32],
}

/// Finds a built file by its path below `web/dist` (`index.html`, `assets/…`).
pub type Lookup = fn(&str) -> Option<Embedded>;

static EMBEDDED: OnceLock<(Lookup, usize)> = OnceLock::new();

/// Called once by the binary, before it serves: the web it carries and how many files that is.
pub fn embed(lookup: Lookup, files: usize) {
    let _ = EMBEDDED.set((lookup, files));
}

/// How many built files the binary carries (0: it was built before the web was).
pub fn embedded_files() -> usize {
    EMBEDDED.get().map(|(_, n)| *n).unwrap_or(0)
}

pub async fn fallback(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path().to_string();
    if API_PREFIXES
        .iter()
        .any(|p| path.starts_with(p) || path == p.trim_end_matches('/'))
    {
        return AppError::NotFound("request.not_found").into_response();
    }
    // The staff console is its own app with its own page, so the storefront's first screen never
    // carries its code.
    let console = path == "/admin" || path.starts_with("/admin/");
    let index = if console { "admin.html" } else { "index.html" };
    let is_asset = path.starts_with("/assets/");
    let preloaded = if console || is_asset {
        None
    } else {
        with_route_preloads(
            state.config.web_dist.as_deref(),
            EMBEDDED.get().map(|(l, _)| *l),
            &path,
            language_cookie(request.headers()),
        )
    };
    let preloaded_page = preloaded.is_some();
    let mut response = match (preloaded, &state.config.web_dist, EMBEDDED.get()) {
        (Some(page), _, _) => Some(page),
        (None, Some(dist), _) => from_folder(dist, index, is_asset, request).await,
        (None, None, Some((lookup, _))) => from_binary(*lookup, &path, index, is_asset, request.headers()),
        (None, None, None) => None,
    }
    .unwrap_or_else(|| AppError::NotFound("web.not_built").into_response());
    let cache = if is_asset {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    // The same path answers differently by Accept-Encoding (a .br, a .gz or the plain file), and a
    // landing page by the language cookie (its catalogue's preload link).
    let vary = if preloaded_page {
        "accept-encoding, cookie"
    } else {
        "accept-encoding"
    };
    headers.insert(header::VARY, HeaderValue::from_static(vary));
    response
}

/// `route-preloads.json`: each landing route's chunks and styles, and each language's catalogue.
#[derive(serde::Deserialize)]
struct RoutePreloads {
    routes: std::collections::HashMap<String, Vec<String>>,
    catalogues: std::collections::HashMap<String, Vec<String>>,
    default_language: String,
}

/// The `language` cookie the storefront writes beside its stored language (lib/storage.ts).
fn language_cookie(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == "language")
        .map(|(_, value)| value)
}

/// The storefront's page for a landing route with `<link rel="modulepreload">` for the chunks its
/// first screen needs, the catalogue of the reader's language (its cookie) and
/// `<link rel="stylesheet">` for their styles (`route-preloads.json`, written by the web build), so
/// the browser asks for them beside the entry instead of once the entry has run; `None` for a route
/// the build names no chunks for, which gets the page as it is.
fn with_route_preloads(
    dist: Option<&std::path::Path>,
    embedded: Option<Lookup>,
    path: &str,
    language: Option<&str>,
) -> Option<Response> {
    let read = |name: &str| -> Option<Vec<u8>> {
        match dist {
            Some(dist) => std::fs::read(dist.join(name)).ok(),
            None => embedded
                .and_then(|lookup| lookup(name))
                .map(|file| file.data.into_owned()),
        }
    };
    let preloads: RoutePreloads = serde_json::from_slice(&read("route-preloads.json")?).ok()?;
    // the reader's catalogue: the stored language's (its cookie), else the default language's
    let catalogue = language
        .and_then(|language| preloads.catalogues.get(language))
        .or_else(|| preloads.catalogues.get(&preloads.default_language))
        .into_iter()
        .flatten();
    let chunks: Vec<&String> = preloads.routes.get(path)?.iter().chain(catalogue).collect();
    let page = String::from_utf8(read("index.html")?).ok()?;
    let links: String = chunks
        .iter()
        // only the build's own asset names reach the page
        .filter(|chunk| {
            chunk.starts_with("/assets/")
                && chunk
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "/-_.".contains(c))
        })
        .filter_map(|chunk| {
            if chunk.ends_with(".js") {
                Some(format!(
                    "<link rel=\"modulepreload\" crossorigin href=\"{chunk}\">"
                ))
            } else if chunk.ends_with(".css") {
                // a screen's own styles: the stylesheet the screen's loader would add once the
                // entry has run, which finds it there and does not ask again
                Some(format!("<link rel=\"stylesheet\" crossorigin href=\"{chunk}\">"))
            } else {
                None
            }
        })
        .collect();
    // a page without a head is served as it is
    let head_end = page.find("</head>")?;
    let page = format!("{}{links}{}", &page[..head_end], &page[head_end..]);
    let mut response = axum::body::Body::from(page).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    Some(response)
}

async fn from_folder(
    dist: &std::path::Path,
    index: &str,
    is_asset: bool,
    request: Request,
) -> Option<Response> {
    let index = dist.join(index);
    if !index.is_file() {
        return None;
    }
    // A missing hashed asset must stay a 404: answering index.html would hide a stale deploy from the
    // client's new-version check.
    let response = if is_asset {
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
    Some(response)
}

fn accepts(headers: &HeaderMap, coding: &str) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|part| {
            let mut fields = part.split(';');
            let name = fields.next().unwrap_or("").trim();
            let refused = fields.any(|f| matches!(f.trim(), "q=0" | "q=0.0" | "q=0.00" | "q=0.000"));
            name.eq_ignore_ascii_case(coding) && !refused
        })
}

/// The same rules as the folder, from the files built into the binary: the precompressed `.br` or
/// `.gz` twin when the client takes it, and an ETag so a reload costs a 304.
fn from_binary(
    lookup: Lookup,
    path: &str,
    index: &str,
    is_asset: bool,
    headers: &HeaderMap,
) -> Option<Response> {
    lookup(index)?;
    let wanted = path.trim_start_matches('/');
    let name = if is_asset || (!wanted.is_empty() && !wanted.ends_with('/') && lookup(wanted).is_some()) {
        wanted
    } else {
        index
    };
    let Some(plain) = lookup(name) else {
        return Some(StatusCode::NOT_FOUND.into_response());
    };
    let (file, coding) = [("br", ".br"), ("gzip", ".gz")]
        .into_iter()
        .filter(|(coding, _)| accepts(headers, coding))
        .find_map(|(coding, suffix)| lookup(&format!("{name}{suffix}")).map(|f| (f, Some(coding))))
        .unwrap_or((plain, None));
    let etag = format!(
        "\"{}{}\"",
        hex::encode(&file.hash[..12]),
        coding.map(|c| format!("-{c}")).unwrap_or_default()
    );
    let content_type = mime_guess::from_path(name).first_or_octet_stream();
    let content_type = match content_type.type_() {
        mime_guess::mime::TEXT | mime_guess::mime::APPLICATION
            if content_type.get_param("charset").is_none()
                && matches!(
                    content_type.subtype().as_str(),
                    "html" | "css" | "javascript" | "json" | "plain"
                ) =>
        {
            format!("{content_type}; charset=utf-8")
        }
        _ => content_type.to_string(),
    };
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim() == etag));
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let body = match file.data {
            Cow::Borrowed(bytes) => axum::body::Body::from(bytes),
            Cow::Owned(bytes) => axum::body::Body::from(bytes),
        };
        let mut response = body.into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(&content_type)
                .unwrap_or(HeaderValue::from_static("application/octet-stream")),
        );
        if let Some(coding) = coding {
            response
                .headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
        }
        response
    };
    if let Ok(value) = HeaderValue::from_str(&etag) {
        response.headers_mut().insert(header::ETAG, value);
    }
    Some(response)
}
