//! What each line of an order was paid (分摊): a goods coupon's discount shared out over the lines it
//! discounted, by line amount, the last line taking the rounding fen. Refunds give back a line's paid
//! share, never its list price.
//!
//! A product coupon discounts the goods (`Fees::coupon_base`), so it is shared over every line;
//! service and shipping coupons discount fees, which no line carries, and are not shared here.

use serde::{Deserialize, Serialize};

use crate::coupon::{AppliedCoupon, CouponKind};
use crate::money::Fen;
use crate::order::model::OrderLine;

/// One line's part of the goods coupons, stored with the order when it is placed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineShare {
    pub sku_id: String,
    /// What the coupons took off this line's goods; the line was paid `unit_price × quantity − coupon`.
    pub coupon: Fen,
}

/// The goods coupons' discount shared out over `lines` by line amount, in line order, the last line
/// taking what rounding left; nothing without a goods coupon. Deterministic: an order placed before the shares were stored gets the
/// same shares from its event's lines and coupons.
pub fn allocate(lines: &[OrderLine], coupons: &[AppliedCoupon]) -> Vec<LineShare> {
    let discount: i128 = coupons
        .iter()
        .filter(|c| c.kind == CouponKind::Product)
        .map(|c| i128::from(c.discount.0))
        .sum();
    if discount == 0 {
        return Vec::new();
    }
    let amounts: Vec<i128> = lines
        .iter()
        .map(|l| i128::from(l.unit_price.0) * i128::from(l.quantity))
        .collect();
    let goods: i128 = amounts.iter().sum();
    let mut left = discount;
    lines
        .iter()
        .zip(&amounts)
        .enumerate()
        .map(|(i, (line, amount))| {
            let share = if i + 1 == lines.len() {
                left
            } else if goods > 0 {
                discount * amount / goods
            } else {
                0
            };
            left -= share;
            LineShare {
                sku_id: line.sku_id.clone(),
                coupon: Fen(i64::try_from(share).unwrap_or(i64::MAX)),
            }
        })
        .collect()
}

/// The shares an `OrderPlaced` event stands for: the ones it stored, or for an order placed before
/// they were stored, the same allocation computed from its lines and coupons.
pub fn shares_of(lines: &[OrderLine], coupons: &[AppliedCoupon], stored: &[LineShare]) -> Vec<LineShare> {
    if stored.is_empty() {
        allocate(lines, coupons)
    } else {
        stored.to_vec()
    }
}

/// The coupon's part of `items` pieces of a line of `quantity` whose coupon share is `coupon`, when
/// `settled` pieces of it were refunded before: each piece takes `coupon / quantity` rounded down and
/// the last piece of the line the remainder, so the refunds of a whole line give back its paid share
/// to the fen, however it is split.
pub fn coupon_for_items(coupon: Fen, quantity: i64, settled: i64, items: i64) -> Fen {
    if quantity <= 0 || items <= 0 {
        return Fen::ZERO;
    }
    let through = |n: i64| -> i64 {
        let n = n.clamp(0, quantity);
        if n == quantity {
            coupon.0
        } else {
            (coupon.0 / quantity) * n
        }
    };
    Fen(through(settled + items) - through(settled))
}

/// The most a refund of `items` pieces of a line can give back for the goods, whichever pieces they
/// are: their list price less the smallest coupon part `items` pieces can carry.
pub fn most_paid_for_items(unit_price: Fen, coupon: Fen, quantity: i64, items: i64) -> Fen {
    let items = items.clamp(0, quantity.max(0));
    let least_coupon = if items == quantity {
        coupon.0
    } else if quantity > 0 {
        (coupon.0 / quantity) * items
    } else {
        0
    };
    Fen(unit_price.0.saturating_mul(items) - least_coupon)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(sku: &str, price: i64, quantity: i64) -> OrderLine {
        OrderLine {
            sku_id: sku.into(),
            product_id: format!("p-{sku}"),
            stall_id: "s1".into(),
            item_no: format!("A{sku}"),
            title: "T".into(),
            color: "红".into(),
            size: "M".into(),
            unit_price: Fen(price),
            quantity,
        }
    }

    fn coupon(kind: CouponKind, discount: i64) -> AppliedCoupon {
        AppliedCoupon {
            coupon_id: format!("CP-{}", kind.code()),
            name: "券".into(),
            kind,
            discount: Fen(discount),
        }
    }

    #[test]
    fn a_goods_coupon_is_shared_by_line_amount_and_the_last_line_takes_the_rounding_fen() {
        // 10.00 off 30.00 + 30.00 + 40.00 of goods: 3.00, 3.00 and 4.00; 10.00 off three lines of
        // 1.00 each: 3.33, 3.33 and the last 3.34.
        let lines = [line("a", 3_000, 1), line("b", 1_500, 2), line("c", 4_000, 1)];
        let shares = allocate(&lines, &[coupon(CouponKind::Product, 1_000)]);
        let coupons: Vec<i64> = shares.iter().map(|s| s.coupon.0).collect();
        assert_eq!(coupons, [300, 300, 400]);
        let lines = [line("a", 100, 1), line("b", 100, 1), line("c", 100, 1)];
        let shares = allocate(&lines, &[coupon(CouponKind::Product, 1_000)]);
        let coupons: Vec<i64> = shares.iter().map(|s| s.coupon.0).collect();
        assert_eq!(coupons, [333, 333, 334]);
    }

    #[test]
    fn fee_coupons_are_not_shared_over_the_lines() {
        let lines = [line("a", 6_290, 2)];
        let shares = allocate(
            &lines,
            &[
                coupon(CouponKind::Service, 100),
                coupon(CouponKind::Shipping, 200),
            ],
        );
        assert_eq!(shares, []);
    }

    #[test]
    fn a_line_refunded_piece_by_piece_gives_back_its_paid_share_to_the_fen() {
        // 2 × 62.90 with 10.00 off: 5.00 of coupon per piece, 57.90 paid each.
        assert_eq!(coupon_for_items(Fen(1_000), 2, 0, 1), Fen(500));
        assert_eq!(coupon_for_items(Fen(1_000), 2, 1, 1), Fen(500));
        // 3 pieces sharing 10.00: 3.33, 3.33, and the last 3.34, in whatever batches.
        assert_eq!(coupon_for_items(Fen(1_000), 3, 0, 1), Fen(333));
        assert_eq!(coupon_for_items(Fen(1_000), 3, 1, 2), Fen(667));
        assert_eq!(coupon_for_items(Fen(1_000), 3, 0, 3), Fen(1_000));
        let one_by_one: i64 = (0..3).map(|n| coupon_for_items(Fen(1_000), 3, n, 1).0).sum();
        assert_eq!(one_by_one, 1_000);
        assert_eq!(most_paid_for_items(Fen(1_000), Fen(1_000), 3, 1), Fen(667));
        assert_eq!(most_paid_for_items(Fen(6_290), Fen(1_000), 2, 2), Fen(11_580));
    }
}
