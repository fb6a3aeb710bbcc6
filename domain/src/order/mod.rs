//! One order (aggregate id = order number): placed with its fees, paid, stocked or short, shipped,
//! completed and reviewed, or cancelled; refunds are named so the wallet credits each once.

pub mod aggregate;
pub mod commands;
pub mod errors;
pub mod events;
pub mod fees;
pub mod model;
pub mod shares;

#[cfg(test)]
mod tests;

pub use aggregate::{apply_coupons, validate_destination, Order};
pub use commands::{OrderCommand, PlaceOrder};
pub use errors::OrderError;
pub use events::OrderEvent;
pub use fees::{Courier, Fees, QcLevel, ValueAdded, SERVICE_FEE_PER_ITEM};
pub use model::{
    Address, Claim, Destination, OrderLine, OrderStatus, PaymentMethod, Platform, ShippingPriority, Shortage,
    StockState,
};
pub use shares::{allocate, coupon_for_items, most_paid_for_items, shares_of, LineShare};
