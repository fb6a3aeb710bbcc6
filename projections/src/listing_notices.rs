//! The listing notices: a follower of the catalogue's change log (`catalog_changes`, written by the
//! catalogue's commands) that tells each seller who listed a product what the stall changed. Each
//! change is written once for every listing of its product recorded by then (`listing_changes`), and
//! each seller gets one message per hour of changes ("3 of your listed products changed"), its count
//! kept up as more come in that hour. What is still to act on is read against the listing's record
//! (`projections::listings`): changes after it was listed and after the seller last marked it done.
//!
//! Like the ranking it follows from a cursor of its own in `(tx, position)` order behind every
//! transaction still running (`crate::follow`), and a rebuild reads the same log from its start:
//! the to-act-on list comes out the same.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use serde_json::json;
use sqlx::{AnyConnection, AnyPool, Row};

use crate::follow::{self, Cursor};
use crate::Replayable;

const NAME: &str = "listing_notices";

/// Changes per batch.
const BATCH: i64 = 1_000;

/// How often the follower looks at the log (catalogue changes come from any process).
const POLL: Duration = Duration::from_secs(1);

/// A seller hears of changes at most once an hour: the messages of an hour are one.
const GROUP_SECONDS: i64 = 3_600;

/// The message source its rows carry (`projections::messages`).
const SOURCE: &str = "listing";

const TABLES: &[&str] = &["listing_changes", "messages WHERE source = 'listing'"];

pub struct ListingNotices {
    pool: AnyPool,
    postgres: bool,
}

/// A change as the log has it.
struct Logged {
    at_mark: Cursor,
    product_id: String,
    sku_id: String,
    kind: String,
    before: i64,
    after: i64,
    at: i64,
}

impl ListingNotices {
    pub fn new(pool: AnyPool, postgres: bool) -> Arc<Self> {
        Arc::new(Self { pool, postgres })
    }

    /// Follows the log until `stopping` says stop. Failures are logged and retried; meanwhile the
    /// lag grows and `/readyz` reports it.
    pub async fn follow(self: Arc<Self>, mut stopping: tokio::sync::watch::Receiver<bool>) {
        loop {
            if let Err(error) = self.catch_up_quietly().await {
                tracing::error!("the listing notices could not follow the catalogue's changes: {error:#}");
            }
            tokio::select! {
                () = tokio::time::sleep(POLL) => {}
                _ = stopping.wait_for(|stop| *stop) => return,
            }
        }
    }

    /// Applies what waits; a failure is the caller's to log (a screen reads what was applied).
    pub async fn catch_up_quietly(&self) -> anyhow::Result<usize> {
        Replayable::catch_up(self, &|_, _| {}).await
    }

    async fn read_after(&self, after: Cursor) -> sqlx::Result<Vec<Logged>> {
        let rows = sqlx::query(&format!(
            "SELECT tx, position, product_id, sku_id, kind, before, after, at FROM catalog_changes \
             WHERE (tx, position) > ($1, $2){} ORDER BY tx, position LIMIT {BATCH}",
            follow::fence(self.postgres)
        ))
        .bind(after.tx)
        .bind(after.position)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| Logged {
                at_mark: Cursor {
                    tx: r.get("tx"),
                    position: r.get("position"),
                },
                product_id: r.get("product_id"),
                sku_id: r.get("sku_id"),
                kind: r.get("kind"),
                before: r.get("before"),
                after: r.get("after"),
                at: r.get("at"),
            })
            .collect())
    }

    /// Applies the next batch after the cursor; answers how many changes it applied (0 when none
    /// waited or another process applied them first).
    async fn step(&self, from: Cursor) -> anyhow::Result<usize> {
        let changes = self.read_after(from).await?;
        let Some(last) = changes.last() else {
            return Ok(0);
        };
        let mut tx = follow::begin_write(&self.pool, self.postgres).await?;
        if !follow::move_cursor(&mut tx, NAME, Some(from), last.at_mark).await? {
            tx.rollback().await?;
            return Ok(0);
        }
        let mut groups = BTreeSet::new();
        for change in &changes {
            tell_listings(&mut tx, change, &mut groups).await?;
        }
        for (user_id, hour) in &groups {
            write_message(&mut tx, user_id, *hour).await?;
        }
        tx.commit().await?;
        Ok(changes.len())
    }
}

/// Writes `change` for every listing of its product recorded by then, noting each seller's hour.
async fn tell_listings(
    conn: &mut AnyConnection,
    change: &Logged,
    groups: &mut BTreeSet<(String, i64)>,
) -> sqlx::Result<()> {
    let listings = sqlx::query("SELECT id, user_id FROM listings WHERE product_id = $1 AND listed_at <= $2")
        .bind(&change.product_id)
        .bind(change.at)
        .fetch_all(&mut *conn)
        .await?;
    for listing in &listings {
        let user_id: String = listing.get("user_id");
        sqlx::query(
            "INSERT INTO listing_changes (listing_id, user_id, product_id, change_tx, change_position, sku_id, \
             kind, before, after, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
             ON CONFLICT (listing_id, change_position) DO NOTHING",
        )
        .bind(listing.get::<String, _>("id"))
        .bind(&user_id)
        .bind(&change.product_id)
        .bind(change.at_mark.tx)
        .bind(change.at_mark.position)
        .bind(&change.sku_id)
        .bind(&change.kind)
        .bind(change.before)
        .bind(change.after)
        .bind(change.at)
        .execute(&mut *conn)
        .await?;
        groups.insert((user_id, change.at.div_euclid(GROUP_SECONDS)));
    }
    Ok(())
}

/// The seller's message of that hour: how many of their listed products changed in it, dated by the
/// first change (ids and dates come from the log, so a rebuild writes the same message).
async fn write_message(conn: &mut AnyConnection, user_id: &str, hour: i64) -> sqlx::Result<()> {
    let (from, to) = (hour * GROUP_SECONDS, (hour + 1) * GROUP_SECONDS);
    let row = sqlx::query(
        "SELECT COUNT(DISTINCT product_id) AS products, MIN(at) AS first_at FROM listing_changes \
         WHERE user_id = $1 AND at >= $2 AND at < $3",
    )
    .bind(user_id)
    .bind(from)
    .bind(to)
    .fetch_one(&mut *conn)
    .await?;
    let products: i64 = row.get("products");
    let first_at: Option<i64> = row.get("first_at");
    let Some(first_at) = first_at else {
        return Ok(());
    };
    sqlx::query(
        "INSERT INTO messages (id, user_id, source, kind, object_type, object_id, params, created_at) \
         VALUES ($1, $2, $3, 'listing_changes', 'listing', '', $4, $5) \
         ON CONFLICT (id) DO UPDATE SET params = excluded.params",
    )
    .bind(format!("{SOURCE}-{user_id}-{hour}"))
    .bind(user_id)
    .bind(SOURCE)
    .bind(json!({ "count": products }).to_string())
    .bind(first_at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

async fn empty_tables(conn: &mut AnyConnection) -> sqlx::Result<()> {
    for table in TABLES {
        sqlx::query(&format!("DELETE FROM {table}"))
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

#[async_trait]
impl Replayable for ListingNotices {
    fn name(&self) -> &'static str {
        NAME
    }

    fn tables(&self) -> &'static [&'static str] {
        TABLES
    }

    /// From nothing (new, reset, or rewound by a restore) the log from its start; then every batch
    /// waiting.
    async fn catch_up(&self, progress: &(dyn Fn(u64, u64) + Sync)) -> anyhow::Result<usize> {
        let mut at = match follow::cursor(&self.pool, NAME).await? {
            Some(at) if !follow::rewound(&self.pool, self.postgres, at).await? => at,
            found => {
                if found.is_some() {
                    tracing::warn!(
                        "the database numbers its transactions below the listing notices' cursor \
                         (a restore into another cluster): rebuilding them"
                    );
                }
                let start = Cursor::default();
                let mut tx = follow::begin_write(&self.pool, self.postgres).await?;
                follow::forget_cursor(&mut tx, NAME).await?;
                empty_tables(&mut tx).await?;
                follow::move_cursor(&mut tx, NAME, None, start).await?;
                tx.commit().await?;
                start
            }
        };
        let total = self.lag().await?.max(0) as u64;
        let mut applied = 0;
        loop {
            let n = self.step(at).await?;
            if n == 0 {
                break;
            }
            applied += n;
            progress(applied as u64, total.max(applied as u64));
            at = follow::cursor(&self.pool, NAME).await?.unwrap_or(at);
        }
        Ok(applied)
    }

    async fn reset(&self) -> anyhow::Result<()> {
        let mut tx = follow::begin_write(&self.pool, self.postgres).await?;
        follow::forget_cursor(&mut tx, NAME).await?;
        empty_tables(&mut tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Changes of the log after the cursor (all of them before the first rebuild).
    async fn lag(&self) -> anyhow::Result<i64> {
        let at = follow::cursor(&self.pool, NAME)
            .await?
            .unwrap_or(Cursor { tx: -1, position: -1 });
        Ok(
            sqlx::query_scalar("SELECT COUNT(*) FROM catalog_changes WHERE (tx, position) > ($1, $2)")
                .bind(at.tx)
                .bind(at.position)
                .fetch_one(&self.pool)
                .await?,
        )
    }
}
