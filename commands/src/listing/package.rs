//! What a package lists: the chosen products as the catalogue has them now, priced by the shop's
//! rule, and the record of it once the seller has the file.

use std::collections::HashMap;

use domain::listing::record::{listing_id, ListedProduct, ListedSku, ListingCommand};
use domain::listing::rule::ListingRule;
use domain::money::Fen;
use sqlx::Row;

use crate::error::{Error, Refusal};
use crate::listing::ListingQueue;
use crate::Database;

/// The most products one package holds: a morning's listing, still one file a shop tool reads.
pub const MAX_PACKAGE_PRODUCTS: usize = 200;

/// A SKU as the package lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedSku {
    pub sku_id: String,
    pub color: String,
    pub size: String,
    /// jpmall's wholesale price now.
    pub cost: Fen,
    pub listed: Fen,
    pub margin: Fen,
    /// jpmall's stock now, and what the shop shows of it.
    pub stock: i64,
    pub listed_stock: i64,
}

/// A product as the package lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedProduct {
    pub product_id: String,
    pub item_no: String,
    /// With the rule's prefix and suffix, from the Chinese title (the shop's language is the
    /// seller's; the English title is beside it for English shops).
    pub title: String,
    pub title_en: String,
    pub stall_name: String,
    pub main_count: i64,
    pub detail_count: i64,
    /// `products.colors` as stored, for the colour pictures.
    pub colours: String,
    /// The Chinese names of the product's category's parent and of the category, for the
    /// platforms' own category ids.
    pub category: (String, String),
    pub skus: Vec<PlannedSku>,
}

/// The product ids of a request: trimmed, each once in the order given, 1 to
/// [`MAX_PACKAGE_PRODUCTS`].
pub fn product_ids(ids: &[String]) -> Result<Vec<String>, Refusal> {
    let mut unique: Vec<String> = Vec::with_capacity(ids.len());
    for id in ids {
        let id = id.trim();
        if !id.is_empty() && !unique.iter().any(|u| u == id) {
            unique.push(id.to_string());
        }
    }
    if unique.is_empty() {
        return Err(Refusal::new("listing.no_products").on("product_ids"));
    }
    if unique.len() > MAX_PACKAGE_PRODUCTS {
        return Err(Refusal::new("listing.too_many_products")
            .on("product_ids")
            .with("max", MAX_PACKAGE_PRODUCTS));
    }
    Ok(unique)
}

/// A product a package leaves out, and why (a refusal the caller words in the reader's language).
#[derive(Debug, Clone)]
pub struct Skipped {
    pub product_id: String,
    pub item_no: String,
    pub reason: Refusal,
}

/// What a package of some products holds: the listable ones priced, in the order given, and the
/// others with their reason (a shop must not list what cannot be supplied, and one delisted favourite
/// must not hold back the rest).
#[derive(Debug, Clone, Default)]
pub struct Plan {
    pub products: Vec<PlannedProduct>,
    pub skipped: Vec<Skipped>,
}

impl Plan {
    /// Moves `product_id` from the listable products to the skipped ones.
    pub fn skip(&mut self, product_id: &str, reason: Refusal) {
        if let Some(at) = self.products.iter().position(|p| p.product_id == product_id) {
            let product = self.products.remove(at);
            self.skipped.push(Skipped {
                product_id: product.product_id,
                item_no: product.item_no,
                reason,
            });
        }
    }

    /// The plan, or the first skipped product's reason when nothing is listable.
    pub fn listable(self) -> Result<Plan, Error> {
        match self.skipped.first() {
            Some(first) if self.products.is_empty() => Err(first.reason.clone().into()),
            _ => Ok(self),
        }
    }
}

/// The products of `ids` priced by `rule`, in the order given; an unknown product, one off the shelf
/// or of a closed stall, one without SKUs or with a SKU that cannot be priced is skipped with why.
pub async fn plan(db: &Database, ids: &[String], rule: &ListingRule) -> Result<Plan, Error> {
    let ids = product_ids(ids)?;
    let mut plan = Plan::default();
    for id in &ids {
        let row = sqlx::query(
            "SELECT p.id, p.item_no, p.title_zh, p.title_en, p.main_count, p.detail_count, p.colors, p.on_shelf, \
             s.name AS stall_name, s.status AS stall_status, COALESCE(c.name_zh, '') AS category_zh, \
             COALESCE(parent.name_zh, '') AS parent_category_zh \
             FROM products p JOIN stalls s ON s.id = p.stall_id LEFT JOIN categories c ON c.id = p.category_id \
             LEFT JOIN categories parent ON parent.id = c.parent_id WHERE p.id = $1",
        )
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
        let Some(row) = row else {
            plan.skipped.push(Skipped {
                product_id: id.clone(),
                item_no: String::new(),
                reason: Refusal::new("listing.product_unknown")
                    .on("product_ids")
                    .with("product_id", id),
            });
            continue;
        };
        let item_no: String = row.get("item_no");
        let skip = |plan: &mut Plan, reason: Refusal| {
            plan.skipped.push(Skipped {
                product_id: id.clone(),
                item_no: item_no.clone(),
                reason: reason.on("product_ids").with("item_no", &item_no),
            })
        };
        let on_sale = row.get::<i64, _>("on_shelf") != 0 && row.get::<String, _>("stall_status") != "closed";
        if !on_sale {
            skip(&mut plan, Refusal::new("listing.product_off_shelf"));
            continue;
        }
        let skus = sqlx::query(
            "SELECT id, color, size, price, stock FROM skus WHERE product_id = $1 ORDER BY sort, id",
        )
        .bind(id)
        .fetch_all(&db.pool)
        .await?;
        let mut planned = Vec::with_capacity(skus.len());
        let mut unpriced = None;
        for sku in &skus {
            let cost = Fen(sku.get("price"));
            let priced = match rule.price(cost) {
                Ok(priced) => priced,
                Err(e) => {
                    unpriced = Some(Refusal::new(e.key()));
                    break;
                }
            };
            let stock: i64 = sku.get("stock");
            planned.push(PlannedSku {
                sku_id: sku.get("id"),
                color: sku.get("color"),
                size: sku.get("size"),
                cost,
                listed: priced.price,
                margin: priced.margin,
                stock,
                listed_stock: rule.listed_stock(stock),
            });
        }
        if let Some(reason) = unpriced {
            skip(&mut plan, reason);
            continue;
        }
        if planned.is_empty() {
            skip(&mut plan, Refusal::new("listing.product_without_skus"));
            continue;
        }
        let title_zh: String = row.get("title_zh");
        let title_en: String = row.get("title_en");
        plan.products.push(PlannedProduct {
            product_id: row.get("id"),
            item_no,
            title: rule.listed_title(&title_zh),
            title_en: rule.listed_title(&title_en),
            stall_name: row.get("stall_name"),
            main_count: row.get("main_count"),
            detail_count: row.get("detail_count"),
            colours: row.get("colors"),
            category: (row.get("parent_category_zh"), row.get("category_zh")),
            skus: planned,
        });
    }
    Ok(plan)
}

/// The shop a package is for, as its record names it.
#[derive(Debug, Clone)]
pub struct ShopRef<'a> {
    pub user_id: &'a str,
    pub shop_id: &'a str,
    pub shop_name: &'a str,
    pub platform: &'a str,
}

/// Records that `package_id` listed `products` in `shop`; the same package recorded again records
/// nothing more. Answers the listing ids.
pub async fn record(
    queue: &ListingQueue,
    shop: &ShopRef<'_>,
    package_id: &str,
    products: &[PlannedProduct],
    now: i64,
) -> Result<Vec<String>, Error> {
    let mut ids = Vec::with_capacity(products.len());
    let mut seen: HashMap<&str, ()> = HashMap::new();
    for product in products {
        if seen.insert(&product.product_id, ()).is_some() {
            continue;
        }
        let id = listing_id(shop.user_id, shop.shop_id, &product.product_id);
        let listed = Box::new(ListedProduct {
            user_id: shop.user_id.to_string(),
            shop_id: shop.shop_id.to_string(),
            shop_name: shop.shop_name.to_string(),
            platform: shop.platform.to_string(),
            package_id: package_id.to_string(),
            product_id: product.product_id.clone(),
            item_no: product.item_no.clone(),
            title: product.title.clone(),
            skus: product
                .skus
                .iter()
                .map(|s| ListedSku {
                    sku_id: s.sku_id.clone(),
                    color: s.color.clone(),
                    size: s.size.clone(),
                    cost: s.cost,
                    listed: s.listed,
                    stock: s.listed_stock,
                })
                .collect(),
        });
        queue
            .execute(&id, ListingCommand::Record { listed, at: now })
            .await?;
        ids.push(id);
    }
    Ok(ids)
}

/// Removes `user_id`'s listing records `ids` (each must be theirs); answers how many were removed.
pub async fn remove(queue: &ListingQueue, user_id: &str, ids: &[String], now: i64) -> Result<usize, Error> {
    let mut removed = 0;
    for id in ids {
        queue
            .execute(
                id,
                ListingCommand::Remove {
                    user_id: user_id.to_string(),
                    at: now,
                },
            )
            .await?;
        removed += 1;
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_package_names_each_product_once_and_at_most_two_hundred() {
        let ids: Vec<String> = [" p1", "p2", "p1", ""].iter().map(|s| s.to_string()).collect();
        assert_eq!(product_ids(&ids).unwrap(), ["p1", "p2"]);
        assert_eq!(product_ids(&[]).unwrap_err().key, "listing.no_products");
        let many: Vec<String> = (0..201).map(|n| format!("p{n}")).collect();
        assert_eq!(product_ids(&many).unwrap_err().key, "listing.too_many_products");
    }
}
