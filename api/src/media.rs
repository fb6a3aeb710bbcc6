//! Pictures of the demo market, drawn on first request from the product's design and then kept in
//! `<data dir>/media`, so a market of any size costs no disk until its pictures are looked at.

use std::path::{Path, PathBuf};

use axum::extract::{Path as UrlPath, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use commands::catalog::pictures::{self, Design, Picture};

use crate::error::AppError;
use crate::state::AppState;

fn safe_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 40 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn media_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("media")
}

/// The recipe of a product's pictures, checked against how many of each kind it has.
pub struct Recipe {
    pub design: Design,
    main: i64,
    detail: i64,
    colours: i64,
}

impl Recipe {
    fn has(&self, picture: Picture) -> bool {
        let (n, count) = match picture {
            Picture::Main(n) => (n, self.main),
            Picture::Detail(n) => (n, self.detail),
            Picture::Color(n) => (n, self.colours),
        };
        i64::from(n) <= count
    }
}

pub async fn recipe(state: &AppState, id: &str) -> Result<Option<Recipe>, AppError> {
    let Some((design, main, detail, colours)) =
        projections::catalog::picture_recipe(&state.db.pool, id).await?
    else {
        return Ok(None);
    };
    let design: Design = serde_json::from_str(&design).map_err(|e| AppError::Internal(e.into()))?;
    Ok(Some(Recipe {
        design,
        main,
        detail,
        colours,
    }))
}

/// The JPEG of a picture: from the cache, or drawn and cached. Blocking (file and CPU work).
pub fn picture_jpeg(
    data_dir: &Path,
    id: &str,
    design: &Design,
    picture: Picture,
) -> std::io::Result<Vec<u8>> {
    let path = media_dir(data_dir).join("p").join(id).join(picture.file_name());
    if let Ok(bytes) = std::fs::read(&path) {
        return Ok(bytes);
    }
    let (w, h) = picture.full_size();
    let bytes = pictures::jpeg(&pictures::render(design, picture, w, h));
    let dir = path.parent().expect("a picture path has a folder");
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!(".{}.tmp", rand::random::<u64>()));
    std::fs::write(&tmp, &bytes)?;
    std::fs::rename(&tmp, &path)?;
    Ok(bytes)
}

fn jpeg_response(bytes: Vec<u8>) -> Response {
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/jpeg"));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400"),
    );
    response
}

pub async fn product_picture(
    State(state): State<AppState>,
    UrlPath((id, file)): UrlPath<(String, String)>,
) -> Result<Response, AppError> {
    let not_found = AppError::NotFound("request.not_found");
    let Some(picture) = Picture::parse(&file).filter(|_| safe_id(&id)) else {
        return Err(not_found);
    };
    let Some(recipe) = recipe(&state, &id).await?.filter(|r| r.has(picture)) else {
        return Err(not_found);
    };
    let data_dir = state.config.data_dir.clone();
    let bytes = tokio::task::spawn_blocking(move || picture_jpeg(&data_dir, &id, &recipe.design, picture))
        .await
        .map_err(|e| AppError::Internal(e.into()))?
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(jpeg_response(bytes))
}

pub async fn banner(
    State(state): State<AppState>,
    UrlPath(file): UrlPath<String>,
) -> Result<Response, AppError> {
    let n: usize = file
        .strip_suffix(".jpg")
        .and_then(|n| n.parse().ok())
        .filter(|n| (1..=3).contains(n))
        .ok_or(AppError::NotFound("request.not_found"))?;
    let path = media_dir(&state.config.data_dir)
        .join("banner")
        .join(format!("{n}.jpg"));
    let bytes = tokio::task::spawn_blocking(move || -> std::io::Result<Vec<u8>> {
        if let Ok(bytes) = std::fs::read(&path) {
            return Ok(bytes);
        }
        let bytes = pictures::jpeg(&pictures::banner(
            &commands::catalog::seed::banner_designs(n),
            1200,
            400,
        ));
        std::fs::create_dir_all(path.parent().expect("a banner path has a folder"))?;
        std::fs::write(&path, &bytes)?;
        Ok(bytes)
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))?
    .map_err(|e| AppError::Internal(e.into()))?;
    Ok(jpeg_response(bytes))
}
