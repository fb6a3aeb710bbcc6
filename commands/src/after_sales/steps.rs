//! The steps after applying: the seller's (return parcel, cancel) check ownership; the operator's
//! (approve, reject, intercept, receive, refund, ship the replacement) act on any after-sale.

use domain::after_sale::{AfterSale, AfterSaleCommand, AfterSaleError, Breakdown};
use domain::money::Fen;
use domain::order::{Courier, Order, OrderCommand, OrderStatus};

use super::{existing, owned, AfterSaleQueue};
use crate::command_queue::Refuses;
use crate::error::{Error, Refusal};
use crate::orders::OrderQueue;
use crate::Database;

fn courier_from(code: &str) -> Result<Courier, Error> {
    Courier::from_code(code.trim()).ok_or_else(|| Refusal::new("order.courier_required").on("courier").into())
}

pub async fn submit_return(
    db: &Database,
    after_sales: &AfterSaleQueue,
    user_id: &str,
    id: &str,
    courier: &str,
    tracking_no: &str,
    now: i64,
) -> Result<(), Error> {
    owned(db, user_id, id).await?;
    let courier = courier_from(courier)?;
    after_sales
        .execute(
            id,
            AfterSaleCommand::SubmitReturn {
                courier,
                tracking_no: tracking_no.to_string(),
                at: now,
            },
        )
        .await
}

/// The process manager frees the claimed items once the cancellation is recorded.
pub async fn cancel(
    db: &Database,
    after_sales: &AfterSaleQueue,
    user_id: &str,
    id: &str,
    now: i64,
) -> Result<(), Error> {
    owned(db, user_id, id).await?;
    after_sales
        .execute(id, AfterSaleCommand::Cancel { at: now })
        .await
}

/// One operator step on an after-sale.
#[derive(Debug, Clone)]
pub enum Step {
    Approve,
    Reject {
        reason: String,
    },
    Intercept {
        succeeded: bool,
    },
    Receive {
        wrong_item: bool,
        wrong_station: bool,
    },
    /// `expected`: the total the operator confirmed, when the caller showed one.
    Refund {
        expected: Option<Fen>,
    },
    Ship {
        courier: String,
        tracking_no: String,
    },
}

pub async fn take_step(
    db: &Database,
    orders: &OrderQueue,
    after_sales: &AfterSaleQueue,
    id: &str,
    step: Step,
    now: i64,
) -> Result<(), Error> {
    let after_sale = existing(db, id).await?;
    let command = match step {
        Step::Approve => {
            let order: Order = db.load(after_sale.order_no()).await?;
            AfterSaleCommand::Approve {
                order_shipped: matches!(order.status(), OrderStatus::Shipped | OrderStatus::Completed),
                at: now,
            }
        }
        Step::Reject { reason } => AfterSaleCommand::Reject { reason, at: now },
        Step::Intercept { succeeded } => AfterSaleCommand::RecordInterception { succeeded, at: now },
        Step::Receive {
            wrong_item,
            wrong_station,
        } => AfterSaleCommand::MarkReceived {
            wrong_item,
            wrong_station,
            at: now,
        },
        Step::Refund { expected } => return refund(db, orders, after_sales, id, expected, now).await,
        Step::Ship { courier, tracking_no } => AfterSaleCommand::ShipReplacement {
            courier: courier_from(&courier)?,
            tracking_no,
            at: now,
        },
    };
    after_sales.execute(id, command).await
}

/// The refund as it would be paid now, for the operator to confirm: the goods at what they were paid
/// (the coupons' part as the order splits it now), fees only for goods never shipped, deductions as
/// flagged, capped at what the order may still give back. `None` while it cannot be refunded.
pub async fn refund_quote(db: &Database, id: &str) -> Result<Option<Breakdown>, Error> {
    let after_sale = existing(db, id).await?;
    if after_sale.check_refundable().is_err() {
        return Ok(None);
    }
    let order: Order = db.load(after_sale.order_no()).await?;
    quote(&after_sale, &order, id).map(Some)
}

fn quote(after_sale: &AfterSale, order: &Order, id: &str) -> Result<Breakdown, Error> {
    let coupon_share = order.after_sale_coupon_share(id).unwrap_or(Fen::ZERO);
    after_sale
        .breakdown(coupon_share, Some(order.refundable()))
        .ok_or_else(|| Error::from(Refusal::new("order.overflow")))
}

/// The refund: the order records it first (it refuses more than is left of the payment, more than
/// shipped goods were paid, and the same after-sale twice with another amount), then the after-sale,
/// whose event the process manager credits to the wallet under the after-sale id. Repeated or
/// parallel calls credit once. `expected` is the total the operator was shown: if the refund would
/// now pay anything else, it is refused with the new figure and nothing moves.
async fn refund(
    db: &Database,
    orders: &OrderQueue,
    after_sales: &AfterSaleQueue,
    id: &str,
    expected: Option<Fen>,
    now: i64,
) -> Result<(), Error> {
    let after_sale = existing(db, id).await?;
    match after_sale.check_refundable() {
        Ok(()) => {}
        // A repeat answers like the first refund and moves nothing again. It still takes its turn at
        // the queue, so it answers only once the first refund's read tables are written.
        Err(AfterSaleError::AlreadyRefunded) => {
            let repeat = AfterSaleCommand::Refund {
                refund_id: id.to_string(),
                coupon_share: Fen::ZERO,
                cap: Fen::ZERO,
                expected: None,
                at: now,
            };
            return after_sales.execute(id, repeat).await;
        }
        Err(e) => return Err(Error::from(e.refusal())),
    }
    let order_no = after_sale.order_no().to_string();
    let order: Order = db.load(&order_no).await?;
    // A call cut off between the two steps finishes with what the order kept.
    if order.after_sale_refund(id).is_none() {
        let quoted = quote(&after_sale, &order, id)?;
        if expected.is_some_and(|shown| shown != quoted.total) {
            let changed = AfterSaleError::AmountChanged { amount: quoted.total };
            return Err(Error::from(changed.refusal()));
        }
        orders
            .execute(
                &order_no,
                OrderCommand::RecordAfterSaleRefund {
                    after_sale_id: id.to_string(),
                    amount: quoted.total,
                    at: now,
                },
            )
            .await?;
    }
    let order: Order = db.load(&order_no).await?;
    let (Some(amount), Some(coupon_share)) =
        (order.after_sale_refund(id), order.after_sale_refund_coupon(id))
    else {
        return Err(Error::Internal(anyhow::anyhow!(
            "order {order_no} kept no refund for after-sale {id}"
        )));
    };
    after_sales
        .execute(
            id,
            AfterSaleCommand::Refund {
                refund_id: id.to_string(),
                coupon_share,
                cap: amount,
                expected,
                at: now,
            },
        )
        .await
}
