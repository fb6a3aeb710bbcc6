//! The snapshot format of each aggregate's state. A change to an aggregate's fields (added, renamed,
//! retyped) bumps its number, so older snapshot rows are ignored and rebuilt from the events.

use domain::after_sale::AfterSale;
use domain::coupon::Coupon;
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
    const SNAPSHOT_FORMAT: i64 = 1;
}
