//! The ranking's follower: reads the order log after its cursor in `(tx, position)` order, folds a
//! batch in memory and writes the sums, the orders it still follows and the cursor in one
//! transaction. Several processes may follow at once: the cursor only moves from where a batch read
//! it, so a batch another process wrote first is dropped, never counted twice.
//! The cursor and the fence that keeps it behind transactions still running are `crate::follow`'s.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use cqrs_es::{EventEnvelope, Query};
use domain::order::{Order, OrderEvent};
use sqlx::{Any, AnyConnection, AnyPool, Row, Transaction};
use tokio::sync::Notify;

use super::{write_sums, Followed, Sums};
use crate::bulk::Rows;
use crate::follow::{self, Cursor};
use crate::Replayable;

const NAME: &str = "ranking";

/// Events per batch while following, and per read while rebuilding.
const BATCH: i64 = 5_000;

/// How often a follower looks at the log when nothing told it of new orders (another process's).
const POLL: Duration = Duration::from_millis(500);

/// How long a poked follower waits for more orders before it reads.
const GATHER: Duration = Duration::from_millis(100);

pub struct RankingFollower {
    pool: AnyPool,
    postgres: bool,
    poked: Notify,
}

/// An order event as the ranking reads it.
struct Read {
    order_no: String,
    sequence: i64,
    event_type: String,
    payload: String,
    at: Cursor,
}

impl RankingFollower {
    pub fn new(pool: AnyPool, postgres: bool) -> Arc<Self> {
        Arc::new(Self {
            pool,
            postgres,
            poked: Notify::new(),
        })
    }

    /// Wakes the follower: new order events were committed in this process.
    pub fn poke(&self) {
        self.poked.notify_one();
    }

    /// Follows the log until `stopping` says stop: soon after a poke, else every half second.
    /// Failures are logged and retried; meanwhile the lag grows and `/readyz` reports it.
    pub async fn follow(self: Arc<Self>, mut stopping: tokio::sync::watch::Receiver<bool>) {
        loop {
            if let Err(error) = self.catch_up_quietly().await {
                tracing::error!("the ranking could not follow the order log: {error:#}");
            }
            let poked = tokio::select! {
                () = self.poked.notified() => true,
                () = tokio::time::sleep(POLL) => false,
                _ = stopping.wait_for(|stop| *stop) => return,
            };
            if poked {
                // A moment for the orders arriving with this one, so that a busy market is followed
                // in batches rather than an order at a time.
                tokio::time::sleep(GATHER).await;
            }
        }
    }

    async fn catch_up_quietly(&self) -> anyhow::Result<usize> {
        Replayable::catch_up(self, &|_, _| {}).await
    }

    async fn cursor(&self) -> sqlx::Result<Option<Cursor>> {
        follow::cursor(&self.pool, NAME).await
    }

    /// The next order events after `after` that can no longer be joined by one written before them.
    async fn read_after(&self, after: Cursor) -> anyhow::Result<Vec<Read>> {
        let fence = follow::fence(self.postgres);
        let rows = sqlx::query(&format!(
            "SELECT aggregate_id, sequence, event_type, CASE WHEN event_type = 'OrderShipped' THEN '' \
             ELSE CAST(payload AS TEXT) END AS payload, tx, position FROM events \
             WHERE aggregate_type = 'order' AND (tx, position) > ($1, $2){fence} \
             AND event_type IN ('OrderPlaced', 'OrderPaid', 'StockShortage', 'OrderCancelled', 'OrderShipped') \
             ORDER BY tx, position LIMIT {BATCH}"
        ))
        .bind(after.tx)
        .bind(after.position)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|row| Read {
                order_no: row.get("aggregate_id"),
                sequence: row.get("sequence"),
                event_type: row.get("event_type"),
                payload: row.get("payload"),
                at: Cursor {
                    tx: row.get("tx"),
                    position: row.get("position"),
                },
            })
            .collect())
    }

    async fn begin_write(&self) -> sqlx::Result<Transaction<'static, Any>> {
        follow::begin_write(&self.pool, self.postgres).await
    }

    /// Applies the next batch after the cursor; answers how many events it applied (0 when none
    /// were waiting or another process applied them first), or `None` before the first rebuild.
    async fn step(&self) -> anyhow::Result<Option<usize>> {
        let Some(from) = self.cursor().await? else {
            return Ok(None);
        };
        let events = self.read_after(from).await?;
        let Some(last) = events.last() else {
            return Ok(Some(0));
        };
        let to = last.at;
        // Orders seen before this batch are read back; an order's first event has nothing before it.
        let mut seen_first: HashSet<&str> = HashSet::new();
        let mut earlier: Vec<&str> = Vec::new();
        for event in &events {
            if seen_first.insert(event.order_no.as_str()) && event.sequence > 1 {
                earlier.push(event.order_no.as_str());
            }
        }
        let mut orders = load_followed(&self.pool, &earlier).await?;
        let mut sums = Sums::new();
        fold(&events, &mut orders, &mut sums)?;
        let mut tx = self.begin_write().await?;
        if !follow::move_cursor(&mut tx, NAME, Some(from), to).await? {
            tx.rollback().await?;
            return Ok(Some(0));
        }
        write_sums(&mut tx, &sums).await?;
        store_followed(&mut tx, &orders).await?;
        tx.commit().await?;
        Ok(Some(events.len()))
    }

    /// Folds the whole order log from nothing and writes the result, with the cursor where the fold
    /// ended, in one transaction. Reports `(events read, total)`.
    async fn rebuild(&self, progress: &(dyn Fn(u64, u64) + Sync)) -> anyhow::Result<usize> {
        if self.postgres {
            // Without statistics (a log just restored or loaded in bulk) PostgreSQL plans each page
            // as a scan and sort of every order event instead of a walk along the index.
            sqlx::query("ANALYZE events").execute(&self.pool).await?;
        }
        let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM events WHERE aggregate_type = 'order'")
            .fetch_one(&self.pool)
            .await?;
        progress(0, total as u64);
        let mut orders: HashMap<String, Followed> = HashMap::new();
        let mut sums = Sums::new();
        let mut at = Cursor { tx: 0, position: 0 };
        let mut read = 0usize;
        loop {
            let events = self.read_after(at).await?;
            let Some(last) = events.last() else { break };
            at = last.at;
            read += events.len();
            fold(&events, &mut orders, &mut sums)?;
            progress(read as u64, total as u64);
        }
        let mut tx = self.begin_write().await?;
        if !follow::move_cursor(&mut tx, NAME, None, at).await? {
            // Another process rebuilt it meanwhile.
            tx.rollback().await?;
            return Ok(0);
        }
        // Left by the ranking of earlier versions, which was written with each order.
        sqlx::query("DELETE FROM projection_offsets WHERE projection = $1")
            .bind(NAME)
            .execute(&mut *tx)
            .await?;
        empty_tables(&mut tx).await?;
        write_sums(&mut tx, &sums).await?;
        // The tables were just emptied: settled orders have nothing to let go.
        orders.retain(|_, followed| !followed.settled);
        store_followed(&mut tx, &orders).await?;
        tx.commit().await?;
        Ok(read)
    }

    async fn rewound(&self, at: Cursor) -> sqlx::Result<bool> {
        follow::rewound(&self.pool, self.postgres, at).await
    }
}

/// The ranking's own tables (its cursor is in `projection_cursors`).
const TABLES: &[&str] = &["daily_sales", "ranking_orders"];

/// Empties the ranking's own tables (its cursor is the caller's).
async fn empty_tables(conn: &mut AnyConnection) -> sqlx::Result<()> {
    for table in TABLES {
        sqlx::query(&format!("DELETE FROM {table}"))
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Applies `events` to the orders they belong to (an order not in `orders` starts unpaid), adding
/// what they change in daily sales to `sums`.
fn fold(events: &[Read], orders: &mut HashMap<String, Followed>, sums: &mut Sums) -> anyhow::Result<()> {
    for event in events {
        let followed = orders.entry(event.order_no.clone()).or_insert_with(|| Followed {
            paid_day: -1,
            ..Followed::default()
        });
        if event.event_type == "OrderShipped" {
            followed.settle();
            continue;
        }
        let payload: OrderEvent = serde_json::from_str(&event.payload).map_err(|e| {
            anyhow::anyhow!(
                "order {} event #{} at position {}: {e}",
                event.order_no,
                event.sequence,
                event.at.position
            )
        })?;
        followed.apply(&payload, sums);
    }
    Ok(())
}

/// The orders of `order_nos` the ranking still follows, as stored.
async fn load_followed(pool: &AnyPool, order_nos: &[&str]) -> sqlx::Result<HashMap<String, Followed>> {
    let mut orders = HashMap::new();
    for chunk in order_nos.chunks(500) {
        let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT order_no, paid_day, lines FROM ranking_orders WHERE order_no IN ({})",
            marks.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for order_no in chunk {
            query = query.bind(*order_no);
        }
        for row in query.fetch_all(pool).await? {
            orders.insert(
                row.get::<String, _>("order_no"),
                Followed {
                    paid_day: row.get("paid_day"),
                    lines: serde_json::from_str(&row.get::<String, _>("lines")).unwrap_or_default(),
                    settled: false,
                },
            );
        }
    }
    Ok(orders)
}

/// Writes the orders still followed and lets the settled ones go, in multi-row statements.
async fn store_followed(conn: &mut AnyConnection, orders: &HashMap<String, Followed>) -> sqlx::Result<()> {
    let (settled, open): (Vec<_>, Vec<_>) = orders.iter().partition(|(_, f)| f.settled);
    for chunk in settled.chunks(500) {
        let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "DELETE FROM ranking_orders WHERE order_no IN ({})",
            marks.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for (order_no, _) in chunk {
            query = query.bind(order_no.as_str());
        }
        query.execute(&mut *conn).await?;
    }
    let mut rows = Rows::new(
        "ranking_orders (order_no, paid_day, lines)",
        "ON CONFLICT (order_no) DO UPDATE SET paid_day = excluded.paid_day, lines = excluded.lines",
    );
    for (order_no, f) in open {
        rows.push([
            order_no.into(),
            f.paid_day.into(),
            serde_json::to_string(&f.lines).unwrap_or_default().into(),
        ]);
    }
    rows.write(conn).await
}

#[async_trait]
impl Replayable for RankingFollower {
    fn name(&self) -> &'static str {
        NAME
    }

    fn tables(&self) -> &'static [&'static str] {
        TABLES
    }

    /// From nothing (new, reset, or rewound by a restore) a rebuild; then every batch waiting.
    async fn catch_up(&self, progress: &(dyn Fn(u64, u64) + Sync)) -> anyhow::Result<usize> {
        let mut applied = 0;
        match self.cursor().await? {
            None => applied += self.rebuild(progress).await?,
            Some(at) if self.rewound(at).await? => {
                tracing::warn!(
                    "the database numbers its transactions below the ranking's cursor (a restore into \
                     another cluster): rebuilding the ranking"
                );
                self.reset().await?;
                applied += self.rebuild(progress).await?;
            }
            Some(_) => {}
        }
        while let Some(n) = self.step().await? {
            if n == 0 {
                break;
            }
            applied += n;
        }
        Ok(applied)
    }

    async fn reset(&self) -> anyhow::Result<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query("DELETE FROM projection_cursors WHERE projection = $1")
            .bind(NAME)
            .execute(&mut *tx)
            .await?;
        empty_tables(&mut tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Order events it follows after the cursor (all of them before the first rebuild).
    async fn lag(&self) -> anyhow::Result<i64> {
        let at = self.cursor().await?.unwrap_or(Cursor { tx: -1, position: -1 });
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM events WHERE aggregate_type = 'order' AND (tx, position) > ($1, $2) \
             AND event_type IN ('OrderPlaced', 'OrderPaid', 'StockShortage', 'OrderCancelled', 'OrderShipped')",
        )
        .bind(at.tx)
        .bind(at.position)
        .fetch_one(&self.pool)
        .await?)
    }
}

/// Pokes the follower after each order command committed in this process.
pub struct PokeOnOrders(pub Arc<RankingFollower>);

#[async_trait]
impl Query<Order> for PokeOnOrders {
    async fn dispatch(&self, _aggregate_id: &str, _events: &[EventEnvelope<Order>]) {
        self.0.poke();
    }
}
