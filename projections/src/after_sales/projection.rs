use async_trait::async_trait;
use cqrs_es::EventEnvelope;
use domain::after_sale::{AfterSale, AfterSaleEvent};
use serde_json::json;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use super::view::{AfterSaleView, LineView};
use crate::bulk::{JsonUpdate, Rows};
use crate::catalog::colour_picture_url;
use crate::{Carry, Projection};

pub struct AfterSaleBook;

/// What the timeline shows of an event, shaped like the rest of the API.
pub(super) fn detail_of(event: &AfterSaleEvent) -> serde_json::Value {
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

/// The order line's product and its colours, as `(product_id, colours JSON)`, by order and SKU.
type Products = HashMap<(String, String), (String, String)>;

const PRODUCT_OF_LINE: &str =
    "SELECT i.order_no, i.sku_id, i.product_id, COALESCE(p.colors, '[]') AS colours FROM order_items i \
     LEFT JOIN products p ON p.id = i.product_id";

/// The products of the lines an application names, read from the orders' items.
async fn products_of(conn: &mut AnyConnection, order_nos: &[&str]) -> sqlx::Result<Products> {
    let mut products = Products::new();
    let select = format!("{PRODUCT_OF_LINE} WHERE i.order_no IN");
    for row in rows_in(conn, &select, order_nos, "ORDER BY i.line_no").await? {
        products
            .entry((row.get("order_no"), row.get("sku_id")))
            .or_insert_with(|| (row.get("product_id"), row.get("colours")));
    }
    Ok(products)
}

/// Ids per `IN (…)` list.
const IN_LIST: usize = 500;

/// The rows of `select` (ending in `… IN`) for every key, read in lists of `IN_LIST`; `tail`
/// follows each list.
async fn rows_in(
    conn: &mut AnyConnection,
    select: &str,
    keys: &[&str],
    tail: &str,
) -> sqlx::Result<Vec<AnyRow>> {
    let mut rows = Vec::new();
    for chunk in keys.chunks(IN_LIST) {
        let marks: Vec<String> = (1..=chunk.len()).map(|n| format!("${n}")).collect();
        let sql = format!("{select} ({}) {tail}", marks.join(", "));
        let mut query = sqlx::query(&sql);
        for key in chunk {
            query = query.bind(*key);
        }
        rows.extend(query.fetch_all(&mut *conn).await?);
    }
    Ok(rows)
}

/// The view an application makes; `None` for any other event.
fn first_view(id: &str, event: &AfterSaleEvent, products: &Products) -> Option<AfterSaleView> {
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
        return None;
    };
    let mut views = Vec::with_capacity(lines.len());
    for line in lines {
        let (product_id, colours) = products
            .get(&(order_no.clone(), line.sku_id.clone()))
            .cloned()
            .unwrap_or_default();
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
    Some(AfterSaleView {
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

fn after_sale_rows() -> Rows {
    Rows::new(
        "after_sales (id, user_id, order_no, kind, status, quantity, refund_amount, refunded, applied_at, \
         updated_at, body)",
        "",
    )
}

/// An after-sale as a page leaves it: its view, and what its row was given when it was applied.
struct Folded {
    view: AfterSaleView,
    /// Applied in this page (inserted) rather than before (updated).
    fresh: bool,
    quantity: i64,
}

impl Folded {
    /// `view` as it stands before the page's later events.
    fn new(view: AfterSaleView, fresh: bool) -> Self {
        Self {
            quantity: view.quantity,
            view,
            fresh,
        }
    }

    fn push_into(&self, rows: &mut Rows) {
        let view = &self.view;
        rows.push([
            view.id.as_str().into(),
            view.user_id.as_str().into(),
            view.order_no.as_str().into(),
            view.kind.as_str().into(),
            view.status.as_str().into(),
            self.quantity.into(),
            fen(&view.refund_amount).into(),
            view.refunded.into(),
            view.applied_at.into(),
            view.updated_at.into(),
            serde_json::to_string(view).unwrap_or_default().into(),
        ]);
    }
}

/// The columns a later event changes, as `JsonUpdate` writes them.
#[derive(Serialize)]
struct Changed<'a> {
    id: &'a str,
    status: &'a str,
    refund_amount: i64,
    refunded: i64,
    updated_at: i64,
    body: String,
}

fn changed_update() -> JsonUpdate {
    let columns = [
        ("id", "text"),
        ("status", "text"),
        ("refund_amount", "bigint"),
        ("refunded", "bigint"),
        ("updated_at", "bigint"),
        ("body", "text"),
    ];
    let set: Vec<String> = columns[1..]
        .iter()
        .map(|(column, _)| format!("{column} = p.{column}"))
        .collect();
    JsonUpdate::new("after_sales", "id", &columns, &set)
}

/// The views of after-sales applied before this page, read in `IN (…)` lists.
async fn earlier_views(
    conn: &mut AnyConnection,
    ids: &[&str],
) -> sqlx::Result<HashMap<String, AfterSaleView>> {
    let mut views = HashMap::new();
    for row in rows_in(conn, "SELECT id, body FROM after_sales WHERE id IN", ids, "").await? {
        let body: String = row.get("body");
        let view: AfterSaleView =
            serde_json::from_str(&body).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        views.insert(row.get("id"), view);
    }
    Ok(views)
}

#[async_trait]
impl Projection for AfterSaleBook {
    type Aggregate = AfterSale;
    const NAME: &'static str = "after_sales";
    const TABLES: &'static [&'static str] = &["after_sales"];

    async fn apply(&self, conn: &mut AnyConnection, envelope: &EventEnvelope<AfterSale>) -> sqlx::Result<()> {
        let id = envelope.aggregate_id.as_str();
        let event = &envelope.payload;
        if let AfterSaleEvent::AfterSaleApplied { order_no, .. } = event {
            let products = products_of(conn, &[order_no.as_str()]).await?;
            let Some(view) = first_view(id, event, &products) else {
                return Ok(());
            };
            let mut rows = after_sale_rows();
            Folded {
                quantity: view.quantity,
                view,
                fresh: true,
            }
            .push_into(&mut rows);
            rows.write(conn).await?;
            return Ok(());
        }
        let Some(row) = sqlx::query("SELECT body FROM after_sales WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?
        else {
            return Ok(());
        };
        let body: String = row.get("body");
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

    /// A page folded per after-sale: the products of the page's applications and the views of
    /// the after-sales applied before it are read in lists, every event folds into its view, and
    /// the page writes new rows and changed rows in multi-row statements.
    async fn replay(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<AfterSale>],
        _carry: &mut Carry,
    ) -> sqlx::Result<()> {
        let mut applied_orders: Vec<&str> = Vec::new();
        let mut applied_here: HashSet<&str> = HashSet::new();
        let mut earlier: Vec<&str> = Vec::new();
        for envelope in events {
            let id = envelope.aggregate_id.as_str();
            if let AfterSaleEvent::AfterSaleApplied { order_no, .. } = &envelope.payload {
                applied_orders.push(order_no);
                applied_here.insert(id);
            } else if !applied_here.contains(id) {
                earlier.push(id);
            }
        }
        applied_orders.sort_unstable();
        applied_orders.dedup();
        earlier.sort_unstable();
        earlier.dedup();
        let products = products_of(conn, &applied_orders).await?;
        let mut views = earlier_views(conn, &earlier).await?;
        let mut folded: HashMap<&str, Folded> = HashMap::new();
        let mut order: Vec<&str> = Vec::new();
        for envelope in events {
            let id = envelope.aggregate_id.as_str();
            if let Some(view) = first_view(id, &envelope.payload, &products) {
                order.push(id);
                folded.insert(id, Folded::new(view, true));
                continue;
            }
            if !folded.contains_key(id) {
                // As the live path: an after-sale without a row has nothing to change.
                let Some(view) = views.remove(id) else { continue };
                order.push(id);
                folded.insert(id, Folded::new(view, false));
            }
            if let Some(after_sale) = folded.get_mut(id) {
                after_sale.view.apply(&envelope.payload);
            }
        }
        let mut inserted = after_sale_rows();
        let mut changed = Vec::new();
        for id in order {
            let Some(after_sale) = folded.get(id) else {
                continue;
            };
            if after_sale.fresh {
                after_sale.push_into(&mut inserted);
            } else {
                let view = &after_sale.view;
                changed.push(Changed {
                    id,
                    status: &view.status,
                    refund_amount: fen(&view.refund_amount),
                    refunded: i64::from(view.refunded),
                    updated_at: view.updated_at,
                    body: serde_json::to_string(view).unwrap_or_default(),
                });
            }
        }
        inserted.write(conn).await?;
        if !changed.is_empty() {
            changed_update().write(conn, &changed).await?;
        }
        Ok(())
    }
}

fn fen(yuan: &str) -> i64 {
    domain::money::Fen::parse_yuan(yuan).map(|f| f.0).unwrap_or(0)
}
