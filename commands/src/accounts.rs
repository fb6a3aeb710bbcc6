//! Accounts and sessions: plain tables (users are reference data, not an event-sourced aggregate).

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use domain::accounts::{check_agreement, check_mobile, check_password_pair, check_sms_code, mask_mobile};
use domain::constants::SESSION_LIFETIME_SECONDS;
use rand::Rng;
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::clock::now;
use crate::error::{Error, Refusal, Result};
use crate::sms::{redeem_code, SmsEvent};
use crate::Database;

/// Failed logins counted per phone and per client address within this window.
pub const LOGIN_WINDOW_SECONDS: i64 = 15 * 60;
pub const LOGIN_MAX_FAILURES_PER_MOBILE: i64 = 5;
pub const LOGIN_MAX_FAILURES_PER_ADDRESS: i64 = 20;

/// A password that arrived encrypted and could not be decrypted is `Undecryptable`: it is refused
/// exactly like a wrong password, never as a format error that would reveal the difference.
pub enum Password {
    Plain(String),
    Undecryptable,
}

impl Password {
    pub(crate) fn plain(&self) -> Option<&str> {
        match self {
            Password::Plain(p) => Some(p),
            Password::Undecryptable => None,
        }
    }
}

pub struct Session {
    pub user_id: String,
    /// The opaque token handed to the client; only its hash is stored.
    pub token: String,
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub(crate) async fn hash_password(password: String) -> Result<String> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
    })
    .await
    .map_err(|e| Error::Internal(e.into()))?
    .map_err(|e| Error::Internal(anyhow::anyhow!("argon2: {e}")))
}

/// Verifies against the stored hash, or against a fixed dummy when the phone is unknown, so both
/// cases cost the same time.
pub(crate) async fn verify_password(password: Option<String>, stored: Option<String>) -> Result<bool> {
    const DUMMY: &str =
        "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3ThX6iDpSzOSHSWn55q4Pg7jFVm9bEI/XuYpmjyBRJw";
    tokio::task::spawn_blocking(move || {
        let known = stored.is_some();
        let stored = stored.unwrap_or_else(|| DUMMY.to_string());
        let Ok(parsed) = PasswordHash::new(&stored) else {
            return false;
        };
        let candidate = password.unwrap_or_default();
        let matches = Argon2::default()
            .verify_password(candidate.as_bytes(), &parsed)
            .is_ok();
        matches && known
    })
    .await
    .map_err(|e| Error::Internal(e.into()))
}

async fn open_session(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    user_id: &str,
    client_ip: &str,
    at: i64,
) -> Result<Session> {
    let token = hex::encode(rand::thread_rng().gen::<[u8; 32]>());
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, created_at, expires_at, client_ip) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(hash_token(&token))
    .bind(user_id)
    .bind(at)
    .bind(at + SESSION_LIFETIME_SECONDS)
    .bind(client_ip)
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE users SET last_login_at = $1 WHERE id = $2")
        .bind(at)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(Session {
        user_id: user_id.to_string(),
        token,
    })
}

pub struct Registration<'a> {
    pub mobile: &'a str,
    pub password: Password,
    pub repassword: Password,
    pub code: &'a str,
    pub agree: bool,
    pub client_ip: &'a str,
}

pub async fn register(db: &Database, req: Registration<'_>) -> Result<Session> {
    check_mobile(req.mobile)?;
    let (Some(password), Some(repassword)) = (req.password.plain(), req.repassword.plain()) else {
        return Err(Refusal::new("password.undecryptable").on("password").into());
    };
    check_password_pair(password, repassword)?;
    check_sms_code(req.code)?;
    check_agreement(req.agree)?;
    let password_hash = hash_password(password.to_string()).await?;

    let at = now();
    let mut tx = db.begin_write().await?;
    let exists = sqlx::query("SELECT 1 FROM users WHERE mobile = $1")
        .bind(req.mobile)
        .fetch_optional(&mut *tx)
        .await?;
    if exists.is_some() {
        return Err(Refusal::new("mobile.registered").on("mobile").into());
    }
    if let Err(refusal) = redeem_code(&mut tx, req.mobile, SmsEvent::Register, req.code).await? {
        tx.commit().await?;
        return Err(refusal.into());
    }
    let id = uuid::Uuid::new_v4().simple().to_string();
    let inserted = sqlx::query(
        "INSERT INTO users (id, mobile, username, nickname, avatar, qq, email, password_hash, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, '', '', '', $5, $6, $6)",
    )
    .bind(&id)
    .bind(req.mobile)
    .bind(format!("u{}", &id[..10]))
    .bind(mask_mobile(req.mobile))
    .bind(&password_hash)
    .bind(at)
    .execute(&mut *tx)
    .await;
    if let Err(e) = inserted {
        return Err(if is_unique_violation(&e) {
            Refusal::new("mobile.registered").on("mobile").into()
        } else {
            e.into()
        });
    }
    let session = open_session(&mut tx, &id, req.client_ip, at).await?;
    tx.commit().await?;
    Ok(session)
}

pub struct Login<'a> {
    pub mobile: &'a str,
    pub password: Password,
    pub client_ip: &'a str,
}

pub async fn login(db: &Database, req: Login<'_>) -> Result<Session> {
    check_mobile(req.mobile)?;
    if matches!(&req.password, Password::Plain(p) if p.is_empty()) {
        return Err(Refusal::new("password.required").on("password").into());
    }
    let at = now();
    let throttle = LoginThrottle::SELLERS;
    throttle.take_attempt(db, req.mobile, req.client_ip, at).await?;

    let row = sqlx::query("SELECT id, password_hash FROM users WHERE mobile = $1")
        .bind(req.mobile)
        .fetch_optional(&db.pool)
        .await?;
    let (user_id, stored) = match row {
        Some(r) => (
            Some(r.get::<String, _>("id")),
            Some(r.get::<String, _>("password_hash")),
        ),
        None => (None, None),
    };
    let password = req.password.plain().map(str::to_string);
    let matches = verify_password(password, stored).await?;
    let (true, Some(user_id)) = (matches, user_id) else {
        return Err(Refusal::new("login.failed").on("password").into());
    };
    let mut tx = db.begin_write().await?;
    throttle.forgive(&mut tx, req.mobile, req.client_ip).await?;
    let session = open_session(&mut tx, &user_id, req.client_ip, at).await?;
    tx.commit().await?;
    Ok(session)
}

/// Login throttling of one kind of account (sellers and staff are counted apart).
pub(crate) struct LoginThrottle {
    /// The scope of a phone together with the client address.
    phone_scope: &'static str,
    /// The scope of the client address alone.
    address_scope: &'static str,
}

impl LoginThrottle {
    pub(crate) const SELLERS: LoginThrottle = LoginThrottle {
        phone_scope: "mobile_address",
        address_scope: "address",
    };
    pub(crate) const STAFF: LoginThrottle = LoginThrottle {
        phone_scope: "staff_mobile_address",
        address_scope: "staff_address",
    };

    /// Counts the attempt before the password is checked, in one atomic step per key, so that
    /// parallel guesses are throttled like sequential ones. The phone is counted together with the
    /// client address: someone guessing at a phone locks out only himself, not its owner.
    pub(crate) async fn take_attempt(
        &self,
        db: &Database,
        mobile: &str,
        client_ip: &str,
        at: i64,
    ) -> Result<()> {
        let phone_key = format!("{mobile}|{client_ip}");
        let keys = [
            (
                self.phone_scope,
                phone_key.as_str(),
                LOGIN_MAX_FAILURES_PER_MOBILE,
            ),
            (self.address_scope, client_ip, LOGIN_MAX_FAILURES_PER_ADDRESS),
        ];
        let mut tx = db.begin_write().await?;
        let mut locked_until = None;
        for (scope, subject, cap) in keys {
            let (attempts, window_start) = count_attempt(&mut tx, scope, subject, at).await?;
            if attempts > cap {
                locked_until = locked_until.max(Some(window_start + LOGIN_WINDOW_SECONDS));
            }
        }
        sqlx::query("DELETE FROM login_attempts WHERE window_start <= $1")
            .bind(at - LOGIN_WINDOW_SECONDS)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        if let Some(until) = locked_until {
            let wait_minutes = (until - at + 59) / 60;
            return Err(Error::TooMany(
                Refusal::new("login.too_many").with("minutes", wait_minutes.max(1)),
            ));
        }
        Ok(())
    }

    /// A good login clears its phone's count and gives its address back the attempt it took.
    pub(crate) async fn forgive(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        mobile: &str,
        client_ip: &str,
    ) -> Result<()> {
        sqlx::query("DELETE FROM login_attempts WHERE scope = $1 AND subject = $2")
            .bind(self.phone_scope)
            .bind(format!("{mobile}|{client_ip}"))
            .execute(&mut **tx)
            .await?;
        sqlx::query(
            "UPDATE login_attempts SET attempts = attempts - 1 WHERE scope = $1 AND subject = $2 AND attempts > 0",
        )
        .bind(self.address_scope)
        .bind(client_ip)
        .execute(&mut **tx)
        .await?;
        Ok(())
    }
}

/// Takes one attempt of `subject` in the current window (a new window starts when the old one is
/// over); answers the attempts counted so far, this one included, and when the window started.
async fn count_attempt(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    scope: &str,
    subject: &str,
    at: i64,
) -> Result<(i64, i64)> {
    let row = sqlx::query(
        "INSERT INTO login_attempts (scope, subject, window_start, attempts) VALUES ($1, $2, $3, 1) \
         ON CONFLICT (scope, subject) DO UPDATE SET \
           attempts = CASE WHEN login_attempts.window_start <= $4 THEN 1 ELSE login_attempts.attempts + 1 END, \
           window_start = CASE WHEN login_attempts.window_start <= $4 THEN $3 ELSE login_attempts.window_start END \
         RETURNING attempts, window_start",
    )
    .bind(scope)
    .bind(subject)
    .bind(at)
    .bind(at - LOGIN_WINDOW_SECONDS)
    .fetch_one(&mut **tx)
    .await?;
    Ok((row.get("attempts"), row.get("window_start")))
}

/// Creates an account with a known password unless the phone has one (the demo login of the seed).
/// Answers whether it was created.
pub async fn ensure_user(db: &Database, mobile: &str, password: &str) -> Result<bool> {
    check_mobile(mobile)?;
    let password_hash = hash_password(password.to_string()).await?;
    let id = uuid::Uuid::new_v4().simple().to_string();
    let at = now();
    let created = sqlx::query(
        "INSERT INTO users (id, mobile, username, nickname, avatar, qq, email, password_hash, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, '', '', '', $5, $6, $6) ON CONFLICT DO NOTHING",
    )
    .bind(&id)
    .bind(mobile)
    .bind(format!("u{}", &id[..10]))
    .bind(mask_mobile(mobile))
    .bind(&password_hash)
    .bind(at)
    .execute(&db.pool)
    .await?
    .rows_affected();
    Ok(created == 1)
}

pub struct PasswordReset<'a> {
    pub mobile: &'a str,
    pub password: Password,
    pub repassword: Password,
    pub code: &'a str,
}

/// Sets a new password with an SMS code and ends every session of the account.
pub async fn reset_password(db: &Database, req: PasswordReset<'_>) -> Result<()> {
    check_mobile(req.mobile)?;
    let (Some(password), Some(repassword)) = (req.password.plain(), req.repassword.plain()) else {
        return Err(Refusal::new("password.undecryptable").on("password").into());
    };
    check_password_pair(password, repassword)?;
    check_sms_code(req.code)?;
    let password_hash = hash_password(password.to_string()).await?;

    let mut tx = db.begin_write().await?;
    let user = sqlx::query("SELECT id FROM users WHERE mobile = $1")
        .bind(req.mobile)
        .fetch_optional(&mut *tx)
        .await?;
    let Some(user) = user else {
        return Err(Refusal::new("mobile.not_registered").on("mobile").into());
    };
    let user_id: String = user.get("id");
    if let Err(refusal) = redeem_code(&mut tx, req.mobile, SmsEvent::ResetPassword, req.code).await? {
        tx.commit().await?;
        return Err(refusal.into());
    }
    sqlx::query("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(&password_hash)
        .bind(now())
        .bind(&user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(&user_id)
        .execute(&mut *tx)
        .await?;
    // The phone's owner proved who they are: its login counts from every address start again.
    sqlx::query("DELETE FROM login_attempts WHERE scope = 'mobile_address' AND subject LIKE $1")
        .bind(format!("{}|%", req.mobile))
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Moves an account to a new phone number, proven by a code sent to that number. Sessions stay.
pub async fn change_mobile(db: &Database, user_id: &str, mobile: &str, code: &str) -> Result<()> {
    check_mobile(mobile)?;
    check_sms_code(code)?;
    let mut tx = db.begin_write().await?;
    let taken = sqlx::query("SELECT 1 FROM users WHERE mobile = $1")
        .bind(mobile)
        .fetch_optional(&mut *tx)
        .await?;
    if taken.is_some() {
        return Err(Refusal::new("mobile.registered").on("mobile").into());
    }
    if let Err(refusal) = redeem_code(&mut tx, mobile, SmsEvent::ChangeMobile, code).await? {
        tx.commit().await?;
        return Err(refusal.into());
    }
    let changed = sqlx::query("UPDATE users SET mobile = $1, updated_at = $2 WHERE id = $3")
        .bind(mobile)
        .bind(now())
        .bind(user_id)
        .execute(&mut *tx)
        .await;
    match changed {
        Ok(_) => {
            tx.commit().await?;
            Ok(())
        }
        Err(e) if is_unique_violation(&e) => Err(Refusal::new("mobile.registered").on("mobile").into()),
        Err(e) => Err(e.into()),
    }
}

pub async fn logout(db: &Database, token: &str) -> Result<()> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(hash_token(token))
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Ends every session of the account with this phone; answers how many ended.
pub async fn logout_everywhere(db: &Database, mobile: &str) -> Result<u64> {
    let user = sqlx::query("SELECT id FROM users WHERE mobile = $1")
        .bind(mobile)
        .fetch_optional(&db.pool)
        .await?;
    let Some(user) = user else {
        return Err(Error::NotFound(Refusal::new("mobile.not_registered")));
    };
    let ended = sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(user.get::<String, _>("id"))
        .execute(&db.pool)
        .await?
        .rows_affected();
    Ok(ended)
}

#[derive(Debug, Default)]
pub struct ProfileEdit {
    pub nickname: Option<String>,
    pub avatar: Option<String>,
    pub qq: Option<String>,
    pub email: Option<String>,
    pub username: Option<String>,
}

fn check_profile(edit: &ProfileEdit) -> std::result::Result<(), Refusal> {
    if let Some(nickname) = &edit.nickname {
        let n = nickname.trim().chars().count();
        if n == 0 || n > 30 {
            return Err(Refusal::new("profile.nickname_invalid").on("nickname"));
        }
    }
    if let Some(username) = &edit.username {
        let ok = (3..=30).contains(&username.len())
            && username.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !ok {
            return Err(Refusal::new("profile.username_invalid").on("username"));
        }
    }
    if let Some(qq) = &edit.qq {
        let ok = qq.is_empty() || ((5..=11).contains(&qq.len()) && qq.bytes().all(|b| b.is_ascii_digit()));
        if !ok {
            return Err(Refusal::new("profile.qq_invalid").on("qq"));
        }
    }
    if let Some(email) = &edit.email {
        if !email.is_empty() && !looks_like_email(email) {
            return Err(Refusal::new("profile.email_invalid").on("email"));
        }
    }
    Ok(())
}

fn looks_like_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && email.len() <= 254
        && !email.chars().any(char::is_whitespace)
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains('@')
}

pub async fn edit_profile(db: &Database, user_id: &str, edit: ProfileEdit) -> Result<()> {
    check_profile(&edit)?;
    if let Some(avatar) = edit.avatar.as_deref().filter(|a| !a.is_empty()) {
        let owned = sqlx::query("SELECT 1 FROM uploads WHERE user_id = $1 AND url = $2")
            .bind(user_id)
            .bind(avatar)
            .fetch_optional(&db.pool)
            .await?;
        if owned.is_none() {
            return Err(Refusal::new("profile.avatar_invalid").on("avatar").into());
        }
    }
    let updated = sqlx::query(
        "UPDATE users SET nickname = COALESCE($1, nickname), avatar = COALESCE($2, avatar), \
         qq = COALESCE($3, qq), email = COALESCE($4, email), username = COALESCE($5, username), updated_at = $6 \
         WHERE id = $7",
    )
    .bind(edit.nickname.map(|n| n.trim().to_string()))
    .bind(edit.avatar)
    .bind(edit.qq)
    .bind(edit.email)
    .bind(edit.username)
    .bind(now())
    .bind(user_id)
    .execute(&db.pool)
    .await;
    match updated {
        Ok(_) => Ok(()),
        Err(e) if is_unique_violation(&e) => {
            Err(Refusal::new("profile.username_taken").on("username").into())
        }
        Err(e) => Err(e.into()),
    }
}

pub fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_rules() {
        let edit = |f: fn(&mut ProfileEdit)| {
            let mut e = ProfileEdit::default();
            f(&mut e);
            check_profile(&e).err().map(|r| r.key)
        };
        assert_eq!(
            edit(|e| e.nickname = Some(" ".into())),
            Some("profile.nickname_invalid")
        );
        assert_eq!(edit(|e| e.nickname = Some("小王".into())), None);
        assert_eq!(
            edit(|e| e.username = Some("ab".into())),
            Some("profile.username_invalid")
        );
        assert_eq!(edit(|e| e.username = Some("seller_01".into())), None);
        assert_eq!(edit(|e| e.qq = Some("12a45".into())), Some("profile.qq_invalid"));
        assert_eq!(edit(|e| e.qq = Some(String::new())), None);
        assert_eq!(
            edit(|e| e.email = Some("a@b".into())),
            Some("profile.email_invalid")
        );
        assert_eq!(edit(|e| e.email = Some("seller@example.com".into())), None);
    }

    #[tokio::test]
    async fn unknown_phone_and_wrong_password_both_fail_verification() {
        let hash = hash_password("abc123".into()).await.unwrap();
        assert!(verify_password(Some("abc123".into()), Some(hash.clone()))
            .await
            .unwrap());
        assert!(!verify_password(Some("abc124".into()), Some(hash)).await.unwrap());
        assert!(!verify_password(Some("abc123".into()), None).await.unwrap());
        assert!(!verify_password(None, None).await.unwrap());
    }
}
