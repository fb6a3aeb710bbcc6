//! Stored shipping labels (`commands::labels` writes them).

use sqlx::{AnyPool, Row};

#[derive(Debug, Clone)]
pub struct LabelRow {
    pub id: String,
    pub user_id: String,
    pub file_name: String,
    pub content_type: String,
    pub size: i64,
}

pub async fn label(pool: &AnyPool, id: &str) -> Result<Option<LabelRow>, sqlx::Error> {
    let row = sqlx::query("SELECT id, user_id, file_name, content_type, size FROM labels WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|r| LabelRow {
        id: r.get("id"),
        user_id: r.get("user_id"),
        file_name: r.get("file_name"),
        content_type: r.get("content_type"),
        size: r.get("size"),
    }))
}
