//! Staff accounts and their sessions: plain tables like sellers' accounts, with their own login
//! throttle. Every change here goes into the audit trail in the same transaction.

use domain::accounts::{check_mobile, check_password, mask_mobile};
use domain::staff::{check_name, check_stalls, Role};
use rand::Rng;
use serde_json::json;
use sqlx::{Any, Row, Transaction};

use crate::accounts::{
    hash_password, hash_token, is_unique_violation, verify_password, LoginThrottle, Password,
};
use crate::actor::{self, Action};
use crate::clock::now;
use crate::error::{Error, Refusal, Result};
use crate::Database;

/// Staff sessions are shorter than sellers': a console left open on a shared warehouse PC should not
/// stay signed in for a month.
pub const STAFF_SESSION_LIFETIME_SECONDS: i64 = 24 * 60 * 60;

pub struct NewStaff<'a> {
    pub mobile: &'a str,
    pub name: &'a str,
    pub password: Password,
    pub role: Role,
    pub stall_ids: &'a [String],
}

pub struct StaffSession {
    pub staff_id: String,
    pub token: String,
}

/// Creates a staff account; answers its id.
pub async fn add(db: &Database, new: NewStaff<'_>) -> Result<String> {
    check_mobile(new.mobile)?;
    check_name(new.name)?;
    let Some(password) = new.password.plain() else {
        return Err(Refusal::new("password.undecryptable").on("password").into());
    };
    check_password(password, "password")?;
    check_stalls(new.role, new.stall_ids)?;
    let password_hash = hash_password(password.to_string()).await?;
    let id = uuid::Uuid::new_v4().simple().to_string();
    let at = now();
    let mut tx = db.begin_write().await?;
    let inserted = sqlx::query(
        "INSERT INTO staff (id, mobile, name, role, password_hash, disabled, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, 0, $6, $6)",
    )
    .bind(&id)
    .bind(new.mobile)
    .bind(new.name.trim())
    .bind(new.role.name())
    .bind(&password_hash)
    .bind(at)
    .execute(&mut *tx)
    .await;
    if let Err(e) = inserted {
        return Err(if is_unique_violation(&e) {
            Refusal::new("staff.mobile_taken").on("mobile").into()
        } else {
            e.into()
        });
    }
    link_stalls(&mut tx, &id, new.stall_ids).await?;
    let detail = json!({
        "mobile": mask_mobile(new.mobile),
        "name": new.name.trim(),
        "role": new.role.name(),
        "stall_ids": new.stall_ids,
    });
    record(&mut tx, "staff.add", &id, detail).await?;
    tx.commit().await?;
    Ok(id)
}

async fn link_stalls(tx: &mut Transaction<'static, Any>, staff_id: &str, stall_ids: &[String]) -> Result<()> {
    sqlx::query("DELETE FROM staff_stalls WHERE staff_id = $1")
        .bind(staff_id)
        .execute(&mut **tx)
        .await?;
    for stall_id in stall_ids {
        let known = sqlx::query("SELECT 1 FROM stalls WHERE id = $1")
            .bind(stall_id)
            .fetch_optional(&mut **tx)
            .await?;
        if known.is_none() {
            return Err(Refusal::new("staff.stall_unknown")
                .on("stall_ids")
                .with("stall", stall_id)
                .into());
        }
        sqlx::query("INSERT INTO staff_stalls (staff_id, stall_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(staff_id)
            .bind(stall_id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

async fn record(
    tx: &mut Transaction<'static, Any>,
    action: &str,
    staff_id: &str,
    detail: serde_json::Value,
) -> Result<()> {
    actor::record(
        tx,
        Action {
            action,
            object_type: "staff",
            object_id: staff_id,
            detail,
        },
    )
    .await?;
    Ok(())
}

pub async fn login(db: &Database, mobile: &str, password: Password, client_ip: &str) -> Result<StaffSession> {
    check_mobile(mobile)?;
    if matches!(&password, Password::Plain(p) if p.is_empty()) {
        return Err(Refusal::new("password.required").on("password").into());
    }
    let at = now();
    let throttle = LoginThrottle::STAFF;
    throttle.take_attempt(db, mobile, client_ip, at).await?;
    let row = sqlx::query("SELECT id, password_hash, disabled FROM staff WHERE mobile = $1")
        .bind(mobile)
        .fetch_optional(&db.pool)
        .await?;
    let (staff_id, stored, disabled) = match row {
        Some(r) => (
            Some(r.get::<String, _>("id")),
            Some(r.get::<String, _>("password_hash")),
            r.get::<i64, _>("disabled") != 0,
        ),
        None => (None, None, false),
    };
    // The hash is checked for a disabled or unknown account too, and the refusal is the same: the
    // answer (and its time) never tells whether the password was right.
    let matches = verify_password(password.plain().map(str::to_string), stored).await?;
    let (true, false, Some(staff_id)) = (matches, disabled, staff_id) else {
        return Err(Refusal::new("login.failed").on("password").into());
    };
    let token = hex::encode(rand::thread_rng().gen::<[u8; 32]>());
    let mut tx = db.begin_write().await?;
    throttle.forgive(&mut tx, mobile, client_ip).await?;
    sqlx::query(
        "INSERT INTO staff_sessions (token_hash, staff_id, created_at, expires_at, client_ip) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(hash_token(&token))
    .bind(&staff_id)
    .bind(at)
    .bind(at + STAFF_SESSION_LIFETIME_SECONDS)
    .bind(client_ip)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE staff SET last_login_at = $1 WHERE id = $2")
        .bind(at)
        .bind(&staff_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM staff_sessions WHERE expires_at <= $1")
        .bind(at)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(StaffSession { staff_id, token })
}

pub async fn logout(db: &Database, token: &str) -> Result<()> {
    sqlx::query("DELETE FROM staff_sessions WHERE token_hash = $1")
        .bind(hash_token(token))
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The account as it is now, read inside a write so that two owners cannot both demote the other.
struct Current {
    role: Role,
    disabled: bool,
}

async fn current(tx: &mut Transaction<'static, Any>, id: &str) -> Result<Current> {
    let row = sqlx::query("SELECT role, disabled FROM staff WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or_else(|| Error::NotFound(Refusal::new("staff.not_found")))?;
    let role = Role::parse(&row.get::<String, _>("role"))
        .map_err(|_| Error::Internal(anyhow::anyhow!("staff {id} has an unknown role")))?;
    Ok(Current {
        role,
        disabled: row.get::<i64, _>("disabled") != 0,
    })
}

/// There must always be an owner who can sign in, or nobody could manage staff from the console.
async fn keeps_an_owner(tx: &mut Transaction<'static, Any>, leaving: &str) -> Result<()> {
    // Locks the owners' rows first (on PostgreSQL; SQLite's write lock is already held), so two
    // owners demoting each other at once cannot both see the other still standing.
    sqlx::query("UPDATE staff SET updated_at = updated_at WHERE role = 'owner'")
        .execute(&mut **tx)
        .await?;
    let others: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM staff WHERE role = 'owner' AND disabled = 0 AND id <> $1")
            .bind(leaving)
            .fetch_one(&mut **tx)
            .await?;
    if others == 0 {
        return Err(Refusal::new("staff.last_owner").into());
    }
    Ok(())
}

pub async fn change_role(db: &Database, id: &str, role: Role, stall_ids: &[String]) -> Result<()> {
    check_stalls(role, stall_ids)?;
    let mut tx = db.begin_write().await?;
    let before = current(&mut tx, id).await?;
    if before.role == Role::Owner && role != Role::Owner && !before.disabled {
        keeps_an_owner(&mut tx, id).await?;
    }
    sqlx::query("UPDATE staff SET role = $1, updated_at = $2 WHERE id = $3")
        .bind(role.name())
        .bind(now())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    link_stalls(&mut tx, id, stall_ids).await?;
    let detail = json!({"from": before.role.name(), "to": role.name(), "stall_ids": stall_ids});
    record(&mut tx, "staff.role", id, detail).await?;
    tx.commit().await?;
    Ok(())
}

/// Disables (ending every session) or enables an account.
pub async fn set_disabled(db: &Database, id: &str, disabled: bool) -> Result<()> {
    if disabled
        && actor::current()
            .and_then(|a| a.staff_id().map(str::to_string))
            .as_deref()
            == Some(id)
    {
        return Err(Refusal::new("staff.cannot_disable_self").into());
    }
    let mut tx = db.begin_write().await?;
    let before = current(&mut tx, id).await?;
    if before.disabled == disabled {
        tx.commit().await?;
        return Ok(());
    }
    if disabled && before.role == Role::Owner {
        keeps_an_owner(&mut tx, id).await?;
    }
    sqlx::query("UPDATE staff SET disabled = $1, updated_at = $2 WHERE id = $3")
        .bind(i64::from(disabled))
        .bind(now())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    if disabled {
        sqlx::query("DELETE FROM staff_sessions WHERE staff_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    let action = if disabled { "staff.disable" } else { "staff.enable" };
    record(&mut tx, action, id, json!({})).await?;
    tx.commit().await?;
    Ok(())
}

/// The id of the staff member with this phone (for the CLI, which names people by phone).
pub async fn id_by_mobile(db: &Database, mobile: &str) -> Result<String> {
    sqlx::query("SELECT id FROM staff WHERE mobile = $1")
        .bind(mobile)
        .fetch_optional(&db.pool)
        .await?
        .map(|r| r.get("id"))
        .ok_or_else(|| Error::NotFound(Refusal::new("staff.not_found")))
}

/// The demo staff of `jpmall seed`: one account per role on phones 13900000001…07, all with the
/// demo password; the stall account supplies the first stall. Accounts that exist are kept.
pub async fn seed_demo(db: &Database, password: &str) -> Result<Vec<(Role, String)>> {
    let first_stall: Option<String> = sqlx::query("SELECT id FROM stalls ORDER BY id LIMIT 1")
        .fetch_optional(&db.pool)
        .await?
        .map(|r| r.get("id"));
    let mut made = Vec::new();
    for (n, role) in Role::ALL.into_iter().enumerate() {
        let mobile = format!("139000000{:02}", n + 1);
        let stall_ids: Vec<String> = match (role, &first_stall) {
            (Role::Stall, Some(stall)) => vec![stall.clone()],
            (Role::Stall, None) => continue,
            _ => Vec::new(),
        };
        let name = format!("demo {}", role.name());
        let added = add(
            db,
            NewStaff {
                mobile: &mobile,
                name: &name,
                password: Password::Plain(password.to_string()),
                role,
                stall_ids: &stall_ids,
            },
        )
        .await;
        match added {
            Ok(_) => {}
            Err(Error::Invalid(refusal)) if refusal.key == "staff.mobile_taken" => {}
            Err(e) => return Err(e),
        }
        made.push((role, mobile));
    }
    Ok(made)
}
