//! The coupon's rules, given/when/then: issuing, redeeming once, releasing, validity and thresholds.

use cqrs_es::test::TestFramework;

use super::*;
use crate::money::Fen;

const AT: i64 = 1_795_000_000;
const DAY: i64 = 86_400;

fn test() -> TestFramework<Coupon> {
    TestFramework::with(())
}

fn ten_off_a_hundred() -> Discount {
    Discount::FullReduction {
        threshold: Fen(10_000),
        amount: Fen(1_000),
    }
}

fn issue(discount: Discount) -> CouponCommand {
    CouponCommand::Issue {
        user_id: "u1".into(),
        name: " 满100减10 ".into(),
        name_en: " ¥10 off over ¥100 ".into(),
        kind: CouponKind::Product,
        discount,
        valid_from: AT,
        valid_to: AT + 30 * DAY,
        source: "operator".into(),
        at: AT,
    }
}

fn issued(discount: Discount) -> CouponEvent {
    CouponEvent::CouponIssued {
        user_id: "u1".into(),
        name: "满100减10".into(),
        name_en: "¥10 off over ¥100".into(),
        kind: CouponKind::Product,
        discount,
        valid_from: AT,
        valid_to: AT + 30 * DAY,
        source: "operator".into(),
        at: AT,
    }
}

fn redeem(order_no: &str, base: i64, at: i64) -> CouponCommand {
    CouponCommand::Redeem {
        order_no: order_no.into(),
        base: Fen(base),
        at,
    }
}

fn redeemed(order_no: &str, discount: i64) -> CouponEvent {
    CouponEvent::CouponRedeemed {
        order_no: order_no.into(),
        discount: Fen(discount),
        at: AT + DAY,
    }
}

#[test]
fn an_operator_issues_a_coupon_with_sound_terms() {
    test()
        .given_no_previous_events()
        .when(issue(ten_off_a_hundred()))
        .then_expect_events(vec![issued(ten_off_a_hundred())]);
    let cases = [
        (
            Discount::FullReduction {
                threshold: Fen(0),
                amount: Fen(0),
            },
            CouponError::AmountNotPositive,
        ),
        (
            Discount::Percentage {
                threshold: Fen(0),
                percent_off: 100,
            },
            CouponError::PercentOutOfRange,
        ),
        (
            Discount::Percentage {
                threshold: Fen(-1),
                percent_off: 10,
            },
            CouponError::ThresholdNegative,
        ),
    ];
    for (discount, error) in cases {
        test()
            .given_no_previous_events()
            .when(issue(discount))
            .then_expect_error(error);
    }
    let mut nameless = issue(ten_off_a_hundred());
    if let CouponCommand::Issue { name, .. } = &mut nameless {
        *name = " ".into();
    }
    test()
        .given_no_previous_events()
        .when(nameless)
        .then_expect_error(CouponError::NameRequired);
    let mut backwards = issue(ten_off_a_hundred());
    if let CouponCommand::Issue { valid_to, .. } = &mut backwards {
        *valid_to = AT - 1;
    }
    test()
        .given_no_previous_events()
        .when(backwards)
        .then_expect_error(CouponError::EndsBeforeStart);
}

fn issue_named(name: &str, name_en: &str, source: &str) -> CouponCommand {
    let mut command = issue(ten_off_a_hundred());
    if let CouponCommand::Issue {
        name: n,
        name_en: e,
        source: s,
        ..
    } = &mut command
    {
        *n = name.into();
        *e = name_en.into();
        *s = source.into();
    }
    command
}

#[test]
fn an_operator_names_a_coupon_in_chinese_and_in_english() {
    test()
        .given_no_previous_events()
        .when(issue_named("满100减10", "  ", "operator"))
        .then_expect_error(CouponError::NameEnRequired);
    test()
        .given_no_previous_events()
        .when(issue_named("满100减10", &"x".repeat(201), "operator"))
        .then_expect_error(CouponError::NameTooLong {
            field: "name_en",
            max: 200,
        });
    // Characters, not bytes: 200 Chinese characters are a name.
    test()
        .given_no_previous_events()
        .when(issue_named(&"券".repeat(201), "Coupon", "operator"))
        .then_expect_error(CouponError::NameTooLong {
            field: "name",
            max: 200,
        });
    for bad in ["Ten\u{0}off", "Ten\noff", "Ten\u{85}off"] {
        test()
            .given_no_previous_events()
            .when(issue_named("满100减10", bad, "operator"))
            .then_expect_error(CouponError::NameControlCharacter { field: "name_en" });
    }
    test()
        .given_no_previous_events()
        .when(issue_named("满100\t减10", "Ten off", "operator"))
        .then_expect_error(CouponError::NameControlCharacter { field: "name" });
    let mut long_enough = issued(ten_off_a_hundred());
    if let CouponEvent::CouponIssued { name, name_en, .. } = &mut long_enough {
        *name = "券".repeat(200);
        *name_en = "x".repeat(200);
    }
    test()
        .given_no_previous_events()
        .when(issue_named(&"券".repeat(200), &"x".repeat(200), "operator"))
        .then_expect_events(vec![long_enough]);
    // The console and the CLI check the same rules before anything is issued.
    assert_eq!(
        validate_terms("满100减10", "", ten_off_a_hundred(), AT, AT + DAY),
        Err(CouponError::NameEnRequired)
    );
    assert_eq!(
        validate_terms("满100减10", "Ten off", ten_off_a_hundred(), AT, AT + DAY),
        Ok(())
    );
}

#[test]
fn a_claim_of_a_coupon_published_before_english_names_has_none() {
    let mut claimed = issued(ten_off_a_hundred());
    if let CouponEvent::CouponIssued { name_en, source, .. } = &mut claimed {
        *name_en = String::new();
        *source = "CT1".into();
    }
    test()
        .given_no_previous_events()
        .when(issue_named(" 满100减10 ", "", "CT1"))
        .then_expect_events(vec![claimed]);
    // One it copies passes the same rules.
    test()
        .given_no_previous_events()
        .when(issue_named("满100减10", "a\u{1b}b", "CT1"))
        .then_expect_error(CouponError::NameControlCharacter { field: "name_en" });
}

#[test]
fn an_event_stored_before_english_names_still_applies() {
    // As stored before `name_en` existed.
    let old: CouponEvent = serde_json::from_value(serde_json::json!({
        "CouponIssued": {
            "user_id": "u1",
            "name": "满100减10",
            "kind": "Product",
            "discount": {"FullReduction": {"threshold": 10_000, "amount": 1_000}},
            "valid_from": AT,
            "valid_to": AT + 30 * DAY,
            "source": "operator",
            "at": AT
        }
    }))
    .expect("an old CouponIssued reads");
    let CouponEvent::CouponIssued { name_en, .. } = &old else {
        panic!("not an issue: {old:?}");
    };
    assert_eq!(name_en, "");
    test()
        .given(vec![old.clone()])
        .when(redeem("JP1", 10_000, AT + DAY))
        .then_expect_events(vec![redeemed("JP1", 1_000)]);
    test()
        .given(vec![old])
        .when(issue(ten_off_a_hundred()))
        .then_expect_events(vec![]);
}

#[test]
fn a_retried_claim_issues_nothing_more_and_another_issue_is_refused() {
    test()
        .given(vec![issued(ten_off_a_hundred())])
        .when(issue(ten_off_a_hundred()))
        .then_expect_events(vec![]);
    let mut other = issue(ten_off_a_hundred());
    if let CouponCommand::Issue { user_id, .. } = &mut other {
        *user_id = "u2".into();
    }
    test()
        .given(vec![issued(ten_off_a_hundred())])
        .when(other)
        .then_expect_error(CouponError::AlreadyIssued);
}

#[test]
fn a_full_reduction_applies_from_its_threshold() {
    test()
        .given(vec![issued(ten_off_a_hundred())])
        .when(redeem("JP1", 9_999, AT + DAY))
        .then_expect_error(CouponError::BelowThreshold {
            threshold: Fen(10_000),
        });
    test()
        .given(vec![issued(ten_off_a_hundred())])
        .when(redeem("JP1", 10_000, AT + DAY))
        .then_expect_events(vec![redeemed("JP1", 1_000)]);
}

#[test]
fn a_percentage_rounds_down_and_never_exceeds_its_part() {
    let tenth = Discount::Percentage {
        threshold: Fen(0),
        percent_off: 10,
    };
    test()
        .given(vec![issued(tenth)])
        .when(redeem("JP1", 1_999, AT + DAY))
        .then_expect_events(vec![redeemed("JP1", 199)]);
    let big = Discount::FullReduction {
        threshold: Fen(0),
        amount: Fen(5_000),
    };
    assert_eq!(big.off(Fen(300)), Some(Fen(300)));
    assert_eq!(tenth.off(Fen(0)), Some(Fen(0)));
}

#[test]
fn a_coupon_is_redeemed_by_one_order_only() {
    test()
        .given(vec![issued(ten_off_a_hundred()), redeemed("JP1", 1_000)])
        .when(redeem("JP2", 20_000, AT + DAY))
        .then_expect_error(CouponError::AlreadyUsed);
    test()
        .given(vec![issued(ten_off_a_hundred()), redeemed("JP1", 1_000)])
        .when(redeem("JP1", 20_000, AT + DAY))
        .then_expect_events(vec![]);
}

#[test]
fn a_coupon_is_only_redeemed_while_valid() {
    for at in [AT - 1, AT + 30 * DAY + 1] {
        test()
            .given(vec![issued(ten_off_a_hundred())])
            .when(redeem("JP1", 20_000, at))
            .then_expect_error(CouponError::NotValidNow);
    }
    test()
        .given_no_previous_events()
        .when(redeem("JP1", 20_000, AT))
        .then_expect_error(CouponError::NotIssued);
}

#[test]
fn cancelling_the_order_releases_the_coupon_for_another() {
    let released = CouponEvent::CouponReleased {
        order_no: "JP1".into(),
        at: AT + 2 * DAY,
    };
    test()
        .given(vec![issued(ten_off_a_hundred()), redeemed("JP1", 1_000)])
        .when(CouponCommand::Release {
            order_no: "JP1".into(),
            at: AT + 2 * DAY,
        })
        .then_expect_events(vec![released.clone()]);
    // Another order's release, or a second one, changes nothing.
    for given in [
        vec![issued(ten_off_a_hundred()), redeemed("JP1", 1_000)],
        vec![
            issued(ten_off_a_hundred()),
            redeemed("JP1", 1_000),
            released.clone(),
        ],
    ] {
        let order = if given.len() == 2 { "JP9" } else { "JP1" };
        test()
            .given(given)
            .when(CouponCommand::Release {
                order_no: order.into(),
                at: AT + 3 * DAY,
            })
            .then_expect_events(vec![]);
    }
    test()
        .given(vec![
            issued(ten_off_a_hundred()),
            redeemed("JP1", 1_000),
            released,
        ])
        .when(redeem("JP2", 20_000, AT + 3 * DAY))
        .then_expect_events(vec![CouponEvent::CouponRedeemed {
            order_no: "JP2".into(),
            discount: Fen(1_000),
            at: AT + 3 * DAY,
        }]);
}

#[test]
fn codes_round_trip() {
    for kind in CouponKind::ALL {
        assert_eq!(CouponKind::from_code(kind.code()), Some(kind));
    }
    assert_eq!(ten_off_a_hundred().type_code(), "full_reduction");
}
