use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use crate::money::Fen;

use super::model::{CouponKind, Discount};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum CouponEvent {
    CouponIssued {
        user_id: String,
        name: String,
        /// Empty in events stored before coupons had English names (and in claims of coupons
        /// published before then): readers show a name built from the terms instead.
        #[serde(default)]
        name_en: String,
        kind: CouponKind,
        discount: Discount,
        valid_from: i64,
        valid_to: i64,
        source: String,
        at: i64,
    },
    CouponRedeemed {
        order_no: String,
        discount: Fen,
        at: i64,
    },
    CouponReleased {
        order_no: String,
        at: i64,
    },
}

impl CouponEvent {
    pub fn at(&self) -> i64 {
        match self {
            CouponEvent::CouponIssued { at, .. }
            | CouponEvent::CouponRedeemed { at, .. }
            | CouponEvent::CouponReleased { at, .. } => *at,
        }
    }
}

impl DomainEvent for CouponEvent {
    fn event_type(&self) -> String {
        match self {
            CouponEvent::CouponIssued { .. } => "CouponIssued",
            CouponEvent::CouponRedeemed { .. } => "CouponRedeemed",
            CouponEvent::CouponReleased { .. } => "CouponReleased",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}
