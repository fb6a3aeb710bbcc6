//! Staff stock changes. A change is a delta (restock +50, write-off -3) or a compare-and-set (the
//! count the staff member saw, and the count to set), each one statement that checkouts cannot race:
//! a blind overwrite would silently give back units a checkout took in between. Each change is
//! recorded with who made it, why, and the stock before and after.

use serde::Serialize;
use serde_json::json;
use sqlx::Row;

use super::changes::{self, Change};
use crate::actor::{self, Action};
use crate::clock::now;
use crate::error::{Error, Refusal, Result};
use crate::Database;

/// The most one SKU may hold: a typo of a few extra digits is refused, not stocked.
pub const MAX_STOCK: i64 = 1_000_000;
/// A reason is a short note for the change log.
pub const MAX_REASON_CHARS: usize = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockChange {
    Delta(i64),
    /// Sets the stock to `stock` only if it still is `expected`.
    Set {
        expected: i64,
        stock: i64,
    },
}

#[derive(Debug, Clone, Serialize)]
pub struct StockChanged {
    pub sku_id: String,
    pub before: i64,
    pub after: i64,
}

/// Changes SKU `sku_id`'s stock. `stalls`: the stalls a stall account may touch (`None`: any).
pub async fn change(
    db: &Database,
    sku_id: &str,
    change: StockChange,
    reason: &str,
    stalls: Option<&[String]>,
) -> Result<StockChanged> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(Refusal::new("stock.reason_required").on("reason").into());
    }
    if reason.chars().count() > MAX_REASON_CHARS {
        return Err(Refusal::new("stock.reason_too_long")
            .on("reason")
            .with("max", MAX_REASON_CHARS)
            .into());
    }
    match change {
        StockChange::Delta(0) => return Err(Refusal::new("stock.delta_zero").on("delta").into()),
        StockChange::Delta(d) if d.abs() > MAX_STOCK => {
            return Err(Refusal::new("stock.too_much")
                .on("delta")
                .with("max", MAX_STOCK)
                .into())
        }
        StockChange::Set { stock, .. } if !(0..=MAX_STOCK).contains(&stock) => {
            return Err(Refusal::new("stock.out_of_range")
                .on("stock")
                .with("max", MAX_STOCK)
                .into())
        }
        _ => {}
    }
    let mut tx = db.begin_write().await?;
    let row = sqlx::query(
        "SELECT k.product_id, p.stall_id FROM skus k JOIN products p ON p.id = k.product_id WHERE k.id = $1",
    )
    .bind(sku_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        return Err(Error::NotFound(Refusal::new("sku.not_found")));
    };
    let (product_id, stall_id): (String, String) = (row.get("product_id"), row.get("stall_id"));
    if stalls.is_some_and(|stalls| !stalls.contains(&stall_id)) {
        // Another stall's SKU is answered like one that does not exist.
        return Err(Error::NotFound(Refusal::new("sku.not_found")));
    }
    let changed = match change {
        StockChange::Delta(delta) => sqlx::query(
            "UPDATE skus SET stock = stock + $1 WHERE id = $2 AND stock + $1 >= 0 AND stock + $1 <= $3 RETURNING stock",
        )
        .bind(delta)
        .bind(sku_id)
        .bind(MAX_STOCK)
        .fetch_optional(&mut *tx)
        .await?
        .map(|r| {
            let after: i64 = r.get("stock");
            (after - delta, after)
        }),
        StockChange::Set { expected, stock } => sqlx::query(
            "UPDATE skus SET stock = $1 WHERE id = $2 AND stock = $3 RETURNING stock",
        )
        .bind(stock)
        .bind(sku_id)
        .bind(expected)
        .fetch_optional(&mut *tx)
        .await?
        .map(|r| (expected, r.get::<i64, _>("stock"))),
    };
    let Some((before, after)) = changed else {
        let current: i64 = sqlx::query_scalar("SELECT stock FROM skus WHERE id = $1")
            .bind(sku_id)
            .fetch_one(&mut *tx)
            .await?;
        let refusal = match change {
            StockChange::Delta(_) => Refusal::new("stock.would_go_negative").on("delta"),
            StockChange::Set { .. } => Refusal::new("stock.changed_meanwhile").on("expected"),
        };
        return Err(refusal.with("stock", current).into());
    };
    if let Some(change) = Change::of_stock(&product_id, sku_id, before, after, now()) {
        changes::log(&mut tx, &change).await?;
    }
    let who = actor::current();
    sqlx::query(
        "INSERT INTO stock_changes (sku_id, product_id, at, actor_kind, actor_id, stock_before, stock_after, reason) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(sku_id)
    .bind(&product_id)
    .bind(now())
    .bind(who.as_ref().map_or("system", |a| a.kind()))
    .bind(who.as_ref().and_then(|a| a.staff_id()))
    .bind(before)
    .bind(after)
    .bind(reason)
    .execute(&mut *tx)
    .await?;
    actor::record(
        &mut tx,
        Action {
            action: "sku.stock",
            object_type: "product",
            object_id: &product_id,
            detail: json!({"sku_id": sku_id, "before": before, "after": after, "reason": reason}),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(StockChanged {
        sku_id: sku_id.to_string(),
        before,
        after,
    })
}
