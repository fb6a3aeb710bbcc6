use serde::{Deserialize, Serialize};

use super::events::ListedProduct;

/// Every command carries `at`, its business time in unix seconds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ListingCommand {
    /// `user_id` put the product in one of their shops with a package (`package_id`).
    Record { listed: Box<ListedProduct>, at: i64 },
    /// The seller no longer wants the record (the product itself is untouched).
    Remove { user_id: String, at: i64 },
    /// The seller dealt with the stall's changes up to `up_to` (a position of the catalogue's change
    /// log, in the order the listing notices read it) in their shop: updated it, or delisted it.
    MarkDone {
        user_id: String,
        up_to: ChangeMark,
        how: DoneHow,
        at: i64,
    },
}

/// A place in the catalogue's change log: `(tx, position)` as the listing notices follow it (`tx`
/// is 0 on SQLite), so marks compare in that order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChangeMark {
    pub tx: i64,
    pub position: i64,
}

/// What the seller did in their shop about a listed product's changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DoneHow {
    /// Took the new prices and stock into the shop.
    Updated,
    /// Took the product off the shop.
    Delisted,
}

impl DoneHow {
    pub fn from_code(code: &str) -> Option<DoneHow> {
        match code {
            "updated" => Some(DoneHow::Updated),
            "delisted" => Some(DoneHow::Delisted),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            DoneHow::Updated => "updated",
            DoneHow::Delisted => "delisted",
        }
    }
}
