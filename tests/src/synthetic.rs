//! A market's event log made in memory and written straight into the `events` table: wallets driven
//! through the wallet aggregate (so every balance in them is one the aggregate computed), the
//! orders they pay, some cancelled and refunded to the wallet, some returned after shipping (an
//! after-sale refunded to the wallet), and the coupons some of them redeem. For replays and audits at scale
//! (`make bench`) and for comparing a projection's replay with its live path (tests).

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use domain::after_sale::{AfterSaleEvent, AfterSaleKind, Breakdown, ClaimedLine, PerItemFees};
use domain::coupon::{CouponEvent, CouponKind, Discount};
use domain::money::Fen;
use domain::order::{
    Claim, Courier, Destination, Fees, OrderEvent, OrderLine, PaymentMethod, Platform, QcLevel, Shortage,
};
use domain::wallet::{RefundKind, Wallet, WalletCommand, WalletEvent, WalletServices};

use crate::Engine;

/// One row of the log, as `events` stores it.
pub struct LogRow {
    pub aggregate_type: &'static str,
    pub aggregate_id: String,
    pub sequence: i64,
    pub event_type: String,
    pub payload: String,
    /// When it happened: a log in time order interleaves sellers and spreads an order's events.
    pub at: i64,
}

fn row<E: DomainEvent>(
    aggregate_type: &'static str,
    aggregate_id: &str,
    sequence: i64,
    event: &E,
    at: i64,
) -> LogRow {
    LogRow {
        aggregate_type,
        aggregate_id: aggregate_id.to_string(),
        sequence,
        event_type: event.event_type(),
        payload: serde_json::to_string(event).expect("events serialize"),
        at,
    }
}

/// Puts the logs of many sellers in time order, as a market writes them. Each aggregate's events
/// keep their order: their times never go back.
pub fn in_time_order(rows: &mut [LogRow]) {
    rows.sort_by_key(|row| row.at);
}

/// One seller's wallet, kept by the aggregate as commands are decided on it.
struct Seller {
    id: String,
    wallet: Wallet,
    sequence: i64,
}

impl Seller {
    async fn command(&mut self, command: WalletCommand, log: &mut Vec<LogRow>) -> Vec<WalletEvent> {
        // The sink applies each event to the wallet as the aggregate writes it.
        let sink = EventSink::default();
        self.wallet
            .handle(command.clone(), &WalletServices::default(), &sink)
            .await
            .unwrap_or_else(|e| panic!("{}: {command:?} refused: {e}", self.id));
        let events = sink.collect().await;
        for event in &events {
            self.sequence += 1;
            log.push(row("wallet", &self.id, self.sequence, event, event.at()));
        }
        events
    }
}

pub fn placed(order_no: &str, user_id: &str, lines: Vec<OrderLine>, total: Fen, at: i64) -> OrderEvent {
    OrderEvent::OrderPlaced {
        order_no: order_no.to_string(),
        user_id: user_id.to_string(),
        lines,
        destination: Destination::Platform {
            platform: Platform::Douyin,
            source_order_no: order_no.to_string(),
            label_file: "/uploads/l.jpg".into(),
            ship_to: None,
        },
        courier: Courier::Zto,
        qc: QcLevel::None,
        value_added: vec![],
        fees: Fees {
            product_amount: total,
            total,
            ..Fees::default()
        },
        coupons: vec![],
        line_shares: vec![],
        remark: String::new(),
        priority: Default::default(),
        at,
    }
}

pub fn line(n: usize) -> OrderLine {
    OrderLine {
        sku_id: format!("k{}", n % 5_000),
        product_id: format!("p{}", n % 1_000),
        stall_id: format!("s{}", n % 40),
        item_no: "A1".into(),
        title: "商品".into(),
        color: "黑".into(),
        size: "M".into(),
        unit_price: Fen(1_990),
        quantity: 1 + (n as i64 % 3),
    }
}

/// The log of seller `n`: an account bound, then rounds of a top-up, an order paid from the
/// wallet, every fourth order cancelled and refunded, the others shipped (some flagged abnormal
/// and resolved first, some short of an item, refunded), every tenth round a withdrawal (paid or
/// rejected), until the wallet holds `wallet_events` events. The warehouse works on an order
/// minutes after it is paid. Answers the log per aggregate; [`in_time_order`] makes it a market's.
pub async fn seller_log(n: usize, wallet_events: usize) -> Vec<LogRow> {
    let mut seller = Seller {
        id: format!("syn-{n:06}"),
        wallet: Wallet::default(),
        sequence: 0,
    };
    let mut log = Vec::new();
    let mut orders = Vec::new();
    let at = 1_790_000_000 + n as i64;
    seller
        .command(
            WalletCommand::BindPayoutAccount {
                payee: "张三".into(),
                account: format!("6222{n:012}"),
                at,
                phone_verified: false,
            },
            &mut log,
        )
        .await;
    let mut round = 0usize;
    while (seller.sequence as usize) < wallet_events {
        let at = at + round as i64 * 60;
        let payment_id = format!("top-{n}-{round}");
        for command in [
            WalletCommand::RequestTopUp {
                payment_id: payment_id.clone(),
                amount: Fen::yuan(200),
                at,
                simulated: false,
            },
            WalletCommand::CompleteTopUp {
                payment_id,
                amount: Fen::yuan(200),
                at,
            },
        ] {
            seller.command(command, &mut log).await;
        }
        let order_no = format!("S{n:06}{round:05}");
        let lines = vec![line(n + round), line(n * 7 + round)];
        let order_lines = lines.clone();
        let total = Fen(lines.iter().map(|l| l.unit_price.0 * l.quantity).sum());
        let mut order = vec![
            placed(&order_no, &seller.id, lines, total, at),
            OrderEvent::OrderPaid {
                method: PaymentMethod::Wallet,
                reference: order_no.clone(),
                amount: total,
                at,
            },
        ];
        seller
            .command(
                WalletCommand::DebitOrderPayment {
                    order_id: order_no.clone(),
                    amount: total,
                    at,
                },
                &mut log,
            )
            .await;
        if round % 4 == 3 {
            let refund_id = format!("{order_no}-cancel");
            order.push(OrderEvent::OrderCancelled {
                reason: "不要了".into(),
                refund: total,
                refund_id: refund_id.clone(),
                at: at + 5,
            });
            seller
                .command(
                    WalletCommand::CreditRefund {
                        refund_id,
                        order_id: order_no.clone(),
                        kind: RefundKind::Cancellation,
                        amount: total,
                        at: at + 5,
                    },
                    &mut log,
                )
                .await;
        } else {
            if round % 7 == 5 {
                order.push(OrderEvent::OrderFlaggedAbnormal {
                    reason: "面单不清".into(),
                    at: at + 6,
                });
            }
            if round % 11 == 6 {
                let refund_id = format!("{order_no}-short-1");
                let short = order_lines.first().cloned().expect("orders have lines");
                order.push(OrderEvent::StockShortage {
                    shortages: vec![Shortage {
                        sku_id: short.sku_id,
                        quantity: 1,
                    }],
                    refund: short.unit_price,
                    refund_id: refund_id.clone(),
                    all: false,
                    at: at + 9,
                    report_id: None,
                });
                seller
                    .command(
                        WalletCommand::CreditRefund {
                            refund_id,
                            order_id: order_no.clone(),
                            kind: RefundKind::OutOfStock,
                            amount: short.unit_price,
                            at: at + 9,
                        },
                        &mut log,
                    )
                    .await;
            }
            if round % 7 == 5 {
                order.push(OrderEvent::AbnormalResolved {
                    resolution: "已补面单".into(),
                    at: at + 3 * 60,
                });
            }
            // The warehouse works minutes later: the order's events are far apart in the log.
            order.push(OrderEvent::StockPrepared { at: at + 4 * 60 });
            order.push(OrderEvent::OrderShipped {
                courier: Courier::Zto,
                tracking_no: format!("ZT{n}{round}"),
                at: at + 6 * 60,
            });
        }
        if round % 5 == 2 {
            log.extend(coupon_log(&seller.id, &order_no, round, at, round % 4 == 3));
        }
        orders.push((order_no, order, order_lines));
        if round >= RETURNED_AFTER && (round - RETURNED_AFTER) % 6 == 4 {
            // An order shipped ten rounds ago comes back: applied, returned, received and
            // refunded within this round, so that the wallet's events stay in time order.
            let (order_no, events, lines) = &mut orders[round - RETURNED_AFTER];
            let line = lines.last().cloned().expect("orders have lines");
            let (after_sale, claim, credit) = return_log(&seller.id, order_no, &line, at + 45);
            log.extend(after_sale);
            events.extend(claim);
            seller.command(credit, &mut log).await;
        }
        if round % 10 == 9 {
            let withdrawal_id = format!("wd-{n}-{round}");
            seller
                .command(
                    WalletCommand::RequestWithdrawal {
                        withdrawal_id: withdrawal_id.clone(),
                        amount: Fen::yuan(10),
                        at: at + 30,
                    },
                    &mut log,
                )
                .await;
            let decision = if round % 20 == 19 {
                WalletCommand::RejectWithdrawal {
                    withdrawal_id,
                    reason: "账户有误".into(),
                    at: at + 40,
                }
            } else {
                WalletCommand::PayWithdrawal {
                    withdrawal_id,
                    at: at + 40,
                }
            };
            seller.command(decision, &mut log).await;
        }
        round += 1;
    }
    for (order_no, events, _) in orders {
        for (i, event) in events.iter().enumerate() {
            log.push(row("order", &order_no, i as i64 + 1, event, event.at()));
        }
    }
    log
}

/// Rounds between an order and its return (every sixth of those shipped comes back).
const RETURNED_AFTER: usize = 10;

/// A return of one unit of `line` of a shipped order, applied at `at`: the after-sale's log, the
/// order's claim and refund record, and the wallet's credit.
fn return_log(
    user_id: &str,
    order_no: &str,
    line: &OrderLine,
    at: i64,
) -> (Vec<LogRow>, Vec<OrderEvent>, WalletCommand) {
    let id = format!("AS{order_no}");
    let claimed = ClaimedLine {
        sku_id: line.sku_id.clone(),
        item_no: line.item_no.clone(),
        title: line.title.clone(),
        color: line.color.clone(),
        size: line.size.clone(),
        unit_price: line.unit_price,
        quantity: 1,
    };
    let breakdown = Breakdown {
        goods: line.unit_price,
        total: line.unit_price,
        ..Breakdown::default()
    };
    let refunded_at = at + 5;
    let events = [
        AfterSaleEvent::AfterSaleApplied {
            order_no: order_no.to_string(),
            user_id: user_id.to_string(),
            kind: AfterSaleKind::ReturnRefund,
            lines: vec![claimed],
            reason: "尺码不合适".into(),
            description: String::new(),
            images: Vec::new(),
            per_item: PerItemFees::default(),
            shipping_saved: Fen(0),
            return_deadline: Some(at + 7 * 86_400),
            estimate: breakdown,
            at,
        },
        AfterSaleEvent::AfterSaleApproved { at: at + 1 },
        AfterSaleEvent::ReturnShipped {
            courier: Courier::Zto,
            tracking_no: format!("RT{order_no}"),
            at: at + 2,
        },
        AfterSaleEvent::ReturnReceived {
            wrong_item: false,
            wrong_station: false,
            at: refunded_at,
        },
        AfterSaleEvent::AfterSaleRefunded {
            breakdown,
            refund_id: id.clone(),
            at: refunded_at,
        },
    ];
    let rows = events
        .iter()
        .enumerate()
        .map(|(i, event)| row("after_sale", &id, i as i64 + 1, event, event.at()))
        .collect();
    let order_events = vec![
        OrderEvent::AfterSaleClaimed {
            after_sale_id: id.clone(),
            lines: vec![Claim {
                sku_id: line.sku_id.clone(),
                quantity: 1,
            }],
            at,
        },
        OrderEvent::AfterSaleRefundRecorded {
            after_sale_id: id.clone(),
            amount: line.unit_price,
            coupon_share: Fen::ZERO,
            at: refunded_at,
        },
    ];
    let credit = WalletCommand::CreditRefund {
        refund_id: id,
        order_id: order_no.to_string(),
        kind: RefundKind::AfterSale,
        amount: line.unit_price,
        at: refunded_at,
    };
    (rows, order_events, credit)
}

/// A coupon issued to `user_id` a day before round `round`'s order, redeemed by it, and given back
/// when the order is cancelled.
fn coupon_log(user_id: &str, order_no: &str, round: usize, at: i64, cancelled: bool) -> Vec<LogRow> {
    let id = format!("cp-{user_id}-{round}");
    let mut events = vec![
        CouponEvent::CouponIssued {
            user_id: user_id.to_string(),
            name: "满100减10".into(),
            name_en: "¥10 off over ¥100".into(),
            kind: if round.is_multiple_of(2) {
                CouponKind::Product
            } else {
                CouponKind::Shipping
            },
            discount: if round.is_multiple_of(3) {
                Discount::Percentage {
                    threshold: Fen::yuan(50),
                    percent_off: 5,
                }
            } else {
                Discount::FullReduction {
                    threshold: Fen::yuan(100),
                    amount: Fen::yuan(10),
                }
            },
            valid_from: at - 86_400,
            valid_to: at + 30 * 86_400,
            source: "campaign".into(),
            at: at - 86_400,
        },
        CouponEvent::CouponRedeemed {
            order_no: order_no.to_string(),
            discount: Fen::yuan(1),
            at,
        },
    ];
    if cancelled {
        events.push(CouponEvent::CouponReleased {
            order_no: order_no.to_string(),
            at: at + 5,
        });
    }
    events
        .iter()
        .enumerate()
        .map(|(i, event)| row("coupon", &id, i as i64 + 1, event, event.at()))
        .collect()
}

/// Appends `rows` to the log in multi-row statements, a transaction per 5,000 rows.
pub async fn write_log(pool: &sqlx::AnyPool, engine: Engine, rows: &[LogRow]) -> sqlx::Result<()> {
    for page in rows.chunks(5_000) {
        let mut tx = pool.begin().await?;
        for group in page.chunks(500) {
            let mut sql = String::from(
                "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, \
                 payload, metadata) VALUES ",
            );
            for i in 0..group.len() {
                if i > 0 {
                    sql.push_str(", ");
                }
                // SQLite binds anonymous parameters by position; numbered ones cost a search each.
                sql.push_str(&match engine {
                    Engine::Postgres => {
                        let b = i * 5;
                        format!(
                            "(${}, ${}, ${}, ${}, '1.0', CAST(${} AS JSON), CAST('{{}}' AS JSON))",
                            b + 1,
                            b + 2,
                            b + 3,
                            b + 4,
                            b + 5
                        )
                    }
                    Engine::Sqlite => "(?, ?, ?, ?, '1.0', ?, '{}')".to_string(),
                });
            }
            let mut query = sqlx::query(&sql);
            for row in group {
                query = query
                    .bind(row.aggregate_type)
                    .bind(row.aggregate_id.as_str())
                    .bind(row.sequence)
                    .bind(row.event_type.as_str())
                    .bind(row.payload.as_str());
            }
            query.execute(&mut *tx).await?;
        }
        tx.commit().await?;
    }
    Ok(())
}
