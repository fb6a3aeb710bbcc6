//! What a seller marks: favourite products and followed stalls, with their counters kept in step in
//! the same transaction. Marking twice or unmarking what is not marked changes nothing.

use crate::clock::now;
use crate::error::{Error, Refusal, Result};
use crate::Database;

/// A mark on a product or a stall, and how many sellers have it now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marked {
    pub on: bool,
    pub count: i64,
}

struct Target {
    table: &'static str,
    counter: &'static str,
    marks: &'static str,
    key: &'static str,
    missing: &'static str,
}

const PRODUCT: Target = Target {
    table: "products",
    counter: "favorite_count",
    marks: "favorites",
    key: "product_id",
    missing: "product.not_found",
};
const STALL: Target = Target {
    table: "stalls",
    counter: "follow_count",
    marks: "follows",
    key: "stall_id",
    missing: "shop.not_found",
};

async fn mark(db: &Database, target: &Target, user_id: &str, id: &str, on: bool) -> Result<Marked> {
    let mut tx = db.begin_write().await?;
    let exists = sqlx::query(&format!("SELECT 1 FROM {} WHERE id = $1", target.table))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
    if exists.is_none() {
        return Err(Error::NotFound(Refusal::new(target.missing)));
    }
    let changed = if on {
        sqlx::query(&format!(
            "INSERT INTO {} (user_id, {}, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            target.marks, target.key
        ))
        .bind(user_id)
        .bind(id)
        .bind(now())
        .execute(&mut *tx)
        .await?
    } else {
        sqlx::query(&format!(
            "DELETE FROM {} WHERE user_id = $1 AND {} = $2",
            target.marks, target.key
        ))
        .bind(user_id)
        .bind(id)
        .execute(&mut *tx)
        .await?
    }
    .rows_affected();
    if changed == 1 {
        let step = if on { "+ 1" } else { "- 1" };
        sqlx::query(&format!(
            "UPDATE {} SET {c} = CASE WHEN {c} {step} < 0 THEN 0 ELSE {c} {step} END WHERE id = $1",
            target.table,
            c = target.counter
        ))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    }
    let count: i64 = sqlx::query_scalar(&format!(
        "SELECT {} FROM {} WHERE id = $1",
        target.counter, target.table
    ))
    .bind(id)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Marked { on, count })
}

pub async fn favorite(db: &Database, user_id: &str, product_id: &str, on: bool) -> Result<Marked> {
    mark(db, &PRODUCT, user_id, product_id, on).await
}

pub async fn follow(db: &Database, user_id: &str, stall_id: &str, on: bool) -> Result<Marked> {
    mark(db, &STALL, user_id, stall_id, on).await
}

/// Counts a view of a product, at most one per visitor (a user id, or an anonymous client's address)
/// per China-time day, so a loop of requests cannot inflate its popularity. Answers whether it counted.
pub async fn count_view(db: &Database, product_id: &str, visitor: &str, now: i64) -> Result<bool> {
    let day = domain::calendar::china_day(now);
    let mut tx = db.begin_write().await?;
    let first = sqlx::query(
        "INSERT INTO product_views (product_id, visitor, day) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
    )
    .bind(product_id)
    .bind(visitor)
    .bind(day)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if first {
        sqlx::query("UPDATE products SET views = views + 1 WHERE id = $1")
            .bind(product_id)
            .execute(&mut *tx)
            .await?;
        // Yesterday's visitors are no longer needed to tell a repeat.
        sqlx::query("DELETE FROM product_views WHERE day < $1")
            .bind(day - 1)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(first)
}
