//! Coupons issued to a seller or published for claiming, as the console and `jpmall ops coupon` do it.

use commands::clock::now;
use commands::coupons::{self, CouponDraft};
use commands::Refusal;
use serde::Serialize;

use crate::error::AppError;
use crate::state::AppState;

pub async fn user_by_mobile(state: &AppState, mobile: &str) -> Result<String, AppError> {
    sqlx::query_scalar("SELECT id FROM users WHERE mobile = $1")
        .bind(mobile.trim())
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| Refusal::new("coupon.mobile_unknown").on("mobile").into())
}

/// Issues a coupon to the seller with this phone number; answers the coupon's id.
pub async fn issue(state: &AppState, mobile: &str, draft: &CouponDraft) -> Result<String, AppError> {
    let user_id = user_by_mobile(state, mobile).await?;
    let coupon = draft.parse(now())?;
    Ok(coupons::issue(&state.coupons, &user_id, &coupon, domain::coupon::OPERATOR, now()).await?)
}

#[derive(Serialize)]
pub struct Published {
    pub template_id: String,
    pub name: String,
    pub name_en: String,
    pub quantity: i64,
}

/// Publishes `quantity` coupons sellers claim one each.
pub async fn publish(state: &AppState, draft: &CouponDraft, quantity: i64) -> Result<Published, AppError> {
    let coupon = draft.parse(now())?;
    let template_id = coupons::publish(&state.db, &coupon, quantity, now()).await?;
    Ok(Published {
        template_id,
        name: coupon.name,
        name_en: coupon.name_en,
        quantity,
    })
}
