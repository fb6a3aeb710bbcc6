use serde::{Deserialize, Serialize};

use crate::money::Fen;
use crate::order::{Claim, Courier};

use super::model::{AfterSaleKind, OrderFacts};

/// Every command carries `at`, its business time in unix seconds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum AfterSaleCommand {
    /// `facts` is the order as it was read just before; the order itself has already set the
    /// claimed items aside, so the quantity rule here only repeats what it guarded.
    Apply {
        facts: OrderFacts,
        kind: AfterSaleKind,
        lines: Vec<Claim>,
        reason: String,
        description: String,
        images: Vec<String>,
        at: i64,
    },
    /// `order_shipped`: the parcel has left, so a before-shipping refund must be intercepted first.
    Approve {
        order_shipped: bool,
        at: i64,
    },
    Reject {
        reason: String,
        at: i64,
    },
    RecordInterception {
        succeeded: bool,
        at: i64,
    },
    SubmitReturn {
        courier: Courier,
        tracking_no: String,
        at: i64,
    },
    MarkReceived {
        wrong_item: bool,
        wrong_station: bool,
        at: i64,
    },
    /// `coupon_share` is the coupons' part of the claimed goods as the order splits it now, `cap`
    /// what the order may still give back for them; `refund_id` (the after-sale id) is what the
    /// wallet credits once. `expected` is the total the operator was shown: a refund that would pay
    /// anything else is refused with the new figure.
    Refund {
        refund_id: String,
        coupon_share: Fen,
        cap: Fen,
        expected: Option<Fen>,
        at: i64,
    },
    ShipReplacement {
        courier: Courier,
        tracking_no: String,
        at: i64,
    },
    Cancel {
        at: i64,
    },
}
