//! jpmall's own event store over the `events` table, and the framework that runs commands on it, in
//! place of cqrs-es's `PersistedEventStore` and `CqrsFramework` (the aggregates, their commands and
//! their given/when/then tests are cqrs-es's as before).
//!
//! A command costs one transaction: its events are appended and every projection that must be current
//! when the call answers is applied in the same transaction, so either all of it is stored or none of
//! it. Loads stay flat however long an aggregate's history grows: a process keeps the states it has
//! loaded (reading only the events other processes appended since), and a snapshot row per aggregate
//! bounds what a cold load replays.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, AggregateError, DomainEvent, EventEnvelope, Query};
use lru::LruCache;
use sqlx::error::ErrorKind;
use sqlx::{Any, AnyConnection, Row, Transaction};
use statements::Together;

use crate::db::{Database, Engine};

/// A read model written inside the command's own transaction: when it fails, the command fails and
/// leaves no event.
#[async_trait]
pub trait LiveProjection<A: Aggregate>: Send + Sync {
    /// The name its offsets are recorded under in `projection_offsets`.
    fn name(&self) -> &'static str;

    /// Applies `events`, whose offsets the store has already moved in this transaction. Writes that
    /// may wait go into `later`, which the store sends before the commit.
    async fn apply_claimed(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<A>],
        later: &mut Together,
    ) -> anyhow::Result<()>;

    /// Claims and applies `events` on its own; when it is behind on the aggregate (a rebuild under
    /// way), everything of the aggregate it has not applied.
    async fn apply(
        &self,
        conn: &mut AnyConnection,
        aggregate_id: &str,
        events: &[EventEnvelope<A>],
        later: &mut Together,
    ) -> anyhow::Result<()>;
}

/// Work of the command's caller that must be stored with its events or not at all (an order's stock
/// reservation, say). It runs in the command's transaction before the events are appended; an error
/// rolls everything back and is the command's answer. Writes that may wait for the commit (see
/// [`LiveProjection::apply_claimed`]) go into `later`.
#[async_trait]
pub trait InTransaction: Send + Sync {
    async fn run(&self, conn: &mut AnyConnection, later: &mut Together) -> Result<(), crate::Error>;

    /// The transaction of the last `run` committed. (A command may run its work more than once, and
    /// a run whose transaction rolled back stored nothing, whatever it answered.)
    fn committed(&self) {}
}

/// Why a command was not stored: the aggregate or the database, or the caller's work in the
/// transaction.
#[derive(Debug)]
pub enum Failure<A: Aggregate> {
    Aggregate(AggregateError<A::Error>),
    Caller(crate::Error),
}

impl<A: Aggregate> From<AggregateError<A::Error>> for Failure<A> {
    fn from(e: AggregateError<A::Error>) -> Self {
        Failure::Aggregate(e)
    }
}

/// How an aggregate's state is kept in a snapshot row. Bump `SNAPSHOT_FORMAT` whenever the state's
/// shape changes: rows of another format are ignored and rebuilt from the events.
pub trait Snapshotted: Aggregate {
    const SNAPSHOT_FORMAT: i64;
}

/// A snapshot is written once this many events have been appended since the last one.
pub const SNAPSHOT_EVERY: usize = 100;

/// Aggregate states a process keeps between commands, bounded by their count and by the events they
/// stand for (a state grows with its history: a wallet remembers every reference it has seen). Each is
/// taken out while a command runs on it, so a state is never cloned and never shared.
const KEPT_AGGREGATES: usize = 4096;
const KEPT_EVENTS: usize = 500_000;

struct KeptStates<A> {
    lru: LruCache<String, Kept<A>>,
    events: usize,
}

pub struct Store<A: Aggregate> {
    db: Database,
    live: Vec<Arc<dyn LiveProjection<A>>>,
    cache: Mutex<KeptStates<A>>,
}

/// A state kept between commands, with the sequence of the last snapshot written of it (so that a
/// state that never leaves memory is still snapshotted every `SNAPSHOT_EVERY` events).
struct Kept<A> {
    aggregate: A,
    sequence: usize,
    snapshot: usize,
}

impl<A: Aggregate> Kept<A> {
    fn loaded(self, aggregate_id: &str) -> Loaded<A> {
        Loaded {
            aggregate_id: aggregate_id.to_string(),
            aggregate: self.aggregate,
            sequence: self.sequence,
            snapshot: self.snapshot,
        }
    }
}

/// The state a command runs on: the aggregate at `sequence`, and the sequence of the snapshot it
/// came from (to know when the next one is due).
pub struct Loaded<A: Aggregate> {
    aggregate_id: String,
    aggregate: A,
    sequence: usize,
    snapshot: usize,
}

impl<A: Aggregate> Loaded<A> {
    fn into_kept(self) -> (String, Kept<A>) {
        let kept = Kept {
            aggregate: self.aggregate,
            sequence: self.sequence,
            snapshot: self.snapshot,
        };
        (self.aggregate_id, kept)
    }
}

type Refused<A> = AggregateError<<A as Aggregate>::Error>;

fn unexpected<A: Aggregate>(error: impl Into<anyhow::Error>) -> Refused<A> {
    AggregateError::UnexpectedError(error.into().into())
}

/// A write that lost a race with another transaction: the command is retried on fresh state.
fn is_conflict(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(e) => {
            matches!(e.kind(), ErrorKind::UniqueViolation)
                // PostgreSQL: deadlock detected, serialization failure.
                || matches!(e.code().as_deref(), Some("40P01" | "40001"))
        }
        _ => false,
    }
}

/// A command run within another aggregate's transaction (see [`Framework::execute_within`]) lost a
/// race with another process: the whole transaction is run again.
#[derive(Debug, thiserror::Error)]
#[error("a command within the transaction lost a race with another process")]
pub struct ConflictWithin;

fn caller<A: Aggregate>(error: crate::Error) -> Failure<A> {
    match &error {
        crate::Error::Internal(e)
            if e.downcast_ref::<sqlx::Error>().is_some_and(is_conflict)
                || e.downcast_ref::<ConflictWithin>().is_some() =>
        {
            Failure::Aggregate(AggregateError::AggregateConflict)
        }
        _ => Failure::Caller(error),
    }
}

/// A live projection's failure: a lost race is retried, anything else fails the command.
fn refused<A: Aggregate>(error: anyhow::Error) -> Refused<A> {
    match error.downcast_ref::<sqlx::Error>() {
        Some(sql) if is_conflict(sql) => AggregateError::AggregateConflict,
        _ => unexpected::<A>(error),
    }
}

fn database<A: Aggregate>(error: sqlx::Error) -> Refused<A> {
    if is_conflict(&error) {
        AggregateError::AggregateConflict
    } else {
        AggregateError::DatabaseConnectionError(Box::new(error))
    }
}

impl<A: Snapshotted> Store<A> {
    pub fn new(db: Database, live: Vec<Arc<dyn LiveProjection<A>>>) -> Self {
        Self {
            db,
            live,
            cache: Mutex::new(KeptStates {
                lru: LruCache::unbounded(),
                events: 0,
            }),
        }
    }

    fn take_cached(&self, aggregate_id: &str) -> Option<Kept<A>> {
        let mut kept = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        let taken = kept.lru.pop(aggregate_id);
        if let Some(state) = &taken {
            kept.events -= state.sequence;
        }
        taken
    }

    fn peek<R>(&self, aggregate_id: &str, f: impl FnOnce(&A) -> R) -> Option<R> {
        let states = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        states.lru.peek(aggregate_id).map(|kept| f(&kept.aggregate))
    }

    fn assume_new(&self, aggregate_id: &str) {
        let mut states = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        if !states.lru.contains(aggregate_id) {
            states.lru.put(
                aggregate_id.to_string(),
                Kept {
                    aggregate: A::default(),
                    sequence: 0,
                    snapshot: 0,
                },
            );
        }
    }

    fn keep(&self, loaded: Loaded<A>) {
        let (aggregate_id, kept) = loaded.into_kept();
        let mut states = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        states.events += kept.sequence;
        if let Some(replaced) = states.lru.put(aggregate_id, kept) {
            states.events -= replaced.sequence;
        }
        while states.lru.len() > KEPT_AGGREGATES || states.events > KEPT_EVENTS {
            match states.lru.pop_lru() {
                Some((_, evicted)) => states.events -= evicted.sequence,
                None => break,
            }
        }
    }

    /// The state of `aggregate_id` from `start` (a state kept by this process) or its snapshot,
    /// brought up to date from the log.
    async fn load_on(
        &self,
        conn: &mut AnyConnection,
        aggregate_id: &str,
        start: Option<Kept<A>>,
    ) -> Result<Loaded<A>, Refused<A>> {
        let (mut aggregate, sequence, snapshot, events) = match start {
            Some(kept) => {
                let events = events_after::<A>(&mut *conn, aggregate_id, kept.sequence).await?;
                (kept.aggregate, kept.sequence, kept.snapshot, events)
            }
            None => match load_snapshot::<A>(&mut *conn, aggregate_id).await? {
                (Some((aggregate, sequence)), events) => (aggregate, sequence, sequence, events),
                (None, events) => (A::default(), 0, 0, events),
            },
        };
        let sequence = events.last().map_or(sequence, |e| e.sequence);
        for event in events {
            aggregate.apply(event.payload);
        }
        Ok(Loaded {
            aggregate_id: aggregate_id.to_string(),
            aggregate,
            sequence,
            snapshot,
        })
    }

    /// The current state of `aggregate_id` for a read, leaving the kept states as they are.
    pub async fn state(&self, aggregate_id: &str) -> Result<A, Refused<A>> {
        let mut conn = self.db.pool.acquire().await.map_err(database::<A>)?;
        Ok(self.load_on(&mut conn, aggregate_id, None).await?.aggregate)
    }

    /// Appends the events and moves the live projections' offsets past them (see [`Claim`]);
    /// answers the names it moved. On PostgreSQL both are one statement (a data-modifying `WITH`), as
    /// each statement costs a round trip that, with commits, is most of a command's time there;
    /// SQLite has no such `WITH`, and its statements cost no round trip.
    async fn append_and_claim(
        &self,
        conn: &mut AnyConnection,
        envelopes: &[EventEnvelope<A>],
    ) -> Result<Vec<String>, Refused<A>> {
        let (Some(first), Some(last)) = (envelopes.first(), envelopes.last()) else {
            return Ok(Vec::new());
        };
        let mut rows = Vec::with_capacity(envelopes.len());
        for envelope in envelopes {
            let payload = serde_json::to_string(&envelope.payload).map_err(unexpected::<A>)?;
            let metadata = serde_json::to_string(&envelope.metadata).map_err(unexpected::<A>)?;
            rows.push((envelope, payload, metadata));
        }
        let claim = Claim {
            names: self.live.iter().map(|p| p.name()).collect(),
            aggregate_id: &first.aggregate_id,
            first: first.sequence,
            last: last.sequence,
        };
        let claimed = if self.db.engine == Engine::Postgres
            && !claim.names.is_empty()
            && rows.len() <= EVENTS_PER_STATEMENT
        {
            let append = append_sql(self.db.engine, rows.len());
            let sql = format!("WITH appended AS ({append}) {}", claim.sql(3 + 5 * rows.len()));
            let query = claim.bind_after(bind_rows::<A>(sqlx::query(&sql), &first.aggregate_id, &rows));
            query.fetch_all(&mut *conn).await
        } else {
            for chunk in rows.chunks(EVENTS_PER_STATEMENT) {
                let append = append_sql(self.db.engine, chunk.len());
                bind_rows::<A>(sqlx::query(&append), &first.aggregate_id, chunk)
                    .execute(&mut *conn)
                    .await
                    .map_err(database::<A>)?;
            }
            if claim.names.is_empty() {
                return Ok(Vec::new());
            }
            let sql = claim.sql(3);
            let query = claim.bind_after(sqlx::query(&sql).bind(A::TYPE).bind(claim.aggregate_id));
            query.fetch_all(&mut *conn).await
        };
        let rows = claimed.map_err(database::<A>)?;
        Ok(rows
            .iter()
            .map(|row| row.get::<String, _>("projection"))
            .collect())
    }

    async fn write_snapshot(&self, conn: &mut AnyConnection, loaded: &Loaded<A>) -> Result<(), Refused<A>> {
        let state = match serde_json::to_string(&loaded.aggregate) {
            Ok(state) => state,
            Err(error) => {
                // Loads replay the events instead: slower, never wrong.
                tracing::error!("{} {} has no snapshot: {error}", A::TYPE, loaded.aggregate_id);
                return Ok(());
            }
        };
        sqlx::query(
            "INSERT INTO aggregate_snapshots (aggregate_type, aggregate_id, sequence, format, state) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (aggregate_type, aggregate_id) DO UPDATE SET \
             sequence = excluded.sequence, format = excluded.format, state = excluded.state",
        )
        .bind(A::TYPE)
        .bind(&loaded.aggregate_id)
        .bind(loaded.sequence as i64)
        .bind(A::SNAPSHOT_FORMAT)
        .bind(state)
        .execute(&mut *conn)
        .await
        .map_err(database::<A>)?;
        Ok(())
    }

    /// The caller's work, events, live projections and (when due) the snapshot, in the command's
    /// transaction, left open.
    /// The projections' writes that may wait are left in `later`, to be sent together before the
    /// commit, in as few statements as their tables allow (on PostgreSQL each statement is a round
    /// trip).
    async fn write_on(
        &self,
        conn: &mut AnyConnection,
        later: &mut Together,
        envelopes: &[EventEnvelope<A>],
        loaded: &Loaded<A>,
        work: Option<&dyn InTransaction>,
    ) -> Result<(), Failure<A>> {
        if let Some(work) = work {
            work.run(&mut *conn, later).await.map_err(caller::<A>)?;
        }
        let claimed = self.append_and_claim(&mut *conn, envelopes).await?;
        for projection in &self.live {
            let applied = if claimed.iter().any(|name| name == projection.name()) {
                projection.apply_claimed(&mut *conn, envelopes, later).await
            } else {
                projection
                    .apply(&mut *conn, &loaded.aggregate_id, envelopes, later)
                    .await
            };
            applied.map_err(refused::<A>)?;
        }
        if loaded.sequence - loaded.snapshot >= SNAPSHOT_EVERY {
            self.write_snapshot(&mut *conn, loaded).await?;
        }
        Ok(())
    }

    /// Writes the events a command decided on top of `loaded` (to which the aggregate already
    /// applied them) in the transaction on `conn`, and answers them with the state they lead to,
    /// which is kept only once that transaction commits.
    async fn stage(
        &self,
        conn: &mut AnyConnection,
        later: &mut Together,
        events: Vec<A::Event>,
        mut loaded: Loaded<A>,
        metadata: HashMap<String, String>,
        work: Option<&dyn InTransaction>,
    ) -> Result<(Vec<EventEnvelope<A>>, Loaded<A>), Failure<A>> {
        let first = loaded.sequence + 1;
        let envelopes: Vec<EventEnvelope<A>> = events
            .into_iter()
            .enumerate()
            .map(|(i, payload)| EventEnvelope {
                aggregate_id: loaded.aggregate_id.clone(),
                sequence: first + i,
                payload,
                metadata: metadata.clone(),
            })
            .collect();
        loaded.sequence += envelopes.len();
        if !envelopes.is_empty() {
            // On failure the state is dropped: it holds events that were not stored.
            self.write_on(conn, later, &envelopes, &loaded, work).await?;
            if loaded.sequence - loaded.snapshot >= SNAPSHOT_EVERY {
                loaded.snapshot = loaded.sequence;
            }
        }
        Ok((envelopes, loaded))
    }

    /// Stores the events a command decided on top of `loaded` in `tx`, commits, and keeps the new
    /// state for the next command.
    async fn commit(
        &self,
        mut tx: Transaction<'static, Any>,
        events: Vec<A::Event>,
        loaded: Loaded<A>,
        metadata: HashMap<String, String>,
        work: Option<&dyn InTransaction>,
    ) -> Result<Vec<EventEnvelope<A>>, Failure<A>> {
        let mut later = Together::default();
        let (envelopes, loaded) = self
            .stage(&mut tx, &mut later, events, loaded, metadata, work)
            .await?;
        if envelopes.is_empty() {
            // Nothing decided: the transaction only read.
            drop(tx);
        } else {
            later.flush(&mut tx).await.map_err(|e| {
                refused::<A>(anyhow::Error::new(e).context(format!(
                    "the live projections of {} {} failed at #{}",
                    A::TYPE,
                    loaded.aggregate_id,
                    loaded.sequence
                )))
            })?;
            tx.commit().await.map_err(database::<A>)?;
            if let Some(work) = work {
                work.committed();
            }
        }
        self.keep(loaded);
        Ok(envelopes)
    }
}

/// A command written in the transaction of another's (see [`Framework::execute_within`]). Dropped
/// without [`Framework::settle`] (that transaction rolled back), nothing of it is kept.
pub struct Staged<A: Aggregate> {
    loaded: Loaded<A>,
    events: Vec<EventEnvelope<A>>,
}

/// How one attempt at a command ended.
enum Attempt<A: Aggregate> {
    Done(Result<(), Failure<A>>),
    /// The kept state it trusted was behind the log: run again on `fresh` (read from the log when
    /// `None`).
    Stale(Option<Kept<A>>),
}

/// Runs commands on aggregates of type `A`: load, decide, store in one transaction, then tell the
/// process managers (`queries`), which may send commands of their own.
pub struct Framework<A: Snapshotted> {
    store: Store<A>,
    queries: Vec<Box<dyn Query<A>>>,
    services: A::Services,
}

impl<A: Snapshotted> Framework<A>
where
    A::Command: Clone,
{
    pub fn new(store: Store<A>, queries: Vec<Box<dyn Query<A>>>, services: A::Services) -> Self {
        Self {
            store,
            queries,
            services,
        }
    }

    pub async fn execute(&self, aggregate_id: &str, command: A::Command) -> Result<(), Refused<A>> {
        self.execute_with_metadata(aggregate_id, command, HashMap::new())
            .await
    }

    pub async fn execute_with_metadata(
        &self,
        aggregate_id: &str,
        command: A::Command,
        metadata: HashMap<String, String>,
    ) -> Result<(), Refused<A>> {
        match self.execute_in(aggregate_id, command, metadata, None).await {
            Ok(()) => Ok(()),
            Err(Failure::Aggregate(e)) => Err(e),
            Err(Failure::Caller(e)) => Err(unexpected::<A>(e)),
        }
    }

    /// Runs `command`, storing `work` in the same transaction as its events.
    pub async fn execute_in(
        &self,
        aggregate_id: &str,
        command: A::Command,
        metadata: HashMap<String, String>,
        work: Option<&dyn InTransaction>,
    ) -> Result<(), Failure<A>> {
        let start = self.store.take_cached(aggregate_id);
        match self
            .attempt(aggregate_id, command.clone(), metadata.clone(), work, start, true)
            .await
        {
            Attempt::Done(result) => result,
            Attempt::Stale(fresh) => match self
                .attempt(aggregate_id, command, metadata, work, fresh, false)
                .await
            {
                Attempt::Done(result) => result,
                Attempt::Stale(_) => Err(AggregateError::AggregateConflict.into()),
            },
        }
    }

    /// One run of a command in one transaction. With `trust`, a state this process kept is decided
    /// on without reading the log's tail: when another process appended to the aggregate since, the
    /// append conflicts (an event of that sequence exists), and a refusal or a repeat that changes
    /// nothing is checked against the tail before it is answered; either way the command is run once
    /// more on the fresh state.
    async fn attempt(
        &self,
        aggregate_id: &str,
        command: A::Command,
        metadata: HashMap<String, String>,
        work: Option<&dyn InTransaction>,
        start: Option<Kept<A>>,
        trust: bool,
    ) -> Attempt<A> {
        let trusted = trust && start.is_some();
        // The whole command is one transaction: the state is decided on and stored under the same
        // lock (SQLite) or snapshot of the log (PostgreSQL).
        let mut tx = match self.store.db.begin_write().await {
            Ok(tx) => tx,
            Err(e) => return Attempt::Done(Err(database::<A>(e).into())),
        };
        let loaded = match start {
            Some(kept) if trusted => Ok(kept.loaded(aggregate_id)),
            start => self.store.load_on(&mut tx, aggregate_id, start).await,
        };
        let mut loaded = match loaded {
            Ok(loaded) => loaded,
            Err(e) => return Attempt::Done(Err(e.into())),
        };
        let (decided, events) = self.decide(&mut loaded.aggregate, command).await;
        if trusted && (decided.is_err() || events.is_empty()) {
            match behind_the_log(&mut tx, &mut loaded, events.is_empty()).await {
                Err(e) => return Attempt::Done(Err(e)),
                Ok(Behind::No) => {}
                Ok(Behind::CaughtUp) => return Attempt::Stale(Some(loaded.into_kept().1)),
                Ok(Behind::Spoiled) => return Attempt::Stale(None),
            }
        }
        if let Err(refusal) = decided {
            // The aggregates change only by applying events: one refused before writing any is
            // unchanged, and kept for the next command.
            if events.is_empty() {
                self.store.keep(loaded);
            }
            return Attempt::Done(Err(AggregateError::UserError(refusal).into()));
        }
        match self.store.commit(tx, events, loaded, metadata, work).await {
            Err(Failure::Aggregate(AggregateError::AggregateConflict)) if trusted => Attempt::Stale(None),
            Err(e) => Attempt::Done(Err(e)),
            Ok(committed) => {
                if !committed.is_empty() {
                    for query in &self.queries {
                        query.dispatch(aggregate_id, &committed).await;
                    }
                }
                Attempt::Done(Ok(()))
            }
        }
    }

    /// Runs `command` in the transaction on `conn`, which belongs to a command of another aggregate
    /// (a wallet debit in the order's payment, say): both are stored or neither. The state it leads
    /// to is kept, and the process managers told, by [`Framework::settle`] once that transaction has
    /// committed; a conflict with another process comes back as [`Failure::Aggregate`]'s
    /// `AggregateConflict`, and the whole transaction has to run again.
    pub async fn execute_within(
        &self,
        conn: &mut AnyConnection,
        later: &mut Together,
        aggregate_id: &str,
        command: A::Command,
        metadata: HashMap<String, String>,
    ) -> Result<Staged<A>, Failure<A>> {
        let start = self.store.take_cached(aggregate_id);
        let trusted = start.is_some();
        let mut loaded = match start {
            Some(kept) => kept.loaded(aggregate_id),
            None => self.store.load_on(&mut *conn, aggregate_id, None).await?,
        };
        let (mut decided, mut events) = self.decide(&mut loaded.aggregate, command.clone()).await;
        // As in `attempt`: a refusal or a repeat decided on a kept state is checked against the log.
        if trusted && (decided.is_err() || events.is_empty()) {
            match behind_the_log(&mut *conn, &mut loaded, events.is_empty()).await? {
                Behind::No => {}
                Behind::CaughtUp => (decided, events) = self.decide(&mut loaded.aggregate, command).await,
                Behind::Spoiled => {
                    loaded = self.store.load_on(&mut *conn, aggregate_id, None).await?;
                    (decided, events) = self.decide(&mut loaded.aggregate, command).await;
                }
            }
        }
        if let Err(refusal) = decided {
            if events.is_empty() {
                self.store.keep(loaded);
            }
            return Err(AggregateError::UserError(refusal).into());
        }
        let (events, loaded) = self
            .store
            .stage(conn, later, events, loaded, metadata, None)
            .await?;
        Ok(Staged { loaded, events })
    }

    /// After the transaction of [`Framework::execute_within`] committed: keeps the state and tells
    /// the process managers.
    pub async fn settle(&self, staged: Staged<A>) {
        let Staged { loaded, events } = staged;
        let aggregate_id = loaded.aggregate_id.clone();
        self.store.keep(loaded);
        if !events.is_empty() {
            for query in &self.queries {
                query.dispatch(&aggregate_id, &events).await;
            }
        }
    }

    /// The command's decision and its events, which `aggregate` has applied.
    async fn decide(&self, aggregate: &mut A, command: A::Command) -> (Result<(), A::Error>, Vec<A::Event>) {
        let sink = EventSink::default();
        let decided = aggregate.handle(command, &self.services, &sink).await;
        (decided, sink.collect().await)
    }

    /// `f` of the state of `aggregate_id` this process keeps, if it keeps one: no read, but possibly
    /// behind what another process appended since (a caller acts on it only where the command that
    /// follows is checked against the log anyway).
    pub fn peek<R>(&self, aggregate_id: &str, f: impl FnOnce(&A) -> R) -> Option<R> {
        self.store.peek(aggregate_id, f)
    }

    /// Tells the framework that `aggregate_id` is new (a number just drawn): its first command
    /// reads nothing, and should the number be in use after all, its append conflicts and the
    /// command runs on the stored state.
    pub fn assume_new(&self, aggregate_id: &str) {
        self.store.assume_new(aggregate_id);
    }

    /// The current state of `aggregate_id` for a read.
    pub async fn state(&self, aggregate_id: &str) -> Result<A, Refused<A>> {
        self.store.state(aggregate_id).await
    }
}

/// The snapshot of `aggregate_id` (when there is a readable one of the current format) and the
/// events after it, in one statement.
async fn load_snapshot<A: Snapshotted>(
    conn: &mut AnyConnection,
    aggregate_id: &str,
) -> Result<(Option<(A, usize)>, Vec<EventEnvelope<A>>), Refused<A>> {
    let rows = sqlx::query(
        "SELECT CAST(0 AS BIGINT) AS kind, sequence, state AS payload, '' AS metadata \
         FROM aggregate_snapshots WHERE aggregate_type = $1 AND aggregate_id = $2 AND format = $3 \
         UNION ALL \
         SELECT CAST(1 AS BIGINT) AS kind, sequence, CAST(payload AS TEXT) AS payload, \
         CAST(metadata AS TEXT) AS metadata FROM events \
         WHERE aggregate_type = $1 AND aggregate_id = $2 AND sequence > COALESCE((SELECT sequence \
         FROM aggregate_snapshots WHERE aggregate_type = $1 AND aggregate_id = $2 AND format = $3), 0) \
         ORDER BY 1, 2",
    )
    .bind(A::TYPE)
    .bind(aggregate_id)
    .bind(A::SNAPSHOT_FORMAT)
    .fetch_all(&mut *conn)
    .await
    .map_err(database::<A>)?;
    let snapshot = rows.first().filter(|row| row.get::<i64, _>("kind") == 0);
    let Some(snapshot) = snapshot else {
        return Ok((None, envelopes::<A>(aggregate_id, &rows)?));
    };
    // The first row is the snapshot: its state is in the `payload` column.
    match serde_json::from_str::<A>(&snapshot.get::<String, _>("payload")) {
        Ok(aggregate) => Ok((
            Some((aggregate, snapshot.get::<i64, _>("sequence") as usize)),
            envelopes::<A>(aggregate_id, &rows[1..])?,
        )),
        Err(error) => {
            // A state that no longer reads is replaced at the next snapshot; the events are the truth.
            tracing::warn!(
                "snapshot of {} {aggregate_id} does not read ({error}); replaying",
                A::TYPE
            );
            Ok((None, events_after::<A>(conn, aggregate_id, 0).await?))
        }
    }
}

/// What the log says of a kept state on which a command was refused or decided nothing: kept
/// states can be behind what another process appended.
enum Behind {
    No,
    /// It was, and has applied the newer events (it held nothing the command decided).
    CaughtUp,
    /// It was, and holds events a refused command decided: it must be loaded again.
    Spoiled,
}

async fn behind_the_log<A: Aggregate>(
    conn: &mut AnyConnection,
    loaded: &mut Loaded<A>,
    nothing_decided: bool,
) -> Result<Behind, Failure<A>> {
    let newer = events_after::<A>(&mut *conn, &loaded.aggregate_id, loaded.sequence).await?;
    let Some(last) = newer.last() else {
        return Ok(Behind::No);
    };
    if !nothing_decided {
        return Ok(Behind::Spoiled);
    }
    loaded.sequence = last.sequence;
    for event in newer {
        loaded.aggregate.apply(event.payload);
    }
    Ok(Behind::CaughtUp)
}

/// The events of `aggregate_id` after `sequence`, in order.
pub async fn events_after<'c, A: Aggregate>(
    executor: impl sqlx::Executor<'c, Database = Any>,
    aggregate_id: &str,
    sequence: usize,
) -> Result<Vec<EventEnvelope<A>>, Refused<A>> {
    let rows = sqlx::query(
        "SELECT CAST(1 AS BIGINT) AS kind, sequence, CAST(payload AS TEXT) AS payload, \
         CAST(metadata AS TEXT) AS metadata FROM events \
         WHERE aggregate_type = $1 AND aggregate_id = $2 AND sequence > $3 ORDER BY sequence",
    )
    .bind(A::TYPE)
    .bind(aggregate_id)
    .bind(sequence as i64)
    .fetch_all(executor)
    .await
    .map_err(database::<A>)?;
    envelopes::<A>(aggregate_id, &rows)
}

/// Rows of (kind, sequence, payload, metadata) as events of `aggregate_id`.
fn envelopes<A: Aggregate>(
    aggregate_id: &str,
    rows: &[sqlx::any::AnyRow],
) -> Result<Vec<EventEnvelope<A>>, Refused<A>> {
    rows.iter()
        .map(|row| {
            let sequence: i64 = row.get("sequence");
            let payload: String = row.get("payload");
            let metadata: String = row.get("metadata");
            let named = |e: serde_json::Error| {
                AggregateError::DeserializationError(
                    format!("event {} {aggregate_id} #{sequence} does not read: {e}", A::TYPE).into(),
                )
            };
            Ok(EventEnvelope {
                aggregate_id: aggregate_id.to_string(),
                sequence: sequence as usize,
                payload: serde_json::from_str(&payload).map_err(named)?,
                metadata: serde_json::from_str(&metadata).map_err(named)?,
            })
        })
        .collect()
}

type AnyQuery<'q> = sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>;

/// Events per `INSERT`: a command decides a few; this bounds the parameters (5 per event) far
/// below either engine's limit for one that decides thousands.
const EVENTS_PER_STATEMENT: usize = 1_000;

/// An event with its payload and metadata as JSON.
type EventRow<'e, A> = (&'e EventEnvelope<A>, String, String);

/// Binds the parameters of `append_sql`.
fn bind_rows<'q, A: Aggregate>(
    mut query: AnyQuery<'q>,
    aggregate_id: &'q str,
    rows: &'q [EventRow<'_, A>],
) -> AnyQuery<'q> {
    query = query.bind(A::TYPE).bind(aggregate_id);
    for (envelope, payload, metadata) in rows {
        query = query
            .bind(envelope.sequence as i64)
            .bind(envelope.payload.event_type())
            .bind(envelope.payload.event_version())
            .bind(payload.as_str())
            .bind(metadata.as_str());
    }
    query
}

/// One `INSERT` of `count` events of one aggregate: `$1` its type, `$2` its id, then five parameters
/// per event (sequence, type, version, payload, metadata).
fn append_sql(engine: Engine, count: usize) -> String {
    let json = match engine {
        Engine::Sqlite => "",
        Engine::Postgres => "::json",
    };
    let rows: Vec<String> = (0..count)
        .map(|i| {
            let n = 3 + 5 * i;
            format!(
                "($1, $2, ${}, ${}, ${}, ${}{json}, ${}{json})",
                n,
                n + 1,
                n + 2,
                n + 3,
                n + 4
            )
        })
        .collect();
    format!(
        "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, \
         metadata) VALUES {}",
        rows.join(", ")
    )
}

/// Moves the offsets of every live projection that had applied the aggregate up to these events
/// past them, in one statement that answers the names it moved. A projection left out is behind (a
/// rebuild under way) and applies on its own.
struct Claim<'a> {
    names: Vec<&'static str>,
    aggregate_id: &'a str,
    /// Sequences of the first and last event.
    first: usize,
    last: usize,
}

impl Claim<'_> {
    /// The statement, with the aggregate's type and id as `$1` and `$2` and its own parameters
    /// from `$from`.
    fn sql(&self, from: usize) -> String {
        if self.first == 1 {
            let rows: Vec<String> = (0..self.names.len())
                .map(|i| format!("(${}, $1, $2, ${from})", from + 1 + i))
                .collect();
            format!(
                "INSERT INTO projection_offsets (projection, aggregate_type, aggregate_id, sequence) VALUES {} \
                 ON CONFLICT (projection, aggregate_type, aggregate_id) DO NOTHING RETURNING projection",
                rows.join(", ")
            )
        } else {
            let names: Vec<String> = (0..self.names.len())
                .map(|i| format!("${}", from + 2 + i))
                .collect();
            format!(
                "UPDATE projection_offsets SET sequence = ${from} WHERE aggregate_type = $1 AND aggregate_id = $2 \
                 AND sequence = ${} AND projection IN ({}) RETURNING projection",
                from + 1,
                names.join(", ")
            )
        }
    }

    fn bind_after<'q>(&self, mut query: AnyQuery<'q>) -> AnyQuery<'q> {
        query = query.bind(self.last as i64);
        if self.first != 1 {
            query = query.bind(self.first as i64 - 1);
        }
        for name in &self.names {
            query = query.bind(*name);
        }
        query
    }
}
