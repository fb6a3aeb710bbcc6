use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use crate::order::Courier;

use super::breakdown::Breakdown;
use super::model::{AfterSaleKind, ClaimedLine, PerItemFees};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum AfterSaleEvent {
    /// `estimate` is the refund as it would be paid if nothing were deducted.
    AfterSaleApplied {
        order_no: String,
        user_id: String,
        kind: AfterSaleKind,
        lines: Vec<ClaimedLine>,
        reason: String,
        description: String,
        images: Vec<String>,
        per_item: PerItemFees,
        shipping_saved: crate::money::Fen,
        return_deadline: Option<i64>,
        estimate: Breakdown,
        at: i64,
    },
    AfterSaleApproved {
        at: i64,
    },
    AfterSaleRejected {
        reason: String,
        at: i64,
    },
    InterceptionStarted {
        at: i64,
    },
    InterceptionSucceeded {
        at: i64,
    },
    InterceptionFailed {
        at: i64,
    },
    ReturnShipped {
        courier: Courier,
        tracking_no: String,
        at: i64,
    },
    ReturnReceived {
        wrong_item: bool,
        wrong_station: bool,
        at: i64,
    },
    /// The wallet credits `breakdown.total` under `refund_id` (the after-sale id), once.
    AfterSaleRefunded {
        breakdown: Breakdown,
        refund_id: String,
        at: i64,
    },
    ReplacementShipped {
        courier: Courier,
        tracking_no: String,
        at: i64,
    },
    AfterSaleCancelled {
        at: i64,
    },
}

impl AfterSaleEvent {
    pub fn at(&self) -> i64 {
        match self {
            AfterSaleEvent::AfterSaleApplied { at, .. }
            | AfterSaleEvent::AfterSaleApproved { at }
            | AfterSaleEvent::AfterSaleRejected { at, .. }
            | AfterSaleEvent::InterceptionStarted { at }
            | AfterSaleEvent::InterceptionSucceeded { at }
            | AfterSaleEvent::InterceptionFailed { at }
            | AfterSaleEvent::ReturnShipped { at, .. }
            | AfterSaleEvent::ReturnReceived { at, .. }
            | AfterSaleEvent::AfterSaleRefunded { at, .. }
            | AfterSaleEvent::ReplacementShipped { at, .. }
            | AfterSaleEvent::AfterSaleCancelled { at } => *at,
        }
    }
}

impl DomainEvent for AfterSaleEvent {
    fn event_type(&self) -> String {
        match self {
            AfterSaleEvent::AfterSaleApplied { .. } => "AfterSaleApplied",
            AfterSaleEvent::AfterSaleApproved { .. } => "AfterSaleApproved",
            AfterSaleEvent::AfterSaleRejected { .. } => "AfterSaleRejected",
            AfterSaleEvent::InterceptionStarted { .. } => "InterceptionStarted",
            AfterSaleEvent::InterceptionSucceeded { .. } => "InterceptionSucceeded",
            AfterSaleEvent::InterceptionFailed { .. } => "InterceptionFailed",
            AfterSaleEvent::ReturnShipped { .. } => "ReturnShipped",
            AfterSaleEvent::ReturnReceived { .. } => "ReturnReceived",
            AfterSaleEvent::AfterSaleRefunded { .. } => "AfterSaleRefunded",
            AfterSaleEvent::ReplacementShipped { .. } => "ReplacementShipped",
            AfterSaleEvent::AfterSaleCancelled { .. } => "AfterSaleCancelled",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}
