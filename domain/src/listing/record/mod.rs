//! The listing record (aggregate id `LS…`, one per seller, shop and product): what a seller listed in
//! one of their shops and at what prices, as events, so "My listings" can compare each SKU's listed
//! price and the wholesale price it was bought at then with today's, and an auditor can replay it.
//! Listing the same product to the same shop again replaces its SKUs and prices; a package already
//! recorded (the same `package_id`) records nothing the second time.

pub mod aggregate;
pub mod commands;
pub mod errors;
pub mod events;

#[cfg(test)]
mod tests;

pub use aggregate::{Listing, ListingStatus};
pub use commands::{ChangeMark, DoneHow, ListingCommand};
pub use errors::ListingError;
pub use events::{ListedProduct, ListedSku, ListingEvent};

/// The listing record of `user_id`'s `product_id` in `shop_id`: one per triple, so listing again
/// updates the record instead of adding a second.
pub fn listing_id(user_id: &str, shop_id: &str, product_id: &str) -> String {
    format!("LS{user_id}.{shop_id}.{product_id}")
}
