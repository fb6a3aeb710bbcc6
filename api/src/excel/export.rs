//! Exports of the order list (with its filters), the wallet ledger and the after-sales list. Rows
//! are read page by page in the list's own order and written as they come; a row seen on an earlier
//! page (a new row pushed the list down) is not written twice.

use std::collections::HashSet;

use commands::excel_jobs::{self, NewJob};
use domain::money::Fen;
use projections::after_sales::AfterSaleFilter;
use projections::orders::{Filter, OrderView};
use projections::wallet::LedgerFilter;
use rust_xlsxwriter::XlsxError;

use crate::excel::sheet::{Book, Cell};
use crate::i18n::{message, Language};
use crate::state::AppState;

const PAGE: i64 = 500;

/// What to export, its filters already checked.
pub enum ExportSpec {
    Orders(Filter),
    Ledger(LedgerFilter),
    AfterSales(AfterSaleFilter),
}

impl ExportSpec {
    pub fn table_code(&self) -> &'static str {
        match self {
            ExportSpec::Orders(_) => "orders",
            ExportSpec::Ledger(_) => "ledger",
            ExportSpec::AfterSales(_) => "after_sales",
        }
    }

    /// How many rows the export will have (the first page's total).
    pub async fn count(&self, state: &AppState, user_id: &str, lang: Language) -> anyhow::Result<i64> {
        let pool = &state.db.pool;
        Ok(match self {
            ExportSpec::Orders(filter) => projections::orders::list(pool, filter, 1, 1, lang).await?.total,
            ExportSpec::Ledger(filter) => {
                projections::wallet::ledger_page(pool, user_id, filter, 1, 1)
                    .await?
                    .total
            }
            ExportSpec::AfterSales(filter) => projections::after_sales::list(pool, filter, 1, 1).await?.total,
        })
    }
}

fn money(text: &str) -> Cell {
    Cell::Money(Fen::parse_yuan(text.trim_start_matches('-')).map_or(Fen(0), |f| {
        if text.starts_with('-') {
            Fen(-f.0)
        } else {
            f
        }
    }))
}

fn text(value: impl Into<String>) -> Cell {
    Cell::Text(value.into())
}

fn headers(lang: Language, keys: &[&str]) -> Vec<String> {
    keys.iter()
        .map(|k| message(lang, &format!("excel.col.{k}"), &[]))
        .collect()
}

/// A code's name in `lang` from the catalogue (`excel.<group>.<code>`), or the code itself.
fn named(lang: Language, group: &str, code: &str) -> String {
    if code.is_empty() {
        return String::new();
    }
    let key = format!("excel.{group}.{code}");
    if crate::i18n::has_key(&key) {
        message(lang, &key, &[])
    } else {
        code.to_string()
    }
}

const ORDER_COLUMNS: [&str; 25] = [
    "order_no",
    "order_type",
    "platform",
    "source_order_no",
    "status",
    "placed_at",
    "paid_at",
    "shipped_at",
    "recipient",
    "phone",
    "address",
    "courier",
    "tracking_no",
    "item_count",
    "product_amount",
    "shipping",
    "service",
    "qc",
    "value_added",
    "coupon_discount",
    "total",
    "paid_amount",
    "refunded",
    "payment_method",
    "remark",
];

const ITEM_COLUMNS: [&str; 9] = [
    "order_no",
    "item_no",
    "title",
    "color",
    "size",
    "price",
    "quantity",
    "short_quantity",
    "amount",
];

fn order_row(o: &OrderView, lang: Language) -> Vec<Cell> {
    let address = o
        .address
        .as_ref()
        .map(|a| format!("{}{}{}{}", a.province, a.city, a.district, a.detail))
        .unwrap_or_default();
    let (recipient, phone) = o
        .address
        .as_ref()
        .map(|a| (a.recipient.clone(), a.phone.clone()))
        .unwrap_or_default();
    let courier = if o.ship_courier.is_empty() {
        &o.courier
    } else {
        &o.ship_courier
    };
    vec![
        text(&o.order_no),
        text(named(lang, "order_type", &o.kind)),
        text(named(lang, "platform", &o.platform)),
        text(&o.source_order_no),
        text(message(lang, &format!("param.status.{}", o.status), &[])),
        Cell::Time(Some(o.placed_at)),
        Cell::Time(o.paid_at),
        Cell::Time(o.shipped_at),
        text(recipient),
        text(phone),
        text(address),
        text(named(lang, "courier", courier)),
        text(&o.tracking_no),
        Cell::Count(o.item_count),
        money(&o.fees.product_amount),
        money(&o.fees.shipping),
        money(&o.fees.service),
        money(&o.fees.qc),
        money(&o.fees.value_added),
        money(&o.fees.coupon_discount),
        money(&o.fees.total),
        money(&o.paid_amount),
        money(&o.refunded),
        text(named(lang, "payment_method", &o.payment_method)),
        text(&o.remark),
    ]
}

fn sheet_name(lang: Language, sheet: &str) -> String {
    message(lang, &format!("excel.sheet.{sheet}"), &[])
}

fn widths(n: usize, wide: &[usize]) -> Vec<f64> {
    (0..n)
        .map(|i| if wide.contains(&i) { 24.0 } else { 14.0 })
        .collect()
}

/// Writes the whole export into a workbook, reporting progress after each page; answers the rows.
async fn write(
    state: &AppState,
    user_id: &str,
    spec: &ExportSpec,
    lang: Language,
    book: &mut Book,
    progress: &(dyn Fn(i64, i64) -> futures::future::BoxFuture<'static, ()> + Sync),
) -> anyhow::Result<i64> {
    let pool = &state.db.pool;
    let mut written = 0i64;
    let mut seen: HashSet<String> = HashSet::new();
    match spec {
        ExportSpec::Orders(filter) => {
            let orders = book.add_sheet(
                &sheet_name(lang, "orders"),
                &headers(lang, &ORDER_COLUMNS),
                &widths(ORDER_COLUMNS.len(), &[0, 3, 10, 24]),
            )?;
            let items = book.add_sheet(
                &sheet_name(lang, "items"),
                &headers(lang, &ITEM_COLUMNS),
                &widths(ITEM_COLUMNS.len(), &[0, 2]),
            )?;
            for page in 1.. {
                let found = projections::orders::list(pool, filter, page, PAGE, lang).await?;
                for order in found.list.iter().filter(|o| seen.insert(o.order_no.clone())) {
                    book.write_row(orders, &order_row(order, lang))?;
                    for item in &order.items {
                        book.write_row(
                            items,
                            &[
                                text(&order.order_no),
                                text(&item.item_no),
                                text(&item.title),
                                text(&item.color),
                                text(&item.size),
                                money(&item.price),
                                Cell::Count(item.quantity),
                                Cell::Count(item.short_quantity),
                                money(&item.amount),
                            ],
                        )?;
                    }
                    written += 1;
                }
                progress(written, found.total.max(written)).await;
                if (found.list.len() as i64) < PAGE {
                    break;
                }
            }
        }
        ExportSpec::Ledger(filter) => {
            let keys = [
                "at",
                "ledger_type",
                "amount",
                "balance_after",
                "frozen_after",
                "reference",
            ];
            let sheet = book.add_sheet(
                &sheet_name(lang, "ledger"),
                &headers(lang, &keys),
                &widths(keys.len(), &[0, 5]),
            )?;
            for page in 1.. {
                let found = projections::wallet::ledger_page(pool, user_id, filter, page, PAGE).await?;
                for row in found.list.iter().filter(|r| seen.insert(r.sequence.to_string())) {
                    book.write_row(
                        sheet,
                        &[
                            Cell::Time(Some(row.at)),
                            text(named(lang, "ledger", &row.kind)),
                            Cell::Money(row.amount),
                            Cell::Money(row.balance_after),
                            Cell::Money(row.frozen_after),
                            text(&row.reference),
                        ],
                    )?;
                    written += 1;
                }
                progress(written, found.total.max(written)).await;
                if (found.list.len() as i64) < PAGE {
                    break;
                }
            }
        }
        ExportSpec::AfterSales(filter) => {
            let keys = [
                "after_sale_id",
                "order_no",
                "after_sale_kind",
                "status",
                "applied_at",
                "quantity",
                "refund_amount",
                "refunded_at",
                "return_courier",
                "return_tracking_no",
                "reason",
            ];
            let sheet = book.add_sheet(
                &sheet_name(lang, "after_sales"),
                &headers(lang, &keys),
                &widths(keys.len(), &[0, 1, 9, 10]),
            )?;
            for page in 1.. {
                let found = projections::after_sales::list(pool, filter, page, PAGE).await?;
                for sale in found.list.iter().filter(|s| seen.insert(s.id.clone())) {
                    book.write_row(
                        sheet,
                        &[
                            text(&sale.id),
                            text(&sale.order_no),
                            text(named(lang, "after_sale_kind", &sale.kind)),
                            text(message(lang, &format!("param.status.{}", sale.status), &[])),
                            Cell::Time(Some(sale.applied_at)),
                            Cell::Count(sale.quantity),
                            money(&sale.refund_amount),
                            Cell::Time(sale.refunded_at),
                            text(named(lang, "courier", &sale.return_courier)),
                            text(&sale.return_tracking_no),
                            // a reason code (the apply dialog's list) in the reader's words; an
                            // older application's typed reason as it was written
                            text(named(lang, "after_sale_reason", &sale.reason)),
                        ],
                    )?;
                    written += 1;
                }
                progress(written, found.total.max(written)).await;
                if (found.list.len() as i64) < PAGE {
                    break;
                }
            }
        }
    }
    Ok(written)
}

/// Runs an export job to its end: the file is written next to the others and the job marked done,
/// or failed ('file export failed') with the cause logged.
pub async fn run(state: AppState, job: NewJob, spec: ExportSpec, lang: Language) {
    let now = commands::clock::now;
    let db = state.db.clone();
    let job_id = job.id.clone();
    let progress = move |done: i64, total: i64| -> futures::future::BoxFuture<'static, ()> {
        let db = db.clone();
        let id = job_id.clone();
        Box::pin(async move {
            if let Err(e) = excel_jobs::progress(&db, &id, done, total, commands::clock::now()).await {
                tracing::warn!(job = %id, error = ?e, "export progress not recorded");
            }
        })
    };
    let mut book = Book::new();
    let outcome = async {
        let rows = write(&state, &job.user_id, &spec, lang, &mut book, &progress).await?;
        let path = std::path::PathBuf::from(&job.file_path);
        if let Some(dir) = path.parent() {
            tokio::fs::create_dir_all(dir).await?;
        }
        tokio::task::spawn_blocking(move || book.save(&path))
            .await?
            .map_err(|e: XlsxError| anyhow::anyhow!(e))?;
        anyhow::Ok(rows)
    }
    .await;
    let recorded = match outcome {
        Ok(rows) => excel_jobs::finish(&state.db, &job.id, rows, "", now()).await,
        Err(e) => {
            tracing::error!(job = %job.id, error = ?e, "export failed");
            excel_jobs::fail(&state.db, &job.id, "excel.export_failed", now()).await
        }
    };
    if let Err(e) = recorded {
        tracing::error!(job = %job.id, error = ?e, "export outcome not recorded");
    }
}
