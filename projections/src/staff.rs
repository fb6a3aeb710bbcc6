//! Reads of staff accounts, their sessions and the audit trail of staff actions.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use crate::catalog::Page;

#[derive(Debug, Clone, Serialize)]
pub struct StaffRow {
    pub id: String,
    pub mobile: String,
    pub name: String,
    pub role: String,
    pub stall_ids: Vec<String>,
    pub disabled: bool,
    pub created_at: i64,
    pub last_login_at: Option<i64>,
}

const STAFF_COLUMNS: &str = "id, mobile, name, role, disabled, created_at, last_login_at";

fn staff_row(row: &AnyRow) -> StaffRow {
    StaffRow {
        id: row.get("id"),
        mobile: row.get("mobile"),
        name: row.get("name"),
        role: row.get("role"),
        stall_ids: Vec::new(),
        disabled: row.get::<i64, _>("disabled") != 0,
        created_at: row.get("created_at"),
        last_login_at: row.get("last_login_at"),
    }
}

async fn with_stalls(pool: &AnyPool, mut staff: StaffRow) -> sqlx::Result<StaffRow> {
    staff.stall_ids = stall_ids(pool, &staff.id).await?;
    Ok(staff)
}

/// The stalls a stall account supplies.
pub async fn stall_ids(pool: &AnyPool, staff_id: &str) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query("SELECT stall_id FROM staff_stalls WHERE staff_id = $1 ORDER BY stall_id")
        .bind(staff_id)
        .fetch_all(pool)
        .await?;
    Ok(rows.iter().map(|r| r.get("stall_id")).collect())
}

pub async fn by_id(pool: &AnyPool, id: &str) -> sqlx::Result<Option<StaffRow>> {
    let row = sqlx::query(&format!("SELECT {STAFF_COLUMNS} FROM staff WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?;
    match row {
        Some(row) => Ok(Some(with_stalls(pool, staff_row(&row)).await?)),
        None => Ok(None),
    }
}

/// The staff member of a live session of an enabled account, by the stored hash of its token.
pub async fn session_staff(pool: &AnyPool, token_hash: &str, now: i64) -> sqlx::Result<Option<StaffRow>> {
    let row = sqlx::query(&format!(
        "SELECT {} FROM staff_sessions t JOIN staff s ON s.id = t.staff_id \
         WHERE t.token_hash = $1 AND t.expires_at > $2 AND s.disabled = 0",
        STAFF_COLUMNS
            .split(", ")
            .map(|c| format!("s.{c}"))
            .collect::<Vec<_>>()
            .join(", ")
    ))
    .bind(token_hash)
    .bind(now)
    .fetch_optional(pool)
    .await?;
    match row {
        Some(row) => Ok(Some(with_stalls(pool, staff_row(&row)).await?)),
        None => Ok(None),
    }
}

/// Every staff account, owners first, then by phone.
pub async fn list(pool: &AnyPool, page: i64, pagesize: i64) -> sqlx::Result<Page<StaffRow>> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM staff")
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {STAFF_COLUMNS} FROM staff ORDER BY CASE role WHEN 'owner' THEN 0 ELSE 1 END, mobile \
         LIMIT $1 OFFSET $2"
    ))
    .bind(pagesize)
    .bind((page - 1) * pagesize)
    .fetch_all(pool)
    .await?;
    let mut list = Vec::with_capacity(rows.len());
    for row in &rows {
        list.push(with_stalls(pool, staff_row(row)).await?);
    }
    Ok(Page {
        list,
        total,
        page,
        pagesize,
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct StallOption {
    pub id: String,
    pub name: String,
    pub market_name: String,
}

/// Every stall, for choosing the stalls of a stall account.
pub async fn stall_options(pool: &AnyPool, english: bool) -> sqlx::Result<Vec<StallOption>> {
    let market = if english { "m.name_en" } else { "m.name_zh" };
    let rows = sqlx::query(&format!(
        "SELECT s.id, s.name, {market} AS market_name FROM stalls s JOIN markets m ON m.id = s.market_id \
         ORDER BY m.sort, s.floor, s.number, s.id"
    ))
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| StallOption {
            id: r.get("id"),
            name: r.get("name"),
            market_name: r.get("market_name"),
        })
        .collect())
}

#[derive(Debug, Clone, Serialize)]
pub struct AuditEntry {
    pub id: i64,
    pub at: i64,
    pub actor_kind: String,
    pub actor_id: Option<String>,
    pub actor_name: Option<String>,
    pub action: String,
    pub object_type: String,
    pub object_id: String,
    pub detail: Value,
    /// The names of the ids this row holds (its object and its detail's ids), by kind (`staff`,
    /// `user`, `product`, `sku`, `stall`, `market`, `category`, `notice`) and id; an id no read
    /// table knows any more is left out.
    pub names: BTreeMap<&'static str, BTreeMap<String, String>>,
}

#[derive(Debug, Default)]
pub struct AuditFilter {
    pub staff_id: Option<String>,
    pub actor_kind: Option<String>,
    pub object_type: Option<String>,
    pub object_id: Option<String>,
}

/// The audit trail, newest first, by staff member and/or object, each row with the names of the ids it
/// holds (in English where the read table has an English name and `english`).
pub async fn audit(
    pool: &AnyPool,
    filter: &AuditFilter,
    page: i64,
    pagesize: i64,
    english: bool,
) -> sqlx::Result<Page<AuditEntry>> {
    let mut conditions = Vec::new();
    let mut binds: Vec<&str> = Vec::new();
    let fields = [
        ("a.actor_id", &filter.staff_id),
        ("a.actor_kind", &filter.actor_kind),
        ("a.object_type", &filter.object_type),
        ("a.object_id", &filter.object_id),
    ];
    for (column, value) in fields {
        if let Some(value) = value {
            binds.push(value);
            conditions.push(format!("{column} = ${}", binds.len()));
        }
    }
    let condition = if conditions.is_empty() {
        String::new()
    } else {
        format!("WHERE {}", conditions.join(" AND "))
    };
    let count_sql = format!("SELECT COUNT(*) FROM staff_actions a {condition}");
    let mut count = sqlx::query_scalar(&count_sql);
    for bind in &binds {
        count = count.bind(*bind);
    }
    let total: i64 = count.fetch_one(pool).await?;
    let sql = format!(
        "SELECT a.id, a.at, a.actor_kind, a.actor_id, s.name, a.action, a.object_type, a.object_id, a.detail \
         FROM staff_actions a LEFT JOIN staff s ON s.id = a.actor_id {condition} \
         ORDER BY a.id DESC LIMIT ${} OFFSET ${}",
        binds.len() + 1,
        binds.len() + 2
    );
    let mut query = sqlx::query(&sql);
    for bind in &binds {
        query = query.bind(*bind);
    }
    let rows = query
        .bind(pagesize)
        .bind((page - 1) * pagesize)
        .fetch_all(pool)
        .await?;
    let mut list: Vec<AuditEntry> = rows
        .iter()
        .map(|r| AuditEntry {
            id: r.get("id"),
            at: r.get("at"),
            actor_kind: r.get("actor_kind"),
            actor_id: r.get("actor_id"),
            actor_name: r.get("name"),
            action: r.get("action"),
            object_type: r.get("object_type"),
            object_id: r.get("object_id"),
            detail: serde_json::from_str(&r.get::<String, _>("detail")).unwrap_or(Value::Null),
            names: BTreeMap::new(),
        })
        .collect();
    name_ids(pool, &mut list, english).await?;
    Ok(Page {
        list,
        total,
        page,
        pagesize,
    })
}

/// The object types whose id names a row of a read table, and the kind of that row.
const NAMED_OBJECTS: [(&str, &str); 7] = [
    ("staff", "staff"),
    ("product", "product"),
    ("stall", "stall"),
    ("market", "market"),
    ("category", "category"),
    ("notice", "notice"),
    ("wallet", "user"),
];

/// The detail fields (at its top level) that hold ids, and their kind; a field may hold one id or
/// a list of them.
const NAMED_FIELDS: [(&str, &str); 9] = [
    ("staff_id", "staff"),
    ("user_id", "user"),
    ("product_id", "product"),
    ("sku_id", "sku"),
    ("stall_id", "stall"),
    ("stall_ids", "stall"),
    ("market_id", "market"),
    ("category_id", "category"),
    ("parent_id", "category"),
];

/// The ids an audit row names, by kind.
pub fn ids_of(entry: &AuditEntry) -> Vec<(&'static str, String)> {
    let mut ids = Vec::new();
    if let Some((_, kind)) = NAMED_OBJECTS.iter().find(|(t, _)| *t == entry.object_type) {
        if !entry.object_id.is_empty() {
            ids.push((*kind, entry.object_id.clone()));
        }
    }
    if let Value::Object(detail) = &entry.detail {
        for (field, kind) in NAMED_FIELDS {
            match detail.get(field) {
                Some(Value::String(id)) if !id.is_empty() => ids.push((kind, id.clone())),
                Some(Value::Array(list)) => ids.extend(
                    list.iter()
                        .filter_map(Value::as_str)
                        .filter(|id| !id.is_empty())
                        .map(|id| (kind, id.to_string())),
                ),
                _ => {}
            }
        }
    }
    ids
}

/// Values per `IN (…)` list, well under either engine's bind limit.
const IN_CHUNK: usize = 400;

/// The statement naming ids of `kind` (an `IN` list follows it), its id column read as `id` and its
/// name as `name_zh` and `name_en` (the same for a name in one language only).
fn naming_sql(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "staff" => "SELECT id, name AS name_zh, name AS name_en FROM staff WHERE id IN",
        "user" => {
            "SELECT id, CASE WHEN nickname <> '' THEN nickname ELSE username END AS name_zh, \
             CASE WHEN nickname <> '' THEN nickname ELSE username END AS name_en FROM users WHERE id IN"
        }
        "product" => "SELECT id, title_zh AS name_zh, title_en AS name_en FROM products WHERE id IN",
        "sku" => {
            "SELECT k.id AS id, p.title_zh || ' ' || k.color || ' ' || k.size AS name_zh, \
             CASE WHEN p.title_en <> '' THEN p.title_en ELSE p.title_zh END AS name_en, \
             k.color AS color, k.size AS size, p.colors AS colors \
             FROM skus k JOIN products p ON p.id = k.product_id WHERE k.id IN"
        }
        "stall" => "SELECT id, name AS name_zh, name AS name_en FROM stalls WHERE id IN",
        "market" => "SELECT id, name_zh, name_en FROM markets WHERE id IN",
        "category" => "SELECT id, name_zh, name_en FROM categories WHERE id IN",
        "notice" => "SELECT id, title_zh AS name_zh, title_en AS name_en FROM notices WHERE id IN",
        _ => return None,
    })
}

/// A SKU's English name: the product's English title (`title`), the colour in English where the
/// product gives it, and the size in English where it is one the product names.
fn sku_in_english(title: &str, row: &AnyRow) -> String {
    let color: String = row.get("color");
    let size: String = row.get("size");
    let colour = domain::variation::english_colour(&row.get::<String, _>("colors"), &color);
    let colour = if colour.is_empty() { color } else { colour };
    let size = domain::variation::SIZES
        .iter()
        .find(|(zh, _)| *zh == size)
        .map_or(size.clone(), |(_, en)| en.to_string());
    format!("{title} {colour} {size}")
}

/// Fills each row's `names` with one statement per kind of id on the page.
async fn name_ids(pool: &AnyPool, list: &mut [AuditEntry], english: bool) -> sqlx::Result<()> {
    let per_row: Vec<Vec<(&'static str, String)>> = list.iter().map(ids_of).collect();
    let mut wanted: BTreeMap<&'static str, BTreeSet<&str>> = BTreeMap::new();
    for (kind, id) in per_row.iter().flatten() {
        wanted.entry(kind).or_default().insert(id);
    }
    let mut known: BTreeMap<&'static str, BTreeMap<String, String>> = BTreeMap::new();
    for (kind, ids) in wanted {
        let Some(sql) = naming_sql(kind) else { continue };
        let ids: Vec<&str> = ids.into_iter().collect();
        for chunk in ids.chunks(IN_CHUNK) {
            let marks = (1..=chunk.len())
                .map(|i| format!("${i}"))
                .collect::<Vec<_>>()
                .join(", ");
            let statement = format!("{sql} ({marks})");
            let mut query = sqlx::query(&statement);
            for id in chunk {
                query = query.bind(*id);
            }
            for row in query.fetch_all(pool).await? {
                let zh: String = row.get("name_zh");
                let mut en: String = row.get("name_en");
                if kind == "sku" {
                    en = sku_in_english(&en, &row);
                }
                // a name without its English form keeps its Chinese one
                let name = if english && !en.trim().is_empty() { en } else { zh };
                known.entry(kind).or_default().insert(row.get("id"), name);
            }
        }
    }
    for (entry, ids) in list.iter_mut().zip(per_row) {
        for (kind, id) in ids {
            if let Some(name) = known.get(kind).and_then(|names| names.get(&id)) {
                entry.names.entry(kind).or_default().insert(id, name.clone());
            }
        }
    }
    Ok(())
}

/// Paid orders whose stock is still to be fetched from the stalls.
pub async fn orders_to_prepare(pool: &AnyPool) -> sqlx::Result<i64> {
    count(
        pool,
        "SELECT COUNT(*) FROM orders WHERE status = 'to_be_shipped' AND stock_status = 'pending_stock'",
    )
    .await
}

/// Paid orders with their stock prepared, waiting for a parcel.
pub async fn orders_to_ship(pool: &AnyPool) -> sqlx::Result<i64> {
    count(
        pool,
        "SELECT COUNT(*) FROM orders WHERE status = 'to_be_shipped' AND stock_status = 'stock_prepared'",
    )
    .await
}

/// After-sales waiting for the service desk: new applications and returned parcels to refund.
pub async fn aftersales_to_review(pool: &AnyPool) -> sqlx::Result<i64> {
    count(
        pool,
        "SELECT COUNT(*) FROM after_sales WHERE status IN ('pending_review', 'return_received')",
    )
    .await
}

pub async fn withdrawals_to_decide(pool: &AnyPool) -> sqlx::Result<i64> {
    count(
        pool,
        "SELECT COUNT(*) FROM wallet_withdrawals WHERE status = 'pending'",
    )
    .await
}

async fn count(pool: &AnyPool, sql: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar(sql).fetch_one(pool).await
}
