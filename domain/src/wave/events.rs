use std::collections::BTreeMap;

use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use super::model::{OrderPlan, PickLine, SettledOrder, WaveOrder};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum WaveEvent {
    WaveCreated {
        market_id: String,
        stall_id: String,
        orders: Vec<WaveOrder>,
        lines: Vec<PickLine>,
        at: i64,
    },
    LineMarked {
        sku_id: String,
        missed: i64,
        at: i64,
    },
    /// The lines `sku_ids` (each unmarked before) got all, at one stall or (None) over the wave.
    LinesMarkedGot {
        stall_id: Option<String>,
        sku_ids: Vec<String>,
        at: i64,
    },
    /// A line marked missed (`was` pieces of it) corrected to got all.
    MissCleared {
        sku_id: String,
        was: i64,
        at: i64,
    },
    /// `missed`: every line's final mark (unmarked lines as 0); `plan`: what each order gets.
    WaveClosed {
        missed: BTreeMap<String, i64>,
        plan: Vec<OrderPlan>,
        at: i64,
    },
    WaveSettled {
        outcomes: Vec<SettledOrder>,
        at: i64,
    },
}

impl WaveEvent {
    pub fn at(&self) -> i64 {
        match self {
            WaveEvent::WaveCreated { at, .. }
            | WaveEvent::LineMarked { at, .. }
            | WaveEvent::LinesMarkedGot { at, .. }
            | WaveEvent::MissCleared { at, .. }
            | WaveEvent::WaveClosed { at, .. }
            | WaveEvent::WaveSettled { at, .. } => *at,
        }
    }
}

impl DomainEvent for WaveEvent {
    fn event_type(&self) -> String {
        match self {
            WaveEvent::WaveCreated { .. } => "WaveCreated",
            WaveEvent::LineMarked { .. } => "LineMarked",
            WaveEvent::LinesMarkedGot { .. } => "LinesMarkedGot",
            WaveEvent::MissCleared { .. } => "MissCleared",
            WaveEvent::WaveClosed { .. } => "WaveClosed",
            WaveEvent::WaveSettled { .. } => "WaveSettled",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1".to_string()
    }
}
