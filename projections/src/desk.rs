//! What the service, finance and marketing desks and the console's home read beyond the queues:
//! the day's payouts and the withdrawals to pay, the published coupons with their take-up, the announcements on show, today's
//! figures and the 30-day trend.

use std::collections::BTreeMap;

use domain::calendar::{china_day, china_day_start, civil_from_days, DAY_SECONDS};
use domain::money::Fen;
use serde::Serialize;
use sqlx::{AnyPool, Row};

use crate::catalog::Page;
use crate::wallet::{withdrawal_row, WithdrawalRow, WITHDRAWAL_COLUMNS, WITHDRAWAL_FROM};

/// Withdrawals paid on China day `day`, in the order they were paid.
pub async fn payouts_of_day(pool: &AnyPool, day: i64) -> sqlx::Result<Vec<WithdrawalRow>> {
    let from = china_day_start(day);
    let rows = sqlx::query(&format!(
        "SELECT {WITHDRAWAL_COLUMNS} {WITHDRAWAL_FROM} \
         WHERE w.status = 'paid' AND w.decided_at >= $1 AND w.decided_at < $2 ORDER BY w.decided_at, w.id"
    ))
    .bind(from)
    .bind(from + DAY_SECONDS)
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(withdrawal_row).collect())
}

/// The most withdrawals one to-pay sheet lists: a day's queue is far shorter, and a workbook of this
/// many rows is still small.
pub const TO_PAY_LIMIT: i64 = 5_000;

/// Withdrawals waiting to be paid, oldest first (the order finance pays them in).
pub async fn withdrawals_to_pay(pool: &AnyPool) -> sqlx::Result<Vec<WithdrawalRow>> {
    let rows = sqlx::query(&format!(
        "SELECT {WITHDRAWAL_COLUMNS} {WITHDRAWAL_FROM} \
         WHERE w.status = 'pending' ORDER BY w.requested_at, w.sequence, w.id LIMIT {TO_PAY_LIMIT}"
    ))
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(withdrawal_row).collect())
}

#[derive(Debug, Clone, Serialize)]
pub struct TemplateView {
    pub template_id: String,
    pub name: String,
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
    pub quantity: i64,
    pub claimed: i64,
    /// Claimed coupons an order has redeemed.
    pub used: i64,
    pub created_at: i64,
}

/// Published coupons, newest first, with how many were claimed and used.
pub async fn coupon_templates(pool: &AnyPool, page: i64, pagesize: i64) -> sqlx::Result<Page<TemplateView>> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM coupon_templates")
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT t.id, t.name, t.kind, t.discount_type, t.threshold, t.amount, t.percent_off, t.valid_from, t.valid_to, \
         t.quantity, t.claimed, t.created_at, \
         (SELECT COUNT(*) FROM coupon_claims c JOIN coupons k ON k.id = c.coupon_id \
          WHERE c.template_id = t.id AND k.status = 'used') AS used, t.name_en \
         FROM coupon_templates t ORDER BY t.created_at DESC, t.id DESC LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .fetch_all(pool)
    .await?;
    Ok(Page {
        list: rows
            .iter()
            .map(|r| TemplateView {
                template_id: r.get("id"),
                name: r.get("name"),
                name_en: r.get("name_en"),
                kind: r.get("kind"),
                discount_type: r.get("discount_type"),
                threshold: Fen(r.get("threshold")).to_yuan(),
                amount: Fen(r.get("amount")).to_yuan(),
                percent_off: r.get("percent_off"),
                valid_from: r.get("valid_from"),
                valid_to: r.get("valid_to"),
                quantity: r.get("quantity"),
                claimed: r.get("claimed"),
                created_at: r.get("created_at"),
                used: r.get("used"),
            })
            .collect(),
        total,
        page,
        pagesize,
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct StaffNotice {
    pub id: String,
    pub title: String,
    pub title_en: String,
    pub content: String,
    pub content_en: String,
    pub pinned: bool,
    pub published_at: i64,
}

/// The announcements on show, both languages, pinned first then newest.
pub async fn notices(pool: &AnyPool, page: i64, pagesize: i64) -> sqlx::Result<Page<StaffNotice>> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM notices")
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT id, title_zh, title_en, content_zh, content_en, CASE WHEN pinned THEN 1 ELSE 0 END AS pinned, published_at \
         FROM notices ORDER BY pinned DESC, published_at DESC, id LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .fetch_all(pool)
    .await?;
    Ok(Page {
        list: rows
            .iter()
            .map(|r| StaffNotice {
                id: r.get("id"),
                title: r.get("title_zh"),
                title_en: r.get("title_en"),
                content: r.get("content_zh"),
                content_en: r.get("content_en"),
                pinned: r.get::<i64, _>("pinned") == 1,
                published_at: r.get("published_at"),
            })
            .collect(),
        total,
        page,
        pagesize,
    })
}

/// Today's orders (China day): placed, money paid, parcels shipped.
/// What the service desk sees of an after-sale's order: its status and the parcel it left in
/// (courier code and tracking number "" and `shipped_at` 0 before it shipped), the number it
/// quotes to the courier when it intercepts. Not the buyer's address: the desk holds no orders.read.
#[derive(Debug, Clone, Serialize)]
pub struct OrderParcel {
    pub status: String,
    pub courier: String,
    pub tracking_no: String,
    pub shipped_at: i64,
}

pub async fn order_parcel(pool: &AnyPool, order_no: &str) -> sqlx::Result<Option<OrderParcel>> {
    let row =
        sqlx::query("SELECT status, ship_courier, tracking_no, shipped_at FROM orders WHERE order_no = $1")
            .bind(order_no)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|r| OrderParcel {
        status: r.get("status"),
        courier: r.get("ship_courier"),
        tracking_no: r.get("tracking_no"),
        shipped_at: r.get("shipped_at"),
    }))
}

#[derive(Debug, Clone, Default)]
pub struct Today {
    pub orders: i64,
    pub paid: Fen,
    pub shipped: i64,
}

pub async fn today(pool: &AnyPool, now: i64) -> sqlx::Result<Today> {
    let from = china_day_start(china_day(now));
    let row = sqlx::query(
        "SELECT \
         CAST(COALESCE(SUM(CASE WHEN placed_at >= $1 THEN 1 ELSE 0 END), 0) AS BIGINT) AS orders, \
         CAST(COALESCE(SUM(CASE WHEN paid_at >= $1 THEN paid_amount ELSE 0 END), 0) AS BIGINT) AS paid, \
         CAST(COALESCE(SUM(CASE WHEN shipped_at >= $1 THEN 1 ELSE 0 END), 0) AS BIGINT) AS shipped \
         FROM orders WHERE placed_at >= $1 OR paid_at >= $1 OR shipped_at >= $1",
    )
    .bind(from)
    .fetch_one(pool)
    .await?;
    Ok(Today {
        orders: row.get("orders"),
        paid: Fen(row.get("paid")),
        shipped: row.get("shipped"),
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct TrendDay {
    pub day: String,
    pub orders: i64,
    pub paid: String,
    pub refunds: i64,
    pub refunded: String,
}

pub const TREND_DAYS: i64 = 30;

/// The last 30 China days, oldest first, today included: orders placed and paid, refunds credited.
pub async fn trend(pool: &AnyPool, now: i64) -> sqlx::Result<Vec<TrendDay>> {
    let last = china_day(now);
    let first = last - TREND_DAYS + 1;
    let from = china_day_start(first);
    let offset = domain::calendar::CHINA_OFFSET_SECONDS;
    let mut days: BTreeMap<i64, (i64, i64, i64, i64)> = (first..=last).map(|d| (d, (0, 0, 0, 0))).collect();
    let placed = sqlx::query(&format!(
        "SELECT CAST((placed_at + {offset}) / {DAY_SECONDS} AS BIGINT) AS d, COUNT(*) AS orders \
         FROM orders WHERE placed_at >= $1 GROUP BY d"
    ))
    .bind(from)
    .fetch_all(pool)
    .await?;
    for r in placed {
        if let Some(day) = days.get_mut(&r.get::<i64, _>("d")) {
            day.0 = r.get("orders");
        }
    }
    let paid = sqlx::query(&format!(
        "SELECT CAST((paid_at + {offset}) / {DAY_SECONDS} AS BIGINT) AS d, \
         CAST(SUM(paid_amount) AS BIGINT) AS paid FROM orders WHERE paid_at >= $1 GROUP BY d"
    ))
    .bind(from)
    .fetch_all(pool)
    .await?;
    for r in paid {
        if let Some(day) = days.get_mut(&r.get::<i64, _>("d")) {
            day.1 = r.get("paid");
        }
    }
    let refunds = sqlx::query(&format!(
        "SELECT CAST((at + {offset}) / {DAY_SECONDS} AS BIGINT) AS d, COUNT(*) AS refunds, \
         CAST(SUM(amount) AS BIGINT) AS refunded \
         FROM wallet_ledger WHERE kind = 'refund' AND at >= $1 GROUP BY d"
    ))
    .bind(from)
    .fetch_all(pool)
    .await?;
    for r in refunds {
        if let Some(day) = days.get_mut(&r.get::<i64, _>("d")) {
            day.2 = r.get("refunds");
            day.3 = r.get("refunded");
        }
    }
    Ok(days
        .into_iter()
        .map(|(day, (orders, paid, refunds, refunded))| {
            let (y, m, d) = civil_from_days(day);
            TrendDay {
                day: format!("{y:04}-{m:02}-{d:02}"),
                orders,
                paid: Fen(paid).to_yuan(),
                refunds,
                refunded: Fen(refunded.abs()).to_yuan(),
            }
        })
        .collect())
}
