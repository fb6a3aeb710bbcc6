//! Rankings (spec §9): paid drop-shipping sales per product and China-time day, less what was refunded
//! for shortage or cancellation, kept over the 90-day window the ranking list reads.
//!
//! The ranking may lag a little behind the orders, so it is not written in each order's transaction:
//! [`RankingFollower`] follows the order log on its own, folding a batch of events in memory and
//! writing the sums in multi-row statements with its cursor, in one transaction per batch. Rebuilt
//! from an empty table it folds the whole log before writing.

mod follower;

pub use follower::{PokeOnOrders, RankingFollower};

use std::collections::HashMap;

use domain::calendar::china_day;
use domain::constants::RANKING_WINDOW_DAYS;
use domain::money::Fen;
use domain::order::OrderEvent;
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, AnyPool, Row};

use crate::bulk::Rows;
use crate::catalog::picture_url;
use crate::sites::Language;

/// What the ranking remembers of each order line.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Line {
    sku_id: String,
    product_id: String,
    stall_id: String,
    unit_price: i64,
    quantity: i64,
    #[serde(default)]
    short: i64,
}

/// One order as the ranking follows it: its lines and the day it was paid (-1 until then). Once
/// shipped or cancelled its sales can no longer change, so it is settled and its lines are let go.
#[derive(Debug, Clone, Default)]
struct Followed {
    paid_day: i64,
    lines: Vec<Line>,
    settled: bool,
}

/// Sales to add (or, negative, to take back) per (product, day).
type Sums = HashMap<(String, i64), (String, i64, i64)>;

impl Followed {
    /// Applies one event; the changes to daily sales go into `sums`.
    fn apply(&mut self, event: &OrderEvent, sums: &mut Sums) {
        let mut add = |line: &Line, day: i64, quantity: i64| {
            let entry = sums
                .entry((line.product_id.clone(), day))
                .or_insert_with(|| (line.stall_id.clone(), 0, 0));
            entry.1 += quantity;
            entry.2 += quantity.saturating_mul(line.unit_price);
        };
        match event {
            OrderEvent::OrderPlaced { lines, .. } => {
                self.paid_day = -1;
                self.lines = lines
                    .iter()
                    .map(|l| Line {
                        sku_id: l.sku_id.clone(),
                        product_id: l.product_id.clone(),
                        stall_id: l.stall_id.clone(),
                        unit_price: l.unit_price.0,
                        quantity: l.quantity,
                        short: 0,
                    })
                    .collect();
            }
            OrderEvent::OrderPaid { at, .. } => {
                self.paid_day = china_day(*at);
                for line in &self.lines {
                    add(line, self.paid_day, line.quantity);
                }
            }
            OrderEvent::StockShortage { shortages, .. } => {
                for s in shortages {
                    if let Some(line) = self.lines.iter_mut().find(|l| l.sku_id == s.sku_id) {
                        line.short += s.quantity;
                        if self.paid_day >= 0 {
                            add(line, self.paid_day, -s.quantity);
                        }
                    }
                }
            }
            OrderEvent::OrderCancelled { .. } => {
                if self.paid_day >= 0 {
                    for line in &self.lines {
                        add(line, self.paid_day, -(line.quantity - line.short));
                    }
                }
                self.settle();
            }
            OrderEvent::OrderShipped { .. } => self.settle(),
            _ => {}
        }
        if let OrderEvent::StockShortage { all: true, .. } = event {
            self.settle();
        }
    }

    fn settle(&mut self) {
        self.settled = true;
        self.lines = Vec::new();
    }
}

async fn write_sums(conn: &mut AnyConnection, sums: &Sums) -> sqlx::Result<()> {
    let mut rows = Rows::new(
        "daily_sales (product_id, day, stall_id, quantity, amount)",
        "ON CONFLICT (product_id, day) DO UPDATE SET quantity = daily_sales.quantity + excluded.quantity, \
         amount = daily_sales.amount + excluded.amount",
    );
    for ((product, day), (stall, quantity, amount)) in sums {
        if *quantity != 0 || *amount != 0 {
            rows.push([
                product.into(),
                (*day).into(),
                stall.into(),
                (*quantity).into(),
                (*amount).into(),
            ]);
        }
    }
    rows.write(conn).await
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RankingKind {
    Product,
    Stall,
}

/// The ranking list's time filters (spec §9): within 3 days, a week, a month, and the whole window.
pub fn range_days(code: &str) -> Option<i64> {
    Some(match code {
        "3d" => 3,
        "7d" => 7,
        "30d" => 30,
        "" | "90d" => RANKING_WINDOW_DAYS,
        _ => return None,
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct RankedProduct {
    pub rank: i64,
    pub product_id: String,
    pub item_no: String,
    pub title: String,
    pub image: String,
    pub price: String,
    pub stall_id: String,
    pub stall_name: String,
    pub quantity: i64,
    pub amount: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct RankedStall {
    pub rank: i64,
    pub stall_id: String,
    pub stall_name: String,
    pub quantity: i64,
    pub amount: String,
    pub products: i64,
}

const TOP: i64 = 100;

/// The top products of the `days` days ending today (China time).
pub async fn top_products(
    pool: &AnyPool,
    days: i64,
    now: i64,
    lang: Language,
) -> sqlx::Result<Vec<RankedProduct>> {
    let today = china_day(now);
    let rows = sqlx::query(&format!(
        "SELECT t.product_id, t.quantity, t.amount, p.item_no, p.title_zh, p.title_en, p.price, s.id, s.name FROM \
         (SELECT product_id, CAST(SUM(quantity) AS BIGINT) AS quantity, CAST(SUM(amount) AS BIGINT) AS amount \
          FROM daily_sales WHERE day > $1 AND day <= $2 GROUP BY product_id) t \
         JOIN products p ON p.id = t.product_id JOIN stalls s ON s.id = p.stall_id \
         WHERE t.quantity > 0 ORDER BY t.quantity DESC, t.amount DESC, t.product_id LIMIT {TOP}"
    ))
    .bind(today - days)
    .bind(today)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let product_id: String = r.get("product_id");
            RankedProduct {
                rank: i as i64 + 1,
                image: picture_url(&product_id, "main-1.jpg"),
                product_id,
                quantity: r.get("quantity"),
                amount: Fen(r.get("amount")).to_yuan(),
                item_no: r.get("item_no"),
                title: match lang {
                    Language::ZhCn => r.get("title_zh"),
                    Language::EnUs => r.get("title_en"),
                },
                price: Fen(r.get("price")).to_yuan(),
                stall_id: r.get("id"),
                stall_name: r.get("name"),
            }
        })
        .collect())
}

/// The top stalls of the `days` days ending today (China time).
pub async fn top_stalls(pool: &AnyPool, days: i64, now: i64) -> sqlx::Result<Vec<RankedStall>> {
    let today = china_day(now);
    let rows = sqlx::query(&format!(
        "SELECT t.stall_id, s.name, t.quantity, t.amount, t.products FROM \
         (SELECT stall_id, CAST(SUM(quantity) AS BIGINT) AS quantity, CAST(SUM(amount) AS BIGINT) AS amount, \
          COUNT(DISTINCT product_id) AS products FROM daily_sales WHERE day > $1 AND day <= $2 GROUP BY stall_id) t \
         JOIN stalls s ON s.id = t.stall_id WHERE t.quantity > 0 \
         ORDER BY t.quantity DESC, t.amount DESC, t.stall_id LIMIT {TOP}"
    ))
    .bind(today - days)
    .bind(today)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .enumerate()
        .map(|(i, r)| RankedStall {
            rank: i as i64 + 1,
            stall_id: r.get("stall_id"),
            stall_name: r.get("name"),
            quantity: r.get("quantity"),
            amount: Fen(r.get("amount")).to_yuan(),
            products: r.get("products"),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use domain::order::{OrderLine, PaymentMethod, Shortage};

    use super::*;

    fn line(sku: &str, product: &str, price: i64, quantity: i64) -> OrderLine {
        OrderLine {
            sku_id: sku.into(),
            product_id: product.into(),
            stall_id: "s1".into(),
            item_no: "A1".into(),
            title: "t".into(),
            color: "c".into(),
            size: "m".into(),
            unit_price: Fen(price),
            quantity,
        }
    }

    fn placed(lines: Vec<OrderLine>) -> OrderEvent {
        OrderEvent::OrderPlaced {
            order_no: "o".into(),
            user_id: "u".into(),
            lines,
            destination: domain::order::Destination::Platform {
                platform: domain::order::Platform::Douyin,
                source_order_no: "x".into(),
                label_file: "/uploads/l.jpg".into(),
                ship_to: None,
            },
            courier: domain::order::Courier::Zto,
            qc: domain::order::QcLevel::None,
            value_added: vec![],
            fees: domain::order::Fees::default(),
            coupons: vec![],
            line_shares: vec![],
            remark: String::new(),
            priority: Default::default(),
            at: 0,
        }
    }

    #[test]
    fn sales_count_from_payment_less_shortage_and_cancellation() {
        let mut order = Followed {
            paid_day: -1,
            ..Followed::default()
        };
        let mut sums = Sums::new();
        order.apply(
            &placed(vec![line("k1", "p1", 1000, 3), line("k2", "p2", 500, 2)]),
            &mut sums,
        );
        assert!(sums.is_empty(), "unpaid orders are not sales");
        let paid_at = 1_795_190_400;
        order.apply(
            &OrderEvent::OrderPaid {
                method: PaymentMethod::Wallet,
                reference: "o".into(),
                amount: Fen(4000),
                at: paid_at,
            },
            &mut sums,
        );
        let day = china_day(paid_at);
        assert_eq!(sums[&("p1".to_string(), day)], ("s1".to_string(), 3, 3000));
        order.apply(
            &OrderEvent::StockShortage {
                shortages: vec![Shortage {
                    sku_id: "k1".into(),
                    quantity: 1,
                }],
                refund: Fen(1100),
                refund_id: "o-short-1".into(),
                all: false,
                at: paid_at + 10,
                report_id: None,
            },
            &mut sums,
        );
        assert_eq!(sums[&("p1".to_string(), day)].1, 2);
        order.apply(
            &OrderEvent::OrderCancelled {
                reason: String::new(),
                refund: Fen(2900),
                refund_id: "o-cancel".into(),
                at: paid_at + 20,
            },
            &mut sums,
        );
        assert_eq!(sums[&("p1".to_string(), day)], ("s1".to_string(), 0, 0));
        assert_eq!(sums[&("p2".to_string(), day)], ("s1".to_string(), 0, 0));
    }
}
