//! Read marks of messages (`message_reads`, a plain table beside the message projections).

use crate::error::Error;
use crate::Database;

fn internal(e: sqlx::Error) -> Error {
    Error::Internal(e.into())
}

/// Marks one of the user's messages read; reading it again changes nothing. The caller checks that
/// the message is the user's.
pub async fn mark_read(db: &Database, user_id: &str, message_id: &str, now: i64) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO message_reads (user_id, message_id, read_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
    )
    .bind(user_id)
    .bind(message_id)
    .bind(now)
    .execute(&db.pool)
    .await
    .map_err(internal)?;
    Ok(())
}

/// Marks every message the user has now read.
pub async fn mark_all_read(db: &Database, user_id: &str, now: i64) -> Result<u64, Error> {
    let done = sqlx::query(
        "INSERT INTO message_reads (user_id, message_id, read_at) \
         SELECT m.user_id, m.id, $2 FROM messages m WHERE m.user_id = $1 \
         AND NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.user_id = m.user_id AND r.message_id = m.id) \
         ON CONFLICT DO NOTHING",
    )
    .bind(user_id)
    .bind(now)
    .execute(&db.pool)
    .await
    .map_err(internal)?
    .rows_affected();
    Ok(done)
}
