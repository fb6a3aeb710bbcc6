//! The shape of the market that staff keep: markets (in an area site), two-level categories and stalls.
//! Each save creates when no id is given and updates otherwise, and goes into the audit trail.

use serde_json::json;
use sqlx::{Any, Row, Transaction};

use super::search_index;
use crate::actor::{self, Action};
use crate::clock::now;
use crate::error::{Error, Refusal, Result};
use crate::Database;

/// Names of markets, categories and stalls, and a stall's floor, number and contacts.
const MAX_NAME_CHARS: usize = 30;
const MAX_DETAIL_CHARS: usize = 50;

fn text<'a>(value: &'a str, field: &'static str, max: usize, required: bool) -> Result<&'a str> {
    let value = value.trim();
    if required && value.is_empty() {
        return Err(Refusal::new("catalog.field_required")
            .on(field)
            .with("field", field)
            .into());
    }
    if value.chars().count() > max {
        return Err(Refusal::new("catalog.field_too_long")
            .on(field)
            .with("field", field)
            .with("max", max)
            .into());
    }
    Ok(value)
}

fn new_id(prefix: &str) -> String {
    format!("{prefix}{}", &uuid::Uuid::new_v4().simple().to_string()[..12])
}

async fn exists(tx: &mut Transaction<'static, Any>, sql: &str, id: &str) -> Result<bool> {
    Ok(sqlx::query(sql)
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .is_some())
}

async fn record(
    tx: &mut Transaction<'static, Any>,
    action: &str,
    kind: &str,
    id: &str,
    detail: serde_json::Value,
) -> Result<()> {
    actor::record(
        tx,
        Action {
            action,
            object_type: kind,
            object_id: id,
            detail,
        },
    )
    .await?;
    Ok(())
}

pub struct MarketInput<'a> {
    pub id: Option<&'a str>,
    pub area_site_id: &'a str,
    pub name_zh: &'a str,
    pub name_en: &'a str,
    pub sort: i64,
}

pub async fn save_market(db: &Database, input: MarketInput<'_>) -> Result<String> {
    let name_zh = text(input.name_zh, "name_zh", MAX_NAME_CHARS, true)?;
    let name_en = text(input.name_en, "name_en", MAX_NAME_CHARS, false)?;
    let name_en = if name_en.is_empty() { name_zh } else { name_en };
    let mut tx = db.begin_write().await?;
    if !exists(
        &mut tx,
        "SELECT 1 FROM area_sites WHERE id = $1",
        input.area_site_id,
    )
    .await?
    {
        return Err(Refusal::new("catalog.area_site_unknown")
            .on("area_site_id")
            .into());
    }
    let id = match input.id {
        Some(id) => {
            let updated = sqlx::query(
                "UPDATE markets SET area_site_id = $1, name_zh = $2, name_en = $3, sort = $4 WHERE id = $5",
            )
            .bind(input.area_site_id)
            .bind(name_zh)
            .bind(name_en)
            .bind(input.sort)
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if updated == 0 {
                return Err(Error::NotFound(Refusal::new("market.not_found")));
            }
            // A stall's products carry their market's area site, so list filters need no join.
            sqlx::query(
                "UPDATE products SET area_site_id = $1 WHERE stall_id IN (SELECT id FROM stalls WHERE market_id = $2)",
            )
            .bind(input.area_site_id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE search_terms SET area_site_id = $1 WHERE product_id IN \
                 (SELECT p.id FROM products p JOIN stalls s ON s.id = p.stall_id WHERE s.market_id = $2)",
            )
            .bind(input.area_site_id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            id.to_string()
        }
        None => {
            let id = new_id("m");
            sqlx::query(
                "INSERT INTO markets (id, area_site_id, name_zh, name_en, sort) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(&id)
            .bind(input.area_site_id)
            .bind(name_zh)
            .bind(name_en)
            .bind(input.sort)
            .execute(&mut *tx)
            .await?;
            id
        }
    };
    let action = if input.id.is_some() {
        "market.update"
    } else {
        "market.create"
    };
    let detail = json!({"area_site_id": input.area_site_id, "name_zh": name_zh, "name_en": name_en, "sort": input.sort});
    record(&mut tx, action, "market", &id, detail).await?;
    tx.commit().await?;
    Ok(id)
}

pub struct CategoryInput<'a> {
    pub id: Option<&'a str>,
    /// `None`: a top-level category.
    pub parent_id: Option<&'a str>,
    pub name_zh: &'a str,
    pub name_en: &'a str,
    pub sort: i64,
}

/// Categories are two levels deep: a child's parent is a top-level category, and a category with
/// children stays top-level.
pub async fn save_category(db: &Database, input: CategoryInput<'_>) -> Result<String> {
    let name_zh = text(input.name_zh, "name_zh", MAX_NAME_CHARS, true)?;
    let name_en = text(input.name_en, "name_en", MAX_NAME_CHARS, false)?;
    let name_en = if name_en.is_empty() { name_zh } else { name_en };
    let mut tx = db.begin_write().await?;
    if let Some(parent) = input.parent_id {
        let row = sqlx::query("SELECT parent_id FROM categories WHERE id = $1")
            .bind(parent)
            .fetch_optional(&mut *tx)
            .await?;
        match row {
            None => return Err(Refusal::new("category.parent_unknown").on("parent_id").into()),
            Some(r) if r.get::<Option<String>, _>("parent_id").is_some() => {
                return Err(Refusal::new("category.too_deep").on("parent_id").into())
            }
            Some(_) if Some(parent) == input.id => {
                return Err(Refusal::new("category.too_deep").on("parent_id").into())
            }
            Some(_) => {}
        }
    }
    let id = match input.id {
        Some(id) => {
            if input.parent_id.is_some()
                && exists(&mut tx, "SELECT 1 FROM categories WHERE parent_id = $1", id).await?
            {
                return Err(Refusal::new("category.has_children").on("parent_id").into());
            }
            let before = sqlx::query("SELECT parent_id, name_zh, name_en FROM categories WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?
                .map(|r| {
                    (
                        r.get::<Option<String>, _>("parent_id"),
                        r.get::<String, _>("name_zh"),
                        r.get::<String, _>("name_en"),
                    )
                });
            let updated = sqlx::query(
                "UPDATE categories SET parent_id = $1, name_zh = $2, name_en = $3, sort = $4 WHERE id = $5",
            )
            .bind(input.parent_id)
            .bind(name_zh)
            .bind(name_en)
            .bind(input.sort)
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if updated == 0 {
                return Err(Error::NotFound(Refusal::new("category.not_found")));
            }
            let after = (
                input.parent_id.map(String::from),
                name_zh.to_string(),
                name_en.to_string(),
            );
            if before.as_ref() != Some(&after) {
                search_index::reindex_category(&mut tx, id).await?;
            }
            id.to_string()
        }
        None => {
            let id = new_id("c");
            sqlx::query(
                "INSERT INTO categories (id, parent_id, name_zh, name_en, sort) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(&id)
            .bind(input.parent_id)
            .bind(name_zh)
            .bind(name_en)
            .bind(input.sort)
            .execute(&mut *tx)
            .await?;
            id
        }
    };
    let action = if input.id.is_some() {
        "category.update"
    } else {
        "category.create"
    };
    let detail =
        json!({"parent_id": input.parent_id, "name_zh": name_zh, "name_en": name_en, "sort": input.sort});
    record(&mut tx, action, "category", &id, detail).await?;
    tx.commit().await?;
    Ok(id)
}

pub struct StallInput<'a> {
    pub id: Option<&'a str>,
    pub market_id: &'a str,
    pub name: &'a str,
    pub floor: &'a str,
    pub number: &'a str,
    pub contact: &'a str,
    pub wechat: &'a str,
    pub category_id: &'a str,
    /// `open` or `closed`; `None` keeps it (a new stall opens).
    pub status: Option<&'a str>,
}

/// Creates or updates a stall. `stalls`: a stall account's own stalls (it may update those, and
/// never create one or move it to another market).
pub async fn save_stall(db: &Database, input: StallInput<'_>, stalls: Option<&[String]>) -> Result<String> {
    let name = text(input.name, "name", MAX_NAME_CHARS, true)?;
    let floor = text(input.floor, "floor", MAX_DETAIL_CHARS, true)?;
    let number = text(input.number, "number", MAX_DETAIL_CHARS, true)?;
    let contact = text(input.contact, "contact", MAX_DETAIL_CHARS, false)?;
    let wechat = text(input.wechat, "wechat", MAX_DETAIL_CHARS, false)?;
    if input.status.is_some_and(|s| s != "open" && s != "closed") {
        return Err(Refusal::new("stall.status_invalid").on("status").into());
    }
    let mut tx = db.begin_write().await?;
    let market_site = sqlx::query("SELECT area_site_id FROM markets WHERE id = $1")
        .bind(input.market_id)
        .fetch_optional(&mut *tx)
        .await?
        .map(|r| r.get::<String, _>("area_site_id"))
        .ok_or_else(|| Refusal::new("stall.market_unknown").on("market_id"))?;
    if !exists(
        &mut tx,
        "SELECT 1 FROM categories WHERE id = $1",
        input.category_id,
    )
    .await?
    {
        return Err(Refusal::new("stall.category_unknown").on("category_id").into());
    }
    let id = match input.id {
        Some(id) => {
            let current = sqlx::query("SELECT market_id, status, name FROM stalls WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            let Some(current) = current.filter(|_| stalls.is_none_or(|s| s.iter().any(|x| x == id))) else {
                return Err(Error::NotFound(Refusal::new("shop.not_found")));
            };
            let moved = current.get::<String, _>("market_id") != input.market_id;
            if moved && stalls.is_some() {
                return Err(Refusal::new("stall.move_not_allowed").on("market_id").into());
            }
            let was: String = current.get("status");
            let status = input.status.unwrap_or(&was);
            if status != was {
                // Opening and closing a stall is the market's decision, not the supplier's.
                if stalls.is_some() {
                    return Err(Refusal::new("stall.status_not_allowed").on("status").into());
                }
                set_status(&mut tx, id, status).await?;
            }
            sqlx::query(
                "UPDATE stalls SET market_id = $1, name = $2, floor = $3, number = $4, contact = $5, wechat = $6, \
                 category_id = $7 WHERE id = $8",
            )
            .bind(input.market_id)
            .bind(name)
            .bind(floor)
            .bind(number)
            .bind(contact)
            .bind(wechat)
            .bind(input.category_id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            if moved {
                sqlx::query("UPDATE products SET area_site_id = $1 WHERE stall_id = $2")
                    .bind(&market_site)
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
            if moved || status != was || current.get::<String, _>("name") != name {
                search_index::reindex_stall(&mut tx, id).await?;
            }
            id.to_string()
        }
        None => {
            if stalls.is_some() {
                return Err(Refusal::new("stall.create_not_allowed").into());
            }
            let id = new_id("s");
            sqlx::query(
                // A new stall ranks after every stall there is (the storefront lists by ranking).
                "INSERT INTO stalls (id, market_id, name, floor, number, contact, wechat, category_id, follow_count, \
                 ranking, created_at, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, \
                 (SELECT COALESCE(MAX(ranking), 0) + 1 FROM stalls), $9, $10)",
            )
            .bind(&id)
            .bind(input.market_id)
            .bind(name)
            .bind(floor)
            .bind(number)
            .bind(contact)
            .bind(wechat)
            .bind(input.category_id)
            .bind(now())
            .bind(input.status.unwrap_or("open"))
            .execute(&mut *tx)
            .await?;
            id
        }
    };
    let action = if input.id.is_some() {
        "stall.update"
    } else {
        "stall.create"
    };
    let detail = json!({"market_id": input.market_id, "name": name, "floor": floor, "number": number,
                        "contact": contact, "wechat": wechat, "category_id": input.category_id,
                        "status": input.status});
    record(&mut tx, action, "stall", &id, detail).await?;
    tx.commit().await?;
    Ok(id)
}

/// Opens or closes a stall. Closing takes its products off the shelf (each recorded), so nothing of a
/// closed stall can be found or bought; opening it again leaves them off until staff shelve them.
async fn set_status(tx: &mut Transaction<'static, Any>, id: &str, status: &str) -> Result<()> {
    sqlx::query("UPDATE stalls SET status = $1 WHERE id = $2")
        .bind(status)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    let action = if status == "closed" {
        "stall.close"
    } else {
        "stall.open"
    };
    let mut unshelved = 0;
    if status == "closed" {
        super::changes::log_stall_closed(tx, id, now()).await?;
        unshelved = sqlx::query("UPDATE products SET on_shelf = 0 WHERE stall_id = $1 AND on_shelf = 1")
            .bind(id)
            .execute(&mut **tx)
            .await?
            .rows_affected();
    }
    record(tx, action, "stall", id, json!({ "unshelved": unshelved })).await?;
    Ok(())
}
