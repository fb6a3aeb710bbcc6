//! Commands to the Wallet aggregate go through a [`CommandQueue`]: queued per wallet, conflicts retried, so
//! that many parallel withdrawals end with exactly the affordable ones accepted.

use domain::wallet::{Wallet, WalletError};
use sha2::{Digest, Sha256};

use crate::command_queue::{CommandQueue, Refuses};
use crate::error::Refusal;

pub type WalletQueue = CommandQueue<Wallet>;

/// The field of the request a wallet rule is about, for the error envelope.
fn field_of(error: &WalletError) -> Option<&'static str> {
    match error {
        WalletError::AmountNotPositive
        | WalletError::TopUpAboveCap { .. }
        | WalletError::WithdrawalAboveCap { .. }
        | WalletError::InsufficientBalance { .. }
        | WalletError::Overflow => Some("amount"),
        WalletError::PayeeRequired => Some("payee"),
        WalletError::AccountRequired => Some("account"),
        WalletError::ReasonRequired => Some("reason"),
        _ => None,
    }
}

impl Refuses for WalletError {
    fn refusal(&self) -> Refusal {
        let mut refusal = Refusal::new(self.key());
        refusal.field = field_of(self);
        refusal.params = self.params();
        refusal
    }
}

/// A withdrawal's id: derived from the client's request id when there is one, so that resending the
/// same request finds the first withdrawal instead of freezing the amount twice.
pub fn withdrawal_id(user_id: &str, request_id: Option<&str>) -> String {
    match request_id.map(str::trim).filter(|r| !r.is_empty()) {
        Some(request) => {
            let digest = Sha256::digest(format!("{user_id}\u{0}{request}").as_bytes());
            format!("W{}", &hex::encode(digest)[..24])
        }
        None => format!("W{}", uuid::Uuid::now_v7().simple()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_id_always_names_the_same_withdrawal_of_the_same_user() {
        assert_eq!(withdrawal_id("u1", Some("r1")), withdrawal_id("u1", Some("r1")));
        assert_ne!(withdrawal_id("u1", Some("r1")), withdrawal_id("u2", Some("r1")));
        assert_ne!(withdrawal_id("u1", None), withdrawal_id("u1", None));
        assert_ne!(withdrawal_id("u1", Some(" ")), withdrawal_id("u1", Some(" ")));
    }
}
