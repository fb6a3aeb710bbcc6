use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use crate::coupon::AppliedCoupon;
use crate::money::Fen;
use crate::order::fees::{Courier, Fees, QcLevel, ValueAdded};
use crate::order::model::{Claim, Destination, OrderLine, PaymentMethod, ShippingPriority, Shortage};
use crate::order::shares::LineShare;

/// Refunds name their own id, which the wallet credits once: `<order id>-cancel`, `<order id>-short-<n>`.
// Placing carries the whole order and the other variants a few fields; boxing it would only add
// noise to every match, and these values live briefly.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum OrderEvent {
    OrderPlaced {
        order_no: String,
        user_id: String,
        lines: Vec<OrderLine>,
        destination: Destination,
        courier: Courier,
        qc: QcLevel,
        value_added: Vec<ValueAdded>,
        fees: Fees,
        /// What each coupon took off (their sum is `fees.coupon_discount`).
        #[serde(default)]
        coupons: Vec<AppliedCoupon>,
        /// Each line's part of the goods coupons (分摊). Empty in orders placed before it was
        /// stored: readers compute the same shares with `shares::allocate` from the lines and coupons.
        #[serde(default)]
        line_shares: Vec<LineShare>,
        remark: String,
        /// Orders placed before it was recorded ship together, as the setting's default.
        #[serde(default)]
        priority: ShippingPriority,
        at: i64,
    },
    OrderPaid {
        method: PaymentMethod,
        reference: String,
        amount: Fen,
        at: i64,
    },
    /// `refund` is what goes back to the wallet (zero when nothing was paid).
    OrderCancelled {
        reason: String,
        refund: Fen,
        refund_id: String,
        at: i64,
    },
    StockPrepared {
        at: i64,
    },
    /// Some or all items cannot be supplied; `all` cancels the order and refunds it whole.
    StockShortage {
        shortages: Vec<Shortage>,
        refund: Fen,
        refund_id: String,
        all: bool,
        at: i64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        report_id: Option<String>,
    },
    OrderFlaggedAbnormal {
        reason: String,
        at: i64,
    },
    AbnormalResolved {
        resolution: String,
        at: i64,
    },
    OrderShipped {
        courier: Courier,
        tracking_no: String,
        at: i64,
    },
    OrderCompleted {
        automatic: bool,
        at: i64,
    },
    OrderReviewed {
        rating: u8,
        content: String,
        at: i64,
    },
    AfterSaleClaimed {
        after_sale_id: String,
        lines: Vec<Claim>,
        at: i64,
    },
    AfterSaleClaimReleased {
        after_sale_id: String,
        at: i64,
    },
    /// The wallet credit itself follows from the after-sale's own `AfterSaleRefunded`.
    /// `coupon_share` is the coupons' part of the after-sale's goods as the order split it then
    /// (zero in refunds recorded before it was).
    AfterSaleRefundRecorded {
        after_sale_id: String,
        amount: Fen,
        #[serde(default)]
        coupon_share: Fen,
        at: i64,
    },
}

impl OrderEvent {
    pub fn at(&self) -> i64 {
        match self {
            OrderEvent::OrderPlaced { at, .. }
            | OrderEvent::OrderPaid { at, .. }
            | OrderEvent::OrderCancelled { at, .. }
            | OrderEvent::StockPrepared { at }
            | OrderEvent::StockShortage { at, .. }
            | OrderEvent::OrderFlaggedAbnormal { at, .. }
            | OrderEvent::AbnormalResolved { at, .. }
            | OrderEvent::OrderShipped { at, .. }
            | OrderEvent::OrderCompleted { at, .. }
            | OrderEvent::OrderReviewed { at, .. }
            | OrderEvent::AfterSaleClaimed { at, .. }
            | OrderEvent::AfterSaleClaimReleased { at, .. }
            | OrderEvent::AfterSaleRefundRecorded { at, .. } => *at,
        }
    }
}

impl DomainEvent for OrderEvent {
    fn event_type(&self) -> String {
        match self {
            OrderEvent::OrderPlaced { .. } => "OrderPlaced",
            OrderEvent::OrderPaid { .. } => "OrderPaid",
            OrderEvent::OrderCancelled { .. } => "OrderCancelled",
            OrderEvent::StockPrepared { .. } => "StockPrepared",
            OrderEvent::StockShortage { .. } => "StockShortage",
            OrderEvent::OrderFlaggedAbnormal { .. } => "OrderFlaggedAbnormal",
            OrderEvent::AbnormalResolved { .. } => "AbnormalResolved",
            OrderEvent::OrderShipped { .. } => "OrderShipped",
            OrderEvent::OrderCompleted { .. } => "OrderCompleted",
            OrderEvent::OrderReviewed { .. } => "OrderReviewed",
            OrderEvent::AfterSaleClaimed { .. } => "AfterSaleClaimed",
            OrderEvent::AfterSaleClaimReleased { .. } => "AfterSaleClaimReleased",
            OrderEvent::AfterSaleRefundRecorded { .. } => "AfterSaleRefundRecorded",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}
