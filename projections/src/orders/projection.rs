use async_trait::async_trait;
use cqrs_es::EventEnvelope;
use domain::order::{Destination, Order, OrderEvent};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::{AnyConnection, Row};

use crate::Projection;

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

fn method_code(method: &domain::order::PaymentMethod) -> &'static str {
    match method {
        domain::order::PaymentMethod::Wallet => "wallet",
        domain::order::PaymentMethod::Qr => "qr",
    }
}

/// What the timeline shows of an event, shaped like the rest of the API: money in yuan strings,
/// couriers and methods as codes.
fn detail_of(event: &OrderEvent) -> String {
    let value = match event {
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
    };
    value.to_string()
}

#[async_trait]
impl Projection for OrderBook {
    type Aggregate = Order;
    const NAME: &'static str = "orders";
    const TABLES: &'static [&'static str] = &[
        "orders",
        "order_items",
        "order_timeline",
        "order_shortages",
        "order_abnormal",
    ];

    async fn apply(&self, conn: &mut AnyConnection, envelope: &EventEnvelope<Order>) -> sqlx::Result<()> {
        let no = envelope.aggregate_id.as_str();
        let event = &envelope.payload;
        let sequence = envelope.sequence as i64;
        sqlx::query(
            "INSERT INTO order_timeline (order_no, sequence, kind, detail, at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(no)
        .bind(sequence)
        .bind(cqrs_es::DomainEvent::event_type(event))
        .bind(detail_of(event))
        .bind(event.at())
        .execute(&mut *conn)
        .await?;
        match event {
            OrderEvent::OrderPlaced {
                user_id,
                lines,
                destination,
                courier,
                qc,
                value_added,
                fees,
                coupons,
                remark,
                priority,
                at,
                ..
            } => {
                let coupons: Vec<serde_json::Value> = coupons
                    .iter()
                    .map(|c| {
                        json!({"id": c.coupon_id, "type": c.kind.code(), "name": c.name, "discount": c.discount.to_yuan()})
                    })
                    .collect();
                let (kind, platform, source_no, label) = match destination {
                    Destination::Domestic { .. } => ("domestic", "", "", ""),
                    Destination::Platform {
                        platform,
                        source_order_no,
                        label_file,
                        ..
                    } => (
                        "platform",
                        platform.code(),
                        source_order_no.as_str(),
                        label_file.as_str(),
                    ),
                };
                let empty = domain::order::Address {
                    recipient: String::new(),
                    phone: String::new(),
                    province: String::new(),
                    city: String::new(),
                    district: String::new(),
                    detail: String::new(),
                };
                let address = match destination {
                    Destination::Domestic { address }
                    | Destination::Platform {
                        ship_to: Some(address),
                        ..
                    } => address,
                    Destination::Platform { ship_to: None, .. } => &empty,
                };
                let items: i64 = lines.iter().map(|l| l.quantity).sum();
                let codes: Vec<&str> = value_added.iter().map(|v| v.code()).collect();
                sqlx::query(
                    "INSERT INTO orders (order_no, user_id, kind, platform, source_order_no, label_file, recipient, phone, \
                     province, city, district, detail, status, stock_status, abnormal, reviewed, courier, qc_level, value_added, \
                     product_amount, shipping, service, qc_fee, value_added_fee, coupon_discount, total, item_count, paid_amount, \
                     refunded, payment_method, ship_courier, tracking_no, remark, rating, review, placed_at, paid_at, shipped_at, \
                     completed_at, cancelled_at, coupons, shipping_priority) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, \
                     $12, 'pending_payment', 'pending_stock', 0, 0, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, 0, 0, '', \
                     '', '', $24, 0, '', $25, 0, 0, 0, 0, $26, $27)",
                )
                .bind(no)
                .bind(user_id)
                .bind(kind)
                .bind(platform)
                .bind(source_no)
                .bind(label)
                .bind(&address.recipient)
                .bind(&address.phone)
                .bind(&address.province)
                .bind(&address.city)
                .bind(&address.district)
                .bind(&address.detail)
                .bind(courier.code())
                .bind(qc.code())
                .bind(codes.join(","))
                .bind(fees.product_amount.0)
                .bind(fees.shipping.0)
                .bind(fees.service.0)
                .bind(fees.qc.0)
                .bind(fees.value_added.0)
                .bind(fees.coupon_discount.0)
                .bind(fees.total.0)
                .bind(items)
                .bind(remark)
                .bind(at)
                .bind(serde_json::Value::from(coupons).to_string())
                .bind(priority.code())
                .execute(&mut *conn)
                .await?;
                for (n, line) in lines.iter().enumerate() {
                    sqlx::query(
                        "INSERT INTO order_items (order_no, line_no, sku_id, product_id, stall_id, item_no, title, color, size, \
                         unit_price, quantity, short_quantity) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0)",
                    )
                    .bind(no)
                    .bind(n as i64)
                    .bind(&line.sku_id)
                    .bind(&line.product_id)
                    .bind(&line.stall_id)
                    .bind(&line.item_no)
                    .bind(&line.title)
                    .bind(&line.color)
                    .bind(&line.size)
                    .bind(line.unit_price.0)
                    .bind(line.quantity)
                    .execute(&mut *conn)
                    .await?;
                }
            }
            OrderEvent::OrderPaid {
                method, amount, at, ..
            } => {
                let method = method_code(method);
                sqlx::query(
                    "UPDATE orders SET status = 'to_be_shipped', paid_amount = $2, payment_method = $3, paid_at = $4 \
                     WHERE order_no = $1",
                )
                .bind(no)
                .bind(amount.0)
                .bind(method)
                .bind(at)
                .execute(&mut *conn)
                .await?;
            }
            OrderEvent::OrderCancelled { refund, at, .. } => {
                sqlx::query(
                    "UPDATE orders SET status = 'cancelled', refunded = refunded + $2, cancelled_at = $3 WHERE order_no = $1",
                )
                .bind(no)
                .bind(refund.0)
                .bind(at)
                .execute(&mut *conn)
                .await?;
            }
            OrderEvent::StockPrepared { .. } => {
                sqlx::query("UPDATE orders SET stock_status = 'stock_prepared' WHERE order_no = $1")
                    .bind(no)
                    .execute(&mut *conn)
                    .await?;
            }
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
            OrderEvent::OrderShipped {
                courier,
                tracking_no,
                at,
            } => {
                sqlx::query(
                    "UPDATE orders SET status = 'shipped', ship_courier = $2, tracking_no = $3, shipped_at = $4 WHERE order_no = $1",
                )
                .bind(no)
                .bind(courier.code())
                .bind(tracking_no)
                .bind(at)
                .execute(&mut *conn)
                .await?;
            }
            OrderEvent::OrderCompleted { at, .. } => {
                sqlx::query("UPDATE orders SET status = 'completed', completed_at = $2 WHERE order_no = $1")
                    .bind(no)
                    .bind(at)
                    .execute(&mut *conn)
                    .await?;
            }
            OrderEvent::OrderReviewed { rating, content, .. } => {
                sqlx::query("UPDATE orders SET reviewed = 1, rating = $2, review = $3 WHERE order_no = $1")
                    .bind(no)
                    .bind(i64::from(*rating))
                    .bind(content)
                    .execute(&mut *conn)
                    .await?;
            }
            // The after-sales projection shows the claims; the order shows what they refunded.
            OrderEvent::AfterSaleClaimed { .. } | OrderEvent::AfterSaleClaimReleased { .. } => {}
            OrderEvent::AfterSaleRefundRecorded { amount, .. } => {
                sqlx::query("UPDATE orders SET refunded = refunded + $2 WHERE order_no = $1")
                    .bind(no)
                    .bind(amount.0)
                    .execute(&mut *conn)
                    .await?;
            }
        }
        Ok(())
    }
}
