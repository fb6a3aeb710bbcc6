//! Reads of the drop-shipping settings.

use serde::Serialize;
use sqlx::{AnyPool, Row};

/// A user's settings; the defaults until the user saves them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ForwardSettings {
    pub sender_name: String,
    pub sender_phone: String,
    pub courier: String,
    pub qc_level: String,
    pub shipping_priority: String,
    pub remark_template: String,
}

impl Default for ForwardSettings {
    fn default() -> Self {
        Self {
            sender_name: String::new(),
            sender_phone: String::new(),
            courier: domain::order::Courier::Zto.code().into(),
            qc_level: domain::order::QcLevel::None.code().into(),
            shipping_priority: "together".into(),
            remark_template: String::new(),
        }
    }
}

pub async fn settings_of(pool: &AnyPool, user_id: &str) -> sqlx::Result<ForwardSettings> {
    let row = sqlx::query(
        "SELECT sender_name, sender_phone, courier, qc_level, shipping_priority, remark_template \
         FROM forward_settings WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(pool)
    .await?;
    Ok(row
        .map(|r| ForwardSettings {
            sender_name: r.get("sender_name"),
            sender_phone: r.get("sender_phone"),
            courier: r.get("courier"),
            qc_level: r.get("qc_level"),
            shipping_priority: r.get("shipping_priority"),
            remark_template: r.get("remark_template"),
        })
        .unwrap_or_default())
}
