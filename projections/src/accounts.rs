//! Reads of accounts and sessions.

use serde::Serialize;
use sqlx::{AnyPool, Row};

#[derive(Debug, Clone, Serialize)]
pub struct User {
    pub id: String,
    pub username: String,
    pub nickname: String,
    pub avatar: String,
    pub mobile: String,
    pub qq: String,
    pub email: String,
}

const USER_COLUMNS: &str = "id, username, nickname, avatar, mobile, qq, email";

fn user(row: &sqlx::any::AnyRow) -> User {
    User {
        id: row.get("id"),
        username: row.get("username"),
        nickname: row.get("nickname"),
        avatar: row.get("avatar"),
        mobile: row.get("mobile"),
        qq: row.get("qq"),
        email: row.get("email"),
    }
}

/// Who a staff list row belongs to: the seller's phone masked as lists show it, and their name.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SellerBrief {
    pub mobile: String,
    pub name: String,
}

/// A staff list's row with whose it is.
#[derive(Debug, Clone, Serialize)]
pub struct WithSeller<T> {
    #[serde(flatten)]
    pub row: T,
    pub seller: SellerBrief,
}

/// The sellers of `user_ids` (one query for a page of rows); unknown ids are left out.
pub async fn sellers(
    pool: &AnyPool,
    user_ids: &[&str],
) -> sqlx::Result<std::collections::BTreeMap<String, SellerBrief>> {
    let mut ids: Vec<&str> = user_ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let mut found = std::collections::BTreeMap::new();
    for chunk in ids.chunks(200) {
        let marks: Vec<String> = (1..=chunk.len()).map(|n| format!("${n}")).collect();
        let sql = format!(
            "SELECT id, mobile, nickname FROM users WHERE id IN ({})",
            marks.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for id in chunk {
            query = query.bind(*id);
        }
        for row in query.fetch_all(pool).await? {
            let mobile: String = row.get("mobile");
            found.insert(
                row.get("id"),
                SellerBrief {
                    mobile: domain::accounts::mask_mobile(&mobile),
                    name: row.get("nickname"),
                },
            );
        }
    }
    Ok(found)
}

/// `rows` each with its seller (`user_id` of a row), for a staff list.
pub async fn with_sellers<T>(
    pool: &AnyPool,
    rows: Vec<T>,
    user_id: impl Fn(&T) -> &str,
) -> sqlx::Result<Vec<WithSeller<T>>> {
    let ids: Vec<&str> = rows.iter().map(&user_id).collect();
    let sellers = sellers(pool, &ids).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let seller = sellers.get(user_id(&row)).cloned().unwrap_or(SellerBrief {
                mobile: String::new(),
                name: String::new(),
            });
            WithSeller { row, seller }
        })
        .collect())
}

/// The condition "the row's `user_id` column belongs to a seller whose phone holds these digits",
/// at parameter `$n` (bind [`phone_pattern`] of the digits).
pub fn phone_condition(user_column: &str, n: usize) -> String {
    format!("{user_column} IN (SELECT id FROM users WHERE mobile LIKE ${n})")
}

/// What [`phone_condition`] binds for `digits` (digits only, so nothing to escape).
pub fn phone_pattern(digits: &str) -> String {
    format!("%{digits}%")
}

pub async fn user_by_id(pool: &AnyPool, id: &str) -> sqlx::Result<Option<User>> {
    let row = sqlx::query(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?;
    Ok(row.as_ref().map(user))
}

/// The user of a live session, by the stored hash of its token.
pub async fn session_user(pool: &AnyPool, token_hash: &str, now: i64) -> sqlx::Result<Option<String>> {
    let row = sqlx::query("SELECT user_id FROM sessions WHERE token_hash = $1 AND expires_at > $2")
        .bind(token_hash)
        .bind(now)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|r| r.get("user_id")))
}

#[derive(Debug, Clone, Serialize)]
pub struct AccountInfo {
    pub user: User,
    pub registered_at: i64,
    pub last_login_at: Option<i64>,
}

pub async fn account_info(pool: &AnyPool, id: &str) -> sqlx::Result<Option<AccountInfo>> {
    let row = sqlx::query(&format!(
        "SELECT {USER_COLUMNS}, created_at, last_login_at FROM users WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| AccountInfo {
        user: user(&r),
        registered_at: r.get("created_at"),
        last_login_at: r.get("last_login_at"),
    }))
}
