//! `jpmall listing`: the package a seller downloads, written to a file, and what changed in the
//! products they listed.

use std::io::BufWriter;
use std::path::PathBuf;

use clap::Subcommand;
use commands::listing::shops::{self, ShopInput};
use projections::listings::{ListingFilter, ListingView};

use crate::actions::listing as packaging;
use crate::app;
use crate::config::Config;
use crate::i18n::Language;
use crate::state::AppState;

#[derive(Subcommand)]
pub(super) enum ListingOps {
    /// Write the package the storefront downloads for these products and record the listing.
    Package {
        /// The seller's phone number.
        #[arg(long)]
        mobile: String,
        /// taobao, shopee, lazada, tiktok or douyin.
        #[arg(long)]
        platform: String,
        /// Product ids, comma-separated.
        #[arg(long, value_delimiter = ',')]
        products: Vec<String>,
        /// The blank category template from the seller centre (Shopee, Lazada, TikTok Shop).
        #[arg(long)]
        template: Option<PathBuf>,
        /// The seller's shop; unset: their first shop on the platform, made with the default rule
        /// (at cost) when they have none.
        #[arg(long)]
        shop: Option<String>,
        #[arg(long)]
        out: PathBuf,
    },
    /// The seller's to-act-on list: listed products the stall changed since, not marked done.
    Changes {
        #[arg(long)]
        mobile: String,
        #[arg(long)]
        json: bool,
    },
}

async fn seller(state: &AppState, mobile: &str) -> anyhow::Result<String> {
    sqlx::query_scalar::<_, String>("SELECT id FROM users WHERE mobile = $1")
        .bind(mobile.trim())
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no seller has the phone number {mobile}"))
}

async fn shop_for(
    state: &AppState,
    user_id: &str,
    platform: &str,
    shop: Option<&str>,
) -> anyhow::Result<projections::listings::Shop> {
    let explain = |e: crate::error::AppError| anyhow::anyhow!(e.message(Language::EnUs));
    if let Some(id) = shop {
        let found = packaging::shop_of(state, user_id, id).await.map_err(explain)?;
        if found.platform != platform {
            anyhow::bail!("shop {id} is a {} shop, not {platform}", found.platform);
        }
        return Ok(found);
    }
    let existing = projections::listings::shops_of(&state.db.pool, user_id).await?;
    if let Some(found) = existing.into_iter().find(|s| s.platform == platform) {
        return Ok(found);
    }
    // A Shopee, Lazada or TikTok Shop shop sells in a currency: the first of the platform's the
    // seller set a rate for (a package needs that rate anyway).
    let currencies = commands::listing::currencies_for(platform);
    let currency = if currencies.is_empty() {
        String::new()
    } else {
        let rates = projections::platform_rates::rates_of(&state.db.pool, user_id).await?;
        currencies
            .iter()
            .find(|c| rates.iter().any(|r| r.platform == platform && r.currency == **c))
            .map(|c| c.to_string())
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "the seller has no {platform} shop and no rate for any of {platform}'s currencies ({}): \
                     set one in the platform rates screen, or pass --shop",
                    currencies.join(", ")
                )
            })?
    };
    let input = ShopInput {
        platform: platform.to_string(),
        name: format!("{platform} shop"),
        currency,
        ..ShopInput::default()
    };
    let id = shops::save(&state.db, user_id, &input, commands::clock::now())
        .await
        .map_err(|e| explain(e.into()))?;
    eprintln!("made the shop {id} ({platform}, listing at cost) for this seller");
    packaging::shop_of(state, user_id, &id).await.map_err(explain)
}

fn print_changes(list: &[ListingView]) {
    println!("{} listed products to act on", list.len());
    for l in list {
        println!(
            "{}  {}  {}  {}  product {}  stall {}",
            l.id, l.shop_name, l.item_no, l.title, l.product_state, l.stall_state
        );
        for c in &l.pending {
            let spec = [c.color.as_str(), c.size.as_str()].join(" ");
            let moved = if c.before.is_empty() {
                String::new()
            } else {
                format!("  {} -> {}", c.before, c.after)
            };
            println!(
                "    {}  {}  {}{}  at {}",
                c.kind,
                c.sku_id,
                spec.trim(),
                moved,
                c.at
            );
        }
    }
}

pub(super) async fn listing_ops(config: Config, command: ListingOps) -> anyhow::Result<()> {
    let app = app::open(config).await?;
    let state = app.state.clone();
    let result = run(&state, command).await;
    state.db.close().await;
    result
}

async fn run(state: &AppState, command: ListingOps) -> anyhow::Result<()> {
    let explain = |e: crate::error::AppError| anyhow::anyhow!(e.message(Language::EnUs));
    match command {
        ListingOps::Package {
            mobile,
            platform,
            products,
            template,
            shop,
            out,
        } => {
            let platform = platform.trim().to_lowercase();
            if template.is_some() && platform == "taobao" {
                anyhow::bail!("a Taobao package needs no template: 淘宝助理 reads jpmall's file as it is");
            }
            if template.is_some() && platform == "douyin" {
                anyhow::bail!("a Douyin package needs no template: its folders are published by hand");
            }
            // Read through the same checks as an upload, and not kept.
            let template = match &template {
                Some(path) => Some(
                    std::fs::read(path)
                        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?,
                ),
                None => None,
            };
            let user_id = seller(state, &mobile).await?;
            let shop = shop_for(state, &user_id, &platform, shop.as_deref()).await?;
            let package_id = packaging::package_id(None, &user_id);
            let package = packaging::prepare_with(state, shop, &products, &package_id, template)
                .await
                .map_err(explain)?;
            let file = std::fs::File::create(&out)
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", out.display()))?;
            let writer_state = state.clone();
            tokio::task::spawn_blocking(move || {
                packaging::write(&writer_state, &package, BufWriter::new(file))
            })
            .await??;
            println!("{}", out.display());
            Ok(())
        }
        ListingOps::Changes { mobile, json } => {
            let user_id = seller(state, &mobile).await?;
            let mut list = Vec::new();
            for page in 1.. {
                let found = projections::listings::page(
                    &state.db.pool,
                    &user_id,
                    "",
                    ListingFilter::ToActOn,
                    (page, 100),
                    projections::sites::Language::EnUs,
                )
                .await?;
                let done = found.page.list.len() < 100;
                list.extend(found.page.list);
                if done {
                    break;
                }
            }
            if json {
                println!("{}", serde_json::to_string_pretty(&list)?);
            } else {
                print_changes(&list);
            }
            Ok(())
        }
    }
}
