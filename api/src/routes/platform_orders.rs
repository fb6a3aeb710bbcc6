//! Platform orders as sellers have them (docs/api.md, "Platform imports"): a platform's own export
//! uploaded and previewed, its items linked to jpmall SKUs once, labels attached for buyers the
//! platform hides, the batch ordered, and the tracking numbers written back in the platform's
//! batch-shipping file.

use std::collections::{BTreeMap, HashMap};

use axum::extract::{Multipart, State};
use axum::http::HeaderMap;
use axum::response::Response;
use commands::clock::now;
use commands::excel_jobs::{self, JobKind, NewJob};
use commands::orders::platform_batch::{self, LinkRequest};
use commands::Refusal;
use domain::address::{validate, AddressInput};
use domain::order::{Courier, Platform};
use domain::platform_export::rates::{rate_text, to_fen};
use domain::platform_export::LinkScope;
use domain::platform_export::Problem;
use projections::catalog::{colour_picture_url, Page};
use projections::platform_imports::{self as read, ImportHead, ImportLine, LinkedBy, LinkedSku};
use projections::product_names::{colour_in, size_in};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::excel::platform_file::read_export;
use crate::excel::{self, job_view, JobView};
use crate::extract::{CurrentUser, JsonBody, QueryArgs};
use crate::i18n::{language_of, message, Language};
use crate::paging::Paging;
use crate::routes::excel::xlsx_response;
use crate::routes::upload::named_file_field;
use crate::state::AppState;
use domain::address::divisions;

fn platform_of(text: &str) -> Result<Option<Platform>, AppError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    Platform::from_code(text).map(Some).ok_or_else(|| {
        Refusal::new("excel.platform_unknown")
            .on("platform")
            .with("value", text)
            .into()
    })
}

#[derive(Deserialize, Default)]
pub struct UploadQuery {
    #[serde(default)]
    platform: String,
}

/// `order/platform/import`: reads the export, keeps its lines and answers the preview.
pub async fn import(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    QueryArgs(query): QueryArgs<UploadQuery>,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<Preview> {
    let lang = language_of(&headers);
    let chosen = platform_of(&query.platform)?;
    let (name, bytes) = named_file_field(multipart).await?;
    let export = tokio::task::spawn_blocking(move || read_export(&bytes, chosen, lang))
        .await
        .map_err(|e| AppError::Internal(e.into()))??;
    let at = now();
    let id = excel_jobs::new_job_id(at).replacen("J", "P", 1);
    let file_name = excel::clean_file_name(&name).unwrap_or_default();
    platform_batch::save_import(
        &state.db,
        &id,
        &user.id,
        platform_batch::ImportFile {
            platform: export.platform,
            file_name: &file_name,
            currency: &export.currency,
        },
        &export.lines,
        at,
    )
    .await?;
    Ok(ok(preview_of(&state, &user.id, &id, lang).await?))
}

#[derive(Deserialize, Default)]
pub struct IdBody {
    #[serde(default)]
    id: String,
}

pub async fn preview(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<Preview> {
    Ok(ok(preview_of(
        &state,
        &user.id,
        body.id.trim(),
        language_of(&headers),
    )
    .await?))
}

#[derive(Deserialize, Default)]
pub struct ListBody {
    page: Option<i64>,
    pagesize: Option<i64>,
    #[serde(default)]
    platform: String,
}

#[derive(Serialize)]
pub struct ImportSummary {
    id: String,
    platform: String,
    platform_name: String,
    file_name: String,
    created_at: i64,
    lines: i64,
    orders: i64,
    /// The ISO code of the file's currency; empty when the file does not say.
    currency: String,
}

fn platform_name(code: &str, lang: Language) -> String {
    message(lang, &format!("excel.platform.{code}"), &[])
}

fn summary_of(head: &ImportHead, lang: Language) -> ImportSummary {
    ImportSummary {
        id: head.id.clone(),
        platform: head.platform.clone(),
        platform_name: platform_name(&head.platform, lang),
        file_name: head.file_name.clone(),
        created_at: head.created_at,
        lines: head.lines,
        orders: head.orders,
        currency: head.currency.clone(),
    }
}

pub async fn imports(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<ListBody>,
) -> ApiResult<Page<ImportSummary>> {
    let (page, pagesize) = Paging {
        page: body.page,
        pagesize: body.pagesize,
    }
    .checked()?;
    let lang = language_of(&headers);
    let (heads, total) = read::imports(&state.db.pool, &user.id, page, pagesize).await?;
    Ok(ok(Page {
        list: heads.iter().map(|h| summary_of(h, lang)).collect(),
        total,
        page,
        pagesize,
    }))
}

/// A jpmall SKU as the link screens show it, in the reader's language.
#[derive(Serialize, Clone)]
pub struct SkuView {
    sku_id: String,
    product_id: String,
    item_no: String,
    title: String,
    color: String,
    size: String,
    price: i64,
    stock: i64,
    on_shelf: bool,
    image: String,
}

fn sku_view(sku: &LinkedSku, lang: Language) -> SkuView {
    SkuView {
        sku_id: sku.sku_id.clone(),
        product_id: sku.product_id.clone(),
        item_no: sku.item_no.clone(),
        title: match lang {
            Language::EnUs if !sku.title_en.is_empty() => sku.title_en.clone(),
            _ => sku.title_zh.clone(),
        },
        color: colour_in(&sku.colors_json, &sku.color, lang),
        size: size_in(&sku.size, lang),
        price: sku.price,
        stock: sku.stock,
        on_shelf: sku.on_shelf,
        image: colour_picture_url(&sku.product_id, &sku.colors_json, &sku.color),
    }
}

#[derive(Serialize)]
pub struct LineView {
    row: i64,
    line_id: String,
    title: String,
    variation: String,
    item_key: String,
    sku_key: String,
    /// The seller's own code of the variant (the file's seller SKU), empty when the file has none;
    /// on TikTok Shop and Lazada it differs from `sku_key`, their own SKU id.
    seller_code: String,
    quantity: i64,
    /// The platform's unit price in minor units of `currency` (centavos for PHP, fen for CNY).
    platform_price: Option<i64>,
    /// The file's currency (ISO code; empty when the file does not say).
    currency: String,
    /// `platform_price` in fen at the seller's rate for the currency (the same for CNY); null
    /// without a rate.
    platform_price_cny: Option<i64>,
    status: String,
    /// The line's spec read as `colour;size`, whatever form the file wrote it in.
    spec: String,
    sku: Option<SkuView>,
    /// How the SKU was found: `sku` (this spec linked), `product` (the item linked, the spec chose),
    /// `sku_code` (the seller code, or else the sku key, is a jpmall SKU), `item_no` (the seller code is a jpmall item
    /// number, the spec chose); empty when unlinked.
    linked_by: &'static str,
    /// (platform price in fen − jpmall price) × quantity, when both are known in yuan.
    margin: Option<i64>,
}

#[derive(Serialize)]
pub struct OrderPreview {
    source_order_no: String,
    row: i64,
    /// `ready`, `ordered`, `blocked` or `skipped` (the platform says it is not awaiting shipment).
    state: &'static str,
    order_no: String,
    recipient: String,
    phone: String,
    address: String,
    hidden: Vec<String>,
    label_url: String,
    /// Why the order cannot be placed yet, in the reader's language; empty when it can.
    reason: String,
    reason_key: String,
    lines: Vec<LineView>,
    /// In minor units of `currency`.
    platform_amount: Option<i64>,
    currency: String,
    /// `platform_amount` in fen at the seller's rate; null without one.
    platform_amount_cny: Option<i64>,
    jpmall_amount: i64,
    /// In fen; null when a price is missing or the file's currency has no rate.
    margin: Option<i64>,
}

/// One platform SKU (an item + one spec) no link covers, with the lines it is on.
#[derive(Serialize)]
pub struct UnlinkedItem {
    item_key: String,
    sku_key: String,
    title: String,
    variation: String,
    spec: String,
    quantity: i64,
    rows: Vec<i64>,
}

#[derive(Serialize, Default)]
pub struct Totals {
    /// Every order of the file, as the import record counts them (`skipped` ones included).
    orders: i64,
    ready: i64,
    ordered: i64,
    blocked: i64,
    skipped: i64,
    lines: i64,
    unlinked: i64,
    /// In minor units of the file's currency (one file has one currency).
    platform_amount: i64,
    /// In fen at the seller's rate; null without one.
    platform_amount_cny: Option<i64>,
    jpmall_amount: i64,
    /// In fen; null when the file's currency has no rate (amounts are never subtracted across
    /// currencies).
    margin: Option<i64>,
}

#[derive(Serialize)]
pub struct Preview {
    id: String,
    platform: String,
    platform_name: String,
    file_name: String,
    created_at: i64,
    /// The file's currency (ISO code; empty when the file does not say).
    currency: String,
    /// Yuan for one unit of `currency` as the seller set it (`0.1250`); `1.0000` for CNY; null when
    /// no rate is set.
    rate: Option<String>,
    /// Why margins are not shown, in the reader's language, and its key; empty when they are.
    margin_hint: String,
    margin_hint_key: String,
    /// The latest ordering of this import, when there was one.
    job: Option<JobView>,
    totals: Totals,
    orders: Vec<OrderPreview>,
    unlinked: Vec<UnlinkedItem>,
}

/// Why an order of the import cannot be placed as it stands, if it cannot.
fn blocker(lines: &[&ImportLine], label_url: &str) -> Option<Refusal> {
    if let Some(problem) = lines.iter().find(|l| !l.problem.is_empty()) {
        let key = Problem::from_key(&problem.problem)
            .map(|p| p.key())
            .unwrap_or("platform.line_invalid");
        return Some(Refusal::new(key).with("row", problem.row));
    }
    if let Some(line) = lines.iter().find(|l| l.linked.is_none()) {
        return Some(Refusal::new("platform.unlinked").with("row", line.row));
    }
    if let Some(line) = lines
        .iter()
        .find(|l| l.linked.as_ref().is_some_and(|s| !s.on_shelf))
    {
        return Some(Refusal::new("platform.sku_off_shelf").with("row", line.row));
    }
    if !label_url.is_empty() {
        return None;
    }
    let first = lines[0];
    if !first.hidden.is_empty() {
        return Some(Refusal::new("platform.recipient_hidden"));
    }
    let Some(split) = divisions().split_address(&first.address) else {
        return Some(Refusal::new("platform.address_unrecognised"));
    };
    let input = AddressInput {
        recipient: first.recipient.clone(),
        phone: first.phone.clone(),
        province: split.province,
        city: split.city,
        district: split.district,
        detail: split.detail,
    };
    validate(&input.trimmed(), divisions()).err().map(Refusal::from)
}

fn reason_of(refusal: &Refusal, lang: Language) -> String {
    let params: Vec<(&str, String)> = refusal.params.iter().map(|(k, v)| (*k, v.clone())).collect();
    message(lang, refusal.key, &params)
}

/// The seller's rate for the import's currency in micro-yuan (CNY is one to one), or why there is
/// none.
async fn rate_of(
    state: &AppState,
    user_id: &str,
    head: &ImportHead,
) -> Result<Result<i64, Refusal>, AppError> {
    let currency = head.currency.as_str();
    if currency == "CNY" {
        return Ok(Ok(1_000_000));
    }
    if currency.is_empty() {
        return Ok(Err(Refusal::new("platform.currency_unknown")));
    }
    let rate =
        projections::platform_rates::rate_of(&state.db.pool, user_id, &head.platform, currency).await?;
    Ok(rate.ok_or_else(|| Refusal::new("platform.rate_missing").with("currency", currency)))
}

async fn preview_of(state: &AppState, user_id: &str, id: &str, lang: Language) -> Result<Preview, AppError> {
    let head = read::import_head(&state.db.pool, user_id, id)
        .await?
        .ok_or(AppError::NotFound("platform.import_unknown"))?;
    let rate = rate_of(state, user_id, &head).await?;
    let micro = rate.as_ref().ok().copied();
    let (margin_hint, margin_hint_key) = match &rate {
        Ok(_) => (String::new(), String::new()),
        Err(refusal) => {
            let refusal = refusal
                .clone()
                .with("platform", platform_name(&head.platform, lang));
            (reason_of(&refusal, lang), refusal.key.to_string())
        }
    };
    let mut margin_total = 0i64;
    let lines = read::lines(&state.db.pool, user_id, id, &head.platform).await?;
    let labels = read::labels(&state.db.pool, id).await?;
    let placed = read::placed(&state.db.pool, user_id, &head.platform, id).await?;
    let job = if head.job_id.is_empty() {
        None
    } else {
        projections::excel_jobs::one(&state.db.pool, user_id, &head.job_id)
            .await?
            .map(|j| job_view(&j, lang, true))
    };

    let mut grouped: Vec<(String, Vec<&ImportLine>)> = Vec::new();
    let mut at: HashMap<&str, usize> = HashMap::new();
    for line in &lines {
        let index = *at.entry(line.source_order_no.as_str()).or_insert_with(|| {
            grouped.push((line.source_order_no.clone(), Vec::new()));
            grouped.len() - 1
        });
        grouped[index].1.push(line);
    }

    let mut totals = Totals {
        lines: lines.len() as i64,
        ..Totals::default()
    };
    let mut unlinked: BTreeMap<(String, String, String), UnlinkedItem> = BTreeMap::new();
    let mut orders = Vec::new();
    for (source, group) in grouped {
        let label_url = labels.get(&source).cloned().unwrap_or_default();
        let all_skipped = group
            .iter()
            .all(|l| l.problem == Problem::NotAwaitingShipment.key());
        let order_no = placed.get(&source).cloned().unwrap_or_default();
        let blocked = blocker(&group, &label_url);
        let state_name = if !order_no.is_empty() {
            "ordered"
        } else if all_skipped {
            "skipped"
        } else if blocked.is_some() {
            "blocked"
        } else {
            "ready"
        };
        match state_name {
            "ordered" => totals.ordered += 1,
            "skipped" => totals.skipped += 1,
            "blocked" => totals.blocked += 1,
            _ => totals.ready += 1,
        }
        let mut line_views = Vec::new();
        let (mut platform_amount, mut jpmall_amount, mut priced) = (0i64, 0i64, true);
        let mut platform_amount_cny = 0i64;
        for line in &group {
            let sku = line.linked.as_ref().map(|s| sku_view(s, lang));
            let price_cny = line.platform_price.zip(micro).map(|(p, m)| to_fen(p, m));
            let margin = match (&sku, price_cny) {
                (Some(sku), Some(price)) => Some((price - sku.price) * line.quantity),
                _ => None,
            };
            match line.platform_price {
                Some(price) => {
                    platform_amount += price * line.quantity;
                    platform_amount_cny += price_cny.unwrap_or(0) * line.quantity;
                }
                None => priced = false,
            }
            match &sku {
                Some(sku) => jpmall_amount += sku.price * line.quantity,
                None => priced = false,
            }
            if line.linked.is_none() && !all_skipped {
                let item = unlinked
                    .entry((line.item_key.clone(), line.sku_key.clone(), line.spec.clone()))
                    .or_insert_with(|| UnlinkedItem {
                        item_key: line.item_key.clone(),
                        sku_key: line.sku_key.clone(),
                        title: line.title.clone(),
                        variation: line.variation.clone(),
                        spec: line.spec.clone(),
                        quantity: 0,
                        rows: Vec::new(),
                    });
                item.quantity += line.quantity;
                item.rows.push(line.row);
            }
            line_views.push(LineView {
                row: line.row,
                line_id: line.line_id.clone(),
                title: line.title.clone(),
                variation: line.variation.clone(),
                item_key: line.item_key.clone(),
                sku_key: line.sku_key.clone(),
                seller_code: line.seller_code.clone(),
                quantity: line.quantity,
                platform_price: line.platform_price,
                currency: head.currency.clone(),
                platform_price_cny: price_cny,
                status: line.status.clone(),
                spec: line.spec.clone(),
                sku,
                linked_by: line.linked_by.map(|b| b.code()).unwrap_or(""),
                margin,
            });
        }
        totals.orders += 1;
        if state_name != "skipped" && priced {
            totals.platform_amount += platform_amount;
            totals.jpmall_amount += jpmall_amount;
            margin_total += platform_amount_cny - jpmall_amount;
            if micro.is_some() {
                *totals.platform_amount_cny.get_or_insert(0) += platform_amount_cny;
            }
        }
        let first = group[0];
        let (reason, reason_key) = match (&blocked, state_name) {
            (Some(refusal), "blocked") => (reason_of(refusal, lang), refusal.key.to_string()),
            _ => (String::new(), String::new()),
        };
        orders.push(OrderPreview {
            source_order_no: source,
            row: first.row,
            state: state_name,
            order_no,
            recipient: first.recipient.clone(),
            phone: first.phone.clone(),
            address: first.address.clone(),
            hidden: first.hidden.clone(),
            label_url,
            reason,
            reason_key,
            lines: line_views,
            platform_amount: priced.then_some(platform_amount),
            currency: head.currency.clone(),
            platform_amount_cny: (priced && micro.is_some()).then_some(platform_amount_cny),
            jpmall_amount,
            margin: (priced && micro.is_some()).then_some(platform_amount_cny - jpmall_amount),
        });
    }
    totals.unlinked = unlinked.len() as i64;
    totals.margin = micro.map(|_| margin_total);
    if micro.is_some() && totals.platform_amount_cny.is_none() {
        totals.platform_amount_cny = Some(0);
    }
    Ok(Preview {
        id: head.id.clone(),
        platform: head.platform.clone(),
        platform_name: platform_name(&head.platform, lang),
        file_name: head.file_name.clone(),
        created_at: head.created_at,
        currency: head.currency.clone(),
        rate: micro.map(rate_text),
        margin_hint,
        margin_hint_key,
        job,
        totals,
        orders,
        unlinked: unlinked.into_values().collect(),
    })
}

#[derive(Deserialize, Default)]
pub struct LinkBody {
    #[serde(default)]
    platform: String,
    #[serde(default)]
    item_key: String,
    #[serde(default)]
    sku_key: String,
    #[serde(default)]
    sku_id: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    variation: String,
    /// `sku` (this spec of the item; the default) or `product` (the whole item).
    #[serde(default)]
    scope: String,
    /// The import the link is made from: the answer says how many of its lines the link covers.
    #[serde(default)]
    id: String,
}

fn scope_of(text: &str) -> Result<LinkScope, AppError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(LinkScope::Sku);
    }
    LinkScope::from_code(text).ok_or_else(|| {
        Refusal::new("platform.link_scope_unknown")
            .on("scope")
            .with("value", text)
            .into()
    })
}

/// What a link did to the import it was made from.
#[derive(Serialize)]
pub struct Linked {
    scope: &'static str,
    /// The spec a `sku` link covers (`colour;size`); empty for a `product` link.
    spec: String,
    /// The import's lines the link now orders, and their rows.
    lines: i64,
    rows: Vec<i64>,
    /// Lines of the same item a `product` link could not resolve by their spec (they stay
    /// unlinked).
    unresolved: i64,
    /// The above in the reader's language.
    message: String,
}

pub async fn link(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<LinkBody>,
) -> ApiResult<Linked> {
    let lang = language_of(&headers);
    let title: String = body.title.chars().take(200).collect();
    let variation: String = body.variation.chars().take(200).collect();
    let scope = scope_of(&body.scope)?;
    let id = body.id.trim();
    let head = if id.is_empty() {
        None
    } else {
        Some(
            read::import_head(&state.db.pool, &user.id, id)
                .await?
                .ok_or(AppError::NotFound("platform.import_unknown"))?,
        )
    };
    let request = LinkRequest {
        platform: platform_of(&body.platform)?,
        item_key: &body.item_key,
        sku_key: &body.sku_key,
        scope,
        sku_id: &body.sku_id,
        title: &title,
        variation: &variation,
    };
    platform_batch::link(&state.db, &user.id, &request, now()).await?;
    let spec = match scope {
        LinkScope::Sku => domain::variation::parse_spec(&variation).key(),
        LinkScope::Product => String::new(),
    };
    let (mut rows, mut unresolved) = (Vec::new(), 0i64);
    if let Some(head) = head {
        let lines = read::lines(&state.db.pool, &user.id, &head.id, &head.platform).await?;
        let (item_key, sku_key) = (body.item_key.trim(), body.sku_key.trim());
        for line in lines
            .iter()
            .filter(|l| l.item_key == item_key && l.sku_key == sku_key)
        {
            let covered = match (scope, line.linked_by) {
                (LinkScope::Sku, Some(LinkedBy::Sku)) => line.spec == spec,
                (LinkScope::Product, Some(LinkedBy::Product)) => true,
                _ => false,
            };
            if covered {
                rows.push(line.row);
            } else if scope == LinkScope::Product && line.linked.is_none() {
                unresolved += 1;
            }
        }
    }
    let lines = rows.len() as i64;
    let message = match scope {
        LinkScope::Sku => message(lang, "platform.linked_lines", &[("lines", lines.to_string())]),
        LinkScope::Product => message(
            lang,
            "platform.linked_product_lines",
            &[
                ("lines", lines.to_string()),
                ("unresolved", unresolved.to_string()),
            ],
        ),
    };
    Ok(ok(Linked {
        scope: scope.code(),
        spec,
        lines,
        rows,
        unresolved,
        message,
    }))
}

pub async fn unlink(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<LinkBody>,
) -> ApiResult<Value> {
    let platform = platform_of(&body.platform)?
        .ok_or_else(|| AppError::from(Refusal::new("order.platform_required").on("platform")))?;
    let request = platform_batch::UnlinkRequest {
        platform,
        item_key: &body.item_key,
        sku_key: &body.sku_key,
        scope: scope_of(&body.scope)?,
        variation: &body.variation,
    };
    platform_batch::unlink(&state.db, &user.id, &request).await?;
    Ok(ok(Value::Null))
}

#[derive(Serialize)]
pub struct LinkView {
    platform: String,
    platform_name: String,
    item_key: String,
    sku_key: String,
    /// `sku`: this one spec of the item (`spec`); `product`: the whole item, each line by its spec.
    scope: String,
    spec: String,
    title: String,
    variation: String,
    updated_at: i64,
    sku: SkuView,
}

pub async fn links(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<ListBody>,
) -> ApiResult<Page<LinkView>> {
    let (page, pagesize) = Paging {
        page: body.page,
        pagesize: body.pagesize,
    }
    .checked()?;
    let platform = platform_of(&body.platform)?.map(|p| p.code()).unwrap_or("");
    let lang = language_of(&headers);
    let (found, total) = read::links(&state.db.pool, &user.id, platform, page, pagesize).await?;
    Ok(ok(Page {
        list: found
            .iter()
            .map(|l| LinkView {
                platform: l.platform.clone(),
                platform_name: platform_name(&l.platform, lang),
                item_key: l.item_key.clone(),
                sku_key: l.sku_key.clone(),
                scope: l.scope.clone(),
                spec: l.spec.clone(),
                title: l.title.clone(),
                variation: l.variation.clone(),
                updated_at: l.updated_at,
                sku: sku_view(&l.sku, lang),
            })
            .collect(),
        total,
        page,
        pagesize,
    }))
}

#[derive(Deserialize, Default)]
pub struct SkuSearchBody {
    #[serde(default)]
    item_no: String,
    #[serde(default)]
    color: String,
    #[serde(default)]
    size: String,
}

/// At most this many SKUs answer a search: the seller narrows by colour and size.
const SKU_SEARCH_LIMIT: i64 = 50;

pub async fn sku_search(
    State(state): State<AppState>,
    headers: HeaderMap,
    _user: CurrentUser,
    JsonBody(body): JsonBody<SkuSearchBody>,
) -> ApiResult<Vec<SkuView>> {
    let item_no = body.item_no.trim();
    if item_no.is_empty() {
        return Err(Refusal::new("order.item_no_required").on("item_no").into());
    }
    let lang = language_of(&headers);
    // A colour is found by its Chinese or English name, whichever language the reader has chosen.
    let found = read::sku_search(
        &state.db.pool,
        item_no,
        body.color.trim(),
        body.size.trim(),
        SKU_SEARCH_LIMIT,
    )
    .await?;
    Ok(ok(found.iter().map(|s| sku_view(s, lang)).collect()))
}

#[derive(Deserialize, Default)]
pub struct LabelBody {
    #[serde(default)]
    id: String,
    #[serde(default)]
    source_order_no: String,
    #[serde(default)]
    label_file: String,
}

pub async fn attach_label(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<LabelBody>,
) -> ApiResult<Value> {
    platform_batch::attach_label(
        &state.db,
        &user.id,
        &body.id,
        &body.source_order_no,
        &body.label_file,
    )
    .await?;
    Ok(ok(Value::Null))
}

#[derive(Deserialize, Default)]
pub struct OrderBody {
    #[serde(default)]
    id: String,
    #[serde(default)]
    courier: String,
}

/// `order/platform/order`: places every order of the import in a background job.
pub async fn order(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<OrderBody>,
) -> ApiResult<JobView> {
    let lang = language_of(&headers);
    let id = body.id.trim().to_string();
    let head = read::import_head(&state.db.pool, &user.id, &id)
        .await?
        .ok_or(AppError::NotFound("platform.import_unknown"))?;
    let courier_text = body.courier.trim();
    if courier_text.is_empty() {
        return Err(Refusal::new("order.courier_required").on("courier").into());
    }
    let courier = Courier::from_code(courier_text).ok_or_else(|| {
        Refusal::new("excel.courier_unknown")
            .on("courier")
            .with("value", courier_text)
    })?;
    if !head.job_id.is_empty() {
        if let Some(job) = projections::excel_jobs::one(&state.db.pool, &user.id, &head.job_id).await? {
            if job.status == "running" {
                return Err(Refusal::new("platform.ordering").into());
            }
        }
    }
    let at = now();
    let job = NewJob {
        id: excel_jobs::new_job_id(at),
        user_id: user.id.clone(),
        kind: JobKind::Import,
        table_code: "platform_orders".into(),
        language: excel::language_code(lang).to_string(),
        file_name: if head.file_name.is_empty() {
            excel::file_name("platform_orders", lang, at)
        } else {
            head.file_name.clone()
        },
        file_path: String::new(),
        total: head.orders,
    };
    excel_jobs::start(&state.db, &job, at).await?;
    platform_batch::set_job(&state.db, &id, &job.id).await?;
    let job_id = job.id.clone();
    state
        .jobs
        .spawn(excel::platform_orders::run(state.clone(), job, id, courier));
    let row = projections::excel_jobs::one(&state.db.pool, &user.id, &job_id)
        .await?
        .ok_or(AppError::NotFound("excel.job_not_found"))?;
    Ok(ok(job_view(&row, lang, true)))
}

#[derive(Deserialize, Default)]
pub struct WritebackBody {
    #[serde(default)]
    platform: String,
    #[serde(default)]
    id: String,
    start_time: Option<i64>,
    end_time: Option<i64>,
}

/// `order/platform/writeback`: the platform's batch-shipping file of the seller's shipped orders.
pub async fn writeback(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<WritebackBody>,
) -> Result<Response, AppError> {
    let lang = language_of(&headers);
    let id = body.id.trim();
    let platform = if id.is_empty() {
        platform_of(&body.platform)?
            .ok_or_else(|| AppError::from(Refusal::new("order.platform_required").on("platform")))?
    } else {
        platform_batch::platform_of_import(&state.db, &user.id, id).await?
    };
    let from = body.start_time.unwrap_or(0);
    let to = body.end_time.unwrap_or(i64::MAX);
    if to < from {
        return Err(Refusal::new("fund.end_before_start").on("end_time").into());
    }
    let shipped = read::shipped(
        &state.db.pool,
        &user.id,
        platform.code(),
        from,
        to,
        (!id.is_empty()).then_some(id),
    )
    .await?;
    if shipped.is_empty() {
        return Err(Refusal::new("platform.nothing_shipped").into());
    }
    let bytes =
        tokio::task::spawn_blocking(move || excel::platform_orders::writeback_workbook(platform, &shipped))
            .await
            .map_err(|e| AppError::Internal(e.into()))?
            .map_err(|e| AppError::Internal(e.into()))?;
    let name = format!(
        "{}_{}.xlsx",
        message(
            lang,
            "platform.writeback_name",
            &[("platform", platform_name(platform.code(), lang))]
        ),
        domain::calendar::china_stamp(now())
    );
    Ok(xlsx_response(bytes, &name))
}
