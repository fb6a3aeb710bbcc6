//! The catalogue as staff see it: every product, on the shelf or off, with its SKUs and stock, and
//! the log of stock changes. A stall account's reads are limited to its own stalls.

use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use crate::catalog::Page;

fn yuan(fen: i64) -> String {
    domain::money::Fen(fen).to_yuan()
}

#[derive(Debug, Clone, Serialize)]
pub struct StaffProduct {
    pub id: String,
    pub item_no: String,
    pub title_zh: String,
    pub title_en: String,
    pub stall_id: String,
    pub stall_name: String,
    pub category_id: String,
    pub price: String,
    pub stock_total: i64,
    pub sku_count: i64,
    pub on_shelf: bool,
    pub shelf_at: i64,
    pub is_hot: bool,
    pub is_sea: bool,
    pub image: String,
}

#[derive(Debug, Default)]
pub struct StaffProductFilter {
    pub keyword: Option<String>,
    pub stall_id: Option<String>,
    pub category_id: Option<String>,
    /// `Some(true)`: on the shelf only; `Some(false)`: off only.
    pub on_shelf: Option<bool>,
    /// A stall account's stalls; `None` for everyone else.
    pub stalls: Option<Vec<String>>,
}

const COLUMNS: &str = "p.id, p.item_no, p.title_zh, p.title_en, p.stall_id, s.name, p.category_id, p.price, \
     (SELECT CAST(COALESCE(SUM(k.stock), 0) AS BIGINT) FROM skus k WHERE k.product_id = p.id) AS stock_total, \
     (SELECT COUNT(*) FROM skus k WHERE k.product_id = p.id) AS sku_count, \
     p.on_shelf, p.shelf_at, CASE WHEN p.is_hot THEN 1 ELSE 0 END AS is_hot, \
     CASE WHEN p.is_sea THEN 1 ELSE 0 END AS is_sea";

fn product(row: &AnyRow) -> StaffProduct {
    let id: String = row.get("id");
    StaffProduct {
        image: crate::catalog::picture_url(&id, "main-1.jpg"),
        item_no: row.get("item_no"),
        title_zh: row.get("title_zh"),
        title_en: row.get("title_en"),
        stall_id: row.get("stall_id"),
        stall_name: row.get("name"),
        category_id: row.get("category_id"),
        price: yuan(row.get("price")),
        stock_total: row.get("stock_total"),
        sku_count: row.get("sku_count"),
        on_shelf: row.get::<i64, _>("on_shelf") != 0,
        shelf_at: row.get("shelf_at"),
        is_hot: row.get::<i64, _>("is_hot") != 0,
        is_sea: row.get::<i64, _>("is_sea") != 0,
        id,
    }
}

/// Staff's product table, newest on the shelf first.
pub async fn products(
    pool: &AnyPool,
    filter: &StaffProductFilter,
    page: i64,
    pagesize: i64,
) -> sqlx::Result<Page<StaffProduct>> {
    let mut conditions: Vec<String> = Vec::new();
    let mut binds: Vec<String> = Vec::new();
    let bind = |value: String, binds: &mut Vec<String>| {
        binds.push(value);
        format!("${}", binds.len())
    };
    if let Some(keyword) = filter.keyword.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        let pattern = format!(
            "%{}%",
            keyword
                .to_lowercase()
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_")
        );
        let (a, b, c) = (
            bind(pattern.clone(), &mut binds),
            bind(pattern.clone(), &mut binds),
            bind(pattern, &mut binds),
        );
        conditions.push(format!(
            "(LOWER(p.item_no) LIKE {a} ESCAPE '\\' OR LOWER(p.title_zh) LIKE {b} ESCAPE '\\' OR LOWER(p.title_en) LIKE {c} ESCAPE '\\')"
        ));
    }
    if let Some(stall) = &filter.stall_id {
        conditions.push(format!("p.stall_id = {}", bind(stall.clone(), &mut binds)));
    }
    if let Some(category) = &filter.category_id {
        let (a, b) = (
            bind(category.clone(), &mut binds),
            bind(category.clone(), &mut binds),
        );
        conditions.push(format!(
            "(p.category_id = {a} OR p.category_id IN (SELECT id FROM categories WHERE parent_id = {b}))"
        ));
    }
    if let Some(on_shelf) = filter.on_shelf {
        conditions.push(format!("p.on_shelf = {}", i64::from(on_shelf)));
    }
    if let Some(stalls) = &filter.stalls {
        if stalls.is_empty() {
            conditions.push("1 = 0".to_string());
        } else {
            let list: Vec<String> = stalls.iter().map(|s| bind(s.clone(), &mut binds)).collect();
            conditions.push(format!("p.stall_id IN ({})", list.join(", ")));
        }
    }
    let condition = if conditions.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", conditions.join(" AND "))
    };
    let count_sql = format!("SELECT COUNT(*) FROM products p{condition}");
    let mut count = sqlx::query_scalar(&count_sql);
    for b in &binds {
        count = count.bind(b.as_str());
    }
    let total: i64 = count.fetch_one(pool).await?;
    let sql = format!(
        "SELECT {COLUMNS} FROM products p JOIN stalls s ON s.id = p.stall_id{condition} \
         ORDER BY p.shelf_at DESC, p.id LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    );
    let mut query = sqlx::query(&sql);
    for b in &binds {
        query = query.bind(b.as_str());
    }
    let list = query.fetch_all(pool).await?.iter().map(product).collect();
    Ok(Page {
        list,
        total,
        page,
        pagesize,
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct StaffSku {
    pub id: String,
    pub color: String,
    pub size: String,
    pub price: String,
    pub stock: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct StaffProductDetail {
    #[serde(flatten)]
    pub product: StaffProduct,
    pub skus: Vec<StaffSku>,
    /// Each with its picture's URL; an edit sends these URLs back to keep the pictures.
    pub colours: Vec<StaffColour>,
    pub sizes: Vec<String>,
    pub main_pictures: Vec<String>,
    pub detail_pictures: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct StaffColour {
    pub name_zh: String,
    pub name_en: String,
    /// `None`: it shows the first main picture.
    pub picture: Option<String>,
}

#[derive(serde::Deserialize)]
struct StoredColour {
    zh: String,
    #[serde(default)]
    en: String,
    /// Whether the colour has a picture of its own (the demo market's are drawn, so they do).
    #[serde(default = "yes")]
    own: bool,
}

fn yes() -> bool {
    true
}

/// One product with its SKUs, if it exists and (for a stall account) is one of its stalls'.
pub async fn product_detail(
    pool: &AnyPool,
    id: &str,
    stalls: Option<&[String]>,
) -> sqlx::Result<Option<StaffProductDetail>> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM products p JOIN stalls s ON s.id = p.stall_id WHERE p.id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    let Some(product) = row.as_ref().map(product) else {
        return Ok(None);
    };
    if stalls.is_some_and(|s| !s.contains(&product.stall_id)) {
        return Ok(None);
    }
    let skus =
        sqlx::query("SELECT id, color, size, price, stock FROM skus WHERE product_id = $1 ORDER BY sort, id")
            .bind(id)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| StaffSku {
                id: r.get("id"),
                color: r.get("color"),
                size: r.get("size"),
                price: yuan(r.get("price")),
                stock: r.get("stock"),
            })
            .collect();
    let options = sqlx::query("SELECT main_count, detail_count, colors, sizes FROM products WHERE id = $1")
        .bind(id)
        .fetch_one(pool)
        .await?;
    let (main, detail): (i64, i64) = (options.get("main_count"), options.get("detail_count"));
    let colours: Vec<StoredColour> =
        serde_json::from_str(&options.get::<String, _>("colors")).unwrap_or_default();
    let sizes: Vec<String> = serde_json::from_str(&options.get::<String, _>("sizes")).unwrap_or_default();
    let url = |file: String| crate::catalog::picture_url(id, &file);
    Ok(Some(StaffProductDetail {
        product,
        skus,
        colours: colours
            .into_iter()
            .enumerate()
            .map(|(n, c)| StaffColour {
                picture: c.own.then(|| url(format!("color-{}.jpg", n + 1))),
                name_en: if c.en.is_empty() { c.zh.clone() } else { c.en },
                name_zh: c.zh,
            })
            .collect(),
        sizes,
        main_pictures: (1..=main).map(|n| url(format!("main-{n}.jpg"))).collect(),
        detail_pictures: (1..=detail).map(|n| url(format!("detail-{n}.jpg"))).collect(),
    }))
}

#[derive(Debug, Clone, Serialize)]
pub struct StockChangeRow {
    pub id: i64,
    pub at: i64,
    pub sku_id: String,
    pub color: String,
    pub size: String,
    pub actor_kind: String,
    pub actor_id: Option<String>,
    pub actor_name: Option<String>,
    pub before: i64,
    pub after: i64,
    pub reason: String,
}

/// A product's stock changes, newest first.
pub async fn stock_changes(
    pool: &AnyPool,
    product_id: &str,
    page: i64,
    pagesize: i64,
) -> sqlx::Result<Page<StockChangeRow>> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stock_changes WHERE product_id = $1")
        .bind(product_id)
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(
        "SELECT c.id, c.at, c.sku_id, k.color, k.size, c.actor_kind, c.actor_id, s.name, c.stock_before, \
         c.stock_after, c.reason FROM stock_changes c JOIN skus k ON k.id = c.sku_id \
         LEFT JOIN staff s ON s.id = c.actor_id WHERE c.product_id = $1 ORDER BY c.id DESC LIMIT $2 OFFSET $3",
    )
    .bind(product_id)
    .bind(pagesize)
    .bind((page - 1) * pagesize)
    .fetch_all(pool)
    .await?;
    let list = rows
        .iter()
        .map(|r| StockChangeRow {
            id: r.get("id"),
            at: r.get("at"),
            sku_id: r.get("sku_id"),
            color: r.get("color"),
            size: r.get("size"),
            actor_kind: r.get("actor_kind"),
            actor_id: r.get("actor_id"),
            actor_name: r.get("name"),
            before: r.get("stock_before"),
            after: r.get("stock_after"),
            reason: r.get("reason"),
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
pub struct AreaSiteRow {
    pub id: String,
    pub name_zh: String,
    pub name_en: String,
}

pub async fn area_sites(pool: &AnyPool) -> sqlx::Result<Vec<AreaSiteRow>> {
    let rows = sqlx::query("SELECT id, name_zh, name_en FROM area_sites ORDER BY sort, id")
        .fetch_all(pool)
        .await?;
    Ok(rows
        .iter()
        .map(|r| AreaSiteRow {
            id: r.get("id"),
            name_zh: r.get("name_zh"),
            name_en: r.get("name_en"),
        })
        .collect())
}

#[derive(Debug, Clone, Serialize)]
pub struct MarketRow {
    pub id: String,
    pub area_site_id: String,
    pub name_zh: String,
    pub name_en: String,
    pub sort: i64,
    pub stall_count: i64,
}

pub async fn markets(pool: &AnyPool) -> sqlx::Result<Vec<MarketRow>> {
    let rows = sqlx::query(
        "SELECT m.id, m.area_site_id, m.name_zh, m.name_en, m.sort, \
         (SELECT COUNT(*) FROM stalls s WHERE s.market_id = m.id) AS stall_count FROM markets m ORDER BY m.sort, m.id",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| MarketRow {
            id: r.get("id"),
            area_site_id: r.get("area_site_id"),
            name_zh: r.get("name_zh"),
            name_en: r.get("name_en"),
            sort: r.get("sort"),
            stall_count: r.get("stall_count"),
        })
        .collect())
}

#[derive(Debug, Clone, Serialize)]
pub struct CategoryRow {
    pub id: String,
    pub parent_id: Option<String>,
    pub name_zh: String,
    pub name_en: String,
    pub sort: i64,
    pub product_count: i64,
}

/// Every category, parents before their children.
pub async fn categories(pool: &AnyPool) -> sqlx::Result<Vec<CategoryRow>> {
    let rows = sqlx::query(
        "SELECT c.id, c.parent_id, c.name_zh, c.name_en, c.sort, \
         (SELECT COUNT(*) FROM products p WHERE p.category_id = c.id) AS product_count FROM categories c \
         ORDER BY COALESCE(c.parent_id, c.id), CASE WHEN c.parent_id IS NULL THEN 0 ELSE 1 END, c.sort, c.id",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| CategoryRow {
            id: r.get("id"),
            parent_id: r.get("parent_id"),
            name_zh: r.get("name_zh"),
            name_en: r.get("name_en"),
            sort: r.get("sort"),
            product_count: r.get("product_count"),
        })
        .collect())
}

#[derive(Debug, Clone, Serialize)]
pub struct StallRow {
    pub id: String,
    pub market_id: String,
    pub market_name_zh: String,
    pub market_name_en: String,
    pub name: String,
    pub floor: String,
    pub number: String,
    pub contact: String,
    pub wechat: String,
    pub category_id: String,
    pub product_count: i64,
    /// `open` or `closed`.
    pub status: String,
}

/// Stalls by market, floor and number; a stall account's own only.
pub async fn stalls(
    pool: &AnyPool,
    market_id: Option<&str>,
    own: Option<&[String]>,
    page: i64,
    pagesize: i64,
) -> sqlx::Result<Page<StallRow>> {
    let mut conditions = Vec::new();
    let mut binds: Vec<&str> = Vec::new();
    if let Some(market) = market_id {
        binds.push(market);
        conditions.push(format!("s.market_id = ${}", binds.len()));
    }
    if let Some(own) = own {
        if own.is_empty() {
            conditions.push("1 = 0".to_string());
        } else {
            let mut list = Vec::new();
            for id in own {
                binds.push(id);
                list.push(format!("${}", binds.len()));
            }
            conditions.push(format!("s.id IN ({})", list.join(", ")));
        }
    }
    let condition = if conditions.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", conditions.join(" AND "))
    };
    let count_sql = format!("SELECT COUNT(*) FROM stalls s{condition}");
    let mut count = sqlx::query_scalar(&count_sql);
    for b in &binds {
        count = count.bind(*b);
    }
    let total: i64 = count.fetch_one(pool).await?;
    let sql = format!(
        "SELECT s.id, s.market_id, m.name_zh, s.name, s.floor, s.number, s.contact, s.wechat, s.category_id, \
         (SELECT COUNT(*) FROM products p WHERE p.stall_id = s.id) AS product_count, s.status, m.name_en \
         FROM stalls s JOIN markets m ON m.id = s.market_id{condition} \
         ORDER BY m.sort, s.floor, s.number, s.id LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    );
    let mut query = sqlx::query(&sql);
    for b in &binds {
        query = query.bind(*b);
    }
    let list = query
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| StallRow {
            id: r.get("id"),
            market_id: r.get("market_id"),
            market_name_zh: r.get("name_zh"),
            name: r.get("name"),
            floor: r.get("floor"),
            number: r.get("number"),
            contact: r.get("contact"),
            wechat: r.get("wechat"),
            category_id: r.get("category_id"),
            product_count: r.get("product_count"),
            status: r.get("status"),
            market_name_en: r.get("name_en"),
        })
        .collect();
    Ok(Page {
        list,
        total,
        page,
        pagesize,
    })
}
