//! Reads of the address book.

use serde::Serialize;
use sqlx::{AnyPool, Row};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Address {
    pub id: String,
    pub recipient: String,
    pub phone: String,
    pub province: String,
    pub city: String,
    pub district: String,
    pub detail: String,
    pub is_default: bool,
    pub is_favorite: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, recipient, phone, province, city, district, detail, \
     CASE WHEN is_default <> 0 THEN 1 ELSE 0 END AS is_default, CASE WHEN is_favorite <> 0 THEN 1 ELSE 0 END AS is_favorite, created_at, updated_at";

fn address(r: &sqlx::any::AnyRow) -> Address {
    Address {
        id: r.get("id"),
        recipient: r.get("recipient"),
        phone: r.get("phone"),
        province: r.get("province"),
        city: r.get("city"),
        district: r.get("district"),
        detail: r.get("detail"),
        is_default: r.get::<i64, _>("is_default") == 1,
        is_favorite: r.get::<i64, _>("is_favorite") == 1,
        created_at: r.get("created_at"),
        updated_at: r.get("updated_at"),
    }
}

/// The default first, then favourites, then newest.
pub async fn addresses_of(pool: &AnyPool, user_id: &str) -> sqlx::Result<Vec<Address>> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM addresses WHERE user_id = $1 \
         ORDER BY is_default DESC, is_favorite DESC, created_at DESC, id DESC"
    ))
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(address).collect())
}

/// One of the user's addresses; another user's is `None`.
pub async fn address_of(pool: &AnyPool, user_id: &str, id: &str) -> sqlx::Result<Option<Address>> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM addresses WHERE id = $1 AND user_id = $2"
    ))
    .bind(id)
    .bind(user_id)
    .fetch_optional(pool)
    .await?;
    Ok(row.as_ref().map(address))
}
