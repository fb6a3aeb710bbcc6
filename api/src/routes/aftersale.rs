//! After-sales calls: what an order allows, applying, the list with its status counts, the detail with
//! its timeline and the return address, the return parcel and cancelling; and the operator's queue and
//! steps under `/jpmall/admin/aftersales` (the CLI takes the same steps).

use axum::extract::State;
use axum::http::HeaderMap;
use commands::after_sales::applying::{self, Application};
use commands::after_sales::steps::{self, Step};
use commands::clock::now;
use commands::Refusal;
use domain::after_sale::AfterSaleStatus;
use domain::money::Fen;
use domain::order::Claim;
use projections::accounts::WithSeller;
use projections::after_sales::{self as read, AfterSaleFilter, AfterSaleView, AfterSalesPage};
use projections::orders::TimelineEntry;
use projections::product_names::ProductNames;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::actions::after_sales::{answer, take_step};
use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::{text, CurrentUser, JsonBody, QueryArgs};
use crate::i18n::language_of;
use crate::paging::Paging;
use crate::routes::address::{return_address, ReturnAddress};
use crate::state::AppState;

#[derive(Deserialize, Default)]
pub struct OrderNoBody {
    #[serde(default)]
    order_no: Value,
}

#[derive(Serialize)]
pub struct OptionLine {
    sku_id: String,
    item_no: String,
    title: String,
    image: String,
    color: String,
    size: String,
    price: String,
    bought: i64,
    available: i64,
}

#[derive(Serialize)]
pub struct OptionsView {
    order_no: String,
    status: &'static str,
    kinds: Vec<&'static str>,
    return_deadline: Option<i64>,
    items: Vec<OptionLine>,
}

pub async fn options(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
    JsonBody(body): JsonBody<OrderNoBody>,
) -> ApiResult<OptionsView> {
    let options = applying::options(&state.db, &user.id, &text(&body.order_no), now()).await?;
    let mut items = Vec::with_capacity(options.lines.len());
    let mut product_ids = Vec::with_capacity(options.lines.len());
    for line in options.lines {
        let product: Option<(String, String)> = sqlx::query_as(
            "SELECT i.product_id, COALESCE(p.colors, '[]') FROM order_items i \
             LEFT JOIN products p ON p.id = i.product_id WHERE i.order_no = $1 AND i.sku_id = $2",
        )
        .bind(&options.order_no)
        .bind(&line.sku_id)
        .fetch_optional(&state.db.pool)
        .await?;
        let (product_id, colours) = product.unwrap_or_default();
        items.push(OptionLine {
            image: if product_id.is_empty() {
                String::new()
            } else {
                projections::catalog::colour_picture_url(&product_id, &colours, &line.color)
            },
            sku_id: line.sku_id,
            item_no: line.item_no,
            title: line.title,
            color: line.color,
            size: line.size,
            price: line.unit_price.to_yuan(),
            bought: line.bought,
            available: line.available,
        });
        product_ids.push(product_id);
    }
    // The lines keep the Chinese names they were ordered with; the reader sees their language's.
    let ids: Vec<&str> = product_ids.iter().map(String::as_str).collect();
    let names = ProductNames::load(&state.db.pool, language_of(&headers), &ids).await?;
    for (item, product_id) in items.iter_mut().zip(&product_ids) {
        item.title = names.title(product_id, &item.title);
        item.color = names.colour(product_id, &item.color);
        item.size = names.size(&item.size);
    }
    Ok(ok(OptionsView {
        order_no: options.order_no,
        status: options.status.code(),
        kinds: options.kinds.iter().map(|k| k.code()).collect(),
        return_deadline: options.return_deadline,
        items,
    }))
}

#[derive(Deserialize, Default)]
pub struct LineInput {
    #[serde(default)]
    sku_id: Value,
    #[serde(default)]
    quantity: Value,
}

#[derive(Deserialize, Default)]
pub struct ApplyBody {
    #[serde(default)]
    order_no: Value,
    #[serde(default)]
    kind: String,
    #[serde(default)]
    lines: Vec<LineInput>,
    #[serde(default)]
    reason: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    images: Vec<String>,
    #[serde(default)]
    request_id: String,
}

#[derive(Serialize)]
pub struct Applied {
    after_sale: AfterSaleView,
}

fn quantity_of(value: &Value) -> Result<i64, AppError> {
    match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .ok_or_else(|| Refusal::new("order.quantity_not_positive").on("lines").into())
}

pub async fn apply(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
    JsonBody(body): JsonBody<ApplyBody>,
) -> ApiResult<Applied> {
    let lines = body
        .lines
        .iter()
        .map(|l| {
            Ok(Claim {
                sku_id: text(&l.sku_id),
                quantity: quantity_of(&l.quantity)?,
            })
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    let id = applying::apply(
        &state.db,
        &state.orders,
        &state.after_sales,
        &user.id,
        Application {
            order_no: text(&body.order_no),
            kind: body.kind,
            lines,
            reason: body.reason,
            description: body.description,
            images: body.images,
            request_id: body.request_id,
        },
        now(),
    )
    .await?;
    Ok(ok(Applied {
        after_sale: answer(&state, Some(&user.id), &id, language_of(&headers)).await?,
    }))
}

#[derive(Deserialize, Default)]
pub struct ListBody {
    page: Option<i64>,
    pagesize: Option<i64>,
    #[serde(default)]
    status: String,
    #[serde(default)]
    order_no: String,
    /// The operator's search by the seller's phone (digits; sellers' own lists ignore it).
    #[serde(default)]
    mobile: String,
}

pub fn filter_of(body: &ListBody, user_id: Option<String>) -> Result<(AfterSaleFilter, i64, i64), AppError> {
    let (page, pagesize) = Paging {
        page: body.page,
        pagesize: body.pagesize,
    }
    .checked()?;
    let status = match body.status.trim() {
        "" | "all" => None,
        code => Some(
            AfterSaleStatus::from_code(code)
                .ok_or_else(|| Refusal::new("aftersale.status_invalid").on("status"))?,
        ),
    };
    Ok((
        AfterSaleFilter {
            user_id,
            status,
            order_no: body.order_no.clone(),
            mobile: String::new(),
        },
        page,
        pagesize,
    ))
}

pub async fn lists(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
    JsonBody(body): JsonBody<ListBody>,
) -> ApiResult<AfterSalesPage> {
    let (filter, page, pagesize) = filter_of(&body, Some(user.id.clone()))?;
    let mut found = read::list(&state.db.pool, &filter, page, pagesize).await?;
    read::in_language(&state.db.pool, &mut found.list, language_of(&headers)).await?;
    Ok(ok(found))
}

#[derive(Deserialize, Default)]
pub struct IdBody {
    #[serde(default)]
    id: Value,
    #[serde(default)]
    courier: String,
    #[serde(default)]
    tracking_no: String,
    #[serde(default)]
    reason: String,
    succeeded: Option<bool>,
    #[serde(default)]
    wrong_item: bool,
    #[serde(default)]
    wrong_station: bool,
    /// The refund total the operator confirmed ("59.90"), when the caller showed one.
    #[serde(default)]
    amount: Value,
}

impl IdBody {
    fn id(&self) -> Result<String, AppError> {
        let id = text(&self.id);
        if id.is_empty() {
            return Err(Refusal::new("aftersale.id_required").on("id").into());
        }
        Ok(id)
    }
}

#[derive(Serialize)]
pub struct DetailView {
    #[serde(flatten)]
    after_sale: AfterSaleView,
    timeline: Vec<TimelineEntry>,
    return_address: ReturnAddress,
}

pub async fn detail(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<DetailView> {
    let id = body.id()?;
    let (mut after_sale, timeline) = read::detail(&state.db.pool, Some(&user.id), &id)
        .await?
        .ok_or(AppError::NotFound("aftersale.not_found"))?;
    read::in_language(
        &state.db.pool,
        std::slice::from_mut(&mut after_sale),
        language_of(&headers),
    )
    .await?;
    Ok(ok(DetailView {
        after_sale,
        timeline,
        return_address: return_address(language_of(&headers)),
    }))
}

pub async fn submit_return(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<AfterSaleView> {
    let id = body.id()?;
    if body.courier.trim().is_empty() {
        return Err(Refusal::new("order.courier_required").on("courier").into());
    }
    if body.tracking_no.trim().chars().count() > 64 {
        return Err(Refusal::new("aftersale.tracking_too_long")
            .on("tracking_no")
            .into());
    }
    steps::submit_return(
        &state.db,
        &state.after_sales,
        &user.id,
        &id,
        &body.courier,
        &body.tracking_no,
        now(),
    )
    .await?;
    Ok(ok(
        answer(&state, Some(&user.id), &id, language_of(&headers)).await?
    ))
}

pub async fn cancel(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<AfterSaleView> {
    let id = body.id()?;
    steps::cancel(&state.db, &state.after_sales, &user.id, &id, now()).await?;
    Ok(ok(
        answer(&state, Some(&user.id), &id, language_of(&headers)).await?
    ))
}

// The operator's calls.

/// The operator's after-sales page: each with its seller's masked phone and name.
#[derive(Serialize)]
pub struct StaffAfterSalesPage {
    list: Vec<WithSeller<AfterSaleView>>,
    total: i64,
    page: i64,
    pagesize: i64,
    counts: projections::after_sales::AfterSaleCounts,
}

pub async fn admin_list(
    State(state): State<AppState>,
    headers: HeaderMap,
    QueryArgs(query): QueryArgs<ListBody>,
) -> ApiResult<StaffAfterSalesPage> {
    let (mut filter, page, pagesize) = filter_of(&query, None)?;
    filter.mobile = domain::accounts::phone_search(&query.mobile).map_err(Refusal::from)?;
    let mut found = read::list(&state.db.pool, &filter, page, pagesize).await?;
    read::in_language(&state.db.pool, &mut found.list, language_of(&headers)).await?;
    let list =
        projections::accounts::with_sellers(&state.db.pool, found.list, |a| a.user_id.as_str()).await?;
    Ok(ok(StaffAfterSalesPage {
        list,
        total: found.total,
        page: found.page,
        pagesize: found.pagesize,
        counts: found.counts,
    }))
}

async fn step(state: AppState, body: IdBody, step: Step) -> ApiResult<AfterSaleView> {
    let id = body.id()?;
    Ok(ok(take_step(&state, &id, step).await?))
}

pub async fn approve(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<AfterSaleView> {
    step(state, body, Step::Approve).await
}

pub async fn reject(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<AfterSaleView> {
    let reason = body.reason.clone();
    step(state, body, Step::Reject { reason }).await
}

pub async fn intercept(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<AfterSaleView> {
    let Some(succeeded) = body.succeeded else {
        return Err(Refusal::new("aftersale.interception_result_required")
            .on("succeeded")
            .into());
    };
    step(state, body, Step::Intercept { succeeded }).await
}

pub async fn receive(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<AfterSaleView> {
    let received = Step::Receive {
        wrong_item: body.wrong_item,
        wrong_station: body.wrong_station,
    };
    step(state, body, received).await
}

/// The refund; with `amount`, only if it still pays exactly that (else refused with the new figure).
pub async fn refund(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<AfterSaleView> {
    let expected = match &body.amount {
        Value::Null => None,
        amount => {
            let shown = text(amount);
            Some(
                Fen::parse_yuan(&shown)
                    .ok()
                    .filter(|fen| fen.0 >= 0)
                    .ok_or_else(|| Refusal::new("aftersale.amount_invalid").on("amount"))?,
            )
        }
    };
    step(state, body, Step::Refund { expected }).await
}

pub async fn ship(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<AfterSaleView> {
    let shipped = Step::Ship {
        courier: body.courier.clone(),
        tracking_no: body.tracking_no.clone(),
    };
    step(state, body, shipped).await
}
