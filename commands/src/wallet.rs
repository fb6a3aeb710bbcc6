//! Commands to the Wallet aggregate go through a [`CommandQueue`]: queued per wallet, conflicts retried, so
//! that many parallel withdrawals end with exactly the affordable ones accepted.

use async_trait::async_trait;
use domain::wallet::{Wallet, WalletCommand, WalletError};
use sha2::{Digest, Sha256};
use sqlx::AnyConnection;
use statements::Together;

use crate::command_queue::{CommandQueue, Refuses};
use crate::error::{Error, Refusal};
use crate::sms::{check_code, mobile_of, use_code, SmsEvent};
use crate::store::InTransaction;
use crate::Database;

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
        WalletError::PhoneCodeRequired => Some("code"),
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

/// Binds the seller's payout account. With a `code` (the `payout_account` code sent to the seller's
/// own phone) the binding is proven and may replace a bound account; without one only a first
/// binding (or the bound account again) is accepted. The code is checked first, taking one of its
/// tries whether or not the binding follows, and used up in the transaction that stores the binding:
/// a binding refused for another reason leaves it usable, and two requests cannot both use it.
pub async fn bind_payout_account(
    db: &Database,
    wallets: &WalletQueue,
    user_id: &str,
    payee: &str,
    account: &str,
    code: &str,
    at: i64,
) -> Result<(), Error> {
    let command = |phone_verified| WalletCommand::BindPayoutAccount {
        payee: payee.to_string(),
        account: account.to_string(),
        at,
        phone_verified,
    };
    let code = code.trim();
    if code.is_empty() {
        return wallets.execute(user_id, command(false)).await;
    }
    let mobile = mobile_of(db, user_id).await?;
    let mut tx = db.begin_write().await?;
    let checked = check_code(&mut tx, &mobile, SmsEvent::PayoutAccount, code).await?;
    tx.commit().await?;
    let code_id = checked?;
    wallets
        .execute_in(user_id, command(true), &UseCode { code_id })
        .await
}

/// Uses up the checked code with the binding it allowed: both or neither.
struct UseCode {
    code_id: String,
}

#[async_trait]
impl InTransaction for UseCode {
    async fn run(&self, conn: &mut AnyConnection, _later: &mut Together) -> Result<(), Error> {
        use_code(conn, &self.code_id).await?.map_err(Error::from)
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
