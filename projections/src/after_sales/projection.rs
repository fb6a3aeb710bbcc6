use async_trait::async_trait;
use cqrs_es::{DomainEvent, EventEnvelope};
use domain::after_sale::{AfterSale, AfterSaleEvent};
use serde_json::json;
use sqlx::{AnyConnection, Row};

use super::view::{AfterSaleView, LineView};
use crate::catalog::colour_picture_url;
use crate::Projection;

pub struct AfterSaleBook;

/// What the timeline shows of an event, shaped like the rest of the API.
fn detail_of(event: &AfterSaleEvent) -> serde_json::Value {
    match event {
        AfterSaleEvent::AfterSaleApplied {
            kind,
            lines,
            reason,
            estimate,
            ..
        } => json!({
            "kind": kind.code(),
            "quantity": lines.iter().map(|l| l.quantity).sum::<i64>(),
            "reason": reason,
            "refund_amount": estimate.total.to_yuan(),
        }),
        AfterSaleEvent::AfterSaleRejected { reason, .. } => json!({ "reason": reason }),
        AfterSaleEvent::ReturnShipped {
            courier, tracking_no, ..
        }
        | AfterSaleEvent::ReplacementShipped {
            courier, tracking_no, ..
        } => json!({ "courier": courier.code(), "tracking_no": tracking_no }),
        AfterSaleEvent::ReturnReceived {
            wrong_item,
            wrong_station,
            ..
        } => json!({ "wrong_item": wrong_item, "wrong_station": wrong_station }),
        AfterSaleEvent::AfterSaleRefunded {
            breakdown, refund_id, ..
        } => json!({
            "amount": breakdown.total.to_yuan(),
            "deductions": breakdown.deductions().to_yuan(),
            "refund_id": refund_id,
        }),
        AfterSaleEvent::AfterSaleApproved { .. }
        | AfterSaleEvent::InterceptionStarted { .. }
        | AfterSaleEvent::InterceptionSucceeded { .. }
        | AfterSaleEvent::InterceptionFailed { .. }
        | AfterSaleEvent::AfterSaleCancelled { .. } => json!({}),
    }
}

async fn first_view(
    conn: &mut AnyConnection,
    id: &str,
    event: &AfterSaleEvent,
) -> sqlx::Result<AfterSaleView> {
    let AfterSaleEvent::AfterSaleApplied {
        order_no,
        user_id,
        kind,
        lines,
        reason,
        description,
        images,
        return_deadline,
        estimate,
        at,
        ..
    } = event
    else {
        unreachable!("only called with the first event");
    };
    let mut views = Vec::with_capacity(lines.len());
    for line in lines {
        let product: Option<(String, String)> = sqlx::query_as(
            "SELECT i.product_id, COALESCE(p.colors, '[]') FROM order_items i \
             LEFT JOIN products p ON p.id = i.product_id WHERE i.order_no = $1 AND i.sku_id = $2",
        )
        .bind(order_no)
        .bind(&line.sku_id)
        .fetch_optional(&mut *conn)
        .await?;
        let (product_id, colours) = product.unwrap_or_default();
        views.push(LineView {
            sku_id: line.sku_id.clone(),
            image: if product_id.is_empty() {
                String::new()
            } else {
                colour_picture_url(&product_id, &colours, &line.color)
            },
            product_id,
            item_no: line.item_no.clone(),
            title: line.title.clone(),
            color: line.color.clone(),
            size: line.size.clone(),
            price: line.unit_price.to_yuan(),
            quantity: line.quantity,
        });
    }
    Ok(AfterSaleView {
        id: id.to_string(),
        order_no: order_no.clone(),
        user_id: user_id.clone(),
        kind: kind.code().into(),
        status: "pending_review".into(),
        quantity: lines.iter().map(|l| l.quantity).sum(),
        lines: views,
        reason: reason.clone(),
        description: description.clone(),
        images: images.clone(),
        breakdown: estimate.into(),
        refund_amount: estimate.total.to_yuan(),
        applied_at: *at,
        updated_at: *at,
        return_deadline: *return_deadline,
        ..AfterSaleView::default()
    })
}

#[async_trait]
impl Projection for AfterSaleBook {
    type Aggregate = AfterSale;
    const NAME: &'static str = "after_sales";
    const TABLES: &'static [&'static str] = &["after_sales", "after_sale_timeline"];

    async fn apply(&self, conn: &mut AnyConnection, envelope: &EventEnvelope<AfterSale>) -> sqlx::Result<()> {
        let id = envelope.aggregate_id.as_str();
        let event = &envelope.payload;
        sqlx::query(
            "INSERT INTO after_sale_timeline (id, sequence, kind, detail, at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(envelope.sequence as i64)
        .bind(event.event_type())
        .bind(detail_of(event).to_string())
        .bind(event.at())
        .execute(&mut *conn)
        .await?;
        if matches!(event, AfterSaleEvent::AfterSaleApplied { .. }) {
            let view = first_view(conn, id, event).await?;
            sqlx::query(
                "INSERT INTO after_sales (id, user_id, order_no, kind, status, quantity, refund_amount, refunded, applied_at, \
                 updated_at, body) VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $8, $9)",
            )
            .bind(id)
            .bind(&view.user_id)
            .bind(&view.order_no)
            .bind(&view.kind)
            .bind(&view.status)
            .bind(view.quantity)
            .bind(fen(&view.refund_amount))
            .bind(view.applied_at)
            .bind(serde_json::to_string(&view).unwrap_or_default())
            .execute(&mut *conn)
            .await?;
            return Ok(());
        }
        let Some(row) = sqlx::query("SELECT body FROM after_sales WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?
        else {
            return Ok(());
        };
        let body: String = row.get(0);
        let mut view: AfterSaleView =
            serde_json::from_str(&body).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        view.apply(event);
        sqlx::query(
            "UPDATE after_sales SET status = $2, refund_amount = $3, refunded = $4, updated_at = $5, body = $6 WHERE id = $1",
        )
        .bind(id)
        .bind(&view.status)
        .bind(fen(&view.refund_amount))
        .bind(i64::from(view.refunded))
        .bind(view.updated_at)
        .bind(serde_json::to_string(&view).unwrap_or_default())
        .execute(&mut *conn)
        .await?;
        Ok(())
    }
}

fn fen(yuan: &str) -> i64 {
    domain::money::Fen::parse_yuan(yuan).map(|f| f.0).unwrap_or(0)
}
