use serde::{Deserialize, Serialize};

use crate::money::Fen;

use super::model::{CouponKind, Discount};

/// Every command carries `at`, its business time in unix seconds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum CouponCommand {
    /// `source` is `operator` or the published coupon it was claimed from. `name_en` is the English
    /// name: required when an operator issues it; a claim copies its published coupon's, which is
    /// empty for coupons published before coupons had English names.
    Issue {
        user_id: String,
        name: String,
        name_en: String,
        kind: CouponKind,
        discount: Discount,
        valid_from: i64,
        valid_to: i64,
        source: String,
        at: i64,
    },
    /// `base` is the part of the order the coupon discounts.
    Redeem { order_no: String, base: Fen, at: i64 },
    /// The order that redeemed it was cancelled or never placed.
    Release { order_no: String, at: i64 },
}
