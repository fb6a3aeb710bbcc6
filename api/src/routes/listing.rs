//! `listing/…` (docs/api.md, "Listing in my shop"): the seller's shops with their pricing rules, the
//! preview of a package's prices, the package download, and "My listings".

use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::Response;
use commands::clock::now;
use commands::listing::acted::Pending;
use commands::listing::shops::{self, ShopInput};
use commands::listing::PLATFORMS;
use commands::Refusal;
use domain::listing::record::{ChangeMark, DoneHow};
use domain::listing::rule::ListingRule;
use domain::listing::template::{TemplateLanguage, TemplatePlatform, Unfilled};
use projections::listings::{self as read, ListingFilter, ListingsPage, Shop, ShopTemplate};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::actions::listing as packaging;
use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::{text, CurrentUser, JsonBody};
use crate::i18n::{language_of, message, Language};
use crate::paging::Paging;
use crate::routes::upload::multipart_error;
use crate::state::AppState;

#[derive(Serialize)]
pub struct RuleView {
    multiplier: String,
    fixed_add: String,
    rounding: &'static str,
    min_margin: String,
    title_prefix: String,
    title_suffix: String,
    stock_cap: Option<i64>,
}

fn rule_view(rule: &ListingRule) -> RuleView {
    RuleView {
        multiplier: rule.multiplier.to_string(),
        fixed_add: rule.fixed_add.to_yuan(),
        rounding: rule.rounding.code(),
        min_margin: rule.min_margin.to_yuan(),
        title_prefix: rule.title_prefix.clone(),
        title_suffix: rule.title_suffix.clone(),
        stock_cap: rule.stock_cap,
    }
}

#[derive(Serialize)]
pub struct ShopView {
    id: String,
    platform: String,
    name: String,
    rule: RuleView,
    /// Shopee, Lazada, TikTok Shop: the currency the shop sells in; `""` (yuan) elsewhere.
    currency: String,
    /// The category template the shop's packages fill, when uploaded.
    template: Option<TemplateView>,
    created_at: i64,
    updated_at: i64,
}

/// A shop's template: the file as uploaded and what was read from it.
#[derive(Serialize)]
pub struct TemplateView {
    file_name: String,
    uploaded_at: i64,
    sheet: String,
    data_row: u32,
    language: TemplateLanguage,
    /// Required columns jpmall leaves to the seller: the template's code and name of each.
    unfilled: Vec<Unfilled>,
}

fn template_view(template: &ShopTemplate) -> TemplateView {
    TemplateView {
        file_name: template.file_name.clone(),
        uploaded_at: template.uploaded_at,
        sheet: template.facts.sheet.clone(),
        data_row: template.facts.data_row,
        language: template.facts.language,
        unfilled: template.facts.unfilled.clone(),
    }
}

fn shop_view(shop: &Shop) -> ShopView {
    ShopView {
        id: shop.id.clone(),
        platform: shop.platform.clone(),
        name: shop.name.clone(),
        rule: rule_view(&shop.rule),
        currency: shop.currency.clone(),
        template: shop.template.as_ref().map(template_view),
        created_at: shop.created_at,
        updated_at: shop.updated_at,
    }
}

#[derive(Serialize)]
pub struct PlatformView {
    code: &'static str,
    /// Whether jpmall writes this platform's package yet.
    packages: bool,
    /// The currencies a shop on it sells in (none: yuan).
    currencies: &'static [&'static str],
}

#[derive(Serialize)]
pub struct Shops {
    list: Vec<ShopView>,
    platforms: Vec<PlatformView>,
}

pub async fn shops(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Shops> {
    let list = read::shops_of(&state.db.pool, &user.id).await?;
    Ok(ok(Shops {
        list: list.iter().map(shop_view).collect(),
        platforms: PLATFORMS
            .iter()
            .map(|(code, packages)| PlatformView {
                code,
                packages: *packages,
                currencies: commands::listing::currencies_for(code),
            })
            .collect(),
    }))
}

#[derive(Deserialize, Default)]
pub struct RuleBody {
    #[serde(default)]
    multiplier: Value,
    #[serde(default)]
    fixed_add: Value,
    #[serde(default)]
    rounding: String,
    #[serde(default)]
    min_margin: Value,
    #[serde(default)]
    title_prefix: String,
    #[serde(default)]
    title_suffix: String,
    #[serde(default)]
    stock_cap: Value,
}

#[derive(Deserialize, Default)]
pub struct ShopBody {
    #[serde(default)]
    id: String,
    #[serde(default)]
    platform: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    rule: RuleBody,
    #[serde(default)]
    currency: String,
}

fn stock_cap(value: &Value) -> Result<Option<i64>, AppError> {
    match value {
        Value::Null => Ok(None),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        Value::Number(n) => n
            .as_i64()
            .map(Some)
            .ok_or_else(|| Refusal::new("listing.stock_cap_invalid").on("stock_cap").into()),
        Value::String(s) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| Refusal::new("listing.stock_cap_invalid").on("stock_cap").into()),
        _ => Err(Refusal::new("listing.stock_cap_invalid").on("stock_cap").into()),
    }
}

/// Creates (no `id`) or updates one of the seller's shops; answers it as saved.
pub async fn shop_save(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<ShopBody>,
) -> ApiResult<ShopView> {
    let input = ShopInput {
        id: body.id,
        platform: body.platform,
        name: body.name,
        multiplier: text(&body.rule.multiplier),
        fixed_add: text(&body.rule.fixed_add),
        rounding: body.rule.rounding,
        min_margin: text(&body.rule.min_margin),
        title_prefix: body.rule.title_prefix,
        title_suffix: body.rule.title_suffix,
        stock_cap: stock_cap(&body.rule.stock_cap)?,
        currency: body.currency,
    };
    let id = shops::save(&state.db, &user.id, &input, now()).await?;
    let shop = packaging::shop_of(&state, &user.id, &id).await?;
    Ok(ok(shop_view(&shop)))
}

#[derive(Deserialize, Default)]
pub struct IdBody {
    #[serde(default)]
    id: String,
}

#[derive(Serialize)]
pub struct Nothing {}

pub async fn shop_delete(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<Nothing> {
    shops::delete(&state.db, &user.id, &body.id).await?;
    // Its template goes with it (a shop id is never reused).
    crate::listing_template::remove(&state.config.data_dir, body.id.trim())
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(ok(Nothing {}))
}

#[derive(Deserialize, Default)]
pub struct PackageBody {
    #[serde(default)]
    shop_id: String,
    #[serde(default)]
    product_ids: Vec<String>,
    request_id: Option<String>,
}

#[derive(Serialize)]
pub struct PreviewSku {
    sku_id: String,
    color: String,
    size: String,
    cost: String,
    listed: String,
    /// A shop in another currency: `listed` in it at the seller's rate (`299.04`); null while the
    /// seller has set no rate for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    listed_foreign: Option<Option<String>>,
    margin: String,
    stock: i64,
    listed_stock: i64,
}

#[derive(Serialize)]
pub struct PreviewProduct {
    product_id: String,
    item_no: String,
    title: String,
    stall_name: String,
    image: String,
    skus: Vec<PreviewSku>,
}

#[derive(Serialize)]
pub struct SkippedView {
    product_id: String,
    item_no: String,
    /// Why, in the reader's language.
    reason: String,
}

#[derive(Serialize)]
pub struct Preview {
    shop: ShopView,
    products: Vec<PreviewProduct>,
    /// Products the package leaves out.
    skipped: Vec<SkippedView>,
    /// Shopee, Lazada, TikTok Shop: the shop's currency, the seller's rate for it (yuan for one unit,
    /// null when not set: the package is refused until it is), and the required columns of the
    /// shop's template jpmall leaves to the seller (empty without a template).
    #[serde(skip_serializing_if = "Option::is_none")]
    currency: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rate: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unfilled: Option<Vec<Unfilled>>,
}

/// The prices a package for this shop would list, per SKU, without recording anything.
pub async fn preview(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<PackageBody>,
) -> ApiResult<Preview> {
    let lang = language_of(&headers);
    let shop = packaging::shop_of(&state, &user.id, &body.shop_id).await?;
    let foreign = TemplatePlatform::from_code(&shop.platform).is_some();
    // A rate not set yet still previews the yuan prices; the package is refused until it is.
    let rate = match packaging::rate_for(&state, &shop).await {
        Ok(rate) => rate,
        Err(AppError::Invalid(_)) => None,
        Err(e) => return Err(e),
    };
    let plan = packaging::plan_for(&state, &shop, &body.product_ids).await?;
    let in_currency = |fen: domain::money::Fen| {
        rate.and_then(|micro| domain::listing::template::listed_foreign(fen, micro, &shop.currency))
            .map(domain::listing::template::money_text)
    };
    let skipped = plan
        .skipped
        .iter()
        .map(|s| SkippedView {
            product_id: s.product_id.clone(),
            item_no: s.item_no.clone(),
            reason: crate::i18n::message(lang, s.reason.key, &s.reason.params),
        })
        .collect();
    let products = plan
        .products
        .into_iter()
        .map(|p| PreviewProduct {
            image: projections::catalog::picture_url(&p.product_id, "main-1.jpg"),
            skus: p
                .skus
                .iter()
                .map(|s| PreviewSku {
                    sku_id: s.sku_id.clone(),
                    color: projections::product_names::colour_in(&p.colours, &s.color, lang),
                    size: projections::product_names::size_in(&s.size, lang),
                    cost: s.cost.to_yuan(),
                    listed: s.listed.to_yuan(),
                    listed_foreign: foreign.then(|| in_currency(s.listed)),
                    margin: s.margin.to_yuan(),
                    stock: s.stock,
                    listed_stock: s.listed_stock,
                })
                .collect(),
            product_id: p.product_id,
            item_no: p.item_no,
            title: match lang {
                crate::i18n::Language::EnUs if !p.title_en.is_empty() => p.title_en,
                _ => p.title,
            },
            stall_name: p.stall_name,
        })
        .collect();
    Ok(ok(Preview {
        currency: foreign.then(|| shop.currency.clone()),
        rate: foreign.then(|| rate.map(domain::platform_export::rates::rate_text)),
        unfilled: foreign.then(|| {
            shop.template
                .as_ref()
                .map(|t| t.facts.unfilled.clone())
                .unwrap_or_default()
        }),
        shop: shop_view(&shop),
        products,
        skipped,
    }))
}

/// The package itself, streamed as it is written; what it lists is recorded first, so a download
/// the seller has is always in My listings.
pub async fn package(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<PackageBody>,
) -> Result<Response, AppError> {
    let shop = packaging::shop_of(&state, &user.id, &body.shop_id).await?;
    let package_id = packaging::package_id(body.request_id.as_deref(), &user.id);
    let package = packaging::prepare(&state, shop, &body.product_ids, &package_id).await?;
    let file_name = package.file_name();
    let spreadsheet = package.template.is_some();
    let fallback = if spreadsheet {
        "listing.xlsx"
    } else {
        "listing.zip"
    };
    let mut response = crate::package::streamed_zip(&file_name, fallback, "listing package", move |out| {
        packaging::write(&state, &package, out)
    });
    if spreadsheet {
        // A filled template is the workbook itself, which the seller uploads as it is.
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        );
    }
    Ok(response)
}

#[derive(Serialize)]
pub struct TemplateSaved {
    template: TemplateView,
    shop: ShopView,
}

/// The shop id and the file of a template upload, the file bounded by the upload cap.
async fn template_upload(
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(String, String, Vec<u8>), AppError> {
    let required = || AppError::Invalid(Refusal::new("upload.file_required").on("file"));
    let mut multipart = multipart.map_err(|_| required())?;
    let (mut shop_id, mut file_name, mut file) = (String::new(), String::new(), None);
    while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
        match field.name() {
            Some("shop_id") => {
                let text = field.text().await.map_err(multipart_error)?;
                shop_id = text.chars().take(100).collect();
            }
            Some("file") => {
                file_name = field.file_name().unwrap_or_default().to_string();
                let bytes = field.bytes().await.map_err(multipart_error)?;
                if bytes.len() > commands::uploads::MAX_UPLOAD_BYTES {
                    return Err(Refusal::new("upload.too_large")
                        .on("file")
                        .with("mb", commands::uploads::MAX_UPLOAD_BYTES / 1024 / 1024)
                        .into());
                }
                file = Some(bytes.to_vec());
            }
            _ => {}
        }
    }
    let file = file.filter(|f| !f.is_empty()).ok_or_else(required)?;
    Ok((shop_id, file_name, file))
}

/// Keeps the blank category template the seller downloaded from their seller centre for one of their
/// Shopee, Lazada or TikTok Shop shops, once it reads as that platform's template (bounded before
/// anything is decoded); answers what was read from it. A refused file stores nothing.
pub async fn shop_template(
    State(state): State<AppState>,
    user: CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<TemplateSaved> {
    let (shop_id, file_name, bytes) = template_upload(multipart).await?;
    let shop = packaging::shop_of(&state, &user.id, &shop_id).await?;
    let platform = TemplatePlatform::from_code(&shop.platform).ok_or_else(|| {
        Refusal::new("listing.template_not_taken")
            .on("shop_id")
            .with("platform", &shop.platform)
    })?;
    let template = tokio::task::spawn_blocking(move || crate::listing_template::read(bytes, platform))
        .await
        .map_err(|e| AppError::Internal(e.into()))??;
    let pictures = state
        .config
        .public_url
        .as_deref()
        .is_some_and(|url| !url.trim().is_empty());
    let facts = template.layout.facts(pictures);
    let file_name = crate::excel::clean_file_name(&file_name)
        .unwrap_or_else(|| format!("{}-template.xlsx", shop.platform));
    let data_dir = state.config.data_dir.clone();
    let id = shop.id.clone();
    tokio::task::spawn_blocking(move || crate::listing_template::store(&data_dir, &id, &template.bytes))
        .await
        .map_err(|e| AppError::Internal(e.into()))?
        .map_err(|e| AppError::Internal(e.into()))?;
    let json = serde_json::to_string(&facts).map_err(|e| AppError::Internal(e.into()))?;
    shops::set_template(&state.db, &user.id, &shop.id, &file_name, &json, now()).await?;
    let shop = packaging::shop_of(&state, &user.id, &shop.id).await?;
    let view = shop_view(&shop);
    let template = shop
        .template
        .as_ref()
        .map(template_view)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("the template was not recorded")))?;
    Ok(ok(TemplateSaved { template, shop: view }))
}

#[derive(Deserialize, Default)]
pub struct ShopIdBody {
    #[serde(default)]
    shop_id: String,
}

/// Forgets a shop's template (its packages are refused until another is uploaded).
pub async fn shop_template_delete(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<ShopIdBody>,
) -> ApiResult<ShopView> {
    let shop = packaging::shop_of(&state, &user.id, &body.shop_id).await?;
    shops::clear_template(&state.db, &user.id, &shop.id).await?;
    crate::listing_template::remove(&state.config.data_dir, &shop.id)
        .map_err(|e| AppError::Internal(e.into()))?;
    let shop = packaging::shop_of(&state, &user.id, &shop.id).await?;
    Ok(ok(shop_view(&shop)))
}

/// The package as a background job (for many products with pictures): checked and recorded now, as
/// `package` does, then written to the data folder with its progress in products; answered with the
/// job, which `excel/job` follows and `excel/download` gives when it is done.
pub async fn package_job(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<PackageBody>,
) -> ApiResult<crate::excel::JobView> {
    let lang = language_of(&headers);
    let shop = packaging::shop_of(&state, &user.id, &body.shop_id).await?;
    let package_id = packaging::package_id(body.request_id.as_deref(), &user.id);
    let package = packaging::prepare(&state, shop, &body.product_ids, &package_id).await?;
    let at = now();
    let id = commands::excel_jobs::new_job_id(at);
    let job = commands::excel_jobs::NewJob {
        file_path: crate::excel::excel_dir(&state.config.data_dir)
            .join(format!(
                "{id}.{}",
                if package.template.is_some() { "xlsx" } else { "zip" }
            ))
            .display()
            .to_string(),
        id,
        user_id: user.id.clone(),
        kind: commands::excel_jobs::JobKind::Export,
        table_code: crate::listing_job::TABLE_CODE.to_string(),
        language: crate::excel::language_code(lang).to_string(),
        file_name: package.file_name(),
        total: package.products.len() as i64,
    };
    commands::excel_jobs::start(&state.db, &job, at).await?;
    let id = job.id.clone();
    state
        .jobs
        .spawn(crate::listing_job::run(state.clone(), job, package));
    super::excel::started(&state, &user, &id, lang).await
}

#[derive(Deserialize, Default)]
pub struct ListsBody {
    #[serde(default)]
    shop_id: String,
    #[serde(default)]
    filter: String,
    page: Option<i64>,
    pagesize: Option<i64>,
}

pub async fn lists(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<ListsBody>,
) -> ApiResult<ListingsPage> {
    let filter = ListingFilter::from_code(body.filter.trim())
        .ok_or_else(|| Refusal::new("listing.filter_invalid").on("filter"))?;
    let (page, pagesize) = Paging {
        page: body.page,
        pagesize: body.pagesize,
    }
    .checked()?;
    catch_up_notices(&state).await;
    let found = read::page(
        &state.db.pool,
        &user.id,
        body.shop_id.trim(),
        filter,
        (page, pagesize),
        language_of(&headers),
    )
    .await?;
    Ok(ok(found))
}

#[derive(Deserialize, Default)]
pub struct RemoveBody {
    #[serde(default)]
    ids: Vec<String>,
}

#[derive(Serialize)]
pub struct Removed {
    removed: usize,
}

/// Removes listing records of the seller's (not the products); another seller's ids are unknown and
/// nothing is removed then.
pub async fn remove(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<RemoveBody>,
) -> ApiResult<Removed> {
    let ids: Vec<String> = body
        .ids
        .iter()
        .map(|i| i.trim().to_string())
        .filter(|i| !i.is_empty())
        .collect();
    if ids.is_empty() || ids.len() > 200 {
        return Err(Refusal::new("listing.ids_required")
            .on("ids")
            .with("max", 200)
            .into());
    }
    let mine = read::owned(&state.db.pool, &user.id, &ids).await?;
    if mine.len() != ids.len() {
        return Err(Refusal::new("listing.not_found").on("ids").into());
    }
    let removed = commands::listing::package::remove(&state.listings, &user.id, &mine, now()).await?;
    Ok(ok(Removed { removed }))
}

/// What the stall changed up to now, before a screen reads it (the follower beside the server also
/// applies it within a second); a failure is logged and the screen reads what was applied.
async fn catch_up_notices(state: &AppState) {
    if let Err(error) = state.listing_notices.catch_up_quietly().await {
        tracing::error!("the listing notices could not follow the catalogue's changes: {error:#}");
    }
}

/// The listing ids of a request: trimmed, each once, 1 to 200.
fn listing_ids(ids: &[String]) -> Result<Vec<String>, AppError> {
    let mut out: Vec<String> = Vec::with_capacity(ids.len());
    for id in ids.iter().map(|i| i.trim()).filter(|i| !i.is_empty()) {
        if !out.iter().any(|o| o == id) {
            out.push(id.to_string());
        }
    }
    if out.is_empty() || out.len() > 200 {
        return Err(Refusal::new("listing.ids_required")
            .on("ids")
            .with("max", 200)
            .into());
    }
    Ok(out)
}

#[derive(Deserialize, Default)]
pub struct MarkDoneBody {
    #[serde(default)]
    ids: Vec<String>,
    #[serde(default)]
    how: String,
}

#[derive(Serialize)]
pub struct Marked {
    marked: usize,
}

/// Marks what the stall changed on these listings done in the seller's shop (`how`: updated or
/// delisted): each up to the last change pending now. Another seller's ids are unknown and nothing
/// is marked then; a listing with nothing pending is left as it is and not counted.
pub async fn mark_done(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<MarkDoneBody>,
) -> ApiResult<Marked> {
    let how = DoneHow::from_code(body.how.trim())
        .ok_or_else(|| Refusal::new("listing.done_how_invalid").on("how"))?;
    let ids = listing_ids(&body.ids)?;
    if read::owned(&state.db.pool, &user.id, &ids).await?.len() != ids.len() {
        return Err(Refusal::new("listing.not_found").on("ids").into());
    }
    catch_up_notices(&state).await;
    let pending: Vec<Pending> = read::pending_marks(&state.db.pool, &user.id, &ids)
        .await?
        .into_iter()
        .map(|(listing_id, tx, position)| Pending {
            listing_id,
            up_to: ChangeMark { tx, position },
        })
        .collect();
    let marked = commands::listing::acted::mark_done(&state.listings, &user.id, &pending, how, now()).await?;
    Ok(ok(Marked { marked }))
}

#[derive(Deserialize, Default)]
pub struct ExportSkusBody {
    #[serde(default)]
    shop_id: String,
    #[serde(default)]
    filter: String,
}

/// The most SKU rows one export holds: every SKU of every listing a seller could have.
const MAX_EXPORTED_SKUS: i64 = 100_000;

/// The seller SKU codes (商家编码) of the listings a tab shows, as a CSV for the shop's batch tools
/// (UTF-8 with a byte-order mark, so a spreadsheet opens the Chinese right).
pub async fn export_skus(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<ExportSkusBody>,
) -> Result<Response, AppError> {
    let filter_code = body.filter.trim();
    let filter = ListingFilter::from_code(filter_code)
        .ok_or_else(|| Refusal::new("listing.filter_invalid").on("filter"))?;
    let lang = language_of(&headers);
    catch_up_notices(&state).await;
    let rows = read::sku_codes(
        &state.db.pool,
        &user.id,
        body.shop_id.trim(),
        filter,
        lang,
        MAX_EXPORTED_SKUS,
    )
    .await?;
    let bytes = sku_csv(&rows, lang).map_err(|e| AppError::Internal(e.into()))?;
    let code = if filter_code.is_empty() {
        "all"
    } else {
        filter_code
    };
    let name = format!(
        "listing-skus-{code}-{}.csv",
        crate::package::compact_china_time(now())
    );
    let mut response = Response::new(Body::from(bytes));
    let out = response.headers_mut();
    out.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    out.insert(
        header::CONTENT_DISPOSITION,
        crate::package::content_disposition(&name, "listing-skus.csv"),
    );
    out.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

fn sku_csv(rows: &[read::ListedSkuCode], lang: Language) -> csv::Result<Vec<u8>> {
    let mut writer = csv::Writer::from_writer(b"\xEF\xBB\xBF".to_vec());
    let head = |key: &str| message(lang, &format!("listing.export.{key}"), &[]);
    writer.write_record([
        head("sku_code"),
        head("item_no"),
        head("title"),
        head("shop"),
        head("spec"),
        head("state"),
    ])?;
    for row in rows {
        let spec = [row.color.as_str(), row.size.as_str()]
            .iter()
            .filter(|part| !part.trim().is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(" / ");
        let state = match row.product_state.as_str() {
            "on_shelf" => message(lang, &format!("listing.export.sku_{}", row.sku_state), &[]),
            other => message(lang, &format!("listing.export.product_{other}"), &[]),
        };
        writer.write_record([
            row.sku_id.as_str(),
            row.item_no.as_str(),
            row.title.as_str(),
            row.shop_name.as_str(),
            spec.as_str(),
            state.as_str(),
        ])?;
    }
    writer.into_inner().map_err(|e| csv::Error::from(e.into_error()))
}
