//! The demo's order history: 90 days of drop-shipping orders by a few demo sellers, written through
//! the same commands a seller's clicks send (submit, pay from the wallet, cancel, ship, confirm,
//! review), so the rankings and every order screen have real events to show.

use domain::address::{AddressInput, Divisions};
use domain::calendar::{china_day, china_day_start, DAY_SECONDS};
use domain::money::Fen;
use domain::order::{Courier, OrderCommand, PaymentMethod, QcLevel, Shortage};
use domain::wallet::{Wallet, WalletCommand};
use sqlx::Row;

use crate::addresses::{self, AddressChange};
use crate::catalog::seed::{DEMO_MOBILE, DEMO_PASSWORD};
use crate::error::Error;
use crate::orders::payment::pay_from_wallet;
use crate::orders::placing::{self, DestinationChoice, OrderRequest, Wanted};
use crate::orders::pricing::Options;
use crate::orders::OrderDesk;
use crate::wallet::WalletDesk;
use crate::Database;

/// The demo sellers besides the demo login (same password).
pub const SELLER_MOBILES: [&str; 5] = [
    "13900000001",
    "13900000002",
    "13900000003",
    "13900000004",
    "13900000005",
];
pub const HISTORY_DAYS: i64 = 90;
const TOP_UP: Fen = Fen::yuan(20_000);

/// A small deterministic generator: the same history on every machine.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// Favours small numbers, so a few products sell much more than the rest.
    fn skewed(&mut self, n: u64) -> u64 {
        let a = self.below(n);
        let b = self.below(n);
        a.min(b)
    }
}

async fn seller_ids(db: &Database) -> Result<Vec<String>, Error> {
    let mut ids = Vec::new();
    for mobile in std::iter::once(DEMO_MOBILE).chain(SELLER_MOBILES) {
        crate::accounts::ensure_user(db, mobile, DEMO_PASSWORD).await?;
        let id: String = sqlx::query("SELECT id FROM users WHERE mobile = $1")
            .bind(mobile)
            .fetch_one(&db.pool)
            .await?
            .get(0);
        ids.push(id);
    }
    Ok(ids)
}

async fn address_of(
    db: &Database,
    divisions: &Divisions,
    user_id: &str,
    n: usize,
    at: i64,
) -> Result<String, Error> {
    if let Some(row) = sqlx::query("SELECT id FROM addresses WHERE user_id = $1 ORDER BY created_at LIMIT 1")
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?
    {
        return Ok(row.get(0));
    }
    const PLACES: [(&str, &str, &str); 3] = [
        ("广东省", "广州市", "白云区"),
        ("浙江省", "杭州市", "西湖区"),
        ("上海市", "市辖区", "浦东新区"),
    ];
    let (province, city, district) = PLACES[n % PLACES.len()];
    let change = AddressChange {
        input: AddressInput {
            recipient: format!("演示买家{}", n + 1),
            phone: format!("1370000000{}", n % 10),
            province: province.into(),
            city: city.into(),
            district: district.into(),
            detail: format!("演示路 {} 号", n + 1),
        },
        make_default: true,
        favorite: None,
    };
    addresses::add(db, divisions, user_id, change, at).await
}

async fn top_up_if_needed(
    db: &Database,
    wallet: &WalletDesk,
    user_id: &str,
    need: Fen,
    at: i64,
    n: &mut u64,
) -> Result<(), Error> {
    let current: Wallet = db.load(user_id).await?;
    if current.balance() >= need {
        return Ok(());
    }
    *n += 1;
    let payment_id = format!("SEED-{user_id}-{n}");
    wallet
        .execute(
            user_id,
            WalletCommand::RequestTopUp {
                payment_id: payment_id.clone(),
                amount: TOP_UP,
                at,
            },
        )
        .await?;
    wallet
        .execute(
            user_id,
            WalletCommand::CompleteTopUp {
                payment_id,
                amount: TOP_UP,
                at,
            },
        )
        .await
}

/// Writes the history unless orders exist already (seeding again changes nothing). Answers how many
/// orders were placed; `progress(day, days)` reports as it goes.
pub async fn seed_history(
    db: &Database,
    orders: &OrderDesk,
    coupons: &crate::coupons::CouponDesk,
    wallet: &WalletDesk,
    divisions: &Divisions,
    now: i64,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<usize, Error> {
    let existing = sqlx::query("SELECT 1 FROM events WHERE aggregate_type = 'order' LIMIT 1")
        .fetch_optional(&db.pool)
        .await?;
    if existing.is_some() {
        progress(HISTORY_DAYS as u64, HISTORY_DAYS as u64);
        return Ok(0);
    }
    let skus: Vec<String> = sqlx::query(
        "SELECT k.id FROM skus k JOIN products p ON p.id = k.product_id WHERE k.stock >= 100 \
         ORDER BY p.sales DESC, k.id LIMIT 240",
    )
    .fetch_all(&db.pool)
    .await?
    .iter()
    .map(|r| r.get(0))
    .collect();
    if skus.is_empty() {
        return Ok(0);
    }
    let sellers = seller_ids(db).await?;
    let first_day = china_day(now) - HISTORY_DAYS;
    let mut addresses = Vec::with_capacity(sellers.len());
    for (n, user) in sellers.iter().enumerate() {
        addresses.push(address_of(db, divisions, user, n, china_day_start(first_day)).await?);
    }
    let mut draw = Draw(0x9E37_79B9_7F4A_7C15);
    let mut top_ups = 0u64;
    let mut placed = 0usize;
    for day in 0..HISTORY_DAYS {
        let day_start = china_day_start(first_day + day + 1);
        for _ in 0..2 + draw.below(4) {
            let at = day_start + 9 * 3600 + draw.below(12 * 3600) as i64;
            if at >= now {
                continue;
            }
            let seller = draw.below(sellers.len() as u64) as usize;
            let user = &sellers[seller];
            let mut lines = Vec::new();
            for _ in 0..1 + draw.below(3) {
                let sku = skus[draw.skewed(skus.len() as u64) as usize].clone();
                lines.push((sku, 1 + draw.below(4) as i64));
            }
            let request = OrderRequest {
                wanted: Wanted::Lines(lines),
                destination: DestinationChoice::SavedAddress(addresses[seller].clone()),
                options: Options {
                    courier: Courier::ALL[draw.below(Courier::ALL.len() as u64) as usize],
                    qc: [QcLevel::None, QcLevel::Basic, QcLevel::Advanced][draw.below(3) as usize],
                    value_added: Vec::new(),
                },
                remark: String::new(),
                request_id: None,
                coupon_ids: Vec::new(),
            };
            let order_no = match placing::submit(db, orders, coupons, divisions, user, request, at).await {
                Ok(no) => no,
                // Stock ran out for a popular SKU: a real seller would pick another.
                Err(Error::Invalid(_)) => continue,
                Err(e) => return Err(e),
            };
            placed += 1;
            let fate = draw.below(100);
            if fate < 4 {
                orders
                    .execute(
                        &order_no,
                        OrderCommand::Cancel {
                            reason: "不需要了".into(),
                            at: at + 600,
                        },
                    )
                    .await?;
                continue;
            }
            let total = db.load::<domain::order::Order>(&order_no).await?.fees().total;
            top_up_if_needed(db, wallet, user, total, at + 60, &mut top_ups).await?;
            pay_from_wallet(
                db,
                orders,
                wallet,
                user,
                &order_no,
                PaymentMethod::Wallet,
                at + 120,
            )
            .await?;
            let age = now - at;
            if fate < 8 {
                orders
                    .execute(
                        &order_no,
                        OrderCommand::Cancel {
                            reason: "买家取消".into(),
                            at: at + 1800,
                        },
                    )
                    .await?;
                continue;
            }
            if age < DAY_SECONDS {
                continue;
            }
            if fate < 11 {
                let sku = first_sku(db, &order_no).await?;
                let short = OrderCommand::MarkOutOfStock {
                    shortages: vec![Shortage {
                        sku_id: sku,
                        quantity: 1,
                    }],
                    at: at + 3 * 3600,
                };
                orders.execute(&order_no, short).await?;
                let after = db.load::<domain::order::Order>(&order_no).await?;
                if after.status() == domain::order::OrderStatus::Cancelled {
                    continue;
                }
            }
            if fate % 10 == 9 && age < 4 * DAY_SECONDS {
                continue;
            }
            if orders
                .execute(&order_no, OrderCommand::PrepareStock { at: at + 6 * 3600 })
                .await
                .is_err()
            {
                continue;
            }
            let tracking_no = format!("ZT{}{:04}", order_no.trim_start_matches("JP"), draw.below(10_000));
            orders
                .execute(
                    &order_no,
                    OrderCommand::Ship {
                        courier: Courier::Zto,
                        tracking_no,
                        at: at + DAY_SECONDS,
                    },
                )
                .await?;
            if age < 5 * DAY_SECONDS {
                continue;
            }
            orders
                .execute(
                    &order_no,
                    OrderCommand::ConfirmReceipt {
                        at: at + 4 * DAY_SECONDS,
                    },
                )
                .await?;
            if fate.is_multiple_of(3) {
                let command = OrderCommand::Review {
                    rating: 4 + (fate % 2) as u8,
                    content: "质量不错，发货快".into(),
                    at: at + 5 * DAY_SECONDS,
                };
                orders.execute(&order_no, command).await?;
            }
        }
        progress(day as u64 + 1, HISTORY_DAYS as u64);
    }
    Ok(placed)
}

async fn first_sku(db: &Database, order_no: &str) -> Result<String, Error> {
    let order_lines: String = sqlx::query("SELECT lines FROM stock_reservations WHERE order_no = $1")
        .bind(order_no)
        .fetch_one(&db.pool)
        .await?
        .get(0);
    let lines: serde_json::Value =
        serde_json::from_str(&order_lines).map_err(|e| Error::Internal(e.into()))?;
    Ok(lines[0]["sku_id"].as_str().unwrap_or_default().to_string())
}
