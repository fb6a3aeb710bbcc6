//! The wallet of one user (aggregate id = user id): top-ups, payouts, order payments and refunds.

pub mod aggregate;
pub mod commands;
pub mod errors;
pub mod events;
pub mod mask;
pub mod replay;

pub use aggregate::{PayoutAccount, Wallet, WalletServices, Withdrawal, WithdrawalStatus};
pub use commands::{OrderPayment, WalletCommand};
pub use errors::WalletError;
pub use events::{LedgerEntry, RefundKind, WalletEvent};
pub use mask::{mask_account, mask_payee};
pub use replay::{replay, Replayed, ReplayedEntry};
