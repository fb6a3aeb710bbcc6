//! The seller marks what the stall changed done: updated in their shop, or delisted there. Each
//! listing is a command on its record up to the last change the seller saw pending (found by the
//! caller in the read tables), so a change that comes in meanwhile stays to act on.

use domain::listing::record::{ChangeMark, DoneHow, ListingCommand};

use crate::error::Error;
use crate::listing::ListingQueue;

/// A listing and the last pending change its mark covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    pub listing_id: String,
    pub up_to: ChangeMark,
}

/// Marks each of `pending` done; answers how many were.
pub async fn mark_done(
    queue: &ListingQueue,
    user_id: &str,
    pending: &[Pending],
    how: DoneHow,
    now: i64,
) -> Result<usize, Error> {
    for listing in pending {
        queue
            .execute(
                &listing.listing_id,
                ListingCommand::MarkDone {
                    user_id: user_id.to_string(),
                    up_to: listing.up_to,
                    how,
                    at: now,
                },
            )
            .await?;
    }
    Ok(pending.len())
}
