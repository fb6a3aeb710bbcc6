//! The catalogue's staff calls under `/jpmall/admin/catalog/`: the product table, one product with
//! its SKUs, shelving, stock changes and their log. A stall account reaches only its own stalls'
//! products; anything else reads as not found.

use axum::extract::State;
use commands::catalog::stock::{StockChange, StockChanged};
use projections::catalog::Page;
use projections::catalog_admin::{StaffProduct, StaffProductDetail, StaffProductFilter, StockChangeRow};
use serde::{Deserialize, Serialize};

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::{JsonBody, QueryArgs};
use crate::paging::Paging;
use crate::staff_gate::StaffCaller;
use crate::state::AppState;

fn given(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

#[derive(Deserialize)]
pub struct ProductsQuery {
    keyword: Option<String>,
    stall_id: Option<String>,
    category_id: Option<String>,
    /// `on`, `off`, or empty for both.
    shelf: Option<String>,
    page: Option<i64>,
    pagesize: Option<i64>,
}

pub async fn products(
    State(state): State<AppState>,
    caller: StaffCaller,
    QueryArgs(query): QueryArgs<ProductsQuery>,
) -> ApiResult<Page<StaffProduct>> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let on_shelf = match given(query.shelf).as_deref() {
        None => None,
        Some("on") => Some(true),
        Some("off") => Some(false),
        Some(_) => {
            return Err(commands::Refusal::new("product.shelf_filter_invalid")
                .on("shelf")
                .into())
        }
    };
    let filter = StaffProductFilter {
        keyword: given(query.keyword),
        stall_id: given(query.stall_id),
        category_id: given(query.category_id),
        on_shelf,
        stalls: caller.stall_scope().map(<[String]>::to_vec),
    };
    Ok(ok(projections::catalog_admin::products(
        &state.db.pool,
        &filter,
        page,
        pagesize,
    )
    .await?))
}

#[derive(Deserialize)]
pub struct ProductQuery {
    #[serde(default)]
    id: String,
}

pub async fn product(
    State(state): State<AppState>,
    caller: StaffCaller,
    QueryArgs(query): QueryArgs<ProductQuery>,
) -> ApiResult<StaffProductDetail> {
    projections::catalog_admin::product_detail(&state.db.pool, query.id.trim(), caller.stall_scope())
        .await?
        .map(ok)
        .ok_or(AppError::NotFound("product.not_found"))
}

#[derive(Deserialize)]
pub struct ShelfBody {
    #[serde(default)]
    ids: Vec<String>,
    #[serde(default)]
    on_shelf: bool,
}

#[derive(Serialize)]
pub struct Shelved {
    changed: u64,
}

pub async fn shelf(
    State(state): State<AppState>,
    caller: StaffCaller,
    JsonBody(body): JsonBody<ShelfBody>,
) -> ApiResult<Shelved> {
    let ids: Vec<String> = body.ids.iter().map(|id| id.trim().to_string()).collect();
    let changed =
        commands::catalog::shelf::set_on_shelf(&state.db, &ids, body.on_shelf, caller.stall_scope()).await?;
    if changed > 0 {
        state.list_totals.clear();
        state.vocabulary.invalidate();
        state.same_style.invalidate();
    }
    Ok(ok(Shelved { changed }))
}

#[derive(Deserialize)]
pub struct StockBody {
    #[serde(default)]
    sku_id: String,
    /// A change by this many units (negative takes away)…
    delta: Option<i64>,
    /// …or the stock as the staff member saw it, and the stock to set.
    expected: Option<i64>,
    stock: Option<i64>,
    #[serde(default)]
    reason: String,
}

pub async fn change_stock(
    State(state): State<AppState>,
    caller: StaffCaller,
    JsonBody(body): JsonBody<StockBody>,
) -> ApiResult<StockChanged> {
    let change = match (body.delta, body.expected, body.stock) {
        (Some(delta), None, None) => StockChange::Delta(delta),
        (None, Some(expected), Some(stock)) => StockChange::Set { expected, stock },
        _ => return Err(commands::Refusal::new("stock.change_unclear").on("delta").into()),
    };
    let changed = commands::catalog::stock::change(
        &state.db,
        body.sku_id.trim(),
        change,
        &body.reason,
        caller.stall_scope(),
    )
    .await?;
    Ok(ok(changed))
}

#[derive(Deserialize)]
pub struct ChangesQuery {
    #[serde(default)]
    product_id: String,
    page: Option<i64>,
    pagesize: Option<i64>,
}

pub async fn stock_changes(
    State(state): State<AppState>,
    caller: StaffCaller,
    QueryArgs(query): QueryArgs<ChangesQuery>,
) -> ApiResult<Page<StockChangeRow>> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let id = query.product_id.trim();
    // The product must be the caller's to see its log.
    if projections::catalog_admin::product_detail(&state.db.pool, id, caller.stall_scope())
        .await?
        .is_none()
    {
        return Err(AppError::NotFound("product.not_found"));
    }
    Ok(ok(projections::catalog_admin::stock_changes(
        &state.db.pool,
        id,
        page,
        pagesize,
    )
    .await?))
}

/// Markets and categories are the platform's, not a supplier's: a stall account may read them only.
fn platform_only(caller: &StaffCaller) -> Result<(), AppError> {
    match caller.stall_scope() {
        Some(_) => Err(AppError::NotPermitted),
        None => Ok(()),
    }
}

#[derive(Serialize)]
pub struct Saved {
    id: String,
}

pub async fn area_sites(
    State(state): State<AppState>,
) -> ApiResult<Vec<projections::catalog_admin::AreaSiteRow>> {
    Ok(ok(projections::catalog_admin::area_sites(&state.db.pool).await?))
}

pub async fn markets(State(state): State<AppState>) -> ApiResult<Vec<projections::catalog_admin::MarketRow>> {
    Ok(ok(projections::catalog_admin::markets(&state.db.pool).await?))
}

#[derive(Deserialize)]
pub struct MarketBody {
    id: Option<String>,
    #[serde(default)]
    area_site_id: String,
    #[serde(default)]
    name_zh: String,
    #[serde(default)]
    name_en: String,
    #[serde(default)]
    sort: i64,
}

pub async fn save_market(
    State(state): State<AppState>,
    caller: StaffCaller,
    JsonBody(body): JsonBody<MarketBody>,
) -> ApiResult<Saved> {
    platform_only(&caller)?;
    let id = given(body.id);
    let id = commands::catalog::structure::save_market(
        &state.db,
        commands::catalog::structure::MarketInput {
            id: id.as_deref(),
            area_site_id: body.area_site_id.trim(),
            name_zh: &body.name_zh,
            name_en: &body.name_en,
            sort: body.sort,
        },
    )
    .await?;
    state.list_totals.clear();
    state.vocabulary.invalidate();
    Ok(ok(Saved { id }))
}

pub async fn categories(
    State(state): State<AppState>,
) -> ApiResult<Vec<projections::catalog_admin::CategoryRow>> {
    Ok(ok(projections::catalog_admin::categories(&state.db.pool).await?))
}

#[derive(Deserialize)]
pub struct CategoryBody {
    id: Option<String>,
    parent_id: Option<String>,
    #[serde(default)]
    name_zh: String,
    #[serde(default)]
    name_en: String,
    #[serde(default)]
    sort: i64,
}

pub async fn save_category(
    State(state): State<AppState>,
    caller: StaffCaller,
    JsonBody(body): JsonBody<CategoryBody>,
) -> ApiResult<Saved> {
    platform_only(&caller)?;
    let (id, parent) = (given(body.id), given(body.parent_id));
    let id = commands::catalog::structure::save_category(
        &state.db,
        commands::catalog::structure::CategoryInput {
            id: id.as_deref(),
            parent_id: parent.as_deref(),
            name_zh: &body.name_zh,
            name_en: &body.name_en,
            sort: body.sort,
        },
    )
    .await?;
    Ok(ok(Saved { id }))
}

#[derive(Deserialize)]
pub struct StallsQuery {
    market_id: Option<String>,
    page: Option<i64>,
    pagesize: Option<i64>,
}

pub async fn stalls(
    State(state): State<AppState>,
    caller: StaffCaller,
    QueryArgs(query): QueryArgs<StallsQuery>,
) -> ApiResult<Page<projections::catalog_admin::StallRow>> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let market = given(query.market_id);
    Ok(ok(projections::catalog_admin::stalls(
        &state.db.pool,
        market.as_deref(),
        caller.stall_scope(),
        page,
        pagesize,
    )
    .await?))
}

#[derive(Deserialize)]
pub struct StallBody {
    id: Option<String>,
    #[serde(default)]
    market_id: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    floor: String,
    #[serde(default)]
    number: String,
    #[serde(default)]
    contact: String,
    #[serde(default)]
    wechat: String,
    #[serde(default)]
    category_id: String,
    /// `open` or `closed`; left out keeps it.
    status: Option<String>,
}

pub async fn save_stall(
    State(state): State<AppState>,
    caller: StaffCaller,
    JsonBody(body): JsonBody<StallBody>,
) -> ApiResult<Saved> {
    let id = given(body.id);
    let status = given(body.status);
    let id = commands::catalog::structure::save_stall(
        &state.db,
        commands::catalog::structure::StallInput {
            id: id.as_deref(),
            market_id: body.market_id.trim(),
            name: &body.name,
            floor: &body.floor,
            number: &body.number,
            contact: &body.contact,
            wechat: &body.wechat,
            category_id: body.category_id.trim(),
            status: status.as_deref(),
        },
        caller.stall_scope(),
    )
    .await?;
    state.list_totals.clear();
    state.vocabulary.invalidate();
    state.same_style.invalidate();
    Ok(ok(Saved { id }))
}

pub async fn upload_picture(
    State(state): State<AppState>,
    multipart: Result<axum::extract::Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<commands::catalog::products::StoredPicture> {
    let bytes = crate::routes::upload::file_field(multipart).await?;
    Ok(ok(commands::catalog::products::store_picture(
        &state.config.uploads_dir(),
        bytes,
    )
    .await?))
}

#[derive(Deserialize, Default)]
pub struct ColourBody {
    #[serde(default)]
    name_zh: String,
    #[serde(default)]
    name_en: String,
    picture: Option<String>,
}

#[derive(Deserialize, Default)]
pub struct SkuBody {
    #[serde(default)]
    color: String,
    #[serde(default)]
    size: String,
    price: Option<String>,
    #[serde(default)]
    stock: i64,
}

#[derive(Deserialize)]
pub struct ProductBody {
    id: Option<String>,
    #[serde(default)]
    item_no: String,
    #[serde(default)]
    title_zh: String,
    #[serde(default)]
    title_en: String,
    #[serde(default)]
    category_id: String,
    #[serde(default)]
    stall_id: String,
    #[serde(default)]
    price: String,
    #[serde(default)]
    colours: Vec<ColourBody>,
    #[serde(default)]
    sizes: Vec<String>,
    #[serde(default)]
    skus: Vec<SkuBody>,
    #[serde(default)]
    main_pictures: Vec<String>,
    #[serde(default)]
    detail_pictures: Vec<String>,
    #[serde(default)]
    is_hot: bool,
    #[serde(default)]
    is_sea: bool,
}

fn yuan(text: &str, field: &'static str) -> Result<domain::money::Fen, AppError> {
    domain::money::Fen::parse_yuan(text.trim()).map_err(|_| {
        commands::Refusal::new("product.price_invalid")
            .on(field)
            .with("max", "100000.00")
            .into()
    })
}

pub async fn save_product(
    State(state): State<AppState>,
    caller: StaffCaller,
    JsonBody(body): JsonBody<ProductBody>,
) -> ApiResult<StaffProductDetail> {
    use commands::catalog::products::{ColourInput, PictureDirs, ProductInput, SkuInput};
    let mut skus = Vec::with_capacity(body.skus.len());
    for sku in body.skus {
        skus.push(SkuInput {
            price: match sku.price.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
                Some(price) => Some(yuan(price, "skus")?),
                None => None,
            },
            color: sku.color,
            size: sku.size,
            stock: sku.stock,
        });
    }
    let input = ProductInput {
        id: given(body.id),
        item_no: body.item_no,
        title_zh: body.title_zh,
        title_en: body.title_en,
        category_id: body.category_id,
        stall_id: body.stall_id,
        price: yuan(&body.price, "price")?,
        colours: body
            .colours
            .into_iter()
            .map(|c| ColourInput {
                name_zh: c.name_zh,
                name_en: c.name_en,
                picture: c.picture,
            })
            .collect(),
        sizes: body.sizes,
        skus,
        main_pictures: body.main_pictures,
        detail_pictures: body.detail_pictures,
        is_hot: body.is_hot,
        is_sea: body.is_sea,
    };
    let media = state.config.data_dir.join("media");
    let uploads = state.config.uploads_dir();
    let dirs = PictureDirs {
        uploads: &uploads,
        media: &media,
    };
    let id =
        commands::catalog::products::save_product(&state.db, &input, &dirs, caller.stall_scope()).await?;
    state.list_totals.clear();
    state.vocabulary.invalidate();
    state.same_style.invalidate();
    projections::catalog_admin::product_detail(&state.db.pool, &id, caller.stall_scope())
        .await?
        .map(ok)
        .ok_or(AppError::NotFound("product.not_found"))
}
