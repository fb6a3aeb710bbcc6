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
    OrderCommand::Place(PlaceOrder {
        order_no: NO.into(),
        user_id: "u1".into(),
        lines,
        destination,
        courier: Courier::Zto,
        qc: QcLevel::Basic,
        value_added: vec![ValueAdded::RemoveTag, ValueAdded::RemoveTag],
        coupons: vec![],
        remark: " 尽快发货 ".into(),
        priority: ShippingPriority::Split,
        at: AT,
    })
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
        coupons: vec![],
        line_shares: vec![],
        remark: "尽快发货".into(),
        priority: ShippingPriority::Split,
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
        ship_to: None,
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
            ship_to: None,
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
        report_id: None,
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
            report_id: None,
        })
        .then_expect_events(vec![OrderEvent::StockShortage {
            shortages: vec![short("k1", 1)],
            refund: Fen(5_140),
            refund_id: format!("{NO}-short-1"),
            all: false,
            at: AT + 2,
            report_id: None,
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
        report_id: None,
    };
    order_test()
        .given(vec![placed(), paid(), first.clone()])
        .when(OrderCommand::MarkOutOfStock {
            shortages: vec![short("k1", 1), short("k2", 1)],
            at: AT + 3,
            report_id: None,
        })
        .then_expect_events(vec![OrderEvent::StockShortage {
            shortages: vec![short("k1", 1), short("k2", 1)],
            refund: Fen(13_030 - 5_140),
            refund_id: format!("{NO}-short-2"),
            all: true,
            at: AT + 3,
            report_id: None,
        }]);
    let all = OrderEvent::StockShortage {
        shortages: vec![short("k1", 1), short("k2", 1)],
        refund: Fen(13_030 - 5_140),
        refund_id: format!("{NO}-short-2"),
        all: true,
        at: AT + 3,
        report_id: None,
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
        report_id: None,
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
    // The same flag again answers like the first time.
    order_test()
        .given(vec![placed(), paid(), flagged.clone()])
        .when(OrderCommand::FlagAbnormal {
            reason: "地址不详".into(),
            at: AT + 3,
        })
        .then_expect_events(vec![]);
    order_test()
        .given(vec![placed(), paid(), flagged.clone()])
        .when(OrderCommand::ResolveAbnormal {
            resolution: "".into(),
            at: AT + 3,
        })
        .then_expect_error(OrderError::ReasonRequired);
    order_test()
        .given(vec![placed(), paid(), flagged.clone()])
        .when(OrderCommand::ResolveAbnormal {
            resolution: "已联系买家".into(),
            at: AT + 3,
        })
        .then_expect_events(vec![OrderEvent::AbnormalResolved {
            resolution: "已联系买家".into(),
            at: AT + 3,
        }]);
    let resolved = OrderEvent::AbnormalResolved {
        resolution: "已联系买家".into(),
        at: AT + 3,
    };
    order_test()
        .given(vec![placed(), paid(), flagged.clone(), resolved.clone()])
        .when(OrderCommand::ResolveAbnormal {
            resolution: "已联系买家".into(),
            at: AT + 4,
        })
        .then_expect_events(vec![]);
    order_test()
        .given(vec![placed(), paid(), flagged.clone(), resolved])
        .when(OrderCommand::ResolveAbnormal {
            resolution: "另一个结果".into(),
            at: AT + 4,
        })
        .then_expect_error(OrderError::NotAbnormal);
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

// After-sale claims and refunds.

fn claim_cmd(id: &str, sku: &str, quantity: i64, before_shipping: bool) -> OrderCommand {
    OrderCommand::ClaimForAfterSale {
        after_sale_id: id.into(),
        lines: vec![Claim {
            sku_id: sku.into(),
            quantity,
        }],
        before_shipping,
        at: AT + 5,
    }
}

fn claimed(id: &str, sku: &str, quantity: i64) -> OrderEvent {
    OrderEvent::AfterSaleClaimed {
        after_sale_id: id.into(),
        lines: vec![Claim {
            sku_id: sku.into(),
            quantity,
        }],
        at: AT + 5,
    }
}

fn delivered() -> Vec<OrderEvent> {
    vec![placed(), paid(), prepared(), shipped(), completed()]
}

#[test]
fn an_after_sale_claims_at_most_what_was_bought_and_not_claimed_yet() {
    order_test()
        .given(delivered())
        .when(claim_cmd("SH1", "k1", 2, false))
        .then_expect_events(vec![claimed("SH1", "k1", 2)]);
    let mut given = delivered();
    given.push(claimed("SH1", "k1", 1));
    order_test()
        .given(given.clone())
        .when(claim_cmd("SH2", "k1", 2, false))
        .then_expect_error(OrderError::ClaimTooLarge {
            item_no: "Ak1".into(),
            available: 1,
        });
    // The same after-sale again changes nothing.
    order_test()
        .given(given.clone())
        .when(claim_cmd("SH1", "k1", 1, false))
        .then_expect_events(vec![]);
    // Released by a rejection or cancellation, the items can be claimed again.
    given.push(OrderEvent::AfterSaleClaimReleased {
        after_sale_id: "SH1".into(),
        at: AT + 6,
    });
    order_test()
        .given(given)
        .when(claim_cmd("SH2", "k1", 2, false))
        .then_expect_events(vec![claimed("SH2", "k1", 2)]);
}

#[test]
fn a_claim_must_fit_whether_the_goods_were_shipped() {
    order_test()
        .given(vec![placed(), paid()])
        .when(claim_cmd("SH1", "k1", 1, false))
        .then_expect_error(OrderError::ClaimWrongState {
            status: OrderStatus::ToBeShipped,
        });
    order_test()
        .given(delivered())
        .when(claim_cmd("SH1", "k1", 1, true))
        .then_expect_error(OrderError::ClaimWrongState {
            status: OrderStatus::Completed,
        });
    order_test()
        .given(vec![placed()])
        .when(claim_cmd("SH1", "k1", 1, true))
        .then_expect_error(OrderError::ClaimWrongState {
            status: OrderStatus::PendingPayment,
        });
    order_test()
        .given(vec![placed(), paid()])
        .when(claim_cmd("SH1", "k9", 1, true))
        .then_expect_error(OrderError::UnknownItem { sku_id: "k9".into() });
}

#[test]
fn short_items_cannot_be_claimed_and_claimed_items_cannot_be_short() {
    order_test()
        .given(vec![placed(), paid(), claimed("SH1", "k2", 1)])
        .when(OrderCommand::MarkOutOfStock {
            shortages: vec![short("k2", 1)],
            at: AT + 6,
            report_id: None,
        })
        .then_expect_error(OrderError::ShortageTooLarge {
            sku_id: "k2".into(),
            available: 0,
        });
}

#[test]
fn after_sale_refunds_together_never_exceed_what_was_paid() {
    let mut given = delivered();
    given.push(claimed("SH1", "k1", 2));
    given.push(claimed("SH2", "k2", 1));
    let record = |id: &str, amount: i64| OrderCommand::RecordAfterSaleRefund {
        after_sale_id: id.into(),
        amount: Fen(amount),
        at: AT + 7,
    };
    order_test()
        .given(given.clone())
        .when(record("SH1", 13_031))
        .then_expect_error(OrderError::RefundExceedsPaid {
            amount: Fen(13_031),
            refundable: Fen(13_030),
        });
    order_test()
        .given(given.clone())
        .when(record("SH9", 100))
        .then_expect_error(OrderError::UnknownClaim {
            after_sale_id: "SH9".into(),
        });
    let recorded = OrderEvent::AfterSaleRefundRecorded {
        after_sale_id: "SH1".into(),
        amount: Fen(9_980),
        coupon_share: Fen::ZERO,
        at: AT + 7,
    };
    order_test()
        .given(given.clone())
        .when(record("SH1", 9_980))
        .then_expect_events(vec![recorded.clone()]);
    given.push(recorded);
    // A retry records nothing; a different amount for the same after-sale is refused.
    order_test()
        .given(given.clone())
        .when(record("SH1", 9_980))
        .then_expect_events(vec![]);
    order_test()
        .given(given.clone())
        .when(record("SH1", 9_000))
        .then_expect_error(OrderError::AfterSaleAlreadyRefunded {
            after_sale_id: "SH1".into(),
            amount: Fen(9_980),
        });
    order_test()
        .given(given.clone())
        .when(record("SH2", 3_051))
        .then_expect_error(OrderError::RefundExceedsPaid {
            amount: Fen(3_051),
            refundable: Fen(3_050),
        });
    // A refunded after-sale keeps its items.
    order_test()
        .given(given)
        .when(OrderCommand::ReleaseAfterSaleClaim {
            after_sale_id: "SH1".into(),
            at: AT + 8,
        })
        .then_expect_events(vec![]);
}

#[test]
fn an_order_with_an_open_after_sale_cannot_be_cancelled_until_it_is_withdrawn() {
    let cancel = || OrderCommand::Cancel {
        reason: "不要了".into(),
        at: AT + 8,
    };
    let mut given = vec![placed(), paid(), claimed("SH1", "k2", 1)];
    order_test()
        .given(given.clone())
        .when(cancel())
        .then_expect_error(OrderError::AfterSaleOpen {
            after_sale_id: "SH1".into(),
        });
    given.push(OrderEvent::AfterSaleClaimReleased {
        after_sale_id: "SH1".into(),
        at: AT + 7,
    });
    order_test()
        .given(given)
        .when(cancel())
        .then_expect_events(vec![OrderEvent::OrderCancelled {
            reason: "不要了".into(),
            refund: Fen(13_030),
            refund_id: format!("{NO}-cancel"),
            at: AT + 8,
        }]);
}

#[test]
fn a_refund_before_shipping_leaves_less_for_the_cancellation() {
    order_test()
        .given(vec![
            placed(),
            paid(),
            claimed("SH1", "k2", 1),
            OrderEvent::AfterSaleRefundRecorded {
                after_sale_id: "SH1".into(),
                amount: Fen(2_150),
                coupon_share: Fen::ZERO,
                at: AT + 7,
            },
        ])
        .when(OrderCommand::Cancel {
            reason: "不要了".into(),
            at: AT + 8,
        })
        .then_expect_events(vec![OrderEvent::OrderCancelled {
            reason: "不要了".into(),
            refund: Fen(13_030 - 2_150),
            refund_id: format!("{NO}-cancel"),
            at: AT + 8,
        }]);
}

#[test]
fn the_facts_an_application_reads_count_what_is_left() {
    let mut order = Order::default();
    for event in [placed(), paid(), claimed("SH1", "k1", 1)] {
        cqrs_es::Aggregate::apply(&mut order, event);
    }
    let facts = order.after_sale_facts();
    assert_eq!(facts.status, OrderStatus::ToBeShipped);
    assert_eq!(
        facts
            .lines
            .iter()
            .map(|l| (l.bought, l.available))
            .collect::<Vec<_>>(),
        vec![(2, 1), (1, 1)]
    );
    assert_eq!(facts.unshipped_items, 2);
    assert_eq!(facts.per_item.qc, Fen(30));
    assert_eq!(facts.received_at, None);
    for event in [prepared(), shipped(), completed()] {
        cqrs_es::Aggregate::apply(&mut order, event);
    }
    assert_eq!(order.after_sale_facts().received_at, Some(AT + 4));
    assert_eq!(order.after_sale_facts().unshipped_items, 0);
}

// Coupons.

fn coupon(
    id: &str,
    kind: crate::coupon::CouponKind,
    discount: crate::coupon::Discount,
) -> crate::coupon::CouponTerms {
    crate::coupon::CouponTerms {
        coupon_id: id.into(),
        name: format!("券{id}"),
        kind,
        discount,
    }
}

fn place_with_coupons(coupons: Vec<crate::coupon::CouponTerms>) -> OrderCommand {
    let mut command = place();
    if let OrderCommand::Place(PlaceOrder { coupons: c, .. }) = &mut command {
        *c = coupons;
    }
    command
}

#[test]
fn each_coupon_discounts_its_own_part_of_the_fees() {
    use crate::coupon::{CouponKind, Discount};
    let coupons = vec![
        // 10.00 off goods of 119.80 (threshold 100.00).
        coupon(
            "CP1",
            CouponKind::Product,
            Discount::FullReduction {
                threshold: Fen(10_000),
                amount: Fen(1_000),
            },
        ),
        // Half of the service fees 3.00 + 0.90 + 0.60 = 4.50.
        coupon(
            "CP2",
            CouponKind::Service,
            Discount::Percentage {
                threshold: Fen(0),
                percent_off: 50,
            },
        ),
        // More than the shipping of 6.00: only the shipping.
        coupon(
            "CP3",
            CouponKind::Shipping,
            Discount::FullReduction {
                threshold: Fen(0),
                amount: Fen(2_000),
            },
        ),
    ];
    let result = order_test()
        .given_no_previous_events()
        .when(place_with_coupons(coupons))
        .inspect_result()
        .unwrap();
    match &result[0] {
        OrderEvent::OrderPlaced { fees, coupons, .. } => {
            let discounts: Vec<i64> = coupons.iter().map(|c| c.discount.0).collect();
            assert_eq!(discounts, vec![1_000, 225, 600]);
            assert_eq!(fees.coupon_discount, Fen(1_825));
            assert_eq!(fees.total, Fen(13_030 - 1_825));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn coupons_are_one_per_kind_and_need_their_threshold() {
    use crate::coupon::{CouponKind, Discount};
    let five_off = Discount::FullReduction {
        threshold: Fen(0),
        amount: Fen(500),
    };
    order_test()
        .given_no_previous_events()
        .when(place_with_coupons(vec![
            coupon("CP1", CouponKind::Product, five_off),
            coupon("CP2", CouponKind::Product, five_off),
        ]))
        .then_expect_error(OrderError::CouponKindTwice);
    order_test()
        .given_no_previous_events()
        .when(place_with_coupons(vec![coupon(
            "CP1",
            CouponKind::Product,
            Discount::FullReduction {
                threshold: Fen(20_000),
                amount: Fen(1_000),
            },
        )]))
        .then_expect_error(OrderError::CouponBelowThreshold {
            threshold: Fen(20_000),
        });
}

#[test]
fn an_order_remembers_its_coupons_to_release_them() {
    let mut order = Order::default();
    let mut event = placed();
    if let OrderEvent::OrderPlaced { coupons, .. } = &mut event {
        coupons.push(crate::coupon::AppliedCoupon {
            coupon_id: "CP9".into(),
            name: "券".into(),
            kind: crate::coupon::CouponKind::Shipping,
            discount: Fen(100),
        });
    }
    cqrs_es::Aggregate::apply(&mut order, event);
    assert_eq!(order.coupon_ids(), ["CP9".to_string()]);
}

#[test]
fn an_imported_platform_order_ships_to_the_buyer_without_a_label() {
    let buyer = Address {
        recipient: "王五".into(),
        phone: "13900002222".into(),
        province: "广东省".into(),
        city: "广州市".into(),
        district: "白云区".into(),
        detail: "机场路 2 号".into(),
    };
    let destination = Destination::Platform {
        platform: Platform::Shopee,
        source_order_no: "SP-1".into(),
        label_file: String::new(),
        ship_to: Some(buyer.clone()),
    };
    let events = order_test()
        .given_no_previous_events()
        .when(place_with(vec![line("k1", 1_000, 1)], destination))
        .inspect_result()
        .expect("placed");
    assert!(
        matches!(&events[0], OrderEvent::OrderPlaced { destination: Destination::Platform { ship_to: Some(a), .. }, .. } if *a == buyer)
    );

    let no_detail = Destination::Platform {
        platform: Platform::Shopee,
        source_order_no: "SP-2".into(),
        label_file: String::new(),
        ship_to: Some(Address {
            detail: " ".into(),
            ..buyer
        }),
    };
    order_test()
        .given_no_previous_events()
        .when(place_with(vec![line("k1", 1_000, 1)], no_detail))
        .then_expect_error(OrderError::DetailRequired);
}

#[test]
fn shipping_again_with_the_same_parcel_answers_like_the_first_time() {
    let ship = |tracking: &str| OrderCommand::Ship {
        courier: Courier::Zto,
        tracking_no: tracking.into(),
        at: AT + 9,
    };
    order_test()
        .given(vec![placed(), paid(), prepared(), shipped()])
        .when(ship(" ZT123 "))
        .then_expect_events(vec![]);
    order_test()
        .given(vec![placed(), paid(), prepared(), shipped(), completed()])
        .when(ship("ZT123"))
        .then_expect_events(vec![]);
    order_test()
        .given(vec![placed(), paid(), prepared(), shipped()])
        .when(ship("ZT999"))
        .then_expect_error(wrong("ship", OrderStatus::Shipped));
}

#[test]
fn a_shortage_report_sent_again_reports_nothing_new() {
    let report = |shortages: Vec<Shortage>| OrderCommand::MarkOutOfStock {
        shortages,
        at: AT + 3,
        report_id: Some("R1".into()),
    };
    let first = OrderEvent::StockShortage {
        shortages: vec![short("k1", 1)],
        refund: Fen(5_140),
        refund_id: format!("{NO}-short-1"),
        all: false,
        at: AT + 2,
        report_id: Some("R1".into()),
    };
    order_test()
        .given(vec![placed(), paid()])
        .when(report(vec![short("k1", 1)]))
        .then_expect_events(vec![OrderEvent::StockShortage {
            shortages: vec![short("k1", 1)],
            refund: Fen(5_140),
            refund_id: format!("{NO}-short-1"),
            all: false,
            at: AT + 3,
            report_id: Some("R1".into()),
        }]);
    order_test()
        .given(vec![placed(), paid(), first.clone()])
        .when(report(vec![short("k1", 1)]))
        .then_expect_events(vec![]);
    order_test()
        .given(vec![placed(), paid(), first])
        .when(report(vec![short("k2", 1)]))
        .then_expect_error(OrderError::ShortageReportReused {
            report_id: "R1".into(),
        });
}

// Coupons shared over the lines (分摊), and refunds of shipped goods at what they were paid.

/// The issue's order: 2 × 62.90 with 10.00 off the goods, ZTO 4.00 + 1.00, service 2 × 1.00, no QC:
/// goods 115.80 after the coupon, fees 7.00, paid 122.80.
fn coupon_order() -> OrderCommand {
    use crate::coupon::{CouponKind, Discount};
    OrderCommand::Place(PlaceOrder {
        order_no: NO.into(),
        user_id: "u1".into(),
        lines: vec![line("k1", 6_290, 2)],
        destination: domestic(),
        courier: Courier::Zto,
        qc: QcLevel::None,
        value_added: vec![],
        coupons: vec![coupon(
            "CP1",
            CouponKind::Product,
            Discount::FullReduction {
                threshold: Fen(10_000),
                amount: Fen(1_000),
            },
        )],
        remark: String::new(),
        priority: ShippingPriority::Together,
        at: AT,
    })
}

fn coupon_order_placed() -> OrderEvent {
    order_test()
        .given_no_previous_events()
        .when(coupon_order())
        .inspect_result()
        .unwrap()
        .remove(0)
}

fn coupon_order_shipped(placed: OrderEvent) -> Vec<OrderEvent> {
    vec![
        placed,
        OrderEvent::OrderPaid {
            method: PaymentMethod::Wallet,
            reference: format!("wallet-{NO}"),
            amount: Fen(12_280),
            at: AT + 1,
        },
        prepared(),
        shipped(),
    ]
}

fn record(id: &str, amount: i64) -> OrderCommand {
    OrderCommand::RecordAfterSaleRefund {
        after_sale_id: id.into(),
        amount: Fen(amount),
        at: AT + 7,
    }
}

fn recorded(id: &str, amount: i64, coupon_share: i64) -> OrderEvent {
    OrderEvent::AfterSaleRefundRecorded {
        after_sale_id: id.into(),
        amount: Fen(amount),
        coupon_share: Fen(coupon_share),
        at: AT + 7,
    }
}

#[test]
fn placing_stores_each_line_s_share_of_the_goods_coupon() {
    let placed = coupon_order_placed();
    match &placed {
        OrderEvent::OrderPlaced {
            fees, line_shares, ..
        } => {
            assert_eq!(fees.total, Fen(12_280));
            assert_eq!(
                line_shares,
                &vec![LineShare {
                    sku_id: "k1".into(),
                    coupon: Fen(1_000),
                }]
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn shipped_goods_bought_with_a_coupon_are_refunded_at_their_paid_share_not_the_fees() {
    let mut given = coupon_order_shipped(coupon_order_placed());
    given.push(claimed("SH1", "k1", 1));
    // Today's first refund, the list price 62.90, is more than the 57.90 the piece was paid.
    order_test()
        .given(given.clone())
        .when(record("SH1", 6_290))
        .then_expect_error(OrderError::RefundExceedsGoodsPaid {
            amount: Fen(6_290),
            goods: Fen(5_790),
        });
    order_test()
        .given(given.clone())
        .when(record("SH1", 5_790))
        .then_expect_events(vec![recorded("SH1", 5_790, 500)]);
    given.push(recorded("SH1", 5_790, 500));
    given.push(claimed("SH2", "k1", 1));
    // The second piece: 57.90 too, never the 65.00 left of the payment with the fees.
    order_test()
        .given(given.clone())
        .when(record("SH2", 6_490))
        .then_expect_error(OrderError::RefundExceedsGoodsPaid {
            amount: Fen(6_490),
            goods: Fen(5_790),
        });
    order_test()
        .given(given.clone())
        .when(record("SH2", 5_790))
        .then_expect_events(vec![recorded("SH2", 5_790, 500)]);
    given.push(recorded("SH2", 5_790, 500));
    let mut order = Order::default();
    for event in given {
        cqrs_es::Aggregate::apply(&mut order, event);
    }
    // 115.80 of goods back; the 7.00 of fees stay with the order.
    assert_eq!(order.refundable(), Fen(700));
}

#[test]
fn an_order_placed_before_the_shares_were_stored_gets_the_same_shares() {
    let mut placed = coupon_order_placed();
    if let OrderEvent::OrderPlaced { line_shares, .. } = &mut placed {
        line_shares.clear();
    }
    let mut given = coupon_order_shipped(placed);
    given.push(claimed("SH1", "k1", 2));
    order_test()
        .given(given)
        .when(record("SH1", 11_580))
        .then_expect_events(vec![recorded("SH1", 11_580, 1_000)]);
}

#[test]
fn a_line_refunded_one_piece_at_a_time_gives_back_its_paid_share_to_the_fen() {
    use crate::coupon::{CouponKind, Discount};
    // 3 × 10.00 with 10.00 off: the pieces carry 3.33, 3.33 and the last 3.34 of the coupon, so
    // 6.67 + 6.67 + 6.66 = 20.00, the line's paid share.
    let mut command = coupon_order();
    if let OrderCommand::Place(PlaceOrder { lines, coupons, .. }) = &mut command {
        *lines = vec![line("k1", 1_000, 3)];
        coupons[0].discount = Discount::FullReduction {
            threshold: Fen(0),
            amount: Fen(1_000),
        };
        coupons[0].kind = CouponKind::Product;
    }
    let placed = order_test()
        .given_no_previous_events()
        .when(command)
        .inspect_result()
        .unwrap()
        .remove(0);
    let OrderEvent::OrderPlaced { fees, .. } = &placed else {
        panic!("{placed:?}")
    };
    let mut given = coupon_order_shipped(placed.clone());
    if let OrderEvent::OrderPaid { amount, .. } = &mut given[1] {
        *amount = fees.total;
    }
    let mut refunded = 0;
    for (n, expected) in [(1, 667), (2, 667), (3, 666)] {
        let id = format!("SH{n}");
        given.push(claimed(&id, "k1", 1));
        order_test()
            .given(given.clone())
            .when(record(&id, expected + 1))
            .then_expect_error(OrderError::RefundExceedsGoodsPaid {
                amount: Fen(expected + 1),
                goods: Fen(expected),
            });
        given.push(recorded(&id, expected, 1_000 - expected));
        refunded += expected;
    }
    assert_eq!(refunded, 2_000);
}

#[test]
fn a_shortage_refunds_the_goods_at_their_paid_share_and_their_fees() {
    let placed = coupon_order_placed();
    let given = vec![
        placed,
        OrderEvent::OrderPaid {
            method: PaymentMethod::Wallet,
            reference: format!("wallet-{NO}"),
            amount: Fen(12_280),
            at: AT + 1,
        },
    ];
    // One piece short: 57.90 paid for it and its 1.00 service fee.
    order_test()
        .given(given)
        .when(OrderCommand::MarkOutOfStock {
            shortages: vec![short("k1", 1)],
            at: AT + 2,
            report_id: None,
        })
        .then_expect_events(vec![OrderEvent::StockShortage {
            shortages: vec![short("k1", 1)],
            refund: Fen(5_890),
            refund_id: format!("{NO}-short-1"),
            all: false,
            at: AT + 2,
            report_id: None,
        }]);
}
