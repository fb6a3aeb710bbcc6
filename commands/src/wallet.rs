//! Commands to the Wallet aggregate. Commands to one wallet are queued in this process, and an
//! optimistic-concurrency conflict with another process is retried on the fresh state, so that many
//! parallel withdrawals end with exactly the affordable ones accepted.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use cqrs_es::AggregateError;
use domain::wallet::{Wallet, WalletCommand, WalletError};
use sha2::{Digest, Sha256};

use crate::db::Cqrs;
use crate::error::{Error, Refusal};

/// Enough for dozens of processes racing on one wallet; each retry reloads the wallet's events.
const CONFLICT_RETRIES: u32 = 40;

pub struct WalletDesk {
    cqrs: Arc<Cqrs<Wallet>>,
    queues: Mutex<HashMap<String, Weak<tokio::sync::Mutex<()>>>>,
}

impl WalletDesk {
    pub fn new(cqrs: Arc<Cqrs<Wallet>>) -> Self {
        Self {
            cqrs,
            queues: Mutex::default(),
        }
    }

    fn queue(&self, user_id: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut queues = self.queues.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(queue) = queues.get(user_id).and_then(Weak::upgrade) {
            return queue;
        }
        queues.retain(|_, q| q.strong_count() > 0);
        let queue = Arc::new(tokio::sync::Mutex::new(()));
        queues.insert(user_id.to_string(), Arc::downgrade(&queue));
        queue
    }

    /// Runs `command` on the wallet of `user_id`; a refusal by the wallet's rules comes back as
    /// [`Error::Invalid`] with the rule's catalogue key.
    pub async fn execute(&self, user_id: &str, command: WalletCommand) -> Result<(), Error> {
        let queue = self.queue(user_id);
        let _turn = queue.lock().await;
        let mut attempt = 0;
        loop {
            match self.cqrs.execute(user_id, command.clone()).await {
                Ok(()) => return Ok(()),
                Err(AggregateError::UserError(e)) => return Err(refusal(&e).into()),
                Err(AggregateError::AggregateConflict) if attempt < CONFLICT_RETRIES => {
                    attempt += 1;
                    // Spread out the processes that collided so they do not collide again.
                    let jitter = rand::random::<u64>() % (5 * u64::from(attempt.min(10)) + 1);
                    tokio::time::sleep(Duration::from_millis(jitter)).await;
                }
                Err(e) => {
                    return Err(Error::Internal(anyhow::anyhow!(
                        "wallet command for user {user_id} failed: {e}"
                    )))
                }
            }
        }
    }
}

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

pub fn refusal(error: &WalletError) -> Refusal {
    let mut refusal = Refusal::new(error.key());
    refusal.field = field_of(error);
    refusal.params = error.params();
    refusal
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
