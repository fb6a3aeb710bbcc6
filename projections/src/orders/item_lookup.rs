//! Manual order entry looks a product up by the item number printed on the goods.

use domain::money::Fen;
use serde::Serialize;
use sqlx::{AnyPool, Row};

use crate::catalog::{colour_picture_url, picture_url};
use crate::product_names::{colour_in, size_in};
use crate::sites::Language;

#[derive(Debug, Clone, Serialize)]
pub struct ItemSku {
    pub sku_id: String,
    pub color: String,
    pub size: String,
    pub price: String,
    pub stock: i64,
    /// The picture of the SKU's colour.
    pub image: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Item {
    pub product_id: String,
    pub item_no: String,
    pub title: String,
    pub image: String,
    pub stall_name: String,
    pub skus: Vec<ItemSku>,
}

/// The product with this item number and its SKUs in their display order; `None` when there is none.
pub async fn item_by_number(pool: &AnyPool, item_no: &str, lang: Language) -> sqlx::Result<Option<Item>> {
    let rows = sqlx::query(
        "SELECT p.id, p.item_no, p.title_zh, p.title_en, s.name, k.id AS sku_id, k.color, k.size, k.price, k.stock, \
         p.colors FROM products p JOIN stalls s ON s.id = p.stall_id JOIN skus k ON k.product_id = p.id \
         WHERE p.item_no = $1 ORDER BY p.id, k.sort",
    )
    .bind(item_no)
    .fetch_all(pool)
    .await?;
    let Some(first) = rows.first() else {
        return Ok(None);
    };
    let product_id: String = first.get("id");
    Ok(Some(Item {
        image: picture_url(&product_id, "main-1.jpg"),
        item_no: first.get("item_no"),
        title: match lang {
            Language::ZhCn => first.get("title_zh"),
            Language::EnUs => first.get("title_en"),
        },
        stall_name: first.get("name"),
        skus: rows
            .iter()
            .filter(|r| r.get::<String, _>("id") == product_id)
            .map(|r| ItemSku {
                sku_id: r.get("sku_id"),
                color: colour_in(&r.get::<String, _>("colors"), &r.get::<String, _>("color"), lang),
                size: size_in(&r.get::<String, _>("size"), lang),
                price: Fen(r.get("price")).to_yuan(),
                stock: r.get("stock"),
                image: colour_picture_url(
                    &product_id,
                    &r.get::<String, _>("colors"),
                    &r.get::<String, _>("color"),
                ),
            })
            .collect(),
        product_id,
    }))
}
