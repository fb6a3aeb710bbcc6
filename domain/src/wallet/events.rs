use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use crate::money::Fen;

/// Why money came back to the wallet. Stored in events, so variants are never renamed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RefundKind {
    Cancellation,
    OutOfStock,
    AfterSale,
}

impl RefundKind {
    /// Stable snake_case name for read tables and the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            RefundKind::Cancellation => "cancellation",
            RefundKind::OutOfStock => "out_of_stock",
            RefundKind::AfterSale => "after_sale",
        }
    }
}

/// Money events carry `balance_after` and `frozen_after` so projections copy the result instead of
/// recomputing it, and a replayed projection cannot drift from the aggregate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum WalletEvent {
    TopUpRequested {
        payment_id: String,
        amount: Fen,
        at: i64,
        /// Asked of the local payment simulator, whose "money" is not real: see
        /// [`crate::wallet::WalletServices::simulated_money_withdrawable`].
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        simulated: bool,
    },
    TopUpCompleted {
        payment_id: String,
        amount: Fen,
        balance_after: Fen,
        frozen_after: Fen,
        at: i64,
    },
    PayoutAccountBound {
        payee: String,
        account: String,
        at: i64,
    },
    /// Names the payee and account as they were bound when asked, since a later rebinding must not
    /// redirect a withdrawal already under way.
    WithdrawalRequested {
        withdrawal_id: String,
        amount: Fen,
        payee: String,
        account: String,
        balance_after: Fen,
        frozen_after: Fen,
        at: i64,
    },
    WithdrawalPaid {
        withdrawal_id: String,
        amount: Fen,
        balance_after: Fen,
        frozen_after: Fen,
        at: i64,
    },
    WithdrawalRejected {
        withdrawal_id: String,
        amount: Fen,
        reason: String,
        balance_after: Fen,
        frozen_after: Fen,
        at: i64,
    },
    OrderPaymentDebited {
        order_id: String,
        amount: Fen,
        balance_after: Fen,
        frozen_after: Fen,
        at: i64,
    },
    OrderPaymentReversed {
        order_id: String,
        amount: Fen,
        balance_after: Fen,
        frozen_after: Fen,
        at: i64,
    },
    RefundCredited {
        refund_id: String,
        order_id: String,
        kind: RefundKind,
        amount: Fen,
        balance_after: Fen,
        frozen_after: Fen,
        at: i64,
    },
}

/// One row of the wallet ledger, as the ledger projection stores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerEntry {
    /// Stable snake_case name: `top_up`, `withdrawal`, `withdrawal_paid`, `withdrawal_rejected`,
    /// `order_payment`, `order_payment_reversed`, `refund`.
    pub kind: &'static str,
    pub reference: String,
    /// Signed change to the available balance: positive in, negative out. Zero for `withdrawal_paid`,
    /// which only lowers the frozen amount.
    pub amount: Fen,
    pub balance_after: Fen,
    pub frozen_after: Fen,
    pub at: i64,
}

impl WalletEvent {
    /// The business time of the command that caused the event.
    pub fn at(&self) -> i64 {
        match self {
            WalletEvent::TopUpRequested { at, .. }
            | WalletEvent::TopUpCompleted { at, .. }
            | WalletEvent::PayoutAccountBound { at, .. }
            | WalletEvent::WithdrawalRequested { at, .. }
            | WalletEvent::WithdrawalPaid { at, .. }
            | WalletEvent::WithdrawalRejected { at, .. }
            | WalletEvent::OrderPaymentDebited { at, .. }
            | WalletEvent::OrderPaymentReversed { at, .. }
            | WalletEvent::RefundCredited { at, .. } => *at,
        }
    }

    /// The ledger row for an event that moves money; `None` for one that moves none.
    pub fn ledger_entry(&self) -> Option<LedgerEntry> {
        // Amounts in events are always positive, so negating cannot overflow; saturating keeps this
        // total anyway because projections call it on whatever the store holds.
        let (kind, reference, amount, balance_after, frozen_after, at) = match self {
            WalletEvent::TopUpRequested { .. } | WalletEvent::PayoutAccountBound { .. } => return None,
            WalletEvent::TopUpCompleted {
                payment_id,
                amount,
                balance_after,
                frozen_after,
                at,
            } => ("top_up", payment_id, *amount, balance_after, frozen_after, at),
            WalletEvent::WithdrawalRequested {
                withdrawal_id,
                amount,
                balance_after,
                frozen_after,
                at,
                ..
            } => (
                "withdrawal",
                withdrawal_id,
                Fen(amount.0.saturating_neg()),
                balance_after,
                frozen_after,
                at,
            ),
            WalletEvent::WithdrawalPaid {
                withdrawal_id,
                balance_after,
                frozen_after,
                at,
                ..
            } => (
                "withdrawal_paid",
                withdrawal_id,
                Fen::ZERO,
                balance_after,
                frozen_after,
                at,
            ),
            WalletEvent::WithdrawalRejected {
                withdrawal_id,
                amount,
                balance_after,
                frozen_after,
                at,
                ..
            } => (
                "withdrawal_rejected",
                withdrawal_id,
                *amount,
                balance_after,
                frozen_after,
                at,
            ),
            WalletEvent::OrderPaymentDebited {
                order_id,
                amount,
                balance_after,
                frozen_after,
                at,
            } => (
                "order_payment",
                order_id,
                Fen(amount.0.saturating_neg()),
                balance_after,
                frozen_after,
                at,
            ),
            WalletEvent::OrderPaymentReversed {
                order_id,
                amount,
                balance_after,
                frozen_after,
                at,
            } => (
                "order_payment_reversed",
                order_id,
                *amount,
                balance_after,
                frozen_after,
                at,
            ),
            WalletEvent::RefundCredited {
                refund_id,
                amount,
                balance_after,
                frozen_after,
                at,
                ..
            } => ("refund", refund_id, *amount, balance_after, frozen_after, at),
        };
        Some(LedgerEntry {
            kind,
            reference: reference.clone(),
            amount,
            balance_after: *balance_after,
            frozen_after: *frozen_after,
            at: *at,
        })
    }
}

impl DomainEvent for WalletEvent {
    fn event_type(&self) -> String {
        let name = match self {
            WalletEvent::TopUpRequested { .. } => "TopUpRequested",
            WalletEvent::TopUpCompleted { .. } => "TopUpCompleted",
            WalletEvent::PayoutAccountBound { .. } => "PayoutAccountBound",
            WalletEvent::WithdrawalRequested { .. } => "WithdrawalRequested",
            WalletEvent::WithdrawalPaid { .. } => "WithdrawalPaid",
            WalletEvent::WithdrawalRejected { .. } => "WithdrawalRejected",
            WalletEvent::OrderPaymentDebited { .. } => "OrderPaymentDebited",
            WalletEvent::OrderPaymentReversed { .. } => "OrderPaymentReversed",
            WalletEvent::RefundCredited { .. } => "RefundCredited",
        };
        name.to_string()
    }

    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}
