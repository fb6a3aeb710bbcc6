//! Which data folder the servers on this database share. Files that exist nowhere else (console
//! pictures, labels, exports, the RSA key logins are encrypted with) live in the data folder, so two
//! servers on one database with two folders answer differently without failing. Each folder carries
//! an id; each server records its own here at start, and the first one recorded is the folder the
//! others must use until an operator claims another (a deliberate move).

use sqlx::Row;

use crate::accounts::is_unique_violation;
use crate::Database;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataFolder {
    pub id: String,
    /// Where a server last opened it from.
    pub path: String,
    pub first_seen_at: i64,
    pub last_seen_at: i64,
    /// The folder the servers on this database share.
    pub chosen: bool,
}

const UPSERT: &str = "INSERT INTO data_folders (id, path, first_seen_at, last_seen_at, chosen) \
                      VALUES ($1, $2, $3, $3, 0) \
                      ON CONFLICT (id) DO UPDATE SET path = excluded.path, last_seen_at = excluded.last_seen_at";

/// Records that a server opened folder `id` at `path`; the first folder recorded becomes the chosen
/// one. Answers the chosen folder.
pub async fn record(db: &Database, id: &str, path: &str, at: i64) -> sqlx::Result<DataFolder> {
    sqlx::query(UPSERT)
        .bind(id)
        .bind(path)
        .bind(at)
        .execute(&db.pool)
        .await?;
    let chose = sqlx::query(
        "UPDATE data_folders SET chosen = 1 WHERE id = $1 \
         AND NOT EXISTS (SELECT 1 FROM data_folders WHERE chosen = 1)",
    )
    .bind(id)
    .execute(&db.pool)
    .await;
    match chose {
        // Two first servers at once: the other's folder was chosen a moment earlier.
        Err(e) if is_unique_violation(&e) => {}
        other => {
            other?;
        }
    }
    chosen(db)
        .await?
        .ok_or_else(|| sqlx::Error::Protocol("no data folder is chosen after recording one".into()))
}

/// The folder the servers on this database share, once one server has started.
pub async fn chosen(db: &Database) -> sqlx::Result<Option<DataFolder>> {
    Ok(list(db).await?.into_iter().find(|f| f.chosen))
}

/// Every folder a server opened this database from, the chosen one first, then newest first.
pub async fn list(db: &Database) -> sqlx::Result<Vec<DataFolder>> {
    let rows = sqlx::query(
        "SELECT id, path, first_seen_at, last_seen_at, chosen FROM data_folders \
         ORDER BY chosen DESC, last_seen_at DESC, id",
    )
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| DataFolder {
            id: r.get("id"),
            path: r.get("path"),
            first_seen_at: r.get("first_seen_at"),
            last_seen_at: r.get("last_seen_at"),
            chosen: r.get::<i64, _>("chosen") == 1,
        })
        .collect())
}

/// Makes folder `id` at `path` the one the servers share (after moving the data to it on purpose):
/// servers on the folder chosen before then report the mismatch instead.
pub async fn claim(db: &Database, id: &str, path: &str, at: i64) -> sqlx::Result<()> {
    let mut tx = db.begin_write().await?;
    sqlx::query("UPDATE data_folders SET chosen = 0 WHERE chosen = 1 AND id <> $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(UPSERT)
        .bind(id)
        .bind(path)
        .bind(at)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE data_folders SET chosen = 1 WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}
