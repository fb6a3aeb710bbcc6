use super::model::AfterSaleStatus;
use crate::money::Fen;

/// Why an after-sale refused a command. People see the message under [`AfterSaleError::key`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AfterSaleError {
    #[error("the after-sale was already applied for")]
    AlreadyApplied,
    #[error("the after-sale does not exist")]
    NotApplied,
    #[error("this kind of after-sale is not available for this order")]
    KindNotAvailable,
    #[error("returns cannot be requested more than 30 days after receipt")]
    ReturnWindowClosed,
    #[error("please select the items to return")]
    NoItems,
    #[error("item {sku_id}: the quantity must be at least 1")]
    QuantityNotPositive { sku_id: String },
    #[error("item {sku_id} is not in the order")]
    UnknownItem { sku_id: String },
    #[error("item {item_no}: at most {available} can be claimed")]
    TooMany { item_no: String, available: i64 },
    #[error("a reason is required")]
    ReasonRequired,
    #[error("at most {max} images")]
    TooManyImages { max: usize },
    #[error("the tracking number is required")]
    TrackingRequired,
    #[error("cannot {action}: the after-sale is {status}")]
    WrongState {
        action: &'static str,
        status: AfterSaleStatus,
    },
    #[error("the after-sale was already refunded")]
    AlreadyRefunded,
    #[error("the amount is too large")]
    Overflow,
    #[error("the refund is now {amount}")]
    AmountChanged { amount: Fen },
}

impl AfterSaleError {
    /// Stable catalogue key; never renamed.
    pub fn key(&self) -> &'static str {
        match self {
            AfterSaleError::AlreadyApplied => "aftersale.already_applied",
            AfterSaleError::NotApplied => "aftersale.not_applied",
            AfterSaleError::KindNotAvailable => "aftersale.kind_not_available",
            AfterSaleError::ReturnWindowClosed => "aftersale.return_window_closed",
            AfterSaleError::NoItems => "aftersale.no_items",
            AfterSaleError::QuantityNotPositive { .. } => "order.quantity_not_positive",
            AfterSaleError::UnknownItem { .. } => "order.unknown_item",
            AfterSaleError::TooMany { .. } => "aftersale.too_many",
            AfterSaleError::ReasonRequired => "aftersale.reason_required",
            AfterSaleError::TooManyImages { .. } => "aftersale.too_many_images",
            AfterSaleError::TrackingRequired => "order.tracking_required",
            AfterSaleError::WrongState { .. } => "aftersale.wrong_state",
            AfterSaleError::AlreadyRefunded => "aftersale.already_refunded_once",
            AfterSaleError::Overflow => "order.overflow",
            AfterSaleError::AmountChanged { .. } => "aftersale.amount_changed",
        }
    }

    /// Placeholder values; `action` and `status` are codes the HTTP layer turns into labels.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            AfterSaleError::QuantityNotPositive { sku_id } | AfterSaleError::UnknownItem { sku_id } => {
                vec![("sku", sku_id.clone())]
            }
            AfterSaleError::TooMany { item_no, available } => {
                vec![("item_no", item_no.clone()), ("available", available.to_string())]
            }
            AfterSaleError::TooManyImages { max } => vec![("max", max.to_string())],
            AfterSaleError::AmountChanged { amount } => vec![("amount", amount.to_yuan())],
            AfterSaleError::WrongState { action, status } => vec![
                ("action", action.to_string()),
                ("status", status.code().to_string()),
            ],
            _ => Vec::new(),
        }
    }

    /// The request field the refusal is about, for the HTTP layer.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            AfterSaleError::KindNotAvailable | AfterSaleError::ReturnWindowClosed => Some("kind"),
            AfterSaleError::NoItems
            | AfterSaleError::QuantityNotPositive { .. }
            | AfterSaleError::UnknownItem { .. }
            | AfterSaleError::TooMany { .. } => Some("lines"),
            AfterSaleError::ReasonRequired => Some("reason"),
            AfterSaleError::TooManyImages { .. } => Some("images"),
            AfterSaleError::TrackingRequired => Some("tracking_no"),
            AfterSaleError::AmountChanged { .. } => Some("amount"),
            _ => None,
        }
    }
}
