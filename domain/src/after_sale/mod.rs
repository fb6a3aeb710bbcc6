//! One after-sale request (aggregate id = its serial number): refund before or after shipping, return
//! and refund, exchange, or resend; its refund breakdown is computed here and stored in the event.

pub mod aggregate;
pub mod breakdown;
pub mod commands;
pub mod errors;
pub mod events;
pub mod model;

#[cfg(test)]
mod tests;

pub use aggregate::{check_application, AfterSale, MAX_IMAGES};
pub use breakdown::{Breakdown, RefundBasis};
pub use commands::AfterSaleCommand;
pub use errors::AfterSaleError;
pub use events::AfterSaleEvent;
pub use model::{AfterSaleKind, AfterSaleStatus, ClaimedLine, FactLine, OrderFacts, PerItemFees};
