//! The address book: at most 50 addresses per user, exactly one default while any exist.

use domain::address::{validate, AddressInput, Divisions, MAX_ADDRESSES};
use sqlx::{Any, Transaction};

use crate::error::{Error, Refusal};
use crate::Database;

#[derive(Debug, Clone, Default)]
pub struct AddressChange {
    pub input: AddressInput,
    pub make_default: bool,
    pub favorite: Option<bool>,
}

fn not_found() -> Error {
    Error::NotFound(Refusal::new("address.not_found"))
}

fn internal(e: sqlx::Error) -> Error {
    Error::Internal(e.into())
}

/// Serialises changes to one user's book: on PostgreSQL two adds could otherwise both see 49.
async fn lock_book(tx: &mut Transaction<'static, Any>, user_id: &str) -> Result<(), Error> {
    sqlx::query("UPDATE users SET id = id WHERE id = $1")
        .bind(user_id)
        .execute(&mut **tx)
        .await
        .map_err(internal)?;
    Ok(())
}

async fn owned(tx: &mut Transaction<'static, Any>, user_id: &str, id: &str) -> Result<bool, Error> {
    let is_default = sqlx::query_scalar::<_, i64>(
        "SELECT CASE WHEN is_default <> 0 THEN 1 ELSE 0 END FROM addresses WHERE id = $1 AND user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(&mut **tx)
    .await
    .map_err(internal)?;
    is_default.map(|d| d == 1).ok_or_else(not_found)
}

async fn clear_default(tx: &mut Transaction<'static, Any>, user_id: &str) -> Result<(), Error> {
    sqlx::query("UPDATE addresses SET is_default = 0 WHERE user_id = $1 AND is_default <> 0")
        .bind(user_id)
        .execute(&mut **tx)
        .await
        .map_err(internal)?;
    Ok(())
}

/// Adds an address; the first one, or one asked to be, becomes the default. Answers its id.
pub async fn add(
    db: &Database,
    divisions: &Divisions,
    user_id: &str,
    change: AddressChange,
    now: i64,
) -> Result<String, Error> {
    let input = change.input.trimmed();
    validate(&input, divisions).map_err(Refusal::from)?;
    let mut tx = db.begin_write().await.map_err(internal)?;
    lock_book(&mut tx, user_id).await?;
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM addresses WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&mut *tx)
        .await
        .map_err(internal)?;
    if count as usize >= MAX_ADDRESSES {
        return Err(Refusal::new("address.too_many").with("max", MAX_ADDRESSES).into());
    }
    let make_default = change.make_default || count == 0;
    if make_default {
        clear_default(&mut tx, user_id).await?;
    }
    let id = format!("A{}", uuid::Uuid::now_v7().simple());
    sqlx::query(
        "INSERT INTO addresses (id, user_id, recipient, phone, province, city, district, detail, is_default, is_favorite, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)",
    )
    .bind(&id)
    .bind(user_id)
    .bind(&input.recipient)
    .bind(&input.phone)
    .bind(&input.province)
    .bind(&input.city)
    .bind(&input.district)
    .bind(&input.detail)
    .bind(i64::from(make_default))
    .bind(i64::from(change.favorite.unwrap_or(false)))
    .bind(now)
    .execute(&mut *tx)
    .await
    .map_err(internal)?;
    tx.commit().await.map_err(internal)?;
    Ok(id)
}

pub async fn edit(
    db: &Database,
    divisions: &Divisions,
    user_id: &str,
    id: &str,
    change: AddressChange,
    now: i64,
) -> Result<(), Error> {
    let input = change.input.trimmed();
    validate(&input, divisions).map_err(Refusal::from)?;
    let mut tx = db.begin_write().await.map_err(internal)?;
    lock_book(&mut tx, user_id).await?;
    let was_default = owned(&mut tx, user_id, id).await?;
    // Unticking "default" on the default leaves it the default: a book with addresses always has one.
    let make_default = change.make_default || was_default;
    if make_default {
        clear_default(&mut tx, user_id).await?;
    }
    sqlx::query(
        "UPDATE addresses SET recipient = $1, phone = $2, province = $3, city = $4, district = $5, detail = $6, \
         is_default = $7, is_favorite = CASE WHEN $8 < 0 THEN is_favorite ELSE $8 END, updated_at = $9 WHERE id = $10",
    )
    .bind(&input.recipient)
    .bind(&input.phone)
    .bind(&input.province)
    .bind(&input.city)
    .bind(&input.district)
    .bind(&input.detail)
    .bind(i64::from(make_default))
    .bind(change.favorite.map(i64::from).unwrap_or(-1))
    .bind(now)
    .bind(id)
    .execute(&mut *tx)
    .await
    .map_err(internal)?;
    tx.commit().await.map_err(internal)?;
    Ok(())
}

/// Deletes an address; when it was the default, the newest remaining one takes its place.
pub async fn delete(db: &Database, user_id: &str, id: &str) -> Result<(), Error> {
    let mut tx = db.begin_write().await.map_err(internal)?;
    lock_book(&mut tx, user_id).await?;
    let was_default = owned(&mut tx, user_id, id).await?;
    sqlx::query("DELETE FROM addresses WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
    if was_default {
        sqlx::query(
            "UPDATE addresses SET is_default = 1 WHERE id = \
             (SELECT id FROM addresses WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1)",
        )
        .bind(user_id)
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
    }
    tx.commit().await.map_err(internal)?;
    Ok(())
}

pub async fn set_default(db: &Database, user_id: &str, id: &str, now: i64) -> Result<(), Error> {
    let mut tx = db.begin_write().await.map_err(internal)?;
    lock_book(&mut tx, user_id).await?;
    owned(&mut tx, user_id, id).await?;
    clear_default(&mut tx, user_id).await?;
    sqlx::query("UPDATE addresses SET is_default = 1, updated_at = $1 WHERE id = $2")
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
    tx.commit().await.map_err(internal)?;
    Ok(())
}

pub async fn set_favorite(
    db: &Database,
    user_id: &str,
    id: &str,
    favorite: bool,
    now: i64,
) -> Result<(), Error> {
    let done =
        sqlx::query("UPDATE addresses SET is_favorite = $1, updated_at = $2 WHERE id = $3 AND user_id = $4")
            .bind(i64::from(favorite))
            .bind(now)
            .bind(id)
            .bind(user_id)
            .execute(&db.pool)
            .await
            .map_err(internal)?;
    if done.rows_affected() == 0 {
        return Err(not_found());
    }
    Ok(())
}
