//! The record of every Excel export and import (spec §3 "Export record"): a job is started, moves its
//! progress as rows are done, and ends done (with its row count and, for an import, its report) or
//! failed (with the catalogue key of what to tell the seller).

use sqlx::Row;

use crate::error::Error;
use crate::Database;

fn internal(e: sqlx::Error) -> Error {
    Error::Internal(e.into())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobKind {
    Export,
    Import,
}

impl JobKind {
    pub fn code(self) -> &'static str {
        match self {
            JobKind::Export => "export",
            JobKind::Import => "import",
        }
    }
}

/// A job about to start.
#[derive(Debug, Clone)]
pub struct NewJob {
    pub id: String,
    pub user_id: String,
    pub kind: JobKind,
    /// orders | ledger | after_sales | platform_orders
    pub table_code: String,
    /// The language the file's headers are (or the report is) written in.
    pub language: String,
    pub file_name: String,
    pub file_path: String,
    pub total: i64,
}

/// A new job id: `XJ`, the China-time stamp, the microseconds within that second and two random
/// digits, so ids sort in the order jobs were started (the record lists them newest first).
pub fn new_job_id(now: i64) -> String {
    let micros = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_micros())
        .unwrap_or(0);
    format!(
        "XJ{}{:06}{:02}",
        domain::calendar::china_stamp(now),
        micros,
        rand::random::<u8>() % 100
    )
}

pub async fn start(db: &Database, job: &NewJob, now: i64) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO excel_jobs (id, user_id, kind, table_code, language, status, done, total, row_count, file_name, \
         file_path, error, report, created_at, updated_at, finished_at) \
         VALUES ($1, $2, $3, $4, $5, 'running', 0, $6, 0, $7, $8, '', '', $9, $9, 0)",
    )
    .bind(&job.id)
    .bind(&job.user_id)
    .bind(job.kind.code())
    .bind(&job.table_code)
    .bind(&job.language)
    .bind(job.total)
    .bind(&job.file_name)
    .bind(&job.file_path)
    .bind(now)
    .execute(&db.pool)
    .await
    .map_err(internal)?;
    Ok(())
}

pub async fn progress(db: &Database, id: &str, done: i64, total: i64, now: i64) -> Result<(), Error> {
    sqlx::query(
        "UPDATE excel_jobs SET done = $1, total = $2, updated_at = $3 WHERE id = $4 AND status = 'running'",
    )
    .bind(done)
    .bind(total)
    .bind(now)
    .bind(id)
    .execute(&db.pool)
    .await
    .map_err(internal)?;
    Ok(())
}

/// Ends a running job as done. `report` is the import's per-row outcome (empty for exports).
pub async fn finish(db: &Database, id: &str, row_count: i64, report: &str, now: i64) -> Result<(), Error> {
    sqlx::query(
        "UPDATE excel_jobs SET status = 'done', done = $1, total = $1, row_count = $1, report = $2, finished_at = $3 \
         WHERE id = $4 AND status = 'running'",
    )
    .bind(row_count)
    .bind(report)
    .bind(now)
    .bind(id)
    .execute(&db.pool)
    .await
    .map_err(internal)?;
    Ok(())
}

/// Ends a running job as failed; `error` is a message catalogue key.
pub async fn fail(db: &Database, id: &str, error: &str, now: i64) -> Result<(), Error> {
    sqlx::query("UPDATE excel_jobs SET status = 'failed', error = $1, finished_at = $2 WHERE id = $3 AND status = 'running'")
        .bind(error)
        .bind(now)
        .bind(id)
        .execute(&db.pool)
        .await
        .map_err(internal)?;
    Ok(())
}

/// A running job whose progress has not moved for this long was cut off by a stop.
pub const STALE_AFTER_SECONDS: i64 = 120;

/// Jobs a stopped process left running can never finish: `serve` fails them when it starts (those
/// of another live process keep moving, so they are not taken). Answers how many. An import's rows
/// already placed stay placed; uploading the file again places the rest.
pub async fn fail_unfinished(db: &Database, now: i64) -> Result<u64, Error> {
    let rows = sqlx::query("SELECT id, kind FROM excel_jobs WHERE status = 'running' AND updated_at < $1")
        .bind(now - STALE_AFTER_SECONDS)
        .fetch_all(&db.pool)
        .await
        .map_err(internal)?;
    for row in &rows {
        let kind: String = row.get("kind");
        let error = if kind == "import" {
            "excel.import_failed"
        } else {
            "excel.export_failed"
        };
        fail(db, &row.get::<String, _>("id"), error, now).await?;
    }
    Ok(rows.len() as u64)
}
