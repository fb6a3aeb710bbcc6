use serde::{Deserialize, Serialize};

use crate::coupon::CouponTerms;
use crate::money::Fen;
use crate::order::fees::{Courier, QcLevel, ValueAdded};
use crate::order::model::{Claim, Destination, OrderLine, PaymentMethod, ShippingPriority, Shortage};

/// An order as placed: its lines priced by the caller from the catalogue at this moment; the order
/// computes its fees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaceOrder {
    pub order_no: String,
    pub user_id: String,
    pub lines: Vec<OrderLine>,
    pub destination: Destination,
    pub courier: Courier,
    pub qc: QcLevel,
    pub value_added: Vec<ValueAdded>,
    /// Already redeemed for this order, at most one per kind.
    pub coupons: Vec<CouponTerms>,
    pub remark: String,
    /// The seller's multi-item shipping priority when the order was placed.
    #[serde(default)]
    pub priority: ShippingPriority,
    pub at: i64,
}

/// Every command carries `at`, its business time in unix seconds.
// Placing carries the whole order and the other variants a few fields; boxing it would only add
// noise to every match, and these values live briefly.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum OrderCommand {
    /// Lines are priced by the caller from the catalogue at this moment; the order computes its fees.
    Place(PlaceOrder),
    /// The money has been taken (wallet debit or confirmed QR payment) under `reference`.
    MarkPaid {
        method: PaymentMethod,
        reference: String,
        amount: Fen,
        at: i64,
    },
    Cancel {
        reason: String,
        at: i64,
    },
    PrepareStock {
        at: i64,
    },
    MarkOutOfStock {
        shortages: Vec<Shortage>,
        at: i64,
        /// The caller's name for this report: sending it again reports nothing new. Reports without
        /// one add up, since the warehouse may find another unit short later.
        #[serde(default)]
        report_id: Option<String>,
    },
    FlagAbnormal {
        reason: String,
        at: i64,
    },
    ResolveAbnormal {
        resolution: String,
        at: i64,
    },
    Ship {
        courier: Courier,
        tracking_no: String,
        at: i64,
    },
    ConfirmReceipt {
        at: i64,
    },
    /// Sent by the scheduler: completes a shipped order once `days` have passed since shipping.
    CompleteAutomatically {
        days: i64,
        at: i64,
    },
    Review {
        rating: u8,
        content: String,
        at: i64,
    },
    /// Sets aside items for after-sale `after_sale_id` so no other request can claim them too; sent
    /// before the after-sale is opened. The same id again changes nothing.
    ClaimForAfterSale {
        after_sale_id: String,
        lines: Vec<Claim>,
        before_shipping: bool,
        at: i64,
    },
    /// The after-sale was rejected or cancelled: its items may be claimed again.
    ReleaseAfterSaleClaim {
        after_sale_id: String,
        at: i64,
    },
    /// Records the refund of an after-sale before the wallet is credited, so that together the
    /// refunds of an order never exceed what was paid. The same id and amount again changes nothing.
    RecordAfterSaleRefund {
        after_sale_id: String,
        amount: Fen,
        at: i64,
    },
}
