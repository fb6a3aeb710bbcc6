use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::JsonBody;
use crate::i18n::language_of;
use crate::state::AppState;

#[derive(Deserialize)]
pub struct SiteQuery {
    #[serde(default)]
    site: String,
}

#[derive(Serialize)]
pub struct SiteInfoReply {
    #[serde(flatten)]
    info: projections::sites::SiteInfo,
    rsa_public_key: String,
}

pub async fn site(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(query): JsonBody<SiteQuery>,
) -> ApiResult<SiteInfoReply> {
    let info = projections::sites::site_info(&state.db.pool, &query.site, language_of(&headers))
        .await?
        .ok_or(AppError::NotFound("site.not_found"))?;
    Ok(ok(SiteInfoReply {
        info,
        rsa_public_key: state.password_key.public_pem.clone(),
    }))
}

pub async fn area_sites(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<Vec<projections::sites::AreaSite>> {
    Ok(ok(projections::sites::area_sites(
        &state.db.pool,
        language_of(&headers),
    )
    .await?))
}

pub async fn agreement(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<projections::sites::Document> {
    let document = projections::sites::document(&state.db.pool, "agreement", language_of(&headers))
        .await?
        .ok_or(AppError::NotFound("request.not_found"))?;
    Ok(ok(document))
}
