//! Pick waves made, read and closed, as the console and `jpmall ops wave` do it.

use commands::clock::now;
use commands::waves::Scope;
use domain::order::Shortage;
use projections::waves::{self as read, WaveView};

use crate::error::AppError;
use crate::i18n::{message, Language};
use crate::state::AppState;

/// The wave with a skipped order's reason in words.
pub async fn detail_of(state: &AppState, id: &str, lang: Language) -> Result<WaveView, AppError> {
    let mut wave = read::detail(&state.db.pool, id.trim(), lang)
        .await?
        .ok_or(AppError::NotFound("wave.not_found"))?;
    for order in wave.orders.iter_mut().flatten() {
        if !order.reason.is_empty() {
            let params: Vec<(&str, String)> = order
                .reason_params
                .iter()
                .map(|(name, value)| (name.as_str(), value.clone()))
                .collect();
            order.reason = message(lang, &order.reason, &params);
            order.reason_params.clear();
        }
    }
    Ok(wave)
}

/// Makes a wave; answers its id (the CLI prints it).
pub async fn make_wave(state: &AppState, market_id: String, stall_id: String) -> Result<String, AppError> {
    let scope = Scope { market_id, stall_id };
    Ok(commands::waves::create(&state.db, &state.waves, &scope, now()).await?)
}

/// Closes a wave and settles its orders.
pub async fn close_wave(state: &AppState, id: &str, missed: Vec<(String, i64)>) -> Result<(), AppError> {
    let missed = missed
        .into_iter()
        .map(|(sku_id, quantity)| Shortage {
            sku_id: sku_id.trim().to_string(),
            quantity,
        })
        .collect();
    commands::waves::close(&state.db, &state.waves, &state.orders, id, missed, now()).await?;
    Ok(())
}
