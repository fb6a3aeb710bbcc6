use async_trait::async_trait;
use cqrs_es::EventEnvelope;
use domain::order::{Order, OrderEvent};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::{AnyConnection, Row};

use super::rows::{OrderRow, Tables};
use crate::bulk::{Cell, Statement, Together};
use crate::runner::apply_at_once;
use crate::{Carry, Projection};

pub struct OrderBook;

/// One item of an out-of-stock notice, as stored in `order_shortages.items`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ShortItem {
    pub sku_id: String,
    pub item_no: String,
    pub title: String,
    pub color: String,
    pub size: String,
    pub quantity: i64,
    /// The picture of the SKU's colour, filled in when read (not stored).
    #[serde(default, skip_deserializing)]
    pub image: String,
}

pub(super) fn method_code(method: &domain::order::PaymentMethod) -> &'static str {
    match method {
        domain::order::PaymentMethod::Wallet => "wallet",
        domain::order::PaymentMethod::Qr => "qr",
    }
}

/// What the timeline shows of an event, shaped like the rest of the API: money in yuan strings,
/// couriers and methods as codes.
pub(super) fn detail_of(event: &OrderEvent) -> serde_json::Value {
    match event {
        OrderEvent::OrderPlaced {
            lines, fees, courier, ..
        } => json!({
            "total": fees.total.to_yuan(),
            "items": lines.iter().map(|l| l.quantity).sum::<i64>(),
            "courier": courier.code(),
        }),
        OrderEvent::OrderPaid { method, amount, .. } => json!({
            "method": method_code(method),
            "amount": amount.to_yuan(),
        }),
        OrderEvent::OrderCancelled {
            reason,
            refund,
            refund_id,
            ..
        } => json!({
            "reason": reason,
            "refund": refund.to_yuan(),
            "refund_id": refund_id,
        }),
        OrderEvent::StockPrepared { .. } => json!({}),
        OrderEvent::StockShortage {
            shortages,
            refund,
            refund_id,
            all,
            ..
        } => json!({
            "shortages": shortages.iter().map(|s| json!({"sku_id": s.sku_id, "quantity": s.quantity})).collect::<Vec<_>>(),
            "refund": refund.to_yuan(),
            "refund_id": refund_id,
            "all": all,
        }),
        OrderEvent::OrderFlaggedAbnormal { reason, .. } => json!({ "reason": reason }),
        OrderEvent::AbnormalResolved { resolution, .. } => json!({ "resolution": resolution }),
        OrderEvent::OrderShipped {
            courier, tracking_no, ..
        } => json!({
            "courier": courier.code(),
            "tracking_no": tracking_no,
        }),
        OrderEvent::OrderCompleted { automatic, .. } => json!({ "automatic": automatic }),
        OrderEvent::OrderReviewed { rating, content, .. } => json!({ "rating": rating, "content": content }),
        OrderEvent::AfterSaleClaimed {
            after_sale_id, lines, ..
        } => json!({
            "after_sale_id": after_sale_id,
            "lines": lines.iter().map(|c| json!({"sku_id": c.sku_id, "quantity": c.quantity})).collect::<Vec<_>>(),
        }),
        OrderEvent::AfterSaleClaimReleased { after_sale_id, .. } => json!({ "after_sale_id": after_sale_id }),
        OrderEvent::AfterSaleRefundRecorded {
            after_sale_id,
            amount,
            ..
        } => json!({ "after_sale_id": after_sale_id, "amount": amount.to_yuan() }),
    }
}

#[async_trait]
impl Projection for OrderBook {
    type Aggregate = Order;
    const NAME: &'static str = "orders";
    const TABLES: &'static [&'static str] = &["orders", "order_items", "order_shortages", "order_abnormal"];

    async fn apply(&self, conn: &mut AnyConnection, envelope: &EventEnvelope<Order>) -> sqlx::Result<()> {
        apply_at_once(self, conn, envelope).await
    }

    /// The effects that read the order's rows (a shortage, an abnormal flag) see what `later` holds
    /// of it written first.
    async fn apply_live(
        &self,
        conn: &mut AnyConnection,
        envelope: &EventEnvelope<Order>,
        later: &mut Together,
    ) -> sqlx::Result<()> {
        if !plain_effects(envelope, later) {
            later.flush(conn).await?;
            effects_that_read(conn, envelope).await?;
        }
        Ok(())
    }

    /// Orders are folded in memory with their later events, across pages while they are recent,
    /// and written in bulk (see `super::replay`).
    async fn replay(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<Order>],
        carry: &mut Carry,
    ) -> sqlx::Result<()> {
        super::replay::page(conn, events, carry).await
    }

    fn offset_waits(&self, carry: &mut Carry, aggregate_id: &str) -> bool {
        super::replay::unwritten(carry.get(), aggregate_id)
    }

    async fn finish(&self, conn: &mut AnyConnection, carry: &mut Carry) -> sqlx::Result<()> {
        super::replay::finish(conn, carry.get()).await
    }
}

/// What an event does to the order's tables.
pub(super) async fn effects(conn: &mut AnyConnection, envelope: &EventEnvelope<Order>) -> sqlx::Result<()> {
    let mut together = Together::default();
    if plain_effects(envelope, &mut together) {
        together.flush(conn).await
    } else {
        effects_that_read(conn, envelope).await
    }
}

/// The writes of an event whose effects read nothing, into `together`; false for the others.
fn plain_effects(envelope: &EventEnvelope<Order>, together: &mut Together) -> bool {
    let no = envelope.aggregate_id.as_str();
    let orders = |sql: &str, cells: Vec<Cell>| {
        let mut all = vec![Cell::from(no)];
        all.extend(cells);
        Statement::new("orders", sql, all)
    };
    let statement = match &envelope.payload {
        event @ OrderEvent::OrderPlaced { .. } => {
            if let Some(mut row) = OrderRow::placed(no, event) {
                let mut tables = Tables::new();
                row.push_into(&mut tables);
                tables.push_into(together);
            }
            return true;
        }
        OrderEvent::OrderPaid {
            method, amount, at, ..
        } => orders(
            "UPDATE orders SET status = 'to_be_shipped', paid_amount = $2, payment_method = $3, paid_at = $4 \
             WHERE order_no = $1",
            vec![amount.0.into(), method_code(method).into(), (*at).into()],
        ),
        OrderEvent::OrderCancelled { refund, at, .. } => orders(
            "UPDATE orders SET status = 'cancelled', refunded = refunded + $2, cancelled_at = $3 WHERE order_no = $1",
            vec![refund.0.into(), (*at).into()],
        ),
        OrderEvent::StockPrepared { .. } => orders(
            "UPDATE orders SET stock_status = 'stock_prepared' WHERE order_no = $1",
            vec![],
        ),
        OrderEvent::OrderShipped {
            courier,
            tracking_no,
            at,
        } => orders(
            "UPDATE orders SET status = 'shipped', ship_courier = $2, tracking_no = $3, shipped_at = $4 WHERE order_no = $1",
            vec![courier.code().into(), tracking_no.into(), (*at).into()],
        ),
        OrderEvent::OrderCompleted { at, .. } => orders(
            "UPDATE orders SET status = 'completed', completed_at = $2 WHERE order_no = $1",
            vec![(*at).into()],
        ),
        OrderEvent::OrderReviewed { rating, content, .. } => orders(
            "UPDATE orders SET reviewed = 1, rating = $2, review = $3 WHERE order_no = $1",
            vec![i64::from(*rating).into(), content.into()],
        ),
        // The after-sales projection shows the claims; the order shows what they refunded.
        OrderEvent::AfterSaleClaimed { .. } | OrderEvent::AfterSaleClaimReleased { .. } => return true,
        OrderEvent::AfterSaleRefundRecorded { amount, .. } => orders(
            "UPDATE orders SET refunded = refunded + $2 WHERE order_no = $1",
            vec![amount.0.into()],
        ),
        _ => return false,
    };
    together.push(statement);
    true
}

/// The effects of an out-of-stock notice or an abnormal flag, which read the order's rows.
async fn effects_that_read(conn: &mut AnyConnection, envelope: &EventEnvelope<Order>) -> sqlx::Result<()> {
    let no = envelope.aggregate_id.as_str();
    let event = &envelope.payload;
    let sequence = envelope.sequence as i64;
    match event {
        OrderEvent::StockShortage {
            shortages,
            refund,
            all,
            at,
            ..
        } => {
            let mut items = Vec::with_capacity(shortages.len());
            for s in shortages {
                sqlx::query(
                        "UPDATE order_items SET short_quantity = short_quantity + $3 WHERE order_no = $1 AND sku_id = $2",
                    )
                    .bind(no)
                    .bind(&s.sku_id)
                    .bind(s.quantity)
                    .execute(&mut *conn)
                    .await?;
                let row = sqlx::query(
                    "SELECT item_no, title, color, size FROM order_items WHERE order_no = $1 AND sku_id = $2",
                )
                .bind(no)
                .bind(&s.sku_id)
                .fetch_optional(&mut *conn)
                .await?;
                let text = |i: usize| row.as_ref().map(|r| r.get::<String, _>(i)).unwrap_or_default();
                items.push(ShortItem {
                    sku_id: s.sku_id.clone(),
                    item_no: text(0),
                    title: text(1),
                    color: text(2),
                    size: text(3),
                    quantity: s.quantity,
                    image: String::new(),
                });
            }
            sqlx::query("UPDATE orders SET refunded = refunded + $2 WHERE order_no = $1")
                .bind(no)
                .bind(refund.0)
                .execute(&mut *conn)
                .await?;
            if *all {
                sqlx::query(
                        "UPDATE orders SET status = 'cancelled', stock_status = 'out_of_stock', cancelled_at = $2 \
                         WHERE order_no = $1",
                    )
                    .bind(no)
                    .bind(at)
                    .execute(&mut *conn)
                    .await?;
            }
            sqlx::query(
                "INSERT INTO order_shortages (order_no, sequence, user_id, items, refund, all_items, at) \
                     SELECT order_no, $2, user_id, $3, $4, $5, $6 FROM orders WHERE order_no = $1",
            )
            .bind(no)
            .bind(sequence)
            .bind(serde_json::to_string(&items).unwrap_or_default())
            .bind(refund.0)
            .bind(i64::from(*all))
            .bind(at)
            .execute(&mut *conn)
            .await?;
        }
        OrderEvent::OrderFlaggedAbnormal { reason, at } => {
            sqlx::query("UPDATE orders SET abnormal = 1 WHERE order_no = $1")
                .bind(no)
                .execute(&mut *conn)
                .await?;
            sqlx::query(
                    "INSERT INTO order_abnormal (order_no, sequence, user_id, reason, flagged_at, resolution, resolved_at) \
                     SELECT order_no, $2, user_id, $3, $4, '', 0 FROM orders WHERE order_no = $1",
                )
                .bind(no)
                .bind(sequence)
                .bind(reason)
                .bind(at)
                .execute(&mut *conn)
                .await?;
        }
        OrderEvent::AbnormalResolved { resolution, at } => {
            sqlx::query("UPDATE orders SET abnormal = 0 WHERE order_no = $1")
                .bind(no)
                .execute(&mut *conn)
                .await?;
            sqlx::query(
                    "UPDATE order_abnormal SET resolution = $2, resolved_at = $3 WHERE order_no = $1 AND resolved_at = 0",
                )
                .bind(no)
                .bind(resolution)
                .bind(at)
                .execute(&mut *conn)
                .await?;
        }
        _ => {}
    }
    Ok(())
}
