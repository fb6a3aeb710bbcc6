//! The warehouse's CLI steps for scripts: `jpmall ops wave create|show|close` and
//! `jpmall ops order ship-batch FILE.xlsx [--apply]`. They call what the console's calls call.

use std::path::PathBuf;

use anyhow::Context;
use clap::Subcommand;

use crate::actions::waves as admin_waves;
use crate::app;
use crate::config::Config;
use crate::i18n::Language;

#[derive(Subcommand)]
pub(super) enum WaveOps {
    /// Make a pick wave of the paid orders waiting for stock (all, or those wholly from one market or
    /// stall); prints the wave id.
    Create {
        #[arg(long)]
        market: Option<String>,
        #[arg(long)]
        stall: Option<String>,
    },
    /// Print a wave's pick list; with --xlsx also write it as a workbook.
    Show {
        id: String,
        #[arg(long)]
        xlsx: Option<PathBuf>,
    },
    /// Close a wave: the lines given as SKU:QUANTITY were missed (the rest were got); settles the orders.
    Close {
        id: String,
        #[arg(long, num_args = 1..)]
        missed: Vec<String>,
    },
}

const LANG: Language = Language::EnUs;

fn explain(e: crate::error::AppError) -> anyhow::Error {
    anyhow::anyhow!("{}", e.message(LANG))
}

/// `SKU:QUANTITY` pairs.
fn missed_of(items: &[String]) -> anyhow::Result<Vec<(String, i64)>> {
    items
        .iter()
        .map(|item| {
            item.rsplit_once(':')
                .and_then(|(s, q)| Some((s.trim().to_string(), q.trim().parse::<i64>().ok()?)))
                .ok_or_else(|| anyhow::anyhow!("{item:?} is not SKU:QUANTITY"))
        })
        .collect()
}

fn print_wave(wave: &projections::waves::WaveView) {
    println!(
        "{}  {}  {} orders  {} lines  {} pieces  {} missed",
        wave.id, wave.status, wave.order_count, wave.line_count, wave.quantity, wave.missed
    );
    let mut stall = String::new();
    for line in wave.lines.iter().flatten() {
        if line.stall_id != stall {
            stall.clone_from(&line.stall_id);
            println!(
                "{} {} {} ({})",
                line.market_name, line.floor, line.stall_name, line.stall_number
            );
        }
        let missed = line.missed.map(|m| format!("  missed {m}")).unwrap_or_default();
        println!(
            "  {}  {} {} {}  ×{}{missed}  sku {}",
            line.item_no, line.title, line.color, line.size, line.quantity, line.sku_id
        );
    }
    for order in wave.orders.iter().flatten() {
        if order.outcome != "pending" {
            println!("  {}  {}", order.order_no, order.outcome);
        }
    }
}

pub(super) async fn wave_ops(config: Config, command: WaveOps) -> anyhow::Result<()> {
    let app = app::open(config).await?;
    let state = &app.state;
    let result = async {
        match command {
            WaveOps::Create { market, stall } => {
                let id = admin_waves::make_wave(
                    state,
                    market.unwrap_or_default().trim().to_string(),
                    stall.unwrap_or_default().trim().to_string(),
                )
                .await
                .map_err(explain)?;
                println!("{id}");
            }
            WaveOps::Show { id, xlsx } => {
                let wave = admin_waves::detail_of(state, &id, LANG).await.map_err(explain)?;
                print_wave(&wave);
                if let Some(path) = xlsx {
                    let bytes = crate::excel::pick_list::workbook(&wave, LANG)?;
                    std::fs::write(&path, bytes)
                        .with_context(|| format!("cannot write {}", path.display()))?;
                    println!("written to {}", path.display());
                }
            }
            WaveOps::Close { id, missed } => {
                let missed = missed_of(&missed)?;
                let bar = indicatif::ProgressBar::new_spinner();
                bar.set_message(format!("closing {id} and settling its orders"));
                bar.enable_steady_tick(std::time::Duration::from_millis(200));
                let closed = admin_waves::close_wave(state, &id, missed).await;
                bar.finish_and_clear();
                closed.map_err(explain)?;
                let wave = admin_waves::detail_of(state, &id, LANG).await.map_err(explain)?;
                print_wave(&wave);
            }
        }
        Ok(())
    }
    .await;
    state.db.close().await;
    result
}

/// Previews (or with `apply` ships) a sheet of order number, courier and tracking number.
pub(super) async fn ship_batch(config: Config, file: PathBuf, apply: bool) -> anyhow::Result<()> {
    let bytes = std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
    let rows = crate::excel::tracking_import::read_rows(&bytes, LANG).map_err(|r| {
        anyhow::anyhow!(
            "{}: {}",
            file.display(),
            crate::i18n::message(LANG, r.key, &r.params)
        )
    })?;
    let app = app::open(config).await?;
    let state = &app.state;
    let report = crate::excel::tracking_import::run(state, rows, apply, LANG).await;
    state.db.close().await;
    let report = report.map_err(explain)?;
    for row in &report.rows {
        let reason = if row.reason.is_empty() {
            String::new()
        } else {
            format!("  ({})", row.reason)
        };
        println!(
            "row {:>4}  {:<9}  {}  {} {}{reason}",
            row.row, row.action, row.order_no, row.courier, row.tracking_no
        );
    }
    let c = &report.counts;
    if report.applied {
        println!(
            "shipped {}, failed {}, unchanged {}, refused {}",
            c.shipped, c.failed, c.unchanged, c.refused
        );
    } else {
        println!(
            "preview: to ship {}, unchanged {}, refused {} (run again with --apply to ship)",
            c.ship, c.unchanged, c.refused
        );
    }
    if c.failed > 0 {
        anyhow::bail!("{} order(s) could not be shipped", c.failed);
    }
    Ok(())
}
