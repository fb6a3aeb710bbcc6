//! The warehouse's steps on one order, as the console and `jpmall ops order` take them.

use commands::clock::now;
use commands::Refusal;
use domain::order::{OrderCommand, Shortage};
use projections::orders::{self as read, OrderView};

use crate::actions::shipping::shipment_of;
use crate::error::AppError;
use crate::i18n::Language;
use crate::state::AppState;

/// One warehouse step, as the HTTP call and the CLI both name it.
#[derive(Debug, Clone)]
pub enum Step {
    PrepareStock,
    /// Items short, and the caller's report id (sending the same report again reports nothing new).
    OutOfStock {
        shortages: Vec<(String, i64)>,
        report_id: Option<String>,
    },
    FlagAbnormal(String),
    ResolveAbnormal(String),
    Ship {
        courier: String,
        tracking_no: String,
    },
}

/// Sends the step to the order and answers the order as the operator sees it.
pub async fn take_step(
    state: &AppState,
    order_no: &str,
    step: Step,
    lang: Language,
) -> Result<OrderView, AppError> {
    let order_no = order_no.trim();
    if order_no.is_empty() {
        return Err(Refusal::new("order.id_required").on("order_no").into());
    }
    if read::detail(&state.db.pool, None, order_no, lang)
        .await?
        .is_none()
    {
        return Err(AppError::NotFound("order.not_found"));
    }
    let at = now();
    let command = match step {
        Step::PrepareStock => OrderCommand::PrepareStock { at },
        Step::OutOfStock { shortages, report_id } => OrderCommand::MarkOutOfStock {
            shortages: shortages
                .into_iter()
                .map(|(sku_id, quantity)| Shortage { sku_id, quantity })
                .collect(),
            at,
            report_id: report_id
                .map(|id| id.trim().to_string())
                .filter(|id| !id.is_empty()),
        },
        Step::FlagAbnormal(reason) => OrderCommand::FlagAbnormal { reason, at },
        Step::ResolveAbnormal(resolution) => OrderCommand::ResolveAbnormal { resolution, at },
        Step::Ship { courier, tracking_no } => {
            let (courier, tracking_no) = shipment_of(&courier, &tracking_no)?;
            OrderCommand::Ship {
                courier,
                tracking_no,
                at,
            }
        }
    };
    state.orders.execute(order_no, command).await?;
    read::detail(&state.db.pool, None, order_no, lang)
        .await?
        .ok_or(AppError::NotFound("order.not_found"))
}
