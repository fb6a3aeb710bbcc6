use serde::{Deserialize, Serialize};

use super::events::ListedProduct;

/// Every command carries `at`, its business time in unix seconds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ListingCommand {
    /// `user_id` put the product in one of their shops with a package (`package_id`).
    Record { listed: Box<ListedProduct>, at: i64 },
    /// The seller no longer wants the record (the product itself is untouched).
    Remove { user_id: String, at: i64 },
}
