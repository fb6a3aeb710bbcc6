//! Pick waves as the warehouse reads them (`waves`): one row per wave, its pick lines and orders as
//! JSON, written only from the wave's events. The orders' current state is joined in when read.

use std::collections::{BTreeMap, HashMap};

use async_trait::async_trait;
use cqrs_es::EventEnvelope;
use domain::wave::{Wave, WaveEvent};
use serde::{Deserialize, Serialize};
use sqlx::{any::AnyRow, AnyConnection, AnyPool, Row};

use crate::catalog::Page;
use crate::sites::Language;
use crate::Projection;

pub struct WaveBook;

/// One order a line serves, and how many of its pieces were missed (known once closed).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LineOrder {
    pub order_no: String,
    pub quantity: i64,
    pub missed: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WaveLine {
    pub sku_id: String,
    pub product_id: String,
    pub market_id: String,
    pub market_name: String,
    pub market_name_en: String,
    pub floor: String,
    pub stall_id: String,
    pub stall_name: String,
    pub stall_number: String,
    pub item_no: String,
    pub title: String,
    pub title_en: String,
    pub color: String,
    pub size: String,
    pub image: String,
    pub quantity: i64,
    /// null while unmarked.
    pub missed: Option<i64>,
    pub orders: Vec<LineOrder>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WaveOrderView {
    pub order_no: String,
    pub user_id: String,
    pub paid_at: i64,
    /// pending until the wave is settled, then prepared | short | cancelled | skipped.
    pub outcome: String,
    /// The refusal key of a skipped order (the API puts it in words) and its values.
    #[serde(default)]
    pub reason: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reason_params: Vec<(String, String)>,
    /// The order's state now (filled in when read).
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub stock_status: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct WaveView {
    pub id: String,
    pub status: String,
    pub market_id: String,
    pub market_name: String,
    pub stall_id: String,
    pub stall_name: String,
    pub order_count: i64,
    pub line_count: i64,
    pub quantity: i64,
    pub missed: i64,
    pub created_at: i64,
    pub created_by: String,
    pub closed_at: Option<i64>,
    pub closed_by: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines: Option<Vec<WaveLine>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orders: Option<Vec<WaveOrderView>>,
}

fn actor_of(envelope: &EventEnvelope<Wave>) -> (String, String) {
    let kind = envelope
        .metadata
        .get("actor_kind")
        .cloned()
        .unwrap_or_else(|| "operator".to_string());
    let id = envelope.metadata.get("staff_id").cloned().unwrap_or_default();
    (kind, id)
}

/// Market → floor → stall → item number → colour → size, as the buyer walks the market.
fn walking_order(a: &WaveLine, b: &WaveLine) -> std::cmp::Ordering {
    (
        &a.market_name,
        &a.floor,
        &a.stall_name,
        &a.stall_id,
        &a.item_no,
        &a.color,
        &a.size,
    )
        .cmp(&(
            &b.market_name,
            &b.floor,
            &b.stall_name,
            &b.stall_id,
            &b.item_no,
            &b.color,
            &b.size,
        ))
}

async fn stored_json<T: for<'de> Deserialize<'de>>(
    conn: &mut AnyConnection,
    id: &str,
    column: &str,
) -> sqlx::Result<T> {
    let row = sqlx::query(&format!("SELECT {column} AS text FROM waves WHERE id = $1"))
        .bind(id)
        .fetch_one(&mut *conn)
        .await?;
    let text: String = row.get("text");
    serde_json::from_str(&text).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

fn decode<T: for<'de> Deserialize<'de>>(text: &str) -> sqlx::Result<T> {
    serde_json::from_str(text).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

fn to_json<T: Serialize>(value: &T) -> sqlx::Result<String> {
    serde_json::to_string(value).map_err(|e| sqlx::Error::Encode(Box::new(e)))
}

#[async_trait]
impl Projection for WaveBook {
    type Aggregate = Wave;
    const NAME: &'static str = "waves";
    const TABLES: &'static [&'static str] = &["waves"];

    async fn apply(&self, conn: &mut AnyConnection, envelope: &EventEnvelope<Wave>) -> sqlx::Result<()> {
        let id = envelope.aggregate_id.as_str();
        match &envelope.payload {
            WaveEvent::WaveCreated {
                market_id,
                stall_id,
                orders,
                lines,
                at,
            } => {
                let mut served: HashMap<&str, Vec<LineOrder>> = HashMap::new();
                for order in orders {
                    for line in &order.lines {
                        served.entry(line.sku_id.as_str()).or_default().push(LineOrder {
                            order_no: order.order_no.clone(),
                            quantity: line.quantity,
                            missed: 0,
                        });
                    }
                }
                let mut rows: Vec<WaveLine> = lines
                    .iter()
                    .map(|l| {
                        let orders = served.remove(l.sku_id.as_str()).unwrap_or_default();
                        WaveLine {
                            sku_id: l.sku_id.clone(),
                            product_id: l.product_id.clone(),
                            market_id: l.market_id.clone(),
                            market_name: l.market_name.clone(),
                            market_name_en: l.market_name_en.clone(),
                            floor: l.floor.clone(),
                            stall_id: l.stall_id.clone(),
                            stall_name: l.stall_name.clone(),
                            stall_number: l.stall_number.clone(),
                            item_no: l.item_no.clone(),
                            title: l.title.clone(),
                            title_en: l.title_en.clone(),
                            color: l.color.clone(),
                            size: l.size.clone(),
                            image: l.image.clone(),
                            quantity: orders.iter().map(|o| o.quantity).sum(),
                            missed: None,
                            orders,
                        }
                    })
                    .collect();
                rows.sort_by(walking_order);
                let order_rows: Vec<WaveOrderView> = orders
                    .iter()
                    .map(|o| WaveOrderView {
                        order_no: o.order_no.clone(),
                        user_id: o.user_id.clone(),
                        paid_at: o.paid_at,
                        outcome: "pending".into(),
                        reason: String::new(),
                        reason_params: Vec::new(),
                        status: String::new(),
                        stock_status: String::new(),
                    })
                    .collect();
                let market_name = if market_id.is_empty() {
                    String::new()
                } else {
                    lines
                        .iter()
                        .find(|l| &l.market_id == market_id)
                        .map(|l| l.market_name.clone())
                        .unwrap_or_default()
                };
                let stall_name = if stall_id.is_empty() {
                    String::new()
                } else {
                    lines
                        .iter()
                        .find(|l| &l.stall_id == stall_id)
                        .map(|l| l.stall_name.clone())
                        .unwrap_or_default()
                };
                let (kind, by) = actor_of(envelope);
                sqlx::query(
                    "INSERT INTO waves (id, status, market_id, market_name, stall_id, stall_name, order_count, \
                     line_count, quantity, missed, created_at, created_kind, created_by, closed_at, closed_kind, \
                     closed_by, lines, orders) \
                     VALUES ($1, 'open', $2, $3, $4, $5, $6, $7, $8, 0, $9, $10, $11, 0, '', '', $12, $13)",
                )
                .bind(id)
                .bind(market_id)
                .bind(market_name)
                .bind(stall_id)
                .bind(stall_name)
                .bind(orders.len() as i64)
                .bind(rows.len() as i64)
                .bind(rows.iter().map(|l| l.quantity).sum::<i64>())
                .bind(*at)
                .bind(kind)
                .bind(by)
                .bind(to_json(&rows)?)
                .bind(to_json(&order_rows)?)
                .execute(&mut *conn)
                .await?;
            }
            WaveEvent::LineMarked { sku_id, missed, .. } => {
                let mut lines: Vec<WaveLine> = stored_json(conn, id, "lines").await?;
                if let Some(line) = lines.iter_mut().find(|l| &l.sku_id == sku_id) {
                    line.missed = Some(*missed);
                }
                write_lines(conn, id, &lines).await?;
            }
            WaveEvent::LinesMarkedGot { sku_ids, .. } => {
                let mut lines: Vec<WaveLine> = stored_json(conn, id, "lines").await?;
                for line in lines.iter_mut().filter(|l| sku_ids.contains(&l.sku_id)) {
                    line.missed = Some(0);
                }
                write_lines(conn, id, &lines).await?;
            }
            WaveEvent::MissCleared { sku_id, .. } => {
                let mut lines: Vec<WaveLine> = stored_json(conn, id, "lines").await?;
                if let Some(line) = lines.iter_mut().find(|l| &l.sku_id == sku_id) {
                    line.missed = Some(0);
                }
                write_lines(conn, id, &lines).await?;
            }
            WaveEvent::WaveClosed { missed, plan, at } => {
                let mut lines: Vec<WaveLine> = stored_json(conn, id, "lines").await?;
                let short: HashMap<(&str, &str), i64> = plan
                    .iter()
                    .flat_map(|p| {
                        p.shortages
                            .iter()
                            .map(|s| ((p.order_no.as_str(), s.sku_id.as_str()), s.quantity))
                    })
                    .collect();
                for line in &mut lines {
                    line.missed = Some(missed.get(&line.sku_id).copied().unwrap_or(0));
                    for order in &mut line.orders {
                        order.missed = short
                            .get(&(order.order_no.as_str(), line.sku_id.as_str()))
                            .copied()
                            .unwrap_or(0);
                    }
                }
                write_lines(conn, id, &lines).await?;
                let (kind, by) = actor_of(envelope);
                sqlx::query(
                    "UPDATE waves SET status = 'closing', closed_at = $2, closed_kind = $3, closed_by = $4 \
                     WHERE id = $1",
                )
                .bind(id)
                .bind(*at)
                .bind(kind)
                .bind(by)
                .execute(&mut *conn)
                .await?;
            }
            WaveEvent::WaveSettled { outcomes, .. } => {
                let mut orders: Vec<WaveOrderView> = stored_json(conn, id, "orders").await?;
                let ended: BTreeMap<&str, _> = outcomes.iter().map(|o| (o.order_no.as_str(), o)).collect();
                for order in &mut orders {
                    if let Some(o) = ended.get(order.order_no.as_str()) {
                        order.outcome = o.outcome.code().to_string();
                        order.reason = o.reason.clone();
                        order.reason_params = o.reason_params.clone();
                    }
                }
                sqlx::query("UPDATE waves SET status = 'closed', orders = $2 WHERE id = $1")
                    .bind(id)
                    .bind(to_json(&orders)?)
                    .execute(&mut *conn)
                    .await?;
            }
        }
        Ok(())
    }
}

async fn write_lines(conn: &mut AnyConnection, id: &str, lines: &[WaveLine]) -> sqlx::Result<()> {
    let missed: i64 = lines.iter().filter_map(|l| l.missed).sum();
    sqlx::query("UPDATE waves SET lines = $2, missed = $3 WHERE id = $1")
        .bind(id)
        .bind(to_json(&lines)?)
        .bind(missed)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

const SUMMARY: &str = "w.id, w.status, w.market_id, w.market_name, w.stall_id, w.stall_name, w.order_count, \
     w.line_count, w.quantity, w.missed, w.created_at, w.created_kind, \
     COALESCE(c.name, '') AS created_by_name, w.closed_at, w.closed_kind, \
     COALESCE(d.name, '') AS closed_by_name, COALESCE(mk.name_en, '') AS market_name_en";
const FROM: &str =
    "FROM waves w LEFT JOIN staff c ON c.id = w.created_by LEFT JOIN staff d ON d.id = w.closed_by \
     LEFT JOIN markets mk ON mk.id = w.market_id";

fn name_of(kind: String, name: String) -> String {
    if kind == "staff" {
        name
    } else if kind.is_empty() {
        String::new()
    } else {
        "operator".to_string()
    }
}

fn summary(row: &AnyRow, lang: Language) -> WaveView {
    let closed_at: i64 = row.get("closed_at");
    let market_name_en: String = row.get("market_name_en");
    let market_name: String = match lang {
        Language::EnUs if !market_name_en.is_empty() => market_name_en,
        _ => row.get("market_name"),
    };
    WaveView {
        id: row.get("id"),
        status: row.get("status"),
        market_id: row.get("market_id"),
        market_name,
        stall_id: row.get("stall_id"),
        stall_name: row.get("stall_name"),
        order_count: row.get("order_count"),
        line_count: row.get("line_count"),
        quantity: row.get("quantity"),
        missed: row.get("missed"),
        created_at: row.get("created_at"),
        created_by: name_of(row.get("created_kind"), row.get("created_by_name")),
        closed_at: (closed_at > 0).then_some(closed_at),
        closed_by: name_of(row.get("closed_kind"), row.get("closed_by_name")),
        lines: None,
        orders: None,
    }
}

/// Waves newest first; `status` "open" also lists waves still settling, "closed" only settled ones.
pub async fn list(
    pool: &AnyPool,
    status: Option<&str>,
    page: i64,
    pagesize: i64,
    lang: Language,
) -> sqlx::Result<Page<WaveView>> {
    let filter = match status {
        Some("open") => "WHERE w.status IN ('open', 'closing')",
        Some("closed") => "WHERE w.status = 'closed'",
        _ => "",
    };
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM waves w {filter}"))
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {SUMMARY} {FROM} {filter} ORDER BY w.created_at DESC, w.id DESC LIMIT $1 OFFSET $2"
    ))
    .bind(pagesize)
    .bind((page - 1) * pagesize)
    .fetch_all(pool)
    .await?;
    Ok(Page {
        list: rows.iter().map(|r| summary(r, lang)).collect(),
        total,
        page,
        pagesize,
    })
}

/// The wave with its lines and its orders as they stand now.
pub async fn detail(pool: &AnyPool, id: &str, lang: Language) -> sqlx::Result<Option<WaveView>> {
    let Some(row) = sqlx::query(&format!(
        "SELECT {SUMMARY}, w.lines, w.orders {FROM} WHERE w.id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?
    else {
        return Ok(None);
    };
    let mut view = summary(&row, lang);
    let mut lines: Vec<WaveLine> = decode(&row.get::<String, _>("lines"))?;
    let mut orders: Vec<WaveOrderView> = decode(&row.get::<String, _>("orders"))?;
    let mut states: HashMap<String, (String, String)> = HashMap::new();
    for chunk in orders.chunks(500) {
        let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT order_no, status, stock_status FROM orders WHERE order_no IN ({})",
            marks.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for order in chunk {
            query = query.bind(order.order_no.as_str());
        }
        for r in query.fetch_all(pool).await? {
            states.insert(r.get("order_no"), (r.get("status"), r.get("stock_status")));
        }
    }
    for order in &mut orders {
        if let Some((status, stock)) = states.get(&order.order_no) {
            order.status = status.clone();
            order.stock_status = stock.clone();
        }
    }
    if lang == Language::EnUs {
        let ids: Vec<String> = lines.iter().map(|l| l.product_id.clone()).collect();
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        // colours and sizes as the product names them in English (the buyer's pick list reads them)
        let names = crate::product_names::ProductNames::load(pool, lang, &ids).await?;
        for line in &mut lines {
            if !line.market_name_en.is_empty() {
                line.market_name = line.market_name_en.clone();
            }
            if !line.title_en.is_empty() {
                line.title = line.title_en.clone();
            }
            line.color = names.colour(&line.product_id, &line.color);
            line.size = names.size(&line.size);
        }
    }
    view.lines = Some(lines);
    view.orders = Some(orders);
    Ok(Some(view))
}

/// Waves closed but not yet settled (a crash cut their settling off).
pub async fn closing(pool: &AnyPool) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query("SELECT id FROM waves WHERE status = 'closing' ORDER BY closed_at")
        .fetch_all(pool)
        .await?;
    Ok(rows.iter().map(|r| r.get("id")).collect())
}
