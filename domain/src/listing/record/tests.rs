//! The listing record's rules, given/when/then: recorded with its SKUs, again from a new package
//! (replacing), not twice from the same package, never over another seller's record, and removed once.

use cqrs_es::test::TestFramework;

use super::*;
use crate::money::Fen;

const AT: i64 = 1_795_000_000;

fn test() -> TestFramework<Listing> {
    TestFramework::with(())
}

fn sku(id: &str, cost: i64, listed: i64, stock: i64) -> ListedSku {
    ListedSku {
        sku_id: id.into(),
        color: "黑色".into(),
        size: "M".into(),
        cost: Fen(cost),
        listed: Fen(listed),
        stock,
    }
}

fn product(package: &str, skus: Vec<ListedSku>) -> Box<ListedProduct> {
    Box::new(ListedProduct {
        user_id: "u1".into(),
        shop_id: "shop1".into(),
        shop_name: "小王的淘宝店".into(),
        platform: "taobao".into(),
        package_id: package.into(),
        product_id: "p1".into(),
        item_no: "A100".into(),
        title: "【现货】T恤".into(),
        skus,
    })
}

fn listed(package: &str) -> ListingEvent {
    ListingEvent::ProductListed {
        listed: product(package, vec![sku("k1", 2000, 3500, 10), sku("k2", 2000, 3500, 0)]),
        at: AT,
    }
}

fn record(package: &str) -> ListingCommand {
    ListingCommand::Record {
        listed: product(package, vec![sku("k1", 2000, 3500, 10), sku("k2", 2000, 3500, 0)]),
        at: AT,
    }
}

#[test]
fn a_package_records_the_product_with_its_skus_and_prices() {
    test()
        .given_no_previous_events()
        .when(record("PK1"))
        .then_expect_events(vec![listed("PK1")]);
}

#[test]
fn the_same_package_again_records_nothing_and_a_new_one_replaces_the_prices() {
    test()
        .given(vec![listed("PK1")])
        .when(record("PK1"))
        .then_expect_events(vec![]);
    let cheaper = ListingCommand::Record {
        listed: product("PK2", vec![sku("k1", 1800, 3300, 4)]),
        at: AT + 60,
    };
    test()
        .given(vec![listed("PK1")])
        .when(cheaper)
        .then_expect_events(vec![ListingEvent::ProductListed {
            listed: product("PK2", vec![sku("k1", 1800, 3300, 4)]),
            at: AT + 60,
        }]);
}

#[test]
fn a_listing_needs_skus_each_once_with_a_price_and_no_negative_stock() {
    let refused = |skus: Vec<ListedSku>, error: ListingError| {
        test()
            .given_no_previous_events()
            .when(ListingCommand::Record {
                listed: product("PK1", skus),
                at: AT,
            })
            .then_expect_error(error);
    };
    refused(Vec::new(), ListingError::NoSkus);
    refused(
        vec![sku("k1", 2000, 3500, 1), sku("k1", 2000, 3500, 1)],
        ListingError::SkuTwice { sku_id: "k1".into() },
    );
    refused(
        vec![sku("k1", 2000, 0, 1)],
        ListingError::PriceNotPositive { sku_id: "k1".into() },
    );
    refused(
        vec![sku("k1", 2000, 3500, -1)],
        ListingError::StockNegative { sku_id: "k1".into() },
    );
}

#[test]
fn another_sellers_record_is_neither_overwritten_nor_removed() {
    let mut theirs = product("PK9", vec![sku("k1", 2000, 3500, 1)]);
    theirs.user_id = "u2".into();
    test()
        .given(vec![listed("PK1")])
        .when(ListingCommand::Record {
            listed: theirs,
            at: AT,
        })
        .then_expect_error(ListingError::NotFound);
    test()
        .given(vec![listed("PK1")])
        .when(ListingCommand::Remove {
            user_id: "u2".into(),
            at: AT,
        })
        .then_expect_error(ListingError::NotFound);
}

#[test]
fn a_record_is_removed_once_and_listing_again_brings_it_back() {
    let remove = || ListingCommand::Remove {
        user_id: "u1".into(),
        at: AT + 5,
    };
    test()
        .given_no_previous_events()
        .when(remove())
        .then_expect_error(ListingError::NotFound);
    test()
        .given(vec![listed("PK1")])
        .when(remove())
        .then_expect_events(vec![ListingEvent::ListingRemoved { at: AT + 5 }]);
    test()
        .given(vec![listed("PK1"), ListingEvent::ListingRemoved { at: AT + 5 }])
        .when(remove())
        .then_expect_events(vec![]);
    test()
        .given(vec![listed("PK1"), ListingEvent::ListingRemoved { at: AT + 5 }])
        .when(record("PK2"))
        .then_expect_events(vec![listed("PK2")]);
}

#[test]
fn the_id_names_seller_shop_and_product() {
    assert_eq!(listing_id("u1", "shop1", "p1"), "LSu1.shop1.p1");
    let mut state = Listing::default();
    cqrs_es::Aggregate::apply(&mut state, listed("PK1"));
    assert_eq!(state.status(), ListingStatus::Listed);
    assert_eq!(state.listed().map(|l| l.skus.len()), Some(2));
}

fn mark(user: &str, position: i64, how: DoneHow) -> ListingCommand {
    ListingCommand::MarkDone {
        user_id: user.into(),
        up_to: ChangeMark { tx: 0, position },
        how,
        at: AT + 120,
    }
}

fn acted(position: i64, how: DoneHow) -> ListingEvent {
    ListingEvent::ChangesActedOn {
        up_to: ChangeMark { tx: 0, position },
        how,
        at: AT + 120,
    }
}

#[test]
fn the_seller_marks_the_stalls_changes_done_once_and_only_further_ones_again() {
    test()
        .given(vec![listed("PK1")])
        .when(mark("u1", 7, DoneHow::Updated))
        .then_expect_events(vec![acted(7, DoneHow::Updated)]);
    // a retried mark, or one up to an earlier change, finds them done already
    test()
        .given(vec![listed("PK1"), acted(7, DoneHow::Updated)])
        .when(mark("u1", 7, DoneHow::Delisted))
        .then_expect_events(vec![]);
    test()
        .given(vec![listed("PK1"), acted(7, DoneHow::Updated)])
        .when(mark("u1", 5, DoneHow::Updated))
        .then_expect_events(vec![]);
    test()
        .given(vec![listed("PK1"), acted(7, DoneHow::Updated)])
        .when(mark("u1", 9, DoneHow::Delisted))
        .then_expect_events(vec![acted(9, DoneHow::Delisted)]);
}

#[test]
fn changes_are_compared_in_the_order_the_log_is_followed_transaction_first() {
    let later_tx = ListingCommand::MarkDone {
        user_id: "u1".into(),
        up_to: ChangeMark { tx: 12, position: 3 },
        how: DoneHow::Updated,
        at: AT,
    };
    test()
        .given(vec![
            listed("PK1"),
            ListingEvent::ChangesActedOn {
                up_to: ChangeMark { tx: 11, position: 40 },
                how: DoneHow::Updated,
                at: AT,
            },
        ])
        .when(later_tx)
        .then_expect_events(vec![ListingEvent::ChangesActedOn {
            up_to: ChangeMark { tx: 12, position: 3 },
            how: DoneHow::Updated,
            at: AT,
        }]);
}

#[test]
fn only_the_owner_of_a_listing_still_recorded_marks_it_done() {
    test()
        .given_no_previous_events()
        .when(mark("u1", 7, DoneHow::Updated))
        .then_expect_error(ListingError::NotFound);
    test()
        .given(vec![listed("PK1")])
        .when(mark("u2", 7, DoneHow::Updated))
        .then_expect_error(ListingError::NotFound);
    test()
        .given(vec![listed("PK1"), ListingEvent::ListingRemoved { at: AT + 60 }])
        .when(mark("u1", 7, DoneHow::Updated))
        .then_expect_error(ListingError::NotFound);
}

#[test]
fn listing_the_product_again_keeps_what_was_marked_done() {
    test()
        .given(vec![listed("PK1"), acted(7, DoneHow::Updated), listed("PK2")])
        .when(mark("u1", 7, DoneHow::Updated))
        .then_expect_events(vec![]);
}
