//! Announcements the operator publishes: rows of `notices`, shown on the home page and in the notice
//! list (pinned first, then newest). A missing English title or content shows the Chinese one.

use crate::error::{Error, Refusal};
use crate::Database;

/// What the operator writes.
#[derive(Debug, Clone, Default)]
pub struct NewNotice {
    pub title: String,
    pub content: String,
    pub title_en: String,
    pub content_en: String,
    pub pinned: bool,
}

pub const MAX_TITLE_CHARS: usize = 80;
pub const MAX_CONTENT_CHARS: usize = 5000;

fn internal(e: sqlx::Error) -> Error {
    Error::Internal(e.into())
}

/// Publishes an announcement now; answers its id.
pub async fn publish(db: &Database, notice: NewNotice, now: i64) -> Result<String, Error> {
    let title = notice.title.trim();
    let content = notice.content.trim();
    if title.is_empty() {
        return Err(Refusal::new("notice.title_required").on("title").into());
    }
    if content.is_empty() {
        return Err(Refusal::new("notice.content_required").on("content").into());
    }
    for (text, field) in [(title, "title"), (notice.title_en.trim(), "title_en")] {
        if text.chars().count() > MAX_TITLE_CHARS {
            return Err(Refusal::new("notice.title_too_long")
                .on(field)
                .with("max", MAX_TITLE_CHARS)
                .into());
        }
    }
    for (text, field) in [(content, "content"), (notice.content_en.trim(), "content_en")] {
        if text.chars().count() > MAX_CONTENT_CHARS {
            return Err(Refusal::new("notice.content_too_long")
                .on(field)
                .with("max", MAX_CONTENT_CHARS)
                .into());
        }
    }
    let or_chinese = |english: &str, chinese: &str| {
        let english = english.trim();
        if english.is_empty() {
            chinese.to_string()
        } else {
            english.to_string()
        }
    };
    let id = format!("N{}{:04}", now, rand::random::<u16>() % 10_000);
    let mut tx = db.begin_write().await.map_err(internal)?;
    sqlx::query(
        "INSERT INTO notices (id, title_zh, title_en, content_zh, content_en, pinned, published_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&id)
    .bind(title)
    .bind(or_chinese(&notice.title_en, title))
    .bind(content)
    .bind(or_chinese(&notice.content_en, content))
    .bind(notice.pinned)
    .bind(now)
    .execute(&mut *tx)
    .await
    .map_err(internal)?;
    let detail = serde_json::json!({"title": title, "pinned": notice.pinned});
    record(&mut tx, "notice.publish", &id, detail).await?;
    tx.commit().await.map_err(internal)?;
    Ok(id)
}

/// Takes an announcement down; answers whether it existed.
pub async fn withdraw(db: &Database, id: &str) -> Result<bool, Error> {
    let mut tx = db.begin_write().await.map_err(internal)?;
    let gone = sqlx::query("DELETE FROM notices WHERE id = $1")
        .bind(id.trim())
        .execute(&mut *tx)
        .await
        .map_err(internal)?
        .rows_affected();
    if gone == 1 {
        record(&mut tx, "notice.withdraw", id.trim(), serde_json::json!({})).await?;
    }
    tx.commit().await.map_err(internal)?;
    Ok(gone == 1)
}

async fn record(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    action: &str,
    id: &str,
    detail: serde_json::Value,
) -> Result<(), Error> {
    crate::actor::record(
        tx,
        crate::actor::Action {
            action,
            object_type: "notice",
            object_id: id,
            detail,
        },
    )
    .await
    .map_err(internal)
}
