use serde::{Deserialize, Serialize};

use crate::order::Shortage;

use super::model::{PickLine, SettledOrder, WaveOrder};

/// Every command carries `at`, its business time in unix seconds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum WaveCommand {
    /// The orders were claimed for this wave by the caller (no order is in two open waves).
    Create {
        /// The filters the wave was made with ("" when none).
        market_id: String,
        stall_id: String,
        orders: Vec<WaveOrder>,
        lines: Vec<PickLine>,
        at: i64,
    },
    /// `missed` of the line's quantity could not be bought (0: got all); marking again replaces it,
    /// except that a miss is never cleared this way (see [`WaveCommand::ClearMiss`]).
    Mark { sku_id: String, missed: i64, at: i64 },
    /// Every line not marked yet got all, of the stall `stall_id` or (None) of the whole wave, in
    /// one step. Lines marked already, got or missed, stay as they are.
    MarkAllGot { stall_id: Option<String>, at: i64 },
    /// A line marked missed was got after all: the miss cleared on purpose, as a correction.
    ClearMiss { sku_id: String, at: i64 },
    /// Marks `missed` as [`WaveCommand::Mark`] does, then closes; unmarked lines count as got.
    Close { missed: Vec<Shortage>, at: i64 },
    /// Every order of the closing plan was settled; how each ended.
    Settle { outcomes: Vec<SettledOrder>, at: i64 },
}
