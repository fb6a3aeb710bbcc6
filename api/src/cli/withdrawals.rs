//! `jpmall ops withdrawal`: the finance desk's withdrawal steps for scripts.

use clap::Subcommand;

use crate::app;
use crate::config::Config;

#[derive(Subcommand)]
pub(super) enum WithdrawalOps {
    /// Withdrawals newest first, with full payout details.
    List {
        #[arg(long)]
        status: Option<String>,
    },
    /// Mark a pending withdrawal paid (after paying it out).
    Approve { id: String },
    /// Reject a pending withdrawal, releasing its amount to the balance.
    Reject {
        id: String,
        #[arg(long)]
        reason: String,
    },
}

pub(super) async fn withdrawal_ops(config: Config, command: WithdrawalOps) -> anyhow::Result<()> {
    use crate::actions::withdrawals::{decide_withdrawal, Decision};
    let app = app::open(config).await?;
    let state = &app.state;
    let decided = |row: projections::wallet::WithdrawalRow| {
        println!(
            "{} {} yuan of {} is now {}{}",
            row.id,
            row.amount.to_yuan(),
            row.mobile,
            row.status,
            if row.reason.is_empty() {
                String::new()
            } else {
                format!(": {}", row.reason)
            }
        );
    };
    let explain = |e: crate::error::AppError| anyhow::anyhow!("{}", e.message(crate::i18n::Language::EnUs));
    let result = match command {
        WithdrawalOps::List { status } => {
            let page = projections::wallet::withdrawals_page(&state.db.pool, None, status.as_deref(), 1, 100)
                .await?;
            println!(
                "{} withdrawal(s){}",
                page.total,
                if page.total > 100 {
                    ", newest 100 shown"
                } else {
                    ""
                }
            );
            for w in &page.list {
                println!(
                    "{}  {:<8} {:>12}  {}  payee {} account {}  requested {}{}",
                    w.id,
                    w.status,
                    w.amount.to_yuan(),
                    w.mobile,
                    w.payee,
                    w.account,
                    w.requested_at,
                    if w.reason.is_empty() {
                        String::new()
                    } else {
                        format!("  reason: {}", w.reason)
                    }
                );
            }
            Ok(())
        }
        WithdrawalOps::Approve { id } => decide_withdrawal(state, &id, Decision::Approve)
            .await
            .map(decided)
            .map_err(explain),
        WithdrawalOps::Reject { id, reason } => decide_withdrawal(state, &id, Decision::Reject(reason))
            .await
            .map(decided)
            .map_err(explain),
    };
    state.db.close().await;
    result
}
