//! The auditor: each wallet replayed from the event log and compared, row by row, with the read
//! tables the storefront shows.

use domain::money::Fen;
use domain::wallet::{replay, Replayed, Wallet, WalletEvent};
use sqlx::{AnyPool, Row};

use crate::wallet::{ledger_of, LedgerRow};

/// A wallet's events in order, straight from the log.
pub async fn events_of(pool: &AnyPool, user_id: &str) -> anyhow::Result<Vec<(u64, WalletEvent)>> {
    let rows = sqlx::query(
        "SELECT sequence, CAST(payload AS TEXT) AS payload FROM events \
         WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence",
    )
    .bind(<Wallet as cqrs_es::Aggregate>::TYPE)
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|r| {
            let sequence: i64 = r.get("sequence");
            let payload: String = r.get("payload");
            let event = serde_json::from_str(&payload)
                .map_err(|e| anyhow::anyhow!("user {user_id}: event #{sequence} cannot be read: {e}"))?;
            Ok((sequence as u64, event))
        })
        .collect()
}

/// What the audit found for one wallet.
#[derive(Debug, Clone)]
pub struct WalletAudit {
    pub user_id: String,
    pub replayed: Replayed,
    /// Empty when the read tables agree with the log to the fen.
    pub differences: Vec<String>,
}

/// Replays one wallet and, unless `as_of` is given, compares the ledger and balance read tables with it.
/// With `as_of`, the ledger rows up to that time are compared and the balance is the one then.
pub async fn audit_wallet(pool: &AnyPool, user_id: &str, as_of: Option<i64>) -> anyhow::Result<WalletAudit> {
    let events = events_of(pool, user_id).await?;
    let replayed = replay(events.iter().map(|(s, e)| (*s, e)), as_of);
    let mut differences: Vec<String> = replayed
        .inconsistencies
        .iter()
        .map(|i| format!("user {user_id}: {i}"))
        .collect();

    let stored: Vec<LedgerRow> = ledger_of(pool, user_id)
        .await?
        .into_iter()
        .filter(|row| as_of.is_none_or(|limit| row.at <= limit))
        .collect();
    let mut rows = stored.iter().peekable();
    for expected in &replayed.entries {
        let e = &expected.entry;
        let sequence = expected.sequence as i64;
        while let Some(extra) = rows.next_if(|r| r.sequence < sequence) {
            differences.push(format!(
                "user {user_id}: ledger row #{} ({} {}) has no event in the log",
                extra.sequence,
                extra.kind,
                extra.amount.to_yuan()
            ));
        }
        match rows.next_if(|r| r.sequence == sequence) {
            None => differences.push(format!(
                "user {user_id}: event #{sequence} ({}) {} {} is missing from the ledger",
                expected.event_type,
                e.kind,
                e.amount.to_yuan()
            )),
            Some(row) => {
                let same = row.kind == e.kind
                    && row.reference == e.reference
                    && row.amount == e.amount
                    && row.balance_after == e.balance_after
                    && row.frozen_after == e.frozen_after
                    && row.at == e.at;
                if !same {
                    differences.push(format!(
                        "user {user_id}: event #{sequence} ({}): the ledger row says {} {} {} balance {} frozen {} at {}, \
                         the log says {} {} {} balance {} frozen {} at {}",
                        expected.event_type,
                        row.kind,
                        row.reference,
                        row.amount.to_yuan(),
                        row.balance_after.to_yuan(),
                        row.frozen_after.to_yuan(),
                        row.at,
                        e.kind,
                        e.reference,
                        e.amount.to_yuan(),
                        e.balance_after.to_yuan(),
                        e.frozen_after.to_yuan(),
                        e.at
                    ));
                }
            }
        }
    }
    for extra in rows {
        differences.push(format!(
            "user {user_id}: ledger row #{} ({} {}) has no event in the log",
            extra.sequence,
            extra.kind,
            extra.amount.to_yuan()
        ));
    }

    if as_of.is_none() {
        let row = sqlx::query("SELECT balance, frozen FROM wallet_balances WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(pool)
            .await?;
        let (balance, frozen) = row
            .map(|r| (Fen(r.get("balance")), Fen(r.get("frozen"))))
            .unwrap_or_default();
        if (balance, frozen) != (replayed.balance, replayed.frozen) {
            let last = replayed
                .entries
                .last()
                .map(|e| format!("event #{} ({})", e.sequence, e.event_type))
                .unwrap_or_else(|| "no money event".into());
            differences.push(format!(
                "user {user_id}: wallet_balances says balance {} frozen {}, the log up to {last} says {} and {}",
                balance.to_yuan(),
                frozen.to_yuan(),
                replayed.balance.to_yuan(),
                replayed.frozen.to_yuan()
            ));
        }
    }
    Ok(WalletAudit {
        user_id: user_id.to_string(),
        replayed,
        differences,
    })
}
