//! Listing packages, as the storefront's download and `jpmall listing package` both make them: the
//! seller's shop and its rule, the products priced by it, the package written, and what it listed
//! recorded.

use std::io::Write;

use commands::clock::now;
use commands::listing::package::{self as planning, ShopRef};
use commands::listing::packages_for;
use commands::Refusal;
use projections::listings::Shop;

use crate::error::AppError;
use crate::listing_package::{
    douyin_product, package_name, taobao_product, write_douyin, write_taobao, PackageProduct,
};
use crate::media::recipe;
use crate::state::AppState;

/// One of `user_id`'s shops, or the refusal naming the `shop_id` field.
pub async fn shop_of(state: &AppState, user_id: &str, shop_id: &str) -> Result<Shop, AppError> {
    projections::listings::shop(&state.db.pool, user_id, shop_id.trim())
        .await?
        .ok_or_else(|| Refusal::new("listing.shop_not_found").on("shop_id").into())
}

/// A package ready to be written: its name, the shop's record and the products with their designs.
pub struct Package {
    pub name: String,
    pub shop: Shop,
    pub products: Vec<PackageProduct>,
    /// The products left out, and why.
    pub skipped: Vec<planning::Skipped>,
}

/// The products of `product_ids` priced for `shop`, those its platform's file cannot hold (a code
/// it cannot carry) left out by name with the rest the catalogue refuses: what the preview shows and
/// the package holds.
pub async fn plan_for(
    state: &AppState,
    shop: &Shop,
    product_ids: &[String],
) -> Result<planning::Plan, AppError> {
    let mut plan = planning::plan(&state.db, product_ids, &shop.rule).await?;
    // Checked before anything is recorded: a product the file cannot hold is left out by name, not
    // found half-way through a download.
    let mut unfit = Vec::new();
    for product in &plan.products {
        let checked = match shop.platform.as_str() {
            "douyin" => {
                domain::listing::douyin::check(&douyin_product(product)).map_err(|e| (e.key(), e.params()))
            }
            // Taobao's, which also stand for the platforms not packaged yet: their preview still prices.
            _ => domain::listing::taobao::check(&taobao_product(product, &public_url(state)))
                .map_err(|e| (e.key(), e.params())),
        };
        if let Err((key, params)) = checked {
            let mut refusal = Refusal::new(key).on("product_ids");
            refusal.params = params;
            unfit.push((product.product_id.clone(), refusal));
        }
    }
    for (product_id, refusal) in unfit {
        plan.skip(&product_id, refusal);
    }
    Ok(plan)
}

/// Prices `product_ids` for `shop` and records the listing under `package_id`, so the file the seller
/// gets and the record never disagree. A platform whose package jpmall cannot write yet is refused.
pub async fn prepare(
    state: &AppState,
    shop: Shop,
    product_ids: &[String],
    package_id: &str,
) -> Result<Package, AppError> {
    if !packages_for(&shop.platform) {
        return Err(Refusal::new("listing.platform_not_packaged")
            .on("shop_id")
            .with("platform", &shop.platform)
            .into());
    }
    let plan = plan_for(state, &shop, product_ids).await?.listable()?;
    let mut products = Vec::with_capacity(plan.products.len());
    for planned in plan.products {
        let recipe = recipe(state, &planned.product_id)
            .await?
            .ok_or(AppError::NotFound("product.not_found"))?;
        products.push(PackageProduct {
            planned,
            design: recipe.design,
        });
    }
    let at = now();
    let shop_ref = ShopRef {
        user_id: &shop.user_id,
        shop_id: &shop.id,
        shop_name: &shop.name,
        platform: &shop.platform,
    };
    let planned: Vec<_> = products.iter().map(|p| p.planned.clone()).collect();
    planning::record(&state.listings, &shop_ref, package_id, &planned, at).await?;
    Ok(Package {
        name: package_name(&shop.platform, at),
        shop,
        products,
        skipped: plan.skipped,
    })
}

/// The address detail pictures are linked at: the configured public address, or none (the shop
/// then shows the main pictures only until the seller adds a description).
fn public_url(state: &AppState) -> String {
    state.config.public_url.clone().unwrap_or_default()
}

/// Writes `package` as its platform's zip into `out` (blocking: run it off the async threads).
pub fn write(state: &AppState, package: &Package, out: impl Write) -> std::io::Result<()> {
    write_with_progress(state, package, out, &|_| {})
}

/// [`write`], telling `progress` how many products are written as it goes.
pub fn write_with_progress(
    state: &AppState,
    package: &Package,
    out: impl Write,
    progress: &dyn Fn(usize),
) -> std::io::Result<()> {
    let data_dir = &state.config.data_dir;
    match package.shop.platform.as_str() {
        "taobao" => write_taobao(
            &package.products,
            &package.name,
            &public_url(state),
            data_dir,
            out,
            progress,
        ),
        "douyin" => write_douyin(&package.products, &package.name, data_dir, out, progress),
        // `prepare` refused it: no package is written for a platform jpmall has none of.
        other => Err(std::io::Error::other(format!(
            "no package is written for {other}"
        ))),
    }
}

/// A package id: what makes a retried download record nothing twice.
pub fn package_id(request_id: Option<&str>, user_id: &str) -> String {
    match request_id.map(str::trim).filter(|r| !r.is_empty()) {
        Some(request) => format!("{user_id}.{}", request.chars().take(64).collect::<String>()),
        None => format!("PK{}", uuid::Uuid::new_v4().simple()),
    }
}
