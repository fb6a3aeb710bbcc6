use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Debug;

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use domain::after_sale::{
    AfterSaleCommand, AfterSaleKind, AfterSaleStatus, FactLine, OrderFacts, PerItemFees,
};
use domain::coupon::{CouponCommand, CouponKind, CouponTerms, Discount};
use domain::money::Fen;
use domain::order::{
    Address, Claim, Courier, Destination, OrderCommand, OrderLine, OrderStatus, PaymentMethod, PlaceOrder,
    Platform, QcLevel, ShippingPriority, Shortage, StockState, ValueAdded,
};
use domain::wallet::{RefundKind, WalletCommand, WalletServices, WithdrawalStatus};
use domain::wave::{OrderOutcome, PickLine, SettledOrder, WaveCommand, WaveOrder, WaveOrderLine, WaveStatus};
use futures::executor::block_on;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

use super::*;

const AT: i64 = 1_795_000_000;
const DAY: i64 = 86_400;
const CASES: u32 = 64;
/// After-sales end within a few commands: more cases give them as many commands as the others.
const AFTER_SALE_CASES: u32 = 3 * CASES;

/// What the commands of every case did, to prove the sequences reach deep into each aggregate.
#[derive(Debug, Default)]
struct Tally {
    commands: usize,
    changed: usize,
    repeated: usize,
    refused: usize,
    event_types: BTreeMap<String, usize>,
}

impl Tally {
    fn check(&self, aggregate: &str, min_changed_share: f64, event_types: &[&str]) {
        println!("{aggregate}: {self:?}");
        let share = self.changed as f64 / self.commands as f64;
        assert!(
            share >= min_changed_share,
            "{aggregate}: only {:.0}% of the commands were accepted with events: {self:?}",
            share * 100.0
        );
        let share = |n: usize| n as f64 / self.commands as f64;
        assert!(
            share(self.refused) >= 0.05 && share(self.repeated) >= 0.01,
            "{aggregate}: too few refusals or repeats: {self:?}"
        );
        for event_type in event_types {
            assert!(
                self.event_types.contains_key(*event_type),
                "{aggregate}: no sequence produced {event_type}: {self:?}"
            );
        }
    }
}

/// Runs each op's command as the store does: on a copy of the state, kept only when accepted.
fn run<A, Op>(
    ops: &[Op],
    services: &A::Services,
    command: impl Fn(&Op, &A, i64) -> A::Command,
    tally: &mut Tally,
) -> (A, Vec<A::Event>)
where
    A: Aggregate + Clone,
{
    let mut state = A::default();
    let mut events = Vec::new();
    for (step, op) in ops.iter().enumerate() {
        let command = command(op, &state, AT + 60 * step as i64);
        let mut next = state.clone();
        let sink = EventSink::default();
        tally.commands += 1;
        match block_on(next.handle(command, services, &sink)) {
            Ok(()) => {
                let written = block_on(sink.collect());
                if written.is_empty() {
                    tally.repeated += 1;
                } else {
                    tally.changed += 1;
                }
                for event in &written {
                    *tally.event_types.entry(event.event_type()).or_default() += 1;
                }
                events.extend(written);
                state = next;
            }
            Err(_) => tally.refused += 1,
        }
    }
    (state, events)
}

fn replay<A: Aggregate>(mut state: A, events: &[A::Event]) -> A {
    for event in events {
        state.apply(event.clone());
    }
    state
}

/// The state as a snapshot row gives it back.
fn round_trip<A: Aggregate>(state: &A) -> Result<A, TestCaseError> {
    let json = serde_json::to_string(state)
        .map_err(|e| TestCaseError::fail(format!("{} does not serialize: {e}", A::TYPE)))?;
    serde_json::from_str(&json)
        .map_err(|e| TestCaseError::fail(format!("{} snapshot does not read: {e}\n{json}", A::TYPE)))
}

fn value<A: Aggregate>(state: &A) -> serde_json::Value {
    serde_json::to_value(state).expect("a state serializes")
}

/// Compared both ways: `to_value` shows the difference readably, and `==` also sees a field serde
/// skips, which the `to_value` of both sides would leave out alike.
fn same<A: Aggregate + PartialEq + Debug>(
    resumed: &A,
    replayed: &A,
    context: &str,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(value(resumed), value(replayed), "{} {}", A::TYPE, context);
    prop_assert_eq!(resumed, replayed, "{} {}", A::TYPE, context);
    Ok(())
}

fn snapshots_change_nothing<A>(handled: &A, events: &[A::Event]) -> Result<(), TestCaseError>
where
    A: Aggregate + Clone + PartialEq + Debug,
{
    let replayed = replay(A::default(), events);
    same(handled, &replayed, "as handled and as replayed")?;
    same(
        &round_trip(&replayed)?,
        &replayed,
        "read back from its own snapshot",
    )?;
    // Every split point rather than one drawn at random: histories are short and each costs little.
    let mut prefix = A::default();
    for k in 0..=events.len() {
        let resumed = replay(round_trip(&prefix)?, &events[k..]);
        same(
            &resumed,
            &replayed,
            &format!("from a snapshot after {k} of {} events", events.len()),
        )?;
        if let Some(event) = events.get(k) {
            prefix.apply(event.clone());
        }
    }
    // Snapshots taken one after another, each from a state that itself came from a snapshot.
    let mut chained = A::default();
    for event in events {
        chained = round_trip(&chained)?;
        chained.apply(event.clone());
    }
    same(
        &round_trip(&chained)?,
        &replayed,
        "through a snapshot after every event",
    )
}

fn property<S: Strategy>(
    cases: u32,
    strategy: S,
    case: impl Fn(S::Value, &mut Tally) -> Result<(), TestCaseError>,
) -> Tally {
    let tally = RefCell::new(Tally::default());
    // No failure persistence: proptest would write a regressions file beside the sources.
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    TestRunner::new(config)
        .run(&strategy, |value| case(value, &mut tally.borrow_mut()))
        .unwrap_or_else(|e| panic!("{e}"));
    tally.into_inner()
}

/// A state whose JSON loses what `apply` keeps, as a `#[serde(skip)]` does: the check must see it.
#[derive(Debug, Default, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
struct Forgetful {
    kept: i64,
    #[serde(skip)]
    skipped: i64,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
struct Added(i64);

impl DomainEvent for Added {
    fn event_type(&self) -> String {
        s("Added")
    }

    fn event_version(&self) -> String {
        s("1")
    }
}

impl Aggregate for Forgetful {
    const TYPE: &'static str = "forgetful";
    type Command = i64;
    type Event = Added;
    type Error = std::convert::Infallible;
    type Services = ();

    async fn handle(&mut self, command: i64, _: &(), sink: &EventSink<Self>) -> Result<(), Self::Error> {
        sink.write(Added(command), self).await;
        Ok(())
    }

    fn apply(&mut self, event: Added) {
        self.kept += event.0;
        self.skipped += event.0;
    }
}

#[test]
fn the_check_sees_a_state_that_a_snapshot_does_not_keep() {
    let (state, events) = run::<Forgetful, i64>(&[1, 2, 3], &(), |&n, _, _| n, &mut Tally::default());
    assert_eq!(state.skipped, 6);
    let failure = snapshots_change_nothing(&state, &events).expect_err("the skipped field is lost");
    assert!(failure.to_string().contains("forgetful"), "{failure}");
}

/// Whole sequences: the first op, then the rest.
fn starting_with<T: Debug + Clone>(
    first: impl Strategy<Value = T>,
    rest: impl Strategy<Value = T>,
    len: std::ops::Range<usize>,
) -> impl Strategy<Value = Vec<T>> {
    (first, prop::collection::vec(rest, len))
        .prop_map(|(first, rest)| std::iter::once(first).chain(rest).collect())
}

fn s(text: &str) -> String {
    text.to_string()
}

fn rarely() -> impl Strategy<Value = bool> {
    prop::bool::weighted(0.1)
}

fn courier() -> impl Strategy<Value = Courier> {
    select(Courier::ALL.to_vec())
}

// Wallet.

/// References keep one amount each, as retries do; `wrong` asks for another under the same one.
const PAYMENTS: [(&str, i64); 10] = [
    ("pay-1", 10_000),
    ("pay-2", 2_500),
    ("pay-3", 50_000),
    ("pay-4", 800),
    ("pay-5", 12_345),
    ("pay-6", 1),
    ("pay-7", 3_000),
    ("pay-8", 600),
    ("pay-0", 0),
    ("pay-big", 5_000_001),
];
const WITHDRAWALS: [(&str, i64); 5] = [
    ("wd-1", 1_000),
    ("wd-2", 20_000),
    ("wd-3", 300),
    ("wd-4", 4_000),
    ("wd-0", 0),
];
const DEBITS: [(&str, i64); 6] = [
    ("o-1", 3_000),
    ("o-2", 12_000),
    ("o-3", 500),
    ("o-4", 2_000),
    ("o-5", 60_000),
    ("o-neg", -1),
];
const REFUNDS: [(&str, i64); 3] = [("rf-1", 700), ("rf-2", 3_000), ("rf-0", 0)];
const PAYEES: [&str; 3] = ["张三", " ", " 李四 "];
const ACCOUNTS: [&str; 3] = ["13800001111", "", "zhangsan@example.com"];
const REASONS: [&str; 3] = ["", "账户有误", " 户名不符 "];

fn amount(pool: &[(&str, i64)], index: usize, wrong: bool) -> (String, Fen) {
    let (reference, fen) = pool[index];
    (s(reference), Fen(fen + i64::from(wrong)))
}

#[derive(Debug, Clone)]
enum WalletOp {
    RequestTopUp {
        payment: usize,
        wrong: bool,
        simulated: bool,
    },
    CompleteTopUp {
        payment: usize,
        wrong: bool,
    },
    Bind {
        payee: usize,
        account: usize,
    },
    RequestWithdrawal {
        withdrawal: usize,
        wrong: bool,
    },
    PayWithdrawal {
        withdrawal: usize,
    },
    RejectWithdrawal {
        withdrawal: usize,
        reason: usize,
    },
    Debit {
        order: usize,
        wrong: bool,
    },
    Reverse {
        order: usize,
    },
    Refund {
        refund: usize,
        order: usize,
        kind: RefundKind,
        wrong: bool,
    },
    /// Pays or rejects a pending withdrawal, if there is one.
    SettleWithdrawal {
        pay: bool,
    },
}

fn wallet_op() -> impl Strategy<Value = WalletOp> {
    let kinds = select(vec![
        RefundKind::Cancellation,
        RefundKind::OutOfStock,
        RefundKind::AfterSale,
    ]);
    prop_oneof![
        (0..PAYMENTS.len(), rarely(), any::<bool>()).prop_map(|(payment, wrong, simulated)| {
            WalletOp::RequestTopUp {
                payment,
                wrong,
                simulated,
            }
        }),
        (0..PAYMENTS.len(), rarely()).prop_map(|(payment, wrong)| WalletOp::CompleteTopUp { payment, wrong }),
        (0..PAYEES.len(), 0..ACCOUNTS.len()).prop_map(|(payee, account)| WalletOp::Bind { payee, account }),
        (0..WITHDRAWALS.len(), rarely())
            .prop_map(|(withdrawal, wrong)| WalletOp::RequestWithdrawal { withdrawal, wrong }),
        (0..WITHDRAWALS.len()).prop_map(|withdrawal| WalletOp::PayWithdrawal { withdrawal }),
        (0..WITHDRAWALS.len(), 0..REASONS.len())
            .prop_map(|(withdrawal, reason)| WalletOp::RejectWithdrawal { withdrawal, reason }),
        (0..DEBITS.len(), rarely()).prop_map(|(order, wrong)| WalletOp::Debit { order, wrong }),
        (0..DEBITS.len()).prop_map(|order| WalletOp::Reverse { order }),
        (0..REFUNDS.len(), 0..DEBITS.len(), kinds, rarely()).prop_map(|(refund, order, kind, wrong)| {
            WalletOp::Refund {
                refund,
                order,
                kind,
                wrong,
            }
        }),
    ]
}

/// What a wallet's user and its payment providers send together: a top-up requested then completed
/// (now and then never completed, or completed for another amount), a payout account bound before
/// a withdrawal the operator later settles, a debit now and then reversed; or any single command.
fn wallet_steps() -> impl Strategy<Value = Vec<WalletOp>> {
    prop_oneof![
        4 => (0..PAYMENTS.len(), any::<bool>(), rarely(), rarely()).prop_map(
            |(payment, simulated, lost, wrong)| {
                let request = WalletOp::RequestTopUp { payment, wrong: false, simulated };
                if lost {
                    vec![request]
                } else {
                    vec![request, WalletOp::CompleteTopUp { payment, wrong }]
                }
            }
        ),
        2 => (0..WITHDRAWALS.len(), prop::bool::weighted(0.2)).prop_map(|(withdrawal, bind)| {
            let request = WalletOp::RequestWithdrawal { withdrawal, wrong: false };
            if bind {
                vec![WalletOp::Bind { payee: 0, account: 0 }, request]
            } else {
                vec![request]
            }
        }),
        2 => any::<bool>().prop_map(|pay| vec![WalletOp::SettleWithdrawal { pay }]),
        3 => (0..DEBITS.len(), prop::bool::weighted(0.2)).prop_map(|(order, reverse)| {
            let debit = WalletOp::Debit { order, wrong: false };
            if reverse {
                vec![debit, WalletOp::Reverse { order }]
            } else {
                vec![debit]
            }
        }),
        3 => wallet_op().prop_map(|op| vec![op]),
    ]
}

fn wallet_command(op: &WalletOp, wallet: &Wallet, at: i64) -> WalletCommand {
    match *op {
        WalletOp::RequestTopUp {
            payment,
            wrong,
            simulated,
        } => {
            let (payment_id, amount) = amount(&PAYMENTS, payment, wrong);
            WalletCommand::RequestTopUp {
                payment_id,
                amount,
                at,
                simulated,
            }
        }
        WalletOp::CompleteTopUp { payment, wrong } => {
            let (payment_id, amount) = amount(&PAYMENTS, payment, wrong);
            WalletCommand::CompleteTopUp {
                payment_id,
                amount,
                at,
            }
        }
        // Proven as the fund call proves a change, so that later bindings replace the first.
        WalletOp::Bind { payee, account } => WalletCommand::BindPayoutAccount {
            payee: s(PAYEES[payee]),
            account: s(ACCOUNTS[account]),
            at,
            phone_verified: true,
        },
        WalletOp::RequestWithdrawal { withdrawal, wrong } => {
            let (withdrawal_id, amount) = amount(&WITHDRAWALS, withdrawal, wrong);
            WalletCommand::RequestWithdrawal {
                withdrawal_id,
                amount,
                at,
            }
        }
        WalletOp::PayWithdrawal { withdrawal } => WalletCommand::PayWithdrawal {
            withdrawal_id: s(WITHDRAWALS[withdrawal].0),
            at,
        },
        WalletOp::RejectWithdrawal { withdrawal, reason } => WalletCommand::RejectWithdrawal {
            withdrawal_id: s(WITHDRAWALS[withdrawal].0),
            reason: s(REASONS[reason]),
            at,
        },
        WalletOp::SettleWithdrawal { pay } => {
            let pending = (0..WITHDRAWALS.len())
                .find(|&w| {
                    wallet
                        .withdrawal(WITHDRAWALS[w].0)
                        .is_some_and(|w| w.status == WithdrawalStatus::Pending)
                })
                .unwrap_or(0);
            let settle = if pay {
                WalletOp::PayWithdrawal { withdrawal: pending }
            } else {
                WalletOp::RejectWithdrawal {
                    withdrawal: pending,
                    reason: 1,
                }
            };
            wallet_command(&settle, wallet, at)
        }
        WalletOp::Debit { order, wrong } => {
            let (order_id, amount) = amount(&DEBITS, order, wrong);
            WalletCommand::DebitOrderPayment { order_id, amount, at }
        }
        WalletOp::Reverse { order } => WalletCommand::ReverseOrderPayment {
            order_id: s(DEBITS[order].0),
            at,
        },
        WalletOp::Refund {
            refund,
            order,
            kind,
            wrong,
        } => {
            let (refund_id, amount) = amount(&REFUNDS, refund, wrong);
            WalletCommand::CreditRefund {
                refund_id,
                order_id: s(DEBITS[order].0),
                kind,
                amount,
                at,
            }
        }
    }
}

#[test]
fn a_wallet_resumed_from_a_snapshot_is_the_wallet_replayed() {
    let steps = prop::collection::vec(wallet_steps(), 1..50).prop_map(|steps| steps.concat());
    // Either setting: where simulated money may not be withdrawn, the wallet counts it apart.
    let strategy = (any::<bool>(), steps);
    let tally = property(CASES, strategy, |(simulated_withdrawable, ops), tally| {
        let services = WalletServices {
            simulated_money_withdrawable: simulated_withdrawable,
            ..WalletServices::default()
        };
        let (state, events) = run(&ops, &services, wallet_command, tally);
        snapshots_change_nothing(&state, &events)
    });
    tally.check(
        "wallet",
        0.2,
        &[
            "TopUpRequested",
            "TopUpCompleted",
            "PayoutAccountBound",
            "WithdrawalRequested",
            "WithdrawalPaid",
            "WithdrawalRejected",
            "OrderPaymentDebited",
            "OrderPaymentReversed",
            "RefundCredited",
        ],
    );
}

// Order.

const SKUS: [&str; 4] = ["k1", "k2", "k3", "k-unknown"];
const TRACKING: [&str; 3] = ["", "ZT100", "ZT200"];
const NOTES: [&str; 3] = ["", "破损", " 地址不详 "];
const AFTER_SALES: [&str; 3] = ["AS1", "AS2", "AS3"];

fn order_line(sku: &str, price: i64, quantity: i64) -> OrderLine {
    OrderLine {
        sku_id: s(sku),
        product_id: format!("p-{sku}"),
        stall_id: s("s1"),
        item_no: format!("A-{sku}"),
        title: s("连衣裙"),
        color: s("黑色"),
        size: s("M"),
        unit_price: Fen(price),
        quantity,
    }
}

/// The first three are orders a seller places; the last two are refused.
fn order_lines(choice: usize) -> Vec<OrderLine> {
    match choice {
        0 => vec![order_line("k1", 4_990, 2), order_line("k2", 2_000, 1)],
        1 => vec![order_line("k1", 1_500, 3)],
        2 => vec![order_line("k3", 999, 1), order_line("k2", 2_000, 2)],
        3 => vec![],
        _ => vec![order_line("k1", 0, 1)],
    }
}

fn address(phone: &str) -> Address {
    Address {
        recipient: s("李四"),
        phone: s(phone),
        province: s("广东省"),
        city: s("广州市"),
        district: s("白云区"),
        detail: s("三元里大道 1 号"),
    }
}

/// The last one lacks a phone number.
fn destination(choice: usize) -> Destination {
    match choice {
        0 => Destination::Domestic {
            address: address("13900001111"),
        },
        1 => Destination::Platform {
            platform: Platform::Tiktok,
            source_order_no: s("TT-998"),
            label_file: s("/uploads/label.jpg"),
            ship_to: None,
        },
        2 => Destination::Platform {
            platform: Platform::Shopee,
            source_order_no: s("SP-1"),
            label_file: String::new(),
            ship_to: Some(address("13900002222")),
        },
        _ => Destination::Domestic {
            address: address(" "),
        },
    }
}

/// Two product coupons together are refused, as is the one whose threshold no order reaches.
fn coupon_terms(choice: usize) -> CouponTerms {
    let (coupon_id, kind, discount) = match choice {
        0 => (
            "CP1",
            CouponKind::Product,
            Discount::FullReduction {
                threshold: Fen(1_000),
                amount: Fen(500),
            },
        ),
        1 => (
            "CP2",
            CouponKind::Shipping,
            Discount::Percentage {
                threshold: Fen::ZERO,
                percent_off: 50,
            },
        ),
        2 => (
            "CP3",
            CouponKind::Service,
            Discount::FullReduction {
                threshold: Fen::ZERO,
                amount: Fen(100),
            },
        ),
        _ => (
            "CP4",
            CouponKind::Product,
            Discount::FullReduction {
                threshold: Fen(1_000_000),
                amount: Fen(100),
            },
        ),
    };
    CouponTerms {
        coupon_id: s(coupon_id),
        name: format!("券 {coupon_id}"),
        kind,
        discount,
    }
}

#[derive(Debug, Clone)]
struct Placing {
    lines: usize,
    destination: usize,
    courier: Courier,
    qc: QcLevel,
    value_added: Vec<ValueAdded>,
    coupons: Vec<usize>,
    split: bool,
}

#[derive(Debug, Clone, Copy)]
enum RefundAmount {
    AllLeft,
    HalfLeft,
    Fixed(i64),
}

#[derive(Debug, Clone)]
enum OrderOp {
    Place(Placing),
    Pay {
        method: PaymentMethod,
        reference: usize,
        exact: bool,
    },
    Cancel {
        reason: usize,
    },
    PrepareStock,
    Short {
        shortages: Vec<(usize, i64)>,
        report: Option<usize>,
    },
    Flag {
        reason: usize,
    },
    Resolve {
        resolution: usize,
    },
    Ship {
        courier: Courier,
        tracking: usize,
    },
    ConfirmReceipt,
    CompleteAutomatically {
        days: i64,
    },
    Review {
        rating: u8,
        content: usize,
    },
    Claim {
        after_sale: usize,
        lines: Vec<(usize, i64)>,
        before_shipping: bool,
    },
    Release {
        after_sale: usize,
    },
    RecordRefund {
        after_sale: usize,
        amount: RefundAmount,
    },
    /// What an order in its state usually receives next, varied by the seed.
    Advance(u8),
}

fn sku_quantities(max_len: usize) -> impl Strategy<Value = Vec<(usize, i64)>> {
    let sku = prop_oneof![4 => 0..2usize, 1 => 2..SKUS.len()];
    prop::collection::vec((sku, 0..3i64), 0..=max_len)
}

fn placing() -> impl Strategy<Value = Placing> {
    (
        prop_oneof![6 => 0..3usize, 1 => 3..5usize],
        prop_oneof![6 => 0..3usize, 1 => Just(3usize)],
        courier(),
        select(vec![QcLevel::None, QcLevel::Basic, QcLevel::Advanced]),
        prop::collection::vec(select(ValueAdded::ALL.to_vec()), 0..3),
        prop::collection::vec(0..4usize, 0..=2),
        any::<bool>(),
    )
        .prop_map(
            |(lines, destination, courier, qc, value_added, coupons, split)| Placing {
                lines,
                destination,
                courier,
                qc,
                value_added,
                coupons,
                split,
            },
        )
}

fn order_op() -> impl Strategy<Value = OrderOp> {
    let refund_amount = prop_oneof![
        2 => Just(RefundAmount::AllLeft),
        2 => Just(RefundAmount::HalfLeft),
        1 => select(vec![0, 100, -1, 1_000_000_000]).prop_map(RefundAmount::Fixed),
    ];
    let method = select(vec![PaymentMethod::Wallet, PaymentMethod::Qr]);
    prop_oneof![
        30 => any::<u8>().prop_map(OrderOp::Advance),
        1 => placing().prop_map(OrderOp::Place),
        1 => (method, 0..2usize, prop::bool::weighted(0.7))
            .prop_map(|(method, reference, exact)| OrderOp::Pay { method, reference, exact }),
        1 => (0..NOTES.len()).prop_map(|reason| OrderOp::Cancel { reason }),
        1 => Just(OrderOp::PrepareStock),
        1 => (sku_quantities(2), prop::option::of(0..2usize))
            .prop_map(|(shortages, report)| OrderOp::Short { shortages, report }),
        1 => (0..NOTES.len()).prop_map(|reason| OrderOp::Flag { reason }),
        1 => (0..NOTES.len()).prop_map(|resolution| OrderOp::Resolve { resolution }),
        1 => (courier(), 0..TRACKING.len()).prop_map(|(courier, tracking)| OrderOp::Ship { courier, tracking }),
        1 => Just(OrderOp::ConfirmReceipt),
        1 => select(vec![0, 10]).prop_map(|days| OrderOp::CompleteAutomatically { days }),
        1 => (0..7u8, 0..NOTES.len()).prop_map(|(rating, content)| OrderOp::Review { rating, content }),
        1 => (0..AFTER_SALES.len(), sku_quantities(2), any::<bool>()).prop_map(
            |(after_sale, lines, before_shipping)| OrderOp::Claim { after_sale, lines, before_shipping }
        ),
        1 => (0..AFTER_SALES.len()).prop_map(|after_sale| OrderOp::Release { after_sale }),
        1 => (0..AFTER_SALES.len(), refund_amount)
            .prop_map(|(after_sale, amount)| OrderOp::RecordRefund { after_sale, amount }),
    ]
}

/// One or two units of a line the order still has, for after-sale `after_sale`.
fn claim_some(order: &Order, seed: usize, before_shipping: bool) -> OrderOp {
    let facts = order.after_sale_facts();
    let line = facts.lines.iter().find(|l| l.available > 0);
    let sku = line
        .and_then(|l| SKUS.iter().position(|s| *s == l.sku_id))
        .unwrap_or(0);
    let quantity = line.map_or(1, |l| l.available.min(1 + (seed as i64 / 3) % 2));
    OrderOp::Claim {
        after_sale: seed % AFTER_SALES.len(),
        lines: vec![(sku, quantity)],
        before_shipping,
    }
}

fn order_advance(seed: u8, order: &Order) -> OrderOp {
    let seed = usize::from(seed);
    let open_claim = (0..AFTER_SALES.len())
        .find(|&i| order.holds_claim(AFTER_SALES[i]) && order.after_sale_refund(AFTER_SALES[i]).is_none());
    if let Some(after_sale) = open_claim.filter(|_| seed % 3 != 0) {
        return if seed % 3 == 1 {
            OrderOp::Release { after_sale }
        } else {
            OrderOp::RecordRefund {
                after_sale,
                amount: RefundAmount::HalfLeft,
            }
        };
    }
    match order.status() {
        OrderStatus::New => OrderOp::Place(Placing {
            lines: seed % 3,
            destination: seed % 3,
            courier: Courier::ALL[seed % Courier::ALL.len()],
            qc: QcLevel::Basic,
            value_added: vec![ValueAdded::RemoveTag],
            coupons: if seed % 2 == 0 { vec![0, 1] } else { vec![] },
            split: seed % 2 == 1,
        }),
        OrderStatus::PendingPayment => match seed % 8 {
            0 => OrderOp::Flag { reason: 1 },
            1 => OrderOp::Cancel { reason: 2 },
            _ => OrderOp::Pay {
                method: PaymentMethod::Wallet,
                reference: 0,
                exact: true,
            },
        },
        OrderStatus::ToBeShipped if order.is_abnormal() => OrderOp::Resolve {
            resolution: 1 + seed % 2,
        },
        OrderStatus::ToBeShipped => match (order.stock(), seed % 6) {
            (StockState::PendingStock, 0 | 3) => {
                let facts = order.after_sale_facts();
                let line = &facts.lines[seed % facts.lines.len()];
                let sku = SKUS.iter().position(|s| *s == line.sku_id).unwrap_or(0);
                OrderOp::Short {
                    shortages: vec![(sku, line.available.min(1 + (seed as i64 / 6) % 2))],
                    report: Some(seed % 2),
                }
            }
            (_, 1) => claim_some(order, seed, true),
            (StockState::PendingStock, 2) => OrderOp::Flag { reason: 2 },
            (StockState::PendingStock, _) => OrderOp::PrepareStock,
            _ => OrderOp::Ship {
                courier: Courier::ALL[seed % Courier::ALL.len()],
                tracking: 1 + seed % 2,
            },
        },
        OrderStatus::Shipped if order.is_abnormal() => OrderOp::Resolve {
            resolution: 1 + seed % 2,
        },
        OrderStatus::Shipped => match seed % 5 {
            0 => claim_some(order, seed, false),
            1 => OrderOp::CompleteAutomatically { days: 0 },
            2 => OrderOp::Flag { reason: 1 },
            _ => OrderOp::ConfirmReceipt,
        },
        OrderStatus::Completed => match seed % 3 {
            0 => claim_some(order, seed, false),
            _ => OrderOp::Review {
                rating: 1 + (seed % 5) as u8,
                content: seed % NOTES.len(),
            },
        },
        OrderStatus::Cancelled => OrderOp::Cancel { reason: 0 },
    }
}

fn order_command(op: &OrderOp, order: &Order, at: i64) -> OrderCommand {
    match op {
        OrderOp::Advance(seed) => order_command(&order_advance(*seed, order), order, at),
        OrderOp::Place(p) => OrderCommand::Place(PlaceOrder {
            order_no: s("O202611210001"),
            user_id: s("u1"),
            lines: order_lines(p.lines),
            destination: destination(p.destination),
            courier: p.courier,
            qc: p.qc,
            value_added: p.value_added.clone(),
            coupons: p.coupons.iter().map(|&c| coupon_terms(c)).collect(),
            remark: s(" 尽快发货 "),
            priority: if p.split {
                ShippingPriority::Split
            } else {
                ShippingPriority::Together
            },
            at,
        }),
        OrderOp::Pay {
            method,
            reference,
            exact,
        } => OrderCommand::MarkPaid {
            method: *method,
            reference: format!("pay-{reference}"),
            amount: Fen(order.fees().total.0 + i64::from(!exact)),
            at,
        },
        OrderOp::Cancel { reason } => OrderCommand::Cancel {
            reason: s(NOTES[*reason]),
            at,
        },
        OrderOp::PrepareStock => OrderCommand::PrepareStock { at },
        OrderOp::Short { shortages, report } => OrderCommand::MarkOutOfStock {
            shortages: shortages
                .iter()
                .map(|&(sku, quantity)| Shortage {
                    sku_id: s(SKUS[sku]),
                    quantity,
                })
                .collect(),
            at,
            report_id: report.map(|r| format!("report-{r}")),
        },
        OrderOp::Flag { reason } => OrderCommand::FlagAbnormal {
            reason: s(NOTES[*reason]),
            at,
        },
        OrderOp::Resolve { resolution } => OrderCommand::ResolveAbnormal {
            resolution: s(NOTES[*resolution]),
            at,
        },
        OrderOp::Ship { courier, tracking } => OrderCommand::Ship {
            courier: *courier,
            tracking_no: s(TRACKING[*tracking]),
            at,
        },
        OrderOp::ConfirmReceipt => OrderCommand::ConfirmReceipt { at },
        OrderOp::CompleteAutomatically { days } => OrderCommand::CompleteAutomatically { days: *days, at },
        OrderOp::Review { rating, content } => OrderCommand::Review {
            rating: *rating,
            content: s(NOTES[*content]),
            at,
        },
        OrderOp::Claim {
            after_sale,
            lines,
            before_shipping,
        } => OrderCommand::ClaimForAfterSale {
            after_sale_id: s(AFTER_SALES[*after_sale]),
            lines: lines
                .iter()
                .map(|&(sku, quantity)| Claim {
                    sku_id: s(SKUS[sku]),
                    quantity,
                })
                .collect(),
            before_shipping: *before_shipping,
            at,
        },
        OrderOp::Release { after_sale } => OrderCommand::ReleaseAfterSaleClaim {
            after_sale_id: s(AFTER_SALES[*after_sale]),
            at,
        },
        OrderOp::RecordRefund { after_sale, amount } => OrderCommand::RecordAfterSaleRefund {
            after_sale_id: s(AFTER_SALES[*after_sale]),
            amount: match amount {
                RefundAmount::AllLeft => order.refundable(),
                RefundAmount::HalfLeft => Fen(order.refundable().0 / 2),
                RefundAmount::Fixed(fen) => Fen(*fen),
            },
            at,
        },
    }
}

#[test]
fn an_order_resumed_from_a_snapshot_is_the_order_replayed() {
    // Placed first, as an order's life starts; placing again later is refused.
    let strategy = starting_with(placing().prop_map(OrderOp::Place), order_op(), 0..40);
    let tally = property(CASES, strategy, |ops, tally| {
        let (state, events) = run(&ops, &(), order_command, tally);
        snapshots_change_nothing(&state, &events)
    });
    tally.check(
        "order",
        0.2,
        &[
            "OrderPlaced",
            "OrderPaid",
            "OrderCancelled",
            "StockPrepared",
            "StockShortage",
            "OrderFlaggedAbnormal",
            "AbnormalResolved",
            "OrderShipped",
            "OrderCompleted",
            "OrderReviewed",
            "AfterSaleClaimed",
            "AfterSaleClaimReleased",
            "AfterSaleRefundRecorded",
        ],
    );
}

// After-sale.

fn facts(status: OrderStatus, received_days_ago: i64, at: i64) -> OrderFacts {
    let fact_line = |sku: &str, price: i64, bought: i64| FactLine {
        sku_id: s(sku),
        item_no: format!("A-{sku}"),
        title: s("连衣裙"),
        color: s("黑色"),
        size: s("M"),
        unit_price: Fen(price),
        bought,
        available: bought,
        coupon: Fen::ZERO,
        settled: 0,
    };
    OrderFacts {
        order_no: s("JP1"),
        user_id: s("u1"),
        status,
        received_at: (status == OrderStatus::Completed).then_some(at - received_days_ago * DAY),
        lines: vec![fact_line("k1", 4_990, 2), fact_line("k2", 2_000, 1)],
        per_item: PerItemFees {
            service: Fen(100),
            qc: Fen(30),
            value_added: Fen(20),
        },
        courier: Courier::Zto,
        unshipped_items: if status == OrderStatus::ToBeShipped { 3 } else { 0 },
    }
}

/// The order states and the kinds they allow; a refund before shipping more often than the others,
/// since only it meets a parcel already sent and goes through an interception.
const FITTING: [(OrderStatus, AfterSaleKind); 14] = [
    (OrderStatus::ToBeShipped, AfterSaleKind::RefundUnshipped),
    (OrderStatus::ToBeShipped, AfterSaleKind::RefundUnshipped),
    (OrderStatus::ToBeShipped, AfterSaleKind::RefundUnshipped),
    (OrderStatus::ToBeShipped, AfterSaleKind::RefundUnshipped),
    (OrderStatus::ToBeShipped, AfterSaleKind::RefundUnshipped),
    (OrderStatus::Shipped, AfterSaleKind::RefundOnly),
    (OrderStatus::Completed, AfterSaleKind::RefundOnly),
    (OrderStatus::Shipped, AfterSaleKind::ReturnRefund),
    (OrderStatus::Completed, AfterSaleKind::ReturnRefund),
    (OrderStatus::Completed, AfterSaleKind::Exchange),
    (OrderStatus::Shipped, AfterSaleKind::Exchange),
    (OrderStatus::Shipped, AfterSaleKind::Resend),
    (OrderStatus::Completed, AfterSaleKind::Resend),
    (OrderStatus::Completed, AfterSaleKind::Exchange),
];

#[derive(Debug, Clone)]
struct Applying {
    status: OrderStatus,
    kind: AfterSaleKind,
    lines: Vec<(usize, i64)>,
    reason: usize,
    images: usize,
    received_days_ago: i64,
}

#[derive(Debug, Clone)]
enum AfterSaleOp {
    Apply(Applying),
    Approve {
        order_shipped: bool,
    },
    Reject {
        reason: usize,
    },
    Intercept {
        succeeded: bool,
    },
    SubmitReturn {
        courier: Courier,
        tracking: usize,
    },
    Receive {
        wrong_item: bool,
        wrong_station: bool,
    },
    Refund {
        cap: i64,
    },
    ShipReplacement {
        courier: Courier,
        tracking: usize,
    },
    Cancel,
    /// What an after-sale in its state usually receives next, varied by the seed.
    Advance(u8),
}

/// Mostly what the seller may ask for; now and then a kind the order does not allow, a quantity
/// it does not have, no reason, too many photos or a return past its window.
fn applying() -> impl Strategy<Value = Applying> {
    let fits = prop_oneof![
        8 => select(FITTING.to_vec()),
        1 => select(vec![
            (OrderStatus::Cancelled, AfterSaleKind::RefundOnly),
            (OrderStatus::ToBeShipped, AfterSaleKind::Exchange),
        ]),
    ];
    let quantity = prop_oneof![8 => 1..3i64, 1 => Just(0i64)];
    let sku = prop_oneof![8 => 0..2usize, 1 => Just(3usize)];
    (
        fits,
        prop::collection::vec((sku, quantity), 1..=2),
        prop_oneof![8 => Just(1usize), 1 => Just(0usize)],
        prop_oneof![8 => 0..3usize, 1 => Just(7usize)],
        prop_oneof![8 => Just(1i64), 1 => Just(40i64)],
    )
        .prop_map(
            |((status, kind), lines, reason, images, received_days_ago)| Applying {
                status,
                kind,
                lines,
                reason,
                images,
                received_days_ago,
            },
        )
}

fn after_sale_op() -> impl Strategy<Value = AfterSaleOp> {
    prop_oneof![
        20 => any::<u8>().prop_map(AfterSaleOp::Advance),
        1 => applying().prop_map(AfterSaleOp::Apply),
        1 => any::<bool>().prop_map(|order_shipped| AfterSaleOp::Approve { order_shipped }),
        1 => (0..REASONS.len()).prop_map(|reason| AfterSaleOp::Reject { reason }),
        1 => any::<bool>().prop_map(|succeeded| AfterSaleOp::Intercept { succeeded }),
        1 => (courier(), 0..TRACKING.len())
            .prop_map(|(courier, tracking)| AfterSaleOp::SubmitReturn { courier, tracking }),
        1 => (any::<bool>(), any::<bool>())
            .prop_map(|(wrong_item, wrong_station)| AfterSaleOp::Receive { wrong_item, wrong_station }),
        1 => select(vec![0, 500, 1_000_000]).prop_map(|cap| AfterSaleOp::Refund { cap }),
        1 => (courier(), 0..TRACKING.len())
            .prop_map(|(courier, tracking)| AfterSaleOp::ShipReplacement { courier, tracking }),
        1 => Just(AfterSaleOp::Cancel),
    ]
}

fn after_sale_advance(seed: u8, after_sale: &AfterSale) -> AfterSaleOp {
    use AfterSaleStatus::*;
    let seed = usize::from(seed);
    let replacing = matches!(
        after_sale.kind(),
        Some(AfterSaleKind::Resend | AfterSaleKind::Exchange)
    );
    match after_sale.status() {
        New => {
            let (status, kind) = FITTING[seed % FITTING.len()];
            AfterSaleOp::Apply(Applying {
                status,
                kind,
                lines: vec![(seed % 2, 1)],
                reason: 1,
                images: seed % 3,
                received_days_ago: 1,
            })
        }
        PendingReview if seed % 8 == 0 => AfterSaleOp::Reject { reason: 1 },
        PendingReview if seed % 8 == 1 => AfterSaleOp::Cancel,
        PendingReview => AfterSaleOp::Approve {
            order_shipped: seed % 4 != 0,
        },
        Intercepting => AfterSaleOp::Intercept {
            succeeded: seed % 2 == 0,
        },
        Approved | AwaitingReturn if seed % 7 == 0 => AfterSaleOp::Cancel,
        Approved | ReturnReceived if replacing => AfterSaleOp::ShipReplacement {
            courier: Courier::ALL[seed % Courier::ALL.len()],
            tracking: 1 + seed % 2,
        },
        AwaitingReturn => AfterSaleOp::SubmitReturn {
            courier: Courier::Sf,
            tracking: 1,
        },
        // A corrected tracking number replaces the first.
        ReturnInTransit if seed % 5 == 0 => AfterSaleOp::SubmitReturn {
            courier: Courier::Sf,
            tracking: 2,
        },
        ReturnInTransit => AfterSaleOp::Receive {
            wrong_item: seed % 3 == 0,
            wrong_station: seed % 4 == 0,
        },
        _ => AfterSaleOp::Refund {
            cap: [1_000_000, 500][seed % 2],
        },
    }
}

fn after_sale_command(op: &AfterSaleOp, after_sale: &AfterSale, at: i64) -> AfterSaleCommand {
    match op {
        AfterSaleOp::Advance(seed) => {
            after_sale_command(&after_sale_advance(*seed, after_sale), after_sale, at)
        }
        AfterSaleOp::Apply(a) => AfterSaleCommand::Apply {
            facts: facts(a.status, a.received_days_ago, at),
            kind: a.kind,
            lines: a
                .lines
                .iter()
                .map(|&(sku, quantity)| Claim {
                    sku_id: s(SKUS[sku]),
                    quantity,
                })
                .collect(),
            reason: s(REASONS[a.reason]),
            description: s(" 颜色不对 "),
            images: (0..a.images).map(|i| format!("/uploads/{i}.jpg")).collect(),
            at,
        },
        AfterSaleOp::Approve { order_shipped } => AfterSaleCommand::Approve {
            order_shipped: *order_shipped,
            at,
        },
        AfterSaleOp::Reject { reason } => AfterSaleCommand::Reject {
            reason: s(REASONS[*reason]),
            at,
        },
        AfterSaleOp::Intercept { succeeded } => AfterSaleCommand::RecordInterception {
            succeeded: *succeeded,
            at,
        },
        AfterSaleOp::SubmitReturn { courier, tracking } => AfterSaleCommand::SubmitReturn {
            courier: *courier,
            tracking_no: s(TRACKING[*tracking]),
            at,
        },
        AfterSaleOp::Receive {
            wrong_item,
            wrong_station,
        } => AfterSaleCommand::MarkReceived {
            wrong_item: *wrong_item,
            wrong_station: *wrong_station,
            at,
        },
        AfterSaleOp::Refund { cap } => AfterSaleCommand::Refund {
            refund_id: s("SH1"),
            coupon_share: Fen::ZERO,
            cap: Fen(*cap),
            expected: None,
            at,
        },
        AfterSaleOp::ShipReplacement { courier, tracking } => AfterSaleCommand::ShipReplacement {
            courier: *courier,
            tracking_no: s(TRACKING[*tracking]),
            at,
        },
        AfterSaleOp::Cancel => AfterSaleCommand::Cancel { at },
    }
}

#[test]
fn an_after_sale_resumed_from_a_snapshot_is_the_after_sale_replayed() {
    // Applied for first; an after-sale ends after a few steps, so the sequences are short.
    let strategy = starting_with(applying().prop_map(AfterSaleOp::Apply), after_sale_op(), 4..16);
    let tally = property(AFTER_SALE_CASES, strategy, |ops, tally| {
        let (state, events) = run(&ops, &(), after_sale_command, tally);
        snapshots_change_nothing(&state, &events)
    });
    tally.check(
        "after_sale",
        0.2,
        &[
            "AfterSaleApplied",
            "AfterSaleApproved",
            "AfterSaleRejected",
            "InterceptionStarted",
            "InterceptionSucceeded",
            "InterceptionFailed",
            "ReturnShipped",
            "ReturnReceived",
            "AfterSaleRefunded",
            "ReplacementShipped",
            "AfterSaleCancelled",
        ],
    );
}

// Coupon.

const ORDERS: [&str; 3] = ["O1", "O2", "O3"];

#[derive(Debug, Clone)]
enum CouponOp {
    Issue {
        user: usize,
        name: usize,
        kind: CouponKind,
        discount: usize,
        window: usize,
        source: usize,
    },
    Redeem {
        order: usize,
        base: i64,
    },
    Release {
        order: usize,
    },
    /// What a coupon in its state usually receives next, varied by the seed.
    Advance(u8),
}

/// The last two break the rules of terms.
fn discount(choice: usize) -> Discount {
    match choice {
        0 => Discount::FullReduction {
            threshold: Fen(1_000),
            amount: Fen(300),
        },
        1 => Discount::Percentage {
            threshold: Fen::ZERO,
            percent_off: 20,
        },
        2 => Discount::FullReduction {
            threshold: Fen(5_000),
            amount: Fen(500),
        },
        3 => Discount::FullReduction {
            threshold: Fen::ZERO,
            amount: Fen::ZERO,
        },
        _ => Discount::Percentage {
            threshold: Fen::ZERO,
            percent_off: 100,
        },
    }
}

/// Valid throughout, not valid yet, and ending before it starts.
fn window(choice: usize) -> (i64, i64) {
    match choice {
        0 => (AT - DAY, AT + 30 * DAY),
        1 => (AT + 30 * DAY, AT + 60 * DAY),
        _ => (AT, AT - 1),
    }
}

fn coupon_issue() -> impl Strategy<Value = CouponOp> {
    (
        prop_oneof![4 => Just(0usize), 1 => Just(1usize)],
        prop_oneof![8 => Just(0usize), 1 => Just(1usize)],
        select(CouponKind::ALL.to_vec()),
        prop_oneof![8 => 0..3usize, 1 => 3..5usize],
        prop_oneof![8 => Just(0usize), 1 => 1..3usize],
        0..2usize,
    )
        .prop_map(|(user, name, kind, discount, window, source)| CouponOp::Issue {
            user,
            name,
            kind,
            discount,
            window,
            source,
        })
}

fn coupon_op() -> impl Strategy<Value = CouponOp> {
    prop_oneof![
        8 => any::<u8>().prop_map(CouponOp::Advance),
        1 => coupon_issue(),
        2 => (0..ORDERS.len(), select(vec![0, 999, 1_000, 10_000]))
            .prop_map(|(order, base)| CouponOp::Redeem { order, base }),
        1 => (0..ORDERS.len()).prop_map(|order| CouponOp::Release { order }),
    ]
}

fn coupon_advance(seed: u8, coupon: &Coupon) -> CouponOp {
    let seed = usize::from(seed);
    match coupon.redeemed_by() {
        _ if coupon.user_id().is_none() => CouponOp::Issue {
            user: 0,
            name: 0,
            kind: CouponKind::ALL[seed % CouponKind::ALL.len()],
            discount: seed % 3,
            window: 0,
            source: seed % 2,
        },
        Some(order_no) => {
            let order = ORDERS.iter().position(|o| *o == order_no).unwrap_or(0);
            if seed % 4 == 0 {
                CouponOp::Redeem { order, base: 10_000 }
            } else {
                CouponOp::Release { order }
            }
        }
        None => CouponOp::Redeem {
            order: seed % ORDERS.len(),
            base: 10_000,
        },
    }
}

fn coupon_command(op: &CouponOp, coupon: &Coupon, at: i64) -> CouponCommand {
    match *op {
        CouponOp::Advance(seed) => coupon_command(&coupon_advance(seed, coupon), coupon, at),
        CouponOp::Issue {
            user,
            name,
            kind,
            discount: choice,
            window: when,
            source,
        } => {
            let (valid_from, valid_to) = window(when);
            CouponCommand::Issue {
                user_id: format!("u{user}"),
                name: s([" 满10减3 ", "  "][name]),
                name_en: s([" ¥3 off over ¥10 ", ""][name]),
                kind,
                discount: discount(choice),
                valid_from,
                valid_to,
                source: s(["operator", "PUB1"][source]),
                at,
            }
        }
        CouponOp::Redeem { order, base } => CouponCommand::Redeem {
            order_no: s(ORDERS[order]),
            base: Fen(base),
            at,
        },
        CouponOp::Release { order } => CouponCommand::Release {
            order_no: s(ORDERS[order]),
            at,
        },
    }
}

#[test]
fn a_coupon_resumed_from_a_snapshot_is_the_coupon_replayed() {
    let strategy = starting_with(coupon_issue(), coupon_op(), 0..40);
    let tally = property(CASES, strategy, |ops, tally| {
        let (state, events) = run(&ops, &(), coupon_command, tally);
        snapshots_change_nothing(&state, &events)
    });
    tally.check(
        "coupon",
        0.35,
        &["CouponIssued", "CouponRedeemed", "CouponReleased"],
    );
}

// Wave.

fn pick_line(sku: &str) -> PickLine {
    PickLine {
        sku_id: s(sku),
        product_id: format!("p-{sku}"),
        market_id: s("m1"),
        market_name: s("十三行"),
        market_name_en: s("Shisanhang"),
        floor: s("3F"),
        // k3 at a second stall, so a stall's batch leaves a line out.
        stall_id: s(if sku == "k3" { "s2" } else { "s1" }),
        stall_name: s("韩潮女装"),
        stall_number: s("301"),
        item_no: format!("A-{sku}"),
        title: s("T恤"),
        title_en: s("T-shirt"),
        color: s("红"),
        size: s("M"),
        image: String::new(),
    }
}

fn wave_order(choice: usize) -> WaveOrder {
    let (order_no, lines): (&str, &[(&str, i64)]) = match choice {
        0 => ("O1", &[("k1", 2), ("k2", 1)]),
        1 => ("O2", &[("k1", 3)]),
        _ => ("O3", &[("k3", 1), ("k2", 2)]),
    };
    WaveOrder {
        order_no: s(order_no),
        user_id: s("u1"),
        paid_at: AT + choice as i64,
        lines: lines
            .iter()
            .map(|&(sku, quantity)| WaveOrderLine {
                sku_id: s(sku),
                quantity,
            })
            .collect(),
    }
}

#[derive(Debug, Clone)]
enum WaveOp {
    Create {
        orders: Vec<usize>,
        skus: Vec<usize>,
    },
    Mark {
        sku: usize,
        missed: i64,
    },
    Close {
        missed: Vec<(usize, i64)>,
    },
    Settle {
        outcomes: Vec<(usize, OrderOutcome)>,
    },
    /// `stall` 0 or 1 (s1, s2), 2 an unknown stall, 3 the whole wave.
    MarkAllGot {
        stall: usize,
    },
    ClearMiss {
        sku: usize,
    },
    /// What a wave in its state usually receives next, varied by the seed.
    Advance(u8),
}

/// Mostly every order with every pick line; now and then no order, or a line missing.
fn wave_create() -> impl Strategy<Value = WaveOp> {
    let all = vec![0usize, 1, 2];
    (
        prop_oneof![4 => Just(all.clone()), 1 => prop::sample::subsequence(all.clone(), 0..=3)],
        prop_oneof![4 => Just(all.clone()), 1 => prop::sample::subsequence(all, 0..=3)],
    )
        .prop_map(|(orders, skus)| WaveOp::Create { orders, skus })
}

fn wave_op() -> impl Strategy<Value = WaveOp> {
    let outcome = select(vec![
        OrderOutcome::Prepared,
        OrderOutcome::Short,
        OrderOutcome::Cancelled,
        OrderOutcome::Skipped,
    ]);
    prop_oneof![
        8 => any::<u8>().prop_map(WaveOp::Advance),
        1 => wave_create(),
        3 => (0..SKUS.len(), -1..5i64).prop_map(|(sku, missed)| WaveOp::Mark { sku, missed }),
        1 => prop::collection::vec((0..SKUS.len(), 0..4i64), 0..=2).prop_map(|missed| WaveOp::Close { missed }),
        1 => prop::collection::vec((0..3usize, outcome), 0..=3).prop_map(|outcomes| WaveOp::Settle { outcomes }),
        1 => (0..4usize).prop_map(|stall| WaveOp::MarkAllGot { stall }),
        1 => (0..SKUS.len()).prop_map(|sku| WaveOp::ClearMiss { sku }),
    ]
}

fn wave_advance(seed: u8, wave: &Wave) -> WaveOp {
    let seed = usize::from(seed);
    match wave.status() {
        WaveStatus::New => WaveOp::Create {
            orders: vec![0, 1, 2],
            skus: vec![0, 1, 2],
        },
        WaveStatus::Open if seed % 10 == 0 => WaveOp::Close {
            missed: vec![(seed % 3, 1)],
        },
        WaveStatus::Open if seed % 10 == 1 => WaveOp::MarkAllGot { stall: seed / 10 % 4 },
        WaveStatus::Open if seed % 10 == 2 => WaveOp::ClearMiss { sku: seed / 10 % 3 },
        WaveStatus::Open => WaveOp::Mark {
            sku: seed % 3,
            missed: (seed / 3 % 3) as i64,
        },
        WaveStatus::Closing | WaveStatus::Closed => WaveOp::Settle {
            outcomes: vec![
                (0, OrderOutcome::Prepared),
                (1, OrderOutcome::Short),
                (2, OrderOutcome::Skipped),
            ],
        },
    }
}

fn wave_command(op: &WaveOp, wave: &Wave, at: i64) -> WaveCommand {
    match op {
        WaveOp::Advance(seed) => wave_command(&wave_advance(*seed, wave), wave, at),
        WaveOp::Create { orders, skus } => WaveCommand::Create {
            market_id: s("m1"),
            stall_id: String::new(),
            orders: orders.iter().map(|&o| wave_order(o)).collect(),
            lines: skus.iter().map(|&k| pick_line(SKUS[k])).collect(),
            at,
        },
        WaveOp::Mark { sku, missed } => WaveCommand::Mark {
            sku_id: s(SKUS[*sku]),
            missed: *missed,
            at,
        },
        WaveOp::MarkAllGot { stall } => WaveCommand::MarkAllGot {
            stall_id: ["s1", "s2", "s9"].get(*stall).map(|id| s(id)),
            at,
        },
        WaveOp::ClearMiss { sku } => WaveCommand::ClearMiss {
            sku_id: s(SKUS[*sku]),
            at,
        },
        WaveOp::Close { missed } => WaveCommand::Close {
            missed: missed
                .iter()
                .map(|&(sku, quantity)| Shortage {
                    sku_id: s(SKUS[sku]),
                    quantity,
                })
                .collect(),
            at,
        },
        WaveOp::Settle { outcomes } => WaveCommand::Settle {
            outcomes: outcomes
                .iter()
                .map(|&(order, outcome)| {
                    let skipped = outcome == OrderOutcome::Skipped;
                    SettledOrder {
                        order_no: s(ORDERS[order]),
                        outcome,
                        reason: if skipped {
                            s("order.wrong_state")
                        } else {
                            String::new()
                        },
                        reason_params: if skipped {
                            vec![(s("status"), s("cancelled"))]
                        } else {
                            Vec::new()
                        },
                    }
                })
                .collect(),
            at,
        },
    }
}

#[test]
fn a_wave_resumed_from_a_snapshot_is_the_wave_replayed() {
    let strategy = starting_with(wave_create(), wave_op(), 0..40);
    let tally = property(CASES, strategy, |ops, tally| {
        let (state, events) = run(&ops, &(), wave_command, tally);
        snapshots_change_nothing(&state, &events)
    });
    tally.check(
        "wave",
        0.15,
        &[
            "WaveCreated",
            "LineMarked",
            "LinesMarkedGot",
            "MissCleared",
            "WaveClosed",
            "WaveSettled",
        ],
    );
}

// Listing.

#[derive(Debug, Clone)]
enum ListingOp {
    /// Records a package (of a small pool, so the same package comes again) with some SKUs, now and
    /// then as another seller or with none.
    Record {
        package: u8,
        skus: u8,
        seller: u8,
    },
    Remove {
        seller: u8,
    },
    /// Marks the changes up to a position done (a small pool, so marks repeat and go back).
    MarkDone {
        position: u8,
        seller: u8,
    },
}

fn listing_op() -> impl Strategy<Value = ListingOp> {
    prop_oneof![
        6 => (0..4u8, 0..4u8, prop_oneof![9 => Just(0u8), 1 => Just(1u8)])
            .prop_map(|(package, skus, seller)| ListingOp::Record { package, skus, seller }),
        2 => prop_oneof![9 => Just(0u8), 1 => Just(1u8)].prop_map(|seller| ListingOp::Remove { seller }),
        3 => (0..6u8, prop_oneof![9 => Just(0u8), 1 => Just(1u8)])
            .prop_map(|(position, seller)| ListingOp::MarkDone { position, seller }),
    ]
}

fn listing_command(op: &ListingOp, _listing: &Listing, at: i64) -> domain::listing::record::ListingCommand {
    use domain::listing::record::{ListedProduct, ListedSku, ListingCommand};
    let user = |seller: u8| format!("u{seller}");
    match op {
        ListingOp::Record {
            package,
            skus,
            seller,
        } => ListingCommand::Record {
            listed: Box::new(ListedProduct {
                user_id: user(*seller),
                shop_id: s("shop1"),
                shop_name: s("小王的淘宝店"),
                platform: s("taobao"),
                package_id: format!("PK{package}"),
                product_id: s("p1"),
                item_no: s("A100"),
                title: s("T恤"),
                skus: SKUS
                    .iter()
                    .take(usize::from(*skus))
                    .enumerate()
                    .map(|(n, sku)| ListedSku {
                        sku_id: s(sku),
                        color: s("黑色"),
                        size: s("M"),
                        cost: Fen(2000 + n as i64),
                        listed: Fen(3500 + i64::from(*package)),
                        stock: i64::from(*package),
                    })
                    .collect(),
            }),
            at,
        },
        ListingOp::Remove { seller } => ListingCommand::Remove {
            user_id: user(*seller),
            at,
        },
        ListingOp::MarkDone { position, seller } => ListingCommand::MarkDone {
            user_id: user(*seller),
            up_to: domain::listing::record::ChangeMark {
                tx: 0,
                position: i64::from(*position),
            },
            how: domain::listing::record::DoneHow::Updated,
            at,
        },
    }
}

#[test]
fn a_listing_resumed_from_a_snapshot_is_the_listing_replayed() {
    let strategy = prop::collection::vec(listing_op(), 1..30);
    let tally = property(CASES, strategy, |ops, tally| {
        let (state, events) = run(&ops, &(), listing_command, tally);
        snapshots_change_nothing(&state, &events)
    });
    tally.check(
        "listing",
        0.15,
        &["ProductListed", "ListingRemoved", "ChangesActedOn"],
    );
}
