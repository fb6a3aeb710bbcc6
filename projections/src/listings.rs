//! What sellers listed in their own shops (the `listing` aggregate's read tables), their shops with
//! the pricing rules, and "My listings": each listed product beside what the catalogue says today.

use async_trait::async_trait;
use cqrs_es::EventEnvelope;
use domain::listing::record::{Listing, ListingEvent};
use domain::listing::rule::{ListingRule, Multiplier, Rounding};
use domain::listing::template::Facts;
use domain::money::Fen;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

use crate::catalog::{picture_url, Page};
use crate::product_names::{colour_in, size_in};
use crate::sites::Language;
use crate::Projection;

pub struct ListingBook;

#[async_trait]
impl Projection for ListingBook {
    type Aggregate = Listing;
    const NAME: &'static str = "listings";
    const TABLES: &'static [&'static str] = &["listings", "listing_skus"];

    async fn apply(&self, conn: &mut AnyConnection, envelope: &EventEnvelope<Listing>) -> sqlx::Result<()> {
        let id = envelope.aggregate_id.as_str();
        let (listed, at) = match &envelope.payload {
            ListingEvent::ProductListed { listed, at } => (listed, at),
            ListingEvent::ChangesActedOn { up_to, how, at } => {
                sqlx::query(
                    "UPDATE listings SET done_tx = $2, done_position = $3, done_how = $4, done_at = $5 WHERE id = $1",
                )
                .bind(id)
                .bind(up_to.tx)
                .bind(up_to.position)
                .bind(how.code())
                .bind(*at)
                .execute(&mut *conn)
                .await?;
                return Ok(());
            }
            ListingEvent::ListingRemoved { .. } => {
                sqlx::query("DELETE FROM listing_skus WHERE listing_id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                sqlx::query("DELETE FROM listings WHERE id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                return Ok(());
            }
        };
        sqlx::query("DELETE FROM listing_skus WHERE listing_id = $1")
            .bind(id)
            .execute(&mut *conn)
            .await?;
        // Listed again: the new package replaces the record, and what was marked done stays done.
        sqlx::query(
            "INSERT INTO listings (id, user_id, shop_id, shop_name, platform, product_id, item_no, title, \
             package_id, listed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
             ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, shop_id = excluded.shop_id, \
             shop_name = excluded.shop_name, platform = excluded.platform, product_id = excluded.product_id, \
             item_no = excluded.item_no, title = excluded.title, package_id = excluded.package_id, \
             listed_at = excluded.listed_at",
        )
        .bind(id)
        .bind(&listed.user_id)
        .bind(&listed.shop_id)
        .bind(&listed.shop_name)
        .bind(&listed.platform)
        .bind(&listed.product_id)
        .bind(&listed.item_no)
        .bind(&listed.title)
        .bind(&listed.package_id)
        .bind(*at)
        .execute(&mut *conn)
        .await?;
        for sku in &listed.skus {
            sqlx::query(
                "INSERT INTO listing_skus (listing_id, sku_id, color, size, cost, listed, stock) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(id)
            .bind(&sku.sku_id)
            .bind(&sku.color)
            .bind(&sku.size)
            .bind(sku.cost.0)
            .bind(sku.listed.0)
            .bind(sku.stock)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    }
}

/// A seller's shop with the rule its packages price by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shop {
    pub id: String,
    pub user_id: String,
    pub platform: String,
    pub name: String,
    pub rule: ListingRule,
    /// What the shop sells in on Shopee, Lazada and TikTok Shop; `""` (yuan) on Taobao and Douyin.
    pub currency: String,
    /// The category template the seller uploaded for the shop, when any.
    pub template: Option<ShopTemplate>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A shop's category template: the file the seller uploaded and what was read from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopTemplate {
    pub file_name: String,
    pub uploaded_at: i64,
    pub facts: Facts,
}

const SHOP_COLUMNS: &str =
    "id, user_id, platform, name, multiplier, fixed_add, rounding, min_margin, title_prefix, \
     title_suffix, stock_cap, currency, template_file_name, template_uploaded_at, template_facts, \
     created_at, updated_at";

fn shop_of(r: &AnyRow) -> Shop {
    let cap: i64 = r.get("stock_cap");
    Shop {
        id: r.get("id"),
        user_id: r.get("user_id"),
        platform: r.get("platform"),
        name: r.get("name"),
        rule: ListingRule {
            multiplier: Multiplier::from_basis_points(r.get("multiplier")),
            fixed_add: Fen(r.get("fixed_add")),
            rounding: Rounding::from_code(&r.get::<String, _>("rounding")).unwrap_or(Rounding::None),
            min_margin: Fen(r.get("min_margin")),
            title_prefix: r.get("title_prefix"),
            title_suffix: r.get("title_suffix"),
            stock_cap: (cap >= 0).then_some(cap),
        },
        currency: r.get("currency"),
        template: serde_json::from_str::<Facts>(&r.get::<String, _>("template_facts"))
            .ok()
            .map(|facts| ShopTemplate {
                file_name: r.get("template_file_name"),
                uploaded_at: r.get("template_uploaded_at"),
                facts,
            }),
        created_at: r.get("created_at"),
        updated_at: r.get("updated_at"),
    }
}

/// `user_id`'s shops, oldest first.
pub async fn shops_of(pool: &AnyPool, user_id: &str) -> sqlx::Result<Vec<Shop>> {
    let rows = sqlx::query(&format!(
        "SELECT {SHOP_COLUMNS} FROM listing_shops WHERE user_id = $1 ORDER BY created_at, id"
    ))
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(shop_of).collect())
}

/// One of `user_id`'s shops; another seller's is none.
pub async fn shop(pool: &AnyPool, user_id: &str, id: &str) -> sqlx::Result<Option<Shop>> {
    let row = sqlx::query(&format!(
        "SELECT {SHOP_COLUMNS} FROM listing_shops WHERE user_id = $1 AND id = $2"
    ))
    .bind(user_id)
    .bind(id)
    .fetch_optional(pool)
    .await?;
    Ok(row.as_ref().map(shop_of))
}

/// Which listings "My listings" shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ListingFilter {
    #[default]
    All,
    /// Anything moved since listing: a price, a SKU sold out or gone, the product or its stall.
    Changed,
    /// A SKU listed with stock has none now (or is gone) while the product is still on sale.
    SoldOut,
    /// The product is off the shelf or gone, or its stall is closed.
    Delisted,
    /// The stall changed something since listing that the seller has not marked done.
    ToActOn,
}

impl ListingFilter {
    pub fn from_code(code: &str) -> Option<ListingFilter> {
        match code {
            "" | "all" => Some(ListingFilter::All),
            "changed" => Some(ListingFilter::Changed),
            "sold_out" => Some(ListingFilter::SoldOut),
            "delisted" => Some(ListingFilter::Delisted),
            "to_act_on" => Some(ListingFilter::ToActOn),
            _ => None,
        }
    }

    fn condition(self) -> &'static str {
        match self {
            ListingFilter::All => "1 = 1",
            ListingFilter::Changed => "(delisted = 1 OR short_skus > 0 OR repriced_skus > 0)",
            ListingFilter::SoldOut => "(delisted = 0 AND short_skus > 0)",
            ListingFilter::Delisted => "delisted = 1",
            ListingFilter::ToActOn => "pending > 0",
        }
    }
}

/// The changes of a listing (`lc`, joined to its record `l`) still to act on: made after it was
/// listed and after the seller last marked it done, in the order the notices follow the log.
macro_rules! pending {
    () => {
        "lc.at >= l.listed_at AND (lc.change_tx > l.done_tx \
         OR (lc.change_tx = l.done_tx AND lc.change_position > l.done_position))"
    };
}
const PENDING: &str = pending!();

/// Each listing of `user_id` (in `shop_id`, or every shop when empty) with what the catalogue says
/// now: whether the product is delisted, how many SKUs listed with stock are short or gone, how many
/// changed price.
const STATE: &str = concat!(
    "SELECT l.id, l.shop_id, l.shop_name, l.platform, l.product_id, l.item_no, l.title, l.listed_at, \
     COALESCE(p.title_en, '') AS title_en, COALESCE(p.colors, '[]') AS colours, COALESCE(s.name, '') AS stall_name, \
     CASE WHEN p.id IS NULL THEN 'gone' WHEN p.on_shelf = 0 THEN 'off_shelf' ELSE 'on_shelf' END AS product_state, \
     COALESCE(s.status, 'open') AS stall_state, \
     CASE WHEN p.id IS NULL OR p.on_shelf = 0 OR s.status = 'closed' THEN 1 ELSE 0 END AS delisted, \
     (SELECT COUNT(*) FROM listing_skus ls LEFT JOIN skus k ON k.id = ls.sku_id \
      WHERE ls.listing_id = l.id AND (k.id IS NULL OR (ls.stock > 0 AND k.stock <= 0))) AS short_skus, \
     (SELECT COUNT(*) FROM listing_skus ls JOIN skus k ON k.id = ls.sku_id \
      WHERE ls.listing_id = l.id AND k.price <> ls.cost) AS repriced_skus, \
     (SELECT COUNT(*) FROM listing_changes lc WHERE lc.listing_id = l.id AND ",
    pending!(),
    ") AS pending \
     FROM listings l LEFT JOIN products p ON p.id = l.product_id LEFT JOIN stalls s ON s.id = p.stall_id \
     WHERE l.user_id = $1 AND ($2 = '' OR l.shop_id = $2)",
);

#[derive(Debug, Clone, Serialize)]
pub struct ListedSkuView {
    pub sku_id: String,
    pub color: String,
    pub size: String,
    pub listed_price: String,
    pub cost_then: String,
    /// Today's wholesale price; the price then when the SKU is gone.
    pub cost_now: String,
    /// Listed price less today's cost.
    pub margin_now: String,
    pub stock_now: i64,
    /// on_sale | sold_out | removed
    pub sku_state: &'static str,
    pub price_changed: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct ListingView {
    pub id: String,
    pub shop_id: String,
    pub shop_name: String,
    pub platform: String,
    pub product_id: String,
    pub item_no: String,
    /// As listed; in English the product's English title when it has one.
    pub title: String,
    pub image: String,
    pub stall_name: String,
    pub listed_at: i64,
    /// on_shelf | off_shelf | gone
    pub product_state: String,
    /// open | closed
    pub stall_state: String,
    pub changed: bool,
    pub skus: Vec<ListedSkuView>,
    /// What the stall changed since listing that the seller has not marked done, newest first.
    pub pending: Vec<PendingChangeView>,
}

/// A change of the stall's waiting for the seller to act on in their shop.
#[derive(Debug, Clone, Serialize)]
pub struct PendingChangeView {
    /// price | sold_out | restocked | delisted | relisted | stall_closed
    pub kind: String,
    /// '' for a change of the product itself.
    pub sku_id: String,
    pub color: String,
    pub size: String,
    /// A price in yuan, or a stock; '' where the kind has none.
    pub before: String,
    pub after: String,
    pub at: i64,
}

/// The most pending changes a listing shows (the newest).
const PENDING_SHOWN: i64 = 20;

#[derive(Debug, Clone, Default, Serialize)]
pub struct ListingCounts {
    pub all: i64,
    pub changed: i64,
    pub sold_out: i64,
    pub delisted: i64,
    pub to_act_on: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct ListingsPage {
    #[serde(flatten)]
    pub page: Page<ListingView>,
    pub counts: ListingCounts,
    /// Every shop the seller has listings in, deleted shops under the name they had, for the filter.
    pub shops: Vec<ListedShop>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ListedShop {
    pub id: String,
    pub name: String,
}

/// A page of "My listings", newest first, with the count of every tab.
pub async fn page(
    pool: &AnyPool,
    user_id: &str,
    shop_id: &str,
    filter: ListingFilter,
    (page, pagesize): (i64, i64),
    lang: Language,
) -> sqlx::Result<ListingsPage> {
    let counts_sql = format!(
        "SELECT COUNT(*) AS all_count, \
         COALESCE(SUM(CASE WHEN {} THEN 1 ELSE 0 END), 0) AS changed_count, \
         COALESCE(SUM(CASE WHEN {} THEN 1 ELSE 0 END), 0) AS sold_out_count, \
         COALESCE(SUM(CASE WHEN {} THEN 1 ELSE 0 END), 0) AS delisted_count, \
         COALESCE(SUM(CASE WHEN {} THEN 1 ELSE 0 END), 0) AS to_act_on_count FROM ({STATE}) x",
        ListingFilter::Changed.condition(),
        ListingFilter::SoldOut.condition(),
        ListingFilter::Delisted.condition(),
        ListingFilter::ToActOn.condition(),
    );
    let c = sqlx::query(&counts_sql)
        .bind(user_id)
        .bind(shop_id)
        .fetch_one(pool)
        .await?;
    let count = |name: &str| c.get::<i64, _>(name);
    let counts = ListingCounts {
        all: count("all_count"),
        changed: count("changed_count"),
        sold_out: count("sold_out_count"),
        delisted: count("delisted_count"),
        to_act_on: count("to_act_on_count"),
    };
    let total = match filter {
        ListingFilter::All => counts.all,
        ListingFilter::Changed => counts.changed,
        ListingFilter::SoldOut => counts.sold_out,
        ListingFilter::Delisted => counts.delisted,
        ListingFilter::ToActOn => counts.to_act_on,
    };
    let rows = sqlx::query(&format!(
        "SELECT * FROM ({STATE}) x WHERE {} ORDER BY listed_at DESC, id DESC LIMIT {pagesize} OFFSET {}",
        filter.condition(),
        (page - 1) * pagesize
    ))
    .bind(user_id)
    .bind(shop_id)
    .fetch_all(pool)
    .await?;
    let mut list = Vec::with_capacity(rows.len());
    for r in &rows {
        list.push(listing_view(pool, r, lang).await?);
    }
    let shops = sqlx::query(
        "SELECT l.shop_id, COALESCE(MAX(ls.name), MAX(l.shop_name)) AS shop_name, MIN(l.listed_at) AS first_listed \
         FROM listings l LEFT JOIN listing_shops ls ON ls.id = l.shop_id \
         WHERE l.user_id = $1 GROUP BY l.shop_id ORDER BY first_listed, l.shop_id",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?
    .iter()
    .map(|r| ListedShop {
        id: r.get("shop_id"),
        name: r.get("shop_name"),
    })
    .collect();
    Ok(ListingsPage {
        page: Page {
            list,
            total,
            page,
            pagesize,
        },
        counts,
        shops,
    })
}

async fn listing_view(pool: &AnyPool, r: &AnyRow, lang: Language) -> sqlx::Result<ListingView> {
    let id: String = r.get("id");
    let product_id: String = r.get("product_id");
    let colours: String = r.get("colours");
    let skus = sqlx::query(
        "SELECT ls.sku_id, ls.color, ls.size, ls.cost, ls.listed, k.price AS price_now, k.stock AS stock_now \
         FROM listing_skus ls LEFT JOIN skus k ON k.id = ls.sku_id WHERE ls.listing_id = $1 \
         ORDER BY ls.color, ls.size, ls.sku_id",
    )
    .bind(&id)
    .fetch_all(pool)
    .await?
    .iter()
    .map(|s| {
        let cost: i64 = s.get("cost");
        let listed: i64 = s.get("listed");
        let price_now: Option<i64> = s.get("price_now");
        let stock_now: i64 = s.get::<Option<i64>, _>("stock_now").unwrap_or(0);
        let now = price_now.unwrap_or(cost);
        let color: String = s.get("color");
        ListedSkuView {
            sku_id: s.get("sku_id"),
            color: colour_in(&colours, &color, lang),
            size: size_in(&s.get::<String, _>("size"), lang),
            listed_price: Fen(listed).to_yuan(),
            cost_then: Fen(cost).to_yuan(),
            cost_now: Fen(now).to_yuan(),
            margin_now: Fen(listed - now).to_yuan(),
            stock_now,
            sku_state: match price_now {
                None => "removed",
                Some(_) if stock_now <= 0 => "sold_out",
                Some(_) => "on_sale",
            },
            price_changed: price_now.is_some_and(|p| p != cost),
        }
    })
    .collect();
    let title_en: String = r.get("title_en");
    let delisted: i64 = r.get("delisted");
    let short: i64 = r.get("short_skus");
    let repriced: i64 = r.get("repriced_skus");
    let pending = pending_of(pool, &id, &colours, lang).await?;
    Ok(ListingView {
        title: match lang {
            Language::EnUs if !title_en.is_empty() => title_en,
            _ => r.get("title"),
        },
        image: picture_url(&product_id, "main-1.jpg"),
        shop_id: r.get("shop_id"),
        shop_name: r.get("shop_name"),
        platform: r.get("platform"),
        product_id,
        item_no: r.get("item_no"),
        stall_name: r.get("stall_name"),
        listed_at: r.get("listed_at"),
        product_state: r.get("product_state"),
        stall_state: r.get("stall_state"),
        changed: delisted == 1 || short > 0 || repriced > 0,
        pending,
        id,
        skus,
    })
}

async fn pending_of(
    pool: &AnyPool,
    id: &str,
    colours: &str,
    lang: Language,
) -> sqlx::Result<Vec<PendingChangeView>> {
    let rows = sqlx::query(&format!(
        "SELECT lc.kind, lc.sku_id, lc.before, lc.after, lc.at, COALESCE(k.color, '') AS color, \
         COALESCE(k.size, '') AS size FROM listing_changes lc JOIN listings l ON l.id = lc.listing_id \
         LEFT JOIN skus k ON k.id = lc.sku_id WHERE lc.listing_id = $1 AND {PENDING} \
         ORDER BY lc.change_tx DESC, lc.change_position DESC LIMIT {PENDING_SHOWN}"
    ))
    .bind(id)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| {
            let kind: String = r.get("kind");
            let (before, after): (i64, i64) = (r.get("before"), r.get("after"));
            let (before, after) = match kind.as_str() {
                "price" => (Fen(before).to_yuan(), Fen(after).to_yuan()),
                "sold_out" | "restocked" => (before.to_string(), after.to_string()),
                _ => (String::new(), String::new()),
            };
            let color: String = r.get("color");
            PendingChangeView {
                kind,
                sku_id: r.get("sku_id"),
                color: if color.is_empty() {
                    color
                } else {
                    colour_in(colours, &color, lang)
                },
                size: size_in(&r.get::<String, _>("size"), lang),
                before,
                after,
                at: r.get("at"),
            }
        })
        .collect())
}

/// Of `user_id`'s listings `ids`, those with changes to act on, each with the last of them (in the
/// order the notices follow the log): what marking it done covers.
pub async fn pending_marks(
    pool: &AnyPool,
    user_id: &str,
    ids: &[String],
) -> sqlx::Result<Vec<(String, i64, i64)>> {
    let mut marks = Vec::with_capacity(ids.len());
    for id in ids {
        let last = sqlx::query(&format!(
            "SELECT lc.change_tx, lc.change_position FROM listing_changes lc JOIN listings l ON l.id = lc.listing_id \
             WHERE l.id = $1 AND l.user_id = $2 AND {PENDING} \
             ORDER BY lc.change_tx DESC, lc.change_position DESC LIMIT 1"
        ))
        .bind(id)
        .bind(user_id)
        .fetch_optional(pool)
        .await?;
        if let Some(row) = last {
            marks.push((id.clone(), row.get("change_tx"), row.get("change_position")));
        }
    }
    Ok(marks)
}

/// A listed SKU as the seller-SKU export writes it.
#[derive(Debug, Clone)]
pub struct ListedSkuCode {
    /// The seller's code in the shop (商家编码): the jpmall SKU id.
    pub sku_id: String,
    pub item_no: String,
    pub title: String,
    pub shop_name: String,
    pub color: String,
    pub size: String,
    /// on_sale | sold_out | removed, and the product's on_shelf | off_shelf | gone
    pub sku_state: &'static str,
    pub product_state: String,
}

/// Every listed SKU of the listings `filter` shows (in `shop_id`, or every shop), for the shop's
/// batch tools; at most `limit` rows.
pub async fn sku_codes(
    pool: &AnyPool,
    user_id: &str,
    shop_id: &str,
    filter: ListingFilter,
    lang: Language,
    limit: i64,
) -> sqlx::Result<Vec<ListedSkuCode>> {
    let rows = sqlx::query(&format!(
        "SELECT x.title, x.title_en, x.item_no, x.shop_name, x.colours, x.product_state, ls.sku_id, ls.color, ls.size, \
         k.id AS sku_now, COALESCE(k.stock, 0) AS stock_now FROM ({STATE}) x \
         JOIN listing_skus ls ON ls.listing_id = x.id LEFT JOIN skus k ON k.id = ls.sku_id \
         WHERE {} ORDER BY x.listed_at DESC, x.id DESC, ls.color, ls.size, ls.sku_id LIMIT {limit}",
        filter.condition()
    ))
    .bind(user_id)
    .bind(shop_id)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| {
            let colours: String = r.get("colours");
            let title_en: String = r.get("title_en");
            let sku_now: Option<String> = r.get("sku_now");
            let stock_now: i64 = r.get("stock_now");
            ListedSkuCode {
                sku_id: r.get("sku_id"),
                item_no: r.get("item_no"),
                title: match lang {
                    Language::EnUs if !title_en.is_empty() => title_en,
                    _ => r.get("title"),
                },
                shop_name: r.get("shop_name"),
                color: colour_in(&colours, &r.get::<String, _>("color"), lang),
                size: size_in(&r.get::<String, _>("size"), lang),
                sku_state: match sku_now {
                    None => "removed",
                    Some(_) if stock_now <= 0 => "sold_out",
                    Some(_) => "on_sale",
                },
                product_state: r.get("product_state"),
            }
        })
        .collect())
}

/// The ids among `ids` that are `user_id`'s listing records.
pub async fn owned(pool: &AnyPool, user_id: &str, ids: &[String]) -> sqlx::Result<Vec<String>> {
    let mut mine = Vec::with_capacity(ids.len());
    for id in ids {
        let found: Option<String> =
            sqlx::query_scalar("SELECT id FROM listings WHERE id = $1 AND user_id = $2")
                .bind(id)
                .bind(user_id)
                .fetch_optional(pool)
                .await?;
        mine.extend(found);
    }
    Ok(mine)
}
