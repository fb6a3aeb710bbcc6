use domain::money::Fen;
use domain::order::{Order, OrderEvent};
use serde::Serialize;
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, AnyPool, Row};

use crate::catalog::colour_picture_url;
use crate::orders::projection::{detail_of, ShortItem};
use crate::product_names::{colour_in, size_in};
use crate::sites::Language;
use crate::timeline::{self, TimelineEntry};

/// The order list's tabs (spec §4 labels: pending payment, to be shipped, shipped / to be received,
/// to be reviewed, completed, cancelled).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    All,
    PendingPayment,
    ToBeShipped,
    Shipped,
    ToBeReviewed,
    Completed,
    Cancelled,
}

impl Tab {
    pub fn from_code(code: &str) -> Option<Tab> {
        Some(match code {
            "" | "all" => Tab::All,
            "pending_payment" => Tab::PendingPayment,
            "to_be_shipped" => Tab::ToBeShipped,
            "shipped" => Tab::Shipped,
            "to_be_reviewed" => Tab::ToBeReviewed,
            "completed" => Tab::Completed,
            "cancelled" => Tab::Cancelled,
            _ => return None,
        })
    }

    fn condition(self) -> &'static str {
        match self {
            Tab::All => "1 = 1",
            Tab::PendingPayment => "status = 'pending_payment'",
            Tab::ToBeShipped => "status = 'to_be_shipped'",
            Tab::Shipped => "status = 'shipped'",
            Tab::ToBeReviewed => "status = 'completed' AND reviewed = 0",
            Tab::Completed => "status = 'completed'",
            Tab::Cancelled => "status = 'cancelled'",
        }
    }
}

/// What the order list is narrowed to. `user_id` is `None` only for the operator.
#[derive(Debug, Clone)]
pub struct Filter {
    pub user_id: Option<String>,
    pub tab: Tab,
    pub order_no: String,
    pub source_order_no: String,
    pub platform: String,
    pub start: Option<i64>,
    pub end: Option<i64>,
}

enum Bind {
    Text(String),
    Int(i64),
}

/// A WHERE clause built from optional parts, with its parameters numbered in order.
#[derive(Default)]
struct Conditions {
    parts: Vec<String>,
    binds: Vec<Bind>,
}

impl Conditions {
    fn push(&mut self, sql: &str, bind: Bind) {
        self.binds.push(bind);
        self.parts
            .push(sql.replace('?', &format!("${}", self.binds.len())));
    }

    fn sql(&self) -> String {
        if self.parts.is_empty() {
            "1 = 1".into()
        } else {
            self.parts.join(" AND ")
        }
    }

    fn bind<'q>(&'q self, mut query: Query<'q, Any, AnyArguments<'q>>) -> Query<'q, Any, AnyArguments<'q>> {
        for b in &self.binds {
            query = match b {
                Bind::Text(t) => query.bind(t.as_str()),
                Bind::Int(i) => query.bind(*i),
            };
        }
        query
    }
}

/// `text` as a LIKE prefix pattern, its wildcards escaped.
fn prefix_pattern(text: &str) -> String {
    let mut pattern = String::with_capacity(text.len() + 1);
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

fn conditions_of(filter: &Filter) -> Conditions {
    let mut c = Conditions::default();
    if let Some(user) = &filter.user_id {
        c.push("user_id = ?", Bind::Text(user.clone()));
    }
    if !filter.order_no.trim().is_empty() {
        c.push(
            "order_no LIKE ? ESCAPE '\\'",
            Bind::Text(prefix_pattern(filter.order_no.trim())),
        );
    }
    if !filter.source_order_no.trim().is_empty() {
        c.push(
            "source_order_no LIKE ? ESCAPE '\\'",
            Bind::Text(prefix_pattern(filter.source_order_no.trim())),
        );
    }
    if !filter.platform.is_empty() {
        c.push("platform = ?", Bind::Text(filter.platform.clone()));
    }
    if let Some(start) = filter.start {
        c.push("placed_at >= ?", Bind::Int(start));
    }
    if let Some(end) = filter.end {
        c.push("placed_at <= ?", Bind::Int(end));
    }
    c
}

#[derive(Debug, Clone, Serialize)]
pub struct FeesView {
    pub product_amount: String,
    pub shipping: String,
    pub service: String,
    pub qc: String,
    pub value_added: String,
    pub coupon_discount: String,
    pub total: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct AddressView {
    pub recipient: String,
    pub phone: String,
    pub province: String,
    pub city: String,
    pub district: String,
    pub detail: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct OrderItemView {
    pub sku_id: String,
    pub product_id: String,
    pub item_no: String,
    pub title: String,
    pub image: String,
    pub color: String,
    pub size: String,
    pub price: String,
    pub quantity: i64,
    pub short_quantity: i64,
    pub amount: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct OrderView {
    pub order_no: String,
    pub user_id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub platform: String,
    pub source_order_no: String,
    pub status: String,
    pub stock_status: String,
    pub abnormal: bool,
    pub reviewed: bool,
    pub rating: i64,
    pub review: String,
    pub items: Vec<OrderItemView>,
    pub item_count: i64,
    pub fees: FeesView,
    pub paid_amount: String,
    pub refunded: String,
    pub payment_method: String,
    pub courier: String,
    pub qc_level: String,
    pub value_added: Vec<String>,
    pub address: Option<AddressView>,
    pub label_file: String,
    pub ship_courier: String,
    pub tracking_no: String,
    pub remark: String,
    pub placed_at: i64,
    pub paid_at: Option<i64>,
    pub shipped_at: Option<i64>,
    pub completed_at: Option<i64>,
    pub cancelled_at: Option<i64>,
    /// `[{"id", "type", "name", "discount"}]`
    pub coupons: serde_json::Value,
    /// The seller's multi-item shipping priority when it was placed: together | split.
    pub shipping_priority: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeline: Option<Vec<TimelineEntry>>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Counts {
    pub all: i64,
    pub pending_payment: i64,
    pub to_be_shipped: i64,
    pub shipped: i64,
    pub to_be_reviewed: i64,
    pub completed: i64,
    pub cancelled: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct OrdersPage {
    pub list: Vec<OrderView>,
    pub total: i64,
    pub page: i64,
    pub pagesize: i64,
    pub counts: Counts,
}

pub(crate) const ORDER_COLUMNS: &str = "order_no, user_id, kind, platform, source_order_no, label_file, recipient, phone, province, \
    city, district, detail, status, stock_status, CASE WHEN abnormal <> 0 THEN 1 ELSE 0 END AS abnormal, \
    CASE WHEN reviewed <> 0 THEN 1 ELSE 0 END AS reviewed, courier, qc_level, value_added, product_amount, shipping, service, qc_fee, \
    value_added_fee, coupon_discount, total, item_count, paid_amount, refunded, payment_method, ship_courier, tracking_no, \
    remark, rating, review, placed_at, paid_at, shipped_at, completed_at, cancelled_at, coupons, shipping_priority";

pub(crate) fn yuan(r: &AnyRow, i: impl sqlx::ColumnIndex<AnyRow>) -> String {
    Fen(r.get(i)).to_yuan()
}

pub(crate) fn when(r: &AnyRow, i: impl sqlx::ColumnIndex<AnyRow>) -> Option<i64> {
    let at: i64 = r.get(i);
    (at > 0).then_some(at)
}

pub(crate) fn order_of(r: &AnyRow) -> OrderView {
    let kind: String = r.get("kind");
    let value_added: String = r.get("value_added");
    let recipient: String = r.get("recipient");
    OrderView {
        order_no: r.get("order_no"),
        user_id: r.get("user_id"),
        // Domestic orders and imported platform orders carry an address; labelled platform orders do not.
        address: (!recipient.is_empty()).then(|| AddressView {
            recipient,
            phone: r.get("phone"),
            province: r.get("province"),
            city: r.get("city"),
            district: r.get("district"),
            detail: r.get("detail"),
        }),
        kind,
        platform: r.get("platform"),
        source_order_no: r.get("source_order_no"),
        label_file: r.get("label_file"),
        status: r.get("status"),
        stock_status: r.get("stock_status"),
        abnormal: r.get::<i64, _>("abnormal") == 1,
        reviewed: r.get::<i64, _>("reviewed") == 1,
        courier: r.get("courier"),
        qc_level: r.get("qc_level"),
        value_added: value_added
            .split(',')
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect(),
        fees: FeesView {
            product_amount: yuan(r, "product_amount"),
            shipping: yuan(r, "shipping"),
            service: yuan(r, "service"),
            qc: yuan(r, "qc_fee"),
            value_added: yuan(r, "value_added_fee"),
            coupon_discount: yuan(r, "coupon_discount"),
            total: yuan(r, "total"),
        },
        item_count: r.get("item_count"),
        paid_amount: yuan(r, "paid_amount"),
        refunded: yuan(r, "refunded"),
        payment_method: r.get("payment_method"),
        ship_courier: r.get("ship_courier"),
        tracking_no: r.get("tracking_no"),
        remark: r.get("remark"),
        rating: r.get("rating"),
        review: r.get("review"),
        placed_at: r.get("placed_at"),
        paid_at: when(r, "paid_at"),
        shipped_at: when(r, "shipped_at"),
        completed_at: when(r, "completed_at"),
        cancelled_at: when(r, "cancelled_at"),
        coupons: serde_json::from_str(&r.get::<String, _>("coupons"))
            .unwrap_or_else(|_| serde_json::json!([])),
        shipping_priority: r.get("shipping_priority"),
        items: Vec::new(),
        timeline: None,
    }
}

/// Fills in the items of `orders` with one query, titles in `lang`.
pub(crate) async fn attach_items(
    pool: &AnyPool,
    orders: &mut [OrderView],
    lang: Language,
) -> sqlx::Result<()> {
    if orders.is_empty() {
        return Ok(());
    }
    let marks: Vec<String> = (1..=orders.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT i.order_no, i.sku_id, i.product_id, i.item_no, i.title, COALESCE(p.title_en, '') AS title_en, i.color, i.size, \
         i.unit_price, i.quantity, i.short_quantity, COALESCE(p.colors, '[]') AS colours \
         FROM order_items i LEFT JOIN products p ON p.id = i.product_id \
         WHERE i.order_no IN ({}) ORDER BY i.order_no, i.line_no",
        marks.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for order in orders.iter() {
        query = query.bind(order.order_no.as_str());
    }
    for r in query.fetch_all(pool).await? {
        let order_no: String = r.get("order_no");
        let Some(order) = orders.iter_mut().find(|o| o.order_no == order_no) else {
            continue;
        };
        let product_id: String = r.get("product_id");
        let title_en: String = r.get("title_en");
        let colour: String = r.get("color");
        let colours: String = r.get("colours");
        let price = Fen(r.get("unit_price"));
        let quantity: i64 = r.get("quantity");
        order.items.push(OrderItemView {
            sku_id: r.get("sku_id"),
            image: colour_picture_url(&product_id, &colours, &colour),
            product_id,
            item_no: r.get("item_no"),
            title: match lang {
                Language::EnUs if !title_en.is_empty() => title_en,
                _ => r.get("title"),
            },
            color: colour_in(&colours, &colour, lang),
            size: size_in(&r.get::<String, _>("size"), lang),
            price: price.to_yuan(),
            quantity,
            short_quantity: r.get("short_quantity"),
            amount: Fen(price.0.saturating_mul(quantity)).to_yuan(),
        });
    }
    Ok(())
}

/// A page of orders, newest first, with the count of every tab under the other filters.
pub async fn list(
    pool: &AnyPool,
    filter: &Filter,
    page: i64,
    pagesize: i64,
    lang: Language,
) -> sqlx::Result<OrdersPage> {
    let c = conditions_of(filter);
    let where_sql = c.sql();
    let counts_sql = format!(
        "SELECT COUNT(*) AS all_count, \
         CAST(COALESCE(SUM(CASE WHEN status = 'pending_payment' THEN 1 ELSE 0 END), 0) AS BIGINT) \
         AS pending_payment, \
         CAST(COALESCE(SUM(CASE WHEN status = 'to_be_shipped' THEN 1 ELSE 0 END), 0) AS BIGINT) \
         AS to_be_shipped, \
         CAST(COALESCE(SUM(CASE WHEN status = 'shipped' THEN 1 ELSE 0 END), 0) AS BIGINT) AS shipped, \
         CAST(COALESCE(SUM(CASE WHEN status = 'completed' AND reviewed = 0 THEN 1 ELSE 0 END), 0) AS BIGINT) \
         AS to_be_reviewed, \
         CAST(COALESCE(SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END), 0) AS BIGINT) AS completed, \
         CAST(COALESCE(SUM(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END), 0) AS BIGINT) AS cancelled \
         FROM orders WHERE {where_sql}"
    );
    let r = c.bind(sqlx::query(&counts_sql)).fetch_one(pool).await?;
    let counts = Counts {
        all: r.get("all_count"),
        pending_payment: r.get("pending_payment"),
        to_be_shipped: r.get("to_be_shipped"),
        shipped: r.get("shipped"),
        to_be_reviewed: r.get("to_be_reviewed"),
        completed: r.get("completed"),
        cancelled: r.get("cancelled"),
    };
    let total = match filter.tab {
        Tab::All => counts.all,
        Tab::PendingPayment => counts.pending_payment,
        Tab::ToBeShipped => counts.to_be_shipped,
        Tab::Shipped => counts.shipped,
        Tab::ToBeReviewed => counts.to_be_reviewed,
        Tab::Completed => counts.completed,
        Tab::Cancelled => counts.cancelled,
    };
    let rows_sql = format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE {where_sql} AND {} \
         ORDER BY placed_at DESC, order_no DESC LIMIT {pagesize} OFFSET {}",
        filter.tab.condition(),
        (page - 1) * pagesize
    );
    let rows = c.bind(sqlx::query(&rows_sql)).fetch_all(pool).await?;
    let mut list: Vec<OrderView> = rows.iter().map(order_of).collect();
    attach_items(pool, &mut list, lang).await?;
    Ok(OrdersPage {
        list,
        total,
        page,
        pagesize,
        counts,
    })
}

/// One order with its items and timeline; `user_id` `None` for the operator.
pub async fn detail(
    pool: &AnyPool,
    user_id: Option<&str>,
    order_no: &str,
    lang: Language,
) -> sqlx::Result<Option<OrderView>> {
    let row = sqlx::query(&format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE order_no = $1 AND ($2 = '' OR user_id = $2)"
    ))
    .bind(order_no)
    .bind(user_id.unwrap_or(""))
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let mut orders = vec![order_of(&row)];
    attach_items(pool, &mut orders, lang).await?;
    let timeline = timeline::read::<Order>(pool, order_no, OrderEvent::at, detail_of).await?;
    let mut order = orders.pop().expect("one order");
    order.timeline = Some(timeline);
    Ok(Some(order))
}

#[derive(Debug, Clone, Serialize)]
pub struct ShortageNotice {
    pub order_no: String,
    pub all: bool,
    pub refund: String,
    pub items: Vec<ShortItem>,
    pub at: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct NoticePage<T> {
    pub list: Vec<T>,
    pub total: i64,
    pub page: i64,
    pub pagesize: i64,
}

/// The picture of a SKU's colour; empty when the SKU is gone from the catalogue.
pub(crate) async fn sku_picture(pool: &AnyPool, sku_id: &str) -> sqlx::Result<String> {
    let row = sqlx::query(
        "SELECT k.product_id, p.colors, k.color FROM skus k JOIN products p ON p.id = k.product_id WHERE k.id = $1",
    )
    .bind(sku_id)
    .fetch_optional(pool)
    .await?;
    Ok(row
        .map(|r| {
            colour_picture_url(
                &r.get::<String, _>("product_id"),
                &r.get::<String, _>("colors"),
                &r.get::<String, _>("color"),
            )
        })
        .unwrap_or_default())
}

/// The product of a SKU, its colours and English title; `None` when the SKU is gone from the
/// catalogue.
async fn sku_product(pool: &AnyPool, sku_id: &str) -> sqlx::Result<Option<(String, String, String)>> {
    let row = sqlx::query(
        "SELECT k.product_id, p.colors, p.title_en FROM skus k JOIN products p ON p.id = k.product_id WHERE k.id = $1",
    )
    .bind(sku_id)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| (r.get("product_id"), r.get("colors"), r.get("title_en"))))
}

pub async fn out_stock_page(
    pool: &AnyPool,
    user_id: &str,
    page: i64,
    pagesize: i64,
    lang: Language,
) -> sqlx::Result<NoticePage<ShortageNotice>> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM order_shortages WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT order_no, CASE WHEN all_items <> 0 THEN 1 ELSE 0 END AS all_items, refund, items, at \
         FROM order_shortages \
         WHERE user_id = $1 ORDER BY at DESC, order_no DESC, sequence DESC LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    let mut list: Vec<ShortageNotice> = rows
        .iter()
        .map(|r| ShortageNotice {
            order_no: r.get("order_no"),
            all: r.get::<i64, _>("all_items") == 1,
            refund: yuan(r, "refund"),
            items: serde_json::from_str(&r.get::<String, _>("items")).unwrap_or_default(),
            at: r.get("at"),
        })
        .collect();
    for item in list.iter_mut().flat_map(|n| n.items.iter_mut()) {
        let Some((product_id, colours, title_en)) = sku_product(pool, &item.sku_id).await? else {
            continue;
        };
        item.image = colour_picture_url(&product_id, &colours, &item.color);
        if lang == Language::EnUs && !title_en.trim().is_empty() {
            item.title = title_en;
        }
        item.color = colour_in(&colours, &item.color, lang);
        item.size = size_in(&item.size, lang);
    }
    Ok(NoticePage {
        list,
        total,
        page,
        pagesize,
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct AbnormalNotice {
    pub order_no: String,
    pub reason: String,
    pub flagged_at: i64,
    pub resolution: String,
    pub resolved_at: Option<i64>,
    pub status: &'static str,
}

/// `status`: `Some(true)` open only, `Some(false)` resolved only.
pub async fn abnormal_page(
    pool: &AnyPool,
    user_id: &str,
    open: Option<bool>,
    page: i64,
    pagesize: i64,
) -> sqlx::Result<NoticePage<AbnormalNotice>> {
    let condition = match open {
        None => "1 = 1",
        Some(true) => "resolved_at = 0",
        Some(false) => "resolved_at <> 0",
    };
    let total: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM order_abnormal WHERE user_id = $1 AND {condition}"
    ))
    .bind(user_id)
    .fetch_one(pool)
    .await?;
    let rows = sqlx::query(&format!(
        "SELECT order_no, reason, flagged_at, resolution, resolved_at FROM order_abnormal \
         WHERE user_id = $1 AND {condition} ORDER BY flagged_at DESC, order_no DESC, sequence DESC LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    let list = rows
        .iter()
        .map(|r| {
            let resolved_at = when(r, "resolved_at");
            AbnormalNotice {
                order_no: r.get("order_no"),
                reason: r.get("reason"),
                flagged_at: r.get("flagged_at"),
                resolution: r.get("resolution"),
                status: if resolved_at.is_some() { "resolved" } else { "open" },
                resolved_at,
            }
        })
        .collect();
    Ok(NoticePage {
        list,
        total,
        page,
        pagesize,
    })
}

/// The seller's orders awaiting payment, oldest first, at most `limit`; with `import_id`, only the
/// orders placed from that platform import of theirs.
pub async fn awaiting_payment(
    pool: &AnyPool,
    user_id: &str,
    import_id: Option<&str>,
    limit: i64,
) -> sqlx::Result<Vec<String>> {
    let scope = if import_id.is_some() {
        " AND o.kind = 'platform' AND o.platform = (SELECT i.platform FROM platform_imports i \
          WHERE i.id = $3 AND i.user_id = $1) AND o.source_order_no IN \
          (SELECT l.source_order_no FROM platform_import_lines l WHERE l.import_id = $3)"
    } else {
        ""
    };
    let sql = format!(
        "SELECT o.order_no FROM orders o WHERE o.user_id = $1 AND o.status = 'pending_payment'{scope} \
         ORDER BY o.placed_at, o.order_no LIMIT $2"
    );
    let mut query = sqlx::query(&sql).bind(user_id).bind(limit);
    if let Some(id) = import_id {
        query = query.bind(id);
    }
    Ok(query
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| r.get("order_no"))
        .collect())
}
