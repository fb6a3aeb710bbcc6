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
