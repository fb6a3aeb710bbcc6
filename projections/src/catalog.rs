//! Reads of the catalogue: product cards and details, stalls, categories, favourites, follows, site
//! content, image lists and same-style search.

use std::collections::HashMap;
use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};

use domain::catalog::LookHash;
use domain::money::Fen;
use serde::Serialize;
use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use crate::sites::Language;

pub const NEW_ARRIVAL_SECONDS: i64 = 30 * domain::calendar::DAY_SECONDS;
pub const MAX_PAGE_SIZE: i64 = 100;

fn pick(lang: Language, zh: String, en: String) -> String {
    match lang {
        Language::ZhCn => zh,
        Language::EnUs => en,
    }
}

fn yuan(fen: i64) -> String {
    Fen(fen).to_yuan()
}

pub fn picture_url(product_id: &str, file: &str) -> String {
    format!("/media/p/{product_id}/{file}")
}

/// The picture of one colour of a product (`color-N.jpg`, N its place in the product's colours,
/// `colours_json` as stored in `products.colors`), so a line of that colour shows that colour; the
/// main picture when the colour is not one of them.
pub fn colour_picture_url(product_id: &str, colours_json: &str, colour: &str) -> String {
    let colours: Vec<Value> = serde_json::from_str(colours_json).unwrap_or_default();
    colours
        .iter()
        .position(|c| {
            ["zh", "en"]
                .iter()
                .any(|k| c.get(k).and_then(Value::as_str) == Some(colour))
        })
        .map(|i| picture_url(product_id, &format!("color-{}.jpg", i + 1)))
        .unwrap_or_else(|| picture_url(product_id, "main-1.jpg"))
}

/// One page of a list, as every list call answers it.
#[derive(Debug, Clone, Serialize)]
pub struct Page<T> {
    pub list: Vec<T>,
    pub total: i64,
    pub page: i64,
    pub pagesize: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Named {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct ProductCard {
    pub id: String,
    pub item_no: String,
    pub title: String,
    pub price: String,
    pub image: String,
    pub stall: Named,
    pub favorite_count: i64,
    pub views: i64,
    pub popularity: i64,
    pub sales: i64,
    pub shelf_at: i64,
    pub hot: bool,
    pub new: bool,
    pub sea: bool,
    /// Off the shelf: still shown where a seller kept it (favourites, orders), but not for sale.
    pub off_shelf: bool,
}

const CARD_COLUMNS: &str =
    "p.id, p.item_no, p.title_zh, p.title_en, p.price, p.stall_id, s.name, p.favorite_count, \
     p.views, p.popularity, p.sales, p.shelf_at, CASE WHEN p.is_hot THEN 1 ELSE 0 END AS hot, \
     CASE WHEN p.is_sea THEN 1 ELSE 0 END AS sea, p.on_shelf";

fn card(row: &AnyRow, lang: Language, now: i64) -> ProductCard {
    let id: String = row.get("id");
    let shelf_at: i64 = row.get("shelf_at");
    ProductCard {
        image: picture_url(&id, "main-1.jpg"),
        item_no: row.get("item_no"),
        title: pick(lang, row.get("title_zh"), row.get("title_en")),
        price: yuan(row.get("price")),
        stall: Named {
            id: row.get("stall_id"),
            name: row.get("name"),
        },
        favorite_count: row.get("favorite_count"),
        views: row.get("views"),
        popularity: row.get("popularity"),
        sales: row.get("sales"),
        shelf_at,
        hot: row.get::<i64, _>("hot") != 0,
        new: shelf_at >= now - NEW_ARRIVAL_SECONDS,
        sea: row.get::<i64, _>("sea") != 0,
        off_shelf: row.get::<i64, _>("on_shelf") == 0,
        id,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scene {
    New,
    Hot,
    Sea,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Newest,
    Popularity,
    PriceAsc,
    PriceDesc,
    Sales,
    /// Best match of the keyword first (see [`crate::search`]); without a keyword, the scene's order.
    Relevance,
}

impl Sort {
    /// The column this sort orders by (on the products and on the keyword index's rows alike) and
    /// the direction; ties go the same direction by product id.
    pub(crate) fn key(self) -> (&'static str, &'static str) {
        match self {
            Sort::Relevance | Sort::Newest => ("shelf_at", "DESC"),
            Sort::Popularity => ("popularity", "DESC"),
            Sort::PriceAsc => ("price", "ASC"),
            Sort::PriceDesc => ("price", "DESC"),
            Sort::Sales => ("sales", "DESC"),
        }
    }

    /// `ORDER BY` of the products `p`.
    pub(crate) fn order_by(self) -> String {
        let (column, direction) = self.key();
        format!("p.{column} {direction}, p.id {direction}")
    }
}

#[derive(Debug, Clone, Default)]
pub struct ProductFilter {
    pub area_site: String,
    pub scene: Option<Scene>,
    pub category_id: Option<String>,
    pub stall_id: Option<String>,
    pub price_min: Option<Fen>,
    pub price_max: Option<Fen>,
    pub keyword: Option<String>,
    pub sort: Option<Sort>,
}

#[derive(Clone)]
pub(crate) enum Arg {
    Text(String),
    Int(i64),
}

/// A WHERE clause whose conditions number their own parameters.
#[derive(Default, Clone)]
pub(crate) struct Conditions {
    clauses: Vec<String>,
    pub(crate) args: Vec<Arg>,
}

impl Conditions {
    /// Adds `template` with each `?` replaced by the next `$n`.
    pub(crate) fn push(&mut self, template: &str, args: Vec<Arg>) {
        let mut clause = String::new();
        for part in template.split_inclusive('?') {
            match part.strip_suffix('?') {
                Some(head) => {
                    self.args.push(Arg::Int(0));
                    clause.push_str(&format!("{head}${}", self.args.len()));
                }
                None => clause.push_str(part),
            }
        }
        let first = self.args.len() - args.len();
        for (i, arg) in args.into_iter().enumerate() {
            self.args[first + i] = arg;
        }
        self.clauses.push(clause);
    }

    /// Identifies the filter (SQL and values) for caching what it selects.
    pub(crate) fn cache_key(&self) -> String {
        let mut key = self.sql();
        for arg in &self.args {
            match arg {
                Arg::Text(s) => key.push_str(&format!("\u{0}t{s}")),
                Arg::Int(i) => key.push_str(&format!("\u{0}i{i}")),
            }
        }
        key
    }

    pub(crate) fn sql(&self) -> String {
        if self.clauses.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", self.clauses.join(" AND "))
        }
    }

    pub(crate) fn bind<'q>(
        &'q self,
        mut query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        for arg in &self.args {
            query = match arg {
                Arg::Text(s) => query.bind(s.as_str()),
                Arg::Int(i) => query.bind(*i),
            };
        }
        query
    }
}

/// A stall name search's `LIKE` pattern: the keyword found anywhere, literally.
fn like_pattern(keyword: &str) -> String {
    let escaped: String = keyword
        .to_lowercase()
        .chars()
        .flat_map(|c| {
            if matches!(c, '%' | '_' | '\\') {
                vec!['\\', c]
            } else {
                vec![c]
            }
        })
        .collect();
    format!("%{escaped}%")
}

/// How long a list's total is reused. Counting a scene of 100,000 products reads a whole index
/// (several ms); the pages themselves are always fresh, and a total may lag a catalogue change by this.
const TOTAL_TTL: Duration = Duration::from_secs(5);
const TOTALS_KEPT: usize = 2_000;

/// Totals of recent list filters, per server (one per database).
#[derive(Default)]
pub struct ListTotals {
    totals: Mutex<HashMap<String, (i64, Instant)>>,
}

impl ListTotals {
    /// Forgets every counted total (the catalogue changed).
    pub fn clear(&self) {
        self.totals.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }

    pub(crate) fn get(&self, key: &str) -> Option<i64> {
        let totals = self.totals.lock().unwrap_or_else(|p| p.into_inner());
        totals
            .get(key)
            .filter(|(_, at)| at.elapsed() < TOTAL_TTL)
            .map(|(total, _)| *total)
    }

    pub(crate) fn put(&self, key: String, total: i64) {
        let mut totals = self.totals.lock().unwrap_or_else(|p| p.into_inner());
        if totals.len() >= TOTALS_KEPT {
            totals.retain(|_, (_, at)| at.elapsed() < TOTAL_TTL);
            if totals.len() >= TOTALS_KEPT {
                totals.clear();
            }
        }
        totals.insert(key, (total, Instant::now()));
    }
}

/// Which rows a list's filter is tested on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Over {
    /// `p`, the products, walked by a sort key's index.
    Products,
    /// `t`, the keyword index's rows (`search_terms`), which hold on-shelf products only and carry
    /// every column a filter or sort reads (migration 0029): a search never joins the products.
    SearchTerms,
}

/// The filter's conditions on the rows `over` names.
pub(crate) fn conditions(filter: &ProductFilter, sort: Sort, now: i64, over: Over) -> Conditions {
    let mut c = Conditions::default();
    // The index's flags are integers (PostgreSQL's products hold booleans).
    let (t, yes) = match over {
        Over::Products => ("p", "TRUE"),
        Over::SearchTerms => ("t", "1"),
    };
    if !filter.area_site.is_empty() {
        c.push(
            &format!("{t}.area_site_id = ?"),
            vec![Arg::Text(filter.area_site.clone())],
        );
    }
    if over == Over::Products {
        c.push("p.on_shelf = 1", vec![]);
    }
    // New arrivals are a quarter of the catalogue: walking another key's index and testing shelf_at in
    // it beats taking the shelf_at range and sorting it, so the `+` keeps SQLite off the range.
    let shelf = if sort == Sort::Newest || over == Over::SearchTerms {
        format!("{t}.shelf_at")
    } else {
        "+p.shelf_at".to_string()
    };
    // Rounded up to the hour so the filter (and its cached total) stays the same for an hour, and every
    // card listed still carries the `new` mark.
    let new_since = (now - NEW_ARRIVAL_SECONDS + 3_599).div_euclid(3_600) * 3_600;
    match filter.scene {
        Some(Scene::New) => c.push(&format!("{shelf} >= ?"), vec![Arg::Int(new_since)]),
        Some(Scene::Hot) => c.push(&format!("{t}.is_hot = {yes}"), vec![]),
        Some(Scene::Sea) => c.push(&format!("{t}.is_sea = {yes}"), vec![]),
        None => {}
    }
    if let Some(category) = &filter.category_id {
        c.push(
            &format!(
                "({t}.category_id = ? OR {t}.category_id IN (SELECT id FROM categories WHERE parent_id = ?))"
            ),
            vec![Arg::Text(category.clone()), Arg::Text(category.clone())],
        );
    }
    if let Some(stall) = &filter.stall_id {
        c.push(&format!("{t}.stall_id = ?"), vec![Arg::Text(stall.clone())]);
    }
    if let Some(min) = filter.price_min {
        c.push(&format!("{t}.price >= ?"), vec![Arg::Int(min.0)]);
    }
    if let Some(max) = filter.price_max {
        c.push(&format!("{t}.price <= ?"), vec![Arg::Int(max.0)]);
    }
    c
}

/// One page of product cards. The page's ids come from one walk of the sort key's index (see
/// migration 0008), then the cards of just those ids are read.
pub async fn products(
    pool: &AnyPool,
    totals: &ListTotals,
    filter: &ProductFilter,
    page: i64,
    pagesize: i64,
    lang: Language,
    now: i64,
) -> sqlx::Result<Page<ProductCard>> {
    let keyword = filter.keyword.as_deref().map(str::trim).filter(|k| !k.is_empty());
    if let Some(keyword) = keyword {
        let sort = filter.sort.unwrap_or(Sort::Relevance);
        let found = crate::search::Found {
            filter: conditions(filter, sort, now, Over::SearchTerms),
            sort,
        };
        let (total, ids) =
            crate::search::product_ids(pool, totals, &found, keyword, (page, pagesize)).await?;
        return Ok(Page {
            list: cards_by_id(pool, &ids, lang, now).await?,
            total,
            page,
            pagesize,
        });
    }
    let sort = match filter.sort {
        Some(Sort::Relevance) | None => match filter.scene {
            Some(Scene::New) | None => Sort::Newest,
            Some(Scene::Hot) | Some(Scene::Sea) => Sort::Popularity,
        },
        Some(sort) => sort,
    };
    let c = conditions(filter, sort, now, Over::Products);
    let where_sql = c.sql();
    let key = c.cache_key();
    let total = match totals.get(&key) {
        Some(total) => total,
        None => {
            let count = format!(
                "SELECT COUNT(*) AS total FROM products p{}",
                where_sql.replace("+p.shelf_at", "p.shelf_at")
            );
            let total: i64 = c.bind(sqlx::query(&count)).fetch_one(pool).await?.get("total");
            totals.put(key, total);
            total
        }
    };
    let sql = format!(
        "SELECT p.id FROM products p{where_sql} ORDER BY {} LIMIT {pagesize} OFFSET {}",
        sort.order_by(),
        (page - 1) * pagesize
    );
    let ids: Vec<String> = c
        .bind(sqlx::query(&sql))
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| r.get("id"))
        .collect();
    Ok(Page {
        list: cards_by_id(pool, &ids, lang, now).await?,
        total,
        page,
        pagesize,
    })
}

/// Cards of these products, in the order given (unknown ids left out).
pub async fn cards_by_id(
    pool: &AnyPool,
    ids: &[String],
    lang: Language,
    now: i64,
) -> sqlx::Result<Vec<ProductCard>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let params: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT {CARD_COLUMNS} FROM products p JOIN stalls s ON s.id = p.stall_id WHERE p.id IN ({})",
        params.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for id in ids {
        query = query.bind(id.as_str());
    }
    let rows = query.fetch_all(pool).await?;
    let mut cards: Vec<ProductCard> = rows.iter().map(|r| card(r, lang, now)).collect();
    cards.sort_by_key(|c| ids.iter().position(|id| *id == c.id));
    Ok(cards)
}

#[derive(Debug, Clone, Serialize)]
pub struct Stall {
    pub id: String,
    pub name: String,
    pub market: Named,
    pub floor: String,
    pub number: String,
    pub contact: String,
    pub wechat: String,
    pub category: Named,
    pub follow_count: i64,
    pub ranking: i64,
    pub product_count: i64,
    pub logo: String,
    pub followed: bool,
}

const STALL_COLUMNS: &str =
    "s.id, s.name, m.id AS market_id, m.name_zh AS market_name_zh, m.name_en AS market_name_en, s.floor, s.number, \
     s.contact, s.wechat, c.id AS category_id, c.name_zh AS category_name_zh, c.name_en AS category_name_en, \
     s.follow_count, s.ranking, \
     (SELECT COUNT(*) FROM products x WHERE x.stall_id = s.id AND x.on_shelf = 1) AS product_count, \
     (SELECT x.id FROM products x WHERE x.stall_id = s.id AND x.on_shelf = 1 ORDER BY x.popularity DESC, x.id LIMIT 1) \
     AS top_product_id, \
     CASE WHEN EXISTS (SELECT 1 FROM follows f WHERE f.stall_id = s.id AND f.user_id = $1) THEN 1 ELSE 0 END \
     AS followed";
const STALL_FROM: &str =
    "FROM stalls s JOIN markets m ON m.id = s.market_id JOIN categories c ON c.id = s.category_id";

fn stall(row: &AnyRow, lang: Language) -> Stall {
    let top: Option<String> = row.get("top_product_id");
    Stall {
        id: row.get("id"),
        name: row.get("name"),
        market: Named {
            id: row.get("market_id"),
            name: pick(lang, row.get("market_name_zh"), row.get("market_name_en")),
        },
        floor: row.get("floor"),
        number: row.get("number"),
        contact: row.get("contact"),
        wechat: row.get("wechat"),
        category: Named {
            id: row.get("category_id"),
            name: pick(lang, row.get("category_name_zh"), row.get("category_name_en")),
        },
        follow_count: row.get("follow_count"),
        ranking: row.get("ranking"),
        product_count: row.get("product_count"),
        logo: top.map(|id| picture_url(&id, "main-1.jpg")).unwrap_or_default(),
        followed: row.get::<i64, _>("followed") != 0,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StallSort {
    Ranking,
    Follows,
    Newest,
}

pub struct StallFilter {
    pub area_site: String,
    pub market_id: Option<String>,
    pub keyword: Option<String>,
    pub sort: StallSort,
}

pub async fn stalls(
    pool: &AnyPool,
    filter: &StallFilter,
    viewer: &str,
    page: i64,
    pagesize: i64,
    lang: Language,
) -> sqlx::Result<Page<Stall>> {
    let mut c = Conditions::default();
    // $1 is the viewer, used by the `followed` column.
    c.args.push(Arg::Text(viewer.to_string()));
    if !filter.area_site.is_empty() {
        c.push("m.area_site_id = ?", vec![Arg::Text(filter.area_site.clone())]);
    }
    // A closed stall has left the market's lists (its page and its orders stay).
    c.push("s.status = 'open'", vec![]);
    if let Some(market) = &filter.market_id {
        c.push("s.market_id = ?", vec![Arg::Text(market.clone())]);
    }
    if let Some(keyword) = filter.keyword.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        let pattern = like_pattern(keyword);
        c.push(
            "(LOWER(s.name) LIKE ? ESCAPE '\\' OR LOWER(s.number) LIKE ? ESCAPE '\\')",
            vec![Arg::Text(pattern.clone()), Arg::Text(pattern)],
        );
    }
    let order = match filter.sort {
        StallSort::Ranking => "s.ranking ASC, s.id",
        StallSort::Follows => "s.follow_count DESC, s.id",
        StallSort::Newest => "s.created_at DESC, s.id",
    };
    let where_sql = c.sql();
    // COUNT ignores $1; PostgreSQL wants every parameter used, so it is compared to itself.
    let total: i64 = c
        .bind(sqlx::query(&format!(
            "SELECT COUNT(*) AS total {STALL_FROM}{} ",
            if where_sql.is_empty() {
                " WHERE $1 = $1".to_string()
            } else {
                format!("{where_sql} AND $1 = $1")
            }
        )))
        .fetch_one(pool)
        .await?
        .get("total");
    let sql = format!(
        "SELECT {STALL_COLUMNS} {STALL_FROM}{where_sql} ORDER BY {order} LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    );
    let rows = c.bind(sqlx::query(&sql)).fetch_all(pool).await?;
    Ok(Page {
        list: rows.iter().map(|r| stall(r, lang)).collect(),
        total,
        page,
        pagesize,
    })
}

pub async fn stall_by_id(
    pool: &AnyPool,
    id: &str,
    viewer: &str,
    lang: Language,
) -> sqlx::Result<Option<Stall>> {
    let row = sqlx::query(&format!("SELECT {STALL_COLUMNS} {STALL_FROM} WHERE s.id = $2"))
        .bind(viewer)
        .bind(id)
        .fetch_optional(pool)
        .await?;
    Ok(row.as_ref().map(|r| stall(r, lang)))
}

#[derive(Debug, Clone, Serialize)]
pub struct FollowedStall {
    #[serde(flatten)]
    pub stall: Stall,
    pub followed_at: i64,
}

pub async fn followed_stalls(
    pool: &AnyPool,
    user: &str,
    page: i64,
    pagesize: i64,
    lang: Language,
) -> sqlx::Result<Page<FollowedStall>> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM follows WHERE user_id = $1")
        .bind(user)
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {STALL_COLUMNS}, fo.created_at {STALL_FROM} JOIN follows fo ON fo.stall_id = s.id AND fo.user_id = $1 \
         ORDER BY fo.created_at DESC, s.id LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .bind(user)
    .fetch_all(pool)
    .await?;
    let list = rows
        .iter()
        .map(|r| FollowedStall {
            stall: stall(r, lang),
            followed_at: r.get("created_at"),
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
pub struct FavoriteProduct {
    #[serde(flatten)]
    pub card: ProductCard,
    pub favorited_at: i64,
}

pub async fn favorite_products(
    pool: &AnyPool,
    user: &str,
    page: i64,
    pagesize: i64,
    lang: Language,
    now: i64,
) -> sqlx::Result<Page<FavoriteProduct>> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM favorites WHERE user_id = $1")
        .bind(user)
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {CARD_COLUMNS}, f.created_at FROM products p JOIN stalls s ON s.id = p.stall_id \
         JOIN favorites f ON f.product_id = p.id AND f.user_id = $1 ORDER BY f.created_at DESC, p.id LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .bind(user)
    .fetch_all(pool)
    .await?;
    let list = rows
        .iter()
        .map(|r| FavoriteProduct {
            card: card(r, lang, now),
            favorited_at: r.get("created_at"),
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
pub struct Colour {
    pub name: String,
    pub image: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Sku {
    pub id: String,
    pub color: String,
    pub size: String,
    pub price: String,
    pub stock: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct ProductDetail {
    #[serde(flatten)]
    pub card: ProductCard,
    pub category: Named,
    pub images: Vec<String>,
    pub details: Vec<String>,
    pub colors: Vec<Colour>,
    pub sizes: Vec<String>,
    pub skus: Vec<Sku>,
    pub favorited: bool,
    #[serde(rename = "stall")]
    pub stall_info: Stall,
}

/// The pictures of a product: titles and URLs, as the detail and the image package need them.
#[derive(Debug, Clone)]
struct Pictures {
    main: Vec<String>,
    details: Vec<String>,
    /// (zh, en, url)
    colours: Vec<(String, String, String)>,
}

fn pictures(id: &str, main_count: i64, detail_count: i64, colours_json: &str) -> Pictures {
    let colours: Vec<Value> = serde_json::from_str(colours_json).unwrap_or_default();
    Pictures {
        main: (1..=main_count)
            .map(|n| picture_url(id, &format!("main-{n}.jpg")))
            .collect(),
        details: (1..=detail_count)
            .map(|n| picture_url(id, &format!("detail-{n}.jpg")))
            .collect(),
        colours: colours
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let text = |k: &str| c.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
                (
                    text("zh"),
                    text("en"),
                    picture_url(id, &format!("color-{}.jpg", i + 1)),
                )
            })
            .collect(),
    }
}

pub async fn product_detail(
    pool: &AnyPool,
    id: &str,
    viewer: &str,
    lang: Language,
    now: i64,
) -> sqlx::Result<Option<ProductDetail>> {
    let row = sqlx::query(&format!(
        "SELECT {CARD_COLUMNS}, p.category_id, c.name_zh, c.name_en, p.main_count, p.detail_count, p.colors, p.sizes, \
         CASE WHEN EXISTS (SELECT 1 FROM favorites f WHERE f.product_id = p.id AND f.user_id = $2) THEN 1 ELSE 0 END \
         AS favorited FROM products p JOIN stalls s ON s.id = p.stall_id JOIN categories c ON c.id = p.category_id \
         WHERE p.id = $1"
    ))
    .bind(id)
    .bind(viewer)
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let card = card(&row, lang, now);
    let pics = pictures(
        id,
        row.get("main_count"),
        row.get("detail_count"),
        &row.get::<String, _>("colors"),
    );
    let colour_name = |zh: &str| {
        pics.colours
            .iter()
            .find(|(z, _, _)| z == zh)
            .map(|(z, e, _)| pick(lang, z.clone(), e.clone()))
            .unwrap_or_else(|| zh.to_string())
    };
    let skus =
        sqlx::query("SELECT id, color, size, price, stock FROM skus WHERE product_id = $1 ORDER BY sort")
            .bind(id)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| Sku {
                id: r.get("id"),
                color: colour_name(&r.get::<String, _>("color")),
                size: r.get("size"),
                price: yuan(r.get("price")),
                stock: r.get("stock"),
            })
            .collect();
    let Some(stall_info) = stall_by_id(pool, &card.stall.id, viewer, lang).await? else {
        return Ok(None);
    };
    Ok(Some(ProductDetail {
        category: Named {
            id: row.get("category_id"),
            name: pick(lang, row.get("name_zh"), row.get("name_en")),
        },
        images: pics.main.clone(),
        details: pics.details.clone(),
        colors: pics
            .colours
            .iter()
            .map(|(z, e, url)| Colour {
                name: pick(lang, z.clone(), e.clone()),
                image: url.clone(),
            })
            .collect(),
        sizes: serde_json::from_str(&row.get::<String, _>("sizes")).unwrap_or_default(),
        skus,
        favorited: row.get::<i64, _>("favorited") != 0,
        stall_info,
        card,
    }))
}

/// A product's pictures as spec section 3 names them for image packages.
#[derive(Debug, Clone, Serialize)]
pub struct ImageSet {
    pub id: String,
    pub title: String,
    pub main: Vec<String>,
    pub desc: Vec<String>,
    pub group: Vec<ColourImage>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ColourImage {
    pub color: String,
    #[serde(rename = "colorName")]
    pub color_name: String,
}

/// Image sets of the products named, in the order named; unknown ids are answered in `missing`.
pub async fn image_sets(
    pool: &AnyPool,
    ids: &[String],
    lang: Language,
) -> sqlx::Result<(Vec<ImageSet>, Vec<String>)> {
    let mut sets = Vec::new();
    let mut missing = Vec::new();
    for id in ids {
        let row = sqlx::query(
            "SELECT title_zh, title_en, main_count, detail_count, colors FROM products WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await?;
        let Some(row) = row else {
            missing.push(id.clone());
            continue;
        };
        let pics = pictures(
            id,
            row.get("main_count"),
            row.get("detail_count"),
            &row.get::<String, _>("colors"),
        );
        sets.push(ImageSet {
            id: id.clone(),
            title: pick(lang, row.get("title_zh"), row.get("title_en")),
            main: pics.main,
            desc: pics.details,
            group: pics
                .colours
                .into_iter()
                .map(|(z, e, url)| ColourImage {
                    color: url,
                    color_name: pick(lang, z, e),
                })
                .collect(),
        });
    }
    Ok((sets, missing))
}

/// The design recipe of a product's pictures and how many there are of each kind.
pub async fn picture_recipe(pool: &AnyPool, id: &str) -> sqlx::Result<Option<(String, i64, i64, i64)>> {
    let row = sqlx::query("SELECT design, main_count, detail_count, colors FROM products WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|r| {
        let colours: Vec<Value> = serde_json::from_str(&r.get::<String, _>("colors")).unwrap_or_default();
        (
            r.get("design"),
            r.get("main_count"),
            r.get("detail_count"),
            colours.len() as i64,
        )
    }))
}

#[derive(Debug, Clone, Serialize)]
pub struct Category {
    pub id: String,
    pub name: String,
    pub children: Vec<Category>,
}

pub async fn category_tree(pool: &AnyPool, lang: Language) -> sqlx::Result<Vec<Category>> {
    let rows = sqlx::query(
        "SELECT id, COALESCE(parent_id, '') AS parent_id, name_zh, name_en FROM categories ORDER BY sort, id",
    )
    .fetch_all(pool)
    .await?;
    let node = |r: &AnyRow| Category {
        id: r.get("id"),
        name: pick(lang, r.get("name_zh"), r.get("name_en")),
        children: Vec::new(),
    };
    let mut roots: Vec<Category> = rows
        .iter()
        .filter(|r| r.get::<String, _>("parent_id").is_empty())
        .map(node)
        .collect();
    for root in &mut roots {
        root.children = rows
            .iter()
            .filter(|r| r.get::<String, _>("parent_id") == root.id)
            .map(node)
            .collect();
    }
    Ok(roots)
}

#[derive(Debug, Clone, Serialize)]
pub struct Banner {
    pub title: String,
    pub image: String,
    pub link: String,
}

pub async fn banners(pool: &AnyPool, lang: Language) -> sqlx::Result<Vec<Banner>> {
    let rows = sqlx::query("SELECT title_zh, title_en, image, link FROM banners ORDER BY sort")
        .fetch_all(pool)
        .await?;
    Ok(rows
        .iter()
        .map(|r| Banner {
            title: pick(lang, r.get("title_zh"), r.get("title_en")),
            image: r.get("image"),
            link: r.get("link"),
        })
        .collect())
}

#[derive(Debug, Clone, Serialize)]
pub struct Notice {
    pub id: String,
    pub title: String,
    pub summary: String,
    pub published_at: i64,
    pub pinned: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
}

fn summary(text: &str) -> String {
    let cut: String = text.chars().take(60).collect();
    if cut.chars().count() < text.chars().count() {
        format!("{cut}…")
    } else {
        cut
    }
}

fn notice(r: &AnyRow, lang: Language, with_content: bool) -> Notice {
    let content = pick(lang, r.get("content_zh"), r.get("content_en"));
    Notice {
        id: r.get("id"),
        title: pick(lang, r.get("title_zh"), r.get("title_en")),
        summary: summary(&content),
        pinned: r.get::<i64, _>("pinned") != 0,
        published_at: r.get("published_at"),
        content: with_content.then_some(content),
    }
}

const NOTICE_COLUMNS: &str =
    "id, title_zh, title_en, content_zh, content_en, CASE WHEN pinned THEN 1 ELSE 0 END AS pinned, published_at";

pub async fn notices(pool: &AnyPool, page: i64, pagesize: i64, lang: Language) -> sqlx::Result<Page<Notice>> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM notices")
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {NOTICE_COLUMNS} FROM notices ORDER BY pinned DESC, published_at DESC, id LIMIT {pagesize} OFFSET {}",
        (page - 1) * pagesize
    ))
    .fetch_all(pool)
    .await?;
    Ok(Page {
        list: rows.iter().map(|r| notice(r, lang, false)).collect(),
        total,
        page,
        pagesize,
    })
}

pub async fn notice_by_id(pool: &AnyPool, id: &str, lang: Language) -> sqlx::Result<Option<Notice>> {
    let row = sqlx::query(&format!("SELECT {NOTICE_COLUMNS} FROM notices WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|r| notice(&r, lang, true)))
}

#[derive(Debug, Clone, Serialize)]
pub struct TutorialSection {
    pub category: String,
    pub articles: Vec<TutorialSummary>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TutorialSummary {
    pub id: String,
    pub title: String,
    pub summary: String,
}

pub async fn tutorials(pool: &AnyPool, lang: Language) -> sqlx::Result<Vec<TutorialSection>> {
    let rows = sqlx::query("SELECT id, category_zh, category_en, title_zh, title_en, content_zh, content_en FROM tutorials ORDER BY sort, id")
        .fetch_all(pool)
        .await?;
    let mut sections: Vec<TutorialSection> = Vec::new();
    for r in &rows {
        let category = pick(lang, r.get("category_zh"), r.get("category_en"));
        let article = TutorialSummary {
            id: r.get("id"),
            title: pick(lang, r.get("title_zh"), r.get("title_en")),
            summary: summary(&pick(lang, r.get("content_zh"), r.get("content_en"))),
        };
        match sections.iter_mut().find(|s| s.category == category) {
            Some(section) => section.articles.push(article),
            None => sections.push(TutorialSection {
                category,
                articles: vec![article],
            }),
        }
    }
    Ok(sections)
}

#[derive(Debug, Clone, Serialize)]
pub struct Tutorial {
    pub id: String,
    pub category: String,
    pub title: String,
    pub content: String,
    pub updated_at: i64,
}

pub async fn tutorial_by_id(pool: &AnyPool, id: &str, lang: Language) -> sqlx::Result<Option<Tutorial>> {
    let row = sqlx::query("SELECT id, category_zh, category_en, title_zh, title_en, content_zh, content_en, updated_at FROM tutorials WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|r| Tutorial {
        id: r.get("id"),
        category: pick(lang, r.get("category_zh"), r.get("category_en")),
        title: pick(lang, r.get("title_zh"), r.get("title_en")),
        content: pick(lang, r.get("content_zh"), r.get("content_en")),
        updated_at: r.get("updated_at"),
    }))
}

#[derive(Debug, Clone, Serialize)]
pub struct Resource {
    pub id: String,
    pub category: String,
    pub title: String,
    pub description: String,
    pub url: String,
}

pub async fn resources(pool: &AnyPool, lang: Language) -> sqlx::Result<Vec<Resource>> {
    let rows = sqlx::query("SELECT id, category_zh, category_en, title_zh, title_en, description_zh, description_en, url FROM resources ORDER BY sort, id")
        .fetch_all(pool)
        .await?;
    Ok(rows
        .iter()
        .map(|r| Resource {
            id: r.get("id"),
            category: pick(lang, r.get("category_zh"), r.get("category_en")),
            title: pick(lang, r.get("title_zh"), r.get("title_en")),
            description: pick(lang, r.get("description_zh"), r.get("description_en")),
            url: r.get("url"),
        })
        .collect())
}

/// Look hashes of every product's first main picture, kept in memory: a linear scan of XORs over
/// a hundred thousand products takes about a millisecond, and needs no index structure. It is
/// reloaded when the number of products changes (a seed or import in another process).
#[derive(Default)]
pub struct SameStyleIndex {
    entries: RwLock<(i64, Vec<(LookHash, String)>)>,
}

impl SameStyleIndex {
    /// Forgets the loaded hashes (a product went on or off the shelf, or its picture changed).
    pub fn invalidate(&self) {
        self.entries.write().expect("index lock").0 = -1;
    }

    async fn fresh(&self, pool: &AnyPool) -> sqlx::Result<()> {
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM products WHERE on_shelf = 1")
            .fetch_one(pool)
            .await?;
        if self.entries.read().expect("index lock").0 == count && count > 0 {
            return Ok(());
        }
        let rows = sqlx::query("SELECT id, phash FROM products WHERE on_shelf = 1")
            .fetch_all(pool)
            .await?;
        let entries = rows
            .iter()
            .filter_map(|r| {
                LookHash::from_hex(&r.get::<String, _>("phash")).map(|h| (h, r.get::<String, _>("id")))
            })
            .collect();
        *self.entries.write().expect("index lock") = (count, entries);
        Ok(())
    }

    pub async fn hash_of(&self, pool: &AnyPool, id: &str) -> sqlx::Result<Option<LookHash>> {
        let row = sqlx::query("SELECT phash FROM products WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?;
        Ok(row.and_then(|r| LookHash::from_hex(&r.get::<String, _>("phash"))))
    }

    /// The `limit` products nearest to `hash`, nearest first, with their Hamming distance.
    pub async fn nearest(
        &self,
        pool: &AnyPool,
        hash: &LookHash,
        except: Option<&str>,
        limit: usize,
    ) -> sqlx::Result<Vec<(String, u32)>> {
        self.fresh(pool).await?;
        let guard = self.entries.read().expect("index lock");
        let mut found: Vec<(u32, &String)> = guard
            .1
            .iter()
            .filter(|(_, id)| Some(id.as_str()) != except)
            .map(|(h, id)| (h.distance(hash), id))
            .collect();
        let limit = limit.min(found.len());
        if limit == 0 {
            return Ok(Vec::new());
        }
        found.select_nth_unstable_by(limit - 1, |a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)));
        found.truncate(limit);
        found.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)));
        Ok(found.into_iter().map(|(d, id)| (id.clone(), d)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_number_their_parameters() {
        let mut c = Conditions::default();
        c.args.push(Arg::Text("viewer".into()));
        c.push("a = ?", vec![Arg::Int(1)]);
        c.push(
            "(b = ? OR c = ?)",
            vec![Arg::Text("x".into()), Arg::Text("y".into())],
        );
        assert_eq!(c.sql(), " WHERE a = $2 AND (b = $3 OR c = $4)");
        assert_eq!(c.args.len(), 4);
    }

    #[test]
    fn keywords_match_literally() {
        assert_eq!(like_pattern("T恤 100%"), "%t恤 100\\%%");
        assert_eq!(like_pattern("a_b"), "%a\\_b%");
    }

    #[test]
    fn summaries_cut_long_text() {
        assert_eq!(summary("短"), "短");
        assert!(summary(&"长".repeat(80)).ends_with('…'));
    }
}
