//! The demo's order history: 90 days of drop-shipping orders by a few demo sellers, written through
//! the same commands a seller's clicks and the operator's steps send (submit, pay from the wallet,
//! cancel, ship, confirm, review; after-sales applied for, approved or rejected, returned, refunded),
//! in time order, so the rankings, the ledger and every order and after-sale screen have real events.

use domain::address::{AddressInput, Divisions};
use domain::calendar::{china_day, china_day_start, DAY_SECONDS};
use domain::money::Fen;
use domain::order::{Claim, Courier, OrderCommand, PaymentMethod, QcLevel, Shortage};
use domain::wallet::{Wallet, WalletCommand};
use sqlx::Row;

use crate::addresses::{self, AddressChange};
use crate::after_sales::applying::{self, Application};
use crate::after_sales::steps::{self, Step as AfterSaleStep};
use crate::after_sales::AfterSaleQueue;
use crate::catalog::seed::{DEMO_MOBILE, DEMO_PASSWORD};
use crate::error::Error;
use crate::orders::payment::pay_from_wallet;
use crate::orders::placing::{self, DestinationChoice, OrderRequest, Wanted};
use crate::orders::pricing::Options;
use crate::orders::OrderQueue;
use crate::wallet::WalletQueue;
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
        let id: String = sqlx::query_scalar("SELECT id FROM users WHERE mobile = $1")
            .bind(mobile)
            .fetch_one(&db.pool)
            .await?;
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
        return Ok(row.get("id"));
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
    wallet: &WalletQueue,
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
                simulated: true,
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

/// What happens to one demo order, decided when it is planned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Place,
    Pay,
    CancelUnpaid,
    CancelPaid,
    ReportShort,
    Prepare,
    Ship,
    Confirm,
    Review,
    ApplyAfterSale,
    ApproveAfterSale,
    RejectAfterSale,
    ShipReturn,
    ReceiveReturn,
    RefundAfterSale,
}

/// One planned order: who places it, when, and the dice that decide its fate.
struct Plan {
    seller: usize,
    at: i64,
    request: Option<OrderRequest>,
    fate: u64,
    order_no: String,
    after_sale: String,
}

/// The history's steps in time order: every command is sent at its business time and in that
/// order, so each wallet's ledger and each order's timeline read forwards like a real one.
#[derive(Default)]
struct Agenda {
    queue: std::collections::BinaryHeap<std::cmp::Reverse<(i64, u64, usize, u8)>>,
    steps: Vec<Step>,
    added: u64,
}

impl Agenda {
    fn add(&mut self, at: i64, plan: usize, step: Step) {
        let kind = match self.steps.iter().position(|s| *s == step) {
            Some(i) => i,
            None => {
                self.steps.push(step);
                self.steps.len() - 1
            }
        };
        self.added += 1;
        self.queue
            .push(std::cmp::Reverse((at, self.added, plan, kind as u8)));
    }

    fn next(&mut self) -> Option<(i64, usize, Step)> {
        let std::cmp::Reverse((at, _, plan, kind)) = self.queue.pop()?;
        Some((at, plan, self.steps[kind as usize]))
    }
}

/// The desks the history's commands go through.
pub struct HistoryQueues<'a> {
    pub orders: &'a OrderQueue,
    pub coupons: &'a crate::coupons::CouponQueue,
    pub wallet: &'a WalletQueue,
    pub after_sales: &'a AfterSaleQueue,
}

/// Writes the history unless orders exist already (seeding again changes nothing). Answers how many
/// orders were placed; `progress(day, days)` reports as it goes.
pub async fn seed_history(
    db: &Database,
    queues: HistoryQueues<'_>,
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
    .map(|r| r.get("id"))
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
    let mut plans = Vec::new();
    let mut agenda = Agenda::default();
    for day in 0..HISTORY_DAYS {
        let day_start = china_day_start(first_day + day + 1);
        for _ in 0..2 + draw.below(4) {
            let at = day_start + 9 * 3600 + draw.below(12 * 3600) as i64;
            let seller = draw.below(sellers.len() as u64) as usize;
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
                accept_price_rises: false,
            };
            let fate = draw.below(100);
            if at < now {
                agenda.add(at, plans.len(), Step::Place);
            }
            plans.push(Plan {
                seller,
                at,
                request: Some(request),
                fate,
                order_no: String::new(),
                after_sale: String::new(),
            });
        }
    }
    let mut top_ups = 0u64;
    let mut placed = 0usize;
    let mut reported_day = 0;
    while let Some((at, n, step)) = agenda.next() {
        let day = (china_day(at) - first_day).clamp(0, HISTORY_DAYS) as u64;
        if day > reported_day {
            progress(day, HISTORY_DAYS as u64);
            reported_day = day;
        }
        if at >= now {
            continue;
        }
        let plan = &mut plans[n];
        let user = sellers[plan.seller].clone();
        let (start, fate) = (plan.at, plan.fate);
        let age = now - start;
        let order_no = plan.order_no.clone();
        let orders = queues.orders;
        match step {
            Step::Place => {
                let request = plan.request.take().expect("each order is placed once");
                plan.order_no =
                    match placing::submit(db, orders, queues.coupons, divisions, &user, request, at).await {
                        Ok(no) => no,
                        // Stock ran out for a popular SKU: a real seller would pick another.
                        Err(Error::Invalid(_)) => continue,
                        Err(e) => return Err(e),
                    };
                placed += 1;
                if fate < 4 {
                    agenda.add(at + 600, n, Step::CancelUnpaid);
                } else {
                    agenda.add(at + 120, n, Step::Pay);
                }
            }
            Step::Pay => {
                let total = db.load::<domain::order::Order>(&order_no).await?.fees().total;
                top_up_if_needed(db, queues.wallet, &user, total, at, &mut top_ups).await?;
                pay_from_wallet(
                    db,
                    orders,
                    queues.wallet,
                    &user,
                    &order_no,
                    PaymentMethod::Wallet,
                    at,
                )
                .await?;
                if fate < 8 {
                    agenda.add(start + 1800, n, Step::CancelPaid);
                } else if age >= DAY_SECONDS && fate < 11 {
                    agenda.add(start + 3 * 3600, n, Step::ReportShort);
                } else if age >= DAY_SECONDS && !(fate % 10 == 9 && age < 4 * DAY_SECONDS) {
                    agenda.add(start + 6 * 3600, n, Step::Prepare);
                } else if fate % 10 == 7 {
                    // Some sellers change their minds before the warehouse does.
                    agenda.add(start + 2 * 3600, n, Step::ApplyAfterSale);
                }
            }
            Step::CancelUnpaid | Step::CancelPaid => {
                let reason = if step == Step::CancelUnpaid {
                    "不需要了"
                } else {
                    "买家取消"
                };
                orders
                    .execute(
                        &order_no,
                        OrderCommand::Cancel {
                            reason: reason.into(),
                            at,
                        },
                    )
                    .await?;
            }
            Step::ReportShort => {
                let sku = first_sku(db, &order_no).await?;
                let short = OrderCommand::MarkOutOfStock {
                    shortages: vec![Shortage {
                        sku_id: sku,
                        quantity: 1,
                    }],
                    at,
                    report_id: None,
                };
                orders.execute(&order_no, short).await?;
                let after = db.load::<domain::order::Order>(&order_no).await?;
                if after.status() != domain::order::OrderStatus::Cancelled
                    && !(fate % 10 == 9 && age < 4 * DAY_SECONDS)
                {
                    agenda.add(start + 6 * 3600, n, Step::Prepare);
                }
            }
            Step::Prepare => {
                if orders
                    .execute(&order_no, OrderCommand::PrepareStock { at })
                    .await
                    .is_ok()
                {
                    agenda.add(start + DAY_SECONDS, n, Step::Ship);
                }
            }
            Step::Ship => {
                let tracking_no = format!("ZT{}{:04}", order_no.trim_start_matches("JP"), fate * 97 % 10_000);
                let command = OrderCommand::Ship {
                    courier: Courier::Zto,
                    tracking_no,
                    at,
                };
                orders.execute(&order_no, command).await?;
                if age >= 5 * DAY_SECONDS {
                    agenda.add(start + 4 * DAY_SECONDS, n, Step::Confirm);
                }
            }
            Step::Confirm => {
                orders
                    .execute(&order_no, OrderCommand::ConfirmReceipt { at })
                    .await?;
                if fate.is_multiple_of(3) {
                    agenda.add(start + 5 * DAY_SECONDS, n, Step::Review);
                }
                if fate % 10 == 7 && age >= 9 * DAY_SECONDS {
                    agenda.add(start + 4 * DAY_SECONDS + 7200, n, Step::ApplyAfterSale);
                }
            }
            Step::Review => {
                let command = OrderCommand::Review {
                    rating: 4 + (fate % 2) as u8,
                    content: "质量不错，发货快".into(),
                    at,
                };
                orders.execute(&order_no, command).await?;
            }
            Step::ApplyAfterSale => {
                let order = db.load::<domain::order::Order>(&order_no).await?;
                let shipped = order.status() != domain::order::OrderStatus::ToBeShipped;
                let kind = match (shipped, fate % 3) {
                    (false, _) => "refund_unshipped",
                    (true, 0) => "return_refund",
                    (true, _) => "refund_only",
                };
                let sku = first_sku(db, &order_no).await?;
                let application = Application {
                    order_no: order_no.clone(),
                    kind: kind.into(),
                    lines: vec![Claim {
                        sku_id: sku,
                        quantity: 1,
                    }],
                    reason: if shipped { "质量问题" } else { "不想要了" }.into(),
                    description: String::new(),
                    images: Vec::new(),
                    request_id: format!("demo-{order_no}"),
                };
                match applying::apply(db, orders, queues.after_sales, &user, application, at).await {
                    Ok(id) => plans[n].after_sale = id,
                    Err(Error::Invalid(_)) => continue,
                    Err(e) => return Err(e),
                }
                // One in five is turned down; the rest are approved within the hour.
                let next = if (fate / 10) % 4 == 1 {
                    Step::RejectAfterSale
                } else {
                    Step::ApproveAfterSale
                };
                agenda.add(at + 3600, n, next);
            }
            Step::ApproveAfterSale | Step::RejectAfterSale | Step::ReceiveReturn | Step::RefundAfterSale => {
                let id = plan.after_sale.clone();
                let taken = match step {
                    Step::ApproveAfterSale => AfterSaleStep::Approve,
                    Step::RejectAfterSale => AfterSaleStep::Reject {
                        reason: "商品无质量问题".into(),
                    },
                    Step::ReceiveReturn => AfterSaleStep::Receive {
                        wrong_item: false,
                        wrong_station: false,
                    },
                    _ => AfterSaleStep::Refund { expected: None },
                };
                steps::take_step(db, orders, queues.after_sales, &id, taken, at).await?;
                let returns = fate % 3 == 0 && order_no_shipped(db, &order_no).await?;
                match step {
                    Step::ApproveAfterSale if returns => agenda.add(at + DAY_SECONDS, n, Step::ShipReturn),
                    Step::ApproveAfterSale => agenda.add(at + 1800, n, Step::RefundAfterSale),
                    Step::ReceiveReturn => agenda.add(at + 3600, n, Step::RefundAfterSale),
                    _ => {}
                }
            }
            Step::ShipReturn => {
                let id = plan.after_sale.clone();
                let tracking_no = format!("YT{}", order_no.trim_start_matches("JP"));
                steps::submit_return(db, queues.after_sales, &user, &id, "yto", &tracking_no, at).await?;
                agenda.add(at + 2 * DAY_SECONDS, n, Step::ReceiveReturn);
            }
        }
    }
    progress(HISTORY_DAYS as u64, HISTORY_DAYS as u64);
    Ok(placed)
}

/// Whether the order left the warehouse (its after-sale is then a return, not an interception).
async fn order_no_shipped(db: &Database, order_no: &str) -> Result<bool, Error> {
    let order = db.load::<domain::order::Order>(order_no).await?;
    Ok(matches!(
        order.status(),
        domain::order::OrderStatus::Shipped | domain::order::OrderStatus::Completed
    ))
}

async fn first_sku(db: &Database, order_no: &str) -> Result<String, Error> {
    let order_lines: String = sqlx::query_scalar("SELECT lines FROM stock_reservations WHERE order_no = $1")
        .bind(order_no)
        .fetch_one(&db.pool)
        .await?;
    let lines: serde_json::Value =
        serde_json::from_str(&order_lines).map_err(|e| Error::Internal(e.into()))?;
    Ok(lines[0]["sku_id"].as_str().unwrap_or_default().to_string())
}
