//! Coupon calls: the seller's coupons with the three filters the spec requires, published coupons to
//! claim, and claiming; the operator's issuing, publishing and list under `/jpmall/admin/coupons`
//! (the CLI takes the same steps).

use axum::extract::State;
use commands::clock::now;
use commands::coupons::{self, NewCoupon};
use commands::Refusal;
use domain::coupon::{CouponKind, Discount};
use domain::money::Fen;
use projections::coupons::{self as read, ClaimableView, CouponFilter, CouponView, CouponsPage};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::{CurrentUser, JsonBody, QueryArgs};
use crate::routes::catalog::Paging;
use crate::state::AppState;

const DAY_SECONDS: i64 = 86_400;

fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

#[derive(Deserialize, Default)]
pub struct ListBody {
    page: Option<i64>,
    pagesize: Option<i64>,
    #[serde(default, rename = "type")]
    kind: String,
    #[serde(default)]
    discount_type: String,
    #[serde(default)]
    status: String,
}

/// One of the three filters: required (spec §5), `all` or one of `allowed`.
fn chosen(
    value: &str,
    allowed: &[&str],
    key: &'static str,
    field: &'static str,
) -> Result<Option<String>, AppError> {
    match value.trim() {
        "" => Err(Refusal::new(key).on(field).into()),
        "all" => Ok(None),
        v if allowed.contains(&v) => Ok(Some(v.to_string())),
        _ => Err(Refusal::new(key).on(field).into()),
    }
}

pub async fn lists(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<ListBody>,
) -> ApiResult<CouponsPage> {
    let (page, pagesize) = Paging {
        page: body.page,
        pagesize: body.pagesize,
    }
    .checked()?;
    let filter = CouponFilter {
        user_id: Some(user.id.clone()),
        kind: chosen(
            &body.kind,
            &["product", "service", "shipping"],
            "coupon.type_required",
            "type",
        )?,
        discount_type: chosen(
            &body.discount_type,
            &["full_reduction", "discount"],
            "coupon.discount_type_required",
            "discount_type",
        )?,
        status: chosen(
            &body.status,
            &["unused", "used", "expired"],
            "coupon.status_required",
            "status",
        )?,
    };
    Ok(ok(
        read::list(&state.db.pool, &filter, page, pagesize, now()).await?
    ))
}

#[derive(Serialize)]
pub struct Claimable {
    list: Vec<ClaimableView>,
}

pub async fn claimable(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Claimable> {
    Ok(ok(Claimable {
        list: read::claimable(&state.db.pool, &user.id, now()).await?,
    }))
}

#[derive(Deserialize, Default)]
pub struct ClaimBody {
    #[serde(default)]
    template_id: Value,
}

#[derive(Serialize)]
pub struct Claimed {
    coupon: CouponView,
}

async fn coupon_answer(state: &AppState, id: &str) -> Result<CouponView, AppError> {
    read::one(&state.db.pool, id, now())
        .await?
        .ok_or(AppError::NotFound("request.not_found"))
}

pub async fn claim(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<ClaimBody>,
) -> ApiResult<Claimed> {
    let id = coupons::claim(
        &state.db,
        &state.coupons,
        &user.id,
        &text(&body.template_id),
        now(),
    )
    .await?;
    Ok(ok(Claimed {
        coupon: coupon_answer(&state, &id).await?,
    }))
}

// The operator's calls.

#[derive(Deserialize, Default, Clone)]
pub struct CouponBody {
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub name: String,
    #[serde(default, rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub discount_type: String,
    #[serde(default)]
    pub threshold: Value,
    #[serde(default)]
    pub amount: Value,
    #[serde(default)]
    pub percent_off: Value,
    pub valid_from: Option<i64>,
    pub valid_to: Option<i64>,
    #[serde(default)]
    pub quantity: Value,
}

fn money(value: &Value, field: &'static str, key: &'static str) -> Result<Fen, AppError> {
    let text = text(value);
    if text.is_empty() {
        return Ok(Fen::ZERO);
    }
    Fen::parse_yuan(&text).map_err(|_| Refusal::new(key).on(field).into())
}

impl CouponBody {
    /// The coupon as the domain takes it; its rules are checked when it is issued or published.
    pub fn coupon(&self) -> Result<NewCoupon, AppError> {
        let kind = CouponKind::from_code(self.kind.trim())
            .ok_or_else(|| AppError::from(Refusal::new("coupon.type_required").on("type")))?;
        let threshold = money(&self.threshold, "threshold", "coupon.threshold_negative")?;
        let discount = match self.discount_type.trim() {
            "full_reduction" => Discount::FullReduction {
                threshold,
                amount: money(&self.amount, "amount", "coupon.amount_not_positive")?,
            },
            "discount" => Discount::Percentage {
                threshold,
                percent_off: text(&self.percent_off)
                    .parse::<u8>()
                    .map_err(|_| Refusal::new("coupon.percent_out_of_range").on("percent_off"))?,
            },
            _ => {
                return Err(Refusal::new("coupon.discount_type_required")
                    .on("discount_type")
                    .into())
            }
        };
        let valid_from = self.valid_from.unwrap_or_else(now);
        let Some(valid_to) = self.valid_to else {
            return Err(Refusal::new("coupon.valid_to_required").on("valid_to").into());
        };
        Ok(NewCoupon {
            name: self.name.trim().to_string(),
            kind,
            discount,
            valid_from,
            valid_to,
        })
    }

    /// A validity from now for `days` days, as the CLI asks for it.
    pub fn for_days(mut self, days: i64) -> Self {
        let from = now();
        self.valid_from = Some(from);
        self.valid_to = Some(from + days * DAY_SECONDS);
        self
    }
}

async fn user_by_mobile(state: &AppState, mobile: &str) -> Result<String, AppError> {
    sqlx::query_scalar("SELECT id FROM users WHERE mobile = $1")
        .bind(mobile.trim())
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| Refusal::new("coupon.mobile_unknown").on("mobile").into())
}

/// Issues a coupon to the seller with `body.mobile`; answers it as the seller sees it.
pub async fn issue_coupon(state: &AppState, body: &CouponBody) -> Result<CouponView, AppError> {
    let user_id = user_by_mobile(state, &body.mobile).await?;
    let coupon = body.coupon()?;
    let id = coupons::issue(&state.coupons, &user_id, &coupon, "operator", now()).await?;
    coupon_answer(state, &id).await
}

pub async fn issue(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<CouponBody>,
) -> ApiResult<CouponView> {
    Ok(ok(issue_coupon(&state, &body).await?))
}

#[derive(Serialize)]
pub struct Published {
    template_id: String,
    name: String,
    quantity: i64,
}

pub async fn publish_coupon(state: &AppState, body: &CouponBody) -> Result<Published, AppError> {
    let coupon = body.coupon()?;
    let quantity = text(&body.quantity).parse::<i64>().unwrap_or(0);
    let template_id = coupons::publish(&state.db, &coupon, quantity, now()).await?;
    Ok(Published {
        template_id,
        name: coupon.name,
        quantity,
    })
}

pub async fn publish(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<CouponBody>,
) -> ApiResult<Published> {
    Ok(ok(publish_coupon(&state, &body).await?))
}

#[derive(Deserialize, Default)]
pub struct AdminListQuery {
    page: Option<i64>,
    pagesize: Option<i64>,
    #[serde(default)]
    mobile: String,
}

pub async fn admin_list(
    State(state): State<AppState>,
    QueryArgs(query): QueryArgs<AdminListQuery>,
) -> ApiResult<CouponsPage> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let user_id = if query.mobile.trim().is_empty() {
        None
    } else {
        Some(user_by_mobile(&state, &query.mobile).await?)
    };
    let filter = CouponFilter {
        user_id,
        ..CouponFilter::default()
    };
    Ok(ok(
        read::list(&state.db.pool, &filter, page, pagesize, now()).await?
    ))
}
