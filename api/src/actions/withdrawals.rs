//! The finance desk's decision on a pending withdrawal, as the console and `jpmall ops withdrawal` take it.

use commands::Refusal;
use domain::wallet::WalletCommand;

use crate::error::AppError;
use crate::state::AppState;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    Approve,
    Reject(String),
}

/// Pays or rejects a pending withdrawal; the wallet refuses one that is no longer pending.
pub async fn decide_withdrawal(
    state: &AppState,
    id: &str,
    decision: Decision,
) -> Result<projections::wallet::WithdrawalRow, AppError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(Refusal::new("catalog.id_required").on("id").into());
    }
    let Some(found) = projections::wallet::withdrawal_by_id(&state.db.pool, id).await? else {
        return Err(AppError::NotFound("withdrawal.not_found"));
    };
    let at = commands::clock::now();
    let command = match decision {
        Decision::Approve => WalletCommand::PayWithdrawal {
            withdrawal_id: found.id.clone(),
            at,
        },
        Decision::Reject(reason) => WalletCommand::RejectWithdrawal {
            withdrawal_id: found.id.clone(),
            reason: reason.trim().to_string(),
            at,
        },
    };
    state.wallets.execute(&found.user_id, command).await?;
    projections::wallet::withdrawal_by_id(&state.db.pool, id)
        .await?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("withdrawal {id} vanished from the read table")))
}
