//! The service desk's steps on an after-sale, and the after-sale as it reads afterwards, as the console and `jpmall ops aftersale` take them.

use commands::after_sales::steps::{self, Step};
use commands::clock::now;
use commands::Refusal;
use projections::after_sales::{self as read, AfterSaleView};

use crate::error::AppError;
use crate::i18n::Language;
use crate::state::AppState;

pub async fn answer(
    state: &AppState,
    user_id: Option<&str>,
    id: &str,
    lang: Language,
) -> Result<AfterSaleView, AppError> {
    let mut view = read::detail(&state.db.pool, user_id, id)
        .await?
        .map(|(view, _)| view)
        .ok_or(AppError::NotFound("aftersale.not_found"))?;
    read::in_language(&state.db.pool, std::slice::from_mut(&mut view), lang).await?;
    Ok(view)
}

/// Takes an operator step and answers the after-sale as it is afterwards.
pub async fn take_step(state: &AppState, id: &str, step: Step) -> Result<AfterSaleView, AppError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(Refusal::new("aftersale.id_required").on("id").into());
    }
    steps::take_step(&state.db, &state.orders, &state.after_sales, id, step, now()).await?;
    answer(state, None, id, Language::ZhCn).await
}
