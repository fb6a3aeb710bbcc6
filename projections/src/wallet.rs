//! Wallet read models: the balance per user and the ledger (one row per money event). Both copy the
//! results the events carry (`balance_after`, `frozen_after`) rather than recomputing them.

use std::collections::HashMap;

use async_trait::async_trait;
use cqrs_es::EventEnvelope;
use domain::money::Fen;
use domain::wallet::{Wallet, WalletEvent};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

use crate::bulk::{Rows, Statement, Together};

use crate::catalog::Page;
use crate::runner::apply_at_once;
use crate::{Carry, Projection};

pub struct WalletBalances;

#[async_trait]
impl Projection for WalletBalances {
    type Aggregate = Wallet;
    const NAME: &'static str = "wallet_balances";
    const TABLES: &'static [&'static str] = &["wallet_balances"];

    async fn apply(&self, conn: &mut AnyConnection, event: &EventEnvelope<Wallet>) -> sqlx::Result<()> {
        apply_at_once(self, conn, event).await
    }

    /// Reads nothing.
    async fn apply_live(
        &self,
        _conn: &mut AnyConnection,
        event: &EventEnvelope<Wallet>,
        later: &mut Together,
    ) -> sqlx::Result<()> {
        let user_id = event.aggregate_id.as_str();
        if let WalletEvent::PayoutAccountBound { payee, account, at } = &event.payload {
            later.push(Statement::new(
                "wallet_balances",
                "INSERT INTO wallet_balances (user_id, balance, frozen, payee, account, updated_at) \
                 VALUES ($1, 0, 0, $2, $3, $4) ON CONFLICT (user_id) DO UPDATE \
                 SET payee = excluded.payee, account = excluded.account, updated_at = excluded.updated_at",
                vec![user_id.into(), payee.into(), account.into(), (*at).into()],
            ));
        }
        if let Some(entry) = event.payload.ledger_entry() {
            later.push(Statement::new(
                "wallet_balances",
                "INSERT INTO wallet_balances (user_id, balance, frozen, payee, account, updated_at) \
                 VALUES ($1, $2, $3, '', '', $4) ON CONFLICT (user_id) DO UPDATE \
                 SET balance = excluded.balance, frozen = excluded.frozen, updated_at = excluded.updated_at",
                vec![
                    user_id.into(),
                    entry.balance_after.0.into(),
                    entry.frozen_after.0.into(),
                    entry.at.into(),
                ],
            ));
        }
        Ok(())
    }

    /// Each user's last balance and last payout account of the page, in two multi-row upserts.
    async fn replay(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<Wallet>],
        _carry: &mut Carry,
    ) -> sqlx::Result<()> {
        #[derive(Default)]
        struct Last<'a> {
            money: Option<(i64, i64)>,
            payout: Option<(&'a str, &'a str)>,
            at: i64,
        }
        let mut users: HashMap<&str, Last> = HashMap::new();
        for event in events {
            let last = users.entry(&event.aggregate_id).or_default();
            if let WalletEvent::PayoutAccountBound { payee, account, at } = &event.payload {
                last.payout = Some((payee, account));
                last.at = *at;
            }
            if let Some(entry) = event.payload.ledger_entry() {
                last.money = Some((entry.balance_after.0, entry.frozen_after.0));
                last.at = entry.at;
            }
        }
        const INTO: &str = "wallet_balances (user_id, balance, frozen, payee, account, updated_at)";
        let mut money = Rows::new(
            INTO,
            "ON CONFLICT (user_id) DO UPDATE \
             SET balance = excluded.balance, frozen = excluded.frozen, updated_at = excluded.updated_at",
        );
        let mut payouts = Rows::new(
            INTO,
            "ON CONFLICT (user_id) DO UPDATE \
             SET payee = excluded.payee, account = excluded.account, updated_at = excluded.updated_at",
        );
        for (user_id, last) in &users {
            if let Some((balance, frozen)) = last.money {
                money.push([
                    (*user_id).into(),
                    balance.into(),
                    frozen.into(),
                    "".into(),
                    "".into(),
                    last.at.into(),
                ]);
            }
            if let Some((payee, account)) = last.payout {
                payouts.push([
                    (*user_id).into(),
                    0i64.into(),
                    0i64.into(),
                    payee.into(),
                    account.into(),
                    last.at.into(),
                ]);
            }
        }
        // Money first: a payout row inserted for a user without one keeps the zero balance the
        // events left, and one updated keeps the balance just written.
        money.write(conn).await?;
        payouts.write(conn).await
    }
}

pub struct WalletLedger;

#[async_trait]
impl Projection for WalletLedger {
    type Aggregate = Wallet;
    const NAME: &'static str = "wallet_ledger";
    const TABLES: &'static [&'static str] = &["wallet_ledger"];

    async fn apply(&self, conn: &mut AnyConnection, event: &EventEnvelope<Wallet>) -> sqlx::Result<()> {
        apply_at_once(self, conn, event).await
    }

    /// Reads nothing.
    async fn apply_live(
        &self,
        _conn: &mut AnyConnection,
        event: &EventEnvelope<Wallet>,
        later: &mut Together,
    ) -> sqlx::Result<()> {
        let Some(entry) = event.payload.ledger_entry() else {
            return Ok(());
        };
        later.push(Statement::new(
            "wallet_ledger",
            "INSERT INTO wallet_ledger (user_id, sequence, kind, reference, amount, balance_after, frozen_after, at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id, sequence) DO NOTHING",
            vec![
                event.aggregate_id.as_str().into(),
                (event.sequence as i64).into(),
                entry.kind.into(),
                entry.reference.as_str().into(),
                entry.amount.0.into(),
                entry.balance_after.0.into(),
                entry.frozen_after.0.into(),
                entry.at.into(),
            ],
        ));
        Ok(())
    }

    async fn replay(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<Wallet>],
        _carry: &mut Carry,
    ) -> sqlx::Result<()> {
        // A replay's page holds events no committed page wrote: plain inserts, which PostgreSQL
        // takes faster than upserts that find nothing (a conflict fails the page, which then goes
        // through the claiming catch-up).
        let mut rows = Rows::new(
            "wallet_ledger (user_id, sequence, kind, reference, amount, balance_after, frozen_after, at)",
            "",
        );
        for event in events {
            if let Some(entry) = event.payload.ledger_entry() {
                rows.push([
                    (&event.aggregate_id).into(),
                    (event.sequence as i64).into(),
                    entry.kind.into(),
                    entry.reference.into(),
                    entry.amount.0.into(),
                    entry.balance_after.0.into(),
                    entry.frozen_after.0.into(),
                    entry.at.into(),
                ]);
            }
        }
        rows.write(conn).await
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Balance {
    pub balance: Fen,
    pub frozen: Fen,
}

pub async fn balance_of(pool: &AnyPool, user_id: &str) -> sqlx::Result<Balance> {
    let row = sqlx::query("SELECT balance, frozen FROM wallet_balances WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(pool)
        .await?;
    Ok(row
        .map(|r| Balance {
            balance: Fen(r.get("balance")),
            frozen: Fen(r.get("frozen")),
        })
        .unwrap_or_default())
}

/// What [`ledger_row`] reads.
const LEDGER_COLUMNS: &str = "sequence, kind, reference, amount, balance_after, frozen_after, at";

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LedgerRow {
    pub sequence: i64,
    pub kind: String,
    pub reference: String,
    pub amount: Fen,
    pub balance_after: Fen,
    pub frozen_after: Fen,
    pub at: i64,
}

/// The whole ledger of a user in event order (the paged, filtered list belongs to the fund screens).
pub async fn ledger_of(pool: &AnyPool, user_id: &str) -> sqlx::Result<Vec<LedgerRow>> {
    let rows = sqlx::query(&format!(
        "SELECT {LEDGER_COLUMNS} FROM wallet_ledger WHERE user_id = $1 ORDER BY sequence"
    ))
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(ledger_row).collect())
}

/// A row of [`LEDGER_COLUMNS`].
fn ledger_row(r: &AnyRow) -> LedgerRow {
    LedgerRow {
        sequence: r.get("sequence"),
        kind: r.get("kind"),
        reference: r.get("reference"),
        amount: Fen(r.get("amount")),
        balance_after: Fen(r.get("balance_after")),
        frozen_after: Fen(r.get("frozen_after")),
        at: r.get("at"),
    }
}

/// Withdrawals with their status, for the seller's status screen and the operator's queue.
pub struct WalletWithdrawals;

#[async_trait]
impl Projection for WalletWithdrawals {
    type Aggregate = Wallet;
    const NAME: &'static str = "wallet_withdrawals";
    const TABLES: &'static [&'static str] = &["wallet_withdrawals"];

    async fn apply(&self, conn: &mut AnyConnection, event: &EventEnvelope<Wallet>) -> sqlx::Result<()> {
        match &event.payload {
            WalletEvent::WithdrawalRequested {
                withdrawal_id,
                amount,
                payee,
                account,
                at,
                ..
            } => {
                sqlx::query(
                    "INSERT INTO wallet_withdrawals (id, user_id, sequence, amount, payee, account, status, reason, requested_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, 'pending', '', $7) ON CONFLICT (id) DO NOTHING",
                )
                .bind(withdrawal_id)
                .bind(&event.aggregate_id)
                .bind(event.sequence as i64)
                .bind(amount.0)
                .bind(payee)
                .bind(account)
                .bind(at)
                .execute(&mut *conn)
                .await?;
            }
            WalletEvent::WithdrawalPaid {
                withdrawal_id, at, ..
            } => {
                decide(conn, withdrawal_id, "paid", "", *at).await?;
            }
            WalletEvent::WithdrawalRejected {
                withdrawal_id,
                reason,
                at,
                ..
            } => {
                decide(conn, withdrawal_id, "rejected", reason, *at).await?;
            }
            _ => {}
        }
        Ok(())
    }

    /// The page's requests as rows, with the decisions on them folded in; a decision on a request
    /// of an earlier page is an update.
    async fn replay(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<Wallet>],
        _carry: &mut Carry,
    ) -> sqlx::Result<()> {
        struct Request<'a> {
            user_id: &'a str,
            sequence: i64,
            amount: i64,
            payee: &'a str,
            account: &'a str,
            status: &'static str,
            reason: &'a str,
            requested_at: i64,
            decided_at: Option<i64>,
        }
        let mut requests: Vec<(&str, Request)> = Vec::new();
        let mut index: HashMap<&str, usize> = HashMap::new();
        let mut earlier: Vec<(&str, &'static str, &str, i64)> = Vec::new();
        for event in events {
            let (id, status, reason, at) = match &event.payload {
                WalletEvent::WithdrawalRequested {
                    withdrawal_id,
                    amount,
                    payee,
                    account,
                    at,
                    ..
                } => {
                    if !index.contains_key(withdrawal_id.as_str()) {
                        index.insert(withdrawal_id, requests.len());
                        requests.push((
                            withdrawal_id,
                            Request {
                                user_id: &event.aggregate_id,
                                sequence: event.sequence as i64,
                                amount: amount.0,
                                payee,
                                account,
                                status: "pending",
                                reason: "",
                                requested_at: *at,
                                decided_at: None,
                            },
                        ));
                    }
                    continue;
                }
                WalletEvent::WithdrawalPaid {
                    withdrawal_id, at, ..
                } => (withdrawal_id, "paid", "", *at),
                WalletEvent::WithdrawalRejected {
                    withdrawal_id,
                    reason,
                    at,
                    ..
                } => (withdrawal_id, "rejected", reason.as_str(), *at),
                _ => continue,
            };
            match index.get(id.as_str()) {
                Some(&i) => {
                    let request = &mut requests[i].1;
                    (request.status, request.reason, request.decided_at) = (status, reason, Some(at));
                }
                None => earlier.push((id, status, reason, at)),
            }
        }
        let mut rows = Rows::new(
            "wallet_withdrawals (id, user_id, sequence, amount, payee, account, status, reason, requested_at, decided_at)",
            "ON CONFLICT (id) DO NOTHING",
        );
        for (id, r) in requests {
            rows.push([
                id.into(),
                r.user_id.into(),
                r.sequence.into(),
                r.amount.into(),
                r.payee.into(),
                r.account.into(),
                r.status.into(),
                r.reason.into(),
                r.requested_at.into(),
                r.decided_at.into(),
            ]);
        }
        rows.write(conn).await?;
        for (id, status, reason, at) in earlier {
            decide(conn, id, status, reason, at).await?;
        }
        Ok(())
    }
}

async fn decide(conn: &mut AnyConnection, id: &str, status: &str, reason: &str, at: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE wallet_withdrawals SET status = $1, reason = $2, decided_at = $3 WHERE id = $4")
        .bind(status)
        .bind(reason)
        .bind(at)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The fund screen's header figures.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FundSummary {
    pub balance: Fen,
    pub frozen: Fen,
    /// Completed top-ups and refunds.
    pub total_in: Fen,
    /// Paid withdrawals and order payments, less reversed payments.
    pub total_out: Fen,
    /// Unmasked; the HTTP layer masks.
    pub payout_account: Option<(String, String)>,
}

pub async fn summary_of(pool: &AnyPool, user_id: &str) -> sqlx::Result<FundSummary> {
    let row = sqlx::query("SELECT balance, frozen, payee, account FROM wallet_balances WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(pool)
        .await?;
    let totals = sqlx::query(
        "SELECT CAST(COALESCE(SUM(CASE WHEN kind IN ('top_up', 'refund') THEN amount ELSE 0 END), 0) AS BIGINT) AS total_in, \
         CAST(COALESCE(SUM(CASE WHEN kind IN ('order_payment', 'order_payment_reversed') THEN -amount ELSE 0 END), 0) AS BIGINT) \
         AS paid_for_orders FROM wallet_ledger WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_one(pool)
    .await?;
    let paid_out: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM wallet_withdrawals WHERE user_id = $1 AND status = 'paid'",
    )
    .bind(user_id)
    .fetch_one(pool)
    .await?;
    let mut summary = FundSummary {
        total_in: Fen(totals.get("total_in")),
        total_out: Fen(totals.get::<i64, _>("paid_for_orders") + paid_out),
        ..FundSummary::default()
    };
    if let Some(r) = row {
        summary.balance = Fen(r.get("balance"));
        summary.frozen = Fen(r.get("frozen"));
        let (payee, account): (String, String) = (r.get("payee"), r.get("account"));
        if !account.is_empty() {
            summary.payout_account = Some((payee, account));
        }
    }
    Ok(summary)
}

#[derive(Debug, Clone, Default)]
pub struct LedgerFilter {
    pub kind: Option<String>,
    pub start: Option<i64>,
    pub end: Option<i64>,
}

/// One page of a user's ledger, newest first.
pub async fn ledger_page(
    pool: &AnyPool,
    user_id: &str,
    filter: &LedgerFilter,
    page: i64,
    pagesize: i64,
) -> sqlx::Result<Page<LedgerRow>> {
    // Absent filters are bound as values that match everything, so the SQL text stays one string.
    let kind = filter.kind.clone().unwrap_or_default();
    let start = filter.start.unwrap_or(i64::MIN);
    let end = filter.end.unwrap_or(i64::MAX);
    let condition = "WHERE user_id = $1 AND ($2 = '' OR kind = $2) AND at >= $3 AND at <= $4";
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM wallet_ledger {condition}"))
        .bind(user_id)
        .bind(&kind)
        .bind(start)
        .bind(end)
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {LEDGER_COLUMNS} FROM wallet_ledger {condition} \
         ORDER BY sequence DESC LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .bind(user_id)
    .bind(&kind)
    .bind(start)
    .bind(end)
    .fetch_all(pool)
    .await?;
    Ok(Page {
        list: rows.iter().map(ledger_row).collect(),
        total,
        page,
        pagesize,
    })
}

/// A withdrawal as the read table holds it (payout details unmasked; the HTTP layer masks).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WithdrawalRow {
    pub id: String,
    pub user_id: String,
    pub mobile: String,
    pub amount: Fen,
    pub payee: String,
    pub account: String,
    pub status: String,
    pub reason: String,
    pub requested_at: i64,
    pub decided_at: Option<i64>,
}

pub(crate) const WITHDRAWAL_COLUMNS: &str =
    "w.id, w.user_id, COALESCE(u.mobile, '') AS mobile, w.amount, w.payee, w.account, w.status, \
     w.reason, w.requested_at, COALESCE(w.decided_at, 0) AS decided_at";
pub(crate) const WITHDRAWAL_FROM: &str = "FROM wallet_withdrawals w LEFT JOIN users u ON u.id = w.user_id";

pub(crate) fn withdrawal_row(r: &AnyRow) -> WithdrawalRow {
    let decided_at: i64 = r.get("decided_at");
    WithdrawalRow {
        id: r.get("id"),
        user_id: r.get("user_id"),
        mobile: r.get("mobile"),
        amount: Fen(r.get("amount")),
        payee: r.get("payee"),
        account: r.get("account"),
        status: r.get("status"),
        reason: r.get("reason"),
        requested_at: r.get("requested_at"),
        decided_at: (decided_at > 0).then_some(decided_at),
    }
}

/// Withdrawals newest first: one user's (`Some(user)`) or everyone's (the operator's queue).
pub async fn withdrawals_page(
    pool: &AnyPool,
    user_id: Option<&str>,
    status: Option<&str>,
    page: i64,
    pagesize: i64,
) -> sqlx::Result<Page<WithdrawalRow>> {
    let user = user_id.unwrap_or_default();
    let status = status.unwrap_or_default();
    let condition = "WHERE ($1 = '' OR w.user_id = $1) AND ($2 = '' OR w.status = $2)";
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {WITHDRAWAL_FROM} {condition}"))
        .bind(user)
        .bind(status)
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {WITHDRAWAL_COLUMNS} {WITHDRAWAL_FROM} {condition} ORDER BY w.requested_at DESC, w.sequence DESC, w.id DESC \
         LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .bind(user)
    .bind(status)
    .fetch_all(pool)
    .await?;
    Ok(Page {
        list: rows.iter().map(withdrawal_row).collect(),
        total,
        page,
        pagesize,
    })
}

pub async fn withdrawal_by_id(pool: &AnyPool, id: &str) -> sqlx::Result<Option<WithdrawalRow>> {
    let row = sqlx::query(&format!(
        "SELECT {WITHDRAWAL_COLUMNS} {WITHDRAWAL_FROM} WHERE w.id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    Ok(row.as_ref().map(withdrawal_row))
}

/// Every user with a wallet in the event log, for `jpmall audit wallet --all`.
pub async fn wallet_ids(pool: &AnyPool) -> sqlx::Result<Vec<String>> {
    use cqrs_es::Aggregate;
    let rows = sqlx::query(
        "SELECT DISTINCT aggregate_id FROM events WHERE aggregate_type = $1 ORDER BY aggregate_id",
    )
    .bind(Wallet::TYPE)
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(|r| r.get("aggregate_id")).collect())
}
