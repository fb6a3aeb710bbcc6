//! `jpmall audit refunds`: every order, after-sale and wallet event replayed from the log, and each
//! refund checked against its order (never more than was paid, never twice) and against the wallet
//! credits (each refund credited once, with its amount, to the order's owner; no credit without one).

use std::collections::{BTreeMap, HashMap};

use domain::after_sale::AfterSaleEvent;
use domain::money::Fen;
use domain::order::OrderEvent;
use domain::wallet::WalletEvent;
use sqlx::{AnyPool, Row};

/// Events read per query; the walk follows `position`, which the primary key of the log orders.
const BATCH: i64 = 5_000;

#[derive(Debug, Default)]
struct OrderBooks {
    user_id: String,
    paid: Fen,
    /// Refund id → amount, in the order the order granted them.
    refunds: Vec<(String, Fen)>,
}

#[derive(Debug, Default)]
struct AfterSaleBooks {
    order_no: String,
    refunds: Vec<(String, Fen, Fen)>,
}

#[derive(Debug, Default)]
pub struct RefundAudit {
    orders: HashMap<String, OrderBooks>,
    after_sales: BTreeMap<String, AfterSaleBooks>,
    /// Refund id → (wallet user, order id, amount) per credit.
    credits: HashMap<String, Vec<(String, String, Fen)>>,
    pub events: u64,
}

/// What the audit found, in words an auditor can act on.
#[derive(Debug, Default)]
pub struct RefundReport {
    pub orders: usize,
    pub after_sales: usize,
    pub refunds: usize,
    pub refunded: Fen,
    pub findings: Vec<String>,
}

impl RefundAudit {
    fn order(&mut self, order_no: &str, event: OrderEvent) {
        let books = self.orders.entry(order_no.to_string()).or_default();
        match event {
            OrderEvent::OrderPlaced { user_id, .. } => books.user_id = user_id,
            OrderEvent::OrderPaid { amount, .. } => books.paid = Fen(books.paid.0 + amount.0),
            OrderEvent::OrderCancelled {
                refund, refund_id, ..
            }
            | OrderEvent::StockShortage {
                refund, refund_id, ..
            } if refund.is_positive() => {
                books.refunds.push((refund_id, refund));
            }
            OrderEvent::AfterSaleRefundRecorded {
                after_sale_id,
                amount,
                ..
            } if amount.is_positive() => books.refunds.push((after_sale_id, amount)),
            _ => {}
        }
    }

    fn after_sale(&mut self, id: &str, event: AfterSaleEvent) {
        let books = self.after_sales.entry(id.to_string()).or_default();
        match event {
            AfterSaleEvent::AfterSaleApplied { order_no, .. } => books.order_no = order_no,
            AfterSaleEvent::AfterSaleRefunded {
                breakdown, refund_id, ..
            } => books.refunds.push((
                refund_id,
                breakdown.total,
                Fen(breakdown.goods.0 + breakdown.fees_back().0),
            )),
            _ => {}
        }
    }

    fn wallet(&mut self, user_id: &str, event: WalletEvent) {
        if let WalletEvent::RefundCredited {
            refund_id,
            order_id,
            amount,
            ..
        } = event
        {
            self.credits
                .entry(refund_id)
                .or_default()
                .push((user_id.to_string(), order_id, amount));
        }
    }

    /// Folds one stored event; other aggregates are skipped.
    pub fn fold(&mut self, aggregate_type: &str, aggregate_id: &str, payload: &str) -> anyhow::Result<()> {
        self.events += 1;
        let context = || format!("{aggregate_type} {aggregate_id}: unreadable event");
        match aggregate_type {
            "order" => self.order(
                aggregate_id,
                serde_json::from_str(payload).map_err(|e| anyhow::anyhow!("{}: {e}", context()))?,
            ),
            "after_sale" => self.after_sale(
                aggregate_id,
                serde_json::from_str(payload).map_err(|e| anyhow::anyhow!("{}: {e}", context()))?,
            ),
            "wallet" => self.wallet(
                aggregate_id,
                serde_json::from_str(payload).map_err(|e| anyhow::anyhow!("{}: {e}", context()))?,
            ),
            _ => {}
        }
        Ok(())
    }

    pub fn report(&self) -> RefundReport {
        let mut report = RefundReport {
            orders: self.orders.len(),
            after_sales: self.after_sales.len(),
            ..RefundReport::default()
        };
        let findings = &mut report.findings;
        let mut granted: HashMap<&str, (&str, &str, Fen)> = HashMap::new();
        let mut order_nos: Vec<&String> = self.orders.keys().collect();
        order_nos.sort();
        for order_no in order_nos {
            let books = &self.orders[order_no];
            let total: i64 = books.refunds.iter().map(|(_, a)| a.0).sum();
            if total > books.paid.0 {
                findings.push(format!(
                    "order {order_no}: refunds of {} exceed the {} paid",
                    Fen(total).to_yuan(),
                    books.paid.to_yuan()
                ));
            }
            for (refund_id, amount) in &books.refunds {
                if granted
                    .insert(
                        refund_id.as_str(),
                        (order_no.as_str(), books.user_id.as_str(), *amount),
                    )
                    .is_some()
                {
                    findings.push(format!("order {order_no}: refund {refund_id} granted twice"));
                }
            }
        }
        for (id, books) in &self.after_sales {
            match books.refunds.as_slice() {
                [] => {}
                [(refund_id, amount, gross)] => {
                    if amount.0 > gross.0 {
                        findings.push(format!(
                            "after-sale {id}: refund {} is more than its goods and fees {}",
                            amount.to_yuan(),
                            gross.to_yuan()
                        ));
                    }
                    if amount.is_positive() {
                        match granted.get(refund_id.as_str()) {
                            Some((order_no, _, recorded))
                                if *order_no == books.order_no && recorded == amount => {}
                            Some((order_no, _, recorded)) => findings.push(format!(
                                "after-sale {id}: refunded {} but order {order_no} recorded {}",
                                amount.to_yuan(),
                                recorded.to_yuan()
                            )),
                            None => findings.push(format!(
                                "after-sale {id}: refunded {} that order {} never recorded",
                                amount.to_yuan(),
                                books.order_no
                            )),
                        }
                    }
                }
                more => findings.push(format!("after-sale {id}: refunded {} times", more.len())),
            }
        }
        let mut ids: Vec<&&str> = granted.keys().collect();
        ids.sort();
        for refund_id in ids {
            let (order_no, user_id, amount) = granted[*refund_id];
            report.refunds += 1;
            report.refunded = Fen(report.refunded.0 + amount.0);
            match self.credits.get(*refund_id).map(Vec::as_slice) {
                None | Some([]) => findings.push(format!(
                    "refund {refund_id} of order {order_no} ({}) was never credited to the wallet",
                    amount.to_yuan()
                )),
                Some([(wallet, credited_order, credited)]) => {
                    if wallet != user_id || credited_order != order_no || *credited != amount {
                        findings.push(format!(
                            "refund {refund_id}: order {order_no} granted {} to {user_id}, the wallet credited {} to {wallet} for {credited_order}",
                            amount.to_yuan(),
                            credited.to_yuan()
                        ));
                    }
                }
                Some(more) => findings.push(format!("refund {refund_id} was credited {} times", more.len())),
            }
        }
        let mut orphans: Vec<&String> = self
            .credits
            .keys()
            .filter(|id| !granted.contains_key(id.as_str()))
            .collect();
        orphans.sort();
        for refund_id in orphans {
            findings.push(format!("wallet credit {refund_id} has no refund behind it"));
        }
        report
    }
}

/// Replays the log; `progress` gets (events read, events in the log).
pub async fn audit_refunds(
    pool: &AnyPool,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> anyhow::Result<RefundAudit> {
    let total: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM events")
        .fetch_one(pool)
        .await?;
    let mut audit = RefundAudit::default();
    let mut after: i64 = -1;
    let mut read = 0u64;
    loop {
        let rows = sqlx::query(
            "SELECT position, aggregate_type, aggregate_id, CAST(payload AS TEXT) FROM events \
             WHERE position > $1 ORDER BY position LIMIT $2",
        )
        .bind(after)
        .bind(BATCH)
        .fetch_all(pool)
        .await?;
        if rows.is_empty() {
            break;
        }
        for row in &rows {
            after = row.get(0);
            read += 1;
            let aggregate_type: String = row.get(1);
            if matches!(aggregate_type.as_str(), "order" | "after_sale" | "wallet") {
                audit.fold(
                    &aggregate_type,
                    &row.get::<String, _>(2),
                    &row.get::<String, _>(3),
                )?;
            }
        }
        progress(read, total.max(0) as u64);
    }
    Ok(audit)
}
