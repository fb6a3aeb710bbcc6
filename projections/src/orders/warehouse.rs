//! What the warehouse reads across every seller: the to-ship queue, the abnormal orders, the
//! out-of-stock notices, and the shipping state of orders named in a tracking-number sheet.

use std::collections::HashMap;

use serde::Serialize;
use sqlx::{AnyPool, Row};

use super::queries::{
    attach_items, order_of, sku_picture, when, yuan, AbnormalNotice, OrderView, ShortageNotice, ORDER_COLUMNS,
};
use crate::catalog::Page;
use crate::sites::Language;

/// An order as staff see it: the seller's phone beside it.
#[derive(Debug, Clone, Serialize)]
pub struct StaffOrder {
    #[serde(flatten)]
    pub order: OrderView,
    pub mobile: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct StaffNotice<T: Serialize> {
    #[serde(flatten)]
    pub notice: T,
    pub user_id: String,
    pub mobile: String,
}

/// The to-ship queue's filters; empty strings are "any".
#[derive(Debug, Clone, Default)]
pub struct ToShip {
    pub courier: String,
    pub platform: String,
    /// domestic | platform
    pub kind: String,
    pub qc_level: String,
    /// together | split
    pub priority: String,
    /// Paid at or before this time (the overdue ones); 0 for any.
    pub paid_before: i64,
    /// By prefix, as a scanner types it.
    pub order_no: String,
}

async fn mobiles(
    pool: &AnyPool,
    user_ids: impl Iterator<Item = &str>,
) -> sqlx::Result<HashMap<String, String>> {
    let ids: Vec<&str> = user_ids.collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let marks: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!("SELECT id, mobile FROM users WHERE id IN ({})", marks.join(", "));
    let mut query = sqlx::query(&sql);
    for id in &ids {
        query = query.bind(*id);
    }
    Ok(query
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| (r.get("id"), r.get("mobile")))
        .collect())
}

/// Paid, stock prepared, not abnormal, not shipped: oldest paid first.
pub async fn to_ship(
    pool: &AnyPool,
    filter: &ToShip,
    page: i64,
    pagesize: i64,
    lang: Language,
) -> sqlx::Result<Page<StaffOrder>> {
    let mut conditions = vec![
        "status = 'to_be_shipped'".to_string(),
        "stock_status = 'stock_prepared'".to_string(),
        "abnormal = 0".to_string(),
    ];
    let mut binds: Vec<String> = Vec::new();
    let mut text = |column: &str, value: &str, conditions: &mut Vec<String>| {
        if !value.is_empty() {
            binds.push(value.to_string());
            conditions.push(format!("{column} = ${}", binds.len()));
        }
    };
    text("courier", &filter.courier, &mut conditions);
    text("platform", &filter.platform, &mut conditions);
    text("kind", &filter.kind, &mut conditions);
    text("qc_level", &filter.qc_level, &mut conditions);
    text("shipping_priority", &filter.priority, &mut conditions);
    if !filter.order_no.is_empty() {
        binds.push(format!("{}%", filter.order_no.replace(['%', '_'], "")));
        conditions.push(format!("order_no LIKE ${}", binds.len()));
    }
    if filter.paid_before > 0 {
        conditions.push(format!("paid_at <= {}", filter.paid_before));
    }
    let where_sql = conditions.join(" AND ");
    let count_sql = format!("SELECT COUNT(*) FROM orders WHERE {where_sql}");
    let mut count = sqlx::query_scalar(&count_sql);
    for b in &binds {
        count = count.bind(b.as_str());
    }
    let total: i64 = count.fetch_one(pool).await?;
    let rows_sql = format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE {where_sql} ORDER BY paid_at, order_no LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    );
    let mut rows = sqlx::query(&rows_sql);
    for b in &binds {
        rows = rows.bind(b.as_str());
    }
    let rows = rows.fetch_all(pool).await?;
    let mut orders: Vec<OrderView> = rows.iter().map(order_of).collect();
    attach_items(pool, &mut orders, lang).await?;
    let phones = mobiles(pool, orders.iter().map(|o| o.user_id.as_str())).await?;
    Ok(Page {
        list: orders
            .into_iter()
            .map(|order| StaffOrder {
                mobile: phones.get(&order.user_id).cloned().unwrap_or_default(),
                order,
            })
            .collect(),
        total,
        page,
        pagesize,
    })
}

/// Every seller's abnormal orders, newest first, with the order's status now.
pub async fn abnormal(
    pool: &AnyPool,
    open: Option<bool>,
    page: i64,
    pagesize: i64,
) -> sqlx::Result<Page<StaffNotice<AbnormalRow>>> {
    let condition = match open {
        None => "1 = 1",
        Some(true) => "a.resolved_at = 0",
        Some(false) => "a.resolved_at <> 0",
    };
    let total: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM order_abnormal a WHERE {condition}"
    ))
    .fetch_one(pool)
    .await?;
    let rows = sqlx::query(&format!(
        "SELECT a.order_no, a.reason, a.flagged_at, a.resolution, a.resolved_at, a.user_id, COALESCE(o.status, '') AS order_status \
         FROM order_abnormal a LEFT JOIN orders o ON o.order_no = a.order_no WHERE {condition} \
         ORDER BY a.flagged_at DESC, a.order_no DESC, a.sequence DESC LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .fetch_all(pool)
    .await?;
    let phones = mobiles(
        pool,
        rows.iter().map(|r| r.try_get::<&str, _>("user_id").unwrap_or("")),
    )
    .await?;
    let list = rows
        .iter()
        .map(|r| {
            let resolved_at = when(r, "resolved_at");
            let user_id: String = r.get("user_id");
            StaffNotice {
                notice: AbnormalRow {
                    notice: AbnormalNotice {
                        order_no: r.get("order_no"),
                        reason: r.get("reason"),
                        flagged_at: r.get("flagged_at"),
                        resolution: r.get("resolution"),
                        status: if resolved_at.is_some() { "resolved" } else { "open" },
                        resolved_at,
                    },
                    order_status: r.get("order_status"),
                },
                mobile: phones.get(&user_id).cloned().unwrap_or_default(),
                user_id,
            }
        })
        .collect();
    Ok(Page {
        list,
        total,
        page,
        pagesize,
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct AbnormalRow {
    #[serde(flatten)]
    pub notice: AbnormalNotice,
    pub order_status: String,
}

/// Every seller's out-of-stock notices, newest first.
pub async fn shortages(
    pool: &AnyPool,
    page: i64,
    pagesize: i64,
) -> sqlx::Result<Page<StaffNotice<ShortageNotice>>> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM order_shortages")
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT order_no, CASE WHEN all_items <> 0 THEN 1 ELSE 0 END AS all_items, refund, items, at, \
         user_id FROM order_shortages \
         ORDER BY at DESC, order_no DESC, sequence DESC LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .fetch_all(pool)
    .await?;
    let phones = mobiles(
        pool,
        rows.iter().map(|r| r.try_get::<&str, _>("user_id").unwrap_or("")),
    )
    .await?;
    let mut list = Vec::with_capacity(rows.len());
    for r in &rows {
        let mut notice = ShortageNotice {
            order_no: r.get("order_no"),
            all: r.get::<i64, _>("all_items") == 1,
            refund: yuan(r, "refund"),
            items: serde_json::from_str(&r.get::<String, _>("items")).unwrap_or_default(),
            at: r.get("at"),
        };
        for item in &mut notice.items {
            item.image = sku_picture(pool, &item.sku_id).await?;
        }
        let user_id: String = r.get("user_id");
        list.push(StaffNotice {
            notice,
            mobile: phones.get(&user_id).cloned().unwrap_or_default(),
            user_id,
        });
    }
    Ok(Page {
        list,
        total,
        page,
        pagesize,
    })
}

/// Where an order stands for shipping, as a tracking-number sheet's preview needs it.
#[derive(Debug, Clone)]
pub struct ShippingState {
    pub status: String,
    pub stock_status: String,
    pub abnormal: bool,
    pub ship_courier: String,
    pub tracking_no: String,
    pub kind: String,
    pub label_file: String,
}

pub async fn shipping_states(
    pool: &AnyPool,
    order_nos: &[String],
) -> sqlx::Result<HashMap<String, ShippingState>> {
    let mut found = HashMap::new();
    for chunk in order_nos.chunks(500) {
        let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT order_no, status, stock_status, CASE WHEN abnormal <> 0 THEN 1 ELSE 0 END AS abnormal, ship_courier, \
             tracking_no, kind, label_file FROM orders WHERE order_no IN ({})",
            marks.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for no in chunk {
            query = query.bind(no.as_str());
        }
        for r in query.fetch_all(pool).await? {
            found.insert(
                r.get("order_no"),
                ShippingState {
                    status: r.get("status"),
                    stock_status: r.get("stock_status"),
                    abnormal: r.get::<i64, _>("abnormal") == 1,
                    ship_courier: r.get("ship_courier"),
                    tracking_no: r.get("tracking_no"),
                    kind: r.get("kind"),
                    label_file: r.get("label_file"),
                },
            );
        }
    }
    Ok(found)
}
