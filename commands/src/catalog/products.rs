//! Staff create and edit products: item number, bilingual title, category, stall, wholesale price,
//! colours (each with its picture), sizes, a SKU per colour × size with its own price and stock, main
//! and detail pictures, and the hot and Southeast-Asia flags.
//!
//! Pictures are uploaded first (`store_picture`, kept up to 1,600 px: sellers list with them) and named
//! here by their URL. Saving copies them to the product's picture folder, where the media route serves
//! them (`media/p/<id>/main-1.jpg` …), and takes the look hash of the first main picture for
//! same-style search. A new product starts off the shelf; stock of an existing SKU changes only through
//! `stock::change`, so an edit never overwrites what checkouts took meanwhile.

use std::collections::HashSet;
use std::path::Path;

use domain::money::Fen;
use image::imageops::FilterType;
use serde_json::json;
use sqlx::{Any, Row, Transaction};

use super::changes::{Change, ChangeKind};
use super::pictures::{look_hash, Design, Garment, Pattern, Picture};
use super::stock::MAX_STOCK;
use crate::actor::{self, Action};
use crate::clock::now;
use crate::error::{Error, Refusal, Result};
use crate::uploads::{process_blocking_with_side, write_atomically, URL_PREFIX};
use crate::Database;

/// Catalogue pictures keep their detail up to this side: sellers' own listings are made from them.
pub const PICTURE_MAX_SIDE_PX: u32 = 1_600;
/// Where staff uploads live below the uploads folder.
pub const PICTURE_FOLDER: &str = "catalog";
/// Where the media route serves products' pictures.
pub const MEDIA_URL_PREFIX: &str = "/media/p/";
pub const MAX_MAIN_PICTURES: usize = 9;
pub const MAX_DETAIL_PICTURES: usize = 20;
pub const MAX_COLOURS: usize = 20;
pub const MAX_SIZES: usize = 20;
pub(crate) const MAX_ITEM_NO_CHARS: usize = 32;
pub(crate) const MAX_TITLE_CHARS: usize = 100;
pub(crate) const MAX_OPTION_CHARS: usize = 20;
/// The most one SKU or product may cost: 100,000 yuan.
pub(crate) const MAX_PRICE: Fen = Fen(10_000_000);

#[derive(Debug, Clone, serde::Serialize)]
pub struct StoredPicture {
    pub url: String,
    pub width: u32,
    pub height: u32,
}

/// Processes an uploaded catalogue picture (bounded decode, at most 1,600 px a side, JPEG) and
/// stores it under the uploads folder; answers its URL.
pub async fn store_picture(uploads: &Path, bytes: Vec<u8>) -> Result<StoredPicture> {
    let processed = process_blocking_with_side(bytes, PICTURE_MAX_SIDE_PX).await?;
    let digest = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&processed.jpeg));
    let name = format!("{}.jpg", &digest[..32]);
    let dir = uploads.join(PICTURE_FOLDER);
    let path = dir.join(&name);
    if !path.exists() {
        write_atomically(&dir, &path, &processed.jpeg)
            .await
            .map_err(Error::Internal)?;
    }
    Ok(StoredPicture {
        url: format!("{URL_PREFIX}{PICTURE_FOLDER}/{name}"),
        width: processed.width,
        height: processed.height,
    })
}

#[derive(Debug, Clone, Default)]
pub struct ColourInput {
    pub name_zh: String,
    pub name_en: String,
    /// An uploaded picture's URL; the first main picture when none is given.
    pub picture: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct SkuInput {
    /// The colour's Chinese name.
    pub color: String,
    pub size: String,
    /// The product's price when none is given.
    pub price: Option<Fen>,
    /// Taken for a new SKU only.
    pub stock: i64,
}

#[derive(Debug, Clone, Default)]
pub struct ProductInput {
    pub id: Option<String>,
    pub item_no: String,
    pub title_zh: String,
    pub title_en: String,
    pub category_id: String,
    pub stall_id: String,
    pub price: Fen,
    pub colours: Vec<ColourInput>,
    pub sizes: Vec<String>,
    pub skus: Vec<SkuInput>,
    pub main_pictures: Vec<String>,
    pub detail_pictures: Vec<String>,
    pub is_hot: bool,
    pub is_sea: bool,
}

/// Where pictures come from (the uploads folder) and go to (the media folder).
pub struct PictureDirs<'a> {
    pub uploads: &'a Path,
    pub media: &'a Path,
}

fn text(value: &str, field: &'static str, max: usize) -> Result<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(Refusal::new("catalog.field_required")
            .on(field)
            .with("field", field)
            .into());
    }
    if value.chars().count() > max {
        return Err(Refusal::new("catalog.field_too_long")
            .on(field)
            .with("field", field)
            .with("max", max)
            .into());
    }
    Ok(value.to_string())
}

fn check_price(price: Fen, field: &'static str) -> Result<()> {
    if !price.is_positive() || price > MAX_PRICE {
        return Err(Refusal::new("product.price_invalid")
            .on(field)
            .with("max", MAX_PRICE.to_yuan())
            .into());
    }
    Ok(())
}

/// Where a picture named by URL comes from: an upload of ours, or one of this product's own pictures
/// (an edit that keeps or reorders them names their `/media/p/<id>/…` URLs).
#[derive(Debug, Clone)]
enum Source {
    Upload(std::path::PathBuf),
    Own(Picture),
}

fn picture_source(
    uploads: &Path,
    url: &str,
    field: &'static str,
    product_id: Option<&str>,
) -> Result<Source> {
    let url = url.trim();
    let unknown = || Refusal::new("product.picture_unknown").on(field).with("url", url);
    if let Some(own) = product_id.and_then(|id| url.strip_prefix(&format!("{MEDIA_URL_PREFIX}{id}/"))) {
        return Picture::parse(own)
            .map(Source::Own)
            .ok_or_else(|| unknown().into());
    }
    let prefix = format!("{URL_PREFIX}{PICTURE_FOLDER}/");
    let name = url.strip_prefix(&prefix).unwrap_or("");
    let well_formed = name.len() == 36
        && name.ends_with(".jpg")
        && name[..32]
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase());
    let path = uploads.join(PICTURE_FOLDER).join(name);
    if !well_formed || !path.is_file() {
        return Err(unknown().into());
    }
    Ok(Source::Upload(path))
}

/// The URL a product's picture is served at.
pub fn media_url(product_id: &str, picture: Picture) -> String {
    format!("{MEDIA_URL_PREFIX}{product_id}/{}", picture.file_name())
}

/// The input, checked: every rule a person would expect of a product sheet.
struct Checked {
    item_no: String,
    title_zh: String,
    title_en: String,
    colours: Vec<(String, String)>,
    sizes: Vec<String>,
    skus: Vec<(String, String, Fen, i64)>,
}

fn check(input: &ProductInput) -> Result<Checked> {
    let item_no = text(&input.item_no, "item_no", MAX_ITEM_NO_CHARS)?;
    let title_zh = text(&input.title_zh, "title_zh", MAX_TITLE_CHARS)?;
    let title_en = if input.title_en.trim().is_empty() {
        title_zh.clone()
    } else {
        text(&input.title_en, "title_en", MAX_TITLE_CHARS)?
    };
    check_price(input.price, "price")?;
    if input.colours.is_empty() || input.colours.len() > MAX_COLOURS {
        return Err(Refusal::new("product.colours_count")
            .on("colours")
            .with("max", MAX_COLOURS)
            .into());
    }
    if input.sizes.is_empty() || input.sizes.len() > MAX_SIZES {
        return Err(Refusal::new("product.sizes_count")
            .on("sizes")
            .with("max", MAX_SIZES)
            .into());
    }
    let mut colours = Vec::new();
    for colour in &input.colours {
        let zh = text(&colour.name_zh, "colours", MAX_OPTION_CHARS)?;
        let en = if colour.name_en.trim().is_empty() {
            zh.clone()
        } else {
            text(&colour.name_en, "colours", MAX_OPTION_CHARS)?
        };
        if colours.iter().any(|(z, _)| *z == zh) {
            return Err(Refusal::new("product.colour_repeated")
                .on("colours")
                .with("colour", zh)
                .into());
        }
        colours.push((zh, en));
    }
    let mut sizes: Vec<String> = Vec::new();
    for size in &input.sizes {
        let size = text(size, "sizes", MAX_OPTION_CHARS)?;
        if sizes.contains(&size) {
            return Err(Refusal::new("product.size_repeated")
                .on("sizes")
                .with("size", size)
                .into());
        }
        sizes.push(size);
    }
    if input.skus.is_empty() {
        return Err(Refusal::new("product.skus_required").on("skus").into());
    }
    let mut seen = HashSet::new();
    let mut skus = Vec::new();
    for sku in &input.skus {
        let (color, size) = (sku.color.trim().to_string(), sku.size.trim().to_string());
        if !colours.iter().any(|(z, _)| *z == color) || !sizes.contains(&size) {
            return Err(Refusal::new("product.sku_outside_options")
                .on("skus")
                .with("colour", &color)
                .with("size", &size)
                .into());
        }
        if !seen.insert((color.clone(), size.clone())) {
            return Err(Refusal::new("product.sku_repeated")
                .on("skus")
                .with("colour", &color)
                .with("size", &size)
                .into());
        }
        let price = sku.price.unwrap_or(input.price);
        check_price(price, "skus")?;
        if !(0..=MAX_STOCK).contains(&sku.stock) {
            return Err(Refusal::new("stock.out_of_range")
                .on("skus")
                .with("max", MAX_STOCK)
                .into());
        }
        skus.push((color, size, price, sku.stock));
    }
    if input.main_pictures.is_empty() || input.main_pictures.len() > MAX_MAIN_PICTURES {
        return Err(Refusal::new("product.main_pictures_count")
            .on("main_pictures")
            .with("max", MAX_MAIN_PICTURES)
            .into());
    }
    if input.detail_pictures.len() > MAX_DETAIL_PICTURES {
        return Err(Refusal::new("product.detail_pictures_count")
            .on("detail_pictures")
            .with("max", MAX_DETAIL_PICTURES)
            .into());
    }
    Ok(Checked {
        item_no,
        title_zh,
        title_en,
        colours,
        sizes,
        skus,
    })
}

/// The bytes of a picture source. A product's own picture is its file, or drawn from its design when
/// the demo market has not drawn it yet.
async fn source_bytes(db: &Database, dirs: &PictureDirs<'_>, id: &str, source: &Source) -> Result<Vec<u8>> {
    match source {
        Source::Upload(path) => tokio::fs::read(path).await.map_err(|e| Error::Internal(e.into())),
        Source::Own(picture) => {
            let path = dirs.media.join("p").join(id).join(picture.file_name());
            if let Ok(bytes) = tokio::fs::read(&path).await {
                return Ok(bytes);
            }
            let design: Option<String> = sqlx::query("SELECT design FROM products WHERE id = $1")
                .bind(id)
                .fetch_optional(&db.pool)
                .await?
                .map(|r| r.get("design"));
            let design: Design = design
                .and_then(|d| serde_json::from_str(&d).ok())
                .ok_or_else(|| {
                    Refusal::new("product.picture_unknown").with("url", media_url(id, *picture))
                })?;
            let picture = *picture;
            tokio::task::spawn_blocking(move || {
                let (w, h) = picture.full_size();
                super::pictures::jpeg(&super::pictures::render(&design, picture, w, h))
            })
            .await
            .map_err(|e| Error::Internal(e.into()))
        }
    }
}

/// Checks every picture the input names, before anything is written.
fn picture_sources(
    input: &ProductInput,
    dirs: &PictureDirs<'_>,
    id: Option<&str>,
) -> Result<Vec<(Source, Picture)>> {
    let mut sources = Vec::new();
    for (n, url) in input.main_pictures.iter().enumerate() {
        sources.push((
            picture_source(dirs.uploads, url, "main_pictures", id)?,
            Picture::Main(n as u32 + 1),
        ));
    }
    for (n, url) in input.detail_pictures.iter().enumerate() {
        sources.push((
            picture_source(dirs.uploads, url, "detail_pictures", id)?,
            Picture::Detail(n as u32 + 1),
        ));
    }
    let first = picture_source(dirs.uploads, &input.main_pictures[0], "main_pictures", id)?;
    for (n, colour) in input.colours.iter().enumerate() {
        let source = match colour.picture.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
            Some(url) => picture_source(dirs.uploads, url, "colours", id)?,
            None => first.clone(),
        };
        sources.push((source, Picture::Color(n as u32 + 1)));
    }
    Ok(sources)
}

/// A product's pictures, copied into its folder, and the look hash of its first main picture. Every
/// source is read before any file is written: an edit may move the product's own pictures around.
async fn place_pictures(
    db: &Database,
    sources: Vec<(Source, Picture)>,
    dirs: &PictureDirs<'_>,
    id: &str,
) -> Result<String> {
    let mut copies = Vec::new();
    for (source, picture) in &sources {
        copies.push((source_bytes(db, dirs, id, source).await?, *picture));
    }
    let folder = dirs.media.join("p").join(id);
    for (bytes, picture) in &copies {
        write_atomically(&folder, &folder.join(picture.file_name()), bytes)
            .await
            .map_err(Error::Internal)?;
    }
    // Pictures beyond the new counts are left behind unread: the counts decide what is shown.
    let first = copies
        .iter()
        .find(|(_, p)| *p == Picture::Main(1))
        .map(|(bytes, _)| bytes.clone())
        .unwrap_or_default();
    tokio::task::spawn_blocking(move || {
        let image = image::load_from_memory(&first).map_err(|e| Error::Internal(e.into()))?;
        Ok(look_hash(&image.resize_exact(256, 256, FilterType::Triangle)).to_hex())
    })
    .await
    .map_err(|e| Error::Internal(e.into()))?
}

/// The design column of a product whose pictures were uploaded: never drawn from, since every picture
/// it has is a file in its folder.
fn uploaded_design() -> String {
    let design = Design {
        garment: Garment::Tee,
        pattern: Pattern::Solid,
        colors: vec![[200, 200, 200]],
        accent: [200, 200, 200],
        backdrop: [255, 255, 255],
        scale: 1.0,
        tilt: 0.0,
    };
    serde_json::to_string(&design).expect("a design serialises")
}

async fn stall_site(
    tx: &mut Transaction<'static, Any>,
    stall_id: &str,
    stalls: Option<&[String]>,
) -> Result<String> {
    if stalls.is_some_and(|s| !s.iter().any(|x| x == stall_id)) {
        return Err(Refusal::new("product.stall_unknown").on("stall_id").into());
    }
    sqlx::query("SELECT m.area_site_id FROM stalls s JOIN markets m ON m.id = s.market_id WHERE s.id = $1")
        .bind(stall_id)
        .fetch_optional(&mut **tx)
        .await?
        .map(|r| r.get("area_site_id"))
        .ok_or_else(|| Refusal::new("product.stall_unknown").on("stall_id").into())
}

async fn check_category_and_item_no(
    tx: &mut Transaction<'static, Any>,
    category_id: &str,
    stall_id: &str,
    item_no: &str,
    id: &str,
) -> Result<()> {
    let category = sqlx::query("SELECT 1 FROM categories WHERE id = $1")
        .bind(category_id)
        .fetch_optional(&mut **tx)
        .await?;
    if category.is_none() {
        return Err(Refusal::new("product.category_unknown").on("category_id").into());
    }
    let taken = sqlx::query("SELECT id FROM products WHERE stall_id = $1 AND item_no = $2 AND id <> $3")
        .bind(stall_id)
        .bind(item_no)
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?;
    if taken.is_some() {
        return Err(item_no_taken(item_no));
    }
    Ok(())
}

fn item_no_taken(item_no: &str) -> Error {
    Refusal::new("product.item_no_taken")
        .on("item_no")
        .with("item_no", item_no)
        .into()
}

/// A write that broke the one-item-number-per-stall index lost a race the check above could not see
/// (on PostgreSQL a save does not see another's uncommitted product): it is the same refusal.
fn item_no_taken_or(e: sqlx::Error, item_no: &str) -> Error {
    if crate::accounts::is_unique_violation(&e) {
        item_no_taken(item_no)
    } else {
        e.into()
    }
}

async fn keeps_every_sku(tx: &mut Transaction<'static, Any>, id: &str, checked: &Checked) -> Result<()> {
    let existing = sqlx::query("SELECT color, size FROM skus WHERE product_id = $1")
        .bind(id)
        .fetch_all(&mut **tx)
        .await?;
    for row in existing {
        let (color, size): (String, String) = (row.get("color"), row.get("size"));
        if !checked.skus.iter().any(|(c, s, _, _)| *c == color && *s == size) {
            return Err(Refusal::new("product.sku_removed")
                .on("skus")
                .with("colour", color)
                .with("size", size)
                .into());
        }
    }
    Ok(())
}

/// Creates (no id) or updates a product; answers its id. `stalls`: a stall account's own stalls.
pub async fn save_product(
    db: &Database,
    input: &ProductInput,
    dirs: &PictureDirs<'_>,
    stalls: Option<&[String]>,
) -> Result<String> {
    let checked = check(input)?;
    let stall_id = input.stall_id.trim();
    let category_id = input.category_id.trim();
    let creating = input.id.is_none();
    let id = match &input.id {
        Some(id) => id.trim().to_string(),
        None => format!("P{}", &uuid::Uuid::new_v4().simple().to_string()[..12]),
    };
    // The checks that need the database, before any file is written (and again in the write).
    {
        let mut tx = db.begin_write().await?;
        stall_site(&mut tx, stall_id, stalls).await?;
        check_category_and_item_no(&mut tx, category_id, stall_id, &checked.item_no, &id).await?;
        keeps_every_sku(&mut tx, &id, &checked).await?;
        tx.rollback().await?;
    }
    if !creating {
        let owner = sqlx::query("SELECT stall_id FROM products WHERE id = $1")
            .bind(&id)
            .fetch_optional(&db.pool)
            .await?
            .map(|r| r.get::<String, _>("stall_id"));
        if owner
            .filter(|s| stalls.is_none_or(|own| own.contains(s)))
            .is_none()
        {
            return Err(Error::NotFound(Refusal::new("product.not_found")));
        }
    }
    let sources = picture_sources(input, dirs, (!creating).then_some(id.as_str()))?;
    let phash = place_pictures(db, sources, dirs, &id).await?;

    let written: Result<()> = async {
        let mut tx = db.begin_write().await?;
        let area_site = stall_site(&mut tx, stall_id, stalls).await?;
        check_category_and_item_no(&mut tx, category_id, stall_id, &checked.item_no, &id).await?;
        // `own`: the colour was given its own picture (else it shows a copy of the first main picture,
        // and an edit that changes the main pictures copies the new first one).
        let colours_json = json!(checked
            .colours
            .iter()
            .zip(&input.colours)
            .map(|((zh, en), given)| {
                let own = given.picture.as_deref().is_some_and(|p| !p.trim().is_empty());
                json!({"zh": zh, "en": en, "own": own})
            })
            .collect::<Vec<_>>())
        .to_string();
        let sizes_json = json!(checked.sizes).to_string();
        let at = now();
        if creating {
            sqlx::query(
                "INSERT INTO products (id, item_no, title_zh, title_en, category_id, stall_id, area_site_id, price, \
                 main_count, detail_count, colors, sizes, design, phash, favorite_count, views, popularity, sales, \
                 shelf_at, is_hot, is_sea, on_shelf) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 0, 0, 0, 0, $15, $16, $17, 0)",
            )
            .bind(&id)
            .bind(&checked.item_no)
            .bind(&checked.title_zh)
            .bind(&checked.title_en)
            .bind(category_id)
            .bind(stall_id)
            .bind(&area_site)
            .bind(input.price.0)
            .bind(input.main_pictures.len() as i64)
            .bind(input.detail_pictures.len() as i64)
            .bind(&colours_json)
            .bind(&sizes_json)
            .bind(uploaded_design())
            .bind(&phash)
            .bind(at)
            .bind(input.is_hot)
            .bind(input.is_sea)
            .execute(&mut *tx)
            .await
            .map_err(|e| item_no_taken_or(e, &checked.item_no))?;
        } else {
            sqlx::query(
                "UPDATE products SET item_no = $2, title_zh = $3, title_en = $4, category_id = $5, stall_id = $6, \
                 area_site_id = $7, price = $8, main_count = $9, detail_count = $10, colors = $11, sizes = $12, \
                 design = $13, phash = $14, is_hot = $15, is_sea = $16 WHERE id = $1",
            )
            .bind(&id)
            .bind(&checked.item_no)
            .bind(&checked.title_zh)
            .bind(&checked.title_en)
            .bind(category_id)
            .bind(stall_id)
            .bind(&area_site)
            .bind(input.price.0)
            .bind(input.main_pictures.len() as i64)
            .bind(input.detail_pictures.len() as i64)
            .bind(&colours_json)
            .bind(&sizes_json)
            .bind(uploaded_design())
            .bind(&phash)
            .bind(input.is_hot)
            .bind(input.is_sea)
            .execute(&mut *tx)
            .await
            .map_err(|e| item_no_taken_or(e, &checked.item_no))?;
        }
        // SKUs: new ones are added with their stock; existing ones keep their stock and take the new
        // price and order. None is taken away: orders and carts name them (a SKU not sold any more is
        // given stock 0 through a logged stock change).
        keeps_every_sku(&mut tx, &id, &checked).await?;
        let prices_before: Vec<(String, String, String, i64)> =
            sqlx::query("SELECT id, color, size, price FROM skus WHERE product_id = $1")
                .bind(&id)
                .fetch_all(&mut *tx)
                .await?
                .iter()
                .map(|r| (r.get("id"), r.get("color"), r.get("size"), r.get("price")))
                .collect();
        for (sku_id, color, size, before) in &prices_before {
            let now_price = checked
                .skus
                .iter()
                .find(|(c, s, _, _)| c == color && s == size)
                .map(|(_, _, price, _)| price.0);
            if let Some(after) = now_price.filter(|after| after != before) {
                let change = Change {
                    product_id: &id,
                    sku_id,
                    kind: ChangeKind::Price,
                    before: *before,
                    after,
                    at,
                };
                super::changes::log(&mut tx, &change).await?;
            }
        }
        for (sort, (color, size, price, stock)) in checked.skus.iter().enumerate() {
            let updated = sqlx::query(
                "UPDATE skus SET price = $1, sort = $2 WHERE product_id = $3 AND color = $4 AND size = $5",
            )
            .bind(price.0)
            .bind(sort as i64)
            .bind(&id)
            .bind(color)
            .bind(size)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if updated == 0 {
                sqlx::query("INSERT INTO skus (id, product_id, color, size, price, stock, sort) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                    .bind(format!("{id}-{}", uuid::Uuid::new_v4().simple().to_string().get(..8).unwrap_or("0")))
                    .bind(&id)
                    .bind(color)
                    .bind(size)
                    .bind(price.0)
                    .bind(stock)
                    .bind(sort as i64)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        super::search_index::reindex_product(&mut tx, &id).await?;
        let detail = json!({"item_no": checked.item_no, "title_zh": checked.title_zh, "stall_id": stall_id,
                            "price": input.price.to_yuan(), "skus": checked.skus.len()});
        actor::record(
            &mut tx,
            Action {
                action: if creating {
                    "product.create"
                } else {
                    "product.update"
                },
                object_type: "product",
                object_id: &id,
                detail,
            },
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }
    .await;
    if written.is_err() && creating {
        // A product that was not made leaves no pictures behind in the folder its id would have had.
        let _ = tokio::fs::remove_dir_all(dirs.media.join("p").join(&id)).await;
    }
    written?;
    Ok(id)
}
