//! "List it in my shop": a seller's shops with their pricing rules ([`shops`]), and packages that put
//! jpmall products in one of them ([`package`]): what each package listed is recorded through the
//! `listing` aggregate, so "My listings" can compare it with the catalogue later.

pub mod acted;
pub mod package;
pub mod shops;

use domain::listing::record::{Listing, ListingError};

use crate::command_queue::{CommandQueue, Refuses};
use crate::error::Refusal;

/// Every listing command goes through its queue (queued per record, conflicts retried).
pub type ListingQueue = CommandQueue<Listing>;

impl Refuses for ListingError {
    fn refusal(&self) -> Refusal {
        let mut refusal = Refusal::new(self.key());
        refusal.field = self.field();
        refusal.params = self.params();
        refusal
    }
}

/// The platforms a seller's shop can be on, and whether jpmall writes that platform's package yet.
pub const PLATFORMS: [(&str, bool); 5] = [
    ("taobao", true),
    ("shopee", true),
    ("lazada", true),
    ("tiktok", true),
    ("douyin", true),
];

/// The currencies a shop on `platform` can sell in: Shopee's, Lazada's and TikTok Shop's markets';
/// none for Taobao and Douyin, which sell in yuan.
pub use domain::listing::template::currencies_for;

/// Whether jpmall builds packages for `platform`.
pub fn packages_for(platform: &str) -> bool {
    PLATFORMS.iter().any(|(code, ready)| *code == platform && *ready)
}
