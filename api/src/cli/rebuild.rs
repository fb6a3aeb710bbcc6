//! `jpmall rebuild`: projections replayed from the event log, and the search index from the products.

use anyhow::Context;

use super::progress_bar;
use crate::app;
use crate::config::Config;

/// What `jpmall rebuild search` rebuilds: the keyword index, from the products (not the log).
pub(super) const SEARCH_INDEX: &str = "search";

pub(super) async fn rebuild(config: Config, name: Option<&str>) -> anyhow::Result<()> {
    let app = app::open(config).await?;
    let chosen: Vec<_> = app
        .projections
        .iter()
        .filter(|p| name.is_none_or(|n| n == p.name()))
        .collect();
    let search = name.is_none_or(|n| n == SEARCH_INDEX);
    if chosen.is_empty() && !search {
        let mut names: Vec<_> = app.projections.iter().map(|p| p.name()).collect();
        names.push(SEARCH_INDEX);
        anyhow::bail!(
            "no projection named {:?}; there are: {}",
            name.unwrap_or(""),
            names.join(", ")
        );
    }
    for projection in chosen {
        let bar = progress_bar(projection.name());
        projection.reset().await?;
        let applied = projection
            .catch_up(&|done, total| {
                bar.set_length(total);
                bar.set_position(done);
            })
            .await
            .with_context(|| format!("rebuilding {}", projection.name()))?;
        bar.finish();
        println!("{}: replayed {applied} events", projection.name());
    }
    if search {
        let bar = progress_bar(SEARCH_INDEX);
        let terms = commands::catalog::search_index::rebuild(&app.state.db, &|done, total| {
            bar.set_length(total);
            bar.set_position(done);
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))
        .context("rebuilding the search index")?;
        bar.finish();
        println!("{SEARCH_INDEX}: indexed {terms} terms of the products on the shelf");
    }
    app.state.db.close().await;
    Ok(())
}
