//! A platform's own order export, kept as read until its batch is ordered: the lines are stored, the
//! seller links each platform item + SKU to a jpmall SKU once (every later import uses the link),
//! attaches the platform's label to an order whose buyer the platform hides, and then every order of
//! the import is placed like a manual platform order. The same platform + source order number is
//! never placed twice (`placing` claims it in the order's own transaction).

use std::collections::BTreeMap;

use domain::address::AddressInput;
use domain::order::{Courier, Platform};
use domain::platform_export::{LinkScope, PlatformLine};
use sqlx::Row;

use crate::error::{Error, Refusal, Result};
use crate::orders::import::{place, ImportContext, Outcome};
use crate::orders::placing::{DestinationChoice, OrderRequest, Wanted};
use crate::orders::pricing::Options;
use crate::Database;

/// What an uploaded export is: where it is from, what the seller called it, and the currency its
/// prices are in (an ISO code, empty when the file does not say).
pub struct ImportFile<'a> {
    pub platform: Platform,
    pub file_name: &'a str,
    pub currency: &'a str,
}

/// Stores the lines of an export as import `id` of `user_id`.
pub async fn save_import(
    db: &Database,
    id: &str,
    user_id: &str,
    file: ImportFile<'_>,
    lines: &[PlatformLine],
    now: i64,
) -> Result<()> {
    let mut tx = db.pool.begin().await?;
    sqlx::query(
        "INSERT INTO platform_imports (id, user_id, platform, file_name, job_id, created_at, currency) \
         VALUES ($1, $2, $3, $4, '', $5, $6)",
    )
    .bind(id)
    .bind(user_id)
    .bind(file.platform.code())
    .bind(file.file_name)
    .bind(now)
    .bind(file.currency)
    .execute(&mut *tx)
    .await?;
    for line in lines {
        sqlx::query(
            "INSERT INTO platform_import_lines (import_id, line_no, source_order_no, line_id, item_key, sku_key, \
             title, variation, quantity, platform_price, recipient, phone, address, hidden, problem, status, \
             seller_code) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
        )
        .bind(id)
        .bind(line.row as i64)
        .bind(&line.source_order_no)
        .bind(&line.line_id)
        .bind(&line.item_key)
        .bind(&line.sku_key)
        .bind(&line.title)
        .bind(&line.variation)
        .bind(line.quantity)
        .bind(line.unit_price.unwrap_or(-1))
        .bind(&line.recipient)
        .bind(&line.phone)
        .bind(&line.address)
        .bind(line.hidden.join(","))
        .bind(line.problem.map(|p| p.key()).unwrap_or(""))
        .bind(&line.status)
        .bind(&line.seller_code)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

pub async fn set_job(db: &Database, id: &str, job_id: &str) -> Result<()> {
    sqlx::query("UPDATE platform_imports SET job_id = $1 WHERE id = $2")
        .bind(job_id)
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// What a link request names: a platform item + SKU, and either one spec of it (the line's
/// variation) or the whole item.
pub struct LinkRequest<'a> {
    pub platform: Option<Platform>,
    pub item_key: &'a str,
    pub sku_key: &'a str,
    pub scope: LinkScope,
    pub sku_id: &'a str,
    pub title: &'a str,
    pub variation: &'a str,
}

/// The stored spec a link of `scope` covers: the variation's `colour;size` for one spec, empty for
/// the whole item.
fn spec_of(scope: LinkScope, variation: &str) -> String {
    match scope {
        LinkScope::Sku => domain::variation::parse_spec(variation).key(),
        LinkScope::Product => String::new(),
    }
}

/// Removes `user_id`'s links of this item of `scope` that cover `spec` (a link stored before specs
/// were parsed holds the raw text, so specs are compared parsed); how many went.
async fn remove_links(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    user_id: &str,
    platform: Platform,
    item_key: &str,
    sku_key: &str,
    scope: LinkScope,
    spec: &str,
) -> Result<u64> {
    let stored = sqlx::query(
        "SELECT spec FROM sku_links WHERE user_id = $1 AND platform = $2 AND item_key = $3 AND sku_key = $4 \
         AND scope = $5",
    )
    .bind(user_id)
    .bind(platform.code())
    .bind(item_key)
    .bind(sku_key)
    .bind(scope.code())
    .fetch_all(&mut **tx)
    .await?;
    let mut removed = 0;
    for row in stored {
        let text: String = row.get("spec");
        if spec_of(scope, &text) != spec {
            continue;
        }
        removed += sqlx::query(
            "DELETE FROM sku_links WHERE user_id = $1 AND platform = $2 AND item_key = $3 AND sku_key = $4 \
             AND scope = $5 AND spec = $6",
        )
        .bind(user_id)
        .bind(platform.code())
        .bind(item_key)
        .bind(sku_key)
        .bind(scope.code())
        .bind(&text)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    }
    Ok(removed)
}

/// Links a platform item + SKU of `user_id` to a jpmall SKU: one spec of it, or the whole item to
/// the SKU's product. It replaces an earlier link of the same spec (or of the whole item) and no
/// other.
pub async fn link(db: &Database, user_id: &str, request: &LinkRequest<'_>, now: i64) -> Result<()> {
    let platform = request
        .platform
        .ok_or_else(|| Refusal::new("order.platform_required").on("platform"))?;
    // Lengths and control characters were checked at the edge (`domain::text`).
    let (item_key, sku_key) = (request.item_key.trim(), request.sku_key.trim());
    if item_key.is_empty() && sku_key.is_empty() {
        return Err(Refusal::new("platform.link_keys_required").on("item_key").into());
    }
    let sku_id = request.sku_id.trim();
    let known = sqlx::query(
        "SELECT 1 FROM skus k JOIN products p ON p.id = k.product_id WHERE k.id = $1 AND p.on_shelf = 1",
    )
    .bind(sku_id)
    .fetch_optional(&db.pool)
    .await?;
    if known.is_none() {
        return Err(Refusal::new("platform.sku_unknown").on("sku_id").into());
    }
    let spec = spec_of(request.scope, request.variation);
    let mut tx = db.pool.begin().await?;
    remove_links(
        &mut tx,
        user_id,
        platform,
        item_key,
        sku_key,
        request.scope,
        &spec,
    )
    .await?;
    sqlx::query(
        "INSERT INTO sku_links (user_id, platform, item_key, sku_key, scope, spec, sku_id, title, variation, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) \
         ON CONFLICT (user_id, platform, item_key, sku_key, scope, spec) \
         DO UPDATE SET sku_id = excluded.sku_id, title = excluded.title, variation = excluded.variation, \
         updated_at = excluded.updated_at",
    )
    .bind(user_id)
    .bind(platform.code())
    .bind(item_key)
    .bind(sku_key)
    .bind(request.scope.code())
    .bind(&spec)
    .bind(sku_id)
    .bind(request.title.trim())
    .bind(request.variation.trim())
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// What an unlink names: the item, and which link of it (`variation` names the spec of a `Sku`
/// link).
pub struct UnlinkRequest<'a> {
    pub platform: Platform,
    pub item_key: &'a str,
    pub sku_key: &'a str,
    pub scope: LinkScope,
    pub variation: &'a str,
}

pub async fn unlink(db: &Database, user_id: &str, request: &UnlinkRequest<'_>) -> Result<()> {
    let spec = spec_of(request.scope, request.variation);
    let mut tx = db.pool.begin().await?;
    let removed = remove_links(
        &mut tx,
        user_id,
        request.platform,
        request.item_key.trim(),
        request.sku_key.trim(),
        request.scope,
        &spec,
    )
    .await?;
    if removed == 0 {
        return Err(Refusal::new("platform.link_unknown").into());
    }
    tx.commit().await?;
    Ok(())
}

/// The import's platform, when it is `user_id`'s.
pub async fn platform_of_import(db: &Database, user_id: &str, id: &str) -> Result<Platform> {
    let row = sqlx::query("SELECT platform FROM platform_imports WHERE id = $1 AND user_id = $2")
        .bind(id.trim())
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?
        .ok_or_else(|| Refusal::new("platform.import_unknown").on("id"))?;
    Platform::from_code(&row.get::<String, _>("platform"))
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("import {id} has an unknown platform")))
}

/// Attaches the platform's shipping label to one order of an import (an empty URL takes it off).
pub async fn attach_label(
    db: &Database,
    user_id: &str,
    id: &str,
    source_order_no: &str,
    label_url: &str,
) -> Result<()> {
    platform_of_import(db, user_id, id).await?;
    let source_order_no = source_order_no.trim();
    let in_import = sqlx::query(
        "SELECT 1 FROM platform_import_lines WHERE import_id = $1 AND source_order_no = $2 LIMIT 1",
    )
    .bind(id)
    .bind(source_order_no)
    .fetch_optional(&db.pool)
    .await?;
    if in_import.is_none() {
        return Err(Refusal::new("platform.order_unknown")
            .on("source_order_no")
            .into());
    }
    let label_url = label_url.trim();
    if label_url.is_empty() {
        sqlx::query("DELETE FROM platform_import_labels WHERE import_id = $1 AND source_order_no = $2")
            .bind(id)
            .bind(source_order_no)
            .execute(&db.pool)
            .await?;
        return Ok(());
    }
    if !crate::labels::owned_by(db, user_id, label_url).await? {
        return Err(Refusal::new("order.label_unknown").on("label_file").into());
    }
    sqlx::query(
        "INSERT INTO platform_import_labels (import_id, source_order_no, label_url) VALUES ($1, $2, $3) \
         ON CONFLICT (import_id, source_order_no) DO UPDATE SET label_url = excluded.label_url",
    )
    .bind(id)
    .bind(source_order_no)
    .bind(label_url)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// One order of an import, as the ordering needs it.
#[derive(Debug, Clone)]
pub struct BatchOrder {
    pub source_order_no: String,
    /// The first line's row in the file (the report names it).
    pub row: usize,
    pub lines: Vec<BatchLine>,
    /// The first problem a line of this order has, as read from the file, and that line's row.
    pub problem: Option<(String, usize)>,
    /// Every line is one the platform says is not awaiting shipment: nothing to place.
    pub not_awaiting: bool,
    pub recipient: String,
    pub phone: String,
    /// The buyer's address split into divisions, when it could be.
    pub ship_to: Option<AddressInput>,
    pub address_text: String,
    pub hidden: bool,
    pub label_url: String,
}

/// One line of an import's order.
#[derive(Debug, Clone)]
pub struct BatchLine {
    /// The line's row in the file (a refusal about the line names it).
    pub row: usize,
    /// The linked SKU, `None` when the seller has not linked it.
    pub sku: Option<String>,
    pub quantity: i64,
}

/// The orders of an import in file order, each line with the SKU it orders (`skus`: row → SKU id, as
/// the one resolver of links, `projections::platform_imports::resolve`, found them).
pub async fn batch_orders(
    db: &Database,
    user_id: &str,
    id: &str,
    skus: &BTreeMap<usize, String>,
) -> Result<(Platform, Vec<BatchOrder>)> {
    let platform = platform_of_import(db, user_id, id).await?;
    let rows = sqlx::query(
        "SELECT l.line_no, l.source_order_no, l.quantity, l.problem, l.recipient, l.phone, l.address, l.hidden, \
         COALESCE(b.label_url, '') AS label_url \
         FROM platform_import_lines l \
         LEFT JOIN platform_import_labels b ON b.import_id = l.import_id AND b.source_order_no = l.source_order_no \
         WHERE l.import_id = $1 ORDER BY l.line_no",
    )
    .bind(id)
    .fetch_all(&db.pool)
    .await?;
    let mut orders: Vec<BatchOrder> = Vec::new();
    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    for r in rows {
        let source: String = r.get("source_order_no");
        let problem: String = r.get("problem");
        let at = *index.entry(source.clone()).or_insert_with(|| {
            orders.push(BatchOrder {
                source_order_no: source.clone(),
                row: r.get::<i64, _>("line_no") as usize,
                lines: Vec::new(),
                problem: None,
                not_awaiting: true,
                recipient: r.get("recipient"),
                phone: r.get("phone"),
                ship_to: None,
                address_text: r.get("address"),
                hidden: !r.get::<String, _>("hidden").is_empty(),
                label_url: r.get("label_url"),
            });
            orders.len() - 1
        });
        let order = &mut orders[at];
        let row = r.get::<i64, _>("line_no") as usize;
        order.not_awaiting &= problem == domain::platform_export::Problem::NotAwaitingShipment.key();
        if order.problem.is_none() && !problem.is_empty() {
            order.problem = Some((problem, row));
        }
        order.lines.push(BatchLine {
            row,
            sku: skus.get(&row).cloned(),
            quantity: r.get("quantity"),
        });
    }
    Ok((platform, orders))
}

/// Places one order of an import, or says why not (the rules of a manual platform order apply).
pub async fn order_one(
    cx: &ImportContext<'_>,
    platform: Platform,
    order: &BatchOrder,
    courier: Courier,
    now: i64,
) -> Result<Outcome> {
    let failed = |refusal: Refusal| Ok(Outcome::Failed { refusal });
    if order.source_order_no.is_empty() {
        return failed(Refusal::new("platform.order_no_missing").on("source_order_no"));
    }
    if let Some(order_no) = crate::orders::placing::order_of_platform_order(
        cx.db,
        cx.user_id,
        platform.code(),
        &order.source_order_no,
    )
    .await?
    {
        return Ok(Outcome::Duplicate { order_no });
    }
    if let Some((problem, row)) = &order.problem {
        let refusal = Refusal::new(static_key(problem)).on("lines").with("row", *row);
        if order.not_awaiting {
            return Ok(Outcome::Skipped { refusal });
        }
        return failed(refusal);
    }
    let mut lines: BTreeMap<String, i64> = BTreeMap::new();
    for line in &order.lines {
        let Some(sku) = &line.sku else {
            return failed(
                Refusal::new("platform.unlinked")
                    .on("lines")
                    .with("row", line.row),
            );
        };
        *lines.entry(sku.clone()).or_default() += line.quantity;
    }
    let ship_to = if order.label_url.is_empty() {
        if order.hidden {
            return failed(Refusal::new("platform.recipient_hidden").on("label_file"));
        }
        match &order.ship_to {
            Some(address) => Some(address.clone()),
            None if order.address_text.trim().is_empty() => {
                return failed(Refusal::new("address.detail_required").on("address"))
            }
            None => return failed(Refusal::new("platform.address_unrecognised").on("address")),
        }
    } else {
        None
    };
    let request = OrderRequest {
        wanted: Wanted::Lines(lines.into_iter().collect()),
        destination: DestinationChoice::Platform {
            platform: Some(platform),
            source_order_no: order.source_order_no.clone(),
            label_file: order.label_url.clone(),
            courier_chosen: true,
            ship_to,
        },
        options: Options {
            courier,
            qc: cx.qc,
            value_added: Vec::new(),
        },
        remark: String::new(),
        request_id: None,
        coupon_ids: Vec::new(),
        accept_price_rises: false,
    };
    place(cx, request, now).await
}

/// A stored problem key as the `'static` key a refusal carries.
fn static_key(key: &str) -> &'static str {
    domain::platform_export::Problem::from_key(key)
        .map(|p| p.key())
        .unwrap_or("platform.line_invalid")
}
