//! Wallet read models: the balance per user and the ledger (one row per money event). Both copy the
//! results the events carry (`balance_after`, `frozen_after`) rather than recomputing them.

use async_trait::async_trait;
use cqrs_es::EventEnvelope;
use domain::money::Fen;
use domain::wallet::{Wallet, WalletEvent};
use serde::Serialize;
use sqlx::{AnyConnection, AnyPool, Row};

use crate::Projection;

pub struct WalletBalances;

#[async_trait]
impl Projection for WalletBalances {
    type Aggregate = Wallet;
    const NAME: &'static str = "wallet_balances";
    const TABLES: &'static [&'static str] = &["wallet_balances"];

    async fn apply(&self, conn: &mut AnyConnection, event: &EventEnvelope<Wallet>) -> sqlx::Result<()> {
        let user_id = &event.aggregate_id;
        if let WalletEvent::PayoutAccountBound { payee, account, at } = &event.payload {
            sqlx::query(
                "INSERT INTO wallet_balances (user_id, balance, frozen, payee, account, updated_at) \
                 VALUES ($1, 0, 0, $2, $3, $4) ON CONFLICT (user_id) DO UPDATE \
                 SET payee = excluded.payee, account = excluded.account, updated_at = excluded.updated_at",
            )
            .bind(user_id)
            .bind(payee)
            .bind(account)
            .bind(at)
            .execute(&mut *conn)
            .await?;
        }
        if let Some(entry) = event.payload.ledger_entry() {
            sqlx::query(
                "INSERT INTO wallet_balances (user_id, balance, frozen, payee, account, updated_at) \
                 VALUES ($1, $2, $3, '', '', $4) ON CONFLICT (user_id) DO UPDATE \
                 SET balance = excluded.balance, frozen = excluded.frozen, updated_at = excluded.updated_at",
            )
            .bind(user_id)
            .bind(entry.balance_after.0)
            .bind(entry.frozen_after.0)
            .bind(entry.at)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    }
}

pub struct WalletLedger;

#[async_trait]
impl Projection for WalletLedger {
    type Aggregate = Wallet;
    const NAME: &'static str = "wallet_ledger";
    const TABLES: &'static [&'static str] = &["wallet_ledger"];

    async fn apply(&self, conn: &mut AnyConnection, event: &EventEnvelope<Wallet>) -> sqlx::Result<()> {
        let Some(entry) = event.payload.ledger_entry() else {
            return Ok(());
        };
        sqlx::query(
            "INSERT INTO wallet_ledger (user_id, sequence, kind, reference, amount, balance_after, frozen_after, at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id, sequence) DO NOTHING",
        )
        .bind(&event.aggregate_id)
        .bind(event.sequence as i64)
        .bind(entry.kind)
        .bind(&entry.reference)
        .bind(entry.amount.0)
        .bind(entry.balance_after.0)
        .bind(entry.frozen_after.0)
        .bind(entry.at)
        .execute(&mut *conn)
        .await?;
        Ok(())
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
            balance: Fen(r.get(0)),
            frozen: Fen(r.get(1)),
        })
        .unwrap_or_default())
}

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
    let rows = sqlx::query(
        "SELECT sequence, kind, reference, amount, balance_after, frozen_after, at FROM wallet_ledger \
         WHERE user_id = $1 ORDER BY sequence",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| LedgerRow {
            sequence: r.get(0),
            kind: r.get(1),
            reference: r.get(2),
            amount: Fen(r.get(3)),
            balance_after: Fen(r.get(4)),
            frozen_after: Fen(r.get(5)),
            at: r.get(6),
        })
        .collect())
}
