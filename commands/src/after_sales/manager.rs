//! The after-sale process manager: a refund credits the wallet under the after-sale id (the wallet
//! refuses an id twice), and a rejected or cancelled request frees the items it claimed on its order.
//! It runs after each after-sale commit; [`settle_after_sales`] redoes at start-up whatever a crash
//! cut off, and frees claims whose after-sale was never opened.

use std::sync::Arc;

use async_trait::async_trait;
use cqrs_es::{EventEnvelope, Query};
use domain::after_sale::{AfterSale, AfterSaleEvent};
use domain::order::{Order, OrderCommand, OrderEvent};
use domain::wallet::{RefundKind, WalletCommand};
use sqlx::Row;

use crate::error::Error;
use crate::orders::OrderQueue;
use crate::wallet::WalletQueue;
use crate::Database;

pub struct AfterSaleManager {
    db: Database,
    orders: Arc<OrderQueue>,
    wallet: Arc<WalletQueue>,
}

impl AfterSaleManager {
    pub fn new(db: Database, orders: Arc<OrderQueue>, wallet: Arc<WalletQueue>) -> Self {
        Self { db, orders, wallet }
    }

    async fn react(&self, id: &str, event: &AfterSaleEvent) -> Result<(), Error> {
        match event {
            AfterSaleEvent::AfterSaleRefunded {
                breakdown,
                refund_id,
                at,
            } => {
                if !breakdown.total.is_positive() {
                    return Ok(());
                }
                let after_sale: AfterSale = self.db.load(id).await?;
                self.wallet
                    .execute(
                        after_sale.user_id(),
                        WalletCommand::CreditRefund {
                            refund_id: refund_id.clone(),
                            order_id: after_sale.order_no().to_string(),
                            kind: RefundKind::AfterSale,
                            amount: breakdown.total,
                            at: *at,
                        },
                    )
                    .await
            }
            AfterSaleEvent::AfterSaleRejected { at, .. } | AfterSaleEvent::AfterSaleCancelled { at } => {
                let after_sale: AfterSale = self.db.load(id).await?;
                self.release(after_sale.order_no(), id, *at).await
            }
            _ => Ok(()),
        }
    }

    async fn release(&self, order_no: &str, id: &str, at: i64) -> Result<(), Error> {
        self.orders
            .execute(
                order_no,
                OrderCommand::ReleaseAfterSaleClaim {
                    after_sale_id: id.to_string(),
                    at,
                },
            )
            .await
    }
}

#[async_trait]
impl Query<AfterSale> for AfterSaleManager {
    async fn dispatch(&self, id: &str, events: &[EventEnvelope<AfterSale>]) {
        for event in events {
            if let Err(error) = self.react(id, &event.payload).await {
                // Settled at the next start by `settle_after_sales`.
                tracing::error!(
                    after_sale_id = id,
                    sequence = event.sequence,
                    "after-sale process manager: {error:#}"
                );
            }
        }
    }
}

/// Credits every after-sale refund the wallet ledger does not show yet, frees the claims of rejected
/// or cancelled after-sales still held by their orders, and frees claims older than `grace_seconds`
/// whose after-sale was never opened (a crash between the two steps of applying).
pub async fn settle_after_sales(
    db: &Database,
    orders: Arc<OrderQueue>,
    wallet: Arc<WalletQueue>,
    grace_seconds: i64,
    now: i64,
) -> Result<usize, Error> {
    let manager = AfterSaleManager::new(db.clone(), orders, wallet);
    let mut settled = 0;
    let rows = sqlx::query(
        "SELECT e.aggregate_id, CAST(e.payload AS TEXT) AS payload FROM events e \
         WHERE e.aggregate_type = 'after_sale' AND e.event_type IN ('AfterSaleRefunded', 'AfterSaleRejected', 'AfterSaleCancelled') \
         ORDER BY e.position",
    )
    .fetch_all(&db.pool)
    .await?;
    for row in rows {
        let id: String = row.get("aggregate_id");
        let payload: String = row.get("payload");
        let event: AfterSaleEvent = serde_json::from_str(&payload).map_err(|e| Error::Internal(e.into()))?;
        let pending = match &event {
            AfterSaleEvent::AfterSaleRefunded {
                breakdown, refund_id, ..
            } => {
                breakdown.total.is_positive()
                    && sqlx::query("SELECT 1 FROM wallet_ledger WHERE kind = 'refund' AND reference = $1")
                        .bind(refund_id)
                        .fetch_optional(&db.pool)
                        .await?
                        .is_none()
            }
            _ => {
                let after_sale: AfterSale = db.load(&id).await?;
                let order: Order = db.load(after_sale.order_no()).await?;
                order.holds_claim(&id)
            }
        };
        if pending {
            manager.react(&id, &event).await?;
            settled += 1;
        }
    }
    let claims = sqlx::query(
        "SELECT e.aggregate_id, CAST(e.payload AS TEXT) AS payload FROM events e \
         WHERE e.aggregate_type = 'order' AND e.event_type = 'AfterSaleClaimed' ORDER BY e.position",
    )
    .fetch_all(&db.pool)
    .await?;
    for row in claims {
        let order_no: String = row.get("aggregate_id");
        let payload: String = row.get("payload");
        let Ok(OrderEvent::AfterSaleClaimed {
            after_sale_id, at, ..
        }) = serde_json::from_str(&payload)
        else {
            continue;
        };
        if at + grace_seconds > now {
            continue;
        }
        let opened =
            sqlx::query("SELECT 1 FROM events WHERE aggregate_type = 'after_sale' AND aggregate_id = $1")
                .bind(&after_sale_id)
                .fetch_optional(&db.pool)
                .await?
                .is_some();
        if !opened {
            let order: Order = db.load(&order_no).await?;
            if order.holds_claim(&after_sale_id) {
                manager.release(&order_no, &after_sale_id, now).await?;
                settled += 1;
            }
        }
    }
    Ok(settled)
}
