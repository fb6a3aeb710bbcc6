use crate::money::Fen;

/// Why a coupon refused a command. People see the message under [`CouponError::key`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CouponError {
    #[error("the coupon was already issued")]
    AlreadyIssued,
    #[error("coupon not found")]
    NotIssued,
    #[error("the coupon name is required")]
    NameRequired,
    #[error("the coupon's English name is required")]
    NameEnRequired,
    #[error("{field} is too long: at most {max} characters")]
    NameTooLong { field: &'static str, max: usize },
    #[error("{field} contains control characters")]
    NameControlCharacter { field: &'static str },
    #[error("the discount amount must be greater than 0")]
    AmountNotPositive,
    #[error("the percentage must be 1 to 99")]
    PercentOutOfRange,
    #[error("the threshold cannot be negative")]
    ThresholdNegative,
    #[error("the coupon ends before it starts")]
    EndsBeforeStart,
    #[error("this coupon has been used")]
    AlreadyUsed,
    #[error("this coupon is not valid now")]
    NotValidNow,
    #[error("the order does not reach the coupon threshold of {threshold}")]
    BelowThreshold { threshold: Fen },
}

impl CouponError {
    /// Stable catalogue key; never renamed.
    pub fn key(&self) -> &'static str {
        match self {
            CouponError::AlreadyIssued => "coupon.already_issued",
            CouponError::NotIssued => "coupon.not_found",
            CouponError::NameRequired => "coupon.name_required",
            CouponError::NameEnRequired => "coupon.name_en_required",
            // The same words as the request's text rules, which refuse these at the edge first.
            CouponError::NameTooLong { .. } => "request.field_too_long",
            CouponError::NameControlCharacter { .. } => "request.field_control_character",
            CouponError::AmountNotPositive => "coupon.amount_not_positive",
            CouponError::PercentOutOfRange => "coupon.percent_out_of_range",
            CouponError::ThresholdNegative => "coupon.threshold_negative",
            CouponError::EndsBeforeStart => "fund.end_before_start",
            CouponError::AlreadyUsed => "coupon.already_used",
            CouponError::NotValidNow => "coupon.not_valid_now",
            CouponError::BelowThreshold { .. } => "coupon.below_threshold",
        }
    }

    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            CouponError::BelowThreshold { threshold } => vec![("threshold", threshold.to_yuan())],
            CouponError::NameTooLong { field, max } => {
                vec![("max", max.to_string()), ("field", (*field).to_string())]
            }
            CouponError::NameControlCharacter { field } => vec![("field", (*field).to_string())],
            _ => Vec::new(),
        }
    }

    /// The request field the refusal is about: the operator's form when issuing, the checkout's
    /// coupon choice when redeeming.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            CouponError::NameRequired => Some("name"),
            CouponError::NameEnRequired => Some("name_en"),
            CouponError::NameTooLong { field, .. } | CouponError::NameControlCharacter { field } => {
                Some(field)
            }
            CouponError::AmountNotPositive => Some("amount"),
            CouponError::PercentOutOfRange => Some("percent_off"),
            CouponError::ThresholdNegative => Some("threshold"),
            CouponError::EndsBeforeStart => Some("valid_to"),
            CouponError::NotIssued
            | CouponError::AlreadyUsed
            | CouponError::NotValidNow
            | CouponError::BelowThreshold { .. } => Some("coupon_ids"),
            CouponError::AlreadyIssued => None,
        }
    }
}
