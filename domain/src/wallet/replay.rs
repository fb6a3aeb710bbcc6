//! The auditor's arithmetic: a wallet recomputed from its events alone, by adding up the money each
//! one moved, without trusting the `balance_after` the events carry nor the aggregate's own code.

use crate::money::Fen;
use crate::wallet::events::{LedgerEntry, WalletEvent};

/// One money event as the audit sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayedEntry {
    pub sequence: u64,
    pub event_type: String,
    pub entry: LedgerEntry,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Replayed {
    pub entries: Vec<ReplayedEntry>,
    pub balance: Fen,
    pub frozen: Fen,
    /// Events whose carried balance or frozen amount disagrees with the sum of the events before them.
    pub inconsistencies: Vec<String>,
}

/// Replays `events` (in sequence order), stopping before the first money event after `as_of` when given.
pub fn replay<'a>(events: impl IntoIterator<Item = (u64, &'a WalletEvent)>, as_of: Option<i64>) -> Replayed {
    use cqrs_es::DomainEvent;

    let mut out = Replayed::default();
    for (sequence, event) in events {
        let Some(entry) = event.ledger_entry() else {
            continue;
        };
        // Money events are recorded in the order they happened; requests and bindings move nothing.
        if as_of.is_some_and(|limit| entry.at > limit) {
            break;
        }
        let frozen_change = match event {
            WalletEvent::WithdrawalRequested { amount, .. } => amount.0,
            WalletEvent::WithdrawalPaid { amount, .. } | WalletEvent::WithdrawalRejected { amount, .. } => {
                -amount.0
            }
            _ => 0,
        };
        out.balance = Fen(out.balance.0.saturating_add(entry.amount.0));
        out.frozen = Fen(out.frozen.0.saturating_add(frozen_change));
        if entry.balance_after != out.balance || entry.frozen_after != out.frozen {
            out.inconsistencies.push(format!(
                "event #{sequence} ({}) carries balance {} and frozen {}, but the events up to it add up to {} and {}",
                event.event_type(),
                entry.balance_after.to_yuan(),
                entry.frozen_after.to_yuan(),
                out.balance.to_yuan(),
                out.frozen.to_yuan()
            ));
        }
        if out.balance.0 < 0 || out.frozen.0 < 0 {
            out.inconsistencies.push(format!(
                "event #{sequence} ({}) takes the wallet below zero",
                event.event_type()
            ));
        }
        out.entries.push(ReplayedEntry {
            sequence,
            event_type: event.event_type(),
            entry,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn top_up(id: &str, amount: i64, balance_after: i64, at: i64) -> WalletEvent {
        WalletEvent::TopUpCompleted {
            payment_id: id.into(),
            amount: Fen(amount),
            balance_after: Fen(balance_after),
            frozen_after: Fen::ZERO,
            at,
        }
    }

    #[test]
    fn sums_money_events_and_skips_the_rest() {
        let events = [
            WalletEvent::TopUpRequested {
                payment_id: "P1".into(),
                amount: Fen(500),
                at: 1,
                simulated: false,
            },
            top_up("P1", 500, 500, 2),
            WalletEvent::WithdrawalRequested {
                withdrawal_id: "W1".into(),
                amount: Fen(200),
                payee: "张三".into(),
                account: "13800001111".into(),
                balance_after: Fen(300),
                frozen_after: Fen(200),
                at: 3,
            },
            WalletEvent::WithdrawalPaid {
                withdrawal_id: "W1".into(),
                amount: Fen(200),
                balance_after: Fen(300),
                frozen_after: Fen::ZERO,
                at: 4,
            },
        ];
        let replayed = replay(events.iter().enumerate().map(|(i, e)| (i as u64 + 1, e)), None);
        assert_eq!((replayed.balance, replayed.frozen), (Fen(300), Fen::ZERO));
        assert_eq!(replayed.entries.len(), 3);
        assert!(replayed.inconsistencies.is_empty());
    }

    #[test]
    fn stops_at_the_as_of_time() {
        let events = [top_up("P1", 500, 500, 10), top_up("P2", 100, 600, 20)];
        let replayed = replay(
            events.iter().enumerate().map(|(i, e)| (i as u64 + 1, e)),
            Some(15),
        );
        assert_eq!(replayed.balance, Fen(500));
        assert_eq!(replayed.entries.len(), 1);
    }

    #[test]
    fn names_an_event_whose_carried_balance_is_wrong() {
        let events = [top_up("P1", 500, 500, 1), top_up("P2", 100, 900, 2)];
        let replayed = replay(events.iter().enumerate().map(|(i, e)| (i as u64 + 1, e)), None);
        assert_eq!(replayed.inconsistencies.len(), 1);
        assert!(replayed.inconsistencies[0].starts_with("event #2 (TopUpCompleted)"));
    }
}
