//! Pick waves: gathering the paid orders waiting for stock into a wave (each order claimed by one
//! wave at a time in `wave_members`), marking lines, closing, and settling the closed wave's orders
//! through their own commands: prepared, or reported short under the wave's id as report id, so that
//! settling again (a second close, two staff at once, a restart) reports nothing new.

use std::collections::BTreeMap;
use std::sync::Arc;

use domain::calendar::china_stamp;
use domain::order::{OrderCommand, Shortage};
use domain::wave::{
    OrderOutcome, OrderPlan, PickLine, SettledOrder, Wave, WaveCommand, WaveError, WaveOrder, WaveOrderLine,
    WaveStatus,
};
use futures::stream::{self, StreamExt};
use sqlx::Row;

use crate::command_queue::{CommandQueue, Refuses};
use crate::error::{Error, Refusal};
use crate::orders::OrderQueue;
use crate::Database;

/// Every wave command goes through its queue (queued per wave, conflicts retried).
pub type WaveQueue = CommandQueue<Wave>;

/// A wave holds at most this many orders: a day's pick list, still one screen and one sheet.
pub const MAX_WAVE_ORDERS: i64 = 2_000;

/// Orders settled side by side when a wave closes: their commands are independent, and each waits
/// mostly on the database.
const SETTLE_CONCURRENCY: usize = 8;

impl Refuses for WaveError {
    fn refusal(&self) -> Refusal {
        let mut refusal = Refusal::new(self.key());
        refusal.field = self.field();
        refusal.params = self.params();
        refusal
    }
}

fn internal(e: sqlx::Error) -> Error {
    Error::Internal(e.into())
}

/// `BC<yyyymmddhhmmss China time><6 digits>`.
pub fn wave_id(now: i64) -> String {
    format!("BC{}{:06}", china_stamp(now), rand::random::<u32>() % 1_000_000)
}

/// Which orders a new wave takes: all, or those whose every item comes from one market or one stall.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    pub market_id: String,
    pub stall_id: String,
}

async fn check_scope(db: &Database, scope: &Scope) -> Result<(), Error> {
    if !scope.market_id.is_empty() {
        let found = sqlx::query("SELECT 1 FROM markets WHERE id = $1")
            .bind(&scope.market_id)
            .fetch_optional(&db.pool)
            .await
            .map_err(internal)?;
        if found.is_none() {
            return Err(Refusal::new("wave.market_unknown").on("market_id").into());
        }
    }
    if !scope.stall_id.is_empty() {
        let found = sqlx::query("SELECT 1 FROM stalls WHERE id = $1")
            .bind(&scope.stall_id)
            .fetch_optional(&db.pool)
            .await
            .map_err(internal)?;
        if found.is_none() {
            return Err(Refusal::new("wave.stall_unknown").on("stall_id").into());
        }
    }
    Ok(())
}

/// The orders a wave of `scope` would take now, oldest paid first.
async fn candidates(db: &Database, scope: &Scope) -> Result<Vec<String>, Error> {
    let mut sql = String::from(
        "SELECT o.order_no FROM orders o WHERE o.status = 'to_be_shipped' AND o.stock_status = 'pending_stock' \
         AND o.abnormal = 0 AND NOT EXISTS (SELECT 1 FROM wave_members m WHERE m.order_no = o.order_no)",
    );
    if !scope.market_id.is_empty() {
        sql.push_str(
            " AND NOT EXISTS (SELECT 1 FROM order_items i LEFT JOIN stalls s ON s.id = i.stall_id \
             WHERE i.order_no = o.order_no AND (s.market_id IS NULL OR s.market_id <> $1))",
        );
    }
    if !scope.stall_id.is_empty() {
        let n = if scope.market_id.is_empty() { 1 } else { 2 };
        sql.push_str(&format!(
            " AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_no = o.order_no AND i.stall_id <> ${n})"
        ));
    }
    sql.push_str(&format!(
        " ORDER BY o.paid_at, o.order_no LIMIT {MAX_WAVE_ORDERS}"
    ));
    let mut query = sqlx::query(&sql);
    if !scope.market_id.is_empty() {
        query = query.bind(&scope.market_id);
    }
    if !scope.stall_id.is_empty() {
        query = query.bind(&scope.stall_id);
    }
    let rows = query.fetch_all(&db.pool).await.map_err(internal)?;
    Ok(rows.iter().map(|r| r.get("order_no")).collect())
}

/// Claims `orders` for wave `id`; answers those it got (another wave may have taken some meanwhile).
async fn claim(db: &Database, id: &str, orders: &[String]) -> Result<Vec<String>, Error> {
    let mut tx = db.begin_write().await.map_err(internal)?;
    let mut claimed = Vec::with_capacity(orders.len());
    for order_no in orders {
        let done = sqlx::query(
            "INSERT INTO wave_members (order_no, wave_id) VALUES ($1, $2) ON CONFLICT (order_no) DO NOTHING",
        )
        .bind(order_no)
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
        if done.rows_affected() == 1 {
            claimed.push(order_no.clone());
        }
    }
    tx.commit().await.map_err(internal)?;
    Ok(claimed)
}

async fn let_go(db: &Database, id: &str, order_no: Option<&str>) -> Result<(), Error> {
    let query = match order_no {
        Some(no) => sqlx::query("DELETE FROM wave_members WHERE wave_id = $1 AND order_no = $2")
            .bind(id)
            .bind(no),
        None => sqlx::query("DELETE FROM wave_members WHERE wave_id = $1").bind(id),
    };
    query.execute(&db.pool).await.map_err(internal)?;
    Ok(())
}

/// The wave's orders with what is still to send of each line, and a pick line per SKU as the
/// catalogue describes it now (falling back on the order's own words for a SKU gone from it).
async fn contents(db: &Database, id: &str) -> Result<(Vec<WaveOrder>, Vec<PickLine>), Error> {
    let rows = sqlx::query(
        "SELECT o.order_no, o.user_id, o.paid_at, i.sku_id, i.product_id, i.stall_id, i.item_no, i.title, i.color, \
         i.size, i.quantity - i.short_quantity AS quantity, \
         COALESCE(p.title_en, '') AS title_en, COALESCE(s.name, '') AS stall_name, COALESCE(s.floor, '') AS floor, COALESCE(s.number, '') AS stall_number, \
         COALESCE(mk.id, '') AS market_id, COALESCE(mk.name_zh, '') AS market_name, COALESCE(mk.name_en, '') AS market_name_en \
         FROM wave_members m JOIN orders o ON o.order_no = m.order_no \
         JOIN order_items i ON i.order_no = o.order_no \
         LEFT JOIN products p ON p.id = i.product_id LEFT JOIN stalls s ON s.id = i.stall_id \
         LEFT JOIN markets mk ON mk.id = s.market_id \
         WHERE m.wave_id = $1 ORDER BY o.paid_at, o.order_no, i.line_no",
    )
    .bind(id)
    .fetch_all(&db.pool)
    .await
    .map_err(internal)?;
    let mut orders: Vec<WaveOrder> = Vec::new();
    let mut lines: BTreeMap<String, PickLine> = BTreeMap::new();
    for row in rows {
        let order_no: String = row.get("order_no");
        let sku_id: String = row.get("sku_id");
        let quantity: i64 = row.get("quantity");
        if orders.last().map(|o| &o.order_no) != Some(&order_no) {
            orders.push(WaveOrder {
                order_no: order_no.clone(),
                user_id: row.get("user_id"),
                paid_at: row.get("paid_at"),
                lines: Vec::new(),
            });
        }
        if quantity <= 0 {
            continue;
        }
        if let Some(order) = orders.last_mut() {
            order.lines.push(WaveOrderLine {
                sku_id: sku_id.clone(),
                quantity,
            });
        }
        lines.entry(sku_id.clone()).or_insert_with(|| {
            let product_id: String = row.get("product_id");
            let market_name: String = row.get("market_name");
            let market_name_en: String = row.get("market_name_en");
            PickLine {
                sku_id,
                image: format!("/media/p/{product_id}/main-1.jpg"),
                product_id,
                market_id: row.get("market_id"),
                market_name_en: if market_name_en.is_empty() {
                    market_name.clone()
                } else {
                    market_name_en
                },
                market_name,
                floor: row.get("floor"),
                stall_id: row.get("stall_id"),
                stall_name: row.get("stall_name"),
                stall_number: row.get("stall_number"),
                item_no: row.get("item_no"),
                title: row.get("title"),
                title_en: row.get("title_en"),
                color: row.get("color"),
                size: row.get("size"),
            }
        });
    }
    orders.retain(|o| !o.lines.is_empty());
    Ok((orders, lines.into_values().collect()))
}

/// Makes a wave of the orders `scope` takes now; answers its id.
pub async fn create(db: &Database, waves: &WaveQueue, scope: &Scope, now: i64) -> Result<String, Error> {
    check_scope(db, scope).await?;
    let id = wave_id(now);
    let wanted = candidates(db, scope).await?;
    let claimed = claim(db, &id, &wanted).await?;
    if claimed.is_empty() {
        return Err(WaveError::Empty.refusal().into());
    }
    let created = async {
        let (orders, lines) = contents(db, &id).await?;
        waves
            .execute(
                &id,
                WaveCommand::Create {
                    market_id: scope.market_id.clone(),
                    stall_id: scope.stall_id.clone(),
                    orders,
                    lines,
                    at: now,
                },
            )
            .await
    }
    .await;
    if let Err(e) = created {
        let_go(db, &id, None).await?;
        return Err(e);
    }
    Ok(id)
}

pub async fn mark(waves: &WaveQueue, id: &str, sku_id: &str, missed: i64, now: i64) -> Result<(), Error> {
    waves
        .execute(
            id,
            WaveCommand::Mark {
                sku_id: sku_id.trim().to_string(),
                missed,
                at: now,
            },
        )
        .await
}

/// Marks every unmarked line of the stall `stall_id` (None: of the whole wave) got all; lines
/// marked already are left as they are.
pub async fn mark_all_got(
    waves: &WaveQueue,
    id: &str,
    stall_id: Option<&str>,
    now: i64,
) -> Result<(), Error> {
    waves
        .execute(
            id,
            WaveCommand::MarkAllGot {
                stall_id: stall_id.map(|s| s.trim().to_string()),
                at: now,
            },
        )
        .await
}

/// Corrects a line marked missed to got all (a second call changes nothing).
pub async fn clear_miss(waves: &WaveQueue, id: &str, sku_id: &str, now: i64) -> Result<(), Error> {
    waves
        .execute(
            id,
            WaveCommand::ClearMiss {
                sku_id: sku_id.trim().to_string(),
                at: now,
            },
        )
        .await
}

/// Closes the wave (once) and settles its orders; a wave closed already is settled again, which
/// changes nothing for the orders already settled.
pub async fn close(
    db: &Database,
    waves: &WaveQueue,
    orders: &Arc<OrderQueue>,
    id: &str,
    missed: Vec<Shortage>,
    now: i64,
) -> Result<(), Error> {
    waves.execute(id, WaveCommand::Close { missed, at: now }).await?;
    settle(db, waves, orders, id, now).await
}

/// Sends each order of a closed wave what the closing planned, then records how each ended.
pub async fn settle(
    db: &Database,
    waves: &WaveQueue,
    orders: &Arc<OrderQueue>,
    id: &str,
    now: i64,
) -> Result<(), Error> {
    let wave: Wave = db.load(id).await?;
    match wave.status() {
        WaveStatus::Closing => {}
        WaveStatus::Closed => return Ok(()),
        WaveStatus::New | WaveStatus::Open => return Err(WaveError::NotClosed.refusal().into()),
    }
    let outcomes: Vec<Result<SettledOrder, Error>> = stream::iter(wave.plan().iter().cloned())
        .map(|plan| settle_order(orders, id, plan, now))
        .buffered(SETTLE_CONCURRENCY)
        .collect()
        .await;
    let outcomes: Vec<SettledOrder> = outcomes.into_iter().collect::<Result<_, _>>()?;
    for skipped in outcomes.iter().filter(|o| o.outcome == OrderOutcome::Skipped) {
        // Not settled by this wave: free to join another while it still waits for stock.
        let_go(db, id, Some(&skipped.order_no)).await?;
    }
    waves.execute(id, WaveCommand::Settle { outcomes, at: now }).await
}

async fn settle_order(
    orders: &OrderQueue,
    wave_id: &str,
    plan: OrderPlan,
    now: i64,
) -> Result<SettledOrder, Error> {
    let skipped = |refusal: Refusal| SettledOrder {
        order_no: plan.order_no.clone(),
        outcome: OrderOutcome::Skipped,
        reason: refusal.key.to_string(),
        reason_params: refusal
            .params
            .iter()
            .map(|(name, value)| (name.to_string(), value.clone()))
            .collect(),
    };
    let mut outcome = OrderOutcome::Prepared;
    if !plan.shortages.is_empty() {
        let reported = orders
            .execute(
                &plan.order_no,
                OrderCommand::MarkOutOfStock {
                    shortages: plan.shortages.clone(),
                    at: now,
                    report_id: Some(wave_id.to_string()),
                },
            )
            .await;
        match reported {
            Ok(()) => outcome = OrderOutcome::Short,
            Err(Error::Invalid(refusal)) => return Ok(skipped(refusal)),
            Err(e) => return Err(e),
        }
    }
    match orders
        .execute(&plan.order_no, OrderCommand::PrepareStock { at: now })
        .await
    {
        Ok(()) => {}
        // Nothing left to send: the shortage refunded it whole and cancelled it.
        Err(Error::Invalid(_)) if outcome == OrderOutcome::Short => outcome = OrderOutcome::Cancelled,
        Err(Error::Invalid(refusal)) => return Ok(skipped(refusal)),
        Err(e) => return Err(e),
    }
    Ok(SettledOrder {
        order_no: plan.order_no,
        outcome,
        reason: String::new(),
        reason_params: Vec::new(),
    })
}
