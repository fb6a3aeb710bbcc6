use crate::money::Fen;
use crate::order::model::OrderStatus;

/// Why the order refused a command. People see the message under [`OrderError::key`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    #[error("the order was already placed")]
    AlreadyPlaced,
    #[error("the order does not exist")]
    NotPlaced,
    #[error("an order needs at least one item")]
    NoItems,
    #[error("item {sku_id}: the quantity must be at least 1")]
    QuantityNotPositive { sku_id: String },
    #[error("item {sku_id}: the price must be greater than 0")]
    PriceNotPositive { sku_id: String },
    #[error("the recipient is required")]
    RecipientRequired,
    #[error("the recipient's phone is required")]
    PhoneRequired,
    #[error("province, city and district are required")]
    RegionRequired,
    #[error("the detailed address is required")]
    DetailRequired,
    #[error("the source order number is required")]
    SourceOrderNoRequired,
    #[error("the shipping label file must be uploaded")]
    LabelRequired,
    #[error("cannot {action}: the order is {status}")]
    WrongState {
        action: &'static str,
        status: OrderStatus,
    },
    #[error("the payment of {paid} does not match the order total of {total}")]
    AmountMismatch { total: Fen, paid: Fen },
    #[error("the order was already paid under reference {reference}")]
    PaidUnderOtherReference { reference: String },
    #[error("cannot {action}: the stock is already settled")]
    StockSettled { action: &'static str },
    #[error("item {sku_id} is not in the order")]
    UnknownItem { sku_id: String },
    #[error("item {sku_id}: at most {available} can be short")]
    ShortageTooLarge { sku_id: String, available: i64 },
    #[error("the order is already flagged abnormal")]
    AlreadyAbnormal,
    #[error("shortage report {report_id} was made with other items")]
    ShortageReportReused { report_id: String },
    #[error("the order is not flagged abnormal")]
    NotAbnormal,
    #[error("resolve the abnormal order before shipping it")]
    AbnormalBlocksShipping,
    #[error("prepare the stock before shipping")]
    StockNotPrepared,
    #[error("the tracking number is required")]
    TrackingRequired,
    #[error("a reason is required")]
    ReasonRequired,
    #[error("the order can complete automatically {days} days after shipping")]
    TooEarlyToComplete { days: i64 },
    #[error("the rating must be 1 to 5")]
    RatingOutOfRange,
    #[error("the order was already reviewed")]
    AlreadyReviewed,
    #[error("the amount is too large")]
    Overflow,
    #[error("item {item_no}: at most {available} can be claimed")]
    ClaimTooLarge { item_no: String, available: i64 },
    #[error("after-sales for goods not shipped yet need an order to be shipped; this one is {status}")]
    ClaimWrongState { status: OrderStatus },
    #[error("after-sale {after_sale_id} claims nothing on this order")]
    UnknownClaim { after_sale_id: String },
    #[error("the refund of {amount} is more than the {refundable} left of what was paid")]
    RefundExceedsPaid { amount: Fen, refundable: Fen },
    #[error("the refund of {amount} is more than the {goods} paid for these shipped goods")]
    RefundExceedsGoodsPaid { amount: Fen, goods: Fen },
    #[error("only one coupon of each type")]
    CouponKindTwice,
    #[error("the order does not reach the coupon threshold of {threshold}")]
    CouponBelowThreshold { threshold: Fen },
    #[error("after-sale {after_sale_id} is still open on this order")]
    AfterSaleOpen { after_sale_id: String },
    #[error("after-sale {after_sale_id} was already refunded {amount}")]
    AfterSaleAlreadyRefunded { after_sale_id: String, amount: Fen },
}

impl OrderError {
    /// Stable catalogue key; never renamed.
    pub fn key(&self) -> &'static str {
        match self {
            OrderError::AlreadyPlaced => "order.already_placed",
            OrderError::NotPlaced => "order.not_placed",
            OrderError::NoItems => "order.no_items",
            OrderError::QuantityNotPositive { .. } => "order.quantity_not_positive",
            OrderError::PriceNotPositive { .. } => "order.price_not_positive",
            OrderError::RecipientRequired => "address.recipient_required",
            OrderError::PhoneRequired => "address.phone_required",
            OrderError::RegionRequired => "address.region_required",
            OrderError::DetailRequired => "address.detail_required",
            OrderError::SourceOrderNoRequired => "order.source_order_no_required",
            OrderError::LabelRequired => "order.label_required",
            OrderError::WrongState { .. } => "order.wrong_state",
            OrderError::AmountMismatch { .. } => "order.amount_mismatch",
            OrderError::PaidUnderOtherReference { .. } => "order.paid_under_other_reference",
            OrderError::StockSettled { .. } => "order.stock_settled",
            OrderError::UnknownItem { .. } => "order.unknown_item",
            OrderError::ShortageTooLarge { .. } => "order.shortage_too_large",
            OrderError::AlreadyAbnormal => "order.already_abnormal",
            OrderError::ShortageReportReused { .. } => "order.shortage_report_reused",
            OrderError::NotAbnormal => "order.not_abnormal",
            OrderError::AbnormalBlocksShipping => "order.abnormal_blocks_shipping",
            OrderError::StockNotPrepared => "order.stock_not_prepared",
            OrderError::TrackingRequired => "order.tracking_required",
            OrderError::ReasonRequired => "order.reason_required",
            OrderError::TooEarlyToComplete { .. } => "order.too_early_to_complete",
            OrderError::RatingOutOfRange => "order.rating_out_of_range",
            OrderError::AlreadyReviewed => "order.already_reviewed",
            OrderError::Overflow => "order.overflow",
            OrderError::CouponKindTwice => "coupon.kind_twice",
            OrderError::CouponBelowThreshold { .. } => "coupon.below_threshold",
            OrderError::ClaimTooLarge { .. } => "aftersale.too_many",
            OrderError::ClaimWrongState { .. } => "aftersale.kind_not_available",
            OrderError::UnknownClaim { .. } => "aftersale.unknown_claim",
            OrderError::RefundExceedsPaid { .. } => "aftersale.refund_exceeds_paid",
            OrderError::RefundExceedsGoodsPaid { .. } => "aftersale.refund_exceeds_goods_paid",
            OrderError::AfterSaleAlreadyRefunded { .. } => "aftersale.already_refunded",
            OrderError::AfterSaleOpen { .. } => "order.after_sale_open",
        }
    }

    /// Placeholder values; `action` and `status` are codes the HTTP layer turns into labels.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            OrderError::QuantityNotPositive { sku_id }
            | OrderError::PriceNotPositive { sku_id }
            | OrderError::UnknownItem { sku_id } => vec![("sku", sku_id.clone())],
            OrderError::WrongState { action, status } => {
                vec![
                    ("action", action.to_string()),
                    ("status", status.code().to_string()),
                ]
            }
            OrderError::AmountMismatch { total, paid } => {
                vec![("total", total.to_yuan()), ("paid", paid.to_yuan())]
            }
            OrderError::PaidUnderOtherReference { reference } => vec![("reference", reference.clone())],
            OrderError::StockSettled { action } => vec![("action", action.to_string())],
            OrderError::ShortageTooLarge { sku_id, available } => {
                vec![("sku", sku_id.clone()), ("available", available.to_string())]
            }
            OrderError::ShortageReportReused { report_id } => vec![("report", report_id.clone())],
            OrderError::TooEarlyToComplete { days } => vec![("days", days.to_string())],
            OrderError::ClaimTooLarge { item_no, available } => {
                vec![("item_no", item_no.clone()), ("available", available.to_string())]
            }
            OrderError::CouponBelowThreshold { threshold } => vec![("threshold", threshold.to_yuan())],
            OrderError::UnknownClaim { after_sale_id } | OrderError::AfterSaleOpen { after_sale_id } => {
                vec![("id", after_sale_id.clone())]
            }
            OrderError::RefundExceedsPaid { amount, refundable } => {
                vec![("amount", amount.to_yuan()), ("refundable", refundable.to_yuan())]
            }
            OrderError::RefundExceedsGoodsPaid { amount, goods } => {
                vec![("amount", amount.to_yuan()), ("goods", goods.to_yuan())]
            }
            OrderError::AfterSaleAlreadyRefunded {
                after_sale_id,
                amount,
            } => {
                vec![("id", after_sale_id.clone()), ("amount", amount.to_yuan())]
            }
            _ => Vec::new(),
        }
    }
}
