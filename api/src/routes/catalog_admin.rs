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
use crate::routes::catalog::Paging;
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
