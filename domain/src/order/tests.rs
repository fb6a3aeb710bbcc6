//! The order's rules, given/when/then: every transition, fee rule and refused command.

use cqrs_es::test::TestFramework;

use super::*;
use crate::money::Fen;

const AT: i64 = 1_795_000_000;
const NO: &str = "O202611210001";

fn order_test() -> TestFramework<Order> {
    TestFramework::with(())
}

fn line(sku: &str, price: i64, quantity: i64) -> OrderLine {
    OrderLine {
        sku_id: sku.into(),
        product_id: format!("p-{sku}"),
        stall_id: "s1".into(),
        item_no: format!("A{sku}"),
        title: "连衣裙".into(),
        color: "黑色".into(),
        size: "M".into(),
        unit_price: Fen(price),
        quantity,
    }
}

fn address() -> Address {
    Address {
        recipient: "李四".into(),
        phone: "13900001111".into(),
        province: "广东省".into(),
        city: "广州市".into(),
        district: "白云区".into(),
        detail: "三元里大道 1 号".into(),
    }
}

fn domestic() -> Destination {
    Destination::Domestic { address: address() }
}

fn place_with(lines: Vec<OrderLine>, destination: Destination) -> OrderCommand {
    OrderCommand::Place {
        order_no: NO.into(),
        user_id: "u1".into(),
        lines,
        destination,
        courier: Courier::Zto,
        qc: QcLevel::Basic,
        value_added: vec![ValueAdded::RemoveTag, ValueAdded::RemoveTag],
        remark: " 尽快发货 ".into(),
        at: AT,
    }
}

fn place() -> OrderCommand {
    place_with(vec![line("k1", 4_990, 2), line("k2", 2_000, 1)], domestic())
}

/// 2 × 49.90 + 20.00 = 119.80 goods; ZTO 4.00 + 2 × 1.00; service 3 × 1.00; basic QC 3 × 0.30;
/// remove tag 3 × 0.20.
fn fees() -> Fees {
    Fees {
        product_amount: Fen(11_980),
        shipping: Fen(600),
        service: Fen(300),
        qc: Fen(90),
        value_added: Fen(60),
        coupon_discount: Fen::ZERO,
        total: Fen(13_030),
    }
}

fn placed() -> OrderEvent {
    OrderEvent::OrderPlaced {
        order_no: NO.into(),
        user_id: "u1".into(),
        lines: vec![line("k1", 4_990, 2), line("k2", 2_000, 1)],
        destination: domestic(),
        courier: Courier::Zto,
        qc: QcLevel::Basic,
        value_added: vec![ValueAdded::RemoveTag],
        fees: fees(),
        remark: "尽快发货".into(),
        at: AT,
    }
}

fn paid() -> OrderEvent {
    OrderEvent::OrderPaid {
        method: PaymentMethod::Wallet,
        reference: format!("wallet-{NO}"),
        amount: Fen(13_030),
        at: AT + 1,
    }
}

fn pay(reference: &str, amount: i64) -> OrderCommand {
    OrderCommand::MarkPaid {
        method: PaymentMethod::Wallet,
        reference: reference.into(),
        amount: Fen(amount),
        at: AT + 1,
    }
}

fn prepared() -> OrderEvent {
    OrderEvent::StockPrepared { at: AT + 2 }
}

fn shipped() -> OrderEvent {
    OrderEvent::OrderShipped {
        courier: Courier::Zto,
        tracking_no: "ZT123".into(),
        at: AT + 3,
    }
}

fn completed() -> OrderEvent {
    OrderEvent::OrderCompleted {
        automatic: false,
        at: AT + 4,
    }
}

fn wrong(action: &'static str, status: OrderStatus) -> OrderError {
    OrderError::WrongState { action, status }
}

fn short(sku: &str, quantity: i64) -> Shortage {
    Shortage {
        sku_id: sku.into(),
        quantity,
    }
}

// Placing.

#[test]
fn placing_prices_the_order_and_stores_its_fees() {
    order_test()
        .given_no_previous_events()
        .when(place())
        .then_expect_events(vec![placed()]);
}

#[test]
fn a_platform_order_carries_its_source_and_label() {
    let destination = Destination::Platform {
        platform: Platform::Tiktok,
        source_order_no: "TT-998".into(),
        label_file: "/uploads/label.jpg".into(),
    };
    let result = order_test()
        .given_no_previous_events()
        .when(place_with(vec![line("k1", 1_000, 1)], destination.clone()))
        .inspect_result()
        .unwrap();
    assert!(matches!(&result[0], OrderEvent::OrderPlaced { destination: d, .. } if *d == destination));
}

#[test]
fn placing_refuses_what_a_parcel_cannot_be_made_of() {
    let cases = [
        (place_with(vec![], domestic()), OrderError::NoItems),
        (
            place_with(vec![line("k1", 1_000, 0)], domestic()),
            OrderError::QuantityNotPositive { sku_id: "k1".into() },
        ),
        (
            place_with(vec![line("k1", 0, 1)], domestic()),
            OrderError::PriceNotPositive { sku_id: "k1".into() },
        ),
        (
            place_with(vec![line("k1", i64::MAX, 2)], domestic()),
            OrderError::Overflow,
        ),
    ];
    for (command, error) in cases {
        order_test()
            .given_no_previous_events()
            .when(command)
            .then_expect_error(error);
    }
}

#[test]
fn a_domestic_order_needs_every_part_of_the_address() {
    let mut cases = Vec::new();
    let mut a = address();
    a.recipient = " ".into();
    cases.push((a, OrderError::RecipientRequired));
    let mut a = address();
    a.phone = "".into();
    cases.push((a, OrderError::PhoneRequired));
    let mut a = address();
    a.district = "".into();
    cases.push((a, OrderError::RegionRequired));
    let mut a = address();
    a.detail = "".into();
    cases.push((a, OrderError::DetailRequired));
    for (address, error) in cases {
        order_test()
            .given_no_previous_events()
            .when(place_with(
                vec![line("k1", 1_000, 1)],
                Destination::Domestic { address },
            ))
            .then_expect_error(error);
    }
}

#[test]
fn a_platform_order_needs_its_source_number_and_label() {
    for (source, label, error) in [
        ("", "/uploads/l.jpg", OrderError::SourceOrderNoRequired),
        ("DY-1", " ", OrderError::LabelRequired),
    ] {
        let destination = Destination::Platform {
            platform: Platform::Douyin,
            source_order_no: source.into(),
            label_file: label.into(),
        };
        order_test()
            .given_no_previous_events()
            .when(place_with(vec![line("k1", 1_000, 1)], destination))
            .then_expect_error(error);
    }
}

#[test]
fn an_order_is_placed_once() {
    order_test()
        .given(vec![placed()])
        .when(place())
        .then_expect_error(OrderError::AlreadyPlaced);
}

// Paying.

#[test]
fn paying_the_total_moves_the_order_to_be_shipped() {
    order_test()
        .given(vec![placed()])
        .when(pay(&format!("wallet-{NO}"), 13_030))
        .then_expect_events(vec![paid()]);
}

#[test]
fn paying_again_under_the_same_reference_does_nothing() {
    order_test()
        .given(vec![placed(), paid()])
        .when(pay(&format!("wallet-{NO}"), 13_030))
        .then_expect_events(vec![]);
}

#[test]
fn a_second_payment_under_another_reference_is_refused() {
    order_test()
        .given(vec![placed(), paid()])
        .when(pay("P-qr", 13_030))
        .then_expect_error(OrderError::PaidUnderOtherReference {
            reference: format!("wallet-{NO}"),
        });
}

#[test]
fn a_payment_must_match_the_total() {
    order_test()
        .given(vec![placed()])
        .when(pay("r", 13_029))
        .then_expect_error(OrderError::AmountMismatch {
            total: Fen(13_030),
            paid: Fen(13_029),
        });
}

#[test]
fn nothing_but_a_placed_order_can_be_paid() {
    order_test()
        .given_no_previous_events()
        .when(pay("r", 1))
        .then_expect_error(OrderError::NotPlaced);
    let cancelled = OrderEvent::OrderCancelled {
        reason: String::new(),
        refund: Fen::ZERO,
        refund_id: format!("{NO}-cancel"),
        at: AT + 1,
    };
    order_test()
        .given(vec![placed(), cancelled])
        .when(pay("r", 13_030))
        .then_expect_error(wrong("pay", OrderStatus::Cancelled));
}

// Cancelling.

#[test]
fn cancelling_an_unpaid_order_refunds_nothing() {
    order_test()
        .given(vec![placed()])
        .when(OrderCommand::Cancel {
            reason: "不要了".into(),
            at: AT + 5,
        })
        .then_expect_events(vec![OrderEvent::OrderCancelled {
            reason: "不要了".into(),
            refund: Fen::ZERO,
            refund_id: format!("{NO}-cancel"),
            at: AT + 5,
        }]);
}

#[test]
fn cancelling_a_paid_order_refunds_what_is_left_of_the_payment() {
    let shortage = OrderEvent::StockShortage {
        shortages: vec![short("k2", 1)],
        refund: Fen(2_150),
        refund_id: format!("{NO}-short-1"),
        all: false,
        at: AT + 2,
    };
    order_test()
        .given(vec![placed(), paid(), shortage])
        .when(OrderCommand::Cancel {
            reason: String::new(),
            at: AT + 5,
        })
        .then_expect_events(vec![OrderEvent::OrderCancelled {
            reason: String::new(),
            refund: Fen(13_030 - 2_150),
            refund_id: format!("{NO}-cancel"),
            at: AT + 5,
        }]);
}

#[test]
fn a_shipped_order_cannot_be_cancelled_and_cancelling_twice_is_harmless() {
    let cancel = || OrderCommand::Cancel {
        reason: String::new(),
        at: AT + 9,
    };
    order_test()
        .given(vec![placed(), paid(), prepared(), shipped()])
        .when(cancel())
        .then_expect_error(wrong("cancel", OrderStatus::Shipped));
    let cancelled = OrderEvent::OrderCancelled {
        reason: String::new(),
        refund: Fen::ZERO,
        refund_id: format!("{NO}-cancel"),
        at: AT + 1,
    };
    order_test()
        .given(vec![placed(), cancelled])
        .when(cancel())
        .then_expect_events(vec![]);
    order_test()
        .given_no_previous_events()
        .when(cancel())
        .then_expect_error(OrderError::NotPlaced);
}

// Stock.

#[test]
fn stock_is_prepared_once_for_a_paid_order() {
    order_test()
        .given(vec![placed(), paid()])
        .when(OrderCommand::PrepareStock { at: AT + 2 })
        .then_expect_events(vec![prepared()]);
    order_test()
        .given(vec![placed(), paid(), prepared()])
        .when(OrderCommand::PrepareStock { at: AT + 2 })
        .then_expect_events(vec![]);
    order_test()
        .given(vec![placed()])
        .when(OrderCommand::PrepareStock { at: AT + 2 })
        .then_expect_error(wrong("prepare_stock", OrderStatus::PendingPayment));
}

#[test]
fn a_partial_shortage_refunds_the_short_items_with_their_per_item_fees() {
    // One k1 short: 49.90 + service 1.00 + basic QC 0.30 + remove tag 0.20 = 51.40.
    order_test()
        .given(vec![placed(), paid()])
        .when(OrderCommand::MarkOutOfStock {
            shortages: vec![short("k1", 1)],
            at: AT + 2,
        })
        .then_expect_events(vec![OrderEvent::StockShortage {
            shortages: vec![short("k1", 1)],
            refund: Fen(5_140),
            refund_id: format!("{NO}-short-1"),
            all: false,
            at: AT + 2,
        }]);
}

#[test]
fn when_nothing_is_left_the_whole_payment_goes_back_and_the_order_ends() {
    let first = OrderEvent::StockShortage {
        shortages: vec![short("k1", 1)],
        refund: Fen(5_140),
        refund_id: format!("{NO}-short-1"),
        all: false,
        at: AT + 2,
    };
    order_test()
        .given(vec![placed(), paid(), first.clone()])
        .when(OrderCommand::MarkOutOfStock {
            shortages: vec![short("k1", 1), short("k2", 1)],
            at: AT + 3,
        })
        .then_expect_events(vec![OrderEvent::StockShortage {
            shortages: vec![short("k1", 1), short("k2", 1)],
            refund: Fen(13_030 - 5_140),
            refund_id: format!("{NO}-short-2"),
            all: true,
            at: AT + 3,
        }]);
    let all = OrderEvent::StockShortage {
        shortages: vec![short("k1", 1), short("k2", 1)],
        refund: Fen(13_030 - 5_140),
        refund_id: format!("{NO}-short-2"),
        all: true,
        at: AT + 3,
    };
    order_test()
        .given(vec![placed(), paid(), first, all])
        .when(OrderCommand::Cancel {
            reason: String::new(),
            at: AT + 4,
        })
        .then_expect_events(vec![]);
}

#[test]
fn shortages_must_name_items_of_the_order_within_what_is_left() {
    let mark = |shortages| OrderCommand::MarkOutOfStock {
        shortages,
        at: AT + 2,
    };
    let cases = [
        (
            vec![short("k9", 1)],
            OrderError::UnknownItem { sku_id: "k9".into() },
        ),
        (
            vec![short("k2", 2)],
            OrderError::ShortageTooLarge {
                sku_id: "k2".into(),
                available: 1,
            },
        ),
        (
            vec![short("k1", 0)],
            OrderError::QuantityNotPositive { sku_id: "k1".into() },
        ),
        (vec![], OrderError::NoItems),
    ];
    for (shortages, error) in cases {
        order_test()
            .given(vec![placed(), paid()])
            .when(mark(shortages))
            .then_expect_error(error);
    }
    order_test()
        .given(vec![placed(), paid(), prepared()])
        .when(mark(vec![short("k1", 1)]))
        .then_expect_error(OrderError::StockSettled {
            action: "mark_out_of_stock",
        });
    order_test()
        .given(vec![placed()])
        .when(mark(vec![short("k1", 1)]))
        .then_expect_error(wrong("mark_out_of_stock", OrderStatus::PendingPayment));
}

// Abnormal.

#[test]
fn an_order_is_flagged_abnormal_and_resolved_with_reasons() {
    let flagged = OrderEvent::OrderFlaggedAbnormal {
        reason: "地址不详".into(),
        at: AT + 2,
    };
    order_test()
        .given(vec![placed(), paid()])
        .when(OrderCommand::FlagAbnormal {
            reason: " 地址不详 ".into(),
            at: AT + 2,
        })
        .then_expect_events(vec![flagged.clone()]);
    order_test()
        .given(vec![placed(), paid(), flagged.clone()])
        .when(OrderCommand::FlagAbnormal {
            reason: "again".into(),
            at: AT + 3,
        })
        .then_expect_error(OrderError::AlreadyAbnormal);
    order_test()
        .given(vec![placed(), paid(), flagged.clone()])
        .when(OrderCommand::ResolveAbnormal {
            resolution: "".into(),
            at: AT + 3,
        })
        .then_expect_error(OrderError::ReasonRequired);
    order_test()
        .given(vec![placed(), paid(), flagged])
        .when(OrderCommand::ResolveAbnormal {
            resolution: "已联系买家".into(),
            at: AT + 3,
        })
        .then_expect_events(vec![OrderEvent::AbnormalResolved {
            resolution: "已联系买家".into(),
            at: AT + 3,
        }]);
    order_test()
        .given(vec![placed(), paid()])
        .when(OrderCommand::ResolveAbnormal {
            resolution: "x".into(),
            at: AT + 3,
        })
        .then_expect_error(OrderError::NotAbnormal);
    order_test()
        .given(vec![placed(), paid()])
        .when(OrderCommand::FlagAbnormal {
            reason: " ".into(),
            at: AT + 2,
        })
        .then_expect_error(OrderError::ReasonRequired);
}

// Shipping, completion, review.

fn ship(tracking: &str) -> OrderCommand {
    OrderCommand::Ship {
        courier: Courier::Zto,
        tracking_no: tracking.into(),
        at: AT + 3,
    }
}

#[test]
fn a_prepared_order_ships_with_a_tracking_number() {
    order_test()
        .given(vec![placed(), paid(), prepared()])
        .when(ship(" ZT123 "))
        .then_expect_events(vec![shipped()]);
}

#[test]
fn shipping_needs_stock_a_tracking_number_and_no_open_abnormality() {
    order_test()
        .given(vec![placed(), paid()])
        .when(ship("ZT1"))
        .then_expect_error(OrderError::StockNotPrepared);
    order_test()
        .given(vec![placed(), paid(), prepared()])
        .when(ship(" "))
        .then_expect_error(OrderError::TrackingRequired);
    let flagged = OrderEvent::OrderFlaggedAbnormal {
        reason: "x".into(),
        at: AT + 2,
    };
    order_test()
        .given(vec![placed(), paid(), prepared(), flagged])
        .when(ship("ZT1"))
        .then_expect_error(OrderError::AbnormalBlocksShipping);
    order_test()
        .given(vec![placed()])
        .when(ship("ZT1"))
        .then_expect_error(wrong("ship", OrderStatus::PendingPayment));
}

#[test]
fn receipt_completes_a_shipped_order_once() {
    order_test()
        .given(vec![placed(), paid(), prepared(), shipped()])
        .when(OrderCommand::ConfirmReceipt { at: AT + 4 })
        .then_expect_events(vec![completed()]);
    order_test()
        .given(vec![placed(), paid(), prepared(), shipped(), completed()])
        .when(OrderCommand::ConfirmReceipt { at: AT + 5 })
        .then_expect_events(vec![]);
    order_test()
        .given(vec![placed(), paid()])
        .when(OrderCommand::ConfirmReceipt { at: AT + 4 })
        .then_expect_error(wrong("confirm_receipt", OrderStatus::ToBeShipped));
}

#[test]
fn an_order_completes_by_itself_only_after_the_configured_days() {
    let given = || vec![placed(), paid(), prepared(), shipped()];
    order_test()
        .given(given())
        .when(OrderCommand::CompleteAutomatically {
            days: 10,
            at: AT + 3 + 10 * 86_400 - 1,
        })
        .then_expect_error(OrderError::TooEarlyToComplete { days: 10 });
    order_test()
        .given(given())
        .when(OrderCommand::CompleteAutomatically {
            days: 10,
            at: AT + 3 + 10 * 86_400,
        })
        .then_expect_events(vec![OrderEvent::OrderCompleted {
            automatic: true,
            at: AT + 3 + 10 * 86_400,
        }]);
}

#[test]
fn a_completed_order_is_reviewed_once_with_a_rating_of_one_to_five() {
    let given = || vec![placed(), paid(), prepared(), shipped(), completed()];
    let review = |rating| OrderCommand::Review {
        rating,
        content: " 质量很好 ".into(),
        at: AT + 6,
    };
    order_test()
        .given(given())
        .when(review(5))
        .then_expect_events(vec![OrderEvent::OrderReviewed {
            rating: 5,
            content: "质量很好".into(),
            at: AT + 6,
        }]);
    order_test()
        .given(given())
        .when(review(0))
        .then_expect_error(OrderError::RatingOutOfRange);
    order_test()
        .given(given())
        .when(review(6))
        .then_expect_error(OrderError::RatingOutOfRange);
    let mut reviewed = given();
    reviewed.push(OrderEvent::OrderReviewed {
        rating: 4,
        content: String::new(),
        at: AT + 6,
    });
    order_test()
        .given(reviewed)
        .when(review(5))
        .then_expect_error(OrderError::AlreadyReviewed);
    order_test()
        .given(vec![placed(), paid(), prepared(), shipped()])
        .when(review(5))
        .then_expect_error(wrong("review", OrderStatus::Shipped));
}

#[test]
fn every_error_has_a_stable_key_and_names_the_state() {
    let error = wrong("ship", OrderStatus::Cancelled);
    assert_eq!(error.key(), "order.wrong_state");
    assert_eq!(
        error.params(),
        vec![
            ("action", "ship".to_string()),
            ("status", "cancelled".to_string())
        ]
    );
    assert_eq!(error.to_string(), "cannot ship: the order is cancelled");
}

#[test]
fn the_aggregate_type_is_fixed() {
    use cqrs_es::Aggregate;
    assert_eq!(Order::TYPE, "order");
}
