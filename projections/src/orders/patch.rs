//! Changes to orders already written, folded from a replay page's events and written in one
//! `UPDATE … FROM` per few thousand orders. In a market's log most orders are shipped long after
//! newer orders pushed them out of the replay's window, so without this their later events were
//! one `UPDATE` each: most of the orders replay's statements.

use std::collections::HashMap;

use cqrs_es::EventEnvelope;
use domain::order::{Order, OrderEvent};
use serde::Serialize;
use sqlx::AnyConnection;

use super::projection::{effects, method_code};
use crate::bulk::JsonUpdate;

/// What a page's events set on one order's `orders` row: the columns they set, and what they add
/// to `refunded`. A column left `None` keeps its value.
#[derive(Debug, Default, Serialize)]
struct Patch {
    order_no: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stock_status: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    paid_amount: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    payment_method: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    paid_at: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cancelled_at: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ship_courier: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tracking_no: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    shipped_at: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    completed_at: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reviewed: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    review: Option<String>,
    refunded: i64,
}

impl Patch {
    /// Folds `event` as `projection::effects` would apply it; `false` for an event that writes
    /// other tables too (shortages, abnormal flags), which must go through its own statements.
    fn fold(&mut self, event: &OrderEvent) -> bool {
        match event {
            OrderEvent::OrderPaid {
                method, amount, at, ..
            } => {
                self.status = Some("to_be_shipped");
                self.paid_amount = Some(amount.0);
                self.payment_method = Some(method_code(method));
                self.paid_at = Some(*at);
            }
            OrderEvent::OrderCancelled { refund, at, .. } => {
                self.status = Some("cancelled");
                self.refunded += refund.0;
                self.cancelled_at = Some(*at);
            }
            OrderEvent::StockPrepared { .. } => self.stock_status = Some("stock_prepared"),
            OrderEvent::OrderShipped {
                courier,
                tracking_no,
                at,
            } => {
                self.status = Some("shipped");
                self.ship_courier = Some(courier.code());
                self.tracking_no = Some(tracking_no.clone());
                self.shipped_at = Some(*at);
            }
            OrderEvent::OrderCompleted { at, .. } => {
                self.status = Some("completed");
                self.completed_at = Some(*at);
            }
            OrderEvent::OrderReviewed { rating, content, .. } => {
                self.reviewed = Some(1);
                self.rating = Some(i64::from(*rating));
                self.review = Some(content.clone());
            }
            OrderEvent::AfterSaleClaimed { .. } | OrderEvent::AfterSaleClaimReleased { .. } => {}
            OrderEvent::AfterSaleRefundRecorded { amount, .. } => self.refunded += amount.0,
            OrderEvent::OrderPlaced { .. }
            | OrderEvent::StockShortage { .. }
            | OrderEvent::OrderFlaggedAbnormal { .. }
            | OrderEvent::AbnormalResolved { .. } => return false,
        }
        true
    }
}

/// Columns a patch may set, with their types for PostgreSQL.
const SET: [(&str, &str); 13] = [
    ("status", "text"),
    ("stock_status", "text"),
    ("paid_amount", "bigint"),
    ("payment_method", "text"),
    ("paid_at", "bigint"),
    ("cancelled_at", "bigint"),
    ("ship_courier", "text"),
    ("tracking_no", "text"),
    ("shipped_at", "bigint"),
    ("completed_at", "bigint"),
    ("reviewed", "bigint"),
    ("rating", "bigint"),
    ("review", "text"),
];

fn update() -> JsonUpdate {
    let mut columns = vec![("order_no", "text"), ("refunded", "bigint")];
    columns.extend(SET);
    let mut set: Vec<String> = SET
        .iter()
        .map(|(column, _)| format!("{column} = COALESCE(p.{column}, orders.{column})"))
        .collect();
    set.push("refunded = orders.refunded + p.refunded".into());
    JsonUpdate::new("orders", "order_no", &columns, &set)
}

/// Applies the events of orders already written, `rest` in log order: an order whose events all
/// fold into a patch is written with the others in bulk, any other order event by event.
pub async fn apply(conn: &mut AnyConnection, rest: Vec<&EventEnvelope<Order>>) -> sqlx::Result<()> {
    let mut by_order: HashMap<&str, Vec<&EventEnvelope<Order>>> = HashMap::new();
    for envelope in rest {
        by_order
            .entry(envelope.aggregate_id.as_str())
            .or_default()
            .push(envelope);
    }
    let mut patches = Vec::new();
    let mut one_by_one = Vec::new();
    for (no, events) in by_order {
        let mut patch = Patch {
            order_no: no.to_string(),
            ..Patch::default()
        };
        if events.iter().all(|envelope| patch.fold(&envelope.payload)) {
            patches.push(patch);
        } else {
            one_by_one.extend(events);
        }
    }
    if !patches.is_empty() {
        update().write(conn, &patches).await?;
    }
    for envelope in one_by_one {
        effects(conn, envelope).await?;
    }
    Ok(())
}
