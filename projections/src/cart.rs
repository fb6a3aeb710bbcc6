//! The cart as the screen shows it: lines grouped by stall, with today's prices and live totals.

use domain::money::Fen;
use serde::Serialize;
use sqlx::{AnyPool, Row};

use crate::catalog::{colour_picture_url, Named};
use crate::product_names::{colour_in, size_in};
use crate::sites::Language;

#[derive(Debug, Clone, Serialize)]
pub struct CartItem {
    pub sku_id: String,
    pub product_id: String,
    pub item_no: String,
    pub title: String,
    pub image: String,
    pub color: String,
    pub size: String,
    pub price: String,
    /// The price when the line was added (or last confirmed), and how today's compares: up | down |
    /// "" (unchanged). A rise waits for the seller's confirmation at checkout.
    pub price_added: String,
    pub price_change: &'static str,
    pub quantity: i64,
    pub stock: i64,
    pub selected: bool,
    pub amount: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct CartGroup {
    pub stall: Named,
    pub items: Vec<CartItem>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Cart {
    pub groups: Vec<CartGroup>,
    pub total_quantity: i64,
    pub selected_quantity: i64,
    pub selected_amount: String,
}

pub async fn cart_of(pool: &AnyPool, user_id: &str, lang: Language) -> sqlx::Result<Cart> {
    let rows = sqlx::query(
        "SELECT c.sku_id, p.id, p.item_no, p.title_zh, p.title_en, k.color, k.size, k.price, c.quantity, k.stock, \
         c.price_added, CASE WHEN c.selected <> 0 THEN 1 ELSE 0 END AS selected, s.id AS stall_id, s.name, \
         (SELECT MIN(c2.added_at) FROM cart_items c2 JOIN skus k2 ON k2.id = c2.sku_id JOIN products p2 ON p2.id = k2.product_id \
          WHERE c2.user_id = c.user_id AND p2.stall_id = s.id) AS stall_added_at, p.colors \
         FROM cart_items c JOIN skus k ON k.id = c.sku_id JOIN products p ON p.id = k.product_id \
         JOIN stalls s ON s.id = p.stall_id WHERE c.user_id = $1 \
         ORDER BY stall_added_at, s.id, c.added_at, c.sku_id",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    let mut groups: Vec<CartGroup> = Vec::new();
    let (mut total_quantity, mut selected_quantity, mut selected_amount) = (0i64, 0i64, 0i64);
    for r in &rows {
        let price = Fen(r.get("price"));
        let added = Fen(r.get("price_added"));
        let quantity: i64 = r.get("quantity");
        let selected = r.get::<i64, _>("selected") == 1;
        let amount = Fen(price.0.saturating_mul(quantity));
        total_quantity += quantity;
        if selected {
            selected_quantity += quantity;
            selected_amount = selected_amount.saturating_add(amount.0);
        }
        let product_id: String = r.get("id");
        let item = CartItem {
            sku_id: r.get("sku_id"),
            image: colour_picture_url(
                &product_id,
                &r.get::<String, _>("colors"),
                &r.get::<String, _>("color"),
            ),
            product_id,
            item_no: r.get("item_no"),
            title: match lang {
                Language::ZhCn => r.get("title_zh"),
                Language::EnUs => r.get("title_en"),
            },
            color: colour_in(&r.get::<String, _>("colors"), &r.get::<String, _>("color"), lang),
            size: size_in(&r.get::<String, _>("size"), lang),
            price: price.to_yuan(),
            price_added: added.to_yuan(),
            price_change: match price.cmp(&added) {
                std::cmp::Ordering::Greater => "up",
                std::cmp::Ordering::Less => "down",
                std::cmp::Ordering::Equal => "",
            },
            quantity,
            stock: r.get("stock"),
            selected,
            amount: amount.to_yuan(),
        };
        let stall_id: String = r.get("stall_id");
        match groups.last_mut() {
            Some(group) if group.stall.id == stall_id => group.items.push(item),
            _ => groups.push(CartGroup {
                stall: Named {
                    id: stall_id,
                    name: r.get("name"),
                },
                items: vec![item],
            }),
        }
    }
    Ok(Cart {
        groups,
        total_quantity,
        selected_quantity,
        selected_amount: Fen(selected_amount).to_yuan(),
    })
}
