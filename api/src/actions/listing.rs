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
use crate::listing_template::{self, Template};
use crate::media::recipe;
use crate::state::AppState;
use domain::listing::template::{TemplateLanguage, TemplatePlatform, TemplateProduct};

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
    /// A Shopee, Lazada or TikTok Shop package: the template it fills, and its rows.
    pub template: Option<TemplatePackage>,
}

/// The template a package fills and the rows it gets.
pub struct TemplatePackage {
    pub template: Template,
    pub rows: Vec<domain::listing::template::Row>,
}

impl Package {
    /// The file the seller gets: the 淘宝助理 and 抖店 packages are zips, a template package the
    /// filled template itself (an `.xlsx`, which the seller uploads to the seller centre as it is).
    pub fn file_name(&self) -> String {
        match self.template {
            Some(_) => format!("{}.xlsx", self.name),
            None => format!("{}.zip", self.name),
        }
    }
}

/// The seller's rate for the currency of a shop on Shopee, Lazada or TikTok Shop: none for Taobao and
/// Douyin (yuan); refused when the shop has no currency or the seller set no rate for it.
pub async fn rate_for(state: &AppState, shop: &Shop) -> Result<Option<i64>, AppError> {
    if TemplatePlatform::from_code(&shop.platform).is_none() {
        return Ok(None);
    }
    if shop.currency.is_empty() {
        return Err(Refusal::new("listing.currency_required")
            .on("shop_id")
            .with(
                "currencies",
                commands::listing::currencies_for(&shop.platform).join(", "),
            )
            .into());
    }
    projections::platform_rates::rate_of(&state.db.pool, &shop.user_id, &shop.platform, &shop.currency)
        .await?
        .map(Some)
        .ok_or_else(|| {
            Refusal::new("listing.rate_missing")
                .on("shop_id")
                .with("currency", &shop.currency)
                .with(
                    "platform",
                    domain::listing::template::platform_name(&shop.platform),
                )
                .into()
        })
}

/// The template a package for `shop` fills: `given` (the CLI's `--template`, read through the same
/// checks and not kept), else the one the seller uploaded for the shop; none is refused.
pub async fn template_for(
    state: &AppState,
    shop: &Shop,
    given: Option<Vec<u8>>,
) -> Result<Template, AppError> {
    let platform = TemplatePlatform::from_code(&shop.platform)
        .ok_or_else(|| Refusal::new("listing.template_not_taken").on("shop_id"))?;
    let bytes = match given {
        Some(bytes) => bytes,
        None if shop.template.is_some() => {
            let path = listing_template::template_path(&state.config.data_dir, &shop.id);
            match tokio::fs::read(&path).await {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(template_required(shop));
                }
                Err(e) => return Err(AppError::Internal(e.into())),
            }
        }
        None => return Err(template_required(shop)),
    };
    tokio::task::spawn_blocking(move || listing_template::read(bytes, platform))
        .await
        .map_err(|e| AppError::Internal(e.into()))?
        .map_err(AppError::from)
}

fn template_required(shop: &Shop) -> AppError {
    Refusal::new("listing.template_required")
        .on("shop_id")
        .with(
            "platform",
            domain::listing::template::platform_name(&shop.platform),
        )
        .into()
}

/// `product` as `template` (or, for a preview without one, its platform) lists it.
fn template_product_of(
    state: &AppState,
    shop: &Shop,
    product: &planning::PlannedProduct,
    language: TemplateLanguage,
    micro_cny: i64,
) -> Result<TemplateProduct, Refusal> {
    listing_template::template_product(
        product,
        &shop.rule,
        language,
        listing_template::Rate {
            currency: &shop.currency,
            micro_cny,
        },
        &public_url(state),
    )
}

/// The products of `product_ids` priced for `shop`, those its platform's file cannot hold (a code
/// it cannot carry) left out by name with the rest the catalogue refuses: what the preview shows and
/// the package holds.
pub async fn plan_for(
    state: &AppState,
    shop: &Shop,
    product_ids: &[String],
) -> Result<planning::Plan, AppError> {
    plan_with(state, shop, product_ids, None).await
}

/// [`plan_for`], a template package's products checked against its template's columns and priced
/// at `rate` (micro-yuan per unit of the shop's currency).
pub async fn plan_with(
    state: &AppState,
    shop: &Shop,
    product_ids: &[String],
    template: Option<(&Template, i64)>,
) -> Result<planning::Plan, AppError> {
    let mut plan = planning::plan(&state.db, product_ids, &shop.rule).await?;
    // Checked before anything is recorded: a product the file cannot hold is left out by name, not
    // found half-way through a download.
    let mut unfit = Vec::new();
    for product in &plan.products {
        let checked = match (shop.platform.as_str(), template) {
            (_, Some((template, micro_cny))) => {
                match template_product_of(state, shop, product, template.layout.language, micro_cny) {
                    Ok(listed) => domain::listing::template::rows(&template.layout, &listed)
                        .map(|_| ())
                        .map_err(|e| (e.key(), e.params())),
                    Err(refusal) => Err((refusal.key, refusal.params)),
                }
            }
            // A template platform's preview without its template: the same rules of codes, prices
            // and specs as the 抖店 package's.
            ("douyin" | "shopee" | "lazada" | "tiktok", None) => {
                domain::listing::douyin::check(&douyin_product(product)).map_err(|e| (e.key(), e.params()))
            }
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
    prepare_with(state, shop, product_ids, package_id, None).await
}

/// [`prepare`], a Shopee, Lazada or TikTok Shop package filling `template` (the CLI's `--template`)
/// instead of the shop's own. The template and the rate are checked before anything is planned, so
/// nothing is recorded for a package that cannot be made.
pub async fn prepare_with(
    state: &AppState,
    shop: Shop,
    product_ids: &[String],
    package_id: &str,
    template: Option<Vec<u8>>,
) -> Result<Package, AppError> {
    if !packages_for(&shop.platform) {
        return Err(Refusal::new("listing.platform_not_packaged")
            .on("shop_id")
            .with("platform", &shop.platform)
            .into());
    }
    let filled = match TemplatePlatform::from_code(&shop.platform) {
        Some(_) => {
            let template = template_for(state, &shop, template).await?;
            let rate = rate_for(state, &shop).await?.unwrap_or_default();
            Some((template, rate))
        }
        None => None,
    };
    let plan = plan_with(state, &shop, product_ids, filled.as_ref().map(|(t, r)| (t, *r)))
        .await?
        .listable()?;
    let template = match filled {
        Some((template, rate)) => {
            let mut listed = Vec::with_capacity(plan.products.len());
            for product in &plan.products {
                listed.push(template_product_of(
                    state,
                    &shop,
                    product,
                    template.layout.language,
                    rate,
                )?);
            }
            let rows = listing_template::rows_of(&template, &listed)?;
            Some(TemplatePackage { template, rows })
        }
        None => None,
    };
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
        template,
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
    if let Some(filled) = &package.template {
        listing_template::write(&filled.template, &filled.rows, out)?;
        progress(package.products.len());
        return Ok(());
    }
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
