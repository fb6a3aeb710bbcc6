//! Reading platform imports (`commands::orders::platform_batch` writes them): an import's lines with
//! the jpmall SKU each is linked to, the seller's links, the SKUs a seller may link to, and the
//! shipped platform orders a write-back file lists.

use std::collections::HashMap;

use domain::platform_export::LinkScope;
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
     (SELECT COUNT(*) FROM platform_import_lines l WHERE l.import_id = i.id) AS lines, \
     (SELECT COUNT(DISTINCT l.source_order_no) FROM platform_import_lines l WHERE l.import_id = i.id) AS orders \
     FROM platform_imports i";

fn head_of(r: &sqlx::any::AnyRow) -> ImportHead {
    ImportHead {
        id: r.get("id"),
        platform: r.get("platform"),
        file_name: r.get("file_name"),
        job_id: r.get("job_id"),
        created_at: r.get("created_at"),
        currency: r.get("currency"),
        lines: r.get("lines"),
        orders: r.get("orders"),
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
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM platform_imports WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(pool)
        .await?;
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

const SKU_COLUMNS: &str = "k.id AS sku_id, p.id AS product_id, p.item_no, p.title_zh, p.title_en, k.color, \
     k.size, k.price, k.stock, p.on_shelf, p.colors";

fn sku_at(r: &sqlx::any::AnyRow) -> LinkedSku {
    LinkedSku {
        sku_id: r.get("sku_id"),
        product_id: r.get("product_id"),
        item_no: r.get("item_no"),
        title_zh: r.get("title_zh"),
        title_en: r.get("title_en"),
        color: r.get("color"),
        size: r.get("size"),
        price: r.get("price"),
        stock: r.get("stock"),
        on_shelf: r.get::<i64, _>("on_shelf") != 0,
        colors_json: r.get("colors"),
    }
}

#[derive(Debug, Clone)]
pub struct ImportLine {
    pub row: i64,
    pub source_order_no: String,
    pub line_id: String,
    pub item_key: String,
    pub sku_key: String,
    /// The seller's own code of the variant (the file's seller SKU), empty when the file had none.
    pub seller_code: String,
    pub title: String,
    pub variation: String,
    /// The line's spec as `colour;size` (`domain::variation::Spec::key`), whatever form the file
    /// wrote it in.
    pub spec: String,
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
    /// How the line found its SKU (`LinkedBy::code`); `None` when it has none.
    pub linked_by: Option<LinkedBy>,
}

/// How a line of an import found the jpmall SKU it orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkedBy {
    /// The seller linked this spec of the platform item to the SKU.
    Sku,
    /// The seller linked the whole platform item to a product; the spec chose the SKU.
    Product,
    /// The platform's seller SKU code (or, failing that, its SKU key) is a jpmall SKU id.
    SkuCode,
    /// The platform's seller code is a jpmall item number; the spec chose the SKU.
    ItemNo,
}

impl LinkedBy {
    pub fn code(self) -> &'static str {
        match self {
            LinkedBy::Sku => "sku",
            LinkedBy::Product => "product",
            LinkedBy::SkuCode => "sku_code",
            LinkedBy::ItemNo => "item_no",
        }
    }
}

/// What a line names its platform SKU by, as the resolver reads it.
#[derive(Debug, Clone)]
pub struct PlatformSku {
    pub item_key: String,
    pub sku_key: String,
    /// The seller's own code (the file's seller SKU), when the platform's `sku_key` is something
    /// else (TikTok Shop's and Lazada's SKU id); empty when the file has none.
    pub seller_code: String,
    pub variation: String,
}

/// One stored link: its scope, the spec text it was stored with, its SKU.
type StoredLink = (LinkScope, String, LinkedSku);

/// A seller's links and the catalogue they point into, for the platform SKUs of one import.
struct Catalogue {
    /// (item_key, sku_key) → the seller's links of it.
    links: HashMap<(String, String), Vec<StoredLink>>,
    by_sku_id: HashMap<String, LinkedSku>,
    by_product: HashMap<String, Vec<LinkedSku>>,
    /// item number → its product's id, for item numbers exactly one product has.
    by_item_no: HashMap<String, String>,
}

fn spec_key(text: &str) -> String {
    domain::variation::parse_spec(text).key()
}

impl Catalogue {
    fn by_spec(&self, product_id: &str, spec: &domain::variation::Spec) -> Option<LinkedSku> {
        let skus = self.by_product.get(product_id)?;
        let english: Vec<String> = skus
            .iter()
            .map(|k| domain::variation::english_colour(&k.colors_json, &k.color))
            .collect();
        let names: Vec<domain::variation::SkuNames> = skus
            .iter()
            .zip(&english)
            .map(|(k, en)| domain::variation::SkuNames {
                id: &k.sku_id,
                colour_zh: &k.color,
                colour_en: en,
                size: &k.size,
            })
            .collect();
        let id = domain::variation::sku_for_spec(&names, spec)?;
        skus.iter().find(|k| k.sku_id == id).cloned()
    }

    /// The SKU a platform SKU orders, the first of:
    /// 1. a link of its spec (links are stored under the item key + sku key);
    /// 2. its seller code that is a jpmall SKU id (a package listed from jpmall writes the SKU id as
    ///    the seller SKU, which TikTok Shop and Lazada export beside their own SKU id);
    /// 3. its sku key that is a jpmall SKU id (where the sku key is the seller's code: Shopee, Douyin);
    /// 4. a link of the whole item, resolved by the spec;
    /// 5. its seller code, then its sku key, that is a jpmall item number, resolved by the spec.
    ///
    /// A spec that names no single SKU of the product resolves nothing.
    fn resolve(&self, line: &PlatformSku) -> Option<(LinkedSku, LinkedBy)> {
        let spec = domain::variation::parse_spec(&line.variation);
        let key = spec.key();
        let links = self
            .links
            .get(&(line.item_key.clone(), line.sku_key.clone()))
            .map(Vec::as_slice)
            .unwrap_or_default();
        if let Some((_, _, sku)) = links
            .iter()
            .find(|(scope, linked, _)| *scope == LinkScope::Sku && spec_key(linked) == key)
        {
            return Some((sku.clone(), LinkedBy::Sku));
        }
        let codes = [line.seller_code.trim(), line.sku_key.trim()];
        let codes = || codes.into_iter().filter(|c| !c.is_empty());
        if let Some(sku) = codes().find_map(|c| self.by_sku_id.get(c)) {
            return Some((sku.clone(), LinkedBy::SkuCode));
        }
        if let Some((_, _, sku)) = links.iter().find(|(scope, _, _)| *scope == LinkScope::Product) {
            return self
                .by_spec(&sku.product_id, &spec)
                .map(|sku| (sku, LinkedBy::Product));
        }
        let product = codes().find_map(|c| self.by_item_no.get(c))?;
        self.by_spec(product, &spec).map(|sku| (sku, LinkedBy::ItemNo))
    }
}

/// `$first`, `$first+1`, … for an `IN (…)` list of `n` values.
fn marks(first: usize, n: usize) -> String {
    (first..first + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Values per `IN (…)` list, well under either engine's bind limit.
const IN_CHUNK: usize = 400;

async fn catalogue(
    pool: &AnyPool,
    user_id: &str,
    platform: &str,
    lines: &[PlatformSku],
) -> Result<Catalogue, sqlx::Error> {
    let mut item_keys: Vec<&str> = lines.iter().map(|l| l.item_key.as_str()).collect();
    item_keys.sort_unstable();
    item_keys.dedup();
    let mut codes: Vec<&str> = lines
        .iter()
        .flat_map(|l| [l.seller_code.trim(), l.sku_key.trim()])
        .filter(|c| !c.is_empty())
        .collect();
    codes.sort_unstable();
    codes.dedup();
    let mut cat = Catalogue {
        links: HashMap::new(),
        by_sku_id: HashMap::new(),
        by_product: HashMap::new(),
        by_item_no: HashMap::new(),
    };
    let mut products: Vec<String> = Vec::new();
    for chunk in item_keys.chunks(IN_CHUNK) {
        let sql = format!(
            "SELECT s.item_key, s.sku_key, s.scope, s.spec, {SKU_COLUMNS} FROM sku_links s \
             JOIN skus k ON k.id = s.sku_id JOIN products p ON p.id = k.product_id \
             WHERE s.user_id = $1 AND s.platform = $2 AND s.item_key IN ({}) ORDER BY s.updated_at DESC",
            marks(3, chunk.len())
        );
        let mut query = sqlx::query(&sql).bind(user_id).bind(platform);
        for key in chunk {
            query = query.bind(*key);
        }
        for r in query.fetch_all(pool).await? {
            let Some(scope) = LinkScope::from_code(&r.get::<String, _>("scope")) else {
                continue;
            };
            let sku = sku_at(&r);
            if scope == LinkScope::Product {
                products.push(sku.product_id.clone());
            }
            cat.links
                .entry((r.get("item_key"), r.get("sku_key")))
                .or_default()
                .push((scope, r.get("spec"), sku));
        }
    }
    for chunk in codes.chunks(IN_CHUNK) {
        let sql = format!(
            "SELECT {SKU_COLUMNS} FROM skus k JOIN products p ON p.id = k.product_id WHERE k.id IN ({})",
            marks(1, chunk.len())
        );
        let mut query = sqlx::query(&sql);
        for code in chunk {
            query = query.bind(*code);
        }
        for r in query.fetch_all(pool).await? {
            let sku = sku_at(&r);
            cat.by_sku_id.insert(sku.sku_id.clone(), sku);
        }
        let sql = format!(
            "SELECT p.item_no, MIN(p.id) AS product_id, COUNT(*) AS product_count FROM products p \
             WHERE p.item_no IN ({}) GROUP BY p.item_no",
            marks(1, chunk.len())
        );
        let mut query = sqlx::query(&sql);
        for code in chunk {
            query = query.bind(*code);
        }
        for r in query.fetch_all(pool).await? {
            if r.get::<i64, _>("product_count") == 1 {
                let product: String = r.get("product_id");
                products.push(product.clone());
                cat.by_item_no.insert(r.get("item_no"), product);
            }
        }
    }
    products.sort_unstable();
    products.dedup();
    for chunk in products.chunks(IN_CHUNK) {
        let sql = format!(
            "SELECT {SKU_COLUMNS} FROM skus k JOIN products p ON p.id = k.product_id \
             WHERE p.id IN ({}) ORDER BY p.id, k.sort",
            marks(1, chunk.len())
        );
        let mut query = sqlx::query(&sql);
        for id in chunk {
            query = query.bind(id.as_str());
        }
        for r in query.fetch_all(pool).await? {
            let sku = sku_at(&r);
            cat.by_product
                .entry(sku.product_id.clone())
                .or_default()
                .push(sku);
        }
    }
    Ok(cat)
}

/// The SKU each platform SKU orders for `user_id`, in the order given (`resolve` says how).
pub async fn resolve(
    pool: &AnyPool,
    user_id: &str,
    platform: &str,
    lines: &[PlatformSku],
) -> Result<Vec<Option<(LinkedSku, LinkedBy)>>, sqlx::Error> {
    let cat = catalogue(pool, user_id, platform, lines).await?;
    Ok(lines.iter().map(|l| cat.resolve(l)).collect())
}

/// The import's lines in file order, each with the SKU it orders (`resolve`).
pub async fn lines(
    pool: &AnyPool,
    user_id: &str,
    id: &str,
    platform: &str,
) -> Result<Vec<ImportLine>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT l.line_no, l.source_order_no, l.line_id, l.item_key, l.sku_key, l.title, l.variation, l.quantity, \
         l.platform_price, l.recipient, l.phone, l.address, l.hidden, l.problem, l.status, l.seller_code \
         FROM platform_import_lines l WHERE l.import_id = $1 ORDER BY l.line_no",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    let mut lines: Vec<ImportLine> = rows
        .iter()
        .map(|r| {
            let price: i64 = r.get("platform_price");
            let hidden: String = r.get("hidden");
            let variation: String = r.get("variation");
            ImportLine {
                row: r.get("line_no"),
                source_order_no: r.get("source_order_no"),
                line_id: r.get("line_id"),
                item_key: r.get("item_key"),
                sku_key: r.get("sku_key"),
                seller_code: r.get("seller_code"),
                title: r.get("title"),
                spec: spec_key(&variation),
                variation,
                quantity: r.get("quantity"),
                platform_price: (price >= 0).then_some(price),
                recipient: r.get("recipient"),
                phone: r.get("phone"),
                address: r.get("address"),
                hidden: hidden
                    .split(',')
                    .filter(|h| !h.is_empty())
                    .map(str::to_string)
                    .collect(),
                problem: r.get("problem"),
                status: r.get("status"),
                linked: None,
                linked_by: None,
            }
        })
        .collect();
    let keys: Vec<PlatformSku> = lines.iter().map(ImportLine::platform_sku).collect();
    let found = resolve(pool, user_id, platform, &keys).await?;
    for (line, found) in lines.iter_mut().zip(found) {
        if let Some((sku, by)) = found {
            line.linked = Some(sku);
            line.linked_by = Some(by);
        }
    }
    Ok(lines)
}

impl ImportLine {
    pub fn platform_sku(&self) -> PlatformSku {
        PlatformSku {
            item_key: self.item_key.clone(),
            sku_key: self.sku_key.clone(),
            seller_code: self.seller_code.clone(),
            variation: self.variation.clone(),
        }
    }
}

/// The label attached to each order of the import.
pub async fn labels(pool: &AnyPool, id: &str) -> Result<HashMap<String, String>, sqlx::Error> {
    let rows =
        sqlx::query("SELECT source_order_no, label_url FROM platform_import_labels WHERE import_id = $1")
            .bind(id)
            .fetch_all(pool)
            .await?;
    Ok(rows
        .iter()
        .map(|r| (r.get("source_order_no"), r.get("label_url")))
        .collect())
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
    Ok(rows
        .iter()
        .map(|r| (r.get("source_order_no"), r.get("order_no")))
        .collect())
}

#[derive(Debug, Clone)]
pub struct SkuLink {
    pub platform: String,
    pub item_key: String,
    pub sku_key: String,
    /// `sku` (one spec of the item) or `product` (the whole item, each line by its spec).
    pub scope: String,
    /// The spec a `sku` link covers, as `colour;size`; empty for a `product` link.
    pub spec: String,
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
        "SELECT s.platform, s.item_key, s.sku_key, s.title, s.variation, s.updated_at, s.scope, s.spec, \
         {SKU_COLUMNS} \
         FROM sku_links s JOIN skus k ON k.id = s.sku_id JOIN products p ON p.id = k.product_id \
         WHERE s.user_id = $1{platform_filter} ORDER BY s.updated_at DESC, s.item_key, s.sku_key, s.spec \
         LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    );
    let mut query = sqlx::query(&sql).bind(user_id);
    if !platform.is_empty() {
        query = query.bind(platform);
    }
    let rows = query.fetch_all(pool).await?;
    let count_sql = format!("SELECT COUNT(*) FROM sku_links s WHERE s.user_id = $1{platform_filter}");
    let mut count = sqlx::query_scalar(&count_sql).bind(user_id);
    if !platform.is_empty() {
        count = count.bind(platform);
    }
    let total: i64 = count.fetch_one(pool).await?;
    Ok((
        rows.iter()
            .map(|r| SkuLink {
                platform: r.get("platform"),
                item_key: r.get("item_key"),
                sku_key: r.get("sku_key"),
                title: r.get("title"),
                variation: r.get("variation"),
                updated_at: r.get("updated_at"),
                scope: r.get("scope"),
                spec: spec_key(&r.get::<String, _>("spec")),
                sku: sku_at(r),
            })
            .collect(),
        total,
    ))
}

/// SKUs read per search before the colour and size narrow them.
const SKU_SEARCH_SCAN: i64 = 2_000;

/// SKUs on sale whose product's item number starts with `item_no` (exact ones first), narrowed by a
/// colour in either language (`pin` finds 粉色/Pink in any reader's language) and by the size
/// exactly (`L` is never `XL`); at most `limit`.
pub async fn sku_search(
    pool: &AnyPool,
    item_no: &str,
    color: &str,
    size: &str,
    limit: i64,
) -> Result<Vec<LinkedSku>, sqlx::Error> {
    let escaped: String = item_no
        .chars()
        .flat_map(|c| match c {
            '%' | '_' | '\\' => vec!['\\', c],
            c => vec![c],
        })
        .collect();
    let rows = sqlx::query(&format!(
        "SELECT {SKU_COLUMNS} FROM products p JOIN skus k ON k.product_id = p.id \
         WHERE p.item_no LIKE $1 ESCAPE '\\' AND p.on_shelf = 1 \
         ORDER BY CASE WHEN p.item_no = $2 THEN 0 ELSE 1 END, p.item_no, p.id, k.sort LIMIT $3"
    ))
    .bind(format!("{escaped}%"))
    .bind(item_no)
    .bind(SKU_SEARCH_SCAN)
    .fetch_all(pool)
    .await?;
    let (color, size) = (color.trim(), size.trim());
    Ok(rows
        .iter()
        .map(sku_at)
        .filter(|k| {
            let en = domain::variation::english_colour(&k.colors_json, &k.color);
            domain::variation::colour_contains(color, &k.color, &en)
                && (size.is_empty() || domain::variation::size_matches(size, &k.size))
        })
        .take(limit.max(0) as usize)
        .collect())
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
            order_no: r.get("order_no"),
            source_order_no: r.get("source_order_no"),
            courier: r.get("ship_courier"),
            tracking_no: r.get("tracking_no"),
            shipped_at: r.get("shipped_at"),
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
        let source: String = r.get("source_order_no");
        let at: i64 = r.get("created_at");
        let entry = newest.entry(source).or_insert((at, Vec::new()));
        let line: String = r.get("line_id");
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
