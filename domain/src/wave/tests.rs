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

// Marking a stall or the whole wave got in one step, and clearing a miss only on purpose.

fn line_at(sku: &str, stall: &str) -> PickLine {
    PickLine {
        stall_id: stall.into(),
        ..line(sku)
    }
}

/// k1 (2 + 3) and k3 (4) at stall s1, k2 (1) at stall s2.
fn created_at_two_stalls() -> WaveEvent {
    WaveEvent::WaveCreated {
        market_id: String::new(),
        stall_id: String::new(),
        orders: vec![
            order("O1", AT, &[("k1", 2), ("k2", 1)]),
            order("O2", AT + 10, &[("k1", 3), ("k3", 4)]),
        ],
        lines: vec![line_at("k1", "s1"), line_at("k3", "s1"), line_at("k2", "s2")],
        at: AT,
    }
}

fn marked(sku: &str, missed: i64) -> WaveEvent {
    WaveEvent::LineMarked {
        sku_id: sku.into(),
        missed,
        at: AT,
    }
}

fn mark_all(stall: Option<&str>) -> WaveCommand {
    WaveCommand::MarkAllGot {
        stall_id: stall.map(Into::into),
        at: AT + 5,
    }
}

fn all_got(stall: Option<&str>, skus: &[&str]) -> WaveEvent {
    WaveEvent::LinesMarkedGot {
        stall_id: stall.map(Into::into),
        sku_ids: skus.iter().map(|s| (*s).to_string()).collect(),
        at: AT + 5,
    }
}

fn clear(sku: &str) -> WaveCommand {
    WaveCommand::ClearMiss {
        sku_id: sku.into(),
        at: AT + 7,
    }
}

#[test]
fn a_stall_is_marked_got_in_one_step_and_its_missed_line_is_left_as_it_was() {
    // k3 was marked missing 1 of 4: only k1, unmarked, is marked got.
    test()
        .given(vec![created_at_two_stalls(), marked("k3", 1)])
        .when(mark_all(Some("s1")))
        .then_expect_events(vec![all_got(Some("s1"), &["k1"])]);
    // Every line of the stall unmarked: all of them, and nothing of the other stall.
    test()
        .given(vec![created_at_two_stalls()])
        .when(mark_all(Some("s1")))
        .then_expect_events(vec![all_got(Some("s1"), &["k1", "k3"])]);
}

#[test]
fn the_whole_wave_is_marked_got_in_one_step_except_the_lines_marked_already() {
    test()
        .given(vec![created_at_two_stalls(), marked("k3", 4), marked("k1", 0)])
        .when(mark_all(None))
        .then_expect_events(vec![all_got(None, &["k2"])]);
}

#[test]
fn marking_all_got_again_finds_nothing_to_mark() {
    test()
        .given(vec![created_at_two_stalls(), all_got(Some("s1"), &["k1", "k3"])])
        .when(mark_all(Some("s1")))
        .then_expect_error(WaveError::NothingToMark);
    test()
        .given(vec![
            created_at_two_stalls(),
            marked("k1", 0),
            marked("k2", 1),
            marked("k3", 2),
        ])
        .when(mark_all(None))
        .then_expect_error(WaveError::NothingToMark);
}

#[test]
fn marking_all_got_is_refused_for_a_stall_not_listed_a_closed_wave_or_no_wave() {
    test()
        .given(vec![created_at_two_stalls()])
        .when(mark_all(Some("s9")))
        .then_expect_error(WaveError::UnknownStall {
            stall_id: "s9".into(),
        });
    test()
        .given(vec![created(), closed()])
        .when(mark_all(Some("s1")))
        .then_expect_error(WaveError::Closed);
    test()
        .given(vec![created(), closed()])
        .when(mark_all(None))
        .then_expect_error(WaveError::Closed);
    test()
        .given_no_previous_events()
        .when(mark_all(None))
        .then_expect_error(WaveError::NotCreated);
}

#[test]
fn closing_after_a_stall_was_marked_got_keeps_the_line_marked_missed() {
    test()
        .given(vec![
            created_at_two_stalls(),
            marked("k3", 1),
            all_got(Some("s1"), &["k1"]),
        ])
        .when(WaveCommand::Close {
            missed: Vec::new(),
            at: AT + 60,
        })
        .then_expect_events(vec![WaveEvent::WaveClosed {
            missed: missed(&[("k1", 0), ("k2", 0), ("k3", 1)]),
            plan: vec![plan("O1", Vec::new()), plan("O2", vec![short("k3", 1)])],
            at: AT + 60,
        }]);
}

#[test]
fn marking_a_missed_line_got_is_refused_but_a_miss_may_change() {
    test()
        .given(vec![created_at_two_stalls(), marked("k3", 1)])
        .when(WaveCommand::Mark {
            sku_id: "k3".into(),
            missed: 0,
            at: AT + 6,
        })
        .then_expect_error(WaveError::MissMarked {
            sku_id: "k3".into(),
            missed: 1,
            quantity: 4,
        });
    test()
        .given(vec![created_at_two_stalls(), marked("k3", 1)])
        .when(WaveCommand::Mark {
            sku_id: "k3".into(),
            missed: 2,
            at: AT,
        })
        .then_expect_events(vec![marked("k3", 2)]);
    // A line got may still be marked missed.
    test()
        .given(vec![created_at_two_stalls(), marked("k1", 0)])
        .when(WaveCommand::Mark {
            sku_id: "k1".into(),
            missed: 1,
            at: AT,
        })
        .then_expect_events(vec![marked("k1", 1)]);
}

#[test]
fn a_miss_is_cleared_as_a_correction_that_names_what_it_was() {
    let cleared = WaveEvent::MissCleared {
        sku_id: "k3".into(),
        was: 1,
        at: AT + 7,
    };
    test()
        .given(vec![created_at_two_stalls(), marked("k3", 1)])
        .when(clear("k3"))
        .then_expect_events(vec![cleared.clone()]);
    // Cleared already: nothing more.
    test()
        .given(vec![created_at_two_stalls(), marked("k3", 1), cleared.clone()])
        .when(clear("k3"))
        .then_expect_events(Vec::new());
    // Closing after the correction: nothing is short.
    test()
        .given(vec![created_at_two_stalls(), marked("k3", 1), cleared])
        .when(WaveCommand::Close {
            missed: Vec::new(),
            at: AT + 60,
        })
        .then_expect_events(vec![WaveEvent::WaveClosed {
            missed: missed(&[("k1", 0), ("k2", 0), ("k3", 0)]),
            plan: vec![plan("O1", Vec::new()), plan("O2", Vec::new())],
            at: AT + 60,
        }]);
}

#[test]
fn only_a_missed_line_of_an_open_wave_has_a_miss_to_clear() {
    test()
        .given(vec![created_at_two_stalls()])
        .when(clear("k3"))
        .then_expect_error(WaveError::NotMissed { sku_id: "k3".into() });
    test()
        .given(vec![created_at_two_stalls()])
        .when(clear("k9"))
        .then_expect_error(WaveError::UnknownLine { sku_id: "k9".into() });
    test()
        .given(vec![created(), marked("k1", 1), closed()])
        .when(clear("k1"))
        .then_expect_error(WaveError::Closed);
    test()
        .given_no_previous_events()
        .when(clear("k1"))
        .then_expect_error(WaveError::NotCreated);
}

#[test]
fn the_new_errors_have_their_keys_and_fields() {
    let error = WaveError::MissMarked {
        sku_id: "k3".into(),
        missed: 1,
        quantity: 4,
    };
    assert_eq!(error.key(), "wave.miss_marked");
    assert_eq!(error.field(), Some("missed"));
    assert_eq!(
        error.params(),
        vec![
            ("sku_id", "k3".to_string()),
            ("missed", "1".to_string()),
            ("quantity", "4".to_string())
        ]
    );
    assert_eq!(WaveError::NothingToMark.key(), "wave.nothing_to_mark");
    let stall = WaveError::UnknownStall {
        stall_id: "s9".into(),
    };
    assert_eq!(
        (stall.key(), stall.field()),
        ("wave.unknown_stall", Some("stall_id"))
    );
    let not = WaveError::NotMissed { sku_id: "k1".into() };
    assert_eq!((not.key(), not.field()), ("wave.not_missed", Some("sku_id")));
}
