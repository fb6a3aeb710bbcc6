//! The catalogue's change log for listings (`catalog_changes`): what a seller who listed a product
//! must hear of, written in the transaction of the catalogue write that made it, so the listing
//! notices (`projections::listing_notices`) can follow it from a cursor and a rebuild reads the same
//! log. Only what a shop selling the product must act on is logged: a SKU's price, a SKU selling out
//! or coming back, the product off or back on the shelf, its stall closing.

use sqlx::AnyConnection;

/// What changed. The codes are stored: never rename one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    Price,
    SoldOut,
    Restocked,
    Delisted,
    Relisted,
    StallClosed,
}

impl ChangeKind {
    pub fn code(self) -> &'static str {
        match self {
            ChangeKind::Price => "price",
            ChangeKind::SoldOut => "sold_out",
            ChangeKind::Restocked => "restocked",
            ChangeKind::Delisted => "delisted",
            ChangeKind::Relisted => "relisted",
            ChangeKind::StallClosed => "stall_closed",
        }
    }
}

/// One change: `before` and `after` are a price in fen or a stock, 0 where the kind has none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change<'a> {
    pub product_id: &'a str,
    /// '' for a change of the product itself.
    pub sku_id: &'a str,
    pub kind: ChangeKind,
    pub before: i64,
    pub after: i64,
    pub at: i64,
}

impl<'a> Change<'a> {
    /// The product itself moved (shelf, stall).
    pub fn of_product(product_id: &'a str, kind: ChangeKind, at: i64) -> Self {
        Change {
            product_id,
            sku_id: "",
            kind,
            before: 0,
            after: 0,
            at,
        }
    }

    /// A SKU's stock moved from `before` to `after`: a change only when it ran out or came back.
    pub fn of_stock(product_id: &'a str, sku_id: &'a str, before: i64, after: i64, at: i64) -> Option<Self> {
        let kind = match (before > 0, after > 0) {
            (true, false) => ChangeKind::SoldOut,
            (false, true) => ChangeKind::Restocked,
            _ => return None,
        };
        Some(Change {
            product_id,
            sku_id,
            kind,
            before,
            after,
            at,
        })
    }
}

/// Logs `change` in the caller's transaction.
pub async fn log(conn: &mut AnyConnection, change: &Change<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO catalog_changes (product_id, sku_id, kind, before, after, at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(change.product_id)
    .bind(change.sku_id)
    .bind(change.kind.code())
    .bind(change.before)
    .bind(change.after)
    .bind(change.at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Logs the stall's closing for each of its products still on the shelf (call it before they are
/// taken off), in one statement.
pub async fn log_stall_closed(conn: &mut AnyConnection, stall_id: &str, at: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO catalog_changes (product_id, sku_id, kind, before, after, at) \
         SELECT id, '', $2, 0, 0, $3 FROM products WHERE stall_id = $1 AND on_shelf = 1 ORDER BY id",
    )
    .bind(stall_id)
    .bind(ChangeKind::StallClosed.code())
    .bind(at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
