//! PostgreSQL fills a table faster without its secondary indexes and builds each afterwards in one
//! sort (the wallet ledger's replay: 97,000 → 121,000 events/s). A replay from nothing sets its
//! tables' non-unique indexes aside and builds them again at its end. Their definitions are written
//! to `replay_set_aside_indexes` in the transaction that drops them, and every catch-up first builds
//! what a replay cut off left there, so a crash never loses an index. Unique indexes stay
//! (`ON CONFLICT` needs them), and so do those of tables that projections share (`messages`, named
//! with a `WHERE`). A replay of no events leaves them be (every start replays the projections that
//! have applied nothing), and two processes starting the same replay drop and build them with
//! `IF EXISTS` / `IF NOT EXISTS`. SQLite gained nothing from it, so its replays keep their indexes.

use sqlx::{AnyConnection, Connection, Row};

fn postgres(conn: &AnyConnection) -> bool {
    conn.backend_name() == "PostgreSQL"
}

/// Drops the non-unique indexes of `tables` (a projection's `TABLES`), remembering them.
pub async fn set_aside(conn: &mut AnyConnection, projection: &str, tables: &[&str]) -> sqlx::Result<()> {
    if !postgres(conn) {
        return Ok(());
    }
    let mut tx = conn.begin().await?;
    for table in tables.iter().filter(|table| !table.contains(' ')) {
        let indexes = sqlx::query(
            "SELECT CAST(indexname AS TEXT) AS index_name, indexdef FROM pg_indexes \
             WHERE schemaname = current_schema() AND tablename = $1 AND indexdef NOT LIKE 'CREATE UNIQUE%'",
        )
        .bind(*table)
        .fetch_all(&mut *tx)
        .await?;
        for index in indexes {
            let (name, definition): (String, String) = (index.get("index_name"), index.get("indexdef"));
            sqlx::query(
                "INSERT INTO replay_set_aside_indexes (projection, name, definition) VALUES ($1, $2, $3) \
                 ON CONFLICT (projection, name) DO NOTHING",
            )
            .bind(projection)
            .bind(&name)
            .bind(&definition)
            .execute(&mut *tx)
            .await?;
            // Another process starting the same replay may have dropped it first.
            sqlx::query(&format!("DROP INDEX IF EXISTS \"{}\"", name.replace('"', "")))
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await
}

/// Builds every index `projection`'s replay set aside (none on SQLite).
pub async fn restore(conn: &mut AnyConnection, projection: &str) -> sqlx::Result<()> {
    if !postgres(conn) {
        return Ok(());
    }
    let mut tx = conn.begin().await?;
    let definitions: Vec<String> =
        sqlx::query("SELECT definition FROM replay_set_aside_indexes WHERE projection = $1 ORDER BY name")
            .bind(projection)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|row| row.get("definition"))
            .collect();
    for definition in definitions {
        // Another process may have built it first.
        let definition = definition.replacen("CREATE INDEX ", "CREATE INDEX IF NOT EXISTS ", 1);
        sqlx::query(&definition).execute(&mut *tx).await?;
    }
    sqlx::query("DELETE FROM replay_set_aside_indexes WHERE projection = $1")
        .bind(projection)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

/// Gathers the statistics of `tables` (a projection's `TABLES`) once a replay filled them: until
/// autovacuum comes round they are those of empty tables, and PostgreSQL plans a lookup of a few
/// hundred keys in them as a scan of the whole table (the after-sales' replay read `order_items`,
/// just filled by the orders', so: 28,000 events/s). SQLite plans these by its indexes anyway.
pub async fn analyze(conn: &mut AnyConnection, tables: &[&str]) -> sqlx::Result<()> {
    if !postgres(conn) {
        return Ok(());
    }
    for table in tables.iter().filter(|table| !table.contains(' ')) {
        sqlx::query(&format!("ANALYZE \"{}\"", table.replace('"', "")))
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
