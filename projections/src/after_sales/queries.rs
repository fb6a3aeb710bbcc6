use std::collections::BTreeMap;

use domain::after_sale::{AfterSale, AfterSaleEvent, AfterSaleStatus};
use serde::Serialize;
use sqlx::{AnyPool, Row};

use super::projection::detail_of;
use super::view::AfterSaleView;
use crate::product_names::ProductNames;
use crate::sites::Language;
use crate::timeline::{self, TimelineEntry};

/// What the after-sales list is narrowed to. `user_id` is `None` only for the operator.
#[derive(Debug, Clone, Default)]
pub struct AfterSaleFilter {
    pub user_id: Option<String>,
    /// `None`: every status.
    pub status: Option<AfterSaleStatus>,
    pub order_no: String,
    /// Digits of the seller's phone (the operator's search; see `domain::accounts::phone_search`).
    pub mobile: String,
}

/// `all` and every status code, zero included, so a screen can show each tab's count.
pub type AfterSaleCounts = BTreeMap<&'static str, i64>;

#[derive(Debug, Clone, Serialize)]
pub struct AfterSalesPage {
    pub list: Vec<AfterSaleView>,
    pub total: i64,
    pub page: i64,
    pub pagesize: i64,
    pub counts: AfterSaleCounts,
}

/// `text` as a LIKE prefix pattern, its wildcards escaped.
fn prefix_pattern(text: &str) -> String {
    let mut pattern: String = text
        .chars()
        .flat_map(|c| {
            let escape = matches!(c, '%' | '_' | '\\').then_some('\\');
            escape.into_iter().chain(std::iter::once(c))
        })
        .collect();
    pattern.push('%');
    pattern
}

/// The conditions other than the status, with their parameters in order.
fn base_conditions(filter: &AfterSaleFilter) -> (Vec<String>, Vec<String>) {
    let mut parts = Vec::new();
    let mut binds = Vec::new();
    if let Some(user) = &filter.user_id {
        binds.push(user.clone());
        parts.push(format!("user_id = ${}", binds.len()));
    }
    if !filter.order_no.trim().is_empty() {
        binds.push(prefix_pattern(filter.order_no.trim()));
        parts.push(format!("order_no LIKE ${} ESCAPE '\\'", binds.len()));
    }
    if !filter.mobile.is_empty() {
        binds.push(crate::accounts::phone_pattern(&filter.mobile));
        parts.push(crate::accounts::phone_condition("user_id", binds.len()));
    }
    (parts, binds)
}

fn where_sql(parts: &[String]) -> String {
    if parts.is_empty() {
        "1 = 1".into()
    } else {
        parts.join(" AND ")
    }
}

pub async fn list(
    pool: &AnyPool,
    filter: &AfterSaleFilter,
    page: i64,
    pagesize: i64,
) -> sqlx::Result<AfterSalesPage> {
    let (parts, binds) = base_conditions(filter);
    let mut counts: AfterSaleCounts = AfterSaleStatus::ALL.iter().map(|s| (s.code(), 0)).collect();
    let sql = format!(
        "SELECT status, COUNT(*) AS n FROM after_sales WHERE {} GROUP BY status",
        where_sql(&parts)
    );
    let mut query = sqlx::query(&sql);
    for b in &binds {
        query = query.bind(b.as_str());
    }
    let mut all = 0;
    for row in query.fetch_all(pool).await? {
        let status: String = row.get("status");
        let n: i64 = row.get("n");
        all += n;
        if let Some(code) = AfterSaleStatus::from_code(&status).map(AfterSaleStatus::code) {
            counts.insert(code, n);
        }
    }
    counts.insert("all", all);

    let mut parts = parts;
    let mut binds = binds;
    if let Some(status) = filter.status {
        binds.push(status.code().to_string());
        parts.push(format!("status = ${}", binds.len()));
    }
    let total = match filter.status {
        Some(status) => counts.get(status.code()).copied().unwrap_or(0),
        None => all,
    };
    let sql = format!(
        "SELECT body FROM after_sales WHERE {} ORDER BY applied_at DESC, id DESC LIMIT {} OFFSET {}",
        where_sql(&parts),
        pagesize,
        (page - 1) * pagesize
    );
    let mut query = sqlx::query(&sql);
    for b in &binds {
        query = query.bind(b.as_str());
    }
    let list = query
        .fetch_all(pool)
        .await?
        .iter()
        .map(|row| serde_json::from_str::<AfterSaleView>(&row.get::<String, _>("body")))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
    Ok(AfterSalesPage {
        list,
        total,
        page,
        pagesize,
        counts,
    })
}

/// One after-sale with its timeline, oldest first; `None` when it does not exist or belongs to
/// another user.
pub async fn detail(
    pool: &AnyPool,
    user_id: Option<&str>,
    id: &str,
) -> sqlx::Result<Option<(AfterSaleView, Vec<TimelineEntry>)>> {
    let Some(row) = sqlx::query("SELECT body, user_id FROM after_sales WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?
    else {
        return Ok(None);
    };
    let owner: String = row.get("user_id");
    if user_id.is_some_and(|user| user != owner) {
        return Ok(None);
    }
    let view: AfterSaleView =
        serde_json::from_str(&row.get::<String, _>("body")).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
    let timeline = timeline::read::<AfterSale>(pool, id, AfterSaleEvent::at, detail_of).await?;
    Ok(Some((view, timeline)))
}

/// The lines of `views` in `lang`: an after-sale keeps the Chinese title and colour it was
/// applied with; the reader sees the product's own in their language.
pub async fn in_language(pool: &AnyPool, views: &mut [AfterSaleView], lang: Language) -> sqlx::Result<()> {
    let ids: Vec<String> = views
        .iter()
        .flat_map(|v| v.lines.iter().map(|l| l.product_id.clone()))
        .collect();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    let names = ProductNames::load(pool, lang, &ids).await?;
    for line in views.iter_mut().flat_map(|v| v.lines.iter_mut()) {
        line.title = names.title(&line.product_id, &line.title);
        line.color = names.colour(&line.product_id, &line.color);
        line.size = names.size(&line.size);
    }
    Ok(())
}
