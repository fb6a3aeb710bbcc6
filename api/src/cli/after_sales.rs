//! `jpmall ops aftersale`: the service desk's after-sale steps for scripts.

use clap::Subcommand;

use crate::app;
use crate::config::Config;

#[derive(Subcommand)]
pub(super) enum AfterSaleOps {
    /// After-sales newest first (status: pending_review, approved, awaiting_return, …).
    List {
        #[arg(long)]
        status: Option<String>,
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
    /// Approve a request under review (a refund before shipping whose parcel left starts an interception).
    Approve { id: String },
    /// Reject a request under review.
    Reject {
        id: String,
        #[arg(long)]
        reason: String,
    },
    /// Record the interception's result (succeeded unless --failed).
    Intercept {
        id: String,
        #[arg(long)]
        failed: bool,
    },
    /// The returned parcel arrived.
    Receive {
        id: String,
        #[arg(long)]
        wrong_item: bool,
        #[arg(long)]
        wrong_station: bool,
    },
    /// Refund to the wallet (once, however often it is run).
    Refund { id: String },
    /// Ship the exchange or resend parcel.
    Ship {
        id: String,
        #[arg(long)]
        courier: String,
        #[arg(long)]
        tracking: String,
    },
}

pub(super) async fn after_sale_ops(config: Config, command: AfterSaleOps) -> anyhow::Result<()> {
    use crate::i18n::Language;
    use commands::after_sales::steps::Step;
    let app = app::open(config).await?;
    let state = &app.state;
    let lang = Language::EnUs;
    let shown = |a: &projections::after_sales::AfterSaleView| {
        println!(
            "{}  {}  {}  {}  qty {}  refund {}{}",
            a.id,
            a.order_no,
            a.kind,
            a.status,
            a.quantity,
            a.refund_amount,
            if a.return_tracking_no.is_empty() {
                String::new()
            } else {
                format!("  return {} {}", a.return_courier, a.return_tracking_no)
            }
        );
    };
    let (id, step) = match command {
        AfterSaleOps::List { status, limit } => {
            let status = match status.as_deref().map(str::trim) {
                None | Some("") | Some("all") => None,
                Some(code) => Some(
                    domain::after_sale::AfterSaleStatus::from_code(code)
                        .ok_or_else(|| anyhow::anyhow!("unknown status {code:?}"))?,
                ),
            };
            let filter = projections::after_sales::AfterSaleFilter {
                status,
                ..Default::default()
            };
            let found =
                projections::after_sales::list(&state.db.pool, &filter, 1, limit.clamp(1, 100)).await?;
            println!("{} after-sales", found.total);
            for a in &found.list {
                shown(a);
            }
            app.state.db.close().await;
            return Ok(());
        }
        AfterSaleOps::Approve { id } => (id, Step::Approve),
        AfterSaleOps::Reject { id, reason } => (id, Step::Reject { reason }),
        AfterSaleOps::Intercept { id, failed } => (id, Step::Intercept { succeeded: !failed }),
        AfterSaleOps::Receive {
            id,
            wrong_item,
            wrong_station,
        } => (
            id,
            Step::Receive {
                wrong_item,
                wrong_station,
            },
        ),
        AfterSaleOps::Refund { id } => (id, Step::Refund { expected: None }),
        AfterSaleOps::Ship {
            id,
            courier,
            tracking,
        } => (
            id,
            Step::Ship {
                courier,
                tracking_no: tracking,
            },
        ),
    };
    let result = crate::actions::after_sales::take_step(state, &id, step).await;
    app.state.db.close().await;
    match result {
        Ok(after_sale) => {
            shown(&after_sale);
            Ok(())
        }
        Err(e) => anyhow::bail!(e.message(lang)),
    }
}
