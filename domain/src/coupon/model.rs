//! What a coupon is: which part of an order it discounts, and how.

use serde::{Deserialize, Serialize};

use crate::money::Fen;

/// The part of an order a coupon discounts. Stored in events: variants are never renamed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CouponKind {
    /// The goods.
    Product,
    /// The service fees: service, quality inspection and value-added services together.
    Service,
    Shipping,
}

impl CouponKind {
    pub const ALL: [CouponKind; 3] = [CouponKind::Product, CouponKind::Service, CouponKind::Shipping];

    pub fn code(self) -> &'static str {
        match self {
            CouponKind::Product => "product",
            CouponKind::Service => "service",
            CouponKind::Shipping => "shipping",
        }
    }

    pub fn from_code(code: &str) -> Option<CouponKind> {
        CouponKind::ALL.into_iter().find(|k| k.code() == code)
    }
}

/// Stored in events: variants are never renamed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Discount {
    /// `amount` off once the part reaches `threshold`.
    FullReduction { threshold: Fen, amount: Fen },
    /// `percent_off` per cent off once the part reaches `threshold`, rounded down to the fen.
    Percentage { threshold: Fen, percent_off: u8 },
}

impl Discount {
    pub fn threshold(self) -> Fen {
        match self {
            Discount::FullReduction { threshold, .. } | Discount::Percentage { threshold, .. } => threshold,
        }
    }

    pub fn type_code(self) -> &'static str {
        match self {
            Discount::FullReduction { .. } => "full_reduction",
            Discount::Percentage { .. } => "discount",
        }
    }

    /// As stored in the columns `discount_type, threshold, amount, percent_off` (zero where a kind
    /// has no such term).
    pub fn columns(self) -> (&'static str, i64, i64, i64) {
        match self {
            Discount::FullReduction { threshold, amount } => (self.type_code(), threshold.0, amount.0, 0),
            Discount::Percentage {
                threshold,
                percent_off,
            } => (self.type_code(), threshold.0, 0, i64::from(percent_off)),
        }
    }

    /// What an event or a row stored with [`Discount::columns`] holds.
    pub fn from_columns(discount_type: &str, threshold: i64, amount: i64, percent_off: i64) -> Self {
        let threshold = Fen(threshold);
        if discount_type == "discount" {
            Discount::Percentage {
                threshold,
                percent_off: u8::try_from(percent_off).unwrap_or(0),
            }
        } else {
            Discount::FullReduction {
                threshold,
                amount: Fen(amount),
            }
        }
    }

    /// What it takes off `base`; `None` when `base` is below the threshold. Never more than `base`.
    pub fn off(self, base: Fen) -> Option<Fen> {
        if base.0 < self.threshold().0 {
            return None;
        }
        let off = match self {
            Discount::FullReduction { amount, .. } => amount.0,
            Discount::Percentage { percent_off, .. } => base.0.saturating_mul(i64::from(percent_off)) / 100,
        };
        Some(Fen(off.clamp(0, base.0.max(0))))
    }
}

/// Why a seller's unused coupon takes nothing off the order being checked out, so the checkout
/// can say so beside it instead of leaving it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotApplicable {
    /// Valid only from a later time (`valid_from`).
    NotStarted,
    /// The part of the order it discounts is `short` below its threshold.
    BelowThreshold { short: Fen },
    /// The order has nothing of the part it discounts to take off (no shipping fee, say).
    NothingOff,
}

impl NotApplicable {
    pub fn code(self) -> &'static str {
        match self {
            NotApplicable::NotStarted => "not_started",
            NotApplicable::BelowThreshold { .. } => "below_threshold",
            NotApplicable::NothingOff => "nothing_off",
        }
    }
}

impl Discount {
    /// What a coupon valid from `valid_from` takes off `base` at `now`, or why it takes nothing.
    pub fn for_order(self, base: Fen, valid_from: i64, now: i64) -> Result<Fen, NotApplicable> {
        if valid_from > now {
            return Err(NotApplicable::NotStarted);
        }
        match self.off(base) {
            None => Err(NotApplicable::BelowThreshold {
                short: Fen(self.threshold().0 - base.0),
            }),
            Some(Fen(0)) => Err(NotApplicable::NothingOff),
            Some(off) => Ok(off),
        }
    }
}

/// A coupon as an order is placed with it: its terms, copied when it was redeemed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CouponTerms {
    pub coupon_id: String,
    pub name: String,
    pub kind: CouponKind,
    pub discount: Discount,
}

/// A coupon applied to an order, with what it took off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppliedCoupon {
    pub coupon_id: String,
    pub name: String,
    pub kind: CouponKind,
    pub discount: Fen,
}

#[cfg(test)]
mod for_order_tests {
    use super::*;

    const FIVE_OFF_100: Discount = Discount::FullReduction {
        threshold: Fen(10_000),
        amount: Fen(500),
    };

    #[test]
    fn a_coupon_reached_takes_its_amount_off() {
        assert_eq!(FIVE_OFF_100.for_order(Fen(12_000), 0, 10), Ok(Fen(500)));
        assert_eq!(FIVE_OFF_100.for_order(Fen(10_000), 10, 10), Ok(Fen(500)));
    }

    #[test]
    fn below_the_threshold_it_says_how_much_is_missing() {
        assert_eq!(
            FIVE_OFF_100.for_order(Fen(8_800), 0, 10),
            Err(NotApplicable::BelowThreshold { short: Fen(1_200) })
        );
    }

    #[test]
    fn not_started_comes_before_the_threshold() {
        assert_eq!(
            FIVE_OFF_100.for_order(Fen(0), 11, 10),
            Err(NotApplicable::NotStarted)
        );
    }

    #[test]
    fn nothing_to_take_off_is_said_as_such() {
        let half_off_shipping = Discount::Percentage {
            threshold: Fen(0),
            percent_off: 50,
        };
        assert_eq!(
            half_off_shipping.for_order(Fen(0), 0, 10),
            Err(NotApplicable::NothingOff)
        );
        assert_eq!(half_off_shipping.for_order(Fen(400), 0, 10), Ok(Fen(200)));
    }
}
