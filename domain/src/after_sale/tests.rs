//! The after-sale's rules, given/when/then: every kind, transition, deduction and refused command.

use cqrs_es::test::TestFramework;

use super::*;
use crate::constants::RETURN_WINDOW_SECONDS;
use crate::money::Fen;
use crate::order::{Claim, Courier, OrderStatus};

const AT: i64 = 1_795_000_000;
const ID: &str = "SH20261121000000123456";

fn test() -> TestFramework<AfterSale> {
    TestFramework::with(())
}

const PER_ITEM: PerItemFees = PerItemFees {
    service: Fen(100),
    qc: Fen(30),
    value_added: Fen(20),
};

fn facts(status: OrderStatus, received_at: Option<i64>) -> OrderFacts {
    OrderFacts {
        order_no: "JP1".into(),
        user_id: "u1".into(),
        status,
        received_at,
        lines: vec![
            FactLine {
                sku_id: "k1".into(),
                item_no: "A1001".into(),
                title: "连衣裙".into(),
                color: "黑色".into(),
                size: "M".into(),
                unit_price: Fen(4_990),
                bought: 2,
                available: 2,
                coupon: Fen::ZERO,
                settled: 0,
            },
            FactLine {
                sku_id: "k2".into(),
                item_no: "A1002".into(),
                title: "T恤".into(),
                color: "白色".into(),
                size: "L".into(),
                unit_price: Fen(2_000),
                bought: 1,
                available: 0,
                coupon: Fen::ZERO,
                settled: 0,
            },
        ],
        per_item: PER_ITEM,
        courier: Courier::Zto,
        unshipped_items: if status == OrderStatus::ToBeShipped { 2 } else { 0 },
    }
}

fn claim(sku: &str, quantity: i64) -> Claim {
    Claim {
        sku_id: sku.into(),
        quantity,
    }
}

fn apply(kind: AfterSaleKind, status: OrderStatus, lines: Vec<Claim>) -> AfterSaleCommand {
    AfterSaleCommand::Apply {
        facts: facts(status, (status == OrderStatus::Completed).then_some(AT - 86_400)),
        kind,
        lines,
        reason: " 尺码不合适 ".into(),
        description: "".into(),
        images: vec!["/uploads/a.jpg".into()],
        at: AT,
    }
}

fn line(quantity: i64) -> ClaimedLine {
    ClaimedLine {
        sku_id: "k1".into(),
        item_no: "A1001".into(),
        title: "连衣裙".into(),
        color: "黑色".into(),
        size: "M".into(),
        unit_price: Fen(4_990),
        quantity,
    }
}

fn applied_event(kind: AfterSaleKind, quantity: i64) -> AfterSaleEvent {
    let command = apply(
        kind,
        if kind.before_shipping() {
            OrderStatus::ToBeShipped
        } else {
            OrderStatus::Completed
        },
        vec![claim("k1", quantity)],
    );
    let events = test()
        .given_no_previous_events()
        .when(command)
        .inspect_result()
        .unwrap();
    events.into_iter().next().unwrap()
}

fn approved() -> AfterSaleEvent {
    AfterSaleEvent::AfterSaleApproved { at: AT + 1 }
}

fn return_shipped() -> AfterSaleEvent {
    AfterSaleEvent::ReturnShipped {
        courier: Courier::Sf,
        tracking_no: "SF100".into(),
        at: AT + 2,
    }
}

fn received(wrong_item: bool, wrong_station: bool) -> AfterSaleEvent {
    AfterSaleEvent::ReturnReceived {
        wrong_item,
        wrong_station,
        at: AT + 3,
    }
}

fn refund(cap: i64) -> AfterSaleCommand {
    AfterSaleCommand::Refund {
        refund_id: ID.into(),
        coupon_share: Fen::ZERO,
        cap: Fen(cap),
        expected: None,
        at: AT + 4,
    }
}

fn wrong(action: &'static str, status: AfterSaleStatus) -> AfterSaleError {
    AfterSaleError::WrongState { action, status }
}

fn refunded_total(events: Vec<AfterSaleEvent>) -> Breakdown {
    match events.as_slice() {
        [AfterSaleEvent::AfterSaleRefunded {
            breakdown, refund_id, ..
        }] => {
            assert_eq!(refund_id, ID);
            *breakdown
        }
        other => panic!("expected one refund, got {other:?}"),
    }
}

// Applying.

#[test]
fn applying_copies_the_lines_with_their_prices_and_estimates_the_refund() {
    match applied_event(AfterSaleKind::ReturnRefund, 1) {
        AfterSaleEvent::AfterSaleApplied {
            order_no,
            kind,
            lines,
            reason,
            estimate,
            return_deadline,
            ..
        } => {
            assert_eq!((order_no.as_str(), kind), ("JP1", AfterSaleKind::ReturnRefund));
            assert_eq!(lines, vec![line(1)]);
            assert_eq!(reason, "尺码不合适");
            // Shipped goods: the goods only.
            assert_eq!(
                (estimate.goods, estimate.fees_back(), estimate.total),
                (Fen(4_990), Fen::ZERO, Fen(4_990))
            );
            assert_eq!(return_deadline, Some(AT - 86_400 + RETURN_WINDOW_SECONDS));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_refund_before_shipping_estimates_the_fees_and_the_shipping_saved() {
    match applied_event(AfterSaleKind::RefundUnshipped, 1) {
        AfterSaleEvent::AfterSaleApplied {
            estimate,
            shipping_saved,
            return_deadline,
            ..
        } => {
            // ZTO: 2 items cost 5.00, 1 item 4.00, so 1.00 is saved.
            assert_eq!(shipping_saved, Fen(100));
            assert_eq!(
                (
                    estimate.service_back,
                    estimate.qc_back,
                    estimate.value_added_back,
                    estimate.shipping_back
                ),
                (Fen(100), Fen(30), Fen(20), Fen(100))
            );
            assert_eq!(estimate.total, Fen(4_990 + 250));
            assert_eq!(return_deadline, None);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn exchanges_and_resends_refund_nothing() {
    for kind in [AfterSaleKind::Exchange, AfterSaleKind::Resend] {
        match applied_event(kind, 2) {
            AfterSaleEvent::AfterSaleApplied { estimate, .. } => assert_eq!(estimate, Breakdown::default()),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn the_kind_must_fit_the_state_of_the_order() {
    let cases = [
        (AfterSaleKind::RefundUnshipped, OrderStatus::Shipped),
        (AfterSaleKind::RefundOnly, OrderStatus::ToBeShipped),
        (AfterSaleKind::ReturnRefund, OrderStatus::PendingPayment),
        (AfterSaleKind::Exchange, OrderStatus::Cancelled),
        (AfterSaleKind::Resend, OrderStatus::ToBeShipped),
    ];
    for (kind, status) in cases {
        test()
            .given_no_previous_events()
            .when(apply(kind, status, vec![claim("k1", 1)]))
            .then_expect_error(AfterSaleError::KindNotAvailable);
    }
}

#[test]
fn returns_close_thirty_days_after_receipt_but_a_refund_only_does_not() {
    let late = |kind| AfterSaleCommand::Apply {
        facts: facts(OrderStatus::Completed, Some(AT - RETURN_WINDOW_SECONDS - 1)),
        kind,
        lines: vec![claim("k1", 1)],
        reason: "破损".into(),
        description: "".into(),
        images: vec![],
        at: AT,
    };
    for kind in [AfterSaleKind::ReturnRefund, AfterSaleKind::Exchange] {
        test()
            .given_no_previous_events()
            .when(late(kind))
            .then_expect_error(AfterSaleError::ReturnWindowClosed);
    }
    let result = test()
        .given_no_previous_events()
        .when(late(AfterSaleKind::RefundOnly))
        .inspect_result();
    assert!(result.is_ok());
    // On the 30th day itself a return is still accepted.
    let on_time = AfterSaleCommand::Apply {
        facts: facts(OrderStatus::Completed, Some(AT - RETURN_WINDOW_SECONDS)),
        kind: AfterSaleKind::ReturnRefund,
        lines: vec![claim("k1", 1)],
        reason: "破损".into(),
        description: "".into(),
        images: vec![],
        at: AT,
    };
    assert!(test()
        .given_no_previous_events()
        .when(on_time)
        .inspect_result()
        .is_ok());
}

#[test]
fn applying_refuses_bad_items_reasons_and_images() {
    let shipped = OrderStatus::Shipped;
    let kind = AfterSaleKind::ReturnRefund;
    let cases = [
        (apply(kind, shipped, vec![]), AfterSaleError::NoItems),
        (
            apply(kind, shipped, vec![claim("k1", 0)]),
            AfterSaleError::QuantityNotPositive { sku_id: "k1".into() },
        ),
        (
            apply(kind, shipped, vec![claim("zz", 1)]),
            AfterSaleError::UnknownItem { sku_id: "zz".into() },
        ),
        (
            apply(kind, shipped, vec![claim("k1", 2), claim("k1", 1)]),
            AfterSaleError::TooMany {
                item_no: "A1001".into(),
                available: 2,
            },
        ),
        (
            apply(kind, shipped, vec![claim("k2", 1)]),
            AfterSaleError::TooMany {
                item_no: "A1002".into(),
                available: 0,
            },
        ),
    ];
    for (command, error) in cases {
        test()
            .given_no_previous_events()
            .when(command)
            .then_expect_error(error);
    }
    let mut no_reason = apply(kind, shipped, vec![claim("k1", 1)]);
    if let AfterSaleCommand::Apply { reason, .. } = &mut no_reason {
        *reason = "  ".into();
    }
    test()
        .given_no_previous_events()
        .when(no_reason)
        .then_expect_error(AfterSaleError::ReasonRequired);
    let mut photos = apply(kind, shipped, vec![claim("k1", 1)]);
    if let AfterSaleCommand::Apply { images, .. } = &mut photos {
        *images = vec!["/uploads/x.jpg".into(); MAX_IMAGES + 1];
    }
    test()
        .given_no_previous_events()
        .when(photos)
        .then_expect_error(AfterSaleError::TooManyImages { max: MAX_IMAGES });
}

#[test]
fn an_after_sale_is_applied_for_once() {
    test()
        .given(vec![applied_event(AfterSaleKind::RefundOnly, 1)])
        .when(apply(
            AfterSaleKind::RefundOnly,
            OrderStatus::Shipped,
            vec![claim("k1", 1)],
        ))
        .then_expect_error(AfterSaleError::AlreadyApplied);
}

#[test]
fn nothing_happens_to_an_after_sale_never_applied_for() {
    test()
        .given_no_previous_events()
        .when(AfterSaleCommand::Approve {
            order_shipped: false,
            at: AT,
        })
        .then_expect_error(AfterSaleError::NotApplied);
}

// Return and refund, start to end.

#[test]
fn a_return_is_approved_then_needs_its_tracking_number() {
    let applied = applied_event(AfterSaleKind::ReturnRefund, 1);
    test()
        .given(vec![applied.clone()])
        .when(AfterSaleCommand::Approve {
            order_shipped: true,
            at: AT + 1,
        })
        .then_expect_events(vec![approved()]);
    test()
        .given(vec![applied.clone(), approved()])
        .when(AfterSaleCommand::SubmitReturn {
            courier: Courier::Sf,
            tracking_no: " ".into(),
            at: AT + 2,
        })
        .then_expect_error(AfterSaleError::TrackingRequired);
    test()
        .given(vec![applied.clone(), approved()])
        .when(AfterSaleCommand::SubmitReturn {
            courier: Courier::Sf,
            tracking_no: " SF100 ".into(),
            at: AT + 2,
        })
        .then_expect_events(vec![return_shipped()]);
    // Not before it is approved, and it may be corrected while in transit.
    test()
        .given(vec![applied.clone()])
        .when(AfterSaleCommand::SubmitReturn {
            courier: Courier::Sf,
            tracking_no: "SF100".into(),
            at: AT + 2,
        })
        .then_expect_error(wrong("submit_return", AfterSaleStatus::PendingReview));
    let corrected = test()
        .given(vec![applied, approved(), return_shipped()])
        .when(AfterSaleCommand::SubmitReturn {
            courier: Courier::Zto,
            tracking_no: "ZT9".into(),
            at: AT + 3,
        })
        .inspect_result();
    assert!(corrected.is_ok());
}

#[test]
fn a_return_is_refunded_only_once_received_with_its_deductions() {
    let applied = applied_event(AfterSaleKind::ReturnRefund, 1);
    test()
        .given(vec![applied.clone(), approved(), return_shipped()])
        .when(refund(100_000))
        .then_expect_error(wrong("refund", AfterSaleStatus::ReturnInTransit));
    test()
        .given(vec![applied.clone(), approved()])
        .when(AfterSaleCommand::MarkReceived {
            wrong_item: false,
            wrong_station: false,
            at: AT + 3,
        })
        .then_expect_error(wrong("receive", AfterSaleStatus::AwaitingReturn));
    let breakdown = refunded_total(
        test()
            .given(vec![
                applied.clone(),
                approved(),
                return_shipped(),
                received(true, true),
            ])
            .when(refund(100_000))
            .inspect_result()
            .unwrap(),
    );
    // 49.90 less 3.00 wrong-item insurance and 1.00 wrong-station handling.
    assert_eq!(
        (
            breakdown.goods,
            breakdown.wrong_item_insurance,
            breakdown.wrong_station_fee,
            breakdown.total
        ),
        (Fen(4_990), Fen(300), Fen(100), Fen(4_590))
    );
    let clean = refunded_total(
        test()
            .given(vec![
                applied.clone(),
                approved(),
                return_shipped(),
                received(false, false),
            ])
            .when(refund(100_000))
            .inspect_result()
            .unwrap(),
    );
    assert_eq!(clean.total, Fen(4_990));
    let done = AfterSaleEvent::AfterSaleRefunded {
        breakdown: clean,
        refund_id: ID.into(),
        at: AT + 4,
    };
    test()
        .given(vec![
            applied,
            approved(),
            return_shipped(),
            received(false, false),
            done,
        ])
        .when(refund(100_000))
        // A repeat answers like the first refund and moves nothing again.
        .then_expect_events(vec![]);
}

#[test]
fn a_refund_never_exceeds_what_is_left_of_the_payment() {
    let breakdown = refunded_total(
        test()
            .given(vec![applied_event(AfterSaleKind::RefundOnly, 2), approved()])
            .when(refund(5_000))
            .inspect_result()
            .unwrap(),
    );
    assert_eq!((breakdown.goods, breakdown.total), (Fen(9_980), Fen(5_000)));
}

// Refund before shipping and interception.

#[test]
fn a_refund_before_shipping_gives_the_fees_back() {
    let breakdown = refunded_total(
        test()
            .given(vec![applied_event(AfterSaleKind::RefundUnshipped, 2), approved()])
            .when(refund(100_000))
            .inspect_result()
            .unwrap(),
    );
    // Both unshipped items: 99.80 goods, 3 fees of 1.50 each, and the whole 5.00 shipping.
    assert_eq!(breakdown.fees_back(), Fen(300 + 500));
    assert_eq!(breakdown.total, Fen(9_980 + 800));
}

#[test]
fn a_refund_before_shipping_that_meets_a_shipped_parcel_is_intercepted() {
    let applied = applied_event(AfterSaleKind::RefundUnshipped, 1);
    let started = AfterSaleEvent::InterceptionStarted { at: AT + 1 };
    test()
        .given(vec![applied.clone()])
        .when(AfterSaleCommand::Approve {
            order_shipped: true,
            at: AT + 1,
        })
        .then_expect_events(vec![started.clone()]);
    test()
        .given(vec![applied.clone()])
        .when(AfterSaleCommand::RecordInterception {
            succeeded: true,
            at: AT + 2,
        })
        .then_expect_error(wrong("intercept", AfterSaleStatus::PendingReview));
    test()
        .given(vec![applied.clone(), started.clone()])
        .when(AfterSaleCommand::RecordInterception {
            succeeded: false,
            at: AT + 2,
        })
        .then_expect_events(vec![AfterSaleEvent::InterceptionFailed { at: AT + 2 }]);
    // Failed: back to review, where it can be rejected.
    test()
        .given(vec![
            applied.clone(),
            started.clone(),
            AfterSaleEvent::InterceptionFailed { at: AT + 2 },
        ])
        .when(AfterSaleCommand::Reject {
            reason: "已签收".into(),
            at: AT + 3,
        })
        .then_expect_events(vec![AfterSaleEvent::AfterSaleRejected {
            reason: "已签收".into(),
            at: AT + 3,
        }]);
    // Intercepted: refunded, but the fees of goods that left are not.
    let breakdown = refunded_total(
        test()
            .given(vec![
                applied,
                started,
                AfterSaleEvent::InterceptionSucceeded { at: AT + 2 },
            ])
            .when(refund(100_000))
            .inspect_result()
            .unwrap(),
    );
    assert_eq!((breakdown.fees_back(), breakdown.total), (Fen::ZERO, Fen(4_990)));
}

// Exchange and resend.

#[test]
fn an_exchange_ships_a_new_parcel_once_the_return_arrives() {
    let applied = applied_event(AfterSaleKind::Exchange, 1);
    let ship = AfterSaleCommand::ShipReplacement {
        courier: Courier::Yto,
        tracking_no: "YT7".into(),
        at: AT + 4,
    };
    test()
        .given(vec![applied.clone(), approved()])
        .when(ship.clone())
        .then_expect_error(wrong("ship_replacement", AfterSaleStatus::AwaitingReturn));
    test()
        .given(vec![
            applied.clone(),
            approved(),
            return_shipped(),
            received(false, false),
        ])
        .when(ship)
        .then_expect_events(vec![AfterSaleEvent::ReplacementShipped {
            courier: Courier::Yto,
            tracking_no: "YT7".into(),
            at: AT + 4,
        }]);
    test()
        .given(vec![
            applied,
            approved(),
            return_shipped(),
            received(false, false),
        ])
        .when(refund(100_000))
        .then_expect_error(wrong("refund", AfterSaleStatus::ReturnReceived));
}

#[test]
fn a_resend_ships_once_approved_and_needs_a_tracking_number() {
    let applied = applied_event(AfterSaleKind::Resend, 1);
    test()
        .given(vec![applied.clone(), approved()])
        .when(AfterSaleCommand::ShipReplacement {
            courier: Courier::Yto,
            tracking_no: "".into(),
            at: AT + 2,
        })
        .then_expect_error(AfterSaleError::TrackingRequired);
    test()
        .given(vec![applied, approved()])
        .when(AfterSaleCommand::ShipReplacement {
            courier: Courier::Yto,
            tracking_no: "YT8".into(),
            at: AT + 2,
        })
        .then_expect_events(vec![AfterSaleEvent::ReplacementShipped {
            courier: Courier::Yto,
            tracking_no: "YT8".into(),
            at: AT + 2,
        }]);
}

// Review, rejection and cancellation.

#[test]
fn a_rejection_needs_a_reason_and_only_happens_under_review() {
    let applied = applied_event(AfterSaleKind::RefundOnly, 1);
    test()
        .given(vec![applied.clone()])
        .when(AfterSaleCommand::Reject {
            reason: " ".into(),
            at: AT + 1,
        })
        .then_expect_error(AfterSaleError::ReasonRequired);
    test()
        .given(vec![applied.clone(), approved()])
        .when(AfterSaleCommand::Reject {
            reason: "超出范围".into(),
            at: AT + 1,
        })
        .then_expect_error(wrong("reject", AfterSaleStatus::Approved));
    // Approving again answers like the first approval and records nothing, even after later steps.
    test()
        .given(vec![applied.clone(), approved()])
        .when(AfterSaleCommand::Approve {
            order_shipped: true,
            at: AT + 2,
        })
        .then_expect_events(vec![]);
    test()
        .given(vec![applied.clone(), approved(), return_shipped()])
        .when(AfterSaleCommand::Approve {
            order_shipped: true,
            at: AT + 2,
        })
        .then_expect_events(vec![]);
    // A rejected request is not approved by asking again.
    test()
        .given(vec![
            applied,
            AfterSaleEvent::AfterSaleRejected {
                reason: "超出范围".into(),
                at: AT + 1,
            },
        ])
        .when(AfterSaleCommand::Approve {
            order_shipped: false,
            at: AT + 2,
        })
        .then_expect_error(wrong("approve", AfterSaleStatus::Rejected));
}

#[test]
fn repeated_operator_steps_answer_like_the_first_and_other_ones_are_refused() {
    let applied = applied_event(AfterSaleKind::ReturnRefund, 1);
    let given = vec![applied, approved(), return_shipped(), received(true, false)];
    test()
        .given(given.clone())
        .when(AfterSaleCommand::MarkReceived {
            wrong_item: true,
            wrong_station: false,
            at: AT + 9,
        })
        .then_expect_events(vec![]);
    test()
        .given(given)
        .when(AfterSaleCommand::MarkReceived {
            wrong_item: false,
            wrong_station: false,
            at: AT + 9,
        })
        .then_expect_error(wrong("receive", AfterSaleStatus::ReturnReceived));

    let resend = applied_event(AfterSaleKind::Resend, 1);
    let shipped = AfterSaleEvent::ReplacementShipped {
        courier: Courier::Zto,
        tracking_no: "ZT1".into(),
        at: AT + 3,
    };
    let ship = |tracking: &str| AfterSaleCommand::ShipReplacement {
        courier: Courier::Zto,
        tracking_no: tracking.into(),
        at: AT + 4,
    };
    test()
        .given(vec![resend.clone(), approved(), shipped.clone()])
        .when(ship(" ZT1 "))
        .then_expect_events(vec![]);
    test()
        .given(vec![resend, approved(), shipped])
        .when(ship("ZT2"))
        .then_expect_error(wrong("ship_replacement", AfterSaleStatus::Exchanged));
}

#[test]
fn the_seller_cancels_until_the_goods_are_on_their_way_back() {
    let applied = applied_event(AfterSaleKind::ReturnRefund, 1);
    let cancelled = AfterSaleEvent::AfterSaleCancelled { at: AT + 5 };
    for given in [vec![applied.clone()], vec![applied.clone(), approved()]] {
        test()
            .given(given)
            .when(AfterSaleCommand::Cancel { at: AT + 5 })
            .then_expect_events(vec![cancelled.clone()]);
    }
    test()
        .given(vec![applied.clone(), cancelled.clone()])
        .when(AfterSaleCommand::Cancel { at: AT + 6 })
        .then_expect_events(vec![]);
    test()
        .given(vec![applied.clone(), approved(), return_shipped()])
        .when(AfterSaleCommand::Cancel { at: AT + 5 })
        .then_expect_error(wrong("cancel", AfterSaleStatus::ReturnInTransit));
    test()
        .given(vec![applied, cancelled])
        .when(AfterSaleCommand::Approve {
            order_shipped: true,
            at: AT + 6,
        })
        .then_expect_error(wrong("approve", AfterSaleStatus::Cancelled));
}

#[test]
fn codes_round_trip() {
    for kind in AfterSaleKind::ALL {
        assert_eq!(AfterSaleKind::from_code(kind.code()), Some(kind));
    }
    for status in AfterSaleStatus::ALL {
        assert_eq!(AfterSaleStatus::from_code(status.code()), Some(status));
    }
    assert!(AfterSaleStatus::Rejected.releases_claim());
    assert!(!AfterSaleStatus::Refunded.releases_claim());
}

// Coupons: goods come back at what they were paid, and the figure shown is the figure paid.

/// One of 2 × 62.90 bought with 10.00 off the goods, refund only after shipping.
fn coupon_applied() -> AfterSaleEvent {
    let mut facts = facts(OrderStatus::Completed, Some(AT - 86_400));
    facts.lines[0].unit_price = Fen(6_290);
    facts.lines[0].coupon = Fen(1_000);
    let events = test()
        .given_no_previous_events()
        .when(AfterSaleCommand::Apply {
            facts,
            kind: AfterSaleKind::RefundOnly,
            lines: vec![claim("k1", 1)],
            reason: "质量问题".into(),
            description: "".into(),
            images: vec![],
            at: AT,
        })
        .inspect_result()
        .unwrap();
    events.into_iter().next().unwrap()
}

fn paid_back(coupon_share: i64, cap: i64, expected: Option<i64>) -> AfterSaleCommand {
    AfterSaleCommand::Refund {
        refund_id: ID.into(),
        coupon_share: Fen(coupon_share),
        cap: Fen(cap),
        expected: expected.map(Fen),
        at: AT + 4,
    }
}

#[test]
fn the_estimate_of_shipped_goods_bought_with_a_coupon_is_their_paid_share() {
    match coupon_applied() {
        AfterSaleEvent::AfterSaleApplied { estimate, .. } => {
            assert_eq!(
                (estimate.goods, estimate.coupon_share, estimate.fees_back()),
                (Fen(6_290), Fen(500), Fen::ZERO)
            );
            assert_eq!(estimate.total, Fen(5_790));
            assert_eq!(estimate.parts_total(), estimate.total);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_refund_pays_the_figure_shown_or_is_refused_with_the_new_one() {
    let given = vec![coupon_applied(), approved()];
    // What the order has left (122.80) does not raise it: the goods were paid 57.90.
    let events = test()
        .given(given.clone())
        .when(paid_back(500, 12_280, Some(5_790)))
        .inspect_result()
        .unwrap();
    let breakdown = refunded_total(events);
    assert_eq!(breakdown.total, Fen(5_790));
    assert_eq!(breakdown.parts_total(), breakdown.total);
    // The dialog opened on 62.90: refused, with the figure the refund would pay.
    test()
        .given(given)
        .when(paid_back(500, 12_280, Some(6_290)))
        .then_expect_error(AfterSaleError::AmountChanged { amount: Fen(5_790) });
}
