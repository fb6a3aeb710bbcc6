//! Ordering a platform import as a background job (its report is an import report, so the Excel
//! record shows it too), and the write-back workbook in a platform's batch-shipping layout.

use std::collections::BTreeMap;

use commands::excel_jobs::{self, NewJob};
use commands::orders::import::ImportContext;
use commands::orders::platform_batch::{self, BatchOrder};
use domain::address::{AddressInput, Divisions};
use domain::order::{Courier, Platform, QcLevel};
use domain::platform_export::writeback::{self, Shipped};
use projections::platform_imports::ShippedOrder;
use rust_xlsxwriter::XlsxError;

use crate::excel::import::{record_outcome, Report, ReportRow};
use crate::excel::sheet::{Book, Cell};
use crate::state::AppState;
use domain::address::divisions;

/// The buyer's address of an order, split into divisions, when it is an address in China.
pub fn ship_to(divisions: &Divisions, order: &BatchOrder) -> Option<AddressInput> {
    let split = divisions.split_address(&order.address_text)?;
    Some(AddressInput {
        recipient: order.recipient.clone(),
        phone: order.phone.clone(),
        province: split.province,
        city: split.city,
        district: split.district,
        detail: split.detail,
    })
}

/// Places every order of the import in file order and records the report.
pub async fn run(state: AppState, job: NewJob, import_id: String, courier: Courier) {
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
        let platform = platform_batch::platform_of_import(&state.db, &job.user_id, &import_id).await?;
        // The preview's resolver, so every line orders the SKU the seller was shown.
        let skus: BTreeMap<usize, String> =
            projections::platform_imports::lines(&state.db.pool, &job.user_id, &import_id, platform.code())
                .await?
                .into_iter()
                .filter_map(|l| Some((l.row as usize, l.linked?.sku_id)))
                .collect();
        let (_, mut orders) =
            platform_batch::batch_orders(&state.db, &job.user_id, &import_id, &skus).await?;
        let mut report = Report::default();
        let total = orders.len() as i64;
        for (done, order) in orders.iter_mut().enumerate() {
            order.ship_to = ship_to(divisions(), order);
            let entry = ReportRow {
                row: order.row,
                outcome: String::new(),
                platform: platform.code().to_string(),
                source_order_no: order.source_order_no.clone(),
                order_no: String::new(),
                reason_key: String::new(),
                params: Vec::new(),
                field: String::new(),
            };
            let placed = platform_batch::order_one(&cx, platform, order, courier, now()).await;
            report.record(entry, placed, &job.id);
            excel_jobs::progress(&state.db, &job.id, done as i64 + 1, total, now()).await?;
        }
        anyhow::Ok((total, serde_json::to_string(&report)?))
    }
    .await;
    record_outcome(&state, &job.id, outcome).await;
}

/// The platform's batch-shipping file for these shipped orders.
pub fn writeback_workbook(platform: Platform, orders: &[ShippedOrder]) -> Result<Vec<u8>, XlsxError> {
    let shipped: Vec<Shipped> = orders
        .iter()
        .filter_map(|o| {
            Some(Shipped {
                source_order_no: o.source_order_no.clone(),
                line_ids: o.line_ids.clone(),
                courier: Courier::from_code(&o.courier)?,
                tracking_no: o.tracking_no.clone(),
            })
        })
        .collect();
    let layout = writeback::layout(platform);
    let headers: Vec<String> = layout.columns.iter().map(|c| c.to_string()).collect();
    let widths: Vec<f64> = layout.columns.iter().map(|_| 24.0).collect();
    let mut book = Book::new();
    let sheet = book.add_sheet(layout.sheet, &headers, &widths)?;
    for row in writeback::rows(platform, &shipped) {
        let cells: Vec<Cell> = row.into_iter().map(Cell::Text).collect();
        book.write_row(sheet, &cells)?;
    }
    book.to_bytes()
}
