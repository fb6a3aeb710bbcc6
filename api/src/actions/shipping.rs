//! Shipping many orders at once, each on its own: typed or scanned in the console, from a tracking-number sheet, or by `jpmall ops order ship-batch`.

use commands::clock::now;
use commands::Refusal;
use domain::order::{Courier, OrderCommand};
use futures::stream::{self, StreamExt};
use projections::orders::warehouse as read;
use serde::{Deserialize, Serialize};

use crate::error::AppError;
use crate::i18n::Language;
use crate::state::AppState;

/// Orders shipped side by side: each is its own aggregate and mostly waits on the database.
const SHIP_CONCURRENCY: usize = 8;

/// The courier of a code, and the tracking number checked for its shape.
pub fn shipment_of(courier: &str, tracking_no: &str) -> Result<(Courier, String), Refusal> {
    let courier = Courier::from_code(courier.trim())
        .ok_or_else(|| Refusal::new("order.courier_required").on("courier"))?;
    let tracking_no = tracking_no.trim().to_string();
    if tracking_no.is_empty() {
        return Err(Refusal::new("order.tracking_required").on("tracking_no"));
    }
    if !courier.tracking_shape_ok(&tracking_no) {
        return Err(Refusal::new("order.tracking_shape")
            .on("tracking_no")
            .with("courier", courier.code()));
    }
    Ok((courier, tracking_no))
}

/// Ships one order; shipping it again with the same courier and number changes nothing.
async fn ship_one(
    state: &AppState,
    order_no: &str,
    courier: &str,
    tracking_no: &str,
) -> Result<(), AppError> {
    let (courier, tracking_no) = shipment_of(courier, tracking_no)?;
    let order_no = order_no.trim();
    if order_no.is_empty() {
        return Err(Refusal::new("order.id_required").on("order_no").into());
    }
    let known = read::shipping_states(&state.db.pool, &[order_no.to_string()]).await?;
    if !known.contains_key(order_no) {
        return Err(AppError::NotFound("order.not_found"));
    }
    state
        .orders
        .execute(
            order_no,
            OrderCommand::Ship {
                courier,
                tracking_no,
                at: now(),
            },
        )
        .await?;
    Ok(())
}

#[derive(Deserialize, Default, Clone)]
pub struct ShipmentInput {
    #[serde(default)]
    pub order_no: String,
    #[serde(default)]
    pub courier: String,
    #[serde(default)]
    pub tracking_no: String,
}

#[derive(Serialize)]
pub struct ShipResult {
    pub order_no: String,
    pub ok: bool,
    pub message: String,
}

#[derive(Serialize)]
pub struct BatchResult {
    pub shipped: usize,
    pub failed: usize,
    pub results: Vec<ShipResult>,
}

/// Ships each order on its own (one refused stops none of the others); results in the order given.
pub async fn ship_many(state: &AppState, shipments: Vec<ShipmentInput>, lang: Language) -> BatchResult {
    let results: Vec<ShipResult> = stream::iter(shipments)
        .map(|s| async move {
            let outcome = ship_one(state, &s.order_no, &s.courier, &s.tracking_no).await;
            ShipResult {
                order_no: s.order_no.trim().to_string(),
                ok: outcome.is_ok(),
                message: outcome.err().map(|e| e.message(lang)).unwrap_or_default(),
            }
        })
        .buffered(SHIP_CONCURRENCY)
        .collect()
        .await;
    let shipped = results.iter().filter(|r| r.ok).count();
    BatchResult {
        shipped,
        failed: results.len() - shipped,
        results,
    }
}
