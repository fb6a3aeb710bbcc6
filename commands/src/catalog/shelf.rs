//! Putting products on and off the shelf, one or many at once.

use serde_json::json;
use sqlx::Row;

use super::changes::{self, Change, ChangeKind};
use crate::actor::{self, Action};
use crate::clock::now;
use crate::error::{Error, Refusal, Result};
use crate::Database;

/// The most products one batch may move.
pub const MAX_BATCH: usize = 500;

/// Moves `ids` on or off the shelf; answers how many changed (those already there are left as
/// they are). A product coming back on the shelf takes today as its shelf time, as a new listing.
/// `stalls`: the stalls a stall account may touch (`None`: any); a product outside them, or unknown,
/// refuses the whole batch and nothing moves.
pub async fn set_on_shelf(
    db: &Database,
    ids: &[String],
    on_shelf: bool,
    stalls: Option<&[String]>,
) -> Result<u64> {
    if ids.is_empty() {
        return Err(Refusal::new("product.ids_required").on("ids").into());
    }
    if ids.len() > MAX_BATCH {
        return Err(Refusal::new("product.batch_too_large")
            .on("ids")
            .with("max", MAX_BATCH)
            .into());
    }
    let at = now();
    let mut tx = db.begin_write().await?;
    let mut changed = 0;
    for id in ids {
        let row = sqlx::query(
            "SELECT p.stall_id, p.on_shelf, COALESCE(s.status, 'open') AS stall_status FROM products p \
             LEFT JOIN stalls s ON s.id = p.stall_id WHERE p.id = $1",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row.filter(|r| stalls.is_none_or(|s| s.contains(&r.get::<String, _>("stall_id"))))
        else {
            return Err(Error::NotFound(Refusal::new("product.not_found").with("id", id)));
        };
        if (row.get::<i64, _>("on_shelf") != 0) == on_shelf {
            continue;
        }
        // Closing a stall took its products off the shelf; they stay off until it opens again.
        if on_shelf && row.get::<String, _>("stall_status") == "closed" {
            return Err(Refusal::new("product.stall_closed")
                .on("ids")
                .with("id", id)
                .into());
        }
        let update = if on_shelf {
            sqlx::query("UPDATE products SET on_shelf = 1, shelf_at = $2 WHERE id = $1")
                .bind(id)
                .bind(at)
        } else {
            sqlx::query("UPDATE products SET on_shelf = 0 WHERE id = $1").bind(id)
        };
        update.execute(&mut *tx).await?;
        let kind = if on_shelf {
            ChangeKind::Relisted
        } else {
            ChangeKind::Delisted
        };
        changes::log(&mut tx, &Change::of_product(id, kind, at)).await?;
        super::search_index::reindex_product(&mut tx, id).await?;
        actor::record(
            &mut tx,
            Action {
                action: if on_shelf {
                    "product.shelve"
                } else {
                    "product.unshelve"
                },
                object_type: "product",
                object_id: id,
                detail: json!({}),
            },
        )
        .await?;
        changed += 1;
    }
    tx.commit().await?;
    Ok(changed)
}
