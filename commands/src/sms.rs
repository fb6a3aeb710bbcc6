//! SMS verification codes: 60 s cooldown per phone, a daily cap, five minutes of validity, five wrong
//! tries, one use. Sending sits behind `SmsProvider`; the development provider writes to an outbox.

use std::sync::Arc;

use async_trait::async_trait;
use domain::accounts::check_mobile;
use domain::constants::{
    SMS_CODE_VALIDITY_SECONDS, SMS_COOLDOWN_SECONDS, SMS_DAILY_CAP, SMS_MAX_WRONG_TRIES,
};
use rand::Rng;
use sha2::{Digest, Sha256};
use sqlx::{Any, AnyConnection, Row, Transaction};

use crate::clock::now;
use crate::error::{Error, Refusal, Result};
use crate::{captcha, Database};
use domain::calendar::DAY_SECONDS;

/// What a verification code is for. A code is checked only for the purpose it was sent for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmsEvent {
    Register,
    ResetPassword,
    ChangeMobile,
    /// Changing the bound payout account; sent only to a signed-in seller's own phone
    /// ([`send_code_to_user`]), never by `sendSmsText`.
    PayoutAccount,
}

impl SmsEvent {
    /// The purposes anyone may ask a code for by naming a phone (`sendSmsText`).
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "register" => Some(Self::Register),
            "resetpwd" => Some(Self::ResetPassword),
            "changemobile" => Some(Self::ChangeMobile),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Register => "register",
            Self::ResetPassword => "resetpwd",
            Self::ChangeMobile => "changemobile",
            Self::PayoutAccount => "payout_account",
        }
    }
}

pub struct SmsMessage<'a> {
    pub mobile: &'a str,
    pub event: SmsEvent,
    pub code: &'a str,
    pub text: String,
}

#[async_trait]
pub trait SmsProvider: Send + Sync {
    /// How logs and metrics name the provider.
    fn name(&self) -> &'static str;
    /// Delivers the message; an error names the provider's request id where it gave one.
    async fn send(&self, message: SmsMessage<'_>) -> anyhow::Result<()>;
}

/// Development provider: "sends" by writing to the outbox that `jpmall ops outbox` prints.
pub struct OutboxProvider {
    pub db: Database,
}

#[async_trait]
impl SmsProvider for OutboxProvider {
    fn name(&self) -> &'static str {
        "outbox"
    }

    async fn send(&self, message: SmsMessage<'_>) -> anyhow::Result<()> {
        // Time-ordered ids: messages sent within the same second still list newest first.
        sqlx::query(
            "INSERT INTO sms_outbox (id, mobile, event, code, text, sent_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(uuid::Uuid::now_v7().simple().to_string())
        .bind(message.mobile)
        .bind(message.event.as_str())
        .bind(message.code)
        .bind(&message.text)
        .bind(now())
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }
}

pub struct SendCode<'a> {
    pub mobile: &'a str,
    pub event: &'a str,
    pub captcha_key: &'a str,
    pub captcha: &'a str,
    /// The message in the requester's language, with `{code}` where the code goes.
    pub template: &'a str,
}

/// Seconds since the start of the current day in China Standard Time, the day the daily cap counts.
fn start_of_china_day(at: i64) -> i64 {
    const CST_OFFSET: i64 = 8 * 3600;
    (at + CST_OFFSET).div_euclid(DAY_SECONDS) * DAY_SECONDS - CST_OFFSET
}

/// Sends a code for one of the public purposes to the phone named, once its captcha is answered.
pub async fn send_code(db: &Database, provider: &Arc<dyn SmsProvider>, req: SendCode<'_>) -> Result<()> {
    check_mobile(req.mobile)?;
    let event = SmsEvent::parse(req.event).ok_or_else(|| Refusal::new("sms.event_invalid").on("event"))?;
    let registered = sqlx::query("SELECT 1 FROM users WHERE mobile = $1")
        .bind(req.mobile)
        .fetch_optional(&db.pool)
        .await?
        .is_some();
    match event {
        SmsEvent::Register | SmsEvent::ChangeMobile if registered => {
            return Err(Refusal::new("mobile.registered").on("mobile").into())
        }
        SmsEvent::ResetPassword if !registered => {
            return Err(Refusal::new("mobile.not_registered").on("mobile").into())
        }
        _ => {}
    }
    deliver(
        db,
        provider,
        req.mobile,
        event,
        Some((req.captcha_key, req.captcha)),
        req.template,
    )
    .await
}

/// Sends a code for `event` to the phone of the signed-in user `user_id`, and answers that phone.
/// No captcha: the code can reach only the account's own phone, whose cooldown and daily cap are
/// the same as for every other code.
pub async fn send_code_to_user(
    db: &Database,
    provider: &Arc<dyn SmsProvider>,
    user_id: &str,
    event: SmsEvent,
    template: &str,
) -> Result<String> {
    let mobile = mobile_of(db, user_id).await?;
    deliver(db, provider, &mobile, event, None, template).await?;
    Ok(mobile)
}

/// The phone of an account that exists (the caller is signed in as it).
pub(crate) async fn mobile_of(db: &Database, user_id: &str) -> Result<String> {
    let mobile: Option<String> = sqlx::query_scalar("SELECT mobile FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    mobile.ok_or_else(|| Error::Internal(anyhow::anyhow!("user {user_id} has a session but no account")))
}

/// The captcha (when asked for), the daily cap and the cooldown, then the code stored and sent.
async fn deliver(
    db: &Database,
    provider: &Arc<dyn SmsProvider>,
    mobile: &str,
    event: SmsEvent,
    captcha: Option<(&str, &str)>,
    template: &str,
) -> Result<()> {
    let at = now();
    let code = format!("{:06}", rand::thread_rng().gen_range(0..1_000_000));
    let mut tx = db.begin_write().await?;
    if let Some((captcha_key, answer)) = captcha {
        if let Err(key) = captcha::consume(&mut tx, captcha_key, answer).await? {
            tx.commit().await?;
            return Err(Refusal::new(key).on("captcha").into());
        }
    }
    let sent_today: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM sms_codes WHERE mobile = $1 AND created_at >= $2")
            .bind(mobile)
            .bind(start_of_china_day(at))
            .fetch_one(&mut *tx)
            .await?;
    if sent_today >= i64::from(SMS_DAILY_CAP) {
        tx.commit().await?;
        return Err(Error::TooMany(
            Refusal::new("sms.daily_cap").with("cap", SMS_DAILY_CAP),
        ));
    }
    let previous_send: Option<i64> = sqlx::query("SELECT last_sent_at FROM sms_throttle WHERE mobile = $1")
        .bind(mobile)
        .fetch_optional(&mut *tx)
        .await?
        .map(|r| r.get("last_sent_at"));
    if let Some(wait) = claim_cooldown(&mut tx, mobile, at).await? {
        tx.commit().await?;
        return Err(Error::TooMany(Refusal::new("sms.cooldown").with("seconds", wait)));
    }
    let code_id = uuid::Uuid::now_v7().simple().to_string();
    sqlx::query(
        "INSERT INTO sms_codes (id, mobile, event, code_hash, created_at, expires_at, attempts, used_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 0, NULL)",
    )
    .bind(&code_id)
    .bind(mobile)
    .bind(event.as_str())
    .bind(hash_code(mobile, &code))
    .bind(at)
    .bind(at + SMS_CODE_VALIDITY_SECONDS)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;

    let text = template.replace("{code}", &code);
    let sent = provider
        .send(SmsMessage {
            mobile,
            event,
            code: &code,
            text,
        })
        .await;
    let outcome = if sent.is_ok() { "sent" } else { "failed" };
    metrics::counter!("jpmall_sms_sends_total", "provider" => provider.name(), "outcome" => outcome)
        .increment(1);
    if let Err(error) = sent {
        tracing::error!(
            provider = provider.name(),
            event = event.as_str(),
            "SMS could not be sent: {error:#}"
        );
        withdraw_code(db, mobile, &code_id, at, previous_send).await?;
        return Err(Error::Unavailable(Refusal::new("sms.send_failed")));
    }
    Ok(())
}

/// Takes back a code the provider never delivered: the seller's earlier code (if any) stays the one
/// that counts, and the send neither counts towards the daily cap nor starts a cooldown of its own.
async fn withdraw_code(
    db: &Database,
    mobile: &str,
    code_id: &str,
    sent_at: i64,
    previous_send: Option<i64>,
) -> Result<()> {
    let mut tx = db.begin_write().await?;
    sqlx::query("DELETE FROM sms_codes WHERE id = $1")
        .bind(code_id)
        .execute(&mut *tx)
        .await?;
    // Only the slot this send took goes back; a send that claimed it since keeps it.
    sqlx::query("UPDATE sms_throttle SET last_sent_at = $1 WHERE mobile = $2 AND last_sent_at = $3")
        .bind(previous_send.unwrap_or(0))
        .bind(mobile)
        .bind(sent_at)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Takes the phone's send slot unless one was taken less than the cooldown ago; answers the seconds
/// left when it was. A single conditional upsert, so two racing requests cannot both send.
async fn claim_cooldown(tx: &mut Transaction<'static, Any>, mobile: &str, at: i64) -> Result<Option<i64>> {
    let claimed = sqlx::query(
        "INSERT INTO sms_throttle (mobile, last_sent_at) VALUES ($1, $2) \
         ON CONFLICT (mobile) DO UPDATE SET last_sent_at = excluded.last_sent_at \
         WHERE sms_throttle.last_sent_at <= $3",
    )
    .bind(mobile)
    .bind(at)
    .bind(at - SMS_COOLDOWN_SECONDS)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if claimed == 1 {
        return Ok(None);
    }
    let last: i64 = sqlx::query_scalar("SELECT last_sent_at FROM sms_throttle WHERE mobile = $1")
        .bind(mobile)
        .fetch_one(&mut **tx)
        .await?;
    Ok(Some((last + SMS_COOLDOWN_SECONDS - at).max(1)))
}

fn hash_code(mobile: &str, code: &str) -> String {
    hex::encode(Sha256::digest(format!("{mobile}:{code}").as_bytes()))
}

/// Checks a code inside the caller's write transaction and uses it up when right. A wrong code
/// counts a try; the caller commits that even when it refuses the request.
pub async fn redeem_code(
    tx: &mut Transaction<'static, Any>,
    mobile: &str,
    event: SmsEvent,
    code: &str,
) -> Result<std::result::Result<(), Refusal>> {
    match check_code(tx, mobile, event, code).await? {
        Ok(id) => use_code(tx, &id).await,
        Err(refusal) => Ok(Err(refusal)),
    }
}

/// Checks a code inside the caller's write transaction without using it up, and answers its id for
/// [`use_code`] (which may then run in another transaction, with what the code allows). Every check
/// takes one of the code's tries, right or wrong; the caller commits that even when it refuses the
/// request.
pub async fn check_code(
    tx: &mut Transaction<'static, Any>,
    mobile: &str,
    event: SmsEvent,
    code: &str,
) -> Result<std::result::Result<String, Refusal>> {
    let row = sqlx::query(
        "SELECT id, expires_at, used_at FROM sms_codes \
         WHERE mobile = $1 AND event = $2 ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .bind(mobile)
    .bind(event.as_str())
    .fetch_optional(&mut **tx)
    .await?;
    let refused = |key| Ok(Err(Refusal::new(key).on("code")));
    let Some(row) = row else {
        return refused("code.incorrect");
    };
    let (id, expires_at, used_at): (String, i64, Option<i64>) =
        (row.get("id"), row.get("expires_at"), row.get("used_at"));
    if used_at.is_some() || expires_at < now() {
        return refused("code.expired");
    }
    // The try is taken before the code is compared, in one statement that also checks the cap, so
    // parallel guesses cannot all read the same count and all be compared.
    let taken = sqlx::query(
        "UPDATE sms_codes SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2 AND used_at IS NULL \
         RETURNING code_hash",
    )
    .bind(&id)
    .bind(i64::from(SMS_MAX_WRONG_TRIES))
    .fetch_optional(&mut **tx)
    .await?;
    let Some(taken) = taken else {
        return refused("code.too_many_tries");
    };
    let code_hash: String = taken.get("code_hash");
    if hash_code(mobile, code.trim()) != code_hash {
        return refused("code.incorrect");
    }
    Ok(Ok(id))
}

/// Uses up the code [`check_code`] answered, unless it was used (or expired) since: once only.
pub async fn use_code(conn: &mut AnyConnection, id: &str) -> Result<std::result::Result<(), Refusal>> {
    let at = now();
    let used = sqlx::query(
        "UPDATE sms_codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL AND expires_at >= $1",
    )
    .bind(at)
    .bind(id)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if used == 1 {
        Ok(Ok(()))
    } else {
        Ok(Err(Refusal::new("code.expired").on("code")))
    }
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct OutboxMessage {
    pub mobile: String,
    pub event: String,
    pub code: String,
    pub text: String,
    pub sent_at: i64,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct CaptchaAnswer {
    pub captcha_key: String,
    pub answer: String,
    pub created_at: i64,
}

/// The development outbox and recent captcha answers, newest first, for operators and tests.
pub async fn outbox(db: &Database, mobile: Option<&str>) -> Result<(Vec<OutboxMessage>, Vec<CaptchaAnswer>)> {
    let rows = sqlx::query(
        "SELECT mobile, event, code, text, sent_at FROM sms_outbox \
         WHERE ($1 = '' OR mobile = $1) ORDER BY sent_at DESC, id DESC LIMIT 50",
    )
    .bind(mobile.unwrap_or(""))
    .fetch_all(&db.pool)
    .await?;
    let sms = rows
        .iter()
        .map(|r| OutboxMessage {
            mobile: r.get("mobile"),
            event: r.get("event"),
            code: r.get("code"),
            text: r.get("text"),
            sent_at: r.get("sent_at"),
        })
        .collect();
    let rows = sqlx::query(
        "SELECT captcha_key, answer, created_at FROM captchas WHERE used = FALSE \
         ORDER BY created_at DESC LIMIT 50",
    )
    .fetch_all(&db.pool)
    .await?;
    let captchas = rows
        .iter()
        .map(|r| CaptchaAnswer {
            captcha_key: r.get("captcha_key"),
            answer: r.get("answer"),
            created_at: r.get("created_at"),
        })
        .collect();
    Ok((sms, captchas))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn china_day_starts_at_16_utc() {
        // 2026-11-21 15:59:59 UTC is 23:59:59 in Beijing; one second later a new day starts.
        let before = 1_795_276_799;
        assert_eq!(start_of_china_day(before + 1), before + 1);
        assert_eq!(start_of_china_day(before), before + 1 - DAY_SECONDS);
    }

    #[test]
    fn events_round_trip() {
        for e in [
            SmsEvent::Register,
            SmsEvent::ResetPassword,
            SmsEvent::ChangeMobile,
        ] {
            assert_eq!(SmsEvent::parse(e.as_str()), Some(e));
        }
        assert_eq!(SmsEvent::parse("login"), None);
        // Sent only to a signed-in seller's own phone, never to a phone someone names.
        assert_eq!(SmsEvent::PayoutAccount.as_str(), "payout_account");
        assert_eq!(SmsEvent::parse("payout_account"), None);
    }
}
