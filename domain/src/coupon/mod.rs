//! One issued coupon (aggregate id `CP…`): a product, service or shipping discount, full reduction or
//! percentage, valid for a period; redeemed by one order, released when that order is cancelled.

pub mod aggregate;
pub mod commands;
pub mod errors;
pub mod events;
pub mod model;

#[cfg(test)]
mod tests;

pub use aggregate::{validate_terms, Coupon, OPERATOR};
pub use commands::CouponCommand;
pub use errors::CouponError;
pub use events::CouponEvent;
pub use model::{AppliedCoupon, CouponKind, CouponTerms, Discount, NotApplicable};
