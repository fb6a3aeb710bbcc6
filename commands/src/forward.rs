//! Drop-shipping settings: what checkout fills in by default.

use domain::address::phone_ok;
use domain::order::{Courier, QcLevel};

use crate::error::{Error, Refusal};
use crate::Database;

#[derive(Debug, Clone, PartialEq, Eq)]
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
            courier: Courier::Zto.code().into(),
            qc_level: QcLevel::None.code().into(),
            shipping_priority: "together".into(),
            remark_template: String::new(),
        }
    }
}

fn validate(s: &ForwardSettings) -> Result<(), Refusal> {
    if s.sender_name.chars().count() > 30 {
        return Err(Refusal::new("forward.sender_name_too_long").on("sender_name"));
    }
    if !s.sender_phone.is_empty() && !phone_ok(&s.sender_phone) {
        return Err(Refusal::new("address.phone_invalid").on("sender_phone"));
    }
    if Courier::from_code(&s.courier).is_none() {
        return Err(Refusal::new("forward.courier_unknown").on("courier"));
    }
    if QcLevel::from_code(&s.qc_level).is_none() {
        return Err(Refusal::new("forward.qc_level_unknown").on("qc_level"));
    }
    if !["together", "split"].contains(&s.shipping_priority.as_str()) {
        return Err(Refusal::new("forward.priority_unknown").on("shipping_priority"));
    }
    if s.remark_template.chars().count() > 200 {
        return Err(Refusal::new("forward.remark_too_long").on("remark_template"));
    }
    Ok(())
}

pub async fn save(db: &Database, user_id: &str, settings: ForwardSettings, now: i64) -> Result<(), Error> {
    let s = ForwardSettings {
        sender_name: settings.sender_name.trim().into(),
        sender_phone: settings.sender_phone.trim().into(),
        courier: settings.courier.trim().into(),
        qc_level: settings.qc_level.trim().into(),
        shipping_priority: settings.shipping_priority.trim().into(),
        remark_template: settings.remark_template.trim().into(),
    };
    validate(&s)?;
    sqlx::query(
        "INSERT INTO forward_settings (user_id, sender_name, sender_phone, courier, qc_level, shipping_priority, remark_template, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id) DO UPDATE SET sender_name = excluded.sender_name, \
         sender_phone = excluded.sender_phone, courier = excluded.courier, qc_level = excluded.qc_level, \
         shipping_priority = excluded.shipping_priority, remark_template = excluded.remark_template, updated_at = excluded.updated_at",
    )
    .bind(user_id)
    .bind(&s.sender_name)
    .bind(&s.sender_phone)
    .bind(&s.courier)
    .bind(&s.qc_level)
    .bind(&s.shipping_priority)
    .bind(&s.remark_template)
    .bind(now)
    .execute(&db.pool)
    .await
    .map_err(|e| Error::Internal(e.into()))?;
    Ok(())
}
