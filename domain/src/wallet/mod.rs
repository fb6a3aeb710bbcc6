//! The wallet of one user (aggregate id = user id): top-ups, payouts, order payments and refunds.

pub mod aggregate;
pub mod commands;
pub mod errors;
pub mod events;

pub use aggregate::{PayoutAccount, Wallet, WalletServices, Withdrawal, WithdrawalStatus};
pub use commands::WalletCommand;
pub use errors::WalletError;
pub use events::{LedgerEntry, RefundKind, WalletEvent};
