use std::collections::{HashMap, HashSet};

use async_trait::async_trait;
use cqrs_es::EventEnvelope;
use domain::order::{Destination, Order, OrderEvent};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::{AnyConnection, Row};

use crate::bulk::{Cell, Rows};
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
        let mut timeline = timeline_rows();
        timeline.push(timeline_cells(envelope));
        timeline.write(conn).await?;
        effects(conn, envelope).await
    }

    /// The orders placed in the page are folded in memory and written in bulk with their items,
    /// the timeline of every event in bulk; the events of orders placed in earlier pages, and those
    /// the fold leaves to SQL (shortages, abnormal flags), one by one after them.
    async fn replay(&self, conn: &mut AnyConnection, events: &[EventEnvelope<Order>]) -> sqlx::Result<()> {
        let mut timeline = timeline_rows();
        let mut placed: Vec<OrderRow> = Vec::new();
        let mut items = item_rows();
        let mut folding: HashMap<&str, usize> = HashMap::new();
        let mut rest = Vec::new();
        // Orders with an event left to SQL: their later events in the page follow it there.
        let mut through_sql: HashSet<&str> = HashSet::new();
        for envelope in events {
            timeline.push(timeline_cells(envelope));
            let no = envelope.aggregate_id.as_str();
            let folded = match folding.get(no) {
                Some(&i) if !through_sql.contains(no) => placed[i].fold(&envelope.payload),
                Some(_) => false,
                None => match OrderRow::placed(no, &envelope.payload) {
                    Some(row) if !through_sql.contains(no) => {
                        push_items(&mut items, no, &envelope.payload);
                        folding.insert(no, placed.len());
                        placed.push(row);
                        true
                    }
                    _ => false,
                },
            };
            if !folded {
                through_sql.insert(no);
                rest.push(envelope);
            }
        }
        let mut orders = order_rows();
        for row in placed {
            orders.push(row.cells());
        }
        orders.write(conn).await?;
        items.write(conn).await?;
        timeline.write(conn).await?;
        for envelope in rest {
            effects(conn, envelope).await?;
        }
        Ok(())
    }
}

fn timeline_rows() -> Rows {
    Rows::new("order_timeline (order_no, sequence, kind, detail, at)", "")
}

fn timeline_cells(envelope: &EventEnvelope<Order>) -> [Cell; 5] {
    let event = &envelope.payload;
    [
        envelope.aggregate_id.as_str().into(),
        (envelope.sequence as i64).into(),
        cqrs_es::DomainEvent::event_type(event).into(),
        detail_of(event).into(),
        event.at().into(),
    ]
}

fn item_rows() -> Rows {
    Rows::new(
        "order_items (order_no, line_no, sku_id, product_id, stall_id, item_no, title, color, size, \
         unit_price, quantity, short_quantity)",
        "",
    )
}

/// The items of an order placed.
fn push_items(rows: &mut Rows, no: &str, event: &OrderEvent) {
    let OrderEvent::OrderPlaced { lines, .. } = event else {
        return;
    };
    for (n, line) in lines.iter().enumerate() {
        rows.push([
            no.into(),
            (n as i64).into(),
            (&line.sku_id).into(),
            (&line.product_id).into(),
            (&line.stall_id).into(),
            (&line.item_no).into(),
            (&line.title).into(),
            (&line.color).into(),
            (&line.size).into(),
            line.unit_price.0.into(),
            line.quantity.into(),
            0i64.into(),
        ]);
    }
}

fn order_rows() -> Rows {
    Rows::new(
        "orders (order_no, user_id, kind, platform, source_order_no, label_file, recipient, phone, \
         province, city, district, detail, status, stock_status, abnormal, reviewed, courier, qc_level, value_added, \
         product_amount, shipping, service, qc_fee, value_added_fee, coupon_discount, total, item_count, paid_amount, \
         refunded, payment_method, ship_courier, tracking_no, remark, rating, review, placed_at, paid_at, shipped_at, \
         completed_at, cancelled_at, coupons, shipping_priority)",
        "",
    )
}

/// An `orders` row: as placed, then changed by the events that only set its columns.
struct OrderRow {
    /// The columns from `order_no` to `detail`.
    placed: [Cell; 12],
    status: &'static str,
    stock_status: &'static str,
    reviewed: i64,
    courier: &'static str,
    qc_level: &'static str,
    value_added: String,
    fees: [i64; 7],
    item_count: i64,
    paid_amount: i64,
    refunded: i64,
    payment_method: &'static str,
    ship_courier: &'static str,
    tracking_no: String,
    remark: String,
    rating: i64,
    review: String,
    placed_at: i64,
    paid_at: i64,
    shipped_at: i64,
    completed_at: i64,
    cancelled_at: i64,
    coupons: String,
    shipping_priority: &'static str,
}

impl OrderRow {
    fn placed(no: &str, event: &OrderEvent) -> Option<OrderRow> {
        let OrderEvent::OrderPlaced {
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
        } = event
        else {
            return None;
        };
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
        let address = match destination {
            Destination::Domestic { address }
            | Destination::Platform {
                ship_to: Some(address),
                ..
            } => Some(address),
            Destination::Platform { ship_to: None, .. } => None,
        };
        let part = |f: fn(&domain::order::Address) -> &String| -> Cell {
            address.map(|a| f(a).as_str()).unwrap_or("").into()
        };
        let codes: Vec<&str> = value_added.iter().map(|v| v.code()).collect();
        Some(OrderRow {
            placed: [
                no.into(),
                user_id.into(),
                kind.into(),
                platform.into(),
                source_no.into(),
                label.into(),
                part(|a| &a.recipient),
                part(|a| &a.phone),
                part(|a| &a.province),
                part(|a| &a.city),
                part(|a| &a.district),
                part(|a| &a.detail),
            ],
            status: "pending_payment",
            stock_status: "pending_stock",
            reviewed: 0,
            courier: courier.code(),
            qc_level: qc.code(),
            value_added: codes.join(","),
            fees: [
                fees.product_amount.0,
                fees.shipping.0,
                fees.service.0,
                fees.qc.0,
                fees.value_added.0,
                fees.coupon_discount.0,
                fees.total.0,
            ],
            item_count: lines.iter().map(|l| l.quantity).sum(),
            paid_amount: 0,
            refunded: 0,
            payment_method: "",
            ship_courier: "",
            tracking_no: String::new(),
            remark: remark.clone(),
            rating: 0,
            review: String::new(),
            placed_at: *at,
            paid_at: 0,
            shipped_at: 0,
            completed_at: 0,
            cancelled_at: 0,
            coupons: serde_json::Value::from(coupons).to_string(),
            shipping_priority: priority.code(),
        })
    }

    /// Applies an event that only sets columns of the row, as [`effects`] would; `false` for the
    /// others, which touch other tables.
    fn fold(&mut self, event: &OrderEvent) -> bool {
        match event {
            OrderEvent::OrderPaid {
                method, amount, at, ..
            } => {
                self.status = "to_be_shipped";
                self.paid_amount = amount.0;
                self.payment_method = method_code(method);
                self.paid_at = *at;
            }
            OrderEvent::OrderCancelled { refund, at, .. } => {
                self.status = "cancelled";
                self.refunded += refund.0;
                self.cancelled_at = *at;
            }
            OrderEvent::StockPrepared { .. } => self.stock_status = "stock_prepared",
            OrderEvent::OrderShipped {
                courier,
                tracking_no,
                at,
            } => {
                self.status = "shipped";
                self.ship_courier = courier.code();
                self.tracking_no = tracking_no.clone();
                self.shipped_at = *at;
            }
            OrderEvent::OrderCompleted { at, .. } => {
                self.status = "completed";
                self.completed_at = *at;
            }
            OrderEvent::OrderReviewed { rating, content, .. } => {
                self.reviewed = 1;
                self.rating = i64::from(*rating);
                self.review = content.clone();
            }
            OrderEvent::AfterSaleClaimed { .. } | OrderEvent::AfterSaleClaimReleased { .. } => {}
            OrderEvent::AfterSaleRefundRecorded { amount, .. } => self.refunded += amount.0,
            _ => return false,
        }
        true
    }

    fn cells(self) -> [Cell; 42] {
        let [a, b, c, d, e, f, g, h, i, j, k, l] = self.placed;
        let [product, shipping, service, qc, value_added_fee, discount, total] = self.fees;
        [
            a,
            b,
            c,
            d,
            e,
            f,
            g,
            h,
            i,
            j,
            k,
            l,
            self.status.into(),
            self.stock_status.into(),
            0i64.into(),
            self.reviewed.into(),
            self.courier.into(),
            self.qc_level.into(),
            self.value_added.into(),
            product.into(),
            shipping.into(),
            service.into(),
            qc.into(),
            value_added_fee.into(),
            discount.into(),
            total.into(),
            self.item_count.into(),
            self.paid_amount.into(),
            self.refunded.into(),
            self.payment_method.into(),
            self.ship_courier.into(),
            self.tracking_no.into(),
            self.remark.into(),
            self.rating.into(),
            self.review.into(),
            self.placed_at.into(),
            self.paid_at.into(),
            self.shipped_at.into(),
            self.completed_at.into(),
            self.cancelled_at.into(),
            self.coupons.into(),
            self.shipping_priority.into(),
        ]
    }
}

/// What an event does to the order's tables besides its timeline row.
async fn effects(conn: &mut AnyConnection, envelope: &EventEnvelope<Order>) -> sqlx::Result<()> {
    let no = envelope.aggregate_id.as_str();
    let event = &envelope.payload;
    let sequence = envelope.sequence as i64;
    match event {
        OrderEvent::OrderPlaced { .. } => {
            let mut orders = order_rows();
            if let Some(row) = OrderRow::placed(no, event) {
                orders.push(row.cells());
            }
            orders.write(conn).await?;
            let mut items = item_rows();
            push_items(&mut items, no, event);
            items.write(conn).await?;
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
