//! Catalogue calls: home, lists, details, stalls, favourites, follows, content and same-style search.

use axum::extract::{Multipart, State};
use axum::http::HeaderMap;
use commands::catalog::interest::{self, Marked};
use commands::clock::now;
use commands::Refusal;
use domain::catalog::LookHash;
use domain::money::Fen;
use projections::catalog::{
    self as read, Page, ProductCard, ProductFilter, Scene, Sort, StallFilter, StallSort,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::paging::Paging;

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::{ClientIp, CurrentUser, JsonBody, QueryArgs, Viewer};
use crate::i18n::language_of;
use crate::state::AppState;

/// An id given as a string or a number.
fn id_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

#[derive(Deserialize)]
pub struct IdBody {
    #[serde(default)]
    id: Value,
}

impl IdBody {
    fn id(&self) -> Result<String, AppError> {
        id_text(&self.id).ok_or_else(|| Refusal::new("catalog.id_required").on("id").into())
    }
}

/// Several ids: `"1,2"`, `[1, 2]`, or one id.
pub fn ids_of(value: &Value) -> Vec<String> {
    match value {
        Value::Array(items) => items.iter().filter_map(id_text).collect(),
        Value::String(s) => s
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect(),
        other => id_text(other).into_iter().collect(),
    }
}

/// The area site the `areasite` header names, when it names a known one.
async fn area_site(state: &AppState, headers: &HeaderMap) -> Result<String, AppError> {
    let value = headers
        .get("areasite")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .trim();
    if value.is_empty() || !projections::sites::area_site_exists(&state.db.pool, value).await? {
        return Ok(String::new());
    }
    Ok(value.to_string())
}

#[derive(Serialize)]
pub struct Home {
    banners: Vec<read::Banner>,
    notices: Vec<read::Notice>,
    hot: Vec<ProductCard>,
    new: Vec<ProductCard>,
    sea: Vec<ProductCard>,
    categories: Vec<read::Category>,
}

pub async fn home(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Home> {
    let (pool, lang, at) = (&state.db.pool, language_of(&headers), now());
    let area = area_site(&state, &headers).await?;
    let totals = &state.list_totals;
    let row = |scene| {
        let filter = ProductFilter {
            area_site: area.clone(),
            scene: Some(scene),
            ..Default::default()
        };
        async move {
            read::products(pool, totals, &filter, 1, 8, lang, at)
                .await
                .map(|p| p.list)
        }
    };
    Ok(ok(Home {
        banners: read::banners(pool, lang).await?,
        notices: read::notices(pool, 1, 5, lang).await?.list,
        hot: row(Scene::Hot).await?,
        new: row(Scene::New).await?,
        sea: row(Scene::Sea).await?,
        categories: read::category_tree(pool, lang).await?,
    }))
}

pub async fn category_tree(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<Vec<read::Category>> {
    Ok(ok(
        read::category_tree(&state.db.pool, language_of(&headers)).await?
    ))
}

#[derive(Deserialize, Default)]
pub struct ProductQuery {
    scene: Option<String>,
    #[serde(default)]
    category_id: Value,
    #[serde(default)]
    stall_id: Value,
    price_min: Option<String>,
    price_max: Option<String>,
    keyword: Option<String>,
    sort: Option<String>,
    page: Option<i64>,
    pagesize: Option<i64>,
}

fn price(field: &'static str, text: &Option<String>) -> Result<Option<Fen>, AppError> {
    match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => Fen::parse_yuan(t)
            .ok()
            .filter(|f| f.0 >= 0)
            .map(Some)
            .ok_or_else(|| Refusal::new("catalog.price_invalid").on(field).into()),
    }
}

#[derive(Deserialize, Default)]
pub struct SuggestQuery {
    keyword: Option<String>,
}

#[derive(Serialize)]
pub struct Suggestions {
    list: Vec<projections::search::suggest::Suggestion>,
}

/// Names and titles to suggest as the seller types a keyword.
pub async fn product_suggest(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(query): JsonBody<SuggestQuery>,
) -> ApiResult<Suggestions> {
    let typed = query.keyword.unwrap_or_default();
    let list = projections::search::suggest::suggest(
        &state.db.pool,
        &state.vocabulary,
        &state.list_totals,
        &typed,
        &area_site(&state, &headers).await?,
        language_of(&headers),
    )
    .await?;
    Ok(ok(Suggestions { list }))
}

pub async fn product_lists(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(query): JsonBody<ProductQuery>,
) -> ApiResult<Page<ProductCard>> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let scene = match query.scene.as_deref().unwrap_or("") {
        "" => None,
        "new" => Some(Scene::New),
        "hot" => Some(Scene::Hot),
        "sea" => Some(Scene::Sea),
        _ => return Err(Refusal::new("catalog.scene_invalid").on("scene").into()),
    };
    let sort = match query.sort.as_deref().unwrap_or("") {
        "" => None,
        "newest" => Some(Sort::Newest),
        "popularity" => Some(Sort::Popularity),
        "price_asc" => Some(Sort::PriceAsc),
        "price_desc" => Some(Sort::PriceDesc),
        "sales" => Some(Sort::Sales),
        "relevance" => Some(Sort::Relevance),
        _ => return Err(Refusal::new("catalog.sort_invalid").on("sort").into()),
    };
    let (price_min, price_max) = (
        price("price_min", &query.price_min)?,
        price("price_max", &query.price_max)?,
    );
    if let (Some(min), Some(max)) = (price_min, price_max) {
        if min > max {
            return Err(Refusal::new("catalog.price_range_invalid").on("price_max").into());
        }
    }
    let filter = ProductFilter {
        area_site: area_site(&state, &headers).await?,
        scene,
        category_id: id_text(&query.category_id),
        stall_id: id_text(&query.stall_id),
        price_min,
        price_max,
        keyword: query.keyword,
        sort,
    };
    Ok(ok(read::products(
        &state.db.pool,
        &state.list_totals,
        &filter,
        page,
        pagesize,
        language_of(&headers),
        now(),
    )
    .await?))
}

pub async fn product_detail(
    State(state): State<AppState>,
    headers: HeaderMap,
    viewer: Viewer,
    ClientIp(ip): ClientIp,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<read::ProductDetail> {
    let id = body.id()?;
    let detail = read::product_detail(&state.db.pool, &id, viewer.id(), language_of(&headers), now())
        .await?
        .ok_or(AppError::NotFound("product.not_found"))?;
    let visitor = match &viewer.0 {
        Some(user) => format!("user:{user}"),
        None => format!("address:{ip}"),
    };
    interest::count_view(&state.db, &id, &visitor, now()).await?;
    Ok(ok(detail))
}

#[derive(Serialize)]
pub struct Favorited {
    favorited: bool,
    favorite_count: i64,
}

async fn favorite(state: AppState, user: CurrentUser, body: IdBody, on: bool) -> ApiResult<Favorited> {
    let Marked { on, count } = interest::favorite(&state.db, &user.id, &body.id()?, on).await?;
    Ok(ok(Favorited {
        favorited: on,
        favorite_count: count,
    }))
}

pub async fn product_favorite(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<Favorited> {
    favorite(state, user, body, true).await
}

pub async fn product_unfavorite(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<Favorited> {
    favorite(state, user, body, false).await
}

pub async fn favorites(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(paging): JsonBody<Paging>,
) -> ApiResult<Page<read::FavoriteProduct>> {
    let (page, pagesize) = paging.checked()?;
    Ok(ok(read::favorite_products(
        &state.db.pool,
        &user.id,
        page,
        pagesize,
        language_of(&headers),
        now(),
    )
    .await?))
}

#[derive(Deserialize, Default)]
pub struct StallQuery {
    #[serde(default)]
    market_id: Value,
    keyword: Option<String>,
    sort: Option<String>,
    page: Option<i64>,
    pagesize: Option<i64>,
}

pub async fn shop_lists(
    State(state): State<AppState>,
    headers: HeaderMap,
    viewer: Viewer,
    JsonBody(query): JsonBody<StallQuery>,
) -> ApiResult<Page<read::Stall>> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let sort = match query.sort.as_deref().unwrap_or("") {
        "" | "ranking" => StallSort::Ranking,
        "follows" => StallSort::Follows,
        "newest" => StallSort::Newest,
        _ => return Err(Refusal::new("catalog.sort_invalid").on("sort").into()),
    };
    let filter = StallFilter {
        area_site: area_site(&state, &headers).await?,
        market_id: id_text(&query.market_id),
        keyword: query.keyword,
        sort,
    };
    Ok(ok(read::stalls(
        &state.db.pool,
        &filter,
        viewer.id(),
        page,
        pagesize,
        language_of(&headers),
    )
    .await?))
}

pub async fn shop_detail(
    State(state): State<AppState>,
    headers: HeaderMap,
    viewer: Viewer,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<read::Stall> {
    let stall = read::stall_by_id(&state.db.pool, &body.id()?, viewer.id(), language_of(&headers))
        .await?
        .ok_or(AppError::NotFound("shop.not_found"))?;
    Ok(ok(stall))
}

#[derive(Serialize)]
pub struct Followed {
    followed: bool,
    follow_count: i64,
}

async fn follow(state: AppState, user: CurrentUser, body: IdBody, on: bool) -> ApiResult<Followed> {
    let Marked { on, count } = interest::follow(&state.db, &user.id, &body.id()?, on).await?;
    Ok(ok(Followed {
        followed: on,
        follow_count: count,
    }))
}

pub async fn shop_follow(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<Followed> {
    follow(state, user, body, true).await
}

pub async fn shop_unfollow(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<Followed> {
    follow(state, user, body, false).await
}

pub async fn shop_like(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    QueryArgs(paging): QueryArgs<Paging>,
) -> ApiResult<Page<read::FollowedStall>> {
    let (page, pagesize) = paging.checked()?;
    Ok(ok(read::followed_stalls(
        &state.db.pool,
        &user.id,
        page,
        pagesize,
        language_of(&headers),
    )
    .await?))
}

pub async fn notice_lists(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(paging): JsonBody<Paging>,
) -> ApiResult<Page<read::Notice>> {
    let (page, pagesize) = paging.checked()?;
    Ok(ok(read::notices(
        &state.db.pool,
        page,
        pagesize,
        language_of(&headers),
    )
    .await?))
}

pub async fn notice_detail(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<read::Notice> {
    let notice = read::notice_by_id(&state.db.pool, &body.id()?, language_of(&headers))
        .await?
        .ok_or(AppError::NotFound("notice.not_found"))?;
    Ok(ok(notice))
}

pub async fn tutorial_lists(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<Vec<read::TutorialSection>> {
    Ok(ok(read::tutorials(&state.db.pool, language_of(&headers)).await?))
}

pub async fn tutorial_detail(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<read::Tutorial> {
    let tutorial = read::tutorial_by_id(&state.db.pool, &body.id()?, language_of(&headers))
        .await?
        .ok_or(AppError::NotFound("tutorial.not_found"))?;
    Ok(ok(tutorial))
}

pub async fn resources(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Vec<read::Resource>> {
    Ok(ok(read::resources(&state.db.pool, language_of(&headers)).await?))
}

pub const SAME_STYLE_LIMIT: usize = 24;

#[derive(Serialize)]
pub struct Alike {
    #[serde(flatten)]
    card: ProductCard,
    distance: u32,
}

#[derive(Serialize)]
pub struct SameStyle {
    list: Vec<Alike>,
}

async fn alike(
    state: &AppState,
    headers: &HeaderMap,
    hash: &LookHash,
    except: Option<&str>,
) -> Result<SameStyle, AppError> {
    let found = state
        .same_style
        .nearest(&state.db.pool, hash, except, SAME_STYLE_LIMIT)
        .await?;
    let ids: Vec<String> = found.iter().map(|(id, _)| id.clone()).collect();
    let cards = read::cards_by_id(&state.db.pool, &ids, language_of(headers), now()).await?;
    let list = cards
        .into_iter()
        .filter_map(|card| {
            found
                .iter()
                .find(|(id, _)| *id == card.id)
                .map(|(_, d)| Alike { distance: *d, card })
        })
        .collect();
    Ok(SameStyle { list })
}

pub async fn same_style(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<SameStyle> {
    let id = body.id()?;
    let hash = state
        .same_style
        .hash_of(&state.db.pool, &id)
        .await?
        .ok_or(AppError::NotFound("product.not_found"))?;
    Ok(ok(alike(&state, &headers, &hash, Some(&id)).await?))
}

pub async fn same_style_image(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<SameStyle> {
    let bytes = super::upload::file_field(multipart).await?;
    let processed = commands::uploads::process_blocking(bytes).await?;
    commands::uploads::store_processed(&state.db, &state.config.uploads_dir(), &user.id, &processed).await?;
    let hash = tokio::task::spawn_blocking(move || {
        image::load_from_memory(&processed.jpeg).map(|img| commands::catalog::pictures::look_hash(&img))
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))?
    .map_err(|e| AppError::Internal(e.into()))?;
    Ok(ok(alike(&state, &headers, &hash, None).await?))
}

#[derive(Deserialize)]
pub struct IdsBody {
    #[serde(default)]
    pub id: Value,
}

pub const MAX_PACKAGE_PRODUCTS: usize = 200;

pub fn package_ids(body: &IdsBody) -> Result<Vec<String>, AppError> {
    let mut ids = ids_of(&body.id);
    ids.dedup();
    if ids.is_empty() {
        return Err(Refusal::new("catalog.id_required").on("id").into());
    }
    if ids.len() > MAX_PACKAGE_PRODUCTS {
        return Err(Refusal::new("package.too_many")
            .on("id")
            .with("max", MAX_PACKAGE_PRODUCTS)
            .into());
    }
    Ok(ids)
}

pub async fn images_zip(
    State(state): State<AppState>,
    headers: HeaderMap,
    _user: CurrentUser,
    JsonBody(body): JsonBody<IdsBody>,
) -> Result<axum::response::Response, AppError> {
    let ids = package_ids(&body)?;
    let (sets, missing) = read::image_sets(&state.db.pool, &ids, language_of(&headers)).await?;
    if !missing.is_empty() {
        return Err(AppError::NotFound("product.not_found"));
    }
    crate::package::images_zip(&state, &sets).await
}

pub async fn all_images_download(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<IdsBody>,
) -> ApiResult<Vec<read::ImageSet>> {
    let ids = package_ids(&body)?;
    let (sets, missing) = read::image_sets(&state.db.pool, &ids, language_of(&headers)).await?;
    if !missing.is_empty() {
        return Err(AppError::NotFound("product.not_found"));
    }
    Ok(ok(sets))
}
