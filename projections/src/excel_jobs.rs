//! Reads of the Excel export and import record (`excel_jobs`, written by `commands::excel_jobs`).

use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

#[derive(Debug, Clone)]
pub struct JobRow {
    pub id: String,
    pub user_id: String,
    pub kind: String,
    pub table_code: String,
    pub language: String,
    pub status: String,
    pub done: i64,
    pub total: i64,
    pub row_count: i64,
    pub file_name: String,
    pub file_path: String,
    /// A message catalogue key, empty unless failed.
    pub error: String,
    /// The import's report as JSON text, empty for exports and running jobs.
    pub report: String,
    pub created_at: i64,
    pub finished_at: i64,
}

const COLUMNS: &str =
    "id, user_id, kind, table_code, language, status, done, total, row_count, file_name, file_path, \
    error, report, created_at, finished_at";

fn job_of(r: &AnyRow) -> JobRow {
    JobRow {
        id: r.get("id"),
        user_id: r.get("user_id"),
        kind: r.get("kind"),
        table_code: r.get("table_code"),
        language: r.get("language"),
        status: r.get("status"),
        done: r.get("done"),
        total: r.get("total"),
        row_count: r.get("row_count"),
        file_name: r.get("file_name"),
        file_path: r.get("file_path"),
        error: r.get("error"),
        report: r.get("report"),
        created_at: r.get("created_at"),
        finished_at: r.get("finished_at"),
    }
}

/// The user's job `id`; `None` when it does not exist or is another user's.
pub async fn one(pool: &AnyPool, user_id: &str, id: &str) -> sqlx::Result<Option<JobRow>> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM excel_jobs WHERE id = $1 AND user_id = $2"
    ))
    .bind(id)
    .bind(user_id)
    .fetch_optional(pool)
    .await?;
    Ok(row.as_ref().map(job_of))
}

/// A page of the user's jobs, newest first; `kind` empty for both kinds.
pub async fn history(
    pool: &AnyPool,
    user_id: &str,
    kind: &str,
    page: i64,
    pagesize: i64,
) -> sqlx::Result<(Vec<JobRow>, i64)> {
    let condition = "user_id = $1 AND ($2 = '' OR kind = $2)";
    let total: i64 = sqlx::query_scalar(&format!(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM excel_jobs WHERE {condition}"
    ))
    .bind(user_id)
    .bind(kind)
    .fetch_one(pool)
    .await?;
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM excel_jobs WHERE {condition} ORDER BY created_at DESC, id DESC LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .bind(user_id)
    .bind(kind)
    .fetch_all(pool)
    .await?;
    Ok((rows.iter().map(job_of).collect(), total))
}
