use serde::{Deserialize, Serialize};

use crate::money::Fen;
use crate::wallet::events::RefundKind;

/// Every command carries `at`, its business time in unix seconds, so that replaying or retrying it
/// records when it happened rather than when it was processed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum WalletCommand {
    RequestTopUp {
        payment_id: String,
        amount: Fen,
        at: i64,
        /// Paid through the local payment simulator.
        #[serde(default)]
        simulated: bool,
    },
    /// Sent by the payment confirmation, which names the payment and what was actually paid.
    CompleteTopUp {
        payment_id: String,
        amount: Fen,
        at: i64,
    },
    /// Binds the account withdrawals are paid to. Replacing a bound account with another needs
    /// `phone_verified`: the caller checked a code sent to the seller's phone for this purpose.
    BindPayoutAccount {
        payee: String,
        account: String,
        at: i64,
        #[serde(default)]
        phone_verified: bool,
    },
    RequestWithdrawal {
        withdrawal_id: String,
        amount: Fen,
        at: i64,
    },
    PayWithdrawal {
        withdrawal_id: String,
        at: i64,
    },
    RejectWithdrawal {
        withdrawal_id: String,
        reason: String,
        at: i64,
    },
    DebitOrderPayment {
        order_id: String,
        amount: Fen,
        at: i64,
    },
    /// Several orders paid in one step: decided on their sum (a short balance refuses them all), one
    /// `OrderPaymentDebited` per order, each idempotent per order id like `DebitOrderPayment`.
    DebitOrderPayments {
        payments: Vec<OrderPayment>,
        at: i64,
    },
    /// The compensation when the order cannot be marked paid after its debit.
    ReverseOrderPayment {
        order_id: String,
        at: i64,
    },
    CreditRefund {
        refund_id: String,
        order_id: String,
        kind: RefundKind,
        amount: Fen,
        at: i64,
    },
}

/// One order of [`WalletCommand::DebitOrderPayments`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderPayment {
    pub order_id: String,
    pub amount: Fen,
}
