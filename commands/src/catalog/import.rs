//! The staff's Excel import of products, in two steps. `plan` checks every row of an uploaded sheet
//! against the catalogue and answers what each would do (create, update, unchanged, refused with its
//! reason) without writing anything; `apply` carries out exactly that plan later, when the staff
//! member confirms it.
//!
//! Rows are upserted by stall + item number + colour + size: the rows of one stall and item number are
//! one product, each row one SKU. Stock of an existing SKU is set by compare-and-set against the stock
//! the preview saw, so a checkout in between is never overwritten (the row is reported as a
//! conflict instead), and importing the same file twice finds every row unchanged.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use domain::category_path::{self, Category, Miss};
use domain::money::Fen;
use serde::{Deserialize, Serialize};
use sqlx::Row;

use super::pictures::Picture;
use super::products::{
    self, media_url, ColourInput, PictureDirs, ProductInput, SkuInput, MAX_COLOURS, MAX_ITEM_NO_CHARS,
    MAX_OPTION_CHARS, MAX_PRICE, MAX_SIZES, MAX_TITLE_CHARS,
};
use super::stock::{self, StockChange, MAX_STOCK};
use crate::error::{Error, Refusal, Result};
use crate::Database;

/// One data row of the sheet, as text; `row` is the sheet's own row number.
#[derive(Debug, Clone, Default)]
pub struct SheetRow {
    pub row: usize,
    pub item_no: String,
    pub title_zh: String,
    pub title_en: String,
    pub category: String,
    pub stall: String,
    pub colour: String,
    pub colour_en: String,
    pub size: String,
    pub price: String,
    pub stock: String,
    pub main_pictures: String,
    pub colour_picture: String,
    pub detail_pictures: String,
    pub is_hot: String,
    pub is_sea: String,
}

/// A picture named in the sheet: the uploaded URL it was stored at, or why it cannot be used.
pub type PictureLookup = HashMap<String, std::result::Result<String, &'static str>>;

/// The key pictures are found by: the file name without folders, in lower case.
pub fn picture_key(name: &str) -> String {
    name.rsplit(['/', '\\'])
        .next()
        .unwrap_or(name)
        .trim()
        .to_lowercase()
}

/// The picture names of a cell: separated by `;`, `,`, `|` (either width) or spaces.
pub fn picture_names(cell: &str) -> Vec<String> {
    cell.split([';', ',', '|', '；', '，', ' ', '\u{3000}'])
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RowAction {
    Create,
    Update,
    Unchanged,
    Refused,
    /// Checked fine, but the catalogue changed between the preview and the confirm.
    Conflict,
}

/// What one row does (or did), with the reason as a catalogue key and its parameters.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RowReport {
    pub row: usize,
    pub action: RowAction,
    pub stall: String,
    pub item_no: String,
    pub colour: String,
    pub size: String,
    pub reason: String,
    pub params: Vec<(String, String)>,
}

impl RowReport {
    fn refuse(&mut self, refusal: &Refusal) {
        self.action = RowAction::Refused;
        self.reason = refusal.key.to_string();
        self.params = refusal
            .params
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect();
    }

    fn conflict(&mut self, refusal: &Refusal) {
        self.refuse(refusal);
        self.action = RowAction::Conflict;
    }
}

/// One SKU row the plan will write.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PlannedSku {
    pub row: usize,
    pub colour: String,
    pub colour_en: String,
    pub size: String,
    pub price: i64,
    pub stock: i64,
    /// The existing SKU and its stock when the preview was made.
    pub existing: Option<(String, i64)>,
    pub colour_picture: Option<String>,
    pub action: RowAction,
}

/// One product the plan creates or updates.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PlannedProduct {
    /// `None`: created.
    pub product_id: Option<String>,
    pub stall_id: String,
    pub item_no: String,
    pub title_zh: Option<String>,
    pub title_en: Option<String>,
    pub category_id: Option<String>,
    /// Uploaded URLs; empty keeps the product's own.
    pub main_pictures: Vec<String>,
    pub detail_pictures: Vec<String>,
    pub is_hot: Option<bool>,
    pub is_sea: Option<bool>,
    /// Whether the product itself (not only stock) changes.
    pub product_changes: bool,
    pub skus: Vec<PlannedSku>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Plan {
    pub products: Vec<PlannedProduct>,
    pub rows: Vec<RowReport>,
}

#[derive(Debug, Clone, Copy, Default, Serialize, PartialEq, Eq)]
pub struct Counts {
    pub create: i64,
    pub update: i64,
    pub unchanged: i64,
    pub refused: i64,
    pub conflict: i64,
}

pub fn counts(rows: &[RowReport]) -> Counts {
    let mut counts = Counts::default();
    for row in rows {
        match row.action {
            RowAction::Create => counts.create += 1,
            RowAction::Update => counts.update += 1,
            RowAction::Unchanged => counts.unchanged += 1,
            RowAction::Refused => counts.refused += 1,
            RowAction::Conflict => counts.conflict += 1,
        }
    }
    counts
}

struct Stall {
    id: String,
    name: String,
}

/// The catalogue the rows are checked against.
struct Lookups {
    stalls: Vec<Stall>,
    categories: Vec<Category>,
}

/// At most this many of the categories an ambiguous name fits are listed in its refusal.
const AMBIGUOUS_LISTED: usize = 5;

impl Lookups {
    async fn load(db: &Database) -> Result<Self> {
        let stalls = sqlx::query("SELECT id, name FROM stalls")
            .fetch_all(&db.pool)
            .await?
            .iter()
            .map(|r| Stall {
                id: r.get("id"),
                name: r.get("name"),
            })
            .collect();
        let categories =
            sqlx::query("SELECT id, parent_id, name_zh, name_en FROM categories ORDER BY sort, id")
                .fetch_all(&db.pool)
                .await?
                .iter()
                .map(|r| Category {
                    id: r.get("id"),
                    parent_id: r.get("parent_id"),
                    name_zh: r.get("name_zh"),
                    name_en: r.get("name_en"),
                })
                .collect();
        Ok(Self { stalls, categories })
    }

    /// A stall by its id, or by its name when only one stall has it.
    fn stall(&self, text: &str, scope: Option<&[String]>) -> std::result::Result<&Stall, Refusal> {
        if text.is_empty() {
            return Err(Refusal::new("import.stall_missing"));
        }
        let reachable = |s: &&Stall| scope.is_none_or(|own| own.contains(&s.id));
        if let Some(stall) = self.stalls.iter().filter(reachable).find(|s| s.id == text) {
            return Ok(stall);
        }
        let named: Vec<&Stall> = self
            .stalls
            .iter()
            .filter(reachable)
            .filter(|s| s.name == text)
            .collect();
        match named.as_slice() {
            [one] => Ok(one),
            [] => Err(Refusal::new("import.stall_unknown").with("stall", text)),
            _ => Err(Refusal::new("import.stall_ambiguous").with("stall", text)),
        }
    }

    /// A category a product can be in (one without children), by its code, either name or its
    /// path (`女装 › 卫衣`); a name more than one has is refused with their paths and codes, given
    /// in each language (`paths@zh`, `paths@en`: the reader's is shown as `paths`).
    fn category(&self, text: &str) -> std::result::Result<&Category, Refusal> {
        category_path::resolve(&self.categories, text).map_err(|miss| match miss {
            Miss::Unknown => Refusal::new("import.category_unknown").with("category", text),
            Miss::NotLeaf => Refusal::new("import.category_not_leaf").with("category", text),
            Miss::Ambiguous(found) => {
                let listed = |english: bool, between: &str| {
                    let mut paths: Vec<String> = found
                        .iter()
                        .take(AMBIGUOUS_LISTED)
                        .map(|c| {
                            let path = category_path::display_path(&self.categories, c, english);
                            if english {
                                format!("{path} ({})", c.id)
                            } else {
                                format!("{path}（{}）", c.id)
                            }
                        })
                        .collect();
                    if found.len() > AMBIGUOUS_LISTED {
                        paths.push("…".into());
                    }
                    paths.join(between)
                };
                Refusal::new("import.category_ambiguous")
                    .with("category", text)
                    .with("paths@zh", listed(false, "、"))
                    .with("paths@en", listed(true, ", "))
            }
        })
    }
}

fn limited(value: &str, column: &'static str, max: usize) -> std::result::Result<(), Refusal> {
    if value.chars().count() > max {
        return Err(Refusal::new("import.too_long")
            .with("column", column)
            .with("max", max));
    }
    Ok(())
}

fn flag(value: &str, column: &'static str) -> std::result::Result<Option<bool>, Refusal> {
    match value.trim().to_lowercase().as_str() {
        "" => Ok(None),
        "是" | "yes" | "y" | "1" | "true" => Ok(Some(true)),
        "否" | "no" | "n" | "0" | "false" => Ok(Some(false)),
        _ => Err(Refusal::new("import.flag_invalid")
            .with("column", column)
            .with("value", value)),
    }
}

fn pictures_of(cell: &str, lookup: &PictureLookup) -> std::result::Result<Vec<String>, Refusal> {
    picture_names(cell)
        .iter()
        .map(|name| match lookup.get(&picture_key(name)) {
            Some(Ok(url)) => Ok(url.clone()),
            Some(Err(key)) => Err(Refusal::new(key).with("name", name)),
            None => Err(Refusal::new("import.picture_missing").with("name", name)),
        })
        .collect()
}

/// A row that passed the checks that need no product.
struct GoodRow {
    report_index: usize,
    stall_id: String,
    item_no: String,
    title_zh: String,
    title_en: String,
    category_id: Option<String>,
    colour: String,
    colour_en: String,
    size: String,
    price: Fen,
    stock: i64,
    main_pictures: Vec<String>,
    colour_picture: Option<String>,
    detail_pictures: Vec<String>,
    is_hot: Option<bool>,
    is_sea: Option<bool>,
}

fn check_row(
    row: &SheetRow,
    lookups: &Lookups,
    pictures: &PictureLookup,
    scope: Option<&[String]>,
    report_index: usize,
) -> std::result::Result<GoodRow, Refusal> {
    let stall = lookups.stall(&row.stall, scope)?;
    if row.item_no.is_empty() {
        return Err(Refusal::new("import.item_no_missing"));
    }
    limited(&row.item_no, "item_no", MAX_ITEM_NO_CHARS)?;
    limited(&row.title_zh, "title_zh", MAX_TITLE_CHARS)?;
    limited(&row.title_en, "title_en", MAX_TITLE_CHARS)?;
    if row.colour.is_empty() {
        return Err(Refusal::new("import.colour_missing"));
    }
    if row.size.is_empty() {
        return Err(Refusal::new("import.size_missing"));
    }
    limited(&row.colour, "colour", MAX_OPTION_CHARS)?;
    limited(&row.colour_en, "colour_en", MAX_OPTION_CHARS)?;
    limited(&row.size, "size", MAX_OPTION_CHARS)?;
    let price = Fen::parse_yuan(&row.price)
        .ok()
        .filter(|p| p.is_positive() && *p <= MAX_PRICE)
        .ok_or_else(|| {
            Refusal::new("import.price_invalid")
                .with("price", &row.price)
                .with("max", MAX_PRICE.to_yuan())
        })?;
    let stock = row
        .stock
        .parse::<i64>()
        .ok()
        .filter(|s| (0..=MAX_STOCK).contains(s))
        .ok_or_else(|| {
            Refusal::new("import.stock_invalid")
                .with("stock", &row.stock)
                .with("max", MAX_STOCK)
        })?;
    let category_id = if row.category.is_empty() {
        None
    } else {
        Some(lookups.category(&row.category)?.id.clone())
    };
    let colour_picture = pictures_of(&row.colour_picture, pictures)?;
    if colour_picture.len() > 1 {
        return Err(Refusal::new("import.colour_picture_one"));
    }
    Ok(GoodRow {
        report_index,
        stall_id: stall.id.clone(),
        item_no: row.item_no.clone(),
        title_zh: row.title_zh.clone(),
        title_en: row.title_en.clone(),
        category_id,
        colour: row.colour.clone(),
        colour_en: row.colour_en.clone(),
        size: row.size.clone(),
        price,
        stock,
        main_pictures: pictures_of(&row.main_pictures, pictures)?,
        colour_picture: colour_picture.into_iter().next(),
        detail_pictures: pictures_of(&row.detail_pictures, pictures)?,
        is_hot: flag(&row.is_hot, "is_hot")?,
        is_sea: flag(&row.is_sea, "is_sea")?,
    })
}

/// A product as it is in the catalogue.
struct Current {
    id: String,
    title_zh: String,
    title_en: String,
    category_id: String,
    price: Fen,
    colours: Vec<(String, String)>,
    /// Per colour: whether it has a picture of its own.
    own_pictures: Vec<bool>,
    sizes: Vec<String>,
    main_count: i64,
    detail_count: i64,
    is_hot: bool,
    is_sea: bool,
    /// (colour, size) → (SKU id, price, stock)
    skus: HashMap<(String, String), (String, Fen, i64)>,
    sku_order: Vec<(String, String)>,
}

#[derive(Deserialize)]
struct StoredColour {
    zh: String,
    #[serde(default)]
    en: String,
    /// Whether the colour has a picture of its own (the demo market's are drawn, so they do).
    #[serde(default = "yes")]
    own: bool,
}

fn yes() -> bool {
    true
}

async fn current(db: &Database, stall_id: &str, item_no: &str) -> Result<Option<Current>> {
    let Some(row) = sqlx::query(
        "SELECT id, title_zh, title_en, category_id, price, colors, sizes, main_count, detail_count, \
         CASE WHEN is_hot THEN 1 ELSE 0 END AS is_hot, CASE WHEN is_sea THEN 1 ELSE 0 END AS is_sea \
         FROM products WHERE stall_id = $1 AND item_no = $2",
    )
    .bind(stall_id)
    .bind(item_no)
    .fetch_optional(&db.pool)
    .await?
    else {
        return Ok(None);
    };
    let id: String = row.get("id");
    let colours: Vec<StoredColour> =
        serde_json::from_str(&row.get::<String, _>("colors")).unwrap_or_default();
    let mut skus = HashMap::new();
    let mut sku_order = Vec::new();
    for sku in
        sqlx::query("SELECT id, color, size, price, stock FROM skus WHERE product_id = $1 ORDER BY sort, id")
            .bind(&id)
            .fetch_all(&db.pool)
            .await?
    {
        let key: (String, String) = (sku.get("color"), sku.get("size"));
        sku_order.push(key.clone());
        skus.insert(key, (sku.get("id"), Fen(sku.get("price")), sku.get("stock")));
    }
    Ok(Some(Current {
        title_zh: row.get("title_zh"),
        title_en: row.get("title_en"),
        category_id: row.get("category_id"),
        price: Fen(row.get("price")),
        own_pictures: colours.iter().map(|c| c.own).collect(),
        colours: colours
            .into_iter()
            .map(|c| {
                let en = if c.en.is_empty() { c.zh.clone() } else { c.en };
                (c.zh, en)
            })
            .collect(),
        sizes: serde_json::from_str(&row.get::<String, _>("sizes")).unwrap_or_default(),
        main_count: row.get("main_count"),
        detail_count: row.get("detail_count"),
        is_hot: row.get::<i32, _>("is_hot") == 1,
        is_sea: row.get::<i32, _>("is_sea") == 1,
        skus,
        sku_order,
        id,
    }))
}

/// The digest an uploaded picture is named by (its first 32 hex digits).
fn upload_digest(url: &str) -> &str {
    url.rsplit('/')
        .next()
        .and_then(|n| n.strip_suffix(".jpg"))
        .unwrap_or("")
}

/// Whether the product's own pictures of a kind are these uploads, byte for byte.
fn same_pictures(media: &Path, id: &str, kind: fn(u32) -> Picture, count: i64, urls: &[String]) -> bool {
    urls.len() as i64 == count
        && urls.iter().enumerate().all(|(n, url)| {
            let path = media.join("p").join(id).join(kind(n as u32 + 1).file_name());
            std::fs::read(path).is_ok_and(|bytes| {
                hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&bytes)).starts_with(upload_digest(url))
            })
        })
}

/// Checks every row against the catalogue: what it would do, nothing written. `pictures`: the
/// pictures the sheet names, already stored; `scope`: a stall account's stalls.
pub async fn plan(
    db: &Database,
    rows: &[SheetRow],
    pictures: &PictureLookup,
    media: &Path,
    scope: Option<&[String]>,
) -> Result<Plan> {
    let lookups = Lookups::load(db).await?;
    let mut reports: Vec<RowReport> = Vec::new();
    let mut groups: Vec<((String, String), Vec<GoodRow>)> = Vec::new();
    for row in rows {
        let index = reports.len();
        let mut report = RowReport {
            row: row.row,
            action: RowAction::Create,
            stall: row.stall.clone(),
            item_no: row.item_no.clone(),
            colour: row.colour.clone(),
            size: row.size.clone(),
            reason: String::new(),
            params: Vec::new(),
        };
        match check_row(row, &lookups, pictures, scope, index) {
            Ok(good) => {
                let key = (good.stall_id.clone(), good.item_no.clone());
                match groups.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, group)) => group.push(good),
                    None => groups.push((key, vec![good])),
                }
            }
            Err(refusal) => report.refuse(&refusal),
        }
        reports.push(report);
    }
    let mut products = Vec::new();
    for ((stall_id, item_no), group) in groups {
        let existing = current(db, &stall_id, &item_no).await?;
        if let Some(product) = plan_product(&stall_id, &item_no, group, existing, media, &mut reports) {
            products.push(product);
        }
    }
    Ok(Plan {
        products,
        rows: reports,
    })
}

fn first_given<T: Clone>(rows: &[GoodRow], pick: impl Fn(&GoodRow) -> Option<T>) -> Option<T> {
    rows.iter().find_map(pick)
}

fn plan_product(
    stall_id: &str,
    item_no: &str,
    rows: Vec<GoodRow>,
    existing: Option<Current>,
    media: &Path,
    reports: &mut [RowReport],
) -> Option<PlannedProduct> {
    // One row per colour × size: later repeats are refused, naming the first.
    let mut seen: HashMap<(String, String), usize> = HashMap::new();
    let mut rows_kept = Vec::new();
    for row in rows {
        let key = (row.colour.clone(), row.size.clone());
        if let Some(first) = seen.get(&key) {
            reports[row.report_index].refuse(&Refusal::new("import.row_repeated").with("first", first));
            continue;
        }
        seen.insert(key, reports[row.report_index].row);
        rows_kept.push(row);
    }
    let rows = rows_kept;
    if rows.is_empty() {
        return None;
    }
    let title_zh = first_given(&rows, |r| (!r.title_zh.is_empty()).then(|| r.title_zh.clone()));
    let title_en = first_given(&rows, |r| (!r.title_en.is_empty()).then(|| r.title_en.clone()));
    let category_id = first_given(&rows, |r| r.category_id.clone());
    let main_pictures = first_given(&rows, |r| {
        (!r.main_pictures.is_empty()).then(|| r.main_pictures.clone())
    })
    .unwrap_or_default();
    let detail_pictures = first_given(&rows, |r| {
        (!r.detail_pictures.is_empty()).then(|| r.detail_pictures.clone())
    })
    .unwrap_or_default();
    let is_hot = first_given(&rows, |r| r.is_hot);
    let is_sea = first_given(&rows, |r| r.is_sea);

    let refuse_all = |reports: &mut [RowReport], refusal: Refusal| {
        for row in &rows {
            reports[row.report_index].refuse(&refusal);
        }
    };
    let product_refusal = match &existing {
        None if title_zh.is_none() => Some(Refusal::new("import.title_missing")),
        None if category_id.is_none() => Some(Refusal::new("import.category_missing")),
        None if main_pictures.is_empty() => Some(Refusal::new("import.main_picture_missing")),
        _ if main_pictures.len() > products::MAX_MAIN_PICTURES => {
            Some(Refusal::new("import.too_many_pictures").with("max", products::MAX_MAIN_PICTURES))
        }
        _ if detail_pictures.len() > products::MAX_DETAIL_PICTURES => {
            Some(Refusal::new("import.too_many_pictures").with("max", products::MAX_DETAIL_PICTURES))
        }
        _ => None,
    };
    if let Some(refusal) = product_refusal {
        refuse_all(reports, refusal);
        return None;
    }
    let mut colours: Vec<String> = existing
        .as_ref()
        .map(|c| c.colours.iter().map(|(zh, _)| zh.clone()).collect())
        .unwrap_or_default();
    let mut sizes: Vec<String> = existing.as_ref().map(|c| c.sizes.clone()).unwrap_or_default();
    let mut skus = Vec::new();
    for row in &rows {
        let new_colour = !colours.contains(&row.colour);
        let new_size = !sizes.contains(&row.size);
        if (new_colour && colours.len() == MAX_COLOURS) || (new_size && sizes.len() == MAX_SIZES) {
            reports[row.report_index]
                .refuse(&Refusal::new("import.too_many_options").with("max", MAX_COLOURS));
            continue;
        }
        if new_colour {
            colours.push(row.colour.clone());
        }
        if new_size {
            sizes.push(row.size.clone());
        }
        let found = existing
            .as_ref()
            .and_then(|c| c.skus.get(&(row.colour.clone(), row.size.clone())));
        let action = match found {
            None => RowAction::Create,
            Some((_, price, stock)) if *price != row.price || *stock != row.stock => RowAction::Update,
            Some(_) => RowAction::Unchanged,
        };
        skus.push(PlannedSku {
            row: reports[row.report_index].row,
            colour: row.colour.clone(),
            colour_en: row.colour_en.clone(),
            size: row.size.clone(),
            price: row.price.0,
            stock: row.stock,
            existing: found.map(|(id, _, stock)| (id.clone(), *stock)),
            colour_picture: row.colour_picture.clone(),
            action,
        });
        reports[row.report_index].action = action;
    }
    if skus.is_empty() {
        return None;
    }
    let product_changes = match &existing {
        None => true,
        Some(c) => {
            let colour_index = |zh: &str| c.colours.iter().position(|(z, _)| z == zh);
            title_zh.as_ref().is_some_and(|t| *t != c.title_zh)
                || title_en.as_ref().is_some_and(|t| *t != c.title_en)
                || category_id.as_ref().is_some_and(|t| *t != c.category_id)
                || is_hot.is_some_and(|f| f != c.is_hot)
                || is_sea.is_some_and(|f| f != c.is_sea)
                || (!main_pictures.is_empty()
                    && !same_pictures(media, &c.id, Picture::Main, c.main_count, &main_pictures))
                || (!detail_pictures.is_empty()
                    && !same_pictures(media, &c.id, Picture::Detail, c.detail_count, &detail_pictures))
                || skus.iter().any(|s| {
                    s.existing.is_none()
                        || c.skus
                            .get(&(s.colour.clone(), s.size.clone()))
                            .is_some_and(|(_, p, _)| p.0 != s.price)
                        || s.colour_picture.as_ref().is_some_and(|url| {
                            colour_index(&s.colour).is_none_or(|i| !same_colour_picture(media, &c.id, i, url))
                        })
                        || (!s.colour_en.is_empty()
                            && colour_index(&s.colour).is_some_and(|i| c.colours[i].1 != s.colour_en))
                })
        }
    };
    // A row whose SKU is unchanged still carries a product change when it is the row naming it.
    if product_changes && existing.is_some() && skus.iter().all(|s| s.action == RowAction::Unchanged) {
        let first = &mut skus[0];
        first.action = RowAction::Update;
        if let Some(report) = reports.iter_mut().find(|r| r.row == first.row) {
            report.action = RowAction::Update;
        }
    }
    Some(PlannedProduct {
        product_id: existing.as_ref().map(|c| c.id.clone()),
        stall_id: stall_id.to_string(),
        item_no: item_no.to_string(),
        title_zh,
        title_en,
        category_id,
        main_pictures,
        detail_pictures,
        is_hot,
        is_sea,
        product_changes,
        skus,
    })
}

fn same_colour_picture(media: &Path, id: &str, index: usize, url: &str) -> bool {
    let path = media
        .join("p")
        .join(id)
        .join(Picture::Color(index as u32 + 1).file_name());
    std::fs::read(path).is_ok_and(|bytes| {
        hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&bytes)).starts_with(upload_digest(url))
    })
}

/// The whole product input an apply saves: the catalogue's product as it is now, with the plan's
/// changes on top (the product's own pictures are named by their URLs to keep them).
async fn input_for(db: &Database, planned: &PlannedProduct) -> Result<ProductInput> {
    let lowest = planned.skus.iter().map(|s| s.price).min().unwrap_or(0);
    let sku_input = |s: &PlannedSku| SkuInput {
        color: s.colour.clone(),
        size: s.size.clone(),
        price: Some(Fen(s.price)),
        stock: s.stock,
    };
    let Some(product_id) = &planned.product_id else {
        let mut colours: Vec<ColourInput> = Vec::new();
        let mut sizes: Vec<String> = Vec::new();
        for sku in &planned.skus {
            match colours.iter_mut().find(|c| c.name_zh == sku.colour) {
                Some(colour) => {
                    if colour.picture.is_none() {
                        colour.picture = sku.colour_picture.clone();
                    }
                }
                None => colours.push(ColourInput {
                    name_zh: sku.colour.clone(),
                    name_en: sku.colour_en.clone(),
                    picture: sku.colour_picture.clone(),
                }),
            }
            if !sizes.contains(&sku.size) {
                sizes.push(sku.size.clone());
            }
        }
        return Ok(ProductInput {
            id: None,
            item_no: planned.item_no.clone(),
            title_zh: planned.title_zh.clone().unwrap_or_default(),
            title_en: planned.title_en.clone().unwrap_or_default(),
            category_id: planned.category_id.clone().unwrap_or_default(),
            stall_id: planned.stall_id.clone(),
            price: Fen(lowest),
            colours,
            sizes,
            skus: planned.skus.iter().map(sku_input).collect(),
            main_pictures: planned.main_pictures.clone(),
            detail_pictures: planned.detail_pictures.clone(),
            is_hot: planned.is_hot.unwrap_or(false),
            is_sea: planned.is_sea.unwrap_or(false),
        });
    };
    let now = current(db, &planned.stall_id, &planned.item_no)
        .await?
        .filter(|c| c.id == *product_id)
        .ok_or(Refusal::new("import.product_gone"))?;
    let own = |kind: fn(u32) -> Picture, count: i64| -> Vec<String> {
        (1..=count)
            .map(|n| media_url(product_id, kind(n as u32)))
            .collect()
    };
    let mut colours: Vec<ColourInput> = now
        .colours
        .iter()
        .enumerate()
        .map(|(n, (zh, en))| ColourInput {
            name_zh: zh.clone(),
            name_en: en.clone(),
            picture: now.own_pictures[n].then(|| media_url(product_id, Picture::Color(n as u32 + 1))),
        })
        .collect();
    let mut sizes = now.sizes.clone();
    let mut skus: Vec<SkuInput> = now
        .sku_order
        .iter()
        .map(|key| {
            let (_, price, stock) = &now.skus[key];
            SkuInput {
                color: key.0.clone(),
                size: key.1.clone(),
                price: Some(*price),
                stock: *stock,
            }
        })
        .collect();
    for sku in &planned.skus {
        match colours.iter_mut().find(|c| c.name_zh == sku.colour) {
            Some(colour) => {
                if let Some(picture) = &sku.colour_picture {
                    colour.picture = Some(picture.clone());
                }
                if !sku.colour_en.is_empty() {
                    colour.name_en = sku.colour_en.clone();
                }
            }
            None => colours.push(ColourInput {
                name_zh: sku.colour.clone(),
                name_en: sku.colour_en.clone(),
                picture: sku.colour_picture.clone(),
            }),
        }
        if !sizes.contains(&sku.size) {
            sizes.push(sku.size.clone());
        }
        match skus
            .iter_mut()
            .find(|s| s.color == sku.colour && s.size == sku.size)
        {
            Some(existing) => existing.price = Some(Fen(sku.price)),
            None => skus.push(sku_input(sku)),
        }
    }
    let main = if planned.main_pictures.is_empty() {
        own(Picture::Main, now.main_count)
    } else {
        planned.main_pictures.clone()
    };
    Ok(ProductInput {
        id: Some(product_id.clone()),
        item_no: planned.item_no.clone(),
        title_zh: planned.title_zh.clone().unwrap_or(now.title_zh),
        title_en: planned.title_en.clone().unwrap_or(now.title_en),
        category_id: planned.category_id.clone().unwrap_or(now.category_id),
        stall_id: planned.stall_id.clone(),
        // The price a card shows: the lowest of the SKUs' as they will be.
        price: skus.iter().filter_map(|s| s.price).min().unwrap_or(now.price),
        colours,
        sizes,
        skus,
        main_pictures: main,
        detail_pictures: if planned.detail_pictures.is_empty() {
            own(Picture::Detail, now.detail_count)
        } else {
            planned.detail_pictures.clone()
        },
        is_hot: planned.is_hot.unwrap_or(now.is_hot),
        is_sea: planned.is_sea.unwrap_or(now.is_sea),
    })
}

/// Refuses a plan that writes to a stall outside `scope`, the confirmer's stalls as they are now
/// (`None`: every stall): a preview checked for one set of stalls is not applied under another. The
/// whole confirm is refused, naming the first such row and its stall as the sheet gave it, so the
/// sheet is uploaded again for the stalls the account now has rather than applied in part.
pub fn check_reach(plan: &Plan, scope: Option<&[String]>) -> std::result::Result<(), Refusal> {
    let Some(own) = scope else {
        return Ok(());
    };
    let outside = plan
        .products
        .iter()
        .filter(|p| !own.contains(&p.stall_id))
        .flat_map(|p| p.skus.iter().filter(|s| s.action != RowAction::Unchanged))
        .map(|s| s.row)
        .min();
    match outside {
        None => Ok(()),
        Some(row) => {
            let stall = plan
                .rows
                .iter()
                .find(|r| r.row == row)
                .map(|r| r.stall.clone())
                .unwrap_or_default();
            Err(Refusal::new("import.stall_out_of_reach")
                .on("id")
                .with("row", row)
                .with("stall", &stall)
                .quoting([stall]))
        }
    }
}

fn refusal_of(error: Error) -> Result<Refusal> {
    match error {
        Error::Invalid(r) | Error::NotFound(r) | Error::TooMany(r) | Error::Unavailable(r) => Ok(r),
        Error::Internal(e) => Err(Error::Internal(e)),
    }
}

/// Carries out a plan: each product in its own write, then the stock of its existing SKUs by
/// compare-and-set against what the preview saw. Answers the rows as they ended (a row the
/// catalogue no longer allows is a conflict, with its reason). `progress` is told how many
/// products are done.
pub async fn apply(
    db: &Database,
    plan: &Plan,
    dirs: &PictureDirs<'_>,
    scope: Option<&[String]>,
    import_id: &str,
    mut progress: impl FnMut(usize),
) -> Result<Vec<RowReport>> {
    let mut rows = plan.rows.clone();
    let reason = format!("Excel {import_id}");
    let conflict = |rows: &mut Vec<RowReport>, row: usize, refusal: &Refusal| {
        if let Some(report) = rows.iter_mut().find(|r| r.row == row) {
            report.conflict(refusal);
        }
    };
    for (n, planned) in plan.products.iter().enumerate() {
        let acting: HashSet<usize> = planned
            .skus
            .iter()
            .filter(|s| s.action != RowAction::Unchanged)
            .map(|s| s.row)
            .collect();
        if acting.is_empty() {
            progress(n + 1);
            continue;
        }
        if planned.product_changes {
            let saved = match input_for(db, planned).await {
                Ok(input) => products::save_product(db, &input, dirs, scope).await,
                Err(e) => Err(e),
            };
            if let Err(error) = saved {
                let refusal = refusal_of(error)?;
                for row in &acting {
                    conflict(&mut rows, *row, &refusal);
                }
                progress(n + 1);
                continue;
            }
        }
        for sku in planned.skus.iter().filter(|s| acting.contains(&s.row)) {
            let Some((sku_id, seen)) = &sku.existing else {
                continue;
            };
            if *seen == sku.stock {
                continue;
            }
            let change = StockChange::Set {
                expected: *seen,
                stock: sku.stock,
            };
            if let Err(error) = stock::change(db, sku_id, change, &reason, scope).await {
                let refusal = refusal_of(error)?;
                conflict(&mut rows, sku.row, &refusal);
            }
        }
        progress(n + 1);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picture_cells_name_files_by_any_separator() {
        assert_eq!(
            picture_names("a.jpg; b.jpg，c.jpg|d.jpg e.jpg"),
            ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"]
        );
        assert!(picture_names(" ; ").is_empty());
        assert_eq!(picture_key("Pics/Front.JPG"), "front.jpg");
    }

    #[test]
    fn flags_read_both_languages() {
        assert_eq!(flag("是", "is_hot"), Ok(Some(true)));
        assert_eq!(flag("No", "is_hot"), Ok(Some(false)));
        assert_eq!(flag("", "is_hot"), Ok(None));
        assert!(flag("maybe", "is_hot").is_err());
    }

    #[test]
    fn counts_add_up_the_rows() {
        let row = |action| RowReport {
            row: 2,
            action,
            stall: String::new(),
            item_no: String::new(),
            colour: String::new(),
            size: String::new(),
            reason: String::new(),
            params: Vec::new(),
        };
        let rows = [
            row(RowAction::Create),
            row(RowAction::Create),
            row(RowAction::Refused),
            row(RowAction::Unchanged),
        ];
        assert_eq!(
            counts(&rows),
            Counts {
                create: 2,
                update: 0,
                unchanged: 1,
                refused: 1,
                conflict: 0
            }
        );
    }
}
