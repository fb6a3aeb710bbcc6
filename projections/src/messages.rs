//! Notifications made from events (`/mail`): one row per event a seller should hear of, owned by the
//! seller whose order, after-sale, wallet or coupon it is. Four projections, one per aggregate type,
//! write the same `messages` table; each one's rows carry its `source`, so a rebuild of one empties
//! only its own. The text is not stored: the API renders `kind` and `params` in the reader's language.
//! Read marks are a plain table beside it (`message_reads`), so a rebuild keeps them.

use std::collections::{HashMap, VecDeque};

use async_trait::async_trait;
use cqrs_es::EventEnvelope;
use domain::after_sale::{AfterSale, AfterSaleEvent};
use domain::coupon::{Coupon, CouponEvent};
use domain::order::{Order, OrderEvent};
use domain::wallet::{Wallet, WalletEvent};
use serde_json::{json, Value};
use sqlx::{AnyConnection, AnyPool, Row};

use crate::bulk::{Rows, Statement, Together};
use crate::runner::{apply_at_once, Carry, Projection};

/// What a message links to: the screen the reader is sent to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Order,
    OutOfStock,
    Abnormal,
    AfterSale,
    Withdrawal,
    Coupon,
    /// The seller's listings with changes to act on (`projections::listing_notices`).
    Listing,
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
            Target::Listing => "listing",
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
            Target::Listing,
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
    let mut rows = message_inserts(Written::Maybe);
    push(&mut rows, source, aggregate_id, sequence, note);
    rows.write(conn).await
}

/// A notice that does not name its owner's reference, to the owner `message_owners` knows, in one
/// statement (a round trip fewer than reading the owner first, on PostgreSQL); nobody to tell when
/// there is no owner, as when a replay finds none.
/// A notice to the owner remembered for the aggregate, which the statement reads.
fn to_owner(source: &str, aggregate_id: &str, sequence: usize, notice: Notice) -> Statement {
    debug_assert!(!notice.names_reference);
    // The `WHERE` also keeps SQLite from reading `ON CONFLICT` as the join's `ON`.
    Statement::new(
        "messages",
        "INSERT INTO messages (id, user_id, source, kind, object_type, object_id, params, created_at) \
         SELECT $1, user_id, $2, $3, $4, $5, $6, $7 FROM message_owners WHERE source = $2 AND aggregate_id = $5 \
         ON CONFLICT (id) DO NOTHING",
        vec![
            message_id(source, aggregate_id, sequence).into(),
            source.into(),
            notice.kind.into(),
            notice.target.code().into(),
            aggregate_id.into(),
            notice.params.to_string().into(),
            notice.at.into(),
        ],
    )
    .reading("message_owners")
}

/// Whether the rows a replay writes may be there already.
#[derive(Clone, Copy, PartialEq)]
enum Written {
    /// Possibly: a second write of a row changes nothing (`ON CONFLICT DO NOTHING`).
    Maybe,
    /// No: the replay began with none of its source's rows, so they are plain inserts, which
    /// PostgreSQL takes faster (an upsert is a speculative insertion per row; the order messages'
    /// replay: 86,000-91,000 → 93,000-106,000 events/s). Should one be there after all (a live
    /// command racing the replay), the page fails and the replay goes on by the claiming catch-up,
    /// which writes with `ON CONFLICT`.
    Never,
}

impl Written {
    /// The tail of an insert into a table with unique `key`.
    fn tail(self, key: &str) -> String {
        match self {
            Written::Maybe => format!("ON CONFLICT ({key}) DO NOTHING"),
            Written::Never => String::new(),
        }
    }
}

/// Messages to write in multi-row statements; a message's id makes a second write of it a no-op.
fn message_inserts(written: Written) -> Rows {
    Rows::new(
        "messages (id, user_id, source, kind, object_type, object_id, params, created_at)",
        &written.tail("id"),
    )
}

/// A message's id: its event's, so writing it again changes nothing.
fn message_id(source: &str, aggregate_id: &str, sequence: usize) -> String {
    format!("{source}-{aggregate_id}-{sequence}")
}

fn push(rows: &mut Rows, source: &str, aggregate_id: &str, sequence: usize, note: Note<'_>) {
    rows.push([
        message_id(source, aggregate_id, sequence).into(),
        note.user_id.into(),
        source.into(),
        note.kind.into(),
        note.target.code().into(),
        note.object_id.into(),
        note.params.to_string().into(),
        note.at.into(),
    ]);
}

/// The messages `note` makes of `events`, for the projections whose messages name their reader.
/// Their offsets never wait, so a replay from nothing (no offsets) finds none of their messages:
/// it writes with `Written::Never`.
async fn write_notes<'e, A: cqrs_es::Aggregate>(
    conn: &mut AnyConnection,
    source: &str,
    events: &'e [EventEnvelope<A>],
    note: impl Fn(&'e str, &'e A::Event) -> Option<Note<'e>>,
    written: Written,
) -> sqlx::Result<()> {
    let mut rows = message_inserts(written);
    for event in events {
        if let Some(note) = note(&event.aggregate_id, &event.payload) {
            push(&mut rows, source, &event.aggregate_id, event.sequence, note);
        }
    }
    rows.write(conn).await
}

/// Owners are named by an aggregate's first event only, so a replay writes each once.
fn owner_rows(written: Written) -> Rows {
    Rows::new(
        "message_owners (source, aggregate_id, user_id, reference)",
        &written.tail("source, aggregate_id"),
    )
}

/// The (owner, reference) of each of `aggregate_ids` that `message_owners` knows.
async fn owners_of(
    conn: &mut AnyConnection,
    source: &str,
    aggregate_ids: &[&str],
) -> sqlx::Result<HashMap<String, (String, String)>> {
    let mut owners = HashMap::new();
    for chunk in aggregate_ids.chunks(500) {
        let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 2)).collect();
        let sql = format!(
            "SELECT aggregate_id, user_id, reference FROM message_owners WHERE source = $1 \
             AND aggregate_id IN ({})",
            marks.join(", ")
        );
        let mut query = sqlx::query(&sql).bind(source);
        for id in chunk {
            query = query.bind(*id);
        }
        for row in query.fetch_all(&mut *conn).await? {
            owners.insert(
                row.get("aggregate_id"),
                (row.get("user_id"), row.get("reference")),
            );
        }
    }
    Ok(owners)
}

/// Owners remembered by a replay from page to page, so that a notice pages after its order was
/// placed needs no query (a table filled moments ago has no statistics yet: PostgreSQL planned the
/// `IN` lookup as a scan of it, seconds a page). The most recent [`RECENT_OWNERS`]; older ones are
/// read from `message_owners`.
#[derive(Default)]
pub struct RecentOwners {
    owners: HashMap<String, (String, String)>,
    order: VecDeque<String>,
    /// Known from the first page on.
    written: Option<Written>,
}

const RECENT_OWNERS: usize = 100_000;

impl RecentOwners {
    fn remember(&mut self, id: &str, user_id: &str, reference: &str) {
        if self
            .owners
            .insert(id.to_string(), (user_id.to_string(), reference.to_string()))
            .is_none()
        {
            self.order.push_back(id.to_string());
        }
    }

    fn trim(&mut self) {
        while self.owners.len() > RECENT_OWNERS {
            let Some(id) = self.order.pop_front() else { break };
            self.owners.remove(&id);
        }
    }
}

/// A page of a replay for the projections whose messages go to the owner of an order or
/// after-sale: owners seen in the page are remembered in bulk, those of earlier pages found among
/// the recent ones or read in bulk, and the messages written in bulk.
async fn replay_owned<'e, A: cqrs_es::Aggregate>(
    conn: &mut AnyConnection,
    source: &str,
    events: &'e [EventEnvelope<A>],
    recent: &mut RecentOwners,
    owned_by: impl Fn(&'e A::Event) -> Option<(&'e str, &'e str)>,
    notice: impl Fn(&str, &'e A::Event) -> Option<Notice>,
) -> sqlx::Result<()> {
    let written = match recent.written {
        Some(written) => written,
        None => {
            // A replay cut off by a crash wrote messages whose offsets waited (see
            // `owner_remembered`) and their owners with them; the one that starts over finds them.
            let found = sqlx::query("SELECT 1 FROM message_owners WHERE source = $1 LIMIT 1")
                .bind(source)
                .fetch_optional(&mut *conn)
                .await?;
            *recent.written.insert(if found.is_some() {
                Written::Maybe
            } else {
                Written::Never
            })
        }
    };
    let mut owner_inserts = owner_rows(written);
    let mut notices = Vec::new();
    for event in events {
        let id = event.aggregate_id.as_str();
        if let Some((user_id, reference)) = owned_by(&event.payload) {
            // The first owner stays, as `ON CONFLICT DO NOTHING` keeps it.
            if !recent.owners.contains_key(id) {
                recent.remember(id, user_id, reference);
                owner_inserts.push([source.into(), id.into(), user_id.into(), reference.into()]);
            }
        } else if let Some(notice) = notice(id, &event.payload) {
            notices.push((event, notice));
        }
    }
    owner_inserts.write(conn).await?;
    let mut unknown: Vec<&str> = notices
        .iter()
        .map(|(event, _)| event.aggregate_id.as_str())
        .filter(|id| !recent.owners.contains_key(*id))
        .collect();
    unknown.sort_unstable();
    unknown.dedup();
    for (id, (user_id, reference)) in owners_of(conn, source, &unknown).await? {
        recent.remember(&id, &user_id, &reference);
    }
    let mut rows = message_inserts(written);
    for (event, notice) in notices {
        let id = event.aggregate_id.as_str();
        // An event of an aggregate whose first event was never seen has nobody to tell (as when
        // applied one by one).
        let Some((user_id, reference)) = recent.owners.get(id) else {
            continue;
        };
        push(
            &mut rows,
            source,
            id,
            event.sequence,
            notice.note(user_id, id, reference),
        );
    }
    rows.write(conn).await?;
    recent.trim();
    Ok(())
}

/// A replay's offset of an order or after-sale waits while its owner is remembered: its messages
/// and owner are written with their ids, so writing them again changes nothing.
fn owner_remembered(carry: &mut Carry, aggregate_id: &str) -> bool {
    carry.get::<RecentOwners>().owners.contains_key(aggregate_id)
}

async fn remember_owner(
    conn: &mut AnyConnection,
    source: &str,
    aggregate_id: &str,
    user_id: &str,
    reference: &str,
) -> sqlx::Result<()> {
    owner_row(source, aggregate_id, user_id, reference)
        .execute(conn)
        .await
}

fn owner_row(source: &str, aggregate_id: &str, user_id: &str, reference: &str) -> Statement {
    Statement::new(
        "message_owners",
        "INSERT INTO message_owners (source, aggregate_id, user_id, reference) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (source, aggregate_id) DO NOTHING",
        vec![
            source.into(),
            aggregate_id.into(),
            user_id.into(),
            reference.into(),
        ],
    )
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
    Ok(row.map(|r| (r.get("user_id"), r.get("reference"))))
}

/// What an event tells its aggregate's owner, before the owner is known.
struct Notice {
    kind: &'static str,
    target: Target,
    params: Value,
    at: i64,
    /// The message names its aggregate (`id`) and the owner's reference (`order_no`), as an
    /// after-sale's do.
    names_reference: bool,
}

impl Notice {
    fn note<'a>(self, user_id: &'a str, object_id: &'a str, reference: &str) -> Note<'a> {
        let params = if self.names_reference {
            let mut params = json!({"id": object_id, "order_no": reference});
            if let (Some(all), Value::Object(more)) = (params.as_object_mut(), self.params) {
                all.extend(more);
            }
            params
        } else {
            self.params
        };
        Note {
            user_id,
            kind: self.kind,
            target: self.target,
            object_id,
            params,
            at: self.at,
        }
    }
}

fn order_owner(event: &OrderEvent) -> Option<(&str, &str)> {
    match event {
        OrderEvent::OrderPlaced { user_id, .. } => Some((user_id, "")),
        _ => None,
    }
}

fn order_notice(order_no: &str, event: &OrderEvent) -> Option<Notice> {
    let (kind, target, params, at) = match event {
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
        _ => return None,
    };
    Some(Notice {
        kind,
        target,
        params,
        at,
        names_reference: false,
    })
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
        apply_at_once(self, conn, envelope).await
    }

    /// Reads nothing but `message_owners`, which its statements name.
    async fn apply_live(
        &self,
        _conn: &mut AnyConnection,
        envelope: &EventEnvelope<Order>,
        later: &mut Together,
    ) -> sqlx::Result<()> {
        let order_no = envelope.aggregate_id.as_str();
        if let Some((user_id, reference)) = order_owner(&envelope.payload) {
            later.push(owner_row("order", order_no, user_id, reference));
        } else if let Some(notice) = order_notice(order_no, &envelope.payload) {
            later.push(to_owner("order", order_no, envelope.sequence, notice));
        }
        Ok(())
    }

    async fn replay(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<Order>],
        carry: &mut Carry,
    ) -> sqlx::Result<()> {
        replay_owned(conn, "order", events, carry.get(), order_owner, order_notice).await
    }

    fn offset_waits(&self, carry: &mut Carry, aggregate_id: &str) -> bool {
        owner_remembered(carry, aggregate_id)
    }
}

fn after_sale_owner(event: &AfterSaleEvent) -> Option<(&str, &str)> {
    match event {
        AfterSaleEvent::AfterSaleApplied {
            user_id, order_no, ..
        } => Some((user_id, order_no)),
        _ => None,
    }
}

fn after_sale_notice(_id: &str, event: &AfterSaleEvent) -> Option<Notice> {
    let (kind, params, at) = match event {
        AfterSaleEvent::AfterSaleApproved { at } => ("after_sale_approved", json!({}), *at),
        AfterSaleEvent::AfterSaleRejected { reason, at } => {
            ("after_sale_rejected", json!({"reason": reason}), *at)
        }
        AfterSaleEvent::AfterSaleRefunded { breakdown, at, .. } => (
            "after_sale_refunded",
            json!({"amount": breakdown.total.to_yuan()}),
            *at,
        ),
        _ => return None,
    };
    Some(Notice {
        kind,
        target: Target::AfterSale,
        params,
        at,
        names_reference: true,
    })
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
        if let Some((user_id, order_no)) = after_sale_owner(&envelope.payload) {
            return remember_owner(conn, "after_sale", id, user_id, order_no).await;
        }
        let Some(notice) = after_sale_notice(id, &envelope.payload) else {
            return Ok(());
        };
        let Some((user_id, order_no)) = owner(conn, "after_sale", id).await? else {
            return Ok(());
        };
        let note = notice.note(&user_id, id, &order_no);
        write(conn, "after_sale", id, envelope.sequence, note).await
    }

    async fn replay(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<AfterSale>],
        carry: &mut Carry,
    ) -> sqlx::Result<()> {
        replay_owned(
            conn,
            "after_sale",
            events,
            carry.get(),
            after_sale_owner,
            after_sale_notice,
        )
        .await
    }

    fn offset_waits(&self, carry: &mut Carry, aggregate_id: &str) -> bool {
        owner_remembered(carry, aggregate_id)
    }
}

fn wallet_note<'a>(user_id: &'a str, event: &'a WalletEvent) -> Option<Note<'a>> {
    let (kind, withdrawal_id, params, at) = match event {
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
        _ => return None,
    };
    Some(Note {
        user_id,
        kind,
        target: Target::Withdrawal,
        object_id: withdrawal_id,
        params,
        at,
    })
}

pub struct WalletMessages;

#[async_trait]
impl Projection for WalletMessages {
    type Aggregate = Wallet;
    const NAME: &'static str = "messages_wallet";
    const TABLES: &'static [&'static str] = &["messages WHERE source = 'wallet'"];

    async fn apply(&self, conn: &mut AnyConnection, envelope: &EventEnvelope<Wallet>) -> sqlx::Result<()> {
        write_notes(
            conn,
            "wallet",
            std::slice::from_ref(envelope),
            wallet_note,
            Written::Maybe,
        )
        .await
    }

    async fn replay(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<Wallet>],
        _carry: &mut Carry,
    ) -> sqlx::Result<()> {
        write_notes(conn, "wallet", events, wallet_note, Written::Never).await
    }
}

fn coupon_note<'a>(id: &'a str, event: &'a CouponEvent) -> Option<Note<'a>> {
    let CouponEvent::CouponIssued {
        user_id,
        name,
        name_en,
        at,
        ..
    } = event
    else {
        return None;
    };
    Some(Note {
        user_id,
        kind: "coupon_received",
        target: Target::Coupon,
        object_id: id,
        // Both names: the API shows the reader's. A message without `name_en` (from before) is
        // named from the coupon's row instead.
        params: json!({"name": name, "name_en": name_en}),
        at: *at,
    })
}

pub struct CouponMessages;

#[async_trait]
impl Projection for CouponMessages {
    type Aggregate = Coupon;
    const NAME: &'static str = "messages_coupons";
    const TABLES: &'static [&'static str] = &["messages WHERE source = 'coupon'"];

    async fn apply(&self, conn: &mut AnyConnection, envelope: &EventEnvelope<Coupon>) -> sqlx::Result<()> {
        write_notes(
            conn,
            "coupon",
            std::slice::from_ref(envelope),
            coupon_note,
            Written::Maybe,
        )
        .await
    }

    async fn replay(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<Coupon>],
        _carry: &mut Carry,
    ) -> sqlx::Result<()> {
        write_notes(conn, "coupon", events, coupon_note, Written::Never).await
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
    sqlx::query_scalar(&format!(
        "SELECT CAST(COUNT(*) AS BIGINT) {JOIN_READS} WHERE m.user_id = $1 AND r.message_id IS NULL"
    ))
    .bind(user_id)
    .fetch_one(pool)
    .await
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
    let total: i64 = sqlx::query_scalar(&format!(
        "SELECT CAST(COUNT(*) AS BIGINT) {JOIN_READS} WHERE m.user_id = $1 AND {condition}"
    ))
    .bind(user_id)
    .fetch_one(pool)
    .await?;
    let rows = sqlx::query(&format!(
        "SELECT m.id, m.kind, m.object_type, m.object_id, m.params, m.created_at, \
         CASE WHEN r.message_id IS NULL THEN 0 ELSE 1 END AS is_read {JOIN_READS} \
         WHERE m.user_id = $1 AND {condition} ORDER BY m.created_at DESC, m.seq DESC LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    let list = rows
        .iter()
        .map(|r| MessageRow {
            id: r.get("id"),
            kind: r.get("kind"),
            target: Target::from_code(&r.get::<String, _>("object_type")).unwrap_or(Target::Order),
            object_id: r.get("object_id"),
            params: serde_json::from_str(&r.get::<String, _>("params")).unwrap_or(Value::Null),
            created_at: r.get("created_at"),
            read: r.get::<i64, _>("is_read") == 1,
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
