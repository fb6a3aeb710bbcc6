//! Payments: jpmall's record of what it asked a payer to pay, the gateway port, and the webhook that
//! turns a gateway's signed confirmation into a wallet credit.
//!
//! The default gateway is [`LocalQrGateway`], a simulator inside jpmall that behaves like a real one: a
//! QR code opens its payment page, and confirming there sends a callback signed with HMAC-SHA256 to
//! the webhook, over HTTP like any gateway would. A real gateway adds another [`PaymentGateway`].

use domain::money::Fen;
use domain::wallet::WalletCommand;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::error::{Error, Refusal};
use crate::wallet::WalletQueue;
use crate::Database;

/// How long a payer has to pay a QR code.
pub const PAYMENT_TTL_SECONDS: i64 = 15 * 60;
/// A gateway's clock may run a little ahead of ours.
const CLOCK_SKEW_SECONDS: i64 = 300;
pub const SIGNATURE_HEADER: &str = "x-jpmall-signature";
pub const NOTIFY_PATH: &str = "/jpmall/payment/notify";

/// What the gateway is told about a payment when it is created.
#[derive(Debug, Clone)]
pub struct NewPayment {
    pub id: String,
    pub amount: Fen,
    pub expires_at: i64,
    /// Where the gateway sends its confirmation.
    pub notify_url: String,
}

/// The gateway port: registering a payment answers what the payer's QR code encodes (a URL the
/// payer's phone opens, or the gateway's own code such as Alipay's `qr_code` or WeChat's `code_url`).
#[async_trait::async_trait]
pub trait PaymentGateway: Send + Sync {
    /// How logs and metrics name the gateway.
    fn name(&self) -> &'static str;
    async fn create(&self, payment: &NewPayment, public_base: &str) -> anyhow::Result<String>;
    /// The local simulator, whose confirmations anyone can give: its money is marked simulated.
    fn is_simulator(&self) -> bool {
        false
    }
}

/// The simulator's pages live in jpmall itself, under `/pay/<id>`.
pub struct LocalQrGateway;

#[async_trait::async_trait]
impl PaymentGateway for LocalQrGateway {
    fn name(&self) -> &'static str {
        "simulator"
    }

    fn is_simulator(&self) -> bool {
        true
    }

    async fn create(&self, payment: &NewPayment, public_base: &str) -> anyhow::Result<String> {
        Ok(format!(
            "{}/pay/{}",
            public_base.trim_end_matches('/'),
            payment.id
        ))
    }
}

/// The body of a gateway callback.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notification {
    pub payment_id: String,
    /// Fen actually paid.
    pub amount: i64,
    pub paid_at: i64,
    pub nonce: String,
}

pub fn sign(secret: &[u8], body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

fn signature_matches(secret: &[u8], body: &[u8], signature: &str) -> bool {
    let Ok(given) = hex::decode(signature.trim()) else {
        return false;
    };
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
    mac.update(body);
    mac.verify_slice(&given).is_ok()
}

/// A payment as jpmall stores it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Payment {
    pub id: String,
    pub user_id: String,
    pub purpose: String,
    pub amount: Fen,
    /// `pending`, `paid`, or `expired` (pending past its expiry).
    pub status: String,
    pub notify_url: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub paid_at: Option<i64>,
    /// The order a QR order payment is for; empty for a top-up.
    pub order_no: String,
}

pub async fn find(db: &Database, id: &str, now: i64) -> Result<Option<Payment>, Error> {
    let row = sqlx::query(
        "SELECT id, user_id, purpose, amount, status, notify_url, created_at, expires_at, COALESCE(paid_at, 0) AS paid_at, \
         order_no FROM payments WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await
    .map_err(anyhow::Error::from)?;
    Ok(row.map(|r| {
        use sqlx::Row;
        let status: String = r.get("status");
        let expires_at: i64 = r.get("expires_at");
        let paid_at: i64 = r.get("paid_at");
        Payment {
            id: r.get("id"),
            user_id: r.get("user_id"),
            purpose: r.get("purpose"),
            amount: Fen(r.get("amount")),
            status: if status == "pending" && now > expires_at {
                "expired".into()
            } else {
                status
            },
            notify_url: r.get("notify_url"),
            created_at: r.get("created_at"),
            expires_at,
            paid_at: (paid_at > 0).then_some(paid_at),
            order_no: r.get("order_no"),
        }
    }))
}

/// Asks the wallet for a top-up and registers the payment that will complete it.
pub async fn request_top_up(
    db: &Database,
    queue: &WalletQueue,
    user_id: &str,
    amount: Fen,
    notify_url: &str,
    simulated: bool,
    now: i64,
) -> Result<Payment, Error> {
    request_payment(db, queue, user_id, amount, notify_url, "", simulated, now).await
}

/// A payment that tops the wallet up; with an order number, the order is paid from the wallet as soon
/// as the payment is confirmed (see `orders::payment`), so money paid for an order that can no longer
/// be paid stays in the wallet.
#[allow(clippy::too_many_arguments)] // each is one fact of the payment; a struct would only rename them
pub async fn request_payment(
    db: &Database,
    queue: &WalletQueue,
    user_id: &str,
    amount: Fen,
    notify_url: &str,
    order_no: &str,
    simulated: bool,
    now: i64,
) -> Result<Payment, Error> {
    let id = format!("P{}", uuid::Uuid::now_v7().simple());
    queue
        .execute(
            user_id,
            WalletCommand::RequestTopUp {
                payment_id: id.clone(),
                amount,
                at: now,
                simulated,
            },
        )
        .await?;
    let expires_at = now + PAYMENT_TTL_SECONDS;
    let purpose = if order_no.is_empty() { "top_up" } else { "order" };
    sqlx::query(
        "INSERT INTO payments (id, user_id, purpose, amount, status, notify_url, created_at, expires_at, order_no) \
         VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8)",
    )
    .bind(&id)
    .bind(user_id)
    .bind(purpose)
    .bind(amount.0)
    .bind(notify_url)
    .bind(now)
    .bind(expires_at)
    .bind(order_no)
    .execute(&db.pool)
    .await
    .map_err(anyhow::Error::from)?;
    Ok(Payment {
        id,
        user_id: user_id.into(),
        purpose: purpose.into(),
        amount,
        status: "pending".into(),
        notify_url: notify_url.into(),
        created_at: now,
        expires_at,
        paid_at: None,
        order_no: order_no.into(),
    })
}

/// Why a callback was not accepted. Each is logged and recorded; the gateway gets HTTP 400.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallbackRejection {
    #[error("the signature does not match the body")]
    BadSignature,
    #[error("the body is not a payment notification: {0}")]
    Malformed(String),
    #[error("no such payment")]
    UnknownPayment,
    #[error("paid {paid} fen, but the payment is for {expected} fen")]
    AmountMismatch { expected: i64, paid: i64 },
    #[error("paid at {paid_at}, after the payment expired at {expires_at}")]
    Expired { paid_at: i64, expires_at: i64 },
    #[error("the wallet refused the credit: {0}")]
    Refused(String),
    #[error("the notification is for {field} {given:?}, not ours ({expected:?})")]
    NotOurs {
        field: &'static str,
        expected: String,
        given: String,
    },
    #[error("the notification is stale: signed at {signed_at}, received at {received_at}")]
    Stale { signed_at: i64, received_at: i64 },
}

/// What a verified notification says was paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirmation {
    pub payment_id: String,
    /// Fen actually paid.
    pub amount: i64,
    pub paid_at: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallbackOutcome {
    Credited {
        payment_id: String,
    },
    /// A repeat of a callback already honoured: nothing more is credited.
    AlreadyPaid {
        payment_id: String,
    },
    /// A genuine notification that reports no payment (a trade closed or still waiting): nothing to do.
    Ignored,
}

/// A callback that was not honoured: refused for a reason the gateway should hear, or not processed.
enum Unhonoured {
    Refused {
        payment_id: String,
        rejection: CallbackRejection,
    },
    Failed(Error),
}

impl From<Error> for Unhonoured {
    fn from(e: Error) -> Self {
        Unhonoured::Failed(e)
    }
}

fn refused(payment_id: &str, rejection: CallbackRejection) -> Unhonoured {
    Unhonoured::Refused {
        payment_id: payment_id.to_string(),
        rejection,
    }
}

/// The simulator's webhook: checks the HMAC signature, then settles the notification.
pub async fn handle_callback(
    db: &Database,
    queue: &WalletQueue,
    secret: &[u8],
    body: &[u8],
    signature: &str,
    now: i64,
) -> Result<CallbackOutcome, Error> {
    let verdict = if signature_matches(secret, body, signature) {
        serde_json::from_slice::<Notification>(body)
            .map(|note| {
                Some(Confirmation {
                    payment_id: note.payment_id,
                    amount: note.amount,
                    paid_at: note.paid_at,
                })
            })
            .map_err(|e| CallbackRejection::Malformed(e.to_string()))
    } else {
        Err(CallbackRejection::BadSignature)
    };
    settle_notification(db, queue, "simulator", verdict, now).await
}

/// Any gateway's webhook after its own checks (signature, app, decryption): checks the amount and the
/// expiry against jpmall's record, then completes the top-up. Safe to deliver any number of times, in
/// parallel or not: the wallet credits a payment id once. Every notification is recorded with its
/// outcome and counted; refusals are also logged.
pub async fn settle_notification(
    db: &Database,
    queue: &WalletQueue,
    gateway: &'static str,
    verdict: Result<Option<Confirmation>, CallbackRejection>,
    now: i64,
) -> Result<CallbackOutcome, Error> {
    let outcome = match verdict {
        Ok(Some(confirmation)) => judge_callback(db, queue, confirmation, now).await,
        Ok(None) => Ok(CallbackOutcome::Ignored),
        Err(rejection) => Err(refused("", rejection)),
    };
    let (payment_id, verdict, detail) = match &outcome {
        Ok(CallbackOutcome::Credited { payment_id }) => (payment_id.as_str(), "credited", String::new()),
        Ok(CallbackOutcome::AlreadyPaid { payment_id }) => (payment_id.as_str(), "repeat", String::new()),
        Ok(CallbackOutcome::Ignored) => ("", "ignored", String::new()),
        Err(Unhonoured::Refused {
            payment_id,
            rejection,
        }) => {
            tracing::warn!(gateway, payment_id, %rejection, "payment callback refused");
            (payment_id.as_str(), "refused", rejection.to_string())
        }
        Err(Unhonoured::Failed(_)) => ("", "failed", String::new()),
    };
    metrics::counter!("jpmall_payment_callbacks_total", "gateway" => gateway, "outcome" => verdict)
        .increment(1);
    if verdict != "failed" {
        sqlx::query(
            "INSERT INTO payment_callbacks (payment_id, outcome, detail, received_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(payment_id)
        .bind(verdict)
        .bind(&detail)
        .bind(now)
        .execute(&db.pool)
        .await
        .map_err(anyhow::Error::from)?;
    }
    outcome.map_err(|unhonoured| match unhonoured {
        Unhonoured::Refused { rejection, .. } => {
            Error::Invalid(Refusal::new("payment.callback_refused").with("reason", rejection))
        }
        Unhonoured::Failed(e) => e,
    })
}

async fn judge_callback(
    db: &Database,
    queue: &WalletQueue,
    note: Confirmation,
    now: i64,
) -> Result<CallbackOutcome, Unhonoured> {
    let id = note.payment_id.as_str();
    let payment = find(db, id, now)
        .await?
        .ok_or_else(|| refused(id, CallbackRejection::UnknownPayment))?;
    if note.amount != payment.amount.0 {
        return Err(refused(
            id,
            CallbackRejection::AmountMismatch {
                expected: payment.amount.0,
                paid: note.amount,
            },
        ));
    }
    if note.paid_at > payment.expires_at || note.paid_at > now + CLOCK_SKEW_SECONDS {
        return Err(refused(
            id,
            CallbackRejection::Expired {
                paid_at: note.paid_at,
                expires_at: payment.expires_at,
            },
        ));
    }
    let command = WalletCommand::CompleteTopUp {
        payment_id: payment.id.clone(),
        amount: payment.amount,
        at: note.paid_at,
    };
    match queue.execute(&payment.user_id, command).await {
        Ok(()) => {}
        Err(Error::Invalid(refusal)) => {
            return Err(refused(id, CallbackRejection::Refused(refusal.key.to_string())))
        }
        Err(e) => return Err(e.into()),
    }
    let marked =
        sqlx::query("UPDATE payments SET status = 'paid', paid_at = $1 WHERE id = $2 AND status = 'pending'")
            .bind(note.paid_at)
            .bind(id)
            .execute(&db.pool)
            .await
            .map_err(|e| Error::Internal(e.into()))?;
    let payment_id = id.to_string();
    Ok(if marked.rows_affected() == 1 {
        CallbackOutcome::Credited { payment_id }
    } else {
        CallbackOutcome::AlreadyPaid { payment_id }
    })
}

/// The simulator's side of a confirmation: the signed callback it will deliver, or why the payer
/// cannot pay (the page shows it).
pub fn simulated_callback(
    payment: &Payment,
    secret: &[u8],
    now: i64,
) -> Result<(Vec<u8>, String), &'static str> {
    match payment.status.as_str() {
        "paid" => return Err("payment.already_paid"),
        "expired" => return Err("payment.expired"),
        _ => {}
    }
    let note = Notification {
        payment_id: payment.id.clone(),
        amount: payment.amount.0,
        paid_at: now,
        nonce: uuid::Uuid::new_v4().simple().to_string(),
    };
    let body = serde_json::to_vec(&note).expect("a notification serialises");
    let signature = sign(secret, &body);
    Ok((body, signature))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_verify_only_for_the_same_secret_and_body() {
        let signature = sign(b"secret", b"{\"a\":1}");
        assert!(signature_matches(b"secret", b"{\"a\":1}", &signature));
        assert!(!signature_matches(b"other", b"{\"a\":1}", &signature));
        assert!(!signature_matches(b"secret", b"{\"a\":2}", &signature));
        assert!(!signature_matches(b"secret", b"{\"a\":1}", "not hex"));
    }
}
