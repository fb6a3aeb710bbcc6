//! What the projections that follow a log from a cursor of their own share (the ranking follows the
//! order events, the listing notices the catalogue's change log): the cursor in
//! `projection_cursors`, moved only from where a batch read it so two processes never apply a batch
//! twice, and the fence that keeps a reader behind every transaction still running.
//!
//! On PostgreSQL a position is drawn when its row is inserted but seen when its transaction commits,
//! so positions appear out of order. Reading only rows of transactions older than every one still
//! running (`tx` below the snapshot's xmin), in `(tx, position)` order, means nothing can appear
//! behind the cursor later (see migration 0023). SQLite serialises writers: `tx` is 0 there.

use sqlx::{Any, AnyConnection, AnyPool, Row, Transaction};

/// A follower's position in its log: every row up to `(tx, position)` is applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Cursor {
    pub tx: i64,
    pub position: i64,
}

/// Where the follower `name` is; `None` before its first rebuild.
pub async fn cursor(pool: &AnyPool, name: &str) -> sqlx::Result<Option<Cursor>> {
    Ok(
        sqlx::query("SELECT tx, position FROM projection_cursors WHERE projection = $1")
            .bind(name)
            .fetch_optional(pool)
            .await?
            .map(|r| Cursor {
                tx: r.get("tx"),
                position: r.get("position"),
            }),
    )
}

/// Moves `name`'s cursor from `from` to `to` in this transaction, or answers `false` when another
/// process moved it first (or, with no `from`, created it).
pub async fn move_cursor(
    conn: &mut AnyConnection,
    name: &str,
    from: Option<Cursor>,
    to: Cursor,
) -> sqlx::Result<bool> {
    let moved = match from {
        Some(from) => sqlx::query(
            "UPDATE projection_cursors SET tx = $2, position = $3 \
             WHERE projection = $1 AND tx = $4 AND position = $5",
        )
        .bind(name)
        .bind(to.tx)
        .bind(to.position)
        .bind(from.tx)
        .bind(from.position),
        None => sqlx::query(
            "INSERT INTO projection_cursors (projection, tx, position) VALUES ($1, $2, $3) \
             ON CONFLICT (projection) DO NOTHING",
        )
        .bind(name)
        .bind(to.tx)
        .bind(to.position),
    }
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(moved == 1)
}

/// Forgets `name`'s cursor, so its next catch-up rebuilds it.
pub async fn forget_cursor(conn: &mut AnyConnection, name: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM projection_cursors WHERE projection = $1")
        .bind(name)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The condition that keeps a read behind every transaction still running (PostgreSQL; SQLite
/// needs none), for a `WHERE` clause over a table with a `tx` column.
pub fn fence(postgres: bool) -> &'static str {
    if postgres {
        " AND tx < CAST(CAST(pg_snapshot_xmin(pg_current_snapshot()) AS TEXT) AS BIGINT)"
    } else {
        ""
    }
}

/// A transaction that writes: SQLite's write lock is taken at once, so the cursor check and the
/// writes after it never have to upgrade a read lock.
pub async fn begin_write(pool: &AnyPool, postgres: bool) -> sqlx::Result<Transaction<'static, Any>> {
    if postgres {
        pool.begin().await
    } else {
        pool.begin_with("BEGIN IMMEDIATE").await
    }
}

/// On PostgreSQL, whether the database now numbers its transactions below `at`: it was restored
/// into another cluster, whose transaction ids start lower, so rows written from now on would sort
/// behind the cursor and be missed. (In one cluster ids only grow, and the cursor's was below the
/// oldest running one when it was read.) The follower is then rebuilt.
pub async fn rewound(pool: &AnyPool, postgres: bool, at: Cursor) -> sqlx::Result<bool> {
    if !postgres {
        return Ok(false);
    }
    let oldest_running: i64 =
        sqlx::query_scalar("SELECT CAST(CAST(pg_snapshot_xmin(pg_current_snapshot()) AS TEXT) AS BIGINT)")
            .fetch_one(pool)
            .await?;
    Ok(oldest_running < at.tx)
}
