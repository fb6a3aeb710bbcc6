//! The parts an after-sale is made of, and the order facts its rules are checked against.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::money::Fen;
use crate::order::{Courier, OrderStatus};

/// What the seller asks for. Stored in events: variants are never renamed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AfterSaleKind {
    /// Refund only, for goods not shipped yet.
    RefundUnshipped,
    /// Refund only, after shipping; the goods are kept.
    RefundOnly,
    ReturnRefund,
    Exchange,
    /// Resend items missing from the parcel.
    Resend,
}

impl AfterSaleKind {
    pub const ALL: [AfterSaleKind; 5] = [
        AfterSaleKind::RefundUnshipped,
        AfterSaleKind::RefundOnly,
        AfterSaleKind::ReturnRefund,
        AfterSaleKind::Exchange,
        AfterSaleKind::Resend,
    ];

    pub fn code(self) -> &'static str {
        match self {
            AfterSaleKind::RefundUnshipped => "refund_unshipped",
            AfterSaleKind::RefundOnly => "refund_only",
            AfterSaleKind::ReturnRefund => "return_refund",
            AfterSaleKind::Exchange => "exchange",
            AfterSaleKind::Resend => "resend",
        }
    }

    pub fn from_code(code: &str) -> Option<AfterSaleKind> {
        AfterSaleKind::ALL.into_iter().find(|k| k.code() == code)
    }

    /// The goods come back to the warehouse (and the 30-day window applies).
    pub fn is_return(self) -> bool {
        matches!(self, AfterSaleKind::ReturnRefund | AfterSaleKind::Exchange)
    }

    /// Ends in a wallet credit (the others in a new parcel).
    pub fn refunds_money(self) -> bool {
        matches!(
            self,
            AfterSaleKind::RefundUnshipped | AfterSaleKind::RefundOnly | AfterSaleKind::ReturnRefund
        )
    }

    pub fn before_shipping(self) -> bool {
        self == AfterSaleKind::RefundUnshipped
    }

    /// The kinds an order in `status` allows at all (the window is checked separately).
    pub fn allowed_for(status: OrderStatus) -> Vec<AfterSaleKind> {
        match status {
            OrderStatus::ToBeShipped => vec![AfterSaleKind::RefundUnshipped],
            OrderStatus::Shipped | OrderStatus::Completed => vec![
                AfterSaleKind::RefundOnly,
                AfterSaleKind::ReturnRefund,
                AfterSaleKind::Exchange,
                AfterSaleKind::Resend,
            ],
            _ => Vec::new(),
        }
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AfterSaleStatus {
    /// Before its first event.
    #[default]
    New,
    PendingReview,
    /// Refund kinds ready to refund, resends ready to ship.
    Approved,
    /// An approved return waits for the seller's tracking number.
    AwaitingReturn,
    ReturnInTransit,
    ReturnReceived,
    /// A before-shipping refund met a parcel already sent; the courier is asked to stop it.
    Intercepting,
    Refunded,
    Exchanged,
    Rejected,
    Cancelled,
}

impl AfterSaleStatus {
    pub const ALL: [AfterSaleStatus; 10] = [
        AfterSaleStatus::PendingReview,
        AfterSaleStatus::Approved,
        AfterSaleStatus::AwaitingReturn,
        AfterSaleStatus::ReturnInTransit,
        AfterSaleStatus::ReturnReceived,
        AfterSaleStatus::Intercepting,
        AfterSaleStatus::Refunded,
        AfterSaleStatus::Exchanged,
        AfterSaleStatus::Rejected,
        AfterSaleStatus::Cancelled,
    ];

    pub fn code(self) -> &'static str {
        match self {
            AfterSaleStatus::New => "new",
            AfterSaleStatus::PendingReview => "pending_review",
            AfterSaleStatus::Approved => "approved",
            AfterSaleStatus::AwaitingReturn => "awaiting_return",
            AfterSaleStatus::ReturnInTransit => "return_in_transit",
            AfterSaleStatus::ReturnReceived => "return_received",
            AfterSaleStatus::Intercepting => "intercepting",
            AfterSaleStatus::Refunded => "refunded",
            AfterSaleStatus::Exchanged => "exchanged",
            AfterSaleStatus::Rejected => "rejected",
            AfterSaleStatus::Cancelled => "cancelled",
        }
    }

    pub fn from_code(code: &str) -> Option<AfterSaleStatus> {
        AfterSaleStatus::ALL.into_iter().find(|s| s.code() == code)
    }

    /// Rejected or cancelled: the claimed items are free again.
    pub fn releases_claim(self) -> bool {
        matches!(self, AfterSaleStatus::Rejected | AfterSaleStatus::Cancelled)
    }
}

impl fmt::Display for AfterSaleStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// One SKU of the request, with what the order charged for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimedLine {
    pub sku_id: String,
    pub item_no: String,
    pub title: String,
    pub color: String,
    pub size: String,
    pub unit_price: Fen,
    pub quantity: i64,
}

/// The per-item fees the order charged besides the goods.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerItemFees {
    pub service: Fen,
    pub qc: Fen,
    pub value_added: Fen,
}

/// One line of the order as an application sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FactLine {
    pub sku_id: String,
    pub item_no: String,
    pub title: String,
    pub color: String,
    pub size: String,
    pub unit_price: Fen,
    pub bought: i64,
    /// Bought less what was short and what other after-sales claim.
    pub available: i64,
    /// The line's part of the goods coupons (`order::shares`).
    #[serde(default)]
    pub coupon: Fen,
    /// Pieces of the line whose goods were already refunded.
    #[serde(default)]
    pub settled: i64,
}

/// The order as the after-sale rules need it, read when the seller applies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderFacts {
    pub order_no: String,
    pub user_id: String,
    pub status: OrderStatus,
    /// When the seller received the parcel (confirmed or completed automatically).
    pub received_at: Option<i64>,
    pub lines: Vec<FactLine>,
    pub per_item: PerItemFees,
    pub courier: Courier,
    /// Items still to be shipped: neither short nor claimed.
    pub unshipped_items: i64,
}
