//! Applying for an after-sale: the rules are checked against the order as it is, the order sets the
//! items aside (its queue serialises the claims of one order, so parallel requests cannot both take
//! the last item), then the after-sale is opened. A resent request id answers the first after-sale.

use domain::after_sale::{check_application, AfterSaleCommand, AfterSaleKind, FactLine};
use domain::constants::RETURN_WINDOW_SECONDS;
use domain::order::{Claim, OrderCommand, OrderStatus};

use super::{new_after_sale_id, AfterSaleQueue};
use crate::command_queue::Refuses;
use crate::error::{Error, Refusal};
use crate::orders::payment::owned_order;
use crate::orders::OrderQueue;
use crate::Database;

/// What an order allows right now.
#[derive(Debug, Clone)]
pub struct Options {
    pub order_no: String,
    pub status: OrderStatus,
    pub kinds: Vec<AfterSaleKind>,
    pub return_deadline: Option<i64>,
    pub lines: Vec<FactLine>,
}

#[derive(Debug, Clone, Default)]
pub struct Application {
    pub order_no: String,
    pub kind: String,
    pub lines: Vec<Claim>,
    pub reason: String,
    pub description: String,
    pub images: Vec<String>,
    pub request_id: String,
}

const MAX_DESCRIPTION_CHARS: usize = 500;
const MAX_REASON_CHARS: usize = 100;

fn order_no_required(order_no: &str) -> Result<(), Error> {
    if order_no.trim().is_empty() {
        return Err(Refusal::new("order.id_required").on("order_no").into());
    }
    Ok(())
}

pub async fn options(db: &Database, user_id: &str, order_no: &str, now: i64) -> Result<Options, Error> {
    order_no_required(order_no)?;
    let order = owned_order(db, user_id, order_no.trim()).await?;
    let facts = order.after_sale_facts();
    let deadline = facts.received_at.map(|received| received + RETURN_WINDOW_SECONDS);
    let kinds = AfterSaleKind::allowed_for(facts.status)
        .into_iter()
        .filter(|kind| !kind.is_return() || deadline.is_none_or(|d| now <= d))
        .collect();
    Ok(Options {
        order_no: facts.order_no,
        status: facts.status,
        kinds,
        return_deadline: deadline,
        lines: facts.lines,
    })
}

async fn check_images(db: &Database, user_id: &str, images: &[String]) -> Result<(), Error> {
    for url in images {
        let uploaded = sqlx::query("SELECT 1 FROM uploads WHERE user_id = $1 AND url = $2")
            .bind(user_id)
            .bind(url)
            .fetch_optional(&db.pool)
            .await?;
        if uploaded.is_none() {
            return Err(Refusal::new("aftersale.image_unknown").on("images").into());
        }
    }
    Ok(())
}

/// Claims a request id for `id`; answers the after-sale that claimed it first, if any.
async fn first_for_request(
    db: &Database,
    user_id: &str,
    request_id: &str,
    id: &str,
    now: i64,
) -> Result<Option<String>, Error> {
    if request_id.is_empty() {
        return Ok(None);
    }
    let inserted = sqlx::query(
        "INSERT INTO after_sale_requests (user_id, request_id, after_sale_id, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id, request_id) DO NOTHING",
    )
    .bind(user_id)
    .bind(request_id)
    .bind(id)
    .bind(now)
    .execute(&db.pool)
    .await?
    .rows_affected();
    if inserted == 1 {
        return Ok(None);
    }
    let first: String = sqlx::query_scalar(
        "SELECT after_sale_id FROM after_sale_requests WHERE user_id = $1 AND request_id = $2",
    )
    .bind(user_id)
    .bind(request_id)
    .fetch_one(&db.pool)
    .await?;
    Ok(Some(first))
}

async fn forget_request(db: &Database, user_id: &str, request_id: &str, id: &str) {
    if request_id.is_empty() {
        return;
    }
    let forgotten = sqlx::query(
        "DELETE FROM after_sale_requests WHERE user_id = $1 AND request_id = $2 AND after_sale_id = $3",
    )
    .bind(user_id)
    .bind(request_id)
    .bind(id)
    .execute(&db.pool)
    .await;
    if let Err(error) = forgotten {
        tracing::warn!(
            request_id,
            "could not forget a refused after-sale request: {error}"
        );
    }
}

/// Opens an after-sale and answers its id.
pub async fn apply(
    db: &Database,
    orders: &OrderQueue,
    after_sales: &AfterSaleQueue,
    user_id: &str,
    application: Application,
    now: i64,
) -> Result<String, Error> {
    let Application {
        order_no,
        kind,
        lines,
        reason,
        description,
        images,
        request_id,
    } = application;
    order_no_required(&order_no)?;
    let order_no = order_no.trim().to_string();
    let order = owned_order(db, user_id, &order_no).await?;
    let Some(kind) = AfterSaleKind::from_code(kind.trim()) else {
        return Err(Refusal::new("aftersale.kind_required").on("kind").into());
    };
    if reason.trim().chars().count() > MAX_REASON_CHARS {
        return Err(Refusal::new("aftersale.reason_too_long")
            .on("reason")
            .with("max", MAX_REASON_CHARS)
            .into());
    }
    if description.trim().chars().count() > MAX_DESCRIPTION_CHARS {
        return Err(Refusal::new("aftersale.description_too_long")
            .on("description")
            .with("max", MAX_DESCRIPTION_CHARS)
            .into());
    }
    let facts = order.after_sale_facts();
    check_application(&facts, kind, &lines, &reason, &images, now).map_err(|e| Error::from(e.refusal()))?;
    check_images(db, user_id, &images).await?;

    let request_id = request_id.trim().to_string();
    let id = new_after_sale_id(now);
    if let Some(first) = first_for_request(db, user_id, &request_id, &id, now).await? {
        return Ok(first);
    }
    let claimed = orders
        .execute(
            &order_no,
            OrderCommand::ClaimForAfterSale {
                after_sale_id: id.clone(),
                lines: lines.clone(),
                before_shipping: kind.before_shipping(),
                at: now,
            },
        )
        .await;
    if let Err(error) = claimed {
        forget_request(db, user_id, &request_id, &id).await;
        return Err(error);
    }
    // Read again: the facts the after-sale keeps are those its own claim was checked against.
    let facts = {
        let order: domain::order::Order = db.load(&order_no).await?;
        let mut facts = order.after_sale_facts();
        for line in &mut facts.lines {
            line.available += lines
                .iter()
                .filter(|c| c.sku_id == line.sku_id)
                .map(|c| c.quantity)
                .sum::<i64>();
        }
        if kind.before_shipping() {
            facts.unshipped_items += lines.iter().map(|c| c.quantity).sum::<i64>();
        }
        facts
    };
    let opened = after_sales
        .execute(
            &id,
            AfterSaleCommand::Apply {
                facts,
                kind,
                lines,
                reason,
                description,
                images,
                at: now,
            },
        )
        .await;
    if let Err(error) = opened {
        let released = orders
            .execute(
                &order_no,
                OrderCommand::ReleaseAfterSaleClaim {
                    after_sale_id: id.clone(),
                    at: now,
                },
            )
            .await;
        if let Err(release_error) = released {
            tracing::error!(
                after_sale_id = id,
                "claim left held (settled at the next start): {release_error:#}"
            );
        }
        forget_request(db, user_id, &request_id, &id).await;
        return Err(error);
    }
    Ok(id)
}
