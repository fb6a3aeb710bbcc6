//! The 抖店 (Douyin shop) package. 抖店 publishes no sheet a seller can import products from, so the
//! package is what a seller needs to publish each product by hand in 发布商品: a folder per product
//! holding a workbook ([`WORKBOOK`]) with the title as the shop lists it, the item number and the
//! SKU table, and the product's pictures numbered in the order they are uploaded.
//!
//! Each SKU's 商家编码 is its jpmall SKU id. 抖店's order export names every line's 商家编码, and
//! jpmall's platform-order import maps a code that is a jpmall SKU id to that SKU with no link, so
//! the codes must come back from the export exactly as written: [`code_fits`] says which can.
//!
//! The workbook itself is written elsewhere (the api crate has the spreadsheet library): this module
//! gives its cells and the paths of every file in the zip.

#[cfg(test)]
mod tests;

use crate::listing::taobao::{NO_COLOUR, NO_SIZE};
use crate::money::Fen;

/// The workbook in each product's folder.
pub const WORKBOOK: &str = "商品信息.xlsx";
/// Its one sheet.
pub const SHEET: &str = "商品信息";
/// The labels of the rows above the SKU table, in the first column, the value beside each.
pub const TITLE_LABEL: &str = "商品标题";
pub const ITEM_NO_LABEL: &str = "货号";
pub const NOTE_LABEL: &str = "说明";
/// What the seller must do for an order to come back to jpmall by itself.
pub const NOTE: &str = "发布时请把每个规格的商家编码原样填入抖店（它是 jpmall 的 SKU 编号）：\
                        抖店导出的订单导入 jpmall 后会自动对应到这些 SKU，无需手动关联。";
/// The SKU table's columns.
pub const SKU_HEADERS: [&str; 6] = ["规格", "颜色", "尺码", "价格", "库存", "商家编码"];
/// The row (from 0) of the SKU table's header: under the title, the item number and the note, with
/// one row left empty; a SKU per row follows it.
pub const SKU_HEADER_ROW: u32 = 4;
/// Between the colour and the size in [`spec`].
pub const SPEC_SEPARATOR: &str = " / ";
/// The longest code written, in bytes: jpmall's SKU ids are far shorter, and a code any longer would
/// not be one a shop's field is sure to keep.
pub const MAX_CODE_BYTES: usize = 64;

/// One product as listed: the title and prices already set by the shop's rule
/// (`crate::listing::rule`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DouyinProduct {
    pub product_id: String,
    /// jpmall's item number.
    pub item_no: String,
    pub title: String,
    pub skus: Vec<DouyinSku>,
    /// How many main and detail pictures the product has.
    pub main_pictures: u32,
    pub detail_pictures: u32,
}

/// One SKU as listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DouyinSku {
    /// jpmall's SKU id: the SKU's 商家编码.
    pub sku_id: String,
    pub colour: String,
    pub size: String,
    /// The shop's price.
    pub price: Fen,
    /// The stock the shop shows; below zero is listed as none.
    pub stock: i64,
}

/// A row of the SKU table, in the order of [`SKU_HEADERS`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkuRow {
    /// The colour and the size together, as the seller types the spec: `黑色 / M`.
    pub spec: String,
    /// Empty when the product has no colours (or no sizes); otherwise every SKU has one, [`NO_COLOUR`]
    /// or [`NO_SIZE`] for a SKU that names none, since 抖店 wants each spec to have a value of every
    /// spec the product uses.
    pub colour: String,
    pub size: String,
    pub price: Fen,
    pub stock: i64,
    /// The 商家编码: the jpmall SKU id.
    pub code: String,
}

/// The cells of one product's workbook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductSheet {
    pub title: String,
    pub item_no: String,
    pub rows: Vec<SkuRow>,
}

/// The spec of a SKU as one text: colour and size with [`SPEC_SEPARATOR`] between, or the one of
/// them that is not empty.
pub fn spec(colour: &str, size: &str) -> String {
    match (colour.is_empty(), size.is_empty()) {
        (false, false) => format!("{colour}{SPEC_SEPARATOR}{size}"),
        (false, true) => colour.to_string(),
        _ => size.to_string(),
    }
}

/// Whether `code` comes back from 抖店's order export, through jpmall's import, as the same text:
/// the import trims a cell's ends, drops the `'` a spreadsheet marks text with, and reads `-` and
/// `--` (what 抖店 writes in an empty cell) as nothing. A space inside or a control character may
/// not survive the shop at all.
pub fn code_fits(code: &str) -> bool {
    !code.is_empty()
        && code.len() <= MAX_CODE_BYTES
        && !code.starts_with('\'')
        && code != "-"
        && code != "--"
        && !code.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// Text on one line: control characters and the Unicode line and paragraph separators become
/// spaces, the ends are trimmed. A title pasted with a line break is still one title.
fn one_line(text: &str) -> String {
    let breaks = |c: char| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}');
    text.chars()
        .map(|c| if breaks(c) { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

/// The workbook's cells of `product`, its SKUs in the order given, or why it cannot be listed.
pub fn sheet(product: &DouyinProduct) -> Result<ProductSheet, DouyinError> {
    if product.skus.is_empty() {
        return Err(DouyinError::NoSkus {
            product_id: product.product_id.clone(),
        });
    }
    let names: Vec<(String, String)> = product
        .skus
        .iter()
        .map(|sku| (one_line(&sku.colour), one_line(&sku.size)))
        .collect();
    let any_size = names.iter().any(|(_, size)| !size.is_empty());
    // Colour is used when any SKU names one, and when none names either, so every SKU has a spec.
    let any_colour = names.iter().any(|(colour, _)| !colour.is_empty()) || !any_size;
    let mut rows: Vec<SkuRow> = Vec::with_capacity(product.skus.len());
    for (sku, (colour, size)) in product.skus.iter().zip(names) {
        if !code_fits(&sku.sku_id) {
            return Err(DouyinError::CodeUnfit {
                sku_id: sku.sku_id.clone(),
            });
        }
        if sku.price.0 <= 0 {
            return Err(DouyinError::PriceNotPositive {
                sku_id: sku.sku_id.clone(),
            });
        }
        let colour = match (any_colour, colour.is_empty()) {
            (false, _) => String::new(),
            (true, true) => NO_COLOUR.to_string(),
            (true, false) => colour,
        };
        let size = match (any_size, size.is_empty()) {
            (false, _) => String::new(),
            (true, true) => NO_SIZE.to_string(),
            (true, false) => size,
        };
        if rows.iter().any(|r| r.colour == colour && r.size == size) {
            return Err(DouyinError::SpecTwice {
                product_id: product.product_id.clone(),
                colour,
                size,
            });
        }
        rows.push(SkuRow {
            spec: spec(&colour, &size),
            colour,
            size,
            price: sku.price,
            stock: sku.stock.max(0),
            code: sku.sku_id.clone(),
        });
    }
    Ok(ProductSheet {
        title: one_line(&product.title),
        item_no: one_line(&product.item_no),
        rows,
    })
}

/// Whether `product` can be listed, so a caller can refuse it before anything is written.
pub fn check(product: &DouyinProduct) -> Result<(), DouyinError> {
    sheet(product).map(|_| ())
}

/// The folder of the `position`th (from 1) of `count` products: its position, then its title, which
/// the caller has made a file name (the api's `package::safe_name`). The position is zero-padded to
/// the width of `count`, so the folders sort in the package's order in any file list, and two
/// products of the same title never share a folder.
pub fn folder_name(position: usize, count: usize, safe_title: &str) -> String {
    let width = count.max(position).to_string().len();
    match safe_title.trim() {
        "" => format!("{position:0width$}"),
        title => format!("{position:0width$}-{title}"),
    }
}

/// What a file of a product's folder holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Workbook,
    /// The `n`th main picture (from 1).
    Main(u32),
    /// The `n`th detail picture (from 1).
    Detail(u32),
}

/// A file of the zip: where it goes and what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageFile {
    pub path: String,
    pub kind: FileKind,
}

/// The files of `product`'s folder `<package>/<folder>/`, in the order the zip holds them: the
/// workbook, the main pictures `主图-1.jpg` …, the detail pictures `详情-1.jpg` ….
pub fn product_files(package: &str, folder: &str, product: &DouyinProduct) -> Vec<PackageFile> {
    let at = |name: &str| format!("{package}/{folder}/{name}");
    let mut files = vec![PackageFile {
        path: at(WORKBOOK),
        kind: FileKind::Workbook,
    }];
    files.extend((1..=product.main_pictures).map(|n| PackageFile {
        path: at(&format!("主图-{n}.jpg")),
        kind: FileKind::Main(n),
    }));
    files.extend((1..=product.detail_pictures).map(|n| PackageFile {
        path: at(&format!("详情-{n}.jpg")),
        kind: FileKind::Detail(n),
    }));
    files
}

/// Why a product could not be listed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DouyinError {
    #[error("product {product_id} has no SKU to list")]
    NoSkus { product_id: String },
    #[error("SKU {sku_id:?} cannot be a Douyin seller's code")]
    CodeUnfit { sku_id: String },
    #[error("SKU {sku_id}: the price must be greater than 0")]
    PriceNotPositive { sku_id: String },
    #[error("product {product_id} has two SKUs of {colour} {size}")]
    SpecTwice {
        product_id: String,
        colour: String,
        size: String,
    },
}

impl DouyinError {
    /// Stable catalogue key; never renamed. The ones a Taobao package shares mean the same.
    pub fn key(&self) -> &'static str {
        match self {
            DouyinError::NoSkus { .. } => "listing.no_skus",
            DouyinError::CodeUnfit { .. } => "listing.douyin_code_unfit",
            DouyinError::PriceNotPositive { .. } => "listing.price_not_positive",
            DouyinError::SpecTwice { .. } => "listing.spec_twice",
        }
    }

    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            DouyinError::NoSkus { product_id } => vec![("product", product_id.clone())],
            DouyinError::CodeUnfit { sku_id } | DouyinError::PriceNotPositive { sku_id } => {
                vec![("sku", sku_id.clone())]
            }
            DouyinError::SpecTwice {
                product_id,
                colour,
                size,
            } => vec![
                ("product", product_id.clone()),
                ("colour", colour.clone()),
                ("size", size.clone()),
            ],
        }
    }
}
