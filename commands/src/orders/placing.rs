//! Placing an order: its lines priced, its destination checked, the stock of every line reserved at
//! once (all or nothing), then the `Place` command. A reservation row names the order before it
//! exists, so a crash between reserving and placing is put right by [`settle_reservations`].

use domain::address::{validate, AddressInput, Divisions};
use domain::calendar::china_stamp;
use domain::order::{validate_destination, Address, Destination, OrderCommand, PlaceOrder, Platform};
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row};

use crate::catalog::changes::{self, Change};
use crate::coupons::{self, CouponQueue};
use crate::error::{Error, Refusal};
pub use crate::orders::pricing::Wanted;
use crate::orders::pricing::{self, Options, PricedLine};
use crate::orders::OrderQueue;
use crate::store::InTransaction;
use crate::Database;
use statements::Together;

#[derive(Debug, Clone)]
pub enum DestinationChoice {
    Unset,
    SavedAddress(String),
    Typed(AddressInput),
    Platform {
        platform: Option<Platform>,
        source_order_no: String,
        label_file: String,
        /// Platform orders need a courier chosen for them, not the settings' default.
        courier_chosen: bool,
        /// Imported platform orders ship to the buyer's address and need no label.
        ship_to: Option<AddressInput>,
    },
}

#[derive(Debug, Clone)]
pub struct OrderRequest {
    pub wanted: Wanted,
    pub destination: DestinationChoice,
    pub options: Options,
    pub remark: String,
    pub request_id: Option<String>,
    /// At most one per coupon kind.
    pub coupon_ids: Vec<String>,
    /// The seller saw and accepted that cart lines cost more than when added.
    pub accept_price_rises: bool,
}

/// What the reservation row remembers of each line.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Reserved {
    sku_id: String,
    quantity: i64,
}

fn internal(e: sqlx::Error) -> Error {
    Error::Internal(e.into())
}

/// The destination as the order will carry it; refusals name the field.
pub async fn resolve_destination(
    db: &Database,
    divisions: &Divisions,
    user_id: &str,
    choice: &DestinationChoice,
) -> Result<Destination, Error> {
    let destination = match choice {
        DestinationChoice::Unset => return Err(Refusal::new("order.destination_required").on("type").into()),
        DestinationChoice::SavedAddress(id) => {
            let row = sqlx::query(
                "SELECT recipient, phone, province, city, district, detail FROM addresses WHERE id = $1 AND user_id = $2",
            )
            .bind(id)
            .bind(user_id)
            .fetch_optional(&db.pool)
            .await
            .map_err(internal)?
            .ok_or_else(|| Refusal::new("order.address_unknown").on("address_id"))?;
            Destination::Domestic {
                address: Address {
                    recipient: row.get("recipient"),
                    phone: row.get("phone"),
                    province: row.get("province"),
                    city: row.get("city"),
                    district: row.get("district"),
                    detail: row.get("detail"),
                },
            }
        }
        DestinationChoice::Typed(input) => {
            let input = input.clone().trimmed();
            validate(&input, divisions).map_err(Refusal::from)?;
            Destination::Domestic {
                address: Address {
                    recipient: input.recipient,
                    phone: input.phone,
                    province: input.province,
                    city: input.city,
                    district: input.district,
                    detail: input.detail,
                },
            }
        }
        DestinationChoice::Platform {
            platform,
            source_order_no,
            label_file,
            courier_chosen,
            ship_to,
        } => {
            let platform = platform.ok_or_else(|| Refusal::new("order.platform_required").on("platform"))?;
            let source_order_no = source_order_no.trim().to_string();
            if source_order_no.is_empty() {
                return Err(Refusal::new("order.source_order_no_required")
                    .on("source_order_no")
                    .into());
            }
            if source_order_no.chars().count() > 64 {
                return Err(Refusal::new("order.source_order_no_too_long")
                    .on("source_order_no")
                    .into());
            }
            // Said first: nothing else about a platform order placed before matters.
            if let Some(earlier) =
                order_of_platform_order(db, user_id, platform.code(), &source_order_no).await?
            {
                return Err(already_placed(&source_order_no, &earlier));
            }
            if !courier_chosen {
                return Err(Refusal::new("order.courier_required").on("courier").into());
            }
            let label_file = label_file.trim().to_string();
            let ship_to = match ship_to {
                Some(input) => {
                    let input = input.clone().trimmed();
                    validate(&input, divisions).map_err(Refusal::from)?;
                    Some(Address {
                        recipient: input.recipient,
                        phone: input.phone,
                        province: input.province,
                        city: input.city,
                        district: input.district,
                        detail: input.detail,
                    })
                }
                None if label_file.is_empty() => {
                    return Err(Refusal::new("order.label_required").on("label_file").into());
                }
                None => None,
            };
            if label_file.is_empty() {
                return Ok(Destination::Platform {
                    platform,
                    source_order_no,
                    label_file,
                    ship_to,
                });
            }
            if !crate::labels::owned_by(db, user_id, &label_file).await? {
                return Err(Refusal::new("order.label_unknown").on("label_file").into());
            }
            Destination::Platform {
                platform,
                source_order_no,
                label_file,
                ship_to,
            }
        }
    };
    validate_destination(&destination)
        .map_err(|e| Error::from(crate::command_queue::Refuses::refusal(&e)))?;
    Ok(destination)
}

/// What placing an order answers when its number was taken by another order: the aggregate's
/// refusal of a second `Place`, and the reservation's when the number's row exists.
const NUMBER_TAKEN: &str = "order.already_placed";

/// A new order number: `JP`, the China-time stamp and six random digits.
pub fn new_order_no(now: i64) -> String {
    format!("JP{}{:06}", china_stamp(now), rand::random::<u32>() % 1_000_000)
}

/// The order a request id already made, if any.
async fn earlier_order(
    db: &Database,
    user_id: &str,
    request_id: &str,
) -> Result<Option<(String, String)>, Error> {
    let row =
        sqlx::query("SELECT order_no, state FROM stock_reservations WHERE user_id = $1 AND request_id = $2")
            .bind(user_id)
            .bind(request_id)
            .fetch_optional(&db.pool)
            .await
            .map_err(internal)?;
    Ok(row.map(|r| (r.get("order_no"), r.get("state"))))
}

/// A platform order's platform and source order number: a seller's platform order is placed once.
fn platform_key(destination: &Destination) -> Option<(&'static str, &str)> {
    match destination {
        Destination::Platform {
            platform,
            source_order_no,
            ..
        } => Some((platform.code(), source_order_no.as_str())),
        Destination::Domestic { .. } => None,
    }
}

/// The order the caller already placed for a platform order, if any.
pub async fn order_of_platform_order(
    db: &Database,
    user_id: &str,
    platform: &str,
    source_order_no: &str,
) -> Result<Option<String>, Error> {
    let row = sqlx::query(
        "SELECT order_no FROM platform_order_keys WHERE user_id = $1 AND platform = $2 AND source_order_no = $3",
    )
    .bind(user_id)
    .bind(platform)
    .bind(source_order_no)
    .fetch_optional(&db.pool)
    .await
    .map_err(internal)?;
    Ok(row.map(|r| r.get("order_no")))
}

fn already_placed(source_order_no: &str, order_no: &str) -> Error {
    Refusal::new("order.source_order_placed")
        .on("source_order_no")
        .with("source_order_no", source_order_no)
        .with("order_no", order_no)
        .into()
}

/// What an order takes, stored in the same transaction as the order's events: the stock of every
/// line (or none of it) and a platform order's source number. Lines are locked in SKU order, so two
/// orders over the same SKUs never wait on each other in a circle.
struct Reservation<'a> {
    order_no: &'a str,
    user_id: &'a str,
    request_id: &'a str,
    lines: &'a [PricedLine],
    platform: Option<(&'a str, &'a str)>,
    now: i64,
}

#[async_trait::async_trait]
impl InTransaction for Reservation<'_> {
    async fn run(&self, conn: &mut AnyConnection, _later: &mut Together) -> Result<(), Error> {
        if let Some((platform, source_order_no)) = self.platform {
            let claimed = sqlx::query(
                "INSERT INTO platform_order_keys (user_id, platform, source_order_no, order_no, created_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
            )
            .bind(self.user_id)
            .bind(platform)
            .bind(source_order_no)
            .bind(self.order_no)
            .bind(self.now)
            .execute(&mut *conn)
            .await
            .map_err(internal)?
            .rows_affected();
            if claimed != 1 {
                let earlier: String = sqlx::query(
                    "SELECT order_no FROM platform_order_keys \
                     WHERE user_id = $1 AND platform = $2 AND source_order_no = $3",
                )
                .bind(self.user_id)
                .bind(platform)
                .bind(source_order_no)
                .fetch_optional(&mut *conn)
                .await
                .map_err(internal)?
                .map(|r| r.get("order_no"))
                .unwrap_or_default();
                return Err(already_placed(source_order_no, &earlier));
            }
        }
        let mut sorted: Vec<&PricedLine> = self.lines.iter().collect();
        sorted.sort_by(|a, b| a.line.sku_id.cmp(&b.line.sku_id));
        for priced in sorted {
            let left: Option<i64> = sqlx::query_scalar(
                "UPDATE skus SET stock = stock - $1 WHERE id = $2 AND stock >= $1 RETURNING stock",
            )
            .bind(priced.line.quantity)
            .bind(&priced.line.sku_id)
            .fetch_optional(&mut *conn)
            .await
            .map_err(internal)?;
            if let Some(left) = left {
                // The last of a SKU sold: shops that list it must hear of it.
                let sold_out = Change::of_stock(
                    &priced.line.product_id,
                    &priced.line.sku_id,
                    left + priced.line.quantity,
                    left,
                    crate::clock::now(),
                );
                if let Some(change) = sold_out {
                    changes::log(&mut *conn, &change).await.map_err(internal)?;
                }
            } else {
                let stock: i64 = sqlx::query("SELECT stock FROM skus WHERE id = $1")
                    .bind(&priced.line.sku_id)
                    .fetch_optional(&mut *conn)
                    .await
                    .map_err(internal)?
                    .map(|r| r.get("stock"))
                    .unwrap_or(0);
                return Err(Refusal::new("cart.not_enough_stock")
                    .on("lines")
                    .with("stock", stock)
                    .with("sku", &priced.line.sku_id)
                    .into());
            }
        }
        let reserved: Vec<Reserved> = self
            .lines
            .iter()
            .map(|p| Reserved {
                sku_id: p.line.sku_id.clone(),
                quantity: p.line.quantity,
            })
            .collect();
        let inserted = sqlx::query(
            "INSERT INTO stock_reservations (order_no, user_id, request_id, lines, state, created_at) \
             VALUES ($1, $2, $3, $4, 'placed', $5) ON CONFLICT (order_no) DO NOTHING",
        )
        .bind(self.order_no)
        .bind(self.user_id)
        .bind(self.request_id)
        .bind(serde_json::to_string(&reserved).expect("reservations serialise"))
        .bind(self.now)
        .execute(&mut *conn)
        .await;
        match inserted {
            // The same request id raced itself: the other attempt owns the order.
            Err(e) if !self.request_id.is_empty() && crate::accounts::is_unique_violation(&e) => {
                Err(Refusal::new("order.submit_in_progress").into())
            }
            Err(e) => Err(internal(e)),
            Ok(done) if done.rows_affected() == 0 => Err(Refusal::new(NUMBER_TAKEN).into()),
            Ok(_) => Ok(()),
        }
    }
}

/// Gives the reserved stock back once (the state moves from `from` to released), less `short` units
/// per SKU the warehouse never had. Answers whether this call gave it back.
async fn give_back(
    db: &Database,
    order_no: &str,
    from: &str,
    short: &[(String, i64)],
) -> Result<bool, Error> {
    let mut tx = db.begin_write().await.map_err(internal)?;
    let reserved: Option<String> =
        sqlx::query_scalar("SELECT lines FROM stock_reservations WHERE order_no = $1 AND state = $2")
            .bind(order_no)
            .bind(from)
            .fetch_optional(&mut *tx)
            .await
            .map_err(internal)?;
    let Some(reserved) = reserved else {
        tx.rollback().await.map_err(internal)?;
        return Ok(false);
    };
    let lines: Vec<Reserved> = serde_json::from_str(&reserved).map_err(|e| Error::Internal(e.into()))?;
    sqlx::query("UPDATE stock_reservations SET state = 'released' WHERE order_no = $1")
        .bind(order_no)
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
    if from == "reserved" {
        // Never placed: its platform source number is free to be placed again.
        sqlx::query("DELETE FROM platform_order_keys WHERE order_no = $1")
            .bind(order_no)
            .execute(&mut *tx)
            .await
            .map_err(internal)?;
    }
    let mut sorted = lines;
    sorted.sort_by(|a, b| a.sku_id.cmp(&b.sku_id));
    for line in sorted {
        let missing: i64 = short
            .iter()
            .filter(|(s, _)| *s == line.sku_id)
            .map(|(_, q)| q)
            .sum();
        let back = line.quantity - missing;
        if back > 0 {
            let now_stock =
                sqlx::query("UPDATE skus SET stock = stock + $1 WHERE id = $2 RETURNING stock, product_id")
                    .bind(back)
                    .bind(&line.sku_id)
                    .fetch_optional(&mut *tx)
                    .await
                    .map_err(internal)?;
            if let Some(row) = now_stock {
                let (after, product_id): (i64, String) = (row.get("stock"), row.get("product_id"));
                if let Some(change) = Change::of_stock(
                    &product_id,
                    &line.sku_id,
                    after - back,
                    after,
                    crate::clock::now(),
                ) {
                    changes::log(&mut tx, &change).await.map_err(internal)?;
                }
            }
        }
    }
    tx.commit().await.map_err(internal)?;
    Ok(true)
}

/// A cancelled order's stock goes back on sale, once, less the units reported short.
pub async fn return_stock(db: &Database, order_no: &str, short: &[(String, i64)]) -> Result<bool, Error> {
    give_back(db, order_no, "placed", short).await
}

async fn mark_placed(db: &Database, order_no: &str) -> Result<(), Error> {
    sqlx::query("UPDATE stock_reservations SET state = 'placed' WHERE order_no = $1 AND state = 'reserved'")
        .bind(order_no)
        .execute(&db.pool)
        .await
        .map_err(internal)?;
    Ok(())
}

async fn order_exists(db: &Database, order_no: &str) -> Result<bool, Error> {
    let row = sqlx::query(
        "SELECT 1 FROM events WHERE aggregate_type = 'order' AND aggregate_id = $1 AND sequence = 1",
    )
    .bind(order_no)
    .fetch_optional(&db.pool)
    .await
    .map_err(internal)?;
    Ok(row.is_some())
}

/// Prices, checks, reserves and places an order; answers its number. A request id already used by the
/// caller answers the order it made, and nothing is taken twice.
pub async fn submit(
    db: &Database,
    queue: &OrderQueue,
    coupon_queue: &CouponQueue,
    divisions: &Divisions,
    user_id: &str,
    request: OrderRequest,
    now: i64,
) -> Result<String, Error> {
    let request_id = request
        .request_id
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .map(|r| r.chars().take(100).collect::<String>())
        .unwrap_or_default();
    if !request_id.is_empty() {
        if let Some((order_no, state)) = earlier_order(db, user_id, &request_id).await? {
            return match state.as_str() {
                "reserved" => Err(Refusal::new("order.submit_in_progress").into()),
                _ => Ok(order_no),
            };
        }
    }
    let quote = pricing::quote(db, user_id, &request.wanted, &request.options).await?;
    if !quote.rises.is_empty() && !request.accept_price_rises {
        let skus: Vec<&str> = quote.rises.iter().map(|r| r.sku_id.as_str()).collect();
        return Err(Refusal::new("order.prices_rose")
            .on("lines")
            .with("count", quote.rises.len())
            .with("skus", skus.join(", "))
            .into());
    }
    let destination = resolve_destination(db, divisions, user_id, &request.destination).await?;
    let remark = request.remark.trim().to_string();
    if remark.chars().count() > 200 {
        return Err(Refusal::new("order.remark_too_long").on("remark").into());
    }
    let platform = platform_key(&destination);
    // Numbers are random within a second, so two orders can draw the same one: the second finds it
    // taken (by the reservation row or the order's first event) and draws again.
    let mut draws = 0;
    let order_no = loop {
        draws += 1;
        let order_no = new_order_no(now);
        let terms = quote
            .coupon_terms(db, user_id, &request.coupon_ids, &order_no, now)
            .await?;
        coupons::redeem(coupon_queue, &terms, &quote.fees, &order_no, now).await?;
        let redeemed: Vec<String> = terms.iter().map(|t| t.coupon_id.clone()).collect();
        let reservation = Reservation {
            order_no: &order_no,
            user_id,
            request_id: &request_id,
            lines: &quote.lines,
            platform,
            now,
        };
        let command = OrderCommand::Place(PlaceOrder {
            order_no: order_no.clone(),
            user_id: user_id.to_string(),
            lines: quote.lines.iter().map(|p| p.line.clone()).collect(),
            destination: destination.clone(),
            courier: request.options.courier,
            qc: request.options.qc,
            value_added: request.options.value_added.clone(),
            coupons: terms,
            remark: remark.clone(),
            priority: quote.priority,
            at: now,
        });
        queue.assume_new(&order_no);
        let Err(failed) = queue.execute_in(&order_no, command, &reservation).await else {
            break order_no;
        };
        // The order and its stock are stored together or not at all; only a failure that may have
        // come after the commit (a lost connection) needs the log to say which. Redeemed coupons go
        // back unless the order exists; when the log cannot be read, `settle_coupons` decides later.
        let stored = match &failed {
            Error::Internal(_) => order_exists(db, &order_no).await,
            _ => Ok(false),
        };
        if let Ok(false) = stored {
            coupons::release(coupon_queue, &redeemed, &order_no, now).await;
        }
        match failed {
            Error::Invalid(refusal) if refusal.key == NUMBER_TAKEN && draws < 5 => continue,
            failed => return Err(failed),
        }
    };
    if matches!(request.wanted, Wanted::Cart) {
        for priced in &quote.lines {
            sqlx::query("DELETE FROM cart_items WHERE user_id = $1 AND sku_id = $2")
                .bind(user_id)
                .bind(&priced.line.sku_id)
                .execute(&db.pool)
                .await
                .map_err(internal)?;
        }
    }
    Ok(order_no)
}

/// Reservations left `reserved` by a crash (older than `older_than` seconds): placed when the order
/// exists in the event log, otherwise their stock is given back. Answers (placed, released).
pub async fn settle_reservations(db: &Database, older_than: i64, now: i64) -> Result<(usize, usize), Error> {
    let rows =
        sqlx::query("SELECT order_no FROM stock_reservations WHERE state = 'reserved' AND created_at <= $1")
            .bind(now - older_than)
            .fetch_all(&db.pool)
            .await
            .map_err(internal)?;
    let (mut placed, mut released) = (0, 0);
    for row in rows {
        let order_no: String = row.get("order_no");
        if order_exists(db, &order_no).await? {
            mark_placed(db, &order_no).await?;
            placed += 1;
        } else if give_back(db, &order_no, "reserved", &[]).await? {
            released += 1;
        }
    }
    Ok((placed, released))
}
