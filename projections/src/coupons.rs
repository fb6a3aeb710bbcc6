//! The coupons read model: one row per issued coupon, used or not (expiry is read from `valid_to`),
//! and the queries of the coupons screen, the checkout picker and the operator.

use async_trait::async_trait;
use cqrs_es::EventEnvelope;
use domain::coupon::{Coupon, CouponEvent, CouponKind, Discount};
use domain::money::Fen;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

use std::collections::HashMap;

use crate::bulk::{JsonUpdate, Rows};
use crate::{Carry, Projection};

pub struct CouponBook;

#[async_trait]
impl Projection for CouponBook {
    type Aggregate = Coupon;
    const NAME: &'static str = "coupons";
    const TABLES: &'static [&'static str] = &["coupons"];

    async fn apply(&self, conn: &mut AnyConnection, envelope: &EventEnvelope<Coupon>) -> sqlx::Result<()> {
        let id = envelope.aggregate_id.as_str();
        match &envelope.payload {
            CouponEvent::CouponIssued { .. } => {
                let mut rows = coupon_rows();
                push_issued(&mut rows, &envelope.payload, &Use::after_release(id));
                rows.write(conn).await?;
            }
            CouponEvent::CouponRedeemed { order_no, at, .. } => {
                sqlx::query("UPDATE coupons SET status = 'used', order_no = $2, used_at = $3 WHERE id = $1")
                    .bind(id)
                    .bind(order_no)
                    .bind(at)
                    .execute(&mut *conn)
                    .await?;
            }
            CouponEvent::CouponReleased { .. } => {
                sqlx::query("UPDATE coupons SET status = 'unused', order_no = '', used_at = 0 WHERE id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
            }
        }
        Ok(())
    }

    /// A page folded per coupon: those issued in it are inserted as their last event left them,
    /// the others take their last use in one bulk update.
    async fn replay(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<Coupon>],
        _carry: &mut Carry,
    ) -> sqlx::Result<()> {
        let mut issued: Vec<(&EventEnvelope<Coupon>, Use)> = Vec::new();
        let mut fresh: HashMap<&str, usize> = HashMap::new();
        let mut later: HashMap<&str, Use> = HashMap::new();
        for envelope in events {
            let id = envelope.aggregate_id.as_str();
            let Some(used) = Use::after(id, &envelope.payload) else {
                fresh.insert(id, issued.len());
                issued.push((envelope, Use::after_release(id)));
                continue;
            };
            match fresh.get(id) {
                Some(&n) => issued[n].1 = used,
                None => {
                    later.insert(id, used);
                }
            }
        }
        let mut rows = coupon_rows();
        for (envelope, used) in issued {
            push_issued(&mut rows, &envelope.payload, &used);
        }
        rows.write(conn).await?;
        let later: Vec<Use> = later.into_values().collect();
        if !later.is_empty() {
            let set = [
                "status = p.status",
                "order_no = p.order_no",
                "used_at = p.used_at",
            ]
            .map(String::from);
            JsonUpdate::new(
                "coupons",
                "id",
                &[
                    ("id", "text"),
                    ("status", "text"),
                    ("order_no", "text"),
                    ("used_at", "bigint"),
                ],
                &set,
            )
            .write(conn, &later)
            .await?;
        }
        Ok(())
    }
}

fn coupon_rows() -> Rows {
    Rows::new(&format!("coupons ({INSERTED})"), "")
}

/// The row of an issued coupon, with the use its later events left it in; nothing for another
/// event.
fn push_issued(rows: &mut Rows, event: &CouponEvent, used: &Use) {
    let CouponEvent::CouponIssued {
        user_id,
        name,
        name_en,
        kind,
        discount,
        valid_from,
        valid_to,
        source,
        at,
    } = event
    else {
        return;
    };
    let (discount_type, threshold, amount, percent_off) = discount.columns();
    rows.push([
        used.id.as_str().into(),
        user_id.into(),
        name.into(),
        kind.code().into(),
        discount_type.into(),
        threshold.into(),
        amount.into(),
        percent_off.into(),
        (*valid_from).into(),
        (*valid_to).into(),
        source.into(),
        used.status.into(),
        used.order_no.as_str().into(),
        (*at).into(),
        used.used_at.into(),
        name_en.into(),
    ]);
}

const INSERTED: &str = "id, user_id, name, kind, discount_type, threshold, amount, percent_off, valid_from, \
    valid_to, source, status, order_no, issued_at, used_at, name_en";

/// A coupon's use as an event leaves it.
#[derive(Debug, Serialize)]
struct Use {
    id: String,
    status: &'static str,
    order_no: String,
    used_at: i64,
}

impl Use {
    /// What a redemption or a release leaves; `None` for the issue.
    fn after(id: &str, event: &CouponEvent) -> Option<Self> {
        match event {
            CouponEvent::CouponIssued { .. } => None,
            CouponEvent::CouponRedeemed { order_no, at, .. } => Some(Self {
                id: id.to_string(),
                status: "used",
                order_no: order_no.clone(),
                used_at: *at,
            }),
            CouponEvent::CouponReleased { .. } => Some(Self::after_release(id)),
        }
    }

    fn after_release(id: &str) -> Self {
        Self {
            id: id.to_string(),
            status: "unused",
            order_no: String::new(),
            used_at: 0,
        }
    }
}

/// A coupon's names and terms: what a reader's name for it is made of (the API renders it in the
/// request's language: the English name, or for a coupon issued without one a name built from its
/// terms).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponNaming {
    pub name: String,
    pub name_en: String,
    pub kind: CouponKind,
    pub discount: Discount,
}

#[derive(Debug, Clone, Serialize)]
pub struct CouponView {
    pub id: String,
    pub user_id: String,
    /// In the request's language, set by the API; the Chinese name until then.
    pub name: String,
    /// The names as issued; `name_en` is empty for coupons issued before English names.
    pub name_zh: String,
    pub name_en: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub discount_type: String,
    pub threshold: String,
    pub amount: String,
    pub percent_off: i64,
    pub valid_from: i64,
    pub valid_to: i64,
    pub status: String,
    pub order_no: String,
    pub issued_at: i64,
    pub used_at: Option<i64>,
    /// What it would take off the order being checked out (the checkout picker only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discount: Option<String>,
}

impl ClaimableView {
    pub fn naming(&self) -> Option<CouponNaming> {
        let (kind, discount) = terms_of(
            &self.kind,
            &self.discount_type,
            &self.threshold,
            &self.amount,
            self.percent_off,
        )?;
        Some(CouponNaming {
            name: self.name_zh.clone(),
            name_en: self.name_en.clone(),
            kind,
            discount,
        })
    }
}

impl CouponView {
    pub fn terms(&self) -> Option<(CouponKind, Discount)> {
        terms_of(
            &self.kind,
            &self.discount_type,
            &self.threshold,
            &self.amount,
            self.percent_off,
        )
    }

    pub fn naming(&self) -> Option<CouponNaming> {
        let (kind, discount) = self.terms()?;
        Some(CouponNaming {
            name: self.name_zh.clone(),
            name_en: self.name_en.clone(),
            kind,
            discount,
        })
    }
}

fn terms_of(
    kind: &str,
    discount_type: &str,
    threshold: &str,
    amount: &str,
    percent_off: i64,
) -> Option<(CouponKind, Discount)> {
    let kind = CouponKind::from_code(kind)?;
    let threshold = Fen::parse_yuan(threshold).ok()?;
    let discount = if discount_type == "discount" {
        Discount::Percentage {
            threshold,
            percent_off: u8::try_from(percent_off).ok()?,
        }
    } else {
        Discount::FullReduction {
            threshold,
            amount: Fen::parse_yuan(amount).ok()?,
        }
    };
    Some((kind, discount))
}

/// The names and terms of the coupons `ids` (an order's coupon lines, coupon messages), by id; ids
/// of no coupon are left out.
pub async fn namings(pool: &AnyPool, ids: &[String]) -> sqlx::Result<HashMap<String, CouponNaming>> {
    let mut found = HashMap::new();
    let mut ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    ids.sort_unstable();
    ids.dedup();
    for chunk in ids.chunks(500) {
        let marks: Vec<String> = (1..=chunk.len()).map(|n| format!("${n}")).collect();
        let sql = format!(
            "SELECT id, name, name_en, kind, discount_type, threshold, amount, percent_off FROM coupons \
             WHERE id IN ({})",
            marks.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for id in chunk {
            query = query.bind(*id);
        }
        for r in query.fetch_all(pool).await? {
            let Some(kind) = CouponKind::from_code(&r.get::<String, _>("kind")) else {
                continue;
            };
            found.insert(
                r.get("id"),
                CouponNaming {
                    name: r.get("name"),
                    name_en: r.get("name_en"),
                    kind,
                    discount: Discount::from_columns(
                        &r.get::<String, _>("discount_type"),
                        r.get("threshold"),
                        r.get("amount"),
                        r.get("percent_off"),
                    ),
                },
            );
        }
    }
    Ok(found)
}

const COLUMNS: &str =
    "id, user_id, name, kind, discount_type, threshold, amount, percent_off, valid_from, valid_to, \
    status, order_no, issued_at, used_at, name_en";

fn coupon_of(r: &AnyRow, now: i64) -> CouponView {
    let status: String = r.get("status");
    let valid_to: i64 = r.get("valid_to");
    let used_at: i64 = r.get("used_at");
    CouponView {
        id: r.get("id"),
        user_id: r.get("user_id"),
        name: r.get("name"),
        name_zh: r.get("name"),
        name_en: r.get("name_en"),
        kind: r.get("kind"),
        discount_type: r.get("discount_type"),
        threshold: Fen(r.get("threshold")).to_yuan(),
        amount: Fen(r.get("amount")).to_yuan(),
        percent_off: r.get("percent_off"),
        valid_from: r.get("valid_from"),
        valid_to,
        status: if status == "unused" && valid_to < now {
            "expired".into()
        } else {
            status
        },
        order_no: r.get("order_no"),
        issued_at: r.get("issued_at"),
        used_at: (used_at > 0).then_some(used_at),
        discount: None,
    }
}

/// What the coupons screen is narrowed to; `None` is "all".
#[derive(Debug, Clone, Default)]
pub struct CouponFilter {
    pub user_id: Option<String>,
    pub kind: Option<String>,
    pub discount_type: Option<String>,
    /// unused | used | expired
    pub status: Option<String>,
    /// Digits of the seller's phone (the operator's search; see `domain::accounts::phone_search`).
    pub mobile: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct CouponCounts {
    pub unused: i64,
    pub used: i64,
    pub expired: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct CouponsPage {
    pub list: Vec<CouponView>,
    pub total: i64,
    pub page: i64,
    pub pagesize: i64,
    pub counts: CouponCounts,
}

fn status_condition(status: &str, now_param: usize) -> String {
    match status {
        "used" => "status = 'used'".into(),
        "expired" => format!("status = 'unused' AND valid_to < ${now_param}"),
        _ => format!("status = 'unused' AND valid_to >= ${now_param}"),
    }
}

pub async fn list(
    pool: &AnyPool,
    filter: &CouponFilter,
    page: i64,
    pagesize: i64,
    now: i64,
) -> sqlx::Result<CouponsPage> {
    let mut parts = Vec::new();
    let mut binds: Vec<String> = Vec::new();
    for (column, value) in [
        ("user_id", &filter.user_id),
        ("kind", &filter.kind),
        ("discount_type", &filter.discount_type),
    ] {
        if let Some(value) = value {
            binds.push(value.clone());
            parts.push(format!("{column} = ${}", binds.len()));
        }
    }
    if let Some(digits) = filter.mobile.as_deref().filter(|d| !d.is_empty()) {
        binds.push(crate::accounts::phone_pattern(digits));
        parts.push(crate::accounts::phone_condition("user_id", binds.len()));
    }
    let now_param = binds.len() + 1;
    let base = if parts.is_empty() {
        "1 = 1".to_string()
    } else {
        parts.join(" AND ")
    };
    let mut counts = CouponCounts::default();
    for (status, slot) in [
        ("unused", &mut counts.unused),
        ("used", &mut counts.used),
        ("expired", &mut counts.expired),
    ] {
        let sql = format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM coupons WHERE {base} AND {}",
            status_condition(status, now_param)
        );
        let mut query = sqlx::query_scalar::<_, i64>(&sql);
        for b in &binds {
            query = query.bind(b.as_str());
        }
        *slot = query.bind(now).fetch_one(pool).await?;
    }
    let (condition, total) = match filter.status.as_deref() {
        Some(status) => (
            status_condition(status, now_param),
            match status {
                "used" => counts.used,
                "expired" => counts.expired,
                _ => counts.unused,
            },
        ),
        None => ("1 = 1".to_string(), counts.unused + counts.used + counts.expired),
    };
    let sql = format!(
        "SELECT {COLUMNS} FROM coupons WHERE {base} AND {condition} ORDER BY issued_at DESC, id DESC LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    );
    let mut query = sqlx::query(&sql);
    for b in &binds {
        query = query.bind(b.as_str());
    }
    if filter.status.is_some() {
        query = query.bind(now);
    }
    let list = query
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| coupon_of(r, now))
        .collect();
    Ok(CouponsPage {
        list,
        total,
        page,
        pagesize,
        counts,
    })
}

/// The caller's unused coupons not expired at `now` (valid already or later), soonest to end first:
/// what the checkout offers, or says why it cannot.
pub async fn unexpired(pool: &AnyPool, user_id: &str, now: i64) -> sqlx::Result<Vec<CouponView>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM coupons WHERE user_id = $1 AND status = 'unused' AND valid_to >= $2 \
         ORDER BY valid_to, issued_at DESC, id DESC"
    );
    Ok(sqlx::query(&sql)
        .bind(user_id)
        .bind(now)
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| coupon_of(r, now))
        .collect())
}

pub async fn one(pool: &AnyPool, id: &str, now: i64) -> sqlx::Result<Option<CouponView>> {
    let sql = format!("SELECT {COLUMNS} FROM coupons WHERE id = $1");
    Ok(sqlx::query(&sql)
        .bind(id)
        .fetch_optional(pool)
        .await?
        .map(|r| coupon_of(&r, now)))
}

#[derive(Debug, Clone, Serialize)]
pub struct ClaimableView {
    pub template_id: String,
    /// In the request's language, set by the API; the Chinese name until then.
    pub name: String,
    pub name_zh: String,
    /// Empty for coupons published before English names.
    pub name_en: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub discount_type: String,
    pub threshold: String,
    pub amount: String,
    pub percent_off: i64,
    pub valid_from: i64,
    pub valid_to: i64,
    pub remaining: i64,
}

/// Published coupons valid now, with some left, that `user_id` has not claimed.
pub async fn claimable(pool: &AnyPool, user_id: &str, now: i64) -> sqlx::Result<Vec<ClaimableView>> {
    Ok(sqlx::query(
        "SELECT t.id, t.name, t.kind, t.discount_type, t.threshold, t.amount, t.percent_off, t.valid_from, t.valid_to, \
         t.quantity - t.claimed AS remaining, t.name_en FROM coupon_templates t \
         WHERE t.valid_from <= $2 AND t.valid_to >= $2 AND t.claimed < t.quantity \
         AND NOT EXISTS (SELECT 1 FROM coupon_claims c WHERE c.template_id = t.id AND c.user_id = $1) \
         ORDER BY t.created_at DESC, t.id DESC LIMIT 100",
    )
    .bind(user_id)
    .bind(now)
    .fetch_all(pool)
    .await?
    .iter()
    .map(|r| ClaimableView {
        template_id: r.get("id"),
        name: r.get("name"),
        name_zh: r.get("name"),
        name_en: r.get("name_en"),
        kind: r.get("kind"),
        discount_type: r.get("discount_type"),
        threshold: Fen(r.get("threshold")).to_yuan(),
        amount: Fen(r.get("amount")).to_yuan(),
        percent_off: r.get("percent_off"),
        valid_from: r.get("valid_from"),
        valid_to: r.get("valid_to"),
        remaining: r.get("remaining"),
    })
    .collect())
}
