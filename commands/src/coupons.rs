//! Coupons: the operator issues them to a seller or publishes claimable ones; a seller claims a
//! published coupon once; checkout redeems the chosen coupons for the order (each coupon's queue
//! serialises its redemptions, so parallel checkouts redeem it once) and a cancelled order releases
//! them.

use domain::calendar::{china_stamp, DAY_SECONDS};
use domain::coupon::{validate_terms, Coupon, CouponCommand, CouponError, CouponKind, CouponTerms, Discount};
use domain::money::Fen;
use domain::order::Fees;
use sqlx::Row;

use crate::command_queue::{CommandQueue, Refuses};
use crate::error::{Error, Refusal};
use crate::Database;

/// A coupon's terms as a person typed them (the console's form, the CLI's flags): yuan and per cent
/// as text, the kind and the discount by their codes. `parse` makes the coupon or names the field
/// that is wrong; the coupon's own rules are checked when it is issued or published.
#[derive(Debug, Clone, Default)]
pub struct CouponDraft {
    pub name: String,
    pub name_en: String,
    /// `product`, `service` or `shipping`.
    pub kind: String,
    /// `full_reduction` or `discount`.
    pub discount_type: String,
    pub threshold: String,
    pub amount: String,
    pub percent_off: String,
    /// Unset: from `now`.
    pub valid_from: Option<i64>,
    pub valid_to: Option<i64>,
}

fn typed_yuan(text: &str, field: &'static str, key: &'static str) -> Result<Fen, Refusal> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Fen::ZERO);
    }
    Fen::parse_yuan(text).map_err(|_| Refusal::new(key).on(field))
}

impl CouponDraft {
    pub fn parse(&self, now: i64) -> Result<NewCoupon, Refusal> {
        let kind = CouponKind::from_code(self.kind.trim())
            .ok_or_else(|| Refusal::new("coupon.type_required").on("type"))?;
        let threshold = typed_yuan(&self.threshold, "threshold", "coupon.threshold_negative")?;
        let discount = match self.discount_type.trim() {
            "full_reduction" => Discount::FullReduction {
                threshold,
                amount: typed_yuan(&self.amount, "amount", "coupon.amount_not_positive")?,
            },
            "discount" => Discount::Percentage {
                threshold,
                percent_off: self
                    .percent_off
                    .trim()
                    .parse::<u8>()
                    .map_err(|_| Refusal::new("coupon.percent_out_of_range").on("percent_off"))?,
            },
            _ => return Err(Refusal::new("coupon.discount_type_required").on("discount_type")),
        };
        let Some(valid_to) = self.valid_to else {
            return Err(Refusal::new("coupon.valid_to_required").on("valid_to"));
        };
        Ok(NewCoupon {
            name: self.name.trim().to_string(),
            name_en: self.name_en.trim().to_string(),
            kind,
            discount,
            valid_from: self.valid_from.unwrap_or(now),
            valid_to,
        })
    }

    /// Valid from `now` for `days` days, as the CLI asks for it.
    pub fn for_days(mut self, days: i64, now: i64) -> Self {
        self.valid_from = Some(now);
        self.valid_to = Some(now + days * DAY_SECONDS);
        self
    }
}

/// Every coupon command goes through its queue (queued per coupon, conflicts retried).
pub type CouponQueue = CommandQueue<Coupon>;

impl Refuses for CouponError {
    fn refusal(&self) -> Refusal {
        let mut refusal = Refusal::new(self.key());
        refusal.field = self.field();
        refusal.params = self.params();
        refusal
    }
}

/// What a coupon gives and when, as the operator sets it.
#[derive(Debug, Clone)]
pub struct NewCoupon {
    pub name: String,
    /// Required of a new coupon; empty only in one claimed from a coupon published before English
    /// names.
    pub name_en: String,
    pub kind: CouponKind,
    pub discount: Discount,
    pub valid_from: i64,
    pub valid_to: i64,
}

impl NewCoupon {
    fn check(&self) -> Result<(), Error> {
        validate_terms(
            &self.name,
            &self.name_en,
            self.discount,
            self.valid_from,
            self.valid_to,
        )
        .map_err(|e| Error::from(e.refusal()))
    }
}

fn new_id(prefix: &str, now: i64) -> String {
    format!(
        "{prefix}{}{:06}",
        china_stamp(now),
        rand::random::<u32>() % 1_000_000
    )
}

/// Issues one coupon to `user_id` and answers its id.
pub async fn issue(
    queue: &CouponQueue,
    user_id: &str,
    coupon: &NewCoupon,
    source: &str,
    now: i64,
) -> Result<String, Error> {
    coupon.check()?;
    let id = new_id("CP", now);
    issue_as(queue, &id, user_id, coupon, source, now).await?;
    Ok(id)
}

async fn issue_as(
    queue: &CouponQueue,
    id: &str,
    user_id: &str,
    coupon: &NewCoupon,
    source: &str,
    now: i64,
) -> Result<(), Error> {
    queue
        .execute(
            id,
            CouponCommand::Issue {
                user_id: user_id.to_string(),
                name: coupon.name.clone(),
                name_en: coupon.name_en.clone(),
                kind: coupon.kind,
                discount: coupon.discount,
                valid_from: coupon.valid_from,
                valid_to: coupon.valid_to,
                source: source.to_string(),
                at: now,
            },
        )
        .await
}

/// Publishes a coupon `quantity` sellers can claim, one each; answers its template id.
pub async fn publish(db: &Database, coupon: &NewCoupon, quantity: i64, now: i64) -> Result<String, Error> {
    coupon.check()?;
    if quantity < 1 {
        return Err(Refusal::new("coupon.quantity_not_positive").on("quantity").into());
    }
    let id = new_id("CT", now);
    let (discount_type, threshold, amount, percent_off) = coupon.discount.columns();
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "INSERT INTO coupon_templates (id, name, kind, discount_type, threshold, amount, percent_off, valid_from, \
         valid_to, quantity, claimed, created_at, name_en) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $12)",
    )
    .bind(&id)
    .bind(coupon.name.trim())
    .bind(coupon.kind.code())
    .bind(discount_type)
    .bind(threshold)
    .bind(amount)
    .bind(percent_off)
    .bind(coupon.valid_from)
    .bind(coupon.valid_to)
    .bind(quantity)
    .bind(now)
    .bind(coupon.name_en.trim())
    .execute(&mut *tx)
    .await?;
    let detail = serde_json::json!({
        "name": coupon.name.trim(),
        "name_en": coupon.name_en.trim(),
        "quantity": quantity
    });
    crate::actor::record(
        &mut tx,
        crate::actor::Action {
            action: "coupon.publish",
            object_type: "coupon_template",
            object_id: &id,
            detail,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// A claim younger than this may still be issuing its coupon in a parallel request.
const CLAIM_GRACE_SECONDS: i64 = 60;

fn not_found() -> Error {
    Refusal::new("coupon.not_found").on("template_id").into()
}

/// Claims a published coupon for `user_id`: one per seller, while some are left and it is valid.
/// A claim whose coupon a crash left unissued is issued by claiming again.
pub async fn claim(
    db: &Database,
    queue: &CouponQueue,
    user_id: &str,
    template_id: &str,
    now: i64,
) -> Result<String, Error> {
    let template_id = template_id.trim();
    if template_id.is_empty() {
        return Err(not_found());
    }
    let row = sqlx::query(
        "SELECT name, kind, discount_type, threshold, amount, percent_off, valid_from, valid_to, name_en \
         FROM coupon_templates WHERE id = $1",
    )
    .bind(template_id)
    .fetch_optional(&db.pool)
    .await?
    .ok_or_else(not_found)?;
    let coupon = NewCoupon {
        name: row.get("name"),
        name_en: row.get("name_en"),
        kind: CouponKind::from_code(&row.get::<String, _>("kind")).ok_or_else(not_found)?,
        discount: Discount::from_columns(
            &row.get::<String, _>("discount_type"),
            row.get("threshold"),
            row.get("amount"),
            row.get("percent_off"),
        ),
        valid_from: row.get("valid_from"),
        valid_to: row.get("valid_to"),
    };
    let earlier = sqlx::query(
        "SELECT coupon_id, claimed_at FROM coupon_claims WHERE template_id = $1 AND user_id = $2",
    )
    .bind(template_id)
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    if let Some(row) = earlier {
        let coupon_id: String = row.get("coupon_id");
        let claimed_at: i64 = row.get("claimed_at");
        let issued: Coupon = db.load(&coupon_id).await?;
        // A claim still being issued by a parallel request is a claim all the same.
        if issued.user_id().is_some() || claimed_at + CLAIM_GRACE_SECONDS > now {
            return Err(Refusal::new("coupon.already_claimed").on("template_id").into());
        }
        issue_as(queue, &coupon_id, user_id, &coupon, template_id, now).await?;
        return Ok(coupon_id);
    }
    if now < coupon.valid_from || now > coupon.valid_to {
        return Err(Refusal::new("coupon.not_valid_now").on("template_id").into());
    }
    let coupon_id = new_id("CP", now);
    let mut tx = db.begin_write().await?;
    let taken =
        sqlx::query("UPDATE coupon_templates SET claimed = claimed + 1 WHERE id = $1 AND claimed < quantity")
            .bind(template_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if taken == 0 {
        return Err(Refusal::new("coupon.all_claimed").on("template_id").into());
    }
    let inserted = sqlx::query(
        "INSERT INTO coupon_claims (template_id, user_id, coupon_id, claimed_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (template_id, user_id) DO NOTHING",
    )
    .bind(template_id)
    .bind(user_id)
    .bind(&coupon_id)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if inserted == 0 {
        // A parallel claim of the same seller won; the transaction gives the count back.
        return Err(Refusal::new("coupon.already_claimed").on("template_id").into());
    }
    tx.commit().await?;
    issue_as(queue, &coupon_id, user_id, &coupon, template_id, now).await?;
    Ok(coupon_id)
}

fn coupon_refusal(key: &'static str) -> Error {
    Refusal::new(key).on("coupon_ids").into()
}

/// The terms of the coupons `user_id` chose for an order with `fees`, checked (at most one per kind,
/// the caller's own, unused or used by this order, valid, threshold reached) but not redeemed.
pub async fn chosen_terms(
    db: &Database,
    user_id: &str,
    coupon_ids: &[String],
    fees: &Fees,
    order_no: &str,
    now: i64,
) -> Result<Vec<CouponTerms>, Error> {
    let mut terms: Vec<CouponTerms> = Vec::with_capacity(coupon_ids.len());
    for id in coupon_ids {
        let id = id.trim();
        if id.is_empty() || terms.iter().any(|t| t.coupon_id == id) {
            continue;
        }
        let coupon: Coupon = db.load(id).await?;
        if coupon.user_id() != Some(user_id) {
            return Err(coupon_refusal("coupon.not_found"));
        }
        let Some(found) = coupon.terms(id) else {
            return Err(coupon_refusal("coupon.not_found"));
        };
        if terms.iter().any(|t| t.kind == found.kind) {
            return Err(coupon_refusal("coupon.kind_twice"));
        }
        coupon
            .check_redeem(order_no, fees.coupon_base(found.kind), now)
            .map_err(|e| Error::from(e.refusal()))?;
        terms.push(found);
    }
    Ok(terms)
}

/// Redeems each chosen coupon for `order_no`; if one is refused (used meanwhile by a parallel
/// checkout), the ones already redeemed are released and the refusal is answered.
pub async fn redeem(
    queue: &CouponQueue,
    terms: &[CouponTerms],
    fees: &Fees,
    order_no: &str,
    now: i64,
) -> Result<(), Error> {
    for (n, t) in terms.iter().enumerate() {
        let redeemed = queue
            .execute(
                &t.coupon_id,
                CouponCommand::Redeem {
                    order_no: order_no.to_string(),
                    base: fees.coupon_base(t.kind),
                    at: now,
                },
            )
            .await;
        if let Err(error) = redeemed {
            let ids: Vec<String> = terms[..n].iter().map(|t| t.coupon_id.clone()).collect();
            release(queue, &ids, order_no, now).await;
            return Err(error);
        }
    }
    Ok(())
}

/// Releases the coupons `order_no` redeemed; a failure is logged and settled at the next start.
pub async fn release(queue: &CouponQueue, coupon_ids: &[String], order_no: &str, now: i64) {
    for id in coupon_ids {
        let released = queue
            .execute(
                id,
                CouponCommand::Release {
                    order_no: order_no.to_string(),
                    at: now,
                },
            )
            .await;
        if let Err(error) = released {
            tracing::error!(
                coupon_id = id,
                order_no,
                "coupon not released (settled at the next start): {error:#}"
            );
        }
    }
}

/// Releases coupons still redeemed by a cancelled order, or by an order that was never placed
/// (`grace_seconds` after redemption: a checkout may still be placing it).
pub async fn settle_coupons(
    db: &Database,
    queue: &CouponQueue,
    grace_seconds: i64,
    now: i64,
) -> Result<usize, Error> {
    let rows = sqlx::query(
        "SELECT c.id, c.order_no, c.used_at, o.status FROM coupons c LEFT JOIN orders o ON o.order_no = c.order_no \
         WHERE c.status = 'used'",
    )
    .fetch_all(&db.pool)
    .await?;
    let mut settled = 0;
    for row in rows {
        let id: String = row.get("id");
        let order_no: String = row.get("order_no");
        let used_at: i64 = row.get("used_at");
        let status: Option<String> = row.get("status");
        let stale = match status.as_deref() {
            Some("cancelled") => true,
            None => {
                used_at + grace_seconds <= now
                    && sqlx::query(
                        "SELECT 1 FROM events WHERE aggregate_type = 'order' AND aggregate_id = $1",
                    )
                    .bind(&order_no)
                    .fetch_optional(&db.pool)
                    .await?
                    .is_none()
            }
            Some(_) => false,
        };
        if stale {
            release(queue, std::slice::from_ref(&id), &order_no, now).await;
            settled += 1;
        }
    }
    Ok(settled)
}
