//! The staff's product imports as their history lists them (`product_imports`, written by
//! `commands::catalog::import_record`).

use sqlx::{any::AnyRow, AnyPool, Row};

use crate::catalog::Page;

#[derive(Debug, Clone)]
pub struct ImportRecord {
    pub id: String,
    pub actor_kind: String,
    pub actor_id: Option<String>,
    pub actor_name: Option<String>,
    pub file_name: String,
    pub status: String,
    pub done: i64,
    pub total: i64,
    pub error: String,
    /// The rows' preview, or their outcome once applied (JSON); empty while checking.
    pub report: String,
    pub created_at: i64,
    pub applied_at: i64,
}

const COLUMNS: &str =
    "i.id, i.actor_kind, i.actor_id, s.name, i.file_name, i.status, i.done, i.total, i.error, \
     i.report, i.created_at, i.applied_at";

fn record(row: &AnyRow) -> ImportRecord {
    ImportRecord {
        id: row.get("id"),
        actor_kind: row.get("actor_kind"),
        actor_id: row.get("actor_id"),
        actor_name: row.get("name"),
        file_name: row.get("file_name"),
        status: row.get("status"),
        done: row.get("done"),
        total: row.get("total"),
        error: row.get("error"),
        report: row.get("report"),
        created_at: row.get("created_at"),
        applied_at: row.get("applied_at"),
    }
}

/// Imports newest first; `uploader`: only this staff member's (a stall account sees its own).
pub async fn list(
    pool: &AnyPool,
    uploader: Option<&str>,
    page: i64,
    pagesize: i64,
) -> sqlx::Result<Page<ImportRecord>> {
    let condition = "WHERE ($1 = '' OR i.actor_id = $1)";
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM product_imports i {condition}"))
        .bind(uploader.unwrap_or(""))
        .fetch_one(pool)
        .await?;
    let list = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM product_imports i LEFT JOIN staff s ON s.id = i.actor_id {condition} \
         ORDER BY i.created_at DESC, i.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(uploader.unwrap_or(""))
    .bind(pagesize)
    .bind((page - 1) * pagesize)
    .fetch_all(pool)
    .await?
    .iter()
    .map(record)
    .collect();
    Ok(Page {
        list,
        total,
        page,
        pagesize,
    })
}

/// One import; `uploader` as for `list`.
pub async fn by_id(pool: &AnyPool, id: &str, uploader: Option<&str>) -> sqlx::Result<Option<ImportRecord>> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM product_imports i LEFT JOIN staff s ON s.id = i.actor_id WHERE i.id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    Ok(row
        .as_ref()
        .map(record)
        .filter(|r| uploader.is_none_or(|u| r.actor_id.as_deref() == Some(u))))
}
