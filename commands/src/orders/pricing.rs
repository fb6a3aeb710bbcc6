//! Prices the lines of an order from the catalogue as it is now, and quotes the fees.

use domain::money::Fen;
use std::collections::HashMap;

use domain::order::{Courier, Fees, OrderLine, QcLevel, ShippingPriority, ValueAdded};
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::error::{Error, Refusal};
use crate::Database;

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

#[derive(Debug, Clone)]
pub struct Quote {
    pub lines: Vec<PricedLine>,
    pub fees: Fees,
    pub items: i64,
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

/// Prices each wanted SKU at today's price; refuses unknown SKUs, quantities below one and more than
/// the stock, naming the SKU.
pub async fn price_lines(db: &Database, wanted: &[(String, i64)]) -> Result<Vec<PricedLine>, Error> {
    Ok(priced(db, wanted, "").await?.0)
}

/// As [`price_lines`], with `user_id`'s multi-item shipping priority as the drop-shipping settings
/// hold it now, read by the same statement: each statement of an order placed is a round trip on
/// PostgreSQL.
pub async fn price_lines_for(
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
            "SELECT k.id, p.id, p.stall_id, s.name, p.item_no, p.title_zh, p.title_en, k.color, k.size, k.price, \
             k.stock, p.colors, p.on_shelf, (SELECT shipping_priority FROM forward_settings WHERE user_id = $1) \
             FROM skus k JOIN products p ON p.id = k.product_id JOIN stalls s ON s.id = p.stall_id \
             WHERE k.id IN ({})",
            marks.join(", ")
        );
        let mut query = sqlx::query(&sql).bind(user_id);
        for (sku, _) in chunk {
            query = query.bind(sku);
        }
        for row in query.fetch_all(&db.pool).await? {
            priority = row.get::<Option<String>, _>(13);
            found.insert(row.get(0), row);
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
        if row.get::<i64, _>(12) == 0 {
            return Err(Refusal::new("cart.off_shelf")
                .on("lines")
                .with("sku", &sku)
                .into());
        }
        let stock: i64 = row.get(10);
        if quantity > stock {
            return Err(Refusal::new("cart.not_enough_stock")
                .on("lines")
                .with("stock", stock)
                .with("sku", &sku)
                .into());
        }
        lines.push(PricedLine {
            line: OrderLine {
                sku_id: row.get(0),
                product_id: row.get(1),
                stall_id: row.get(2),
                item_no: row.get(4),
                title: row.get(5),
                color: row.get(7),
                size: row.get(8),
                unit_price: Fen(row.get(9)),
                quantity,
            },
            title_en: row.get(6),
            stall_name: row.get(3),
            stock,
            colours: row.get(11),
        });
    }
    Ok((lines, priority))
}

/// The fees the order aggregate will compute for these lines (the same function).
pub fn quote(lines: Vec<PricedLine>, options: &Options) -> Result<Quote, Error> {
    let overflow = || Error::from(Refusal::new("order.overflow").on("lines"));
    let mut product_amount = Fen::ZERO;
    let mut items = 0i64;
    for priced in &lines {
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
    Ok(Quote { lines, fees, items })
}

/// The selected lines of the caller's cart.
pub async fn selected_cart_lines(db: &Database, user_id: &str) -> Result<Vec<(String, i64)>, Error> {
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
