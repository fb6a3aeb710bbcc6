use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use cqrs_es::Query;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Any, AnyPool, Executor, PgPool, SqlitePool, Transaction};

use crate::store::{Framework, LiveProjection, Snapshotted, Store};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// The one handle on storage: one portable SQL string on the `Any` pool for events and read models
/// alike, so a command's events and its projections share a transaction. The engine's own pool runs
/// the migrations.
#[derive(Clone)]
pub struct Database {
    pub engine: Engine,
    pub pool: AnyPool,
    events: EventPool,
}

#[derive(Clone)]
enum EventPool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

pub type Cqrs<A> = Framework<A>;

const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

impl Database {
    /// `postgres://…` opens PostgreSQL; anything else is taken as a SQLite file path (created).
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        sqlx::any::install_default_drivers();
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Self::connect_postgres(url).await
        } else {
            Self::connect_sqlite(Path::new(url.trim_start_matches("sqlite://"))).await
        }
    }

    async fn connect_postgres(url: &str) -> anyhow::Result<Self> {
        let options = PgConnectOptions::from_str(url).context("DATABASE_URL is not a valid URL")?;
        // Only the migrations use the engine's own pool; every command and read goes through `Any`.
        let events = PgPoolOptions::new()
            .max_connections(2)
            .connect_with(options)
            .await
            .with_context(|| format!("cannot connect to PostgreSQL at {}", redact(url)))?;
        let pool = AnyPoolOptions::new()
            .max_connections(24)
            .after_connect(|conn, _| {
                Box::pin(async move {
                    // Our queries read a few thousand rows at most, and a cost estimate past
                    // `jit_above_cost` (a keyword of many item numbers, each term estimated at
                    // thousands of rows) had the server compile the query for a second first.
                    conn.execute("SET jit = off").await?;
                    Ok(())
                })
            })
            .connect(url)
            .await?;
        Ok(Self {
            engine: Engine::Postgres,
            pool,
            events: EventPool::Postgres(events),
        })
    }

    async fn connect_sqlite(path: &Path) -> anyhow::Result<Self> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create the folder {}", dir.display()))?;
        }
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(BUSY_TIMEOUT)
            .foreign_keys(true);
        let events = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .with_context(|| format!("cannot open the SQLite database {}", path.display()))?;
        let url = format!("sqlite://{}", path.display());
        let pool = AnyPoolOptions::new()
            .max_connections(8)
            .after_connect(|conn, _| {
                Box::pin(async move {
                    // Reads map the file instead of copying each page through a system call into
                    // every connection's own small cache: a keyword search over the 470 MB index of
                    // 100,000 products spent more time in `read` than in SQLite.
                    conn.execute(
                        "PRAGMA busy_timeout = 10000; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; \
                         PRAGMA mmap_size = 4294967296",
                    )
                    .await?;
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        Ok(Self {
            engine: Engine::Sqlite,
            pool,
            events: EventPool::Sqlite(events),
        })
    }

    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = crate::migrations::migrator(self.engine).await?;
        match &self.events {
            EventPool::Sqlite(pool) => {
                if let Some(refusal) = crate::migrations::item_numbers_held_twice(pool).await? {
                    anyhow::bail!(refusal);
                }
                migrator.run(pool).await?
            }
            EventPool::Postgres(pool) => {
                // sqlx's migrator holds a session advisory lock and skips its unlock when a migration
                // fails (0032 refusing duplicate item numbers does): run on a connection of its own,
                // closed after, so a refused migration never leaves the next `migrate` waiting forever
                // on a pooled connection that still holds the lock.
                let mut conn = pool.acquire().await?.detach();
                let ran = migrator.run(&mut conn).await;
                drop(conn);
                ran?
            }
        }
        Ok(())
    }

    /// (applied, known): the migrations this database has applied without failure, and those this
    /// binary carries. Equal when the schema is the one the code expects.
    pub async fn migration_status(&self) -> anyhow::Result<(usize, usize)> {
        let known = crate::migrations::known(self.engine);
        let applied: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations WHERE success = TRUE")
            .fetch_one(&self.pool)
            .await?;
        Ok((applied as usize, known))
    }

    /// A transaction that intends to write. On SQLite it takes the write lock at once: a deferred
    /// transaction that reads first and writes later fails with SQLITE_BUSY instead of waiting.
    pub async fn begin_write(&self) -> sqlx::Result<Transaction<'static, Any>> {
        match self.engine {
            Engine::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Engine::Postgres => self.pool.begin().await,
        }
    }

    /// A framework for aggregate `A` with no live projections: `queries` run after the commit.
    pub fn cqrs<A: Snapshotted>(&self, queries: Vec<Box<dyn Query<A>>>, services: A::Services) -> Cqrs<A>
    where
        A::Command: Clone,
    {
        self.cqrs_live(Vec::new(), queries, services)
    }

    /// A framework for aggregate `A` whose commands write their events and the `live`
    /// projections in one transaction; `queries` (process managers) run after it committed.
    pub fn cqrs_live<A: Snapshotted>(
        &self,
        live: Vec<Arc<dyn LiveProjection<A>>>,
        queries: Vec<Box<dyn Query<A>>>,
        services: A::Services,
    ) -> Cqrs<A>
    where
        A::Command: Clone,
    {
        Framework::new(Store::new(self.clone(), live), queries, services)
    }

    /// The current state of aggregate `id` (the default state when it has no events).
    pub async fn load<A: Snapshotted>(&self, id: &str) -> anyhow::Result<A> {
        Store::<A>::new(self.clone(), Vec::new())
            .state(id)
            .await
            .map_err(|e| anyhow::anyhow!("cannot load {} {id}: {e}", A::TYPE))
    }

    pub async fn close(&self) {
        self.pool.close().await;
        match &self.events {
            EventPool::Sqlite(pool) => pool.close().await,
            EventPool::Postgres(pool) => pool.close().await,
        }
    }
}

/// Rows of the `Any` driver; re-exported so callers need not name sqlx's module.
pub type Row = AnyRow;

fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(start), Some(at)) if at > start => format!("{}://…{}", &url[..start], &url[at..]),
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn redact_hides_credentials_only() {
        assert_eq!(redact("postgres://u:secret@h:5432/db"), "postgres://…@h:5432/db");
        assert_eq!(redact("postgres://h/db"), "postgres://h/db");
    }
}
