//! The parts an order is made of.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::money::Fen;

/// Platforms sellers sell on (spec §1). Stored in events: variants are never renamed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Platform {
    Douyin,
    Tiktok,
    Shopee,
    Lazada,
}

impl Platform {
    pub const ALL: [Platform; 4] = [
        Platform::Douyin,
        Platform::Tiktok,
        Platform::Shopee,
        Platform::Lazada,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Platform::Douyin => "douyin",
            Platform::Tiktok => "tiktok",
            Platform::Shopee => "shopee",
            Platform::Lazada => "lazada",
        }
    }

    pub fn from_code(code: &str) -> Option<Platform> {
        Platform::ALL.into_iter().find(|p| p.code() == code)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Address {
    pub recipient: String,
    pub phone: String,
    pub province: String,
    pub city: String,
    pub district: String,
    pub detail: String,
}

/// Where the parcel goes: to an address the seller gives, or on a platform's own label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Destination {
    Domestic {
        address: Address,
    },
    Platform {
        platform: Platform,
        source_order_no: String,
        /// The uploaded shipping-label file (its stored URL); empty when the order ships to `ship_to`.
        label_file: String,
        /// The buyer's address, for platform orders imported from a spreadsheet instead of a label.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ship_to: Option<Address>,
    },
}

/// One SKU of an order, priced when the order was placed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderLine {
    pub sku_id: String,
    pub product_id: String,
    pub stall_id: String,
    pub item_no: String,
    pub title: String,
    pub color: String,
    pub size: String,
    pub unit_price: Fen,
    pub quantity: i64,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrderStatus {
    /// Not placed yet: the aggregate before its first event.
    #[default]
    New,
    PendingPayment,
    ToBeShipped,
    Shipped,
    Completed,
    Cancelled,
}

impl OrderStatus {
    pub fn code(self) -> &'static str {
        match self {
            OrderStatus::New => "new",
            OrderStatus::PendingPayment => "pending_payment",
            OrderStatus::ToBeShipped => "to_be_shipped",
            OrderStatus::Shipped => "shipped",
            OrderStatus::Completed => "completed",
            OrderStatus::Cancelled => "cancelled",
        }
    }
}

impl fmt::Display for OrderStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Beside `ToBeShipped`: whether the warehouse has the goods.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StockState {
    #[default]
    PendingStock,
    StockPrepared,
    OutOfStock,
}

impl StockState {
    pub fn code(self) -> &'static str {
        match self {
            StockState::PendingStock => "pending_stock",
            StockState::StockPrepared => "stock_prepared",
            StockState::OutOfStock => "out_of_stock",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PaymentMethod {
    Wallet,
    Qr,
}

/// How an order of several items ships (spec: the order's "multi-item shipping priority"): together in
/// one parcel, or each item as it is ready. Stored in events: variants are never renamed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShippingPriority {
    #[default]
    Together,
    Split,
}

impl ShippingPriority {
    pub fn code(self) -> &'static str {
        match self {
            ShippingPriority::Together => "together",
            ShippingPriority::Split => "split",
        }
    }

    pub fn from_code(code: &str) -> Option<ShippingPriority> {
        [ShippingPriority::Together, ShippingPriority::Split]
            .into_iter()
            .find(|p| p.code() == code)
    }
}

/// A quantity of one SKU the warehouse cannot supply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shortage {
    pub sku_id: String,
    pub quantity: i64,
}

/// A quantity of one SKU an after-sale claims (to refund, return, exchange or resend).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    pub sku_id: String,
    pub quantity: i64,
}
