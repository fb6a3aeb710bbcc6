//! The 淘宝助理 (Taobao Assistant) data package a seller uploads to their Taobao shop: a CSV file and,
//! beside it in the zip, a folder of the same name with the products' main pictures.
//!
//! The file is the one 淘宝助理 itself exports and 571xz and independent exporters write: UTF-16LE
//! with a byte-order mark, tab-separated, lines ending `\r\n`; a line `version 1.00`, a line of
//! English column keys, a line of their Chinese names, then a line per product. Each SKU's seller's
//! code (商家编码) in `skuProps` is its jpmall SKU id; the item's own `outer_id` is the jpmall item
//! number. The zip itself is built elsewhere: this module gives the file's bytes and the picture
//! files (path in the zip, the caller's key of the picture) it must hold.

pub mod categories;
mod cells;
pub mod columns;
pub mod pictures;
mod row;
pub mod sale_props;
mod writer;

#[cfg(test)]
mod tests;

pub use columns::COLUMNS;
pub use pictures::{PictureFile, MAX_MAIN_PICTURES};
pub use sale_props::{code_fits, COLOUR_PID, NO_COLOUR, NO_SIZE, SIZE_PID};
pub use writer::{TaobaoWriter, BOM};

use crate::money::Fen;

/// One product as listed: the shop's title and prices, already set by the shop's rule
/// (`crate::listing::rule`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TaobaoProduct {
    /// jpmall's product id; names the picture files, so it must be the same each time.
    pub product_id: String,
    /// jpmall's item number: the item's seller's code.
    pub item_no: String,
    pub title: String,
    /// Taobao's category, when known; without it the seller picks the category in 淘宝助理.
    pub cid: Option<u64>,
    /// The category's size property, when it is not clothing's 20509 ([`SIZE_PID`]).
    pub size_pid: Option<u64>,
    /// Where the goods ship from (`location_state`, `location_city`); empty leaves it to the seller.
    pub province: String,
    pub city: String,
    pub skus: Vec<TaobaoSku>,
    /// The caller's keys of the main pictures, in order; the first five are listed.
    pub main_pictures: Vec<String>,
    /// The addresses of the detail pictures, shown in the description in order.
    pub detail_pictures: Vec<String>,
}

/// One SKU as listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaobaoSku {
    /// jpmall's SKU id: the SKU's seller's code, which maps the shop's orders back.
    pub sku_id: String,
    pub colour: String,
    pub size: String,
    /// The shop's price.
    pub price: Fen,
    /// The stock the shop shows; below zero is listed as none.
    pub quantity: i64,
}

/// A whole package's file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaobaoCsv {
    /// Where the file goes in the zip: `<package>.csv`, beside the `<package>/` picture folder.
    pub csv_path: String,
    /// The file: UTF-16LE, byte-order mark first.
    pub bytes: Vec<u8>,
    /// The picture files the zip must hold, each once.
    pub pictures: Vec<PictureFile>,
}

/// The file for `products`, in order, of the package named `package_name`. For a large package,
/// [`TaobaoWriter`] writes the same file a row at a time.
pub fn csv(products: &[TaobaoProduct], package_name: &str) -> Result<TaobaoCsv, TaobaoError> {
    let mut writer = TaobaoWriter::new(Vec::new(), package_name)?;
    for product in products {
        writer.write_row(product)?;
    }
    let csv_path = format!("{}.csv", writer.package());
    let (bytes, pictures) = writer.finish()?;
    Ok(TaobaoCsv {
        csv_path,
        bytes,
        pictures,
    })
}

/// Whether `product` can be listed, so a caller can set aside the products that cannot before
/// writing the rest.
pub fn check(product: &TaobaoProduct) -> Result<(), TaobaoError> {
    sale_props::sale_props(product).map(|_| ())
}

/// The longest package name, in characters.
pub const MAX_PACKAGE_NAME_CHARS: usize = 64;

/// The package's name trimmed, as it names the CSV file and the picture folder in the zip, or why it
/// cannot: it is a single path segment, so no slash, nothing Windows refuses in a file name (淘宝助理
/// runs there), no control character, no leading dot, and not empty.
pub fn package_folder(package_name: &str) -> Result<String, TaobaoError> {
    let name = package_name.trim();
    let unfit = name.is_empty()
        || name.starts_with('.')
        || name.chars().count() > MAX_PACKAGE_NAME_CHARS
        || name
            .chars()
            .any(|c| c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|'));
    if unfit {
        return Err(TaobaoError::PackageNameUnfit {
            name: package_name.to_string(),
        });
    }
    Ok(name.to_string())
}

/// Why a package or a product in it could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TaobaoError {
    #[error("{name:?} cannot name a package")]
    PackageNameUnfit { name: String },
    #[error("product {product_id} has no SKU to list")]
    NoSkus { product_id: String },
    #[error("SKU {sku_id:?} cannot be a Taobao seller's code")]
    SkuCodeUnfit { sku_id: String },
    #[error("SKU {sku_id}: the price must be greater than 0")]
    PriceNotPositive { sku_id: String },
    #[error("product {product_id} has two SKUs of {colour} {size}")]
    SpecTwice {
        product_id: String,
        colour: String,
        size: String,
    },
    #[error("product {product_id}: the quantity is too large")]
    Overflow { product_id: String },
    #[error("the package could not be written: {0}")]
    Write(std::io::ErrorKind),
}

impl From<std::io::Error> for TaobaoError {
    fn from(error: std::io::Error) -> Self {
        TaobaoError::Write(error.kind())
    }
}

impl TaobaoError {
    /// Stable catalogue key; never renamed.
    pub fn key(&self) -> &'static str {
        match self {
            TaobaoError::PackageNameUnfit { .. } => "listing.package_name_unfit",
            TaobaoError::NoSkus { .. } => "listing.no_skus",
            TaobaoError::SkuCodeUnfit { .. } => "listing.sku_code_unfit",
            TaobaoError::PriceNotPositive { .. } => "listing.price_not_positive",
            TaobaoError::SpecTwice { .. } => "listing.spec_twice",
            TaobaoError::Overflow { .. } => "listing.quantity_overflow",
            TaobaoError::Write(_) => "listing.write_failed",
        }
    }

    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            TaobaoError::PackageNameUnfit { name } => vec![("name", name.clone())],
            TaobaoError::NoSkus { product_id } | TaobaoError::Overflow { product_id } => {
                vec![("product", product_id.clone())]
            }
            TaobaoError::SkuCodeUnfit { sku_id } | TaobaoError::PriceNotPositive { sku_id } => {
                vec![("sku", sku_id.clone())]
            }
            TaobaoError::SpecTwice {
                product_id,
                colour,
                size,
            } => vec![
                ("product", product_id.clone()),
                ("colour", colour.clone()),
                ("size", size.clone()),
            ],
            TaobaoError::Write(_) => Vec::new(),
        }
    }
}
