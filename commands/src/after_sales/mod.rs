//! After-sales: applying from an order's items (the order sets them aside first, so parallel
//! requests never claim more than was bought), the seller's and the operator's steps, and the
//! process manager that credits refunds and frees the items of rejected or cancelled requests.

pub mod applying;
pub mod manager;
pub mod steps;

use domain::after_sale::{AfterSale, AfterSaleError};
use domain::calendar::china_stamp;

use crate::command_queue::{CommandQueue, Refuses};
use crate::error::{Error, Refusal};
use crate::Database;

/// Every after-sale command goes through its queue (queued per after-sale, conflicts retried).
pub type AfterSaleQueue = CommandQueue<AfterSale>;

impl Refuses for AfterSaleError {
    fn refusal(&self) -> Refusal {
        let mut refusal = Refusal::new(self.key());
        refusal.field = self.field();
        refusal.params = self.params();
        refusal
    }
}

/// A new after-sale serial number: `SH`, the China-time stamp and six random digits.
pub fn new_after_sale_id(now: i64) -> String {
    format!("SH{}{:06}", china_stamp(now), rand::random::<u32>() % 1_000_000)
}

fn not_found() -> Error {
    Error::NotFound(Refusal::new("aftersale.not_found"))
}

/// An after-sale that exists (any owner: the operator's view).
pub async fn existing(db: &Database, id: &str) -> Result<AfterSale, Error> {
    let after_sale: AfterSale = db.load(id).await?;
    if after_sale.kind().is_none() {
        return Err(not_found());
    }
    Ok(after_sale)
}

/// An after-sale of `user_id`; another user's is "not found", never "forbidden".
pub async fn owned(db: &Database, user_id: &str, id: &str) -> Result<AfterSale, Error> {
    let after_sale = existing(db, id).await?;
    if after_sale.user_id() != user_id {
        return Err(not_found());
    }
    Ok(after_sale)
}
