//! Notifications made from events (`/mail`): one row per event a seller should hear of, owned by the
//! seller whose order, after-sale, wallet or coupon it is. Four projections, one per aggregate type,
//! write the same `messages` table; each one's rows carry its `source`, so a rebuild of one empties
//! only its own. The text is not stored: the API renders `kind` and `params` in the reader's language.
//! Read marks are a plain table beside it (`message_reads`), so a rebuild keeps them.

use async_trait::async_trait;
use cqrs_es::EventEnvelope;
use domain::after_sale::{AfterSale, AfterSaleEvent};
use domain::coupon::{Coupon, CouponEvent};
use domain::order::{Order, OrderEvent};
use domain::wallet::{Wallet, WalletEvent};
use serde_json::{json, Value};
use sqlx::{AnyConnection, AnyPool, Row};

use crate::runner::Projection;

/// What a message links to: the screen the reader is sent to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Order,
    OutOfStock,
    Abnormal,
    AfterSale,
    Withdrawal,
    Coupon,
}

impl Target {
    pub fn code(self) -> &'static str {
        match self {
            Target::Order => "order",
            Target::OutOfStock => "out_of_stock",
            Target::Abnormal => "abnormal",
            Target::AfterSale => "after_sale",
            Target::Withdrawal => "withdrawal",
            Target::Coupon => "coupon",
        }
    }

    pub fn from_code(code: &str) -> Option<Target> {
        [
            Target::Order,
            Target::OutOfStock,
            Target::Abnormal,
            Target::AfterSale,
            Target::Withdrawal,
            Target::Coupon,
        ]
        .into_iter()
        .find(|t| t.code() == code)
    }
}

struct Note<'a> {
    user_id: &'a str,
    kind: &'static str,
    target: Target,
    object_id: &'a str,
    params: Value,
    at: i64,
}

async fn write(
    conn: &mut AnyConnection,
    source: &str,
    aggregate_id: &str,
    sequence: usize,
    note: Note<'_>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO messages (id, user_id, source, kind, object_type, object_id, params, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING",
    )
    .bind(format!("{source}-{aggregate_id}-{sequence}"))
    .bind(note.user_id)
    .bind(source)
    .bind(note.kind)
    .bind(note.target.code())
    .bind(note.object_id)
    .bind(note.params.to_string())
    .bind(note.at)
    .execute(conn)
    .await?;
    Ok(())
}

async fn remember_owner(
    conn: &mut AnyConnection,
    source: &str,
    aggregate_id: &str,
    user_id: &str,
    reference: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO message_owners (source, aggregate_id, user_id, reference) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (source, aggregate_id) DO NOTHING",
    )
    .bind(source)
    .bind(aggregate_id)
    .bind(user_id)
    .bind(reference)
    .execute(conn)
    .await?;
    Ok(())
}

/// (owner, reference) of an order or after-sale seen placed or applied.
async fn owner(
    conn: &mut AnyConnection,
    source: &str,
    aggregate_id: &str,
) -> sqlx::Result<Option<(String, String)>> {
    let row =
        sqlx::query("SELECT user_id, reference FROM message_owners WHERE source = $1 AND aggregate_id = $2")
            .bind(source)
            .bind(aggregate_id)
            .fetch_optional(conn)
            .await?;
    Ok(row.map(|r| (r.get(0), r.get(1))))
}

pub struct OrderMessages;

#[async_trait]
impl Projection for OrderMessages {
    type Aggregate = Order;
    const NAME: &'static str = "messages_orders";
    const TABLES: &'static [&'static str] = &[
        "messages WHERE source = 'order'",
        "message_owners WHERE source = 'order'",
    ];

    async fn apply(&self, conn: &mut AnyConnection, envelope: &EventEnvelope<Order>) -> sqlx::Result<()> {
        let order_no = envelope.aggregate_id.as_str();
        if let OrderEvent::OrderPlaced { user_id, .. } = &envelope.payload {
            return remember_owner(conn, "order", order_no, user_id, "").await;
        }
        let (kind, target, params, at) = match &envelope.payload {
            OrderEvent::OrderPaid { amount, at, .. } => (
                "order_paid",
                Target::Order,
                json!({"order_no": order_no, "amount": amount.to_yuan()}),
                *at,
            ),
            OrderEvent::OrderShipped {
                courier,
                tracking_no,
                at,
            } => (
                "order_shipped",
                Target::Order,
                json!({"order_no": order_no, "courier": courier.code(), "tracking_no": tracking_no}),
                *at,
            ),
            OrderEvent::StockShortage {
                shortages,
                refund,
                at,
                ..
            } => (
                "out_of_stock",
                Target::OutOfStock,
                json!({
                    "order_no": order_no,
                    "items": shortages.iter().map(|s| s.quantity).sum::<i64>(),
                    "refund": refund.to_yuan(),
                }),
                *at,
            ),
            OrderEvent::OrderFlaggedAbnormal { reason, at } => (
                "order_abnormal",
                Target::Abnormal,
                json!({"order_no": order_no, "reason": reason}),
                *at,
            ),
            _ => return Ok(()),
        };
        let Some((user_id, _)) = owner(conn, "order", order_no).await? else {
            return Ok(());
        };
        let note = Note {
            user_id: &user_id,
            kind,
            target,
            object_id: order_no,
            params,
            at,
        };
        write(conn, "order", order_no, envelope.sequence, note).await
    }
}

pub struct AfterSaleMessages;

#[async_trait]
impl Projection for AfterSaleMessages {
    type Aggregate = AfterSale;
    const NAME: &'static str = "messages_after_sales";
    const TABLES: &'static [&'static str] = &[
        "messages WHERE source = 'after_sale'",
        "message_owners WHERE source = 'after_sale'",
    ];

    async fn apply(&self, conn: &mut AnyConnection, envelope: &EventEnvelope<AfterSale>) -> sqlx::Result<()> {
        let id = envelope.aggregate_id.as_str();
        if let AfterSaleEvent::AfterSaleApplied {
            user_id, order_no, ..
        } = &envelope.payload
        {
            return remember_owner(conn, "after_sale", id, user_id, order_no).await;
        }
        let (kind, extra, at) = match &envelope.payload {
            AfterSaleEvent::AfterSaleApproved { at } => ("after_sale_approved", json!({}), *at),
            AfterSaleEvent::AfterSaleRejected { reason, at } => {
                ("after_sale_rejected", json!({"reason": reason}), *at)
            }
            AfterSaleEvent::AfterSaleRefunded { breakdown, at, .. } => (
                "after_sale_refunded",
                json!({"amount": breakdown.total.to_yuan()}),
                *at,
            ),
            _ => return Ok(()),
        };
        let Some((user_id, order_no)) = owner(conn, "after_sale", id).await? else {
            return Ok(());
        };
        let mut params = json!({"id": id, "order_no": order_no});
        if let (Some(all), Some(more)) = (params.as_object_mut(), extra.as_object()) {
            all.extend(more.clone());
        }
        let note = Note {
            user_id: &user_id,
            kind,
            target: Target::AfterSale,
            object_id: id,
            params,
            at,
        };
        write(conn, "after_sale", id, envelope.sequence, note).await
    }
}

pub struct WalletMessages;

#[async_trait]
impl Projection for WalletMessages {
    type Aggregate = Wallet;
    const NAME: &'static str = "messages_wallet";
    const TABLES: &'static [&'static str] = &["messages WHERE source = 'wallet'"];

    async fn apply(&self, conn: &mut AnyConnection, envelope: &EventEnvelope<Wallet>) -> sqlx::Result<()> {
        let user_id = envelope.aggregate_id.as_str();
        let (kind, withdrawal_id, params, at) = match &envelope.payload {
            WalletEvent::WithdrawalPaid {
                withdrawal_id,
                amount,
                at,
                ..
            } => (
                "withdrawal_paid",
                withdrawal_id,
                json!({"amount": amount.to_yuan()}),
                *at,
            ),
            WalletEvent::WithdrawalRejected {
                withdrawal_id,
                amount,
                reason,
                at,
                ..
            } => (
                "withdrawal_rejected",
                withdrawal_id,
                json!({"amount": amount.to_yuan(), "reason": reason}),
                *at,
            ),
            _ => return Ok(()),
        };
        let note = Note {
            user_id,
            kind,
            target: Target::Withdrawal,
            object_id: withdrawal_id,
            params,
            at,
        };
        write(conn, "wallet", user_id, envelope.sequence, note).await
    }
}

pub struct CouponMessages;

#[async_trait]
impl Projection for CouponMessages {
    type Aggregate = Coupon;
    const NAME: &'static str = "messages_coupons";
    const TABLES: &'static [&'static str] = &["messages WHERE source = 'coupon'"];

    async fn apply(&self, conn: &mut AnyConnection, envelope: &EventEnvelope<Coupon>) -> sqlx::Result<()> {
        let CouponEvent::CouponIssued {
            user_id, name, at, ..
        } = &envelope.payload
        else {
            return Ok(());
        };
        let id = envelope.aggregate_id.as_str();
        let note = Note {
            user_id,
            kind: "coupon_received",
            target: Target::Coupon,
            object_id: id,
            params: json!({"name": name}),
            at: *at,
        };
        write(conn, "coupon", id, envelope.sequence, note).await
    }
}

/// A message as stored; the API renders its text.
#[derive(Debug, Clone)]
pub struct MessageRow {
    pub id: String,
    pub kind: String,
    pub target: Target,
    pub object_id: String,
    pub params: Value,
    pub read: bool,
    pub created_at: i64,
}

/// Which messages a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadFilter {
    All,
    Unread,
    Read,
}

impl ReadFilter {
    pub fn from_code(code: &str) -> Option<ReadFilter> {
        match code.trim() {
            "" | "all" => Some(ReadFilter::All),
            "unread" => Some(ReadFilter::Unread),
            "read" => Some(ReadFilter::Read),
            _ => None,
        }
    }

    fn condition(self) -> &'static str {
        match self {
            ReadFilter::All => "1 = 1",
            ReadFilter::Unread => "r.message_id IS NULL",
            ReadFilter::Read => "r.message_id IS NOT NULL",
        }
    }
}

pub struct MessagePage {
    pub list: Vec<MessageRow>,
    pub total: i64,
    pub unread: i64,
}

const JOIN_READS: &str =
    "FROM messages m LEFT JOIN message_reads r ON r.user_id = m.user_id AND r.message_id = m.id";

pub async fn unread_count(pool: &AnyPool, user_id: &str) -> sqlx::Result<i64> {
    let row = sqlx::query(&format!(
        "SELECT CAST(COUNT(*) AS BIGINT) {JOIN_READS} WHERE m.user_id = $1 AND r.message_id IS NULL"
    ))
    .bind(user_id)
    .fetch_one(pool)
    .await?;
    Ok(row.get(0))
}

/// A page of the user's messages, newest first.
pub async fn list(
    pool: &AnyPool,
    user_id: &str,
    filter: ReadFilter,
    page: i64,
    pagesize: i64,
) -> sqlx::Result<MessagePage> {
    let condition = filter.condition();
    let total: i64 = sqlx::query(&format!(
        "SELECT CAST(COUNT(*) AS BIGINT) {JOIN_READS} WHERE m.user_id = $1 AND {condition}"
    ))
    .bind(user_id)
    .fetch_one(pool)
    .await?
    .get(0);
    let rows = sqlx::query(&format!(
        "SELECT m.id, m.kind, m.object_type, m.object_id, m.params, m.created_at, \
         CASE WHEN r.message_id IS NULL THEN 0 ELSE 1 END {JOIN_READS} \
         WHERE m.user_id = $1 AND {condition} ORDER BY m.created_at DESC, m.seq DESC LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    let list = rows
        .iter()
        .map(|r| MessageRow {
            id: r.get(0),
            kind: r.get(1),
            target: Target::from_code(&r.get::<String, _>(2)).unwrap_or(Target::Order),
            object_id: r.get(3),
            params: serde_json::from_str(&r.get::<String, _>(4)).unwrap_or(Value::Null),
            created_at: r.get(5),
            read: r.get::<i64, _>(6) == 1,
        })
        .collect();
    Ok(MessagePage {
        list,
        total,
        unread: unread_count(pool, user_id).await?,
    })
}

/// Whether `id` is one of the user's messages.
pub async fn owns(pool: &AnyPool, user_id: &str, id: &str) -> sqlx::Result<bool> {
    Ok(
        sqlx::query("SELECT 1 FROM messages WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .fetch_optional(pool)
            .await?
            .is_some(),
    )
}
