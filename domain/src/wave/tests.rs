//! The wave's rules, given/when/then: creating, marking, closing once with missed units taken from
//! the orders paid last, and settling.

use std::collections::BTreeMap;

use cqrs_es::test::TestFramework;

use super::*;
use crate::order::Shortage;

const AT: i64 = 1_795_000_000;

fn test() -> TestFramework<Wave> {
    TestFramework::with(())
}

fn line(sku: &str) -> PickLine {
    PickLine {
        sku_id: sku.into(),
        product_id: "p1".into(),
        market_id: "m1".into(),
        market_name: "十三行".into(),
        market_name_en: "Shisanhang".into(),
        floor: "3F".into(),
        stall_id: "s1".into(),
        stall_name: "韩潮女装".into(),
        stall_number: "301".into(),
        item_no: "A1".into(),
        title: "T恤".into(),
        title_en: "T-shirt".into(),
        color: "红".into(),
        size: "M".into(),
        image: String::new(),
    }
}

fn order(no: &str, paid_at: i64, lines: &[(&str, i64)]) -> WaveOrder {
    WaveOrder {
        order_no: no.into(),
        user_id: "u1".into(),
        paid_at,
        lines: lines
            .iter()
            .map(|(sku, quantity)| WaveOrderLine {
                sku_id: (*sku).into(),
                quantity: *quantity,
            })
            .collect(),
    }
}

/// Two orders of sku k1 (2 then 3 pieces, the second paid later) and one of k2.
fn orders() -> Vec<WaveOrder> {
    vec![
        order("O1", AT, &[("k1", 2), ("k2", 1)]),
        order("O2", AT + 10, &[("k1", 3)]),
    ]
}

fn created() -> WaveEvent {
    WaveEvent::WaveCreated {
        market_id: String::new(),
        stall_id: String::new(),
        orders: orders(),
        lines: vec![line("k1"), line("k2")],
        at: AT,
    }
}

fn create() -> WaveCommand {
    WaveCommand::Create {
        market_id: String::new(),
        stall_id: String::new(),
        orders: orders(),
        lines: vec![line("k1"), line("k2")],
        at: AT,
    }
}

fn short(sku: &str, quantity: i64) -> Shortage {
    Shortage {
        sku_id: sku.into(),
        quantity,
    }
}

fn missed(pairs: &[(&str, i64)]) -> BTreeMap<String, i64> {
    pairs.iter().map(|(s, q)| ((*s).to_string(), *q)).collect()
}

fn plan(no: &str, shortages: Vec<Shortage>) -> OrderPlan {
    OrderPlan {
        order_no: no.into(),
        shortages,
    }
}

#[test]
fn a_wave_is_created_once_from_its_orders() {
    test()
        .given_no_previous_events()
        .when(create())
        .then_expect_events(vec![created()]);
    test()
        .given(vec![created()])
        .when(create())
        .then_expect_error(WaveError::AlreadyCreated);
}

#[test]
fn a_wave_needs_orders_and_a_line_for_each_of_their_skus() {
    test()
        .given_no_previous_events()
        .when(WaveCommand::Create {
            market_id: String::new(),
            stall_id: String::new(),
            orders: Vec::new(),
            lines: Vec::new(),
            at: AT,
        })
        .then_expect_error(WaveError::Empty);
    test()
        .given_no_previous_events()
        .when(WaveCommand::Create {
            market_id: String::new(),
            stall_id: String::new(),
            orders: orders(),
            lines: vec![line("k1")],
            at: AT,
        })
        .then_expect_error(WaveError::UnknownLine { sku_id: "k2".into() });
}

#[test]
fn a_line_is_marked_within_its_quantity_and_marking_again_replaces_it() {
    test()
        .given(vec![created()])
        .when(WaveCommand::Mark {
            sku_id: "k1".into(),
            missed: 5,
            at: AT,
        })
        .then_expect_events(vec![WaveEvent::LineMarked {
            sku_id: "k1".into(),
            missed: 5,
            at: AT,
        }]);
    test()
        .given(vec![created()])
        .when(WaveCommand::Mark {
            sku_id: "k1".into(),
            missed: 6,
            at: AT,
        })
        .then_expect_error(WaveError::MissedOutOfRange {
            sku_id: "k1".into(),
            quantity: 5,
        });
    test()
        .given(vec![created()])
        .when(WaveCommand::Mark {
            sku_id: "k1".into(),
            missed: -1,
            at: AT,
        })
        .then_expect_error(WaveError::MissedOutOfRange {
            sku_id: "k1".into(),
            quantity: 5,
        });
    test()
        .given(vec![created()])
        .when(WaveCommand::Mark {
            sku_id: "k9".into(),
            missed: 0,
            at: AT,
        })
        .then_expect_error(WaveError::UnknownLine { sku_id: "k9".into() });
    let marked = WaveEvent::LineMarked {
        sku_id: "k1".into(),
        missed: 1,
        at: AT,
    };
    test()
        .given(vec![created(), marked])
        .when(WaveCommand::Mark {
            sku_id: "k1".into(),
            missed: 1,
            at: AT + 1,
        })
        .then_expect_events(Vec::new());
}

#[test]
fn closing_takes_missed_units_from_the_orders_paid_last() {
    // 4 of k1 missed: O2 (paid last) loses its 3, O1 one of its 2.
    test()
        .given(vec![created()])
        .when(WaveCommand::Close {
            missed: vec![short("k1", 4)],
            at: AT + 60,
        })
        .then_expect_events(vec![WaveEvent::WaveClosed {
            missed: missed(&[("k1", 4), ("k2", 0)]),
            plan: vec![plan("O1", vec![short("k1", 1)]), plan("O2", vec![short("k1", 3)])],
            at: AT + 60,
        }]);
}

#[test]
fn closing_uses_the_marks_and_unmarked_lines_count_as_got() {
    let marked = WaveEvent::LineMarked {
        sku_id: "k2".into(),
        missed: 1,
        at: AT,
    };
    test()
        .given(vec![created(), marked])
        .when(WaveCommand::Close {
            missed: Vec::new(),
            at: AT + 60,
        })
        .then_expect_events(vec![WaveEvent::WaveClosed {
            missed: missed(&[("k1", 0), ("k2", 1)]),
            plan: vec![plan("O1", vec![short("k2", 1)]), plan("O2", Vec::new())],
            at: AT + 60,
        }]);
}

#[test]
fn a_bad_missed_quantity_at_closing_closes_nothing() {
    test()
        .given(vec![created()])
        .when(WaveCommand::Close {
            missed: vec![short("k1", 9)],
            at: AT,
        })
        .then_expect_error(WaveError::MissedOutOfRange {
            sku_id: "k1".into(),
            quantity: 5,
        });
}

fn closed() -> WaveEvent {
    WaveEvent::WaveClosed {
        missed: missed(&[("k1", 0), ("k2", 0)]),
        plan: vec![plan("O1", Vec::new()), plan("O2", Vec::new())],
        at: AT + 60,
    }
}

#[test]
fn closing_again_changes_nothing_and_a_closed_wave_takes_no_marks() {
    test()
        .given(vec![created(), closed()])
        .when(WaveCommand::Close {
            missed: vec![short("k1", 1)],
            at: AT + 120,
        })
        .then_expect_events(Vec::new());
    test()
        .given(vec![created(), closed()])
        .when(WaveCommand::Mark {
            sku_id: "k1".into(),
            missed: 1,
            at: AT + 120,
        })
        .then_expect_error(WaveError::Closed);
}

#[test]
fn a_closed_wave_is_settled_once() {
    let outcomes = vec![SettledOrder {
        order_no: "O1".into(),
        outcome: OrderOutcome::Prepared,
        reason: String::new(),
        reason_params: Vec::new(),
    }];
    let settled = WaveEvent::WaveSettled {
        outcomes: outcomes.clone(),
        at: AT + 70,
    };
    test()
        .given(vec![created(), closed()])
        .when(WaveCommand::Settle {
            outcomes: outcomes.clone(),
            at: AT + 70,
        })
        .then_expect_events(vec![settled.clone()]);
    test()
        .given(vec![created(), closed(), settled])
        .when(WaveCommand::Settle {
            outcomes: outcomes.clone(),
            at: AT + 80,
        })
        .then_expect_events(Vec::new());
    test()
        .given(vec![created()])
        .when(WaveCommand::Settle { outcomes, at: AT })
        .then_expect_error(WaveError::NotClosed);
}

#[test]
fn nothing_happens_to_a_wave_never_created() {
    test()
        .given_no_previous_events()
        .when(WaveCommand::Close {
            missed: Vec::new(),
            at: AT,
        })
        .then_expect_error(WaveError::NotCreated);
    test()
        .given_no_previous_events()
        .when(WaveCommand::Mark {
            sku_id: "k1".into(),
            missed: 0,
            at: AT,
        })
        .then_expect_error(WaveError::NotCreated);
}
