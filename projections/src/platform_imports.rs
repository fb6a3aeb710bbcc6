//! Reading platform imports (`commands::orders::platform_batch` writes them): an import's lines with
//! the jpmall SKU each is linked to, the seller's links, the SKUs a seller may link to, and the
//! shipped platform orders a write-back file lists.

use std::collections::HashMap;

use sqlx::{AnyPool, Row};

#[derive(Debug, Clone)]
pub struct ImportHead {
    pub id: String,
    pub platform: String,
    pub file_name: String,
    pub job_id: String,
    pub created_at: i64,
    pub lines: i64,
    pub orders: i64,
    /// The ISO code of the file's currency; empty when the file did not say.
    pub currency: String,
}

const HEAD: &str = "SELECT i.id, i.platform, i.file_name, i.job_id, i.created_at, i.currency, \
     (SELECT COUNT(*) FROM platform_import_lines l WHERE l.import_id = i.id), \
     (SELECT COUNT(DISTINCT l.source_order_no) FROM platform_import_lines l WHERE l.import_id = i.id) \
     FROM platform_imports i";

fn head_of(r: &sqlx::any::AnyRow) -> ImportHead {
    ImportHead {
        id: r.get(0),
        platform: r.get(1),
        file_name: r.get(2),
        job_id: r.get(3),
        created_at: r.get(4),
        currency: r.get(5),
        lines: r.get(6),
        orders: r.get(7),
    }
}

pub async fn import_head(pool: &AnyPool, user_id: &str, id: &str) -> Result<Option<ImportHead>, sqlx::Error> {
    let row = sqlx::query(&format!("{HEAD} WHERE i.id = $1 AND i.user_id = $2"))
        .bind(id)
        .bind(user_id)
        .fetch_optional(pool)
        .await?;
    Ok(row.as_ref().map(head_of))
}

pub async fn imports(
    pool: &AnyPool,
    user_id: &str,
    page: i64,
    pagesize: i64,
) -> Result<(Vec<ImportHead>, i64), sqlx::Error> {
    let rows = sqlx::query(&format!(
        "{HEAD} WHERE i.user_id = $1 ORDER BY i.created_at DESC, i.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(user_id)
    .bind(pagesize)
    .bind((page - 1) * pagesize)
    .fetch_all(pool)
    .await?;
    let total: i64 = sqlx::query("SELECT COUNT(*) FROM platform_imports WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(pool)
        .await?
        .get(0);
    Ok((rows.iter().map(head_of).collect(), total))
}

/// The jpmall SKU a line is linked to.
#[derive(Debug, Clone)]
pub struct LinkedSku {
    pub sku_id: String,
    pub product_id: String,
    pub item_no: String,
    pub title_zh: String,
    pub title_en: String,
    pub color: String,
    pub size: String,
    pub price: i64,
    pub stock: i64,
    pub on_shelf: bool,
    /// The product's colours as stored (`products.colors`: each with its `zh` and `en` name).
    pub colors_json: String,
}

#[derive(Debug, Clone)]
pub struct ImportLine {
    pub row: i64,
    pub source_order_no: String,
    pub line_id: String,
    pub item_key: String,
    pub sku_key: String,
    pub title: String,
    pub variation: String,
    pub quantity: i64,
    /// `None` when the file gave no price.
    pub platform_price: Option<i64>,
    pub recipient: String,
    pub phone: String,
    pub address: String,
    pub hidden: Vec<String>,
    pub problem: String,
    pub status: String,
    pub linked: Option<LinkedSku>,
}

const SKU_COLUMNS: &str =
    "k.id, p.id, p.item_no, p.title_zh, p.title_en, k.color, k.size, k.price, k.stock, p.on_shelf, p.colors";

fn sku_at(r: &sqlx::any::AnyRow, at: usize) -> LinkedSku {
    LinkedSku {
        sku_id: r.get(at),
        product_id: r.get(at + 1),
        item_no: r.get(at + 2),
        title_zh: r.get(at + 3),
        title_en: r.get(at + 4),
        color: r.get(at + 5),
        size: r.get(at + 6),
        price: r.get(at + 7),
        stock: r.get(at + 8),
        on_shelf: r.get::<i64, _>(at + 9) != 0,
        colors_json: r.get(at + 10),
    }
}

/// The import's lines in file order, each with the SKU the seller linked its item + SKU to.
pub async fn lines(
    pool: &AnyPool,
    user_id: &str,
    id: &str,
    platform: &str,
) -> Result<Vec<ImportLine>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT l.line_no, l.source_order_no, l.line_id, l.item_key, l.sku_key, l.title, l.variation, l.quantity, \
         l.platform_price, l.recipient, l.phone, l.address, l.hidden, l.problem, l.status, {SKU_COLUMNS} \
         FROM platform_import_lines l \
         LEFT JOIN sku_links s ON s.user_id = $2 AND s.platform = $3 AND s.item_key = l.item_key \
              AND s.sku_key = l.sku_key \
         LEFT JOIN skus k ON k.id = s.sku_id \
         LEFT JOIN products p ON p.id = k.product_id \
         WHERE l.import_id = $1 ORDER BY l.line_no"
    ))
    .bind(id)
    .bind(user_id)
    .bind(platform)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| {
            let price: i64 = r.get(8);
            let hidden: String = r.get(12);
            ImportLine {
                row: r.get(0),
                source_order_no: r.get(1),
                line_id: r.get(2),
                item_key: r.get(3),
                sku_key: r.get(4),
                title: r.get(5),
                variation: r.get(6),
                quantity: r.get(7),
                platform_price: (price >= 0).then_some(price),
                recipient: r.get(9),
                phone: r.get(10),
                address: r.get(11),
                hidden: hidden
                    .split(',')
                    .filter(|h| !h.is_empty())
                    .map(str::to_string)
                    .collect(),
                problem: r.get(13),
                status: r.get(14),
                linked: r.get::<Option<String>, _>(15).map(|_| sku_at(r, 15)),
            }
        })
        .collect())
}

/// The label attached to each order of the import.
pub async fn labels(pool: &AnyPool, id: &str) -> Result<HashMap<String, String>, sqlx::Error> {
    let rows =
        sqlx::query("SELECT source_order_no, label_url FROM platform_import_labels WHERE import_id = $1")
            .bind(id)
            .fetch_all(pool)
            .await?;
    Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
}

/// The orders the seller already placed for these platform orders: source order number → order no.
pub async fn placed(
    pool: &AnyPool,
    user_id: &str,
    platform: &str,
    id: &str,
) -> Result<HashMap<String, String>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT k.source_order_no, k.order_no FROM platform_order_keys k \
         WHERE k.user_id = $1 AND k.platform = $2 AND k.source_order_no IN \
         (SELECT l.source_order_no FROM platform_import_lines l WHERE l.import_id = $3)",
    )
    .bind(user_id)
    .bind(platform)
    .bind(id)
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
}

#[derive(Debug, Clone)]
pub struct SkuLink {
    pub platform: String,
    pub item_key: String,
    pub sku_key: String,
    pub title: String,
    pub variation: String,
    pub updated_at: i64,
    pub sku: LinkedSku,
}

pub async fn links(
    pool: &AnyPool,
    user_id: &str,
    platform: &str,
    page: i64,
    pagesize: i64,
) -> Result<(Vec<SkuLink>, i64), sqlx::Error> {
    let platform_filter = if platform.is_empty() {
        ""
    } else {
        " AND s.platform = $2"
    };
    let sql = format!(
        "SELECT s.platform, s.item_key, s.sku_key, s.title, s.variation, s.updated_at, {SKU_COLUMNS} \
         FROM sku_links s JOIN skus k ON k.id = s.sku_id JOIN products p ON p.id = k.product_id \
         WHERE s.user_id = $1{platform_filter} ORDER BY s.updated_at DESC, s.item_key, s.sku_key \
         LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    );
    let mut query = sqlx::query(&sql).bind(user_id);
    if !platform.is_empty() {
        query = query.bind(platform);
    }
    let rows = query.fetch_all(pool).await?;
    let count_sql = format!("SELECT COUNT(*) FROM sku_links s WHERE s.user_id = $1{platform_filter}");
    let mut count = sqlx::query(&count_sql).bind(user_id);
    if !platform.is_empty() {
        count = count.bind(platform);
    }
    let total: i64 = count.fetch_one(pool).await?.get(0);
    Ok((
        rows.iter()
            .map(|r| SkuLink {
                platform: r.get(0),
                item_key: r.get(1),
                sku_key: r.get(2),
                title: r.get(3),
                variation: r.get(4),
                updated_at: r.get(5),
                sku: sku_at(r, 6),
            })
            .collect(),
        total,
    ))
}

/// SKUs on sale whose product's item number starts with `item_no` (exact ones first), narrowed by
/// colour and size text; at most `limit`.
pub async fn sku_search(
    pool: &AnyPool,
    item_no: &str,
    color: &str,
    size: &str,
    limit: i64,
) -> Result<Vec<LinkedSku>, sqlx::Error> {
    let like = |text: &str| {
        let escaped: String = text
            .chars()
            .flat_map(|c| match c {
                '%' | '_' | '\\' => vec!['\\', c],
                c => vec![c],
            })
            .collect();
        escaped
    };
    let rows = sqlx::query(&format!(
        "SELECT {SKU_COLUMNS} FROM products p JOIN skus k ON k.product_id = p.id \
         WHERE p.item_no LIKE $1 ESCAPE '\\' AND p.on_shelf = 1 \
         AND LOWER(k.color) LIKE LOWER($2) ESCAPE '\\' AND LOWER(k.size) LIKE LOWER($3) ESCAPE '\\' \
         ORDER BY CASE WHEN p.item_no = $4 THEN 0 ELSE 1 END, p.item_no, p.id, k.sort LIMIT $5"
    ))
    .bind(format!("{}%", like(item_no)))
    .bind(format!("%{}%", like(color)))
    .bind(format!("%{}%", like(size)))
    .bind(item_no)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(|r| sku_at(r, 0)).collect())
}

/// A shipped platform order of the seller, for the write-back file.
#[derive(Debug, Clone)]
pub struct ShippedOrder {
    pub order_no: String,
    pub source_order_no: String,
    pub courier: String,
    pub tracking_no: String,
    pub shipped_at: i64,
    pub line_ids: Vec<String>,
}

/// The seller's orders of `platform` shipped between `from` and `to` (inclusive), or of the
/// platform orders of import `import_id` when one is given; oldest first.
pub async fn shipped(
    pool: &AnyPool,
    user_id: &str,
    platform: &str,
    from: i64,
    to: i64,
    import_id: Option<&str>,
) -> Result<Vec<ShippedOrder>, sqlx::Error> {
    let scope = if import_id.is_some() {
        " AND o.source_order_no IN (SELECT l.source_order_no FROM platform_import_lines l WHERE l.import_id = $5)"
    } else {
        ""
    };
    let sql = format!(
        "SELECT o.order_no, o.source_order_no, o.ship_courier, o.tracking_no, o.shipped_at FROM orders o \
         WHERE o.user_id = $1 AND o.kind = 'platform' AND o.platform = $2 AND o.shipped_at > 0 \
         AND o.tracking_no <> '' AND o.shipped_at >= $3 AND o.shipped_at <= $4{scope} \
         ORDER BY o.shipped_at, o.order_no"
    );
    let mut query = sqlx::query(&sql).bind(user_id).bind(platform).bind(from).bind(to);
    if let Some(id) = import_id {
        query = query.bind(id);
    }
    let rows = query.fetch_all(pool).await?;
    let mut orders: Vec<ShippedOrder> = rows
        .iter()
        .map(|r| ShippedOrder {
            order_no: r.get(0),
            source_order_no: r.get(1),
            courier: r.get(2),
            tracking_no: r.get(3),
            shipped_at: r.get(4),
            line_ids: Vec::new(),
        })
        .collect();
    // The platform's line ids, from the newest import that held each order.
    let line_rows = sqlx::query(
        "SELECT l.source_order_no, l.line_id, i.created_at FROM platform_import_lines l \
         JOIN platform_imports i ON i.id = l.import_id \
         WHERE i.user_id = $1 AND i.platform = $2 AND l.line_id <> '' AND l.source_order_no IN \
         (SELECT o.source_order_no FROM orders o WHERE o.user_id = $1 AND o.kind = 'platform' \
          AND o.platform = $2 AND o.shipped_at >= $3 AND o.shipped_at <= $4 AND o.shipped_at > 0) \
         ORDER BY i.created_at DESC, l.line_no",
    )
    .bind(user_id)
    .bind(platform)
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await?;
    let mut newest: HashMap<String, (i64, Vec<String>)> = HashMap::new();
    for r in &line_rows {
        let source: String = r.get(0);
        let at: i64 = r.get(2);
        let entry = newest.entry(source).or_insert((at, Vec::new()));
        let line: String = r.get(1);
        if entry.0 == at && !entry.1.contains(&line) {
            entry.1.push(line);
        }
    }
    for order in &mut orders {
        if let Some((_, ids)) = newest.remove(&order.source_order_no) {
            order.line_ids = ids;
        }
    }
    Ok(orders)
}
