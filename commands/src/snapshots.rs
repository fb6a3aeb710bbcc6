//! The snapshot format of each aggregate's state. A change to an aggregate's fields (added, renamed,
//! retyped) bumps its number, so older snapshot rows are ignored and rebuilt from the events.

use domain::after_sale::AfterSale;
use domain::coupon::Coupon;
use domain::listing::record::Listing;
use domain::order::Order;
use domain::wallet::Wallet;
use domain::wave::Wave;

use crate::store::Snapshotted;

impl Snapshotted for Wallet {
    const SNAPSHOT_FORMAT: i64 = 1;
}

impl Snapshotted for Order {
    const SNAPSHOT_FORMAT: i64 = 1;
}

impl Snapshotted for AfterSale {
    const SNAPSHOT_FORMAT: i64 = 1;
}

impl Snapshotted for Coupon {
    const SNAPSHOT_FORMAT: i64 = 1;
}

impl Snapshotted for Wave {
    // 2: the stall of each line.
    const SNAPSHOT_FORMAT: i64 = 2;
}

impl Snapshotted for Listing {
    // 2: the last change marked done.
    const SNAPSHOT_FORMAT: i64 = 2;
}

/// A snapshot must be invisible: an aggregate resumed from the JSON of its state at any point, then
/// brought up to date from the later events, is the aggregate replayed from its first event. Random
/// command sequences over small pools of references make repeats, refusals and successes all common;
/// most steps send what an aggregate in its current state usually receives next (an order placed is
/// paid, a top-up requested is completed), so the histories go as deep as real ones.
#[cfg(test)]
mod tests;
