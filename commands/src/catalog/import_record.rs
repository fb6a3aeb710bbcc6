//! The record of every product import (`product_imports`): checked into a preview in the background,
//! then confirmed and applied. Only a `ready` import can be confirmed, and only once: the claim is one
//! statement, so two confirms at once apply it once.

use sqlx::Row;

use crate::actor::{self, Action, Actor};
use crate::error::Result;
use crate::excel_jobs::STALE_AFTER_SECONDS;
use crate::Database;

/// An import about to be checked.
pub struct NewImport<'a> {
    pub id: &'a str,
    pub actor: &'a Actor,
    /// The uploader's stalls when it is a stall account.
    pub stalls: Option<&'a [String]>,
    pub file_name: &'a str,
    pub total: i64,
}

/// `PI` and a time-ordered random id.
pub fn new_id() -> String {
    format!("PI{}", uuid::Uuid::now_v7().simple())
}

pub async fn start(db: &Database, import: &NewImport<'_>, now: i64) -> Result<()> {
    let stalls = serde_json::to_string(&import.stalls.unwrap_or_default()).unwrap_or_else(|_| "[]".into());
    sqlx::query(
        "INSERT INTO product_imports (id, actor_kind, actor_id, stalls, file_name, status, done, total, error, plan, \
         report, created_at, updated_at, applied_at) \
         VALUES ($1, $2, $3, $4, $5, 'checking', 0, $6, '', '', '', $7, $7, 0)",
    )
    .bind(import.id)
    .bind(import.actor.kind())
    .bind(import.actor.staff_id())
    .bind(stalls)
    .bind(import.file_name)
    .bind(import.total)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Moves a checking or applying import's progress.
pub async fn progress(db: &Database, id: &str, done: i64, total: i64, now: i64) -> Result<()> {
    sqlx::query(
        "UPDATE product_imports SET done = $1, total = $2, updated_at = $3 \
         WHERE id = $4 AND status IN ('checking', 'applying')",
    )
    .bind(done)
    .bind(total)
    .bind(now)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// A checked import: its plan and the preview of every row.
pub async fn ready(db: &Database, id: &str, plan: &str, report: &str, now: i64) -> Result<()> {
    sqlx::query(
        "UPDATE product_imports SET status = 'ready', done = total, plan = $1, report = $2, updated_at = $3 \
         WHERE id = $4 AND status = 'checking'",
    )
    .bind(plan)
    .bind(report)
    .bind(now)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Ends a checking or applying import as failed; `error` is a message catalogue key.
pub async fn fail(db: &Database, id: &str, error: &str, now: i64) -> Result<()> {
    sqlx::query(
        "UPDATE product_imports SET status = 'failed', error = $1, updated_at = $2 \
         WHERE id = $3 AND status IN ('checking', 'applying')",
    )
    .bind(error)
    .bind(now)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Takes a ready import for applying, recording who confirmed it; `false` when it is not ready (any
/// more).
pub async fn claim(db: &Database, id: &str, products: i64, now: i64) -> Result<bool> {
    let mut tx = db.begin_write().await?;
    let claimed = sqlx::query(
        "UPDATE product_imports SET status = 'applying', done = 0, total = $1, updated_at = $2 \
         WHERE id = $3 AND status = 'ready'",
    )
    .bind(products)
    .bind(now)
    .bind(id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if claimed != 1 {
        return Ok(false);
    }
    actor::record(
        &mut tx,
        Action {
            action: "product_import.confirm",
            object_type: "product_import",
            object_id: id,
            detail: serde_json::json!({ "products": products }),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// An applied import, with every row as it ended.
pub async fn applied(db: &Database, id: &str, report: &str, now: i64) -> Result<()> {
    sqlx::query(
        "UPDATE product_imports SET status = 'applied', done = total, report = $1, updated_at = $2, applied_at = $2 \
         WHERE id = $3 AND status = 'applying'",
    )
    .bind(report)
    .bind(now)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// An import's plan and the uploader's stall scope, for applying it.
pub async fn plan_of(db: &Database, id: &str) -> Result<Option<(String, Option<Vec<String>>)>> {
    let row = sqlx::query("SELECT plan, stalls FROM product_imports WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(|r| {
        let stalls: Vec<String> = serde_json::from_str(&r.get::<String, _>("stalls")).unwrap_or_default();
        (r.get("plan"), (!stalls.is_empty()).then_some(stalls))
    }))
}

/// Imports a stopped process left checking or applying can never finish: `serve` fails them when it
/// starts. Products an interrupted apply already saved stay saved; importing the file again finds
/// them unchanged and does the rest.
pub async fn fail_unfinished(db: &Database, now: i64) -> Result<u64> {
    let failed = sqlx::query(
        "UPDATE product_imports SET status = 'failed', error = 'import.interrupted', updated_at = $1 \
         WHERE status IN ('checking', 'applying') AND updated_at < $2",
    )
    .bind(now)
    .bind(now - STALE_AFTER_SECONDS)
    .execute(&db.pool)
    .await?
    .rows_affected();
    Ok(failed)
}
