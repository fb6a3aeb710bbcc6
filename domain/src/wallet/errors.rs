use crate::money::Fen;
use crate::wallet::aggregate::WithdrawalStatus;

/// Why the wallet refused a command. The English text is for logs and tests; people see the message
/// the HTTP layer finds under [`WalletError::key`], filled with [`WalletError::params`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WalletError {
    #[error("the amount must be greater than 0")]
    AmountNotPositive,
    #[error("a top-up may not exceed {cap} yuan")]
    TopUpAboveCap { cap: Fen },
    #[error("no top-up was requested for this payment")]
    UnknownTopUp,
    #[error("the payment of {received} yuan does not match the requested top-up of {requested} yuan")]
    TopUpAmountMismatch { requested: Fen, received: Fen },
    #[error("a payee is required")]
    PayeeRequired,
    #[error("a payment-app account is required")]
    AccountRequired,
    #[error("changing the payout account needs the code sent to the seller's phone")]
    PhoneCodeRequired,
    #[error("bind a payment-app account before withdrawing")]
    AccountNotBound,
    #[error("a withdrawal may not exceed {cap} yuan")]
    WithdrawalAboveCap { cap: Fen },
    #[error("insufficient balance: {balance} yuan available")]
    InsufficientBalance { balance: Fen },
    #[error("insufficient balance: {needed} yuan needed, {balance} yuan available")]
    InsufficientBalanceFor { balance: Fen, needed: Fen },
    #[error("no order to pay")]
    NoPayments,
    #[error("only {withdrawable} yuan can be withdrawn: money from the payment simulator cannot")]
    SimulatedMoney { withdrawable: Fen },
    #[error("no such withdrawal")]
    UnknownWithdrawal,
    #[error("the withdrawal is {status}; only a pending withdrawal can be paid or rejected")]
    WithdrawalNotPending { status: WithdrawalStatus },
    #[error("a reason is required to reject a withdrawal")]
    ReasonRequired,
    #[error("this order was not paid from the wallet")]
    OrderNotDebited,
    #[error("reference '{reference}' was already used for a different request")]
    DuplicateReference { reference: String },
    #[error("the amount is too large")]
    Overflow,
}

impl WalletError {
    /// Stable catalogue key; the HTTP layer localises by it, so keys are never renamed.
    pub fn key(&self) -> &'static str {
        match self {
            WalletError::AmountNotPositive => "wallet.amount_not_positive",
            WalletError::TopUpAboveCap { .. } => "wallet.top_up_above_cap",
            WalletError::UnknownTopUp => "wallet.unknown_top_up",
            WalletError::TopUpAmountMismatch { .. } => "wallet.top_up_amount_mismatch",
            WalletError::PayeeRequired => "wallet.payee_required",
            WalletError::AccountRequired => "wallet.account_required",
            WalletError::PhoneCodeRequired => "wallet.phone_code_required",
            WalletError::AccountNotBound => "wallet.account_not_bound",
            WalletError::SimulatedMoney { .. } => "wallet.simulated_money",
            WalletError::WithdrawalAboveCap { .. } => "wallet.withdrawal_above_cap",
            WalletError::InsufficientBalance { .. } => "wallet.insufficient_balance",
            WalletError::InsufficientBalanceFor { .. } => "wallet.insufficient_balance_for",
            WalletError::NoPayments => "wallet.no_payments",
            WalletError::UnknownWithdrawal => "wallet.unknown_withdrawal",
            WalletError::WithdrawalNotPending { .. } => "wallet.withdrawal_not_pending",
            WalletError::ReasonRequired => "wallet.reason_required",
            WalletError::OrderNotDebited => "wallet.order_not_debited",
            WalletError::DuplicateReference { .. } => "wallet.duplicate_reference",
            WalletError::Overflow => "wallet.overflow",
        }
    }

    /// Values for the placeholders of the localised message; amounts as yuan strings.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            WalletError::TopUpAboveCap { cap } | WalletError::WithdrawalAboveCap { cap } => {
                vec![("cap", cap.to_yuan())]
            }
            WalletError::TopUpAmountMismatch { requested, received } => vec![
                ("requested", requested.to_yuan()),
                ("received", received.to_yuan()),
            ],
            WalletError::InsufficientBalance { balance } => vec![("balance", balance.to_yuan())],
            WalletError::InsufficientBalanceFor { balance, needed } => {
                vec![("balance", balance.to_yuan()), ("needed", needed.to_yuan())]
            }
            WalletError::SimulatedMoney { withdrawable } => vec![("withdrawable", withdrawable.to_yuan())],
            WalletError::WithdrawalNotPending { status } => {
                vec![("status", status.as_str().to_string())]
            }
            WalletError::DuplicateReference { reference } => {
                vec![("reference", reference.clone())]
            }
            WalletError::AmountNotPositive
            | WalletError::UnknownTopUp
            | WalletError::PayeeRequired
            | WalletError::AccountRequired
            | WalletError::PhoneCodeRequired
            | WalletError::AccountNotBound
            | WalletError::UnknownWithdrawal
            | WalletError::ReasonRequired
            | WalletError::OrderNotDebited
            | WalletError::NoPayments
            | WalletError::Overflow => Vec::new(),
        }
    }
}
