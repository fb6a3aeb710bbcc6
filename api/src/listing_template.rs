//! A Shopee, Lazada or TikTok Shop shop's category template: the file the seller uploads, read
//! through `excel::bounded`'s caps before anything is decoded, kept in the data folder
//! (`<data dir>/listing-templates/<shop id>.xlsx`, written atomically), and the package that fills
//! it: the zip rewritten entry by entry, every entry but the data sheet copied raw (its compressed
//! bytes as they were), the data sheet's XML filled by `domain::listing::template::sheet`.
//!
//! Memory: the template (at most the upload cap) and the data sheet's XML, before and after the
//! rows, are held while the package is written; a 200-product package's rows are some hundred
//! kilobytes of XML. Everything else streams out.

use std::io::{self, Cursor, Read, Write};
use std::path::{Path, PathBuf};

use calamine::{open_workbook_from_rs, Data, DataRef, Xlsx};
use commands::listing::package::PlannedProduct;
use commands::Refusal;
use domain::listing::rule::ListingRule;
use domain::listing::template::workbook::{rels_path, sheets, workbook_path};
use domain::listing::template::{
    self as template, listed_foreign, read_layout, Layout, Row, SheetHead, TemplateError, TemplateLanguage,
    TemplatePlatform, TemplateProduct, TemplateSku,
};
use projections::sites::Language;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

use crate::excel::bounded::check_parts;

/// The columns of a header row that are read: more than any category template has.
const MAX_HEAD_COLUMNS: u32 = 1_000;
/// A header cell's text kept: names and codes are short, help texts are cut.
const MAX_HEAD_CHARS: usize = 500;

/// Where a shop's template is kept.
pub fn template_path(data_dir: &Path, shop_id: &str) -> PathBuf {
    data_dir
        .join("listing-templates")
        .join(format!("{}.xlsx", crate::package::safe_name(shop_id)))
}

/// Keeps `bytes` as `shop_id`'s template: written beside it and renamed over it, so a reader sees
/// the old file or the new one, never half of one.
pub fn store(data_dir: &Path, shop_id: &str, bytes: &[u8]) -> io::Result<()> {
    let path = template_path(data_dir, shop_id);
    let dir = path.parent().expect("a template path has a folder");
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!(".{}.tmp", rand::random::<u64>()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, &path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Forgets `shop_id`'s template file (none is fine).
pub fn remove(data_dir: &Path, shop_id: &str) -> io::Result<()> {
    match std::fs::remove_file(template_path(data_dir, shop_id)) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// A template read: its bytes, its data sheet's layout and that sheet's entry in the zip.
#[derive(Debug, Clone)]
pub struct Template {
    pub bytes: Vec<u8>,
    pub layout: Layout,
    pub sheet_path: String,
}

/// The refusal of a template error, on `field`.
pub fn refusal(error: &TemplateError, field: &'static str) -> Refusal {
    let mut refusal = Refusal::new(error.key()).on(field);
    refusal.params = error.params();
    refusal
}

fn entry(archive: &mut ZipArchive<Cursor<&[u8]>>, name: &str) -> Option<Vec<u8>> {
    let mut file = archive.by_name(name).ok()?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

/// A header cell's text, one line, cut at [`MAX_HEAD_CHARS`].
fn head_text(cell: &DataRef<'_>) -> String {
    let text = match cell {
        DataRef::Empty => String::new(),
        DataRef::String(s) => s.clone(),
        DataRef::SharedString(s) => s.to_string(),
        other => Data::from(other.clone()).to_string(),
    };
    text.chars()
        .take(MAX_HEAD_CHARS)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

/// `bytes` read as `platform`'s category template (blocking), or the refusal on `file`: every part
/// decompressed under the caps first (a zip bomb, a non-xlsx), then only the rows above the data of
/// each sheet are decoded.
pub fn read(bytes: Vec<u8>, platform: TemplatePlatform) -> Result<Template, Refusal> {
    check_parts(&bytes).map_err(|fault| fault.refusal())?;
    let not_sheet = || Refusal::new("excel.not_spreadsheet").on("file");
    let listed = {
        let mut archive = ZipArchive::new(Cursor::new(bytes.as_slice())).map_err(|_| not_sheet())?;
        let root = entry(&mut archive, "_rels/.rels");
        let book_path = workbook_path(root.as_deref());
        let book = entry(&mut archive, &book_path).ok_or_else(not_sheet)?;
        let rels = entry(&mut archive, &rels_path(&book_path)).ok_or_else(not_sheet)?;
        sheets(&book_path, &book, &rels).map_err(|_| not_sheet())?
    };
    let head_rows = platform.spec().data_row - 1;
    let mut workbook: Xlsx<_> =
        open_workbook_from_rs(Cursor::new(bytes.as_slice())).map_err(|_| not_sheet())?;
    let mut heads = Vec::with_capacity(listed.len());
    for sheet in &listed {
        let mut rows: Vec<Vec<String>> = Vec::new();
        if let Ok(mut cells) = workbook.worksheet_cells_reader(&sheet.name) {
            while let Some(cell) = cells.next_cell().map_err(|_| not_sheet())? {
                let (row, column) = cell.get_position();
                if row >= head_rows {
                    break;
                }
                if column >= MAX_HEAD_COLUMNS {
                    continue;
                }
                let text = head_text(cell.get_value());
                if text.is_empty() {
                    continue;
                }
                let (row, column) = (row as usize, column as usize);
                if rows.len() <= row {
                    rows.resize_with(row + 1, Vec::new);
                }
                if rows[row].len() <= column {
                    rows[row].resize(column + 1, String::new());
                }
                rows[row][column] = text;
            }
        }
        heads.push(SheetHead {
            name: sheet.name.clone(),
            hidden: sheet.hidden,
            rows,
        });
    }
    drop(workbook);
    let layout = read_layout(platform, &heads).map_err(|e| refusal(&e, "file"))?;
    let sheet_path = listed
        .iter()
        .find(|s| s.name == layout.sheet)
        .map(|s| s.path.clone())
        .ok_or_else(not_sheet)?;
    Ok(Template {
        bytes,
        layout,
        sheet_path,
    })
}

/// The rate and currency a package's prices are converted at.
#[derive(Debug, Clone, Copy)]
pub struct Rate<'a> {
    pub currency: &'a str,
    pub micro_cny: i64,
}

/// `product` as `layout`'s template lists it: the title and variation names in the template's
/// language (the English title, the Chinese one when the product has none), prices at `rate`, the
/// public picture URLs (none without a public address).
pub fn template_product(
    product: &PlannedProduct,
    rule: &ListingRule,
    language: TemplateLanguage,
    rate: Rate<'_>,
    public_url: &str,
) -> Result<TemplateProduct, Refusal> {
    let lang = match language {
        TemplateLanguage::En => Language::EnUs,
        TemplateLanguage::Zh => Language::ZhCn,
    };
    // `title_en` is the rule's prefix and suffix around the English title: the bare prefix and
    // suffix when the product has none.
    let has_english = product.title_en != rule.listed_title("");
    let title = match language {
        TemplateLanguage::En if has_english => product.title_en.clone(),
        _ => product.title.clone(),
    };
    let (colour_name, size_name) = match language {
        TemplateLanguage::En => ("Colour", "Size"),
        TemplateLanguage::Zh => ("颜色", "尺码"),
    };
    let mut skus = Vec::with_capacity(product.skus.len());
    for sku in &product.skus {
        let price = listed_foreign(sku.listed, rate.micro_cny, rate.currency).ok_or_else(|| {
            Refusal::new("listing.price_overflow")
                .on("product_ids")
                .with("item_no", &product.item_no)
        })?;
        skus.push(TemplateSku {
            sku_id: sku.sku_id.clone(),
            colour: projections::product_names::colour_in(&product.colours, &sku.color, lang),
            size: projections::product_names::size_in(&sku.size, lang),
            price,
            stock: sku.listed_stock,
        });
    }
    let pictures = match public_url.trim_end_matches('/') {
        "" => Vec::new(),
        base => (1..=product.main_count)
            .map(|n| format!("main-{n}.jpg"))
            .chain((1..=product.detail_count).map(|n| format!("detail-{n}.jpg")))
            .map(|file| {
                format!(
                    "{base}{}",
                    projections::catalog::picture_url(&product.product_id, &file)
                )
            })
            .collect(),
    };
    Ok(TemplateProduct {
        product_id: product.product_id.clone(),
        item_no: product.item_no.clone(),
        title,
        colour_name: colour_name.to_string(),
        size_name: size_name.to_string(),
        skus,
        pictures,
    })
}

/// The rows of `products` for `template`, or the first product's refusal.
pub fn rows_of(template: &Template, products: &[TemplateProduct]) -> Result<Vec<Row>, Refusal> {
    let mut rows = Vec::new();
    for product in products {
        rows.extend(template::rows(&template.layout, product).map_err(|e| refusal(&e, "product_ids"))?);
    }
    Ok(rows)
}

/// Writes `template` with `rows` into `out` (blocking): every entry but the data sheet copied raw,
/// in the template's order, the data sheet re-written with the rows.
pub fn write(template: &Template, rows: &[Row], out: impl Write) -> io::Result<()> {
    let mut archive = ZipArchive::new(Cursor::new(template.bytes.as_slice())).map_err(io::Error::other)?;
    let mut zip = ZipWriter::new_stream(io::BufWriter::with_capacity(256 * 1024, out));
    for index in 0..archive.len() {
        let is_sheet = archive
            .by_index_raw(index)
            .map_err(io::Error::other)?
            .name()
            .map_err(io::Error::other)?
            == template.sheet_path;
        if !is_sheet {
            let raw = archive.by_index_raw(index).map_err(io::Error::other)?;
            zip.raw_copy_file(raw).map_err(io::Error::other)?;
            continue;
        }
        let mut file = archive.by_index(index).map_err(io::Error::other)?;
        let mut xml = Vec::new();
        file.read_to_end(&mut xml)?;
        let mut options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
        if let Some(modified) = file.last_modified() {
            options = options.last_modified_time(modified);
        }
        drop(file);
        let filled = template::sheet::fill(&xml, template.layout.data_row, rows).map_err(io::Error::other)?;
        drop(xml);
        zip.start_file(template.sheet_path.as_str(), options)
            .map_err(io::Error::other)?;
        zip.write_all(&filled)?;
    }
    zip.finish().map_err(io::Error::other)?.flush()
}
