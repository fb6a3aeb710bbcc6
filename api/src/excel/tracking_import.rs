//! A sheet of tracking numbers (order number, courier, tracking number), previewed row by row and
//! then applied: each good row ships its order through the order's own command. Nothing is stored
//! between the preview and the apply: applying reads the file again, so a row that changed meanwhile
//! is reported, and importing a file again finds its rows shipped already (`unchanged`).

use std::collections::HashSet;

use commands::orders::import::courier_named;
use commands::Refusal;
use rust_xlsxwriter::XlsxError;
use serde::Serialize;

use crate::actions::shipping::{ship_many, shipment_of, ShipmentInput};
use crate::error::AppError;
use crate::excel::headed::{headed_rows, Table};
use crate::excel::sheet::{Book, Cell};
use crate::i18n::{message, Language};
use crate::state::AppState;

pub const MAX_ROWS: usize = 5_000;
const COLUMNS: [&str; 3] = ["order_no", "courier", "tracking_no"];

fn column_title(column: &str, lang: Language) -> String {
    message(lang, &format!("tracking.col.{column}"), &[])
}

pub fn template(lang: Language) -> Result<Vec<u8>, XlsxError> {
    let mut book = Book::new();
    let titles: Vec<String> = COLUMNS.iter().map(|c| column_title(c, lang)).collect();
    let sheet = book.add_sheet(
        &message(lang, "tracking.sheet", &[]),
        &titles,
        &[28.0, 16.0, 24.0],
    )?;
    book.write_row(
        sheet,
        &[
            Cell::Text("JP20261125093000123456".into()),
            Cell::Text(message(lang, "excel.courier.zto", &[])),
            Cell::Text("731234567890".into()),
        ],
    )?;
    book.to_bytes()
}

#[derive(Debug, Clone, Default)]
pub struct TrackingRow {
    /// The sheet's row number.
    pub row: usize,
    pub order_no: String,
    pub courier: String,
    pub tracking_no: String,
}

pub fn read_rows(bytes: &[u8], lang: Language) -> Result<Vec<TrackingRow>, Refusal> {
    let table = Table {
        columns: &COLUMNS,
        required: &|_| true,
        title: column_title,
        max_rows: MAX_ROWS,
    };
    Ok(headed_rows(bytes, &table, lang)?
        .into_iter()
        .map(|headed| {
            let mut row = TrackingRow {
                row: headed.row,
                ..TrackingRow::default()
            };
            for (column, cell) in headed.cells {
                let slot = match column {
                    "order_no" => &mut row.order_no,
                    "courier" => &mut row.courier,
                    "tracking_no" => &mut row.tracking_no,
                    _ => continue,
                };
                *slot = cell.trim().chars().take(64).collect();
            }
            row
        })
        .collect())
}

#[derive(Serialize, Default)]
pub struct Counts {
    pub ship: usize,
    pub unchanged: usize,
    pub refused: usize,
    pub shipped: usize,
    pub failed: usize,
}

#[derive(Serialize)]
pub struct RowReport {
    pub row: usize,
    pub order_no: String,
    /// The courier's code when it was recognised, else the cell as written.
    pub courier: String,
    pub tracking_no: String,
    /// ship | unchanged | refused, and once applied shipped | failed.
    pub action: &'static str,
    pub reason: String,
}

#[derive(Serialize)]
pub struct ImportReport {
    pub applied: bool,
    pub counts: Counts,
    pub rows: Vec<RowReport>,
}

/// Why a row cannot ship, or `Ok(true)` when it ships, `Ok(false)` when it already shipped this way.
fn judge(
    row: &TrackingRow,
    courier: Option<domain::order::Courier>,
    state: Option<&projections::orders::warehouse::ShippingState>,
) -> Result<bool, Refusal> {
    if row.order_no.is_empty() {
        return Err(Refusal::new("order.id_required"));
    }
    let courier = courier.ok_or_else(|| Refusal::new("excel.courier_unknown").with("value", &row.courier))?;
    let (courier, tracking_no) = shipment_of(courier.code(), &row.tracking_no)?;
    let state = state.ok_or_else(|| Refusal::new("order.not_found"))?;
    match state.status.as_str() {
        "shipped" | "completed" => {
            if state.ship_courier == courier.code() && state.tracking_no == tracking_no {
                Ok(false)
            } else {
                Err(Refusal::new("tracking.shipped_other").with("tracking_no", &state.tracking_no))
            }
        }
        "to_be_shipped" if state.abnormal => Err(Refusal::new("order.abnormal_blocks_shipping")),
        "to_be_shipped" if state.stock_status != "stock_prepared" => {
            Err(Refusal::new("order.stock_not_prepared"))
        }
        "to_be_shipped" => Ok(true),
        status => Err(Refusal::new("order.wrong_state")
            .with("action", "ship")
            .with("status", status)),
    }
}

pub async fn run(
    state: &AppState,
    rows: Vec<TrackingRow>,
    apply: bool,
    lang: Language,
) -> Result<ImportReport, AppError> {
    let order_nos: Vec<String> = rows.iter().map(|r| r.order_no.clone()).collect();
    let states = projections::orders::warehouse::shipping_states(&state.db.pool, &order_nos).await?;
    let mut seen = HashSet::new();
    let mut counts = Counts::default();
    let mut reports = Vec::with_capacity(rows.len());
    for row in &rows {
        let courier = courier_named(&row.courier);
        let judged = if !row.order_no.is_empty() && !seen.insert(row.order_no.clone()) {
            Err(Refusal::new("tracking.order_twice"))
        } else {
            judge(row, courier, states.get(&row.order_no))
        };
        let (action, reason) = match judged {
            Ok(true) => {
                counts.ship += 1;
                ("ship", String::new())
            }
            Ok(false) => {
                counts.unchanged += 1;
                ("unchanged", String::new())
            }
            Err(refusal) => {
                counts.refused += 1;
                ("refused", message(lang, refusal.key, &refusal.params))
            }
        };
        reports.push(RowReport {
            row: row.row,
            order_no: row.order_no.clone(),
            courier: courier
                .map(|c| c.code().to_string())
                .unwrap_or_else(|| row.courier.clone()),
            tracking_no: row.tracking_no.clone(),
            action,
            reason,
        });
    }
    if apply {
        let to_ship: Vec<usize> = (0..reports.len())
            .filter(|i| reports[*i].action == "ship")
            .collect();
        let shipments = to_ship
            .iter()
            .map(|i| ShipmentInput {
                order_no: reports[*i].order_no.clone(),
                courier: reports[*i].courier.clone(),
                tracking_no: reports[*i].tracking_no.clone(),
            })
            .collect();
        let result = ship_many(state, shipments, lang).await;
        for (i, outcome) in to_ship.into_iter().zip(result.results) {
            let report = &mut reports[i];
            if outcome.ok {
                report.action = "shipped";
                counts.shipped += 1;
            } else {
                report.action = "failed";
                report.reason = outcome.message;
                counts.failed += 1;
            }
        }
    }
    Ok(ImportReport {
        applied: apply,
        counts,
        rows: reports,
    })
}
