//! The order process manager: a cancelled or short order is refunded to the wallet (refund id named by
//! the order event, so the wallet credits it once), and a cancelled order's stock goes back on sale and
//! its coupons are released.
//! It runs after each order commit; [`settle_refunds`] redoes at start-up whatever a crash cut off.

use std::sync::Arc;

use async_trait::async_trait;
use cqrs_es::{EventEnvelope, Query};
use domain::money::Fen;
use domain::order::{Order, OrderEvent};
use domain::wallet::{RefundKind, WalletCommand};
use sqlx::Row;

use crate::coupons::{self, CouponQueue};
use crate::error::Error;
use crate::orders::placing::return_stock;
use crate::wallet::WalletQueue;
use crate::Database;

pub struct OrderManager {
    db: Database,
    wallet: Arc<WalletQueue>,
    coupons: Arc<CouponQueue>,
}

impl OrderManager {
    pub fn new(db: Database, wallet: Arc<WalletQueue>, coupons: Arc<CouponQueue>) -> Self {
        Self { db, wallet, coupons }
    }

    async fn credit(
        &self,
        order_no: &str,
        refund_id: &str,
        kind: RefundKind,
        amount: Fen,
        at: i64,
    ) -> Result<(), Error> {
        if !amount.is_positive() {
            return Ok(());
        }
        let order: Order = self.db.load(order_no).await?;
        self.wallet
            .execute(
                order.user_id(),
                WalletCommand::CreditRefund {
                    refund_id: refund_id.to_string(),
                    order_id: order_no.to_string(),
                    kind,
                    amount,
                    at,
                },
            )
            .await
    }

    async fn react(&self, order_no: &str, event: &OrderEvent) -> Result<(), Error> {
        match event {
            OrderEvent::OrderCancelled {
                refund,
                refund_id,
                at,
                ..
            } => {
                self.credit(order_no, refund_id, RefundKind::Cancellation, *refund, *at)
                    .await?;
                let order: Order = self.db.load(order_no).await?;
                return_stock(&self.db, order_no, &order.shortages()).await?;
                coupons::release(&self.coupons, order.coupon_ids(), order_no, *at).await;
            }
            OrderEvent::StockShortage {
                refund,
                refund_id,
                all,
                at,
                ..
            } => {
                self.credit(order_no, refund_id, RefundKind::OutOfStock, *refund, *at)
                    .await?;
                if *all {
                    let order: Order = self.db.load(order_no).await?;
                    coupons::release(&self.coupons, order.coupon_ids(), order_no, *at).await;
                }
            }
            _ => {}
        }
        Ok(())
    }
}

#[async_trait]
impl Query<Order> for OrderManager {
    async fn dispatch(&self, order_no: &str, events: &[EventEnvelope<Order>]) {
        for event in events {
            if let Err(error) = self.react(order_no, &event.payload).await {
                // Settled at the next start by `settle_refunds`.
                tracing::error!(
                    order_no,
                    sequence = event.sequence,
                    "order process manager: {error:#}"
                );
            }
        }
    }
}

/// Every refund an order event asked for that the wallet ledger does not show yet is credited (the
/// wallet refuses a refund id twice, so this is safe to run any time), and cancelled orders whose
/// stock is still held give it back.
pub async fn settle_refunds(
    db: &Database,
    wallet: Arc<WalletQueue>,
    coupons: Arc<CouponQueue>,
) -> Result<usize, Error> {
    let manager = OrderManager::new(db.clone(), wallet, coupons);
    let rows = sqlx::query(
        "SELECT e.aggregate_id, CAST(e.payload AS TEXT) AS payload FROM events e \
         WHERE e.aggregate_type = 'order' AND e.event_type IN ('OrderCancelled', 'StockShortage') \
         ORDER BY e.position",
    )
    .fetch_all(&db.pool)
    .await?;
    let mut settled = 0;
    for row in rows {
        let order_no: String = row.get("aggregate_id");
        let payload: String = row.get("payload");
        let event: OrderEvent = serde_json::from_str(&payload).map_err(|e| Error::Internal(e.into()))?;
        let (refund_id, refund) = match &event {
            OrderEvent::OrderCancelled {
                refund_id, refund, ..
            }
            | OrderEvent::StockShortage {
                refund_id, refund, ..
            } => (refund_id.clone(), *refund),
            _ => continue,
        };
        let credited = sqlx::query("SELECT 1 FROM wallet_ledger WHERE kind = 'refund' AND reference = $1")
            .bind(&refund_id)
            .fetch_optional(&db.pool)
            .await?
            .is_some();
        let holds_stock = matches!(event, OrderEvent::OrderCancelled { .. })
            && sqlx::query("SELECT 1 FROM stock_reservations WHERE order_no = $1 AND state = 'placed'")
                .bind(&order_no)
                .fetch_optional(&db.pool)
                .await?
                .is_some();
        if (refund.is_positive() && !credited) || holds_stock {
            manager.react(&order_no, &event).await?;
            settled += 1;
        }
    }
    Ok(settled)
}
