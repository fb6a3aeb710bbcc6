//! `jpmall ops order`: orders listed, and the warehouse's steps on one order.

use std::path::PathBuf;

use clap::Subcommand;

use crate::app;
use crate::config::Config;

#[derive(Subcommand)]
pub(super) enum OrderOps {
    /// Orders newest first (tab: pending_payment, to_be_shipped, shipped, completed, cancelled, …).
    List {
        #[arg(long)]
        status: Option<String>,
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
    /// The stock of a paid order is ready.
    Prepare { order_no: String },
    /// Items the warehouse cannot supply, as SKU:QUANTITY; they are refunded to the wallet.
    Short {
        order_no: String,
        #[arg(required = true)]
        items: Vec<String>,
        /// Names this report: running the command again with it reports nothing new.
        #[arg(long)]
        report_id: Option<String>,
    },
    /// Flag an order abnormal.
    Flag {
        order_no: String,
        #[arg(long)]
        reason: String,
    },
    /// Resolve an abnormal order.
    Resolve {
        order_no: String,
        #[arg(long)]
        resolution: String,
    },
    /// Ship an order whose stock is prepared.
    Ship {
        order_no: String,
        #[arg(long)]
        courier: String,
        #[arg(long)]
        tracking: String,
    },
    /// Complete shipped orders past the automatic-completion days.
    CompleteDue,
    /// Ship orders from a sheet of order number, courier and tracking number: prints the preview, and
    /// with --apply ships.
    ShipBatch {
        file: PathBuf,
        #[arg(long)]
        apply: bool,
    },
}

pub(super) async fn order_ops(config: Config, command: OrderOps) -> anyhow::Result<()> {
    use crate::actions::order_steps::{take_step, Step};
    use crate::i18n::Language;
    let app = app::open(config).await?;
    let state = &app.state;
    let lang = Language::EnUs;
    let shown = |order: projections::orders::OrderView| {
        println!(
            "{}  {}  stock {}  {}{}  total {}  {}",
            order.order_no,
            order.status,
            order.stock_status,
            if order.abnormal { "abnormal  " } else { "" },
            order.item_count,
            order.fees.total,
            order.tracking_no
        );
    };
    let step = match command {
        OrderOps::List { status, limit } => {
            let body = crate::actions::order_list::ListBody::for_tab(
                status.unwrap_or_default(),
                limit.clamp(1, 100),
            );
            let (filter, page, pagesize) = crate::actions::order_list::filter_of(&body, None)
                .map_err(|e| anyhow::anyhow!(e.message(lang)))?;
            let found = projections::orders::list(&state.db.pool, &filter, page, pagesize, lang).await?;
            println!("{} orders", found.total);
            for order in found.list {
                shown(order);
            }
            app.state.db.close().await;
            return Ok(());
        }
        OrderOps::CompleteDue => {
            let completed = commands::orders::operator::complete_due(
                &state.db,
                &state.orders,
                state.config.auto_complete_days,
                commands::clock::now(),
            )
            .await?;
            println!("{completed} orders completed");
            app.state.db.close().await;
            return Ok(());
        }
        OrderOps::ShipBatch { .. } => unreachable!("ship-batch is run by cli::warehouse"),
        OrderOps::Prepare { order_no } => (order_no, Step::PrepareStock),
        OrderOps::Short {
            order_no,
            items,
            report_id,
        } => {
            let mut shortages = Vec::new();
            for item in items {
                let (sku, quantity) = item
                    .rsplit_once(':')
                    .and_then(|(s, q)| Some((s.to_string(), q.parse::<i64>().ok()?)))
                    .ok_or_else(|| anyhow::anyhow!("{item:?} is not SKU:QUANTITY"))?;
                shortages.push((sku, quantity));
            }
            (order_no, Step::OutOfStock { shortages, report_id })
        }
        OrderOps::Flag { order_no, reason } => (order_no, Step::FlagAbnormal(reason)),
        OrderOps::Resolve { order_no, resolution } => (order_no, Step::ResolveAbnormal(resolution)),
        OrderOps::Ship {
            order_no,
            courier,
            tracking,
        } => (
            order_no,
            Step::Ship {
                courier,
                tracking_no: tracking,
            },
        ),
    };
    let result = take_step(state, &step.0, step.1, lang).await;
    app.state.db.close().await;
    match result {
        Ok(order) => {
            shown(order);
            Ok(())
        }
        Err(e) => anyhow::bail!(e.message(lang)),
    }
}
