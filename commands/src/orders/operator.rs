//! What runs without a seller: completing shipped orders once their days have passed.

use domain::calendar::DAY_SECONDS;
use domain::order::OrderCommand;
use sqlx::Row;

use crate::error::Error;
use crate::orders::OrderQueue;
use crate::Database;

/// Default days after shipping before an order completes on its own.
pub const AUTO_COMPLETE_DAYS: i64 = 10;

/// Completes every shipped order shipped at least `days` ago; answers how many. Candidates come from
/// the orders read table, and the order itself checks the days again.
pub async fn complete_due(db: &Database, orders: &OrderQueue, days: i64, now: i64) -> Result<usize, Error> {
    let rows = sqlx::query(
        "SELECT order_no FROM orders WHERE status = 'shipped' AND shipped_at <= $1 ORDER BY shipped_at LIMIT 1000",
    )
    .bind(now - days * DAY_SECONDS)
    .fetch_all(&db.pool)
    .await?;
    let mut completed = 0;
    for row in rows {
        let order_no: String = row.get("order_no");
        match orders
            .execute(&order_no, OrderCommand::CompleteAutomatically { days, at: now })
            .await
        {
            Ok(()) => completed += 1,
            // Confirmed or changed meanwhile: nothing to do.
            Err(Error::Invalid(_)) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(completed)
}
