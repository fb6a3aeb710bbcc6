//! What a wave is made of.

use serde::{Deserialize, Serialize};

use crate::order::Shortage;

/// One SKU to fetch from its stall, described as it was when the wave was made (the pick list must
/// not change under the warehouse's feet when the catalogue does).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickLine {
    pub sku_id: String,
    pub product_id: String,
    pub market_id: String,
    pub market_name: String,
    /// The market's English name (the Chinese one when it has none).
    pub market_name_en: String,
    pub floor: String,
    pub stall_id: String,
    pub stall_name: String,
    pub stall_number: String,
    pub item_no: String,
    pub title: String,
    pub title_en: String,
    pub color: String,
    pub size: String,
    pub image: String,
}

/// A quantity of one SKU an order of the wave needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaveOrderLine {
    pub sku_id: String,
    pub quantity: i64,
}

/// An order of the wave, in the order they were paid (oldest first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaveOrder {
    pub order_no: String,
    pub user_id: String,
    pub paid_at: i64,
    pub lines: Vec<WaveOrderLine>,
}

/// What closing decided for one order: prepared when `shortages` is empty, else short of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderPlan {
    pub order_no: String,
    pub shortages: Vec<Shortage>,
}

/// How settling an order ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum OrderOutcome {
    /// Everything got: stock prepared.
    Prepared,
    /// Part missed: refunded for it, prepared for the rest.
    Short,
    /// Everything missed: refunded whole and cancelled.
    Cancelled,
    /// The order no longer allowed it (cancelled by its seller meanwhile, …): left as it was.
    Skipped,
}

impl OrderOutcome {
    pub fn code(self) -> &'static str {
        match self {
            OrderOutcome::Prepared => "prepared",
            OrderOutcome::Short => "short",
            OrderOutcome::Cancelled => "cancelled",
            OrderOutcome::Skipped => "skipped",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettledOrder {
    pub order_no: String,
    pub outcome: OrderOutcome,
    /// Why it was skipped (the order's refusal key) and the refusal's values; empty otherwise.
    #[serde(default)]
    pub reason: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reason_params: Vec<(String, String)>,
}
