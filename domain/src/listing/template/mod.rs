//! The category templates of Shopee, Lazada and TikTok Shop. A seller downloads the blank template
//! of a category from their seller centre and uploads it to jpmall once per shop; a package is that
//! file with jpmall's rows written after its header rows, and every other part of the file as it
//! was (the api crate copies the zip's other entries raw; [`sheet::fill`] keeps the data sheet's XML
//! before the first data row and after `</sheetData>` byte for byte).
//!
//! What a template's columns mean comes from its header rows: Shopee names each column by a code
//! row (`ps_product_name|1|0`: the field, whether it is required, its type), Lazada and TikTok Shop
//! by a key row and the names under it, a required one marked with `*` or `Mandatory`. Each
//! platform's file ([`shopee`], [`lazada`], [`tiktok`]) says which of those codes jpmall fills; a
//! required column jpmall has nothing for (the category, the brand, the weight) is named in
//! [`Layout::unfilled`], never guessed.
//!
//! One row per SKU: the platforms list variations as rows of one parent (Shopee's variation
//! integration number, the parent SKU), and every row's seller SKU is the jpmall SKU id, so an
//! order exported from that shop maps back to jpmall SKUs.

mod layout;
pub mod lazada;
mod price;
pub mod rows;
pub mod sheet;
pub mod shopee;
pub mod tiktok;
pub mod workbook;

#[cfg(test)]
mod tests;

pub use layout::{read_layout, Column, Layout, SheetHead};
pub use price::{listed_foreign, minor_digits, money_text, Amount};
pub use rows::{rows, Cell, Row, TemplateProduct, TemplateSku};

use serde::{Deserialize, Serialize};

/// A platform jpmall fills a category template of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TemplatePlatform {
    Shopee,
    Lazada,
    Tiktok,
}

impl TemplatePlatform {
    pub fn from_code(code: &str) -> Option<TemplatePlatform> {
        match code {
            "shopee" => Some(TemplatePlatform::Shopee),
            "lazada" => Some(TemplatePlatform::Lazada),
            "tiktok" => Some(TemplatePlatform::Tiktok),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            TemplatePlatform::Shopee => "shopee",
            TemplatePlatform::Lazada => "lazada",
            TemplatePlatform::Tiktok => "tiktok",
        }
    }

    /// The currencies a shop on the platform sells in (its markets').
    pub fn currencies(self) -> &'static [&'static str] {
        match self {
            TemplatePlatform::Shopee => &["MYR", "SGD", "PHP", "THB", "VND", "IDR", "TWD", "BRL"],
            TemplatePlatform::Lazada => &["MYR", "SGD", "PHP", "THB", "VND", "IDR"],
            TemplatePlatform::Tiktok => &["USD", "GBP", "MYR", "SGD", "PHP", "THB", "VND", "IDR"],
        }
    }

    /// What each column of its template means to jpmall.
    pub fn spec(self) -> &'static Spec {
        match self {
            TemplatePlatform::Shopee => &shopee::SPEC,
            TemplatePlatform::Lazada => &lazada::SPEC,
            TemplatePlatform::Tiktok => &tiktok::SPEC,
        }
    }
}

/// The currencies a shop on `platform` sells in: none for Taobao and Douyin (CNY, the rule's own).
pub fn currencies_for(platform: &str) -> &'static [&'static str] {
    TemplatePlatform::from_code(platform).map_or(&[], TemplatePlatform::currencies)
}

/// What jpmall writes into a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    Title,
    /// The product's parent SKU: its jpmall item number.
    ParentSku,
    /// What ties a product's variation rows together (Shopee's variation integration number): the
    /// jpmall product id, unique in the file.
    VariationGroup,
    /// The first variation's name (`Colour` / `颜色`) and the SKU's option of it; the second's.
    Variation1Name,
    Variation1Option,
    Variation2Name,
    Variation2Option,
    /// Lazada's colour and size columns, which take the option itself.
    Colour,
    Size,
    /// The SKU's price in the shop's currency.
    Price,
    Stock,
    /// The seller's SKU: the jpmall SKU id.
    SellerSku,
    /// The `n`th picture (0 the cover), a public URL.
    Image(u8),
}

impl Field {
    pub fn is_image(self) -> bool {
        matches!(self, Field::Image(_))
    }
}

/// How a platform's template is told apart and read.
#[derive(Debug)]
pub struct Spec {
    pub platform: TemplatePlatform,
    /// The first data row, from 1.
    pub data_row: u32,
    /// The data sheet's name when the platform fixes it.
    pub sheet: Option<&'static str>,
    /// Whether a column is named by a Shopee code row (`code|required|type`).
    pub code_row: bool,
    /// The header texts (any of the header rows) that name each field, compared by
    /// [`layout::normalised`]: case, spaces, `*` and punctuation aside.
    pub fields: &'static [(Field, &'static [&'static str])],
}

/// The template's language: its header texts in Chinese (Han characters) or English.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TemplateLanguage {
    En,
    Zh,
}

/// A required column jpmall leaves empty: its code in the template and the name the template gives
/// it, both as the template writes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unfilled {
    pub field: String,
    pub label: String,
}

/// What a shop keeps of its template besides the file: what the seller is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    pub sheet: String,
    pub data_row: u32,
    pub language: TemplateLanguage,
    pub unfilled: Vec<Unfilled>,
}

/// Why a template or a product could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateError {
    #[error("this is not a {platform} category template")]
    NotPlatform { platform: &'static str },
    #[error("the template has no seller SKU column")]
    NoSellerSku { platform: &'static str },
    #[error("the data sheet's XML cannot be read")]
    SheetUnreadable,
    #[error("the package would need more rows than a sheet holds")]
    TooManyRows,
    #[error("product {product_id} has no SKU to list")]
    NoSkus { product_id: String },
    #[error("SKU {sku_id:?} cannot be a seller SKU")]
    SellerSkuUnfit { sku_id: String },
    #[error("SKU {sku_id}: the price must be greater than 0")]
    PriceNotPositive { sku_id: String },
    #[error("product {product_id} has two SKUs of {colour} {size}")]
    SpecTwice {
        product_id: String,
        colour: String,
        size: String,
    },
}

impl TemplateError {
    /// Stable catalogue key; never renamed. Those a Taobao or Douyin package shares mean the same.
    pub fn key(&self) -> &'static str {
        match self {
            TemplateError::NotPlatform { .. } => "listing.template_not_platform",
            TemplateError::NoSellerSku { .. } => "listing.template_no_seller_sku",
            TemplateError::SheetUnreadable => "listing.template_unreadable",
            TemplateError::TooManyRows => "listing.template_too_many_rows",
            TemplateError::NoSkus { .. } => "listing.no_skus",
            TemplateError::SellerSkuUnfit { .. } => "listing.seller_sku_unfit",
            TemplateError::PriceNotPositive { .. } => "listing.price_not_positive",
            TemplateError::SpecTwice { .. } => "listing.spec_twice",
        }
    }

    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            TemplateError::NotPlatform { platform } | TemplateError::NoSellerSku { platform } => {
                vec![("platform", platform_name(platform).to_string())]
            }
            TemplateError::SheetUnreadable | TemplateError::TooManyRows => Vec::new(),
            TemplateError::NoSkus { product_id } => vec![("product", product_id.clone())],
            TemplateError::SellerSkuUnfit { sku_id } | TemplateError::PriceNotPositive { sku_id } => {
                vec![("sku", sku_id.clone())]
            }
            TemplateError::SpecTwice {
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

/// The platform's own name, the same in every language.
pub fn platform_name(code: &str) -> &'static str {
    match code {
        "shopee" => "Shopee",
        "lazada" => "Lazada",
        "tiktok" => "TikTok Shop",
        _ => "",
    }
}
