//! The one quote of a checkout: the lines priced from the catalogue as it is now, the options with the
//! drop-shipping settings filling in what the seller left empty, and the fees. The preview shows it and
//! submit places it, so a preview and the order it becomes cannot differ.

use domain::money::Fen;
use std::collections::HashMap;

use domain::coupon::CouponTerms;
use domain::order::{Courier, Fees, OrderLine, QcLevel, ShippingPriority, ValueAdded};
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::coupons;
use crate::error::{Error, Refusal};
use crate::forward::ForwardSettings;
use crate::Database;

/// Where the lines come from.
#[derive(Debug, Clone)]
pub enum Wanted {
    /// The caller's selected cart lines; they leave the cart once the order is placed.
    Cart,
    Lines(Vec<(String, i64)>),
}

/// The SKUs and quantities `wanted` names for `user_id`.
pub async fn wanted_lines(
    db: &Database,
    user_id: &str,
    wanted: &Wanted,
) -> Result<Vec<(String, i64)>, Error> {
    match wanted {
        Wanted::Cart => selected_cart_lines(db, user_id).await,
        Wanted::Lines(lines) => Ok(lines.clone()),
    }
}

/// A line priced now, with what the screens show beside it.
#[derive(Debug, Clone)]
pub struct PricedLine {
    pub line: OrderLine,
    pub title_en: String,
    pub stall_name: String,
    pub stock: i64,
    /// The product's colours as stored (`products.colors`), for the line's colour picture.
    pub colours: String,
}

/// Courier, QC and value-added services of an order.
#[derive(Debug, Clone)]
pub struct Options {
    pub courier: Courier,
    pub qc: QcLevel,
    pub value_added: Vec<ValueAdded>,
}

/// Courier, QC and value-added services as the seller sent them (codes): an empty courier or QC level
/// takes the one the drop-shipping settings hold.
#[derive(Debug, Clone, Default)]
pub struct OptionChoice {
    pub courier: String,
    pub qc_level: String,
    pub value_added: Vec<String>,
}

/// The options a checkout uses, and whether the seller named the courier (a platform order with a
/// label of its own needs no courier of ours unless the seller named one).
#[derive(Debug, Clone)]
pub struct Chosen {
    pub options: Options,
    pub courier_chosen: bool,
}

impl OptionChoice {
    /// The options, refusing unknown codes by field; the settings are read only when a choice is left
    /// empty.
    pub async fn resolve(&self, db: &Database, user_id: &str) -> Result<Chosen, Error> {
        let courier = self.courier.trim();
        let qc_level = self.qc_level.trim();
        let saved = if courier.is_empty() || qc_level.is_empty() {
            saved_options(db, user_id).await?
        } else {
            ForwardSettings::default()
        };
        let courier_chosen = !courier.is_empty();
        let courier = Courier::from_code(if courier_chosen { courier } else { &saved.courier })
            .ok_or_else(|| Refusal::new("order.courier_required").on("courier"))?;
        let qc = QcLevel::from_code(if qc_level.is_empty() {
            &saved.qc_level
        } else {
            qc_level
        })
        .ok_or_else(|| Refusal::new("forward.qc_level_unknown").on("qc_level"))?;
        let mut value_added = Vec::with_capacity(self.value_added.len());
        for code in &self.value_added {
            value_added.push(
                ValueAdded::from_code(code.trim())
                    .ok_or_else(|| Refusal::new("order.value_added_invalid").on("value_added"))?,
            );
        }
        Ok(Chosen {
            options: Options {
                courier,
                qc,
                value_added,
            },
            courier_chosen,
        })
    }
}

/// The courier and QC level `user_id` saved, or the defaults until they save theirs.
async fn saved_options(db: &Database, user_id: &str) -> Result<ForwardSettings, Error> {
    let row = sqlx::query("SELECT courier, qc_level FROM forward_settings WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    let mut saved = ForwardSettings::default();
    if let Some(row) = row {
        saved.courier = row.get("courier");
        saved.qc_level = row.get("qc_level");
    }
    Ok(saved)
}

/// A cart line whose price rose since the seller put it in the cart (or last confirmed it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PriceRise {
    pub sku_id: String,
    pub from: Fen,
    pub to: Fen,
}

/// A checkout priced: its lines, their fees before coupons, the item count, how the order ships, and
/// the cart lines whose price rose since they were added.
#[derive(Debug, Clone)]
pub struct Quote {
    pub lines: Vec<PricedLine>,
    pub fees: Fees,
    pub items: i64,
    pub priority: ShippingPriority,
    pub rises: Vec<PriceRise>,
}

/// Prices what `user_id` wants with `options`: the quote the preview shows and submit places.
pub async fn quote(db: &Database, user_id: &str, wanted: &Wanted, options: &Options) -> Result<Quote, Error> {
    let added = match wanted {
        Wanted::Cart => prices_added(db, user_id).await?,
        Wanted::Lines(_) => HashMap::new(),
    };
    let wanted = wanted_lines(db, user_id, wanted).await?;
    let (lines, priority) = price_lines_for(db, &wanted, user_id).await?;
    let (fees, items) = fees_of(&lines, options)?;
    let rises = lines
        .iter()
        .filter_map(|l| {
            let from = *added.get(&l.line.sku_id)?;
            (l.line.unit_price > from && from.is_positive()).then(|| PriceRise {
                sku_id: l.line.sku_id.clone(),
                from,
                to: l.line.unit_price,
            })
        })
        .collect();
    Ok(Quote {
        lines,
        fees,
        items,
        priority,
        rises,
    })
}

/// The price each of `user_id`'s cart lines had when added.
async fn prices_added(db: &Database, user_id: &str) -> Result<HashMap<String, Fen>, Error> {
    let rows = sqlx::query("SELECT sku_id, price_added FROM cart_items WHERE user_id = $1")
        .bind(user_id)
        .fetch_all(&db.pool)
        .await?;
    Ok(rows
        .iter()
        .map(|r| (r.get("sku_id"), Fen(r.get("price_added"))))
        .collect())
}

impl Quote {
    /// The coupons `user_id` chose, checked against this quote's fees for `order_no` (empty before the
    /// order has a number).
    pub async fn coupon_terms(
        &self,
        db: &Database,
        user_id: &str,
        coupon_ids: &[String],
        order_no: &str,
        now: i64,
    ) -> Result<Vec<CouponTerms>, Error> {
        coupons::chosen_terms(db, user_id, coupon_ids, &self.fees, order_no, now).await
    }
}

/// Wanted quantities per SKU, the same SKU twice added up, in the order first named.
pub fn merge(wanted: &[(String, i64)]) -> Vec<(String, i64)> {
    let mut merged: Vec<(String, i64)> = Vec::new();
    for (sku, quantity) in wanted {
        match merged.iter_mut().find(|(s, _)| s == sku) {
            Some((_, q)) => *q = q.saturating_add(*quantity),
            None => merged.push((sku.clone(), *quantity)),
        }
    }
    merged
}

/// Prices each wanted SKU at today's price, refusing unknown SKUs, quantities below one and more than
/// the stock, naming the SKU; with `user_id`'s multi-item shipping priority as the drop-shipping
/// settings hold it now, read by the same statement: each statement of an order placed is a round trip
/// on PostgreSQL.
async fn price_lines_for(
    db: &Database,
    wanted: &[(String, i64)],
    user_id: &str,
) -> Result<(Vec<PricedLine>, ShippingPriority), Error> {
    let (lines, priority) = priced(db, wanted, user_id).await?;
    let priority = priority
        .as_deref()
        .and_then(ShippingPriority::from_code)
        .unwrap_or_default();
    Ok((lines, priority))
}

/// SKUs per `IN (…)` list.
const SKUS_PER_READ: usize = 500;

async fn priced(
    db: &Database,
    wanted: &[(String, i64)],
    user_id: &str,
) -> Result<(Vec<PricedLine>, Option<String>), Error> {
    let wanted = merge(wanted);
    if wanted.is_empty() {
        return Err(Refusal::new("order.no_items").on("lines").into());
    }
    let mut found: HashMap<String, AnyRow> = HashMap::with_capacity(wanted.len());
    let mut priority = None;
    for chunk in wanted.chunks(SKUS_PER_READ) {
        let marks: Vec<String> = (0..chunk.len()).map(|n| format!("${}", n + 2)).collect();
        let sql = format!(
            "SELECT k.id AS sku_id, p.id AS product_id, p.stall_id, s.name AS stall_name, p.item_no, p.title_zh, \
             p.title_en, k.color, k.size, k.price, k.stock, p.colors, p.on_shelf, \
             (SELECT shipping_priority FROM forward_settings WHERE user_id = $1) AS shipping_priority \
             FROM skus k JOIN products p ON p.id = k.product_id JOIN stalls s ON s.id = p.stall_id \
             WHERE k.id IN ({})",
            marks.join(", ")
        );
        let mut query = sqlx::query(&sql).bind(user_id);
        for (sku, _) in chunk {
            query = query.bind(sku);
        }
        for row in query.fetch_all(&db.pool).await? {
            priority = row.get::<Option<String>, _>("shipping_priority");
            found.insert(row.get("sku_id"), row);
        }
    }
    let mut lines = Vec::with_capacity(wanted.len());
    for (sku, quantity) in wanted {
        if quantity < 1 {
            return Err(Refusal::new("cart.quantity_not_positive")
                .on("lines")
                .with("sku", &sku)
                .into());
        }
        let row = found
            .get(&sku)
            .ok_or_else(|| Refusal::new("cart.sku_unknown").on("lines").with("sku", &sku))?;
        if row.get::<i64, _>("on_shelf") == 0 {
            return Err(Refusal::new("cart.off_shelf")
                .on("lines")
                .with("sku", &sku)
                .into());
        }
        let stock: i64 = row.get("stock");
        if quantity > stock {
            return Err(Refusal::new("cart.not_enough_stock")
                .on("lines")
                .with("stock", stock)
                .with("sku", &sku)
                .into());
        }
        lines.push(PricedLine {
            line: OrderLine {
                sku_id: row.get("sku_id"),
                product_id: row.get("product_id"),
                stall_id: row.get("stall_id"),
                item_no: row.get("item_no"),
                title: row.get("title_zh"),
                color: row.get("color"),
                size: row.get("size"),
                unit_price: Fen(row.get("price")),
                quantity,
            },
            title_en: row.get("title_en"),
            stall_name: row.get("stall_name"),
            stock,
            colours: row.get("colors"),
        });
    }
    Ok((lines, priority))
}

/// The fees the order aggregate will compute for these lines (the same function), and the item count.
fn fees_of(lines: &[PricedLine], options: &Options) -> Result<(Fees, i64), Error> {
    let overflow = || Error::from(Refusal::new("order.overflow").on("lines"));
    let mut product_amount = Fen::ZERO;
    let mut items = 0i64;
    for priced in lines {
        let amount = priced
            .line
            .unit_price
            .0
            .checked_mul(priced.line.quantity)
            .ok_or_else(overflow)?;
        product_amount = product_amount.checked_add(Fen(amount)).ok_or_else(overflow)?;
        items = items.checked_add(priced.line.quantity).ok_or_else(overflow)?;
    }
    let mut value_added = options.value_added.clone();
    value_added.sort();
    value_added.dedup();
    let fees = Fees::compute(product_amount, items, options.courier, options.qc, &value_added)
        .ok_or_else(overflow)?;
    Ok((fees, items))
}

/// The selected lines of the caller's cart.
async fn selected_cart_lines(db: &Database, user_id: &str) -> Result<Vec<(String, i64)>, Error> {
    let rows = sqlx::query(
        "SELECT sku_id, quantity FROM cart_items WHERE user_id = $1 AND selected <> 0 ORDER BY added_at, sku_id",
    )
    .bind(user_id)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| (r.get("sku_id"), r.get("quantity")))
        .collect())
}
