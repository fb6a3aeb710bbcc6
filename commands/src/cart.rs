//! The drop-shipping cart: one line per SKU, never more than the SKU's stock.

use sqlx::{Any, Row, Transaction};

use crate::error::{Error, Refusal};
use crate::Database;

fn internal(e: sqlx::Error) -> Error {
    Error::Internal(e.into())
}

/// The SKU's stock, if it may be bought: an off-shelf product's SKUs are refused.
async fn stock_of(tx: &mut Transaction<'static, Any>, sku_id: &str) -> Result<i64, Error> {
    let row = sqlx::query(
        "SELECT k.stock, p.on_shelf FROM skus k JOIN products p ON p.id = k.product_id WHERE k.id = $1",
    )
    .bind(sku_id)
    .fetch_optional(&mut **tx)
    .await
    .map_err(internal)?
    .ok_or_else(|| Error::from(Refusal::new("cart.sku_unknown").on("sku_id")))?;
    if row.get::<i64, _>("on_shelf") == 0 {
        return Err(Refusal::new("cart.off_shelf").on("sku_id").into());
    }
    Ok(row.get("stock"))
}

fn check_quantity(quantity: i64, stock: i64) -> Result<(), Error> {
    if quantity < 1 {
        return Err(Refusal::new("cart.quantity_not_positive").on("quantity").into());
    }
    if quantity > stock {
        return Err(Refusal::new("cart.not_enough_stock")
            .on("quantity")
            .with("stock", stock)
            .into());
    }
    Ok(())
}

async fn in_cart(
    tx: &mut Transaction<'static, Any>,
    user_id: &str,
    sku_id: &str,
) -> Result<Option<i64>, Error> {
    Ok(
        sqlx::query("SELECT quantity FROM cart_items WHERE user_id = $1 AND sku_id = $2")
            .bind(user_id)
            .bind(sku_id)
            .fetch_optional(&mut **tx)
            .await
            .map_err(internal)?
            .map(|r| r.get("quantity")),
    )
}

/// Adds `quantity` of a SKU to what the cart already holds of it.
pub async fn add(db: &Database, user_id: &str, sku_id: &str, quantity: i64, now: i64) -> Result<(), Error> {
    if quantity < 1 {
        return Err(Refusal::new("cart.quantity_not_positive").on("quantity").into());
    }
    let mut tx = db.begin_write().await.map_err(internal)?;
    let stock = stock_of(&mut tx, sku_id).await?;
    let held = in_cart(&mut tx, user_id, sku_id).await?;
    let total = held.unwrap_or(0).saturating_add(quantity);
    check_quantity(total, stock)?;
    // Adding is done from a page that shows today's price, so the line takes it as the price added.
    if held.is_some() {
        sqlx::query(
            "UPDATE cart_items SET quantity = $1, price_added = (SELECT price FROM skus WHERE id = $3) \
             WHERE user_id = $2 AND sku_id = $3",
        )
        .bind(total)
        .bind(user_id)
        .bind(sku_id)
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
    } else {
        sqlx::query(
            "INSERT INTO cart_items (user_id, sku_id, quantity, selected, added_at, price_added) \
             VALUES ($1, $2, $3, 1, $4, (SELECT price FROM skus WHERE id = $2))",
        )
        .bind(user_id)
        .bind(sku_id)
        .bind(total)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
    }
    tx.commit().await.map_err(internal)?;
    Ok(())
}

/// Sets the quantity of a line already in the cart.
pub async fn change(db: &Database, user_id: &str, sku_id: &str, quantity: i64) -> Result<(), Error> {
    let mut tx = db.begin_write().await.map_err(internal)?;
    if in_cart(&mut tx, user_id, sku_id).await?.is_none() {
        return Err(Error::NotFound(Refusal::new("request.not_found")));
    }
    let stock = stock_of(&mut tx, sku_id).await?;
    check_quantity(quantity, stock)?;
    sqlx::query("UPDATE cart_items SET quantity = $1 WHERE user_id = $2 AND sku_id = $3")
        .bind(quantity)
        .bind(user_id)
        .bind(sku_id)
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
    tx.commit().await.map_err(internal)?;
    Ok(())
}

/// Which lines a call is about: some SKUs, or every line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lines {
    All,
    Skus(Vec<String>),
}

impl Lines {
    /// The SKUs a statement runs for: `""` stands for every line (see `AND ($3 = '' OR sku_id = $3)`).
    fn targets(&self) -> Vec<&str> {
        match self {
            Lines::All => vec![""],
            // An empty SKU would mean every line, so it is dropped rather than trusted.
            Lines::Skus(skus) => skus
                .iter()
                .map(String::as_str)
                .filter(|s| !s.is_empty())
                .collect(),
        }
    }
}

/// The seller has seen today's prices of `lines`: they become the prices the lines were added at, so a
/// rise no longer waits for confirmation.
pub async fn accept_prices(db: &Database, user_id: &str, lines: &Lines) -> Result<(), Error> {
    let mut tx = db.begin_write().await.map_err(internal)?;
    for sku in lines.targets() {
        sqlx::query(
            "UPDATE cart_items SET price_added = (SELECT price FROM skus WHERE skus.id = cart_items.sku_id) \
             WHERE user_id = $1 AND ($2 = '' OR sku_id = $2)",
        )
        .bind(user_id)
        .bind(sku)
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
    }
    tx.commit().await.map_err(internal)?;
    Ok(())
}

pub async fn select(db: &Database, user_id: &str, lines: &Lines, selected: bool) -> Result<(), Error> {
    let mut tx = db.begin_write().await.map_err(internal)?;
    for sku in lines.targets() {
        sqlx::query("UPDATE cart_items SET selected = $1 WHERE user_id = $2 AND ($3 = '' OR sku_id = $3)")
            .bind(i64::from(selected))
            .bind(user_id)
            .bind(sku)
            .execute(&mut *tx)
            .await
            .map_err(internal)?;
    }
    tx.commit().await.map_err(internal)?;
    Ok(())
}

pub async fn remove(db: &Database, user_id: &str, lines: &Lines) -> Result<(), Error> {
    let mut tx = db.begin_write().await.map_err(internal)?;
    for sku in lines.targets() {
        sqlx::query("DELETE FROM cart_items WHERE user_id = $1 AND ($2 = '' OR sku_id = $2)")
            .bind(user_id)
            .bind(sku)
            .execute(&mut *tx)
            .await
            .map_err(internal)?;
    }
    tx.commit().await.map_err(internal)?;
    Ok(())
}
