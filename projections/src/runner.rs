//! Applies events to a projection exactly once and in order, and catches it up from the event log.
//!
//! Each projection records, per aggregate, the last sequence it applied (`projection_offsets`). An
//! event is applied in one transaction whose first statement claims it: it moves the offset from
//! `sequence - 1` to `sequence`. A claim that changes no row means the event was already applied (or
//! an earlier one is missing), so re-delivery is harmless and gaps are never skipped. Because the claim
//! is a write, SQLite takes its write lock at the start and never has to upgrade a read lock.

use std::any::Any;
use std::collections::{HashMap, HashSet};
use std::marker::PhantomData;
use std::sync::Arc;

use anyhow::Context;
use async_trait::async_trait;
use cqrs_es::{Aggregate, EventEnvelope};
use sqlx::{AnyConnection, AnyPool, Connection, Row};

use crate::bulk::{Rows, Together};
use crate::set_aside;

/// A read model fed by one aggregate type's events.
#[async_trait]
pub trait Projection: Send + Sync + 'static {
    type Aggregate: Aggregate;
    /// Stored in `projection_offsets`; never rename a projection without a migration.
    const NAME: &'static str;
    /// The tables this projection owns: emptied before a rebuild. Projections that share a table
    /// name it with the `WHERE` clause that selects their own rows.
    const TABLES: &'static [&'static str];

    async fn apply(
        &self,
        conn: &mut AnyConnection,
        event: &EventEnvelope<Self::Aggregate>,
    ) -> sqlx::Result<()>;

    /// The live path, in the command's transaction: applies `event`, and may leave in `later` writes
    /// that read nothing the command wrote before them but their own tables, which the command sends
    /// with the other projections' before it commits (see [`Together`]). A projection that reads
    /// anything flushes `later` first, as this default does.
    async fn apply_live(
        &self,
        conn: &mut AnyConnection,
        event: &EventEnvelope<Self::Aggregate>,
        later: &mut Together,
    ) -> sqlx::Result<()> {
        later.flush(conn).await?;
        self.apply(conn, event).await
    }

    /// A page of a replay from nothing: events in log order, of many aggregates, into tables that
    /// were empty when the replay began. Applied one by one unless the projection folds the page
    /// into multi-row statements (a replay is bound by statements, not rows); a fold must leave the
    /// tables as applying the events in order would.
    async fn replay(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<Self::Aggregate>],
        _carry: &mut Carry,
    ) -> sqlx::Result<()> {
        for event in events {
            self.apply(conn, event).await?;
        }
        Ok(())
    }

    /// Whether a replay's offset of `aggregate_id` may wait: what its events did is kept in memory
    /// and none of it written, or writing it again changes nothing. Offsets wait until they may
    /// not (each is then written once or twice in a replay instead of once per page), and a
    /// replay cut off meanwhile resumes by catch-up from the offsets written.
    fn offset_waits(&self, _carry: &mut Carry, _aggregate_id: &str) -> bool {
        false
    }

    /// The end of a replay from nothing: writes whatever the replay still keeps.
    async fn finish(&self, _conn: &mut AnyConnection, _carry: &mut Carry) -> sqlx::Result<()> {
        Ok(())
    }
}

/// `Projection::apply` of a projection whose writes are made by its `apply_live`: applies `event`
/// and sends what it left for later at once.
pub async fn apply_at_once<P: Projection + ?Sized>(
    projection: &P,
    conn: &mut AnyConnection,
    event: &EventEnvelope<P::Aggregate>,
) -> sqlx::Result<()> {
    let mut later = Together::default();
    projection.apply_live(conn, event, &mut later).await?;
    later.flush(conn).await
}

/// What a projection's replay keeps from one page to the next, so that an aggregate whose events
/// span pages is still folded in memory. What it holds unwritten is what the committed pages
/// folded; the offsets of those aggregates wait for it (`Projection::offset_waits`), so when a page
/// fails and is rolled back, the carry is dropped and the claiming catch-up redoes them from what
/// is committed.
#[derive(Default)]
pub struct Carry {
    state: Option<Box<dyn Any + Send>>,
    page: usize,
}

impl Carry {
    fn for_pages(page: i64) -> Self {
        Self {
            state: None,
            page: page.max(1) as usize,
        }
    }

    /// Events per page of this replay: what a projection keeps in memory scales with it.
    pub fn page(&self) -> usize {
        self.page
    }

    /// The projection's state, new on the first page.
    pub fn get<T: Default + Send + 'static>(&mut self) -> &mut T {
        if !self.state.as_ref().is_some_and(|state| state.is::<T>()) {
            self.state = Some(Box::new(T::default()));
        }
        self.state
            .as_mut()
            .and_then(|state| state.downcast_mut())
            .expect("the state was just made")
    }
}

pub struct Runner<P: Projection> {
    pool: AnyPool,
    projection: Arc<P>,
    _aggregate: PhantomData<fn() -> P::Aggregate>,
}

impl<P: Projection> Clone for Runner<P> {
    fn clone(&self) -> Self {
        Self {
            pool: self.pool.clone(),
            projection: self.projection.clone(),
            _aggregate: PhantomData,
        }
    }
}

const BATCH: i64 = 500;

/// Events per transaction when a projection replays from nothing. An order's events lie tens of
/// thousands of events apart in a real log (paid at once, shipped days later): pages this large
/// write most orders once or twice instead of once per event, and their offsets as often
/// (5,000 a page: 38,000 orders events/s on SQLite, 27,000 on PostgreSQL; 50,000: 55,000 and 43,000).
/// A page of events in memory is tens of megabytes.
const REPLAY_PAGE: i64 = 50_000;

/// The events of `$2` (an aggregate type) that projection `$1` has not applied, optionally of one
/// aggregate `$3`, after log position `$4`.
const PENDING: &str = "FROM events e LEFT JOIN projection_offsets o ON o.projection = $1 \
     AND o.aggregate_type = e.aggregate_type AND o.aggregate_id = e.aggregate_id \
     WHERE e.aggregate_type = $2 AND e.sequence > COALESCE(o.sequence, 0) \
     AND ($3 = '' OR e.aggregate_id = $3) AND e.position > $4";

impl<P: Projection> Runner<P> {
    pub fn new(pool: AnyPool, projection: P) -> Self {
        Self {
            pool,
            projection: Arc::new(projection),
            _aggregate: PhantomData,
        }
    }

    /// Applies `event` in a transaction of its own if it is the next one of its aggregate; `false`
    /// when it was not (already applied, or an earlier event is still missing).
    async fn apply_next(&self, event: &EventEnvelope<P::Aggregate>) -> anyhow::Result<bool> {
        let mut tx = self.pool.begin().await?;
        if self.claim_and_apply(&mut tx, event).await? {
            tx.commit().await?;
            Ok(true)
        } else {
            tx.rollback().await?;
            Ok(false)
        }
    }

    /// Inside the caller's transaction: moves the offset from `sequence - 1` to `sequence` and, when
    /// that succeeded, applies the event.
    async fn claim_and_apply(
        &self,
        conn: &mut AnyConnection,
        event: &EventEnvelope<P::Aggregate>,
    ) -> anyhow::Result<bool> {
        let aggregate_type = <P::Aggregate as Aggregate>::TYPE;
        let sequence = event.sequence as i64;
        let claimed = if sequence == 1 {
            sqlx::query(
                "INSERT INTO projection_offsets (projection, aggregate_type, aggregate_id, sequence) \
                 VALUES ($1, $2, $3, 1) ON CONFLICT (projection, aggregate_type, aggregate_id) DO NOTHING",
            )
            .bind(P::NAME)
            .bind(aggregate_type)
            .bind(&event.aggregate_id)
            .execute(&mut *conn)
            .await?
        } else {
            sqlx::query(
                "UPDATE projection_offsets SET sequence = $4 WHERE projection = $1 AND aggregate_type = $2 \
                 AND aggregate_id = $3 AND sequence = $4 - 1",
            )
            .bind(P::NAME)
            .bind(aggregate_type)
            .bind(&event.aggregate_id)
            .bind(sequence)
            .execute(&mut *conn)
            .await?
        }
        .rows_affected();
        if claimed != 1 {
            return Ok(false);
        }
        self.apply_named(conn, event).await?;
        Ok(true)
    }

    /// Applies `event`; a failure names the projection and the event.
    async fn apply_named(
        &self,
        conn: &mut AnyConnection,
        event: &EventEnvelope<P::Aggregate>,
    ) -> anyhow::Result<()> {
        self.projection
            .apply(conn, event)
            .await
            .with_context(|| failed_on::<P>(event))
    }

    /// Applies a batch in one transaction (replays are bound by commits, not by work). When the batch
    /// fails it is rolled back and applied event by event, so everything before the bad event lands
    /// and the error names that event.
    async fn apply_batch(&self, events: &[EventEnvelope<P::Aggregate>]) -> anyhow::Result<usize> {
        let mut tx = self.pool.begin().await?;
        let mut applied = 0;
        let mut failed = false;
        for event in events {
            match self.claim_and_apply(&mut tx, event).await {
                Ok(true) => applied += 1,
                Ok(false) => {}
                Err(_) => {
                    failed = true;
                    break;
                }
            }
        }
        if !failed {
            tx.commit().await?;
            return Ok(applied);
        }
        tx.rollback().await?;
        let mut applied = 0;
        for event in events {
            if self.apply_next(event).await? {
                applied += 1;
            }
        }
        Ok(applied)
    }

    /// Applies every event of the aggregate type that this projection has not seen, in log order,
    /// reporting `(done, total)` as it goes.
    pub async fn catch_up(&self, progress: &(dyn Fn(u64, u64) + Sync)) -> anyhow::Result<usize> {
        self.catch_up_in_pages(REPLAY_PAGE, progress).await
    }

    /// [`Self::catch_up`], replaying from nothing in pages of `page` events.
    pub async fn catch_up_in_pages(
        &self,
        page: i64,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> anyhow::Result<usize> {
        // What a replay cut off by a crash set aside.
        set_aside::restore(&mut *self.pool.acquire().await?, P::NAME)
            .await
            .with_context(|| format!("building the indexes {}'s replay set aside", P::NAME))?;
        let started = sqlx::query("SELECT 1 FROM projection_offsets WHERE projection = $1 LIMIT 1")
            .bind(P::NAME)
            .fetch_optional(&self.pool)
            .await?
            .is_some();
        if started {
            self.catch_up_from_log(None, progress).await
        } else {
            self.replay_from_empty(page, progress).await
        }
    }

    /// A projection that has applied nothing (just reset, or new): every event of its aggregate
    /// type in log order, in large pages of one transaction each, with no per-event claim; the
    /// offsets of a page are written with it in bulk.
    async fn replay_from_empty(
        &self,
        page: i64,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> anyhow::Result<usize> {
        let mut conn = self.pool.acquire().await?;
        // SQLite's page cache (2 MB by default) is far smaller than the indexes a replay fills in
        // key order that is not the log's: without room, each row costs page reads.
        let sqlite = conn.backend_name() == "SQLite";
        if sqlite {
            sqlx::query("PRAGMA cache_size = -262144")
                .execute(&mut *conn)
                .await?;
        }
        let replayed = self.replay_pages(&mut conn, page, progress).await;
        let rebuilt = set_aside::restore(&mut conn, P::NAME).await;
        if sqlite {
            sqlx::query("PRAGMA cache_size = -2000")
                .execute(&mut *conn)
                .await?;
        }
        let replayed = replayed?;
        rebuilt.with_context(|| format!("building the indexes {}'s replay set aside", P::NAME))?;
        if replayed > 0 {
            set_aside::analyze(&mut conn, P::TABLES)
                .await
                .with_context(|| format!("gathering the statistics of {}'s tables", P::NAME))?;
        }
        Ok(replayed)
    }

    async fn replay_pages(
        &self,
        conn: &mut AnyConnection,
        page: i64,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> anyhow::Result<usize> {
        let aggregate_type = <P::Aggregate as Aggregate>::TYPE;
        // The next page is read and decoded on another connection while this one is written. The
        // first is read with nothing but the count to overlap, so it is a small one: a projection
        // of a few hundred thousand events scattered through the log waited a fifth of its replay
        // for it. The count, for the progress bar only, is read beside it rather than before it.
        // Then each page is a quarter longer than the last, up to `page`: reading an event costs
        // about what writing it does, so a page read while one as long is written is barely
        // waited for, where one ten times as long was (a sixth of the after-sales' replay).
        let mut size = (page / FIRST_PAGE_PART).max(1);
        let mut next = Prefetch::start(read_page::<P::Aggregate>(self.pool.clone(), 0, size));
        let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM events WHERE aggregate_type = $1")
            .bind(aggregate_type)
            .fetch_one(&mut *conn)
            .await?;
        progress(0, total as u64);
        if total > 0 {
            set_aside::set_aside(&mut *conn, P::NAME, P::TABLES).await?;
        }
        let mut applied = 0usize;
        let mut carry = Carry::for_pages(page);
        // How far each aggregate of the replay has got, until its offset is written.
        let mut reached: HashMap<String, i64> = HashMap::new();
        let mut offsets = ReplayOffsets::new(P::NAME, aggregate_type);
        loop {
            let (events, last) = next.finish().await?;
            let Some(after) = last else { break };
            size = (size + (size / RAMP_PART).max(1)).min(page);
            next = Prefetch::start(read_page::<P::Aggregate>(self.pool.clone(), after, size));
            let mut tx = conn.begin().await?;
            for event in &events {
                reached.insert(event.aggregate_id.clone(), event.sequence as i64);
            }
            let stored = match self.projection.replay(&mut tx, &events, &mut carry).await {
                Ok(()) => {
                    let written = self.written(&mut carry, &mut reached);
                    offsets.write(&mut tx, &written).await
                }
                Err(e) => Err(e),
            };
            if stored.is_err() {
                // The fold does not say which event it failed on, and what it kept in memory is
                // lost with the page: the rest goes event by event from what is committed, and the
                // error names the event. (An offset that was there already, which only a live
                // command racing a rebuild could write, fails the page the same way.)
                tx.rollback().await?;
                return Ok(applied + self.catch_up_from_log(None, progress).await?);
            }
            tx.commit().await?;
            applied += events.len();
            progress(applied as u64, total as u64);
        }
        let mut tx = conn.begin().await?;
        self.projection
            .finish(&mut tx, &mut carry)
            .await
            .with_context(|| format!("projection {} failed writing the end of its replay", P::NAME))?;
        let written: Vec<(&str, i64)> = reached
            .iter()
            .map(|(id, sequence)| (id.as_str(), *sequence))
            .collect();
        offsets.write(&mut tx, &written).await?;
        tx.commit().await?;
        Ok(applied)
    }

    /// Takes out of `reached` the aggregates whose offsets may not wait.
    fn written(&self, carry: &mut Carry, reached: &mut HashMap<String, i64>) -> Vec<(String, i64)> {
        reached
            .extract_if(|id, _| !self.projection.offset_waits(carry, id))
            .collect()
    }

    /// How many events of the log this projection has not applied yet. An aggregate's offset is the
    /// number of its events applied (sequences start at 1 and a claim never skips one), so the lag
    /// is the aggregate type's events less the sum of the offsets: two index ranges, where matching
    /// every event with its offset read the whole log.
    pub async fn lag(&self) -> anyhow::Result<i64> {
        let aggregate_type = <P::Aggregate as Aggregate>::TYPE;
        let row = sqlx::query(
            "SELECT (SELECT COUNT(*) FROM events WHERE aggregate_type = $2) AS events, \
             (SELECT CAST(COALESCE(SUM(sequence), 0) AS BIGINT) FROM projection_offsets \
              WHERE projection = $1 AND aggregate_type = $2) AS applied",
        )
        .bind(P::NAME)
        .bind(aggregate_type)
        .fetch_one(&self.pool)
        .await?;
        let (events, applied): (i64, i64) = (row.get("events"), row.get("applied"));
        Ok(events - applied)
    }

    async fn catch_up_from_log(
        &self,
        aggregate_id: Option<&str>,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> anyhow::Result<usize> {
        let aggregate_type = <P::Aggregate as Aggregate>::TYPE;
        let only = aggregate_id.unwrap_or("");
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {PENDING}"))
            .bind(P::NAME)
            .bind(aggregate_type)
            .bind(only)
            .bind(0i64)
            .fetch_one(&self.pool)
            .await?;
        let mut applied = 0usize;
        let mut after_position = 0i64;
        progress(0, total as u64);
        loop {
            let rows = pending::<P>(&self.pool, only, after_position).await?;
            if rows.is_empty() {
                return Ok(applied);
            }
            after_position = rows.last().map(|row| row.get(POSITION)).unwrap_or(after_position);
            let events = rows
                .iter()
                .map(envelope::<P::Aggregate>)
                .collect::<anyhow::Result<Vec<_>>>()?;
            applied += self.apply_batch(&events).await?;
            progress(applied as u64, total as u64);
        }
    }

    /// Empties the projection's tables and forgets its offsets, ready for a replay.
    pub async fn reset(&self) -> anyhow::Result<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM projection_offsets WHERE projection = $1")
            .bind(P::NAME)
            .execute(&mut *tx)
            .await?;
        for table in P::TABLES {
            sqlx::query(&format!("DELETE FROM {table}"))
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

/// The offsets a replay from nothing writes, in multi-row statements. An aggregate's first is a
/// plain insert: its projection had no offsets when the replay began, and PostgreSQL's upsert costs
/// a speculative insertion per row (in psql 5.8 µs a row against 3.4; a PostgreSQL replay left
/// without offsets took a fifth to a third less time). Later ones, of aggregates whose offsets
/// could not wait, are upserts.
struct ReplayOffsets {
    projection: &'static str,
    aggregate_type: &'static str,
    written: HashSet<String>,
}

const OFFSET_COLUMNS: &str = "projection_offsets (projection, aggregate_type, aggregate_id, sequence)";

impl ReplayOffsets {
    fn new(projection: &'static str, aggregate_type: &'static str) -> Self {
        Self {
            projection,
            aggregate_type,
            written: HashSet::new(),
        }
    }

    async fn write(
        &mut self,
        conn: &mut AnyConnection,
        reached: &[(impl AsRef<str>, i64)],
    ) -> sqlx::Result<()> {
        let mut first = Rows::new(OFFSET_COLUMNS, "");
        let mut again = Rows::new(
            OFFSET_COLUMNS,
            "ON CONFLICT (projection, aggregate_type, aggregate_id) DO UPDATE SET sequence = excluded.sequence",
        );
        for (aggregate_id, sequence) in reached {
            let aggregate_id = aggregate_id.as_ref();
            let rows = if self.written.insert(aggregate_id.to_string()) {
                &mut first
            } else {
                &mut again
            };
            rows.push([
                self.projection.into(),
                self.aggregate_type.into(),
                aggregate_id.into(),
                (*sequence).into(),
            ]);
        }
        first.write(conn).await?;
        again.write(conn).await
    }
}

/// The next page of events, in log order, that projection `P` has not applied (of one aggregate when
/// `only` is not empty), after log position `after`.
async fn pending<'c, P: Projection>(
    executor: impl sqlx::Executor<'c, Database = sqlx::Any>,
    only: &str,
    after: i64,
) -> sqlx::Result<Vec<sqlx::any::AnyRow>> {
    sqlx::query(&format!(
        "SELECT e.aggregate_id, e.sequence, CAST(e.payload AS TEXT) AS payload, \
         CAST(e.metadata AS TEXT) AS metadata, e.position {PENDING} ORDER BY e.position LIMIT {BATCH}"
    ))
    .bind(P::NAME)
    .bind(<P::Aggregate as Aggregate>::TYPE)
    .bind(only)
    .bind(after)
    .fetch_all(executor)
    .await
}

/// The events of aggregate type `A` after log position `after`, `page` of them, decoded, with the
/// position of the last (`None` when there are none).
async fn read_page<A: Aggregate + 'static>(
    pool: AnyPool,
    after: i64,
    page: i64,
) -> anyhow::Result<(Vec<EventEnvelope<A>>, Option<i64>)> {
    let rows = sqlx::query(&format!(
        "SELECT aggregate_id, sequence, CAST(payload AS TEXT) AS payload, \
         CAST(metadata AS TEXT) AS metadata, position FROM events \
         WHERE aggregate_type = $1 AND position > $2 ORDER BY position LIMIT {page}"
    ))
    .bind(A::TYPE)
    .bind(after)
    .fetch_all(&pool)
    .await?;
    let last = rows.last().map(|row| row.get(POSITION));
    let events = rows
        .iter()
        .map(envelope::<A>)
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok((events, last))
}

/// A page being read in a task of its own; dropping it (a replay cut off) stops the read.
struct Prefetch<T>(tokio::task::JoinHandle<anyhow::Result<T>>);

impl<T: Send + 'static> Prefetch<T> {
    fn start(read: impl std::future::Future<Output = anyhow::Result<T>> + Send + 'static) -> Self {
        Self(tokio::spawn(read))
    }

    async fn finish(&mut self) -> anyhow::Result<T> {
        (&mut self.0).await.context("reading a page of the log")?
    }
}

impl<T> Drop for Prefetch<T> {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// The first page of a replay is this part of the others.
const FIRST_PAGE_PART: i64 = 10;

/// Each page of a replay is longer than the last by this part of it, up to the full page.
const RAMP_PART: i64 = 4;

/// The column of an event row (aggregate id, sequence, payload, metadata, position) that holds its
/// position in the log.
const POSITION: &str = "position";

/// The stored event of `row`, read straight from its text (as cqrs-es's conversion from a
/// `SerializedEvent` does, without the JSON tree in between).
fn envelope<A: Aggregate>(row: &sqlx::any::AnyRow) -> anyhow::Result<EventEnvelope<A>> {
    let aggregate_id: String = row.get("aggregate_id");
    let sequence: i64 = row.get("sequence");
    let payload: &str = row.get("payload");
    let metadata: &str = row.get("metadata");
    let payload = serde_json::from_str(payload).map_err(|e| {
        anyhow::anyhow!(
            "event {} {aggregate_id} #{sequence} does not deserialize: {e}",
            A::TYPE
        )
    })?;
    let metadata = serde_json::from_str(metadata)
        .with_context(|| format!("event {} {aggregate_id} #{sequence}: bad metadata", A::TYPE))?;
    Ok(EventEnvelope {
        aggregate_id,
        sequence: sequence as usize,
        payload,
        metadata,
    })
}

fn failed_on<P: Projection>(event: &EventEnvelope<P::Aggregate>) -> String {
    format!(
        "projection {} failed on {} {} #{}",
        P::NAME,
        <P::Aggregate as Aggregate>::TYPE,
        event.aggregate_id,
        event.sequence
    )
}

impl<P: Projection> Runner<P> {
    /// Live path, inside the command's transaction (after its events were appended): applies them,
    /// or, when this projection is behind on the aggregate (a rebuild under way), everything of the
    /// aggregate it has not applied, the new events included.
    pub async fn apply_in(
        &self,
        conn: &mut AnyConnection,
        aggregate_id: &str,
        events: &[EventEnvelope<P::Aggregate>],
        later: &mut Together,
    ) -> anyhow::Result<()> {
        later.flush(conn).await?;
        for event in events {
            if !self.claim_and_apply(conn, event).await? {
                return self.catch_up_in(conn, aggregate_id).await;
            }
        }
        Ok(())
    }

    /// Live path, inside the command's transaction, for events whose offsets the caller has
    /// already moved past them; writes that may wait are left in `later` (see
    /// [`Projection::apply_live`]).
    pub async fn apply_claimed(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<P::Aggregate>],
        later: &mut Together,
    ) -> anyhow::Result<()> {
        for event in events {
            self.projection
                .apply_live(conn, event, later)
                .await
                .with_context(|| failed_on::<P>(event))?;
        }
        Ok(())
    }

    async fn catch_up_in(&self, conn: &mut AnyConnection, aggregate_id: &str) -> anyhow::Result<()> {
        let mut after = 0i64;
        loop {
            let rows = pending::<P>(&mut *conn, aggregate_id, after).await?;
            let Some(last) = rows.last() else { return Ok(()) };
            after = last.get(POSITION);
            for row in &rows {
                self.claim_and_apply(conn, &envelope::<P::Aggregate>(row)?)
                    .await?;
            }
        }
    }
}

/// What start-up and `jpmall rebuild` need of any projection, whatever its aggregate.
#[async_trait]
pub trait Replayable: Send + Sync {
    fn name(&self) -> &'static str;
    /// The tables it owns, as `Projection::TABLES` names them.
    fn tables(&self) -> &'static [&'static str];
    async fn catch_up(&self, progress: &(dyn Fn(u64, u64) + Sync)) -> anyhow::Result<usize>;
    /// `catch_up`, replaying from nothing in pages of `page` events where the projection pages (tests
    /// fold a small log across pages with it).
    async fn catch_up_in_pages(
        &self,
        page: i64,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> anyhow::Result<usize> {
        let _ = page;
        self.catch_up(progress).await
    }
    async fn reset(&self) -> anyhow::Result<()>;
    /// How many events of the log this projection has not applied yet.
    async fn lag(&self) -> anyhow::Result<i64>;
}

#[async_trait]
impl<P: Projection> Replayable for Runner<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn tables(&self) -> &'static [&'static str] {
        P::TABLES
    }

    async fn catch_up(&self, progress: &(dyn Fn(u64, u64) + Sync)) -> anyhow::Result<usize> {
        Runner::catch_up(self, progress).await
    }

    async fn catch_up_in_pages(
        &self,
        page: i64,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> anyhow::Result<usize> {
        Runner::catch_up_in_pages(self, page, progress).await
    }

    async fn reset(&self) -> anyhow::Result<()> {
        Runner::reset(self).await
    }

    async fn lag(&self) -> anyhow::Result<i64> {
        Runner::lag(self).await
    }
}
