//! Excel export and batch upload: workbooks written with rust_xlsxwriter and read with
//! calamine. Both run as background jobs recorded in `excel_jobs` (see `commands::excel_jobs`), so a
//! large export or import shows its progress and the record lists it for download again.

pub mod bounded;
pub mod export;
pub mod headed;
pub mod import;
pub mod label_zip;
pub mod pick_list;
pub mod platform_file;
pub mod platform_orders;
pub mod product_import;
pub mod sheet;
pub mod template;
pub mod tracking_import;

use std::path::PathBuf;

use projections::excel_jobs::JobRow;
use serde::Serialize;
use serde_json::Value;

use crate::i18n::{message, Language};

/// Which of `columns` a header cell names: its code, or its title (`title`) in either language,
/// ignoring spaces and case.
pub fn column_of_header(
    header: &str,
    columns: &[&'static str],
    title: impl Fn(&str, Language) -> String,
) -> Option<&'static str> {
    let normalised = |text: &str| -> String {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let header = normalised(header);
    if header.is_empty() {
        return None;
    }
    columns.iter().copied().find(|column| {
        header == *column
            || [Language::ZhCn, Language::EnUs]
                .iter()
                .any(|lang| normalised(&title(column, *lang)) == header)
    })
}

/// Where job files live: `<data dir>/excel/<job id>.xlsx`.
pub fn excel_dir(data_dir: &std::path::Path) -> PathBuf {
    data_dir.join("excel")
}

pub fn language_code(lang: Language) -> &'static str {
    match lang {
        Language::ZhCn => "zh_CN",
        Language::EnUs => "en_US",
    }
}

/// The table's name in `lang` (`订单列表` / `Orders`).
pub fn table_name(table_code: &str, lang: Language) -> String {
    message(lang, &format!("excel.table.{table_code}"), &[])
}

/// `订单列表_20261121193000.xlsx`: the table's name and the China-time stamp.
pub fn file_name(table_code: &str, lang: Language, now: i64) -> String {
    format!(
        "{}_{}.xlsx",
        table_name(table_code, lang),
        domain::calendar::china_stamp(now)
    )
}

/// The name a seller's uploaded file had, without its folders or control characters and at most
/// 120 characters; `None` when nothing is left.
pub fn clean_file_name(name: &str) -> Option<String> {
    let name: String = name
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_control())
        .take(120)
        .collect();
    let name = name.trim().to_string();
    (!name.is_empty()).then_some(name)
}

#[derive(Debug, Serialize)]
pub struct Progress {
    pub done: i64,
    pub total: i64,
}

/// A job as the API shows it (docs/api.md, Excel).
#[derive(Debug, Serialize)]
pub struct JobView {
    pub id: String,
    pub kind: String,
    pub table: String,
    pub table_name: String,
    pub table_type: String,
    pub status: String,
    pub progress: Progress,
    pub row_count: i64,
    pub file_name: String,
    pub error: String,
    pub created_at: i64,
    pub finished_at: Option<i64>,
    pub report: Option<Value>,
}

/// The job in `lang`; an import's report rows get their reasons in `lang` too. The record's list
/// (`rows: false`) carries only the report's counts: a report can hold a thousand rows, and the list
/// is asked every second while a job runs; `excel/job` answers them.
pub fn job_view(job: &JobRow, lang: Language, rows: bool) -> JobView {
    JobView {
        id: job.id.clone(),
        kind: job.kind.clone(),
        table: job.table_code.clone(),
        table_name: table_name(&job.table_code, lang),
        table_type: message(lang, &format!("excel.kind.{}", job.kind), &[]),
        status: job.status.clone(),
        progress: Progress {
            done: job.done,
            total: job.total,
        },
        row_count: job.row_count,
        file_name: job.file_name.clone(),
        error: if job.error.is_empty() {
            String::new()
        } else {
            message(lang, &job.error, &[])
        },
        created_at: job.created_at,
        finished_at: (job.finished_at > 0).then_some(job.finished_at),
        report: import::report_view(&job.report, lang, rows),
    }
}
