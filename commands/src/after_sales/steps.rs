//! The steps after applying: the seller's (return parcel, cancel) check ownership; the operator's
//! (approve, reject, intercept, receive, refund, ship the replacement) act on any after-sale.

use domain::after_sale::{AfterSaleCommand, AfterSaleError};
use domain::money::Fen;
use domain::order::{Courier, Order, OrderCommand, OrderStatus};

use super::{existing, owned, AfterSaleDesk};
use crate::desk::Refuses;
use crate::error::{Error, Refusal};
use crate::orders::OrderDesk;
use crate::Database;

fn courier_from(code: &str) -> Result<Courier, Error> {
    Courier::from_code(code.trim()).ok_or_else(|| Refusal::new("order.courier_required").on("courier").into())
}

pub async fn submit_return(
    db: &Database,
    after_sales: &AfterSaleDesk,
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
    after_sales: &AfterSaleDesk,
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
    Reject { reason: String },
    Intercept { succeeded: bool },
    Receive { wrong_item: bool, wrong_station: bool },
    Refund,
    Ship { courier: String, tracking_no: String },
}

pub async fn take_step(
    db: &Database,
    orders: &OrderDesk,
    after_sales: &AfterSaleDesk,
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
        Step::Refund => return refund(db, orders, after_sales, id, now).await,
        Step::Ship { courier, tracking_no } => AfterSaleCommand::ShipReplacement {
            courier: courier_from(&courier)?,
            tracking_no,
            at: now,
        },
    };
    after_sales.execute(id, command).await
}

/// The refund: the order records it first (it refuses more than is left of the payment, and the
/// same after-sale twice with another amount), then the after-sale, whose event the process manager
/// credits to the wallet under the after-sale id. Repeated or parallel calls credit once.
async fn refund(
    db: &Database,
    orders: &OrderDesk,
    after_sales: &AfterSaleDesk,
    id: &str,
    now: i64,
) -> Result<(), Error> {
    let after_sale = existing(db, id).await?;
    match after_sale.check_refundable() {
        Ok(()) => {}
        // A repeat answers like the first refund and moves nothing again. It still takes its turn at
        // the desk, so it answers only once the first refund's read tables are written.
        Err(AfterSaleError::AlreadyRefunded) => {
            let repeat = AfterSaleCommand::Refund {
                refund_id: id.to_string(),
                cap: Fen::ZERO,
                at: now,
            };
            return after_sales.execute(id, repeat).await;
        }
        Err(e) => return Err(Error::from(e.refusal())),
    }
    let order_no = after_sale.order_no().to_string();
    let order: Order = db.load(&order_no).await?;
    let amount = match order.after_sale_refund(id) {
        // A call cut off between the two steps: finish with the amount the order kept.
        Some(recorded) => recorded,
        None => {
            let estimate = after_sale
                .breakdown(Some(order.refundable()))
                .ok_or_else(|| Error::from(Refusal::new("order.overflow")))?;
            orders
                .execute(
                    &order_no,
                    OrderCommand::RecordAfterSaleRefund {
                        after_sale_id: id.to_string(),
                        amount: estimate.total,
                        at: now,
                    },
                )
                .await?;
            estimate.total
        }
    };
    after_sales
        .execute(
            id,
            AfterSaleCommand::Refund {
                refund_id: id.to_string(),
                cap: amount,
                at: now,
            },
        )
        .await
}
