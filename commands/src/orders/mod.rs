//! Orders: lines priced from the catalogue, stock reserved and the order placed, payment from the
//! wallet, the process manager that refunds and gives stock back, and the operator's steps.

pub mod history;
pub mod import;
pub mod manager;
pub mod operator;
pub mod payment;
pub mod placing;
pub mod platform_batch;
pub mod pricing;

use domain::order::{Order, OrderError};

use crate::command_queue::{CommandQueue, Refuses};
use crate::error::Refusal;

/// Every order command goes through its queue (queued per order, conflicts retried).
pub type OrderQueue = CommandQueue<Order>;

fn field_of(error: &OrderError) -> Option<&'static str> {
    match error {
        OrderError::NoItems
        | OrderError::QuantityNotPositive { .. }
        | OrderError::PriceNotPositive { .. }
        | OrderError::UnknownItem { .. }
        | OrderError::ShortageTooLarge { .. }
        | OrderError::ClaimTooLarge { .. } => Some("lines"),
        OrderError::ClaimWrongState { .. } => Some("kind"),
        OrderError::RecipientRequired => Some("recipient"),
        OrderError::PhoneRequired => Some("phone"),
        OrderError::RegionRequired => Some("province"),
        OrderError::DetailRequired => Some("detail"),
        OrderError::SourceOrderNoRequired => Some("source_order_no"),
        OrderError::LabelRequired => Some("label_file"),
        OrderError::TrackingRequired => Some("tracking_no"),
        OrderError::ReasonRequired => Some("reason"),
        OrderError::RatingOutOfRange => Some("rating"),
        OrderError::AmountMismatch { .. } => Some("amount"),
        OrderError::CouponKindTwice | OrderError::CouponBelowThreshold { .. } => Some("coupon_ids"),
        _ => None,
    }
}

impl Refuses for OrderError {
    fn refusal(&self) -> Refusal {
        let mut refusal = Refusal::new(self.key());
        refusal.field = field_of(self);
        refusal.params = self.params();
        refusal
    }
}
