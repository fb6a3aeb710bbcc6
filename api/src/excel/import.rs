//! Batch upload of platform orders: the uploaded `.xlsx` is read with calamine (headers in either
//! language, in any order), then each row is placed through `commands::orders::import` in a
//! background job whose report names every row's outcome.

use commands::excel_jobs::{self, NewJob};
use commands::orders::import::{import_row, platform_named, ImportContext, ImportRow, Outcome};
use commands::Refusal;
use domain::order::QcLevel;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::excel::headed::{headed_rows, Table};
use crate::excel::template::{column_title, COLUMNS};
use crate::i18n::{message, Language};
use crate::state::AppState;
use domain::address::divisions;

/// A file holds at most this many data rows.
pub const MAX_ROWS: usize = 1000;

/// The data rows of the first sheet, or why the file cannot be imported (nothing is started then).
pub fn read_rows(bytes: &[u8], lang: Language) -> Result<Vec<ImportRow>, Refusal> {
    let table = Table {
        columns: &COLUMNS,
        required: &|column| column != "remark",
        title: column_title,
        max_rows: MAX_ROWS,
    };
    Ok(headed_rows(bytes, &table, lang)?
        .into_iter()
        .map(|headed| {
            let mut row = ImportRow {
                row: headed.row,
                ..ImportRow::default()
            };
            for (column, value) in headed.cells {
                let value = value.to_string();
                match column {
                    "platform" => row.platform = value,
                    "source_order_no" => row.source_order_no = value,
                    "item_no" => row.item_no = value,
                    "color" => row.color = value,
                    "size" => row.size = value,
                    "quantity" => row.quantity = value,
                    "recipient" => row.recipient = value,
                    "phone" => row.phone = value,
                    "address" => row.address = value,
                    "courier" => row.courier = value,
                    "remark" => row.remark = value,
                    _ => {}
                }
            }
            row
        })
        .collect())
}

/// One row of the stored report: the reason as a catalogue key and parameters, so it is shown in
/// the language of whoever reads it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct ReportRow {
    pub row: usize,
    pub outcome: String,
    pub platform: String,
    pub source_order_no: String,
    pub order_no: String,
    pub reason_key: String,
    pub params: Vec<(String, String)>,
    pub field: String,
}

impl ReportRow {
    fn refused(&mut self, outcome: &str, refusal: Refusal) {
        self.outcome = outcome.into();
        self.reason_key = refusal.key.to_string();
        self.params = refusal
            .params
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect();
        // A message about "row {row}" names the order's own row when the refusal names no line.
        if !self.params.iter().any(|(k, _)| k == "row") {
            self.params.push(("row".into(), self.row.to_string()));
        }
        self.field = refusal.field.unwrap_or_default().to_string();
    }
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub(crate) struct Report {
    pub created: i64,
    pub failed: i64,
    pub duplicate: i64,
    /// Reports stored before skipped orders were told apart have none.
    #[serde(default)]
    pub skipped: i64,
    pub rows: Vec<ReportRow>,
}

impl Report {
    /// Counts a row's outcome and keeps the row with it; a row whose placing broke off is failed.
    pub fn record(&mut self, mut entry: ReportRow, outcome: Result<Outcome, commands::Error>, job_id: &str) {
        match outcome {
            Ok(Outcome::Created { order_no }) => {
                self.created += 1;
                entry.outcome = "created".into();
                entry.order_no = order_no;
            }
            Ok(Outcome::Duplicate { order_no }) => {
                self.duplicate += 1;
                entry.outcome = "duplicate".into();
                entry.order_no = order_no;
            }
            Ok(Outcome::Failed { refusal }) => {
                self.failed += 1;
                entry.refused("failed", refusal);
            }
            Ok(Outcome::Skipped { refusal }) => {
                self.skipped += 1;
                entry.refused("skipped", refusal);
            }
            Err(e) => {
                // This row's order was not placed (or its fate is settled at the next start);
                // the others go on.
                tracing::error!(job = %job_id, row = entry.row, error = ?e, "import row failed");
                self.failed += 1;
                entry.outcome = "failed".into();
                entry.reason_key = "server.error".into();
            }
        }
        self.rows.push(entry);
    }
}

/// The stored report in `lang` (docs/api.md, Excel), its rows left empty unless `with_rows`; `None`
/// for exports and unfinished imports.
pub fn report_view(stored: &str, lang: Language, with_rows: bool) -> Option<Value> {
    let report: Report = serde_json::from_str(stored).ok()?;
    let rows: Vec<Value> = report
        .rows
        .iter()
        .filter(|_| with_rows)
        .map(|r| {
            let params: Vec<(&str, String)> = r.params.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
            let reason = match r.outcome.as_str() {
                "created" => String::new(),
                "duplicate" => message(
                    lang,
                    "excel.duplicate",
                    &[
                        ("source_order_no", r.source_order_no.clone()),
                        ("order_no", r.order_no.clone()),
                    ],
                ),
                _ => message(lang, &r.reason_key, &params),
            };
            let platform_name = platform_named(&r.platform)
                .map(|p| message(lang, &format!("excel.platform.{}", p.code()), &[]))
                .unwrap_or_else(|| r.platform.clone());
            serde_json::json!({
                "row": r.row, "outcome": r.outcome, "platform": r.platform, "platform_name": platform_name,
                "source_order_no": r.source_order_no, "order_no": r.order_no,
                "reason": reason, "field": r.field,
            })
        })
        .collect();
    Some(serde_json::json!({
        "created": report.created, "failed": report.failed, "duplicate": report.duplicate,
        "skipped": report.skipped, "rows": rows,
    }))
}

/// Places every row in turn and records the report; the job ends done even when rows failed
/// (they are in the report), and failed only when the work itself broke off.
pub async fn run(state: AppState, job: NewJob, rows: Vec<ImportRow>) {
    let now = commands::clock::now;
    let outcome = async {
        let settings = projections::forward::settings_of(&state.db.pool, &job.user_id).await?;
        let cx = ImportContext {
            db: &state.db,
            orders: &state.orders,
            coupons: &state.coupons,
            divisions: divisions(),
            user_id: &job.user_id,
            qc: QcLevel::from_code(&settings.qc_level).unwrap_or(QcLevel::None),
        };
        let mut report = Report::default();
        let total = rows.len() as i64;
        for (done, row) in rows.iter().enumerate() {
            let entry = ReportRow {
                row: row.row,
                outcome: String::new(),
                platform: row.platform.clone(),
                source_order_no: row.source_order_no.clone(),
                order_no: String::new(),
                reason_key: String::new(),
                params: Vec::new(),
                field: String::new(),
            };
            report.record(entry, import_row(&cx, row, now()).await, &job.id);
            excel_jobs::progress(&state.db, &job.id, done as i64 + 1, total, now()).await?;
        }
        anyhow::Ok((total, serde_json::to_string(&report)?))
    }
    .await;
    record_outcome(&state, &job.id, outcome).await;
}

/// Ends an import job: done with its rows and report, or failed when the work itself broke off.
pub(crate) async fn record_outcome(state: &AppState, job_id: &str, outcome: anyhow::Result<(i64, String)>) {
    let now = commands::clock::now;
    let recorded = match outcome {
        Ok((rows, report)) => excel_jobs::finish(&state.db, job_id, rows, &report, now()).await,
        Err(e) => {
            tracing::error!(job = %job_id, error = ?e, "import failed");
            excel_jobs::fail(&state.db, job_id, "excel.import_failed", now()).await
        }
    };
    if let Err(e) = recorded {
        tracing::error!(job = %job_id, error = ?e, "import outcome not recorded");
    }
}
