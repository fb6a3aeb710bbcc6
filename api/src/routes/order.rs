//! Order calls: checkout preview and submit (from the cart or typed in), paying, cancelling,
//! confirming receipt, reviewing, the list with its tabs, the detail with its timeline, out-of-stock
//! notices and abnormal orders; and the ranking list built from paid orders.

use axum::extract::State;
use axum::http::HeaderMap;
use commands::clock::now;
use commands::orders::payment;
use commands::orders::placing::{self, DestinationChoice, OrderRequest, Wanted};
use commands::orders::pricing::{self, OptionChoice, PricedLine, Quote};
use commands::Refusal;
use domain::address::AddressInput;
use domain::order::{Fees, OrderCommand, PaymentMethod, Platform, ValueAdded};
use projections::catalog::colour_picture_url;
use projections::coupons::CouponView;
use projections::orders::{self as read, NoticePage, OrderView, OrdersPage};
use projections::product_names::{colour_in, size_in};
use projections::ranking;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::actions::order_list::{filter_of, ListBody};
use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::{text, CurrentUser, JsonBody};
use crate::i18n::{language_of, Language};
use crate::paging::Paging;
use crate::routes::cart::{fee_tables, CourierFee, QcFee};
use crate::routes::fund::PaymentView;
use crate::state::AppState;
use domain::address::divisions;

#[derive(Deserialize, Default)]
pub struct LineInput {
    #[serde(default)]
    sku_id: Value,
    #[serde(default)]
    quantity: Value,
}

#[derive(Deserialize, Default)]
pub struct AddressBody {
    #[serde(default)]
    recipient: String,
    #[serde(default)]
    phone: String,
    #[serde(default)]
    province: String,
    #[serde(default)]
    city: String,
    #[serde(default)]
    district: String,
    #[serde(default)]
    detail: String,
}

/// The order request of `order/preview` and `order/submit` (docs/api.md, Orders).
#[derive(Deserialize, Default)]
pub struct OrderBody {
    #[serde(default)]
    source: String,
    #[serde(default)]
    lines: Vec<LineInput>,
    #[serde(default, rename = "type")]
    kind: String,
    #[serde(default)]
    address_id: String,
    address: Option<AddressBody>,
    #[serde(default)]
    platform: String,
    #[serde(default)]
    source_order_no: String,
    #[serde(default)]
    label_file: String,
    #[serde(default)]
    courier: String,
    #[serde(default)]
    qc_level: String,
    #[serde(default)]
    value_added: Vec<String>,
    #[serde(default)]
    remark: String,
    request_id: Option<String>,
    #[serde(default)]
    coupon_ids: Vec<String>,
    /// The seller confirmed that cart lines cost more than when added (`order.prices_rose`).
    #[serde(default)]
    accept_price_rises: bool,
}

impl OrderBody {
    fn wanted(&self) -> Result<Wanted, AppError> {
        match self.source.as_str() {
            "cart" => Ok(Wanted::Cart),
            "" | "manual" => {
                let mut lines = Vec::with_capacity(self.lines.len());
                for line in &self.lines {
                    let sku = text(&line.sku_id);
                    if sku.is_empty() {
                        return Err(Refusal::new("cart.sku_unknown").on("lines").into());
                    }
                    let quantity = match &line.quantity {
                        Value::Number(n) => n.as_i64(),
                        Value::String(s) => s.trim().parse().ok(),
                        _ => None,
                    }
                    .ok_or_else(|| {
                        Refusal::new("cart.quantity_not_positive")
                            .on("lines")
                            .with("sku", &sku)
                    })?;
                    lines.push((sku, quantity));
                }
                Ok(Wanted::Lines(lines))
            }
            _ => Err(Refusal::new("order.source_invalid").on("source").into()),
        }
    }

    fn option_choice(&self) -> OptionChoice {
        OptionChoice {
            courier: self.courier.clone(),
            qc_level: self.qc_level.clone(),
            value_added: self.value_added.clone(),
        }
    }

    fn destination(&self, courier_chosen: bool) -> Result<DestinationChoice, AppError> {
        match self.kind.as_str() {
            "" if self.address_id.trim().is_empty() && self.address.is_none() => Ok(DestinationChoice::Unset),
            "" | "domestic" => {
                if !self.address_id.trim().is_empty() {
                    return Ok(DestinationChoice::SavedAddress(
                        self.address_id.trim().to_string(),
                    ));
                }
                let a = self
                    .address
                    .as_ref()
                    .ok_or_else(|| Refusal::new("address.recipient_required").on("recipient"))?;
                Ok(DestinationChoice::Typed(AddressInput {
                    recipient: a.recipient.clone(),
                    phone: a.phone.clone(),
                    province: a.province.clone(),
                    city: a.city.clone(),
                    district: a.district.clone(),
                    detail: a.detail.clone(),
                }))
            }
            "platform" => Ok(DestinationChoice::Platform {
                platform: Platform::from_code(self.platform.trim()),
                source_order_no: self.source_order_no.clone(),
                label_file: self.label_file.clone(),
                courier_chosen,
                ship_to: None,
            }),
            _ => Err(Refusal::new("order.type_invalid").on("type").into()),
        }
    }
}

#[derive(Serialize)]
pub struct LineView {
    sku_id: String,
    product_id: String,
    stall_id: String,
    stall_name: String,
    item_no: String,
    title: String,
    image: String,
    color: String,
    size: String,
    price: String,
    quantity: i64,
    amount: String,
    stock: i64,
}

fn line_view(p: &PricedLine, lang: Language) -> LineView {
    let l = &p.line;
    LineView {
        sku_id: l.sku_id.clone(),
        image: colour_picture_url(&l.product_id, &p.colours, &l.color),
        product_id: l.product_id.clone(),
        stall_id: l.stall_id.clone(),
        stall_name: p.stall_name.clone(),
        item_no: l.item_no.clone(),
        title: match lang {
            Language::EnUs if !p.title_en.is_empty() => p.title_en.clone(),
            _ => l.title.clone(),
        },
        color: colour_in(&p.colours, &l.color, lang),
        size: size_in(&l.size, lang),
        price: l.unit_price.to_yuan(),
        quantity: l.quantity,
        amount: domain::money::Fen(l.unit_price.0.saturating_mul(l.quantity)).to_yuan(),
        stock: p.stock,
    }
}

#[derive(Serialize)]
pub struct FeesView {
    product_amount: String,
    shipping: String,
    service: String,
    qc: String,
    value_added: String,
    coupon_discount: String,
    total: String,
}

#[derive(Serialize)]
pub struct ServiceFee {
    code: &'static str,
    per_item: String,
}

#[derive(Serialize)]
pub struct Preview {
    lines: Vec<LineView>,
    fees: FeesView,
    items: i64,
    courier: &'static str,
    qc_level: &'static str,
    value_added: Vec<&'static str>,
    balance: String,
    couriers: Vec<CourierFee>,
    qc_levels: Vec<QcFee>,
    value_added_services: Vec<ServiceFee>,
    coupons: CouponChoice,
    /// Cart lines that cost more than when added: submit asks `accept_price_rises` for them.
    price_rises: Vec<PriceRiseView>,
}

#[derive(Serialize)]
pub struct PriceRiseView {
    sku_id: String,
    from: String,
    to: String,
}

#[derive(Serialize)]
pub struct AppliedView {
    id: String,
    #[serde(rename = "type")]
    kind: &'static str,
    name: String,
    discount: String,
}

/// A coupon of the caller's that takes nothing off this order, with why: `reason` is
/// `not_started`, `below_threshold` (then `short`, in yuan, is what the part lacks) or `nothing_off`.
#[derive(Serialize)]
pub struct UnusableView {
    #[serde(flatten)]
    coupon: CouponView,
    reason: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    short: Option<String>,
}

#[derive(Serialize)]
pub struct CouponChoice {
    usable: Vec<CouponView>,
    unusable: Vec<UnusableView>,
    applied: Vec<AppliedView>,
}

/// The caller's coupons this order reaches, each with what it would take off; those it does not,
/// each with why; and the chosen ones applied to `fees` the way the order will apply them.
async fn coupon_choice(
    state: &AppState,
    user_id: &str,
    chosen: &[String],
    quote: &Quote,
    lang: Language,
) -> Result<(CouponChoice, Fees), AppError> {
    let at = now();
    let mut fees = quote.fees;
    let mut usable = Vec::new();
    let mut unusable = Vec::new();
    for mut coupon in projections::coupons::unexpired(&state.db.pool, user_id, at).await? {
        let Some((kind, discount)) = coupon.terms() else {
            continue;
        };
        crate::routes::coupon::localize(lang, &mut coupon);
        match discount.for_order(fees.coupon_base(kind), coupon.valid_from, at) {
            Ok(off) => {
                coupon.discount = Some(off.to_yuan());
                usable.push(coupon);
            }
            Err(why) => unusable.push(UnusableView {
                coupon,
                reason: why.code(),
                short: match why {
                    domain::coupon::NotApplicable::BelowThreshold { short } => Some(short.to_yuan()),
                    _ => None,
                },
            }),
        }
    }
    let terms = quote.coupon_terms(&state.db, user_id, chosen, "", at).await?;
    let applied = domain::order::apply_coupons(&mut fees, terms)
        .map_err(|e| AppError::from(commands::command_queue::Refuses::refusal(&e)))?;
    let ids = applied.iter().map(|a| a.coupon_id.clone()).collect();
    let names = crate::routes::coupon::names_in(state, ids, lang).await?;
    let choice = CouponChoice {
        usable,
        unusable,
        applied: applied
            .into_iter()
            .map(|a| AppliedView {
                name: names.get(&a.coupon_id).cloned().unwrap_or(a.name),
                id: a.coupon_id,
                kind: a.kind.code(),
                discount: a.discount.to_yuan(),
            })
            .collect(),
    };
    Ok((choice, fees))
}

pub async fn preview(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<OrderBody>,
) -> ApiResult<Preview> {
    let lang = language_of(&headers);
    let wanted = body.wanted()?;
    let options = body.option_choice().resolve(&state.db, &user.id).await?.options;
    let quote = pricing::quote(&state.db, &user.id, &wanted, &options).await?;
    let (coupons, fees) = coupon_choice(&state, &user.id, &body.coupon_ids, &quote, lang).await?;
    let balance = projections::wallet::summary_of(&state.db.pool, &user.id)
        .await?
        .balance;
    let (couriers, qc_levels) = fee_tables();
    let mut value_added: Vec<&'static str> = options.value_added.iter().map(|v| v.code()).collect();
    value_added.sort_unstable();
    value_added.dedup();
    Ok(ok(Preview {
        lines: quote.lines.iter().map(|l| line_view(l, lang)).collect(),
        fees: FeesView {
            product_amount: fees.product_amount.to_yuan(),
            shipping: fees.shipping.to_yuan(),
            service: fees.service.to_yuan(),
            qc: fees.qc.to_yuan(),
            value_added: fees.value_added.to_yuan(),
            coupon_discount: fees.coupon_discount.to_yuan(),
            total: fees.total.to_yuan(),
        },
        items: quote.items,
        courier: options.courier.code(),
        qc_level: options.qc.code(),
        value_added,
        balance: balance.to_yuan(),
        couriers,
        qc_levels,
        value_added_services: ValueAdded::ALL
            .iter()
            .map(|v| ServiceFee {
                code: v.code(),
                per_item: v.per_item().to_yuan(),
            })
            .collect(),
        coupons,
        price_rises: quote
            .rises
            .iter()
            .map(|r| PriceRiseView {
                sku_id: r.sku_id.clone(),
                from: r.from.to_yuan(),
                to: r.to.to_yuan(),
            })
            .collect(),
    }))
}

#[derive(Serialize)]
pub struct Placed {
    order: OrderView,
}

async fn order_answer(
    state: &AppState,
    user_id: Option<&str>,
    order_no: &str,
    lang: Language,
) -> Result<OrderView, AppError> {
    let mut order = read::detail(&state.db.pool, user_id, order_no, lang)
        .await?
        .ok_or(AppError::NotFound("order.not_found"))?;
    crate::routes::coupon::localize_order_coupons(state, &mut order.coupons, lang).await?;
    Ok(order)
}

pub async fn submit(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<OrderBody>,
) -> ApiResult<Placed> {
    let wanted = body.wanted()?;
    let chosen = body.option_choice().resolve(&state.db, &user.id).await?;
    let request = OrderRequest {
        wanted,
        destination: body.destination(chosen.courier_chosen)?,
        options: chosen.options,
        remark: body.remark.clone(),
        request_id: body.request_id.clone(),
        coupon_ids: body.coupon_ids.clone(),
        accept_price_rises: body.accept_price_rises,
    };
    let order_no = placing::submit(
        &state.db,
        &state.orders,
        &state.coupons,
        divisions(),
        &user.id,
        request,
        now(),
    )
    .await?;
    let order = order_answer(&state, Some(&user.id), &order_no, language_of(&headers)).await?;
    Ok(ok(Placed { order }))
}

#[derive(Deserialize)]
pub struct ItemBody {
    #[serde(default)]
    item_no: Value,
}

/// Manual entry looks SKUs up by the item number printed on the goods.
pub async fn item(
    State(state): State<AppState>,
    headers: HeaderMap,
    _user: CurrentUser,
    JsonBody(body): JsonBody<ItemBody>,
) -> ApiResult<read::Item> {
    let item_no = text(&body.item_no);
    if item_no.is_empty() {
        return Err(Refusal::new("order.item_no_required").on("item_no").into());
    }
    read::item_by_number(&state.db.pool, &item_no, language_of(&headers))
        .await?
        .map(ok)
        .ok_or_else(|| Refusal::new("order.item_unknown").on("item_no").into())
}

pub async fn lists(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<ListBody>,
) -> ApiResult<OrdersPage> {
    let (filter, page, pagesize) = filter_of(&body, Some(user.id.clone()))?;
    Ok(ok(read::list(
        &state.db.pool,
        &filter,
        page,
        pagesize,
        language_of(&headers),
    )
    .await?))
}

#[derive(Deserialize, Default)]
pub struct OrderNoBody {
    #[serde(default)]
    order_no: Value,
    #[serde(default)]
    method: String,
    #[serde(default)]
    reason: String,
    #[serde(default)]
    rating: Value,
    #[serde(default)]
    content: String,
}

impl OrderNoBody {
    fn order_no(&self) -> Result<String, AppError> {
        let no = text(&self.order_no);
        if no.is_empty() {
            return Err(Refusal::new("order.id_required").on("order_no").into());
        }
        Ok(no)
    }
}

pub async fn detail(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<OrderNoBody>,
) -> ApiResult<OrderView> {
    let no = body.order_no()?;
    Ok(ok(order_answer(
        &state,
        Some(&user.id),
        &no,
        language_of(&headers),
    )
    .await?))
}

#[derive(Serialize)]
pub struct Paid {
    #[serde(skip_serializing_if = "Option::is_none")]
    order: Option<OrderView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    payment: Option<PaymentView>,
}

pub async fn pay(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<OrderNoBody>,
) -> ApiResult<Paid> {
    let no = body.order_no()?;
    match body.method.trim() {
        "" | "wallet" => {
            payment::pay_from_wallet(
                &state.db,
                &state.orders,
                &state.wallets,
                &user.id,
                &no,
                PaymentMethod::Wallet,
                now(),
            )
            .await?;
            let order = order_answer(&state, Some(&user.id), &no, language_of(&headers)).await?;
            Ok(ok(Paid {
                order: Some(order),
                payment: None,
            }))
        }
        "qr" => {
            let gateway = state.payments.gateway()?;
            let found = payment::pay_by_qr(
                &state.db,
                &state.wallets,
                &user.id,
                &no,
                &state.payments.notify_url(),
                gateway.is_simulator(),
                now(),
            )
            .await?;
            let view = super::fund::pay_link(&state, &headers, gateway, &found).await?;
            Ok(ok(Paid {
                order: None,
                payment: Some(view),
            }))
        }
        _ => Err(Refusal::new("order.method_invalid").on("method").into()),
    }
}

/// Sends a seller's command to one of the caller's own orders and answers the order.
async fn seller_command(
    state: &AppState,
    headers: &HeaderMap,
    user: &CurrentUser,
    order_no: &str,
    command: OrderCommand,
) -> ApiResult<OrderView> {
    payment::owned_order(&state.db, &user.id, order_no).await?;
    state.orders.execute(order_no, command).await?;
    Ok(ok(order_answer(
        state,
        Some(&user.id),
        order_no,
        language_of(headers),
    )
    .await?))
}

pub async fn cancel(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<OrderNoBody>,
) -> ApiResult<OrderView> {
    let no = body.order_no()?;
    if body.reason.chars().count() > 200 {
        return Err(Refusal::new("order.reason_too_long").on("reason").into());
    }
    let command = OrderCommand::Cancel {
        reason: body.reason.clone(),
        at: now(),
    };
    seller_command(&state, &headers, &user, &no, command).await
}

pub async fn confirm(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<OrderNoBody>,
) -> ApiResult<OrderView> {
    let no = body.order_no()?;
    seller_command(
        &state,
        &headers,
        &user,
        &no,
        OrderCommand::ConfirmReceipt { at: now() },
    )
    .await
}

pub async fn review(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<OrderNoBody>,
) -> ApiResult<OrderView> {
    let no = body.order_no()?;
    let rating = match &body.rating {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|r| (1..=5).contains(r))
    .ok_or_else(|| Refusal::new("order.rating_out_of_range").on("rating"))? as u8;
    if body.content.chars().count() > 500 {
        return Err(Refusal::new("order.review_too_long").on("content").into());
    }
    let command = OrderCommand::Review {
        rating,
        content: body.content.trim().to_string(),
        at: now(),
    };
    seller_command(&state, &headers, &user, &no, command).await
}

#[derive(Deserialize, Default)]
pub struct NoticeBody {
    page: Option<i64>,
    pagesize: Option<i64>,
    #[serde(default)]
    status: String,
}

impl NoticeBody {
    fn paging(&self) -> Result<(i64, i64), AppError> {
        Paging {
            page: self.page,
            pagesize: self.pagesize,
        }
        .checked()
    }
}

pub async fn out_stock(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
    JsonBody(body): JsonBody<NoticeBody>,
) -> ApiResult<NoticePage<read::ShortageNotice>> {
    let (page, pagesize) = body.paging()?;
    Ok(ok(read::out_stock_page(
        &state.db.pool,
        &user.id,
        page,
        pagesize,
        language_of(&headers),
    )
    .await?))
}

pub async fn abnormal(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<NoticeBody>,
) -> ApiResult<NoticePage<read::AbnormalNotice>> {
    let (page, pagesize) = body.paging()?;
    let open = match body.status.trim() {
        "" | "all" => None,
        "open" => Some(true),
        "resolved" => Some(false),
        _ => return Err(Refusal::new("order.abnormal_status_invalid").on("status").into()),
    };
    Ok(ok(read::abnormal_page(
        &state.db.pool,
        &user.id,
        open,
        page,
        pagesize,
    )
    .await?))
}

#[derive(Deserialize, Default)]
pub struct RankingBody {
    #[serde(default)]
    kind: String,
    #[serde(default)]
    range: String,
}

#[derive(Serialize)]
#[serde(untagged)]
pub enum Ranked {
    Products(Vec<ranking::RankedProduct>),
    Stalls(Vec<ranking::RankedStall>),
}

#[derive(Serialize)]
pub struct Ranking {
    list: Ranked,
    kind: String,
    range: String,
    from: i64,
    to: i64,
}

pub async fn ranking_lists(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<RankingBody>,
) -> ApiResult<Ranking> {
    let days = ranking::range_days(body.range.trim())
        .ok_or_else(|| Refusal::new("ranking.range_invalid").on("range"))?;
    let at = now();
    let today = domain::calendar::china_day(at);
    let list = match body.kind.trim() {
        "" | "product" => {
            Ranked::Products(ranking::top_products(&state.db.pool, days, at, language_of(&headers)).await?)
        }
        "stall" => Ranked::Stalls(ranking::top_stalls(&state.db.pool, days, at).await?),
        _ => return Err(Refusal::new("ranking.kind_invalid").on("kind").into()),
    };
    let kind = if matches!(list, Ranked::Stalls(_)) {
        "stall"
    } else {
        "product"
    };
    Ok(ok(Ranking {
        list,
        kind: kind.into(),
        range: format!("{days}d"),
        from: domain::calendar::china_day_start(today - days + 1),
        to: at,
    }))
}
