//! The data rows of a package: one per SKU, the product's own cells repeated on each of its rows
//! (each platform reads a variation row as a whole listing of its parent).

use super::{money_text, Amount, Field, Layout, TemplateError};
use crate::listing::douyin::code_fits;

/// A product as the template lists it, its texts already in the template's language.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TemplateProduct {
    pub product_id: String,
    pub item_no: String,
    pub title: String,
    /// The names of the two variations in the template's language (`Colour`, `颜色`).
    pub colour_name: String,
    pub size_name: String,
    pub skus: Vec<TemplateSku>,
    /// Public picture URLs, the cover first; none when the server has no public address.
    pub pictures: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateSku {
    /// The jpmall SKU id: the seller SKU.
    pub sku_id: String,
    pub colour: String,
    pub size: String,
    pub price: Amount,
    /// Below zero is listed as none.
    pub stock: i64,
}

/// A cell's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cell {
    Text(String),
    /// A decimal number as written (`299.04`).
    Number(String),
}

/// A data row: its cells by column (from 0), in column order.
pub type Row = Vec<(u32, Cell)>;

/// Text on one line: control characters and the Unicode line and paragraph separators become
/// spaces, the ends are trimmed (as the Taobao and Douyin files do).
pub(super) fn one_line(text: &str) -> String {
    let breaks = |c: char| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}');
    text.chars()
        .map(|c| if breaks(c) { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

/// The rows of `product` for `layout`'s columns, or why it cannot be listed: no SKU, a SKU id that
/// could not be a seller SKU, a price of 0, two SKUs of one colour and size.
pub fn rows(layout: &Layout, product: &TemplateProduct) -> Result<Vec<Row>, TemplateError> {
    if product.skus.is_empty() {
        return Err(TemplateError::NoSkus {
            product_id: product.product_id.clone(),
        });
    }
    let names: Vec<(String, String)> = product
        .skus
        .iter()
        .map(|s| (one_line(&s.colour), one_line(&s.size)))
        .collect();
    let any_colour = names.iter().any(|(c, _)| !c.is_empty());
    let any_size = names.iter().any(|(_, s)| !s.is_empty());
    // The variations the product has, in order: colour then size, either alone as the first.
    let mut variations: Vec<(String, usize)> = Vec::new();
    if any_colour {
        variations.push((one_line(&product.colour_name), 0));
    }
    if any_size {
        variations.push((one_line(&product.size_name), 1));
    }
    let mut out = Vec::with_capacity(product.skus.len());
    for (at, (sku, (colour, size))) in product.skus.iter().zip(&names).enumerate() {
        if !code_fits(&sku.sku_id) {
            return Err(TemplateError::SellerSkuUnfit {
                sku_id: sku.sku_id.clone(),
            });
        }
        if sku.price.minor <= 0 {
            return Err(TemplateError::PriceNotPositive {
                sku_id: sku.sku_id.clone(),
            });
        }
        if names[..at].contains(&(colour.clone(), size.clone())) {
            return Err(TemplateError::SpecTwice {
                product_id: product.product_id.clone(),
                colour: colour.clone(),
                size: size.clone(),
            });
        }
        let option = |which: usize| if which == 0 { colour.clone() } else { size.clone() };
        let mut row: Row = Vec::new();
        for column in &layout.columns {
            let Some(field) = column.field else { continue };
            let cell = match field {
                Field::Title => Cell::Text(one_line(&product.title)),
                Field::ParentSku => Cell::Text(one_line(&product.item_no)),
                Field::VariationGroup => Cell::Text(product.product_id.clone()),
                Field::Variation1Name | Field::Variation2Name => {
                    let n = usize::from(field == Field::Variation2Name);
                    match variations.get(n) {
                        Some((name, _)) => Cell::Text(name.clone()),
                        None => continue,
                    }
                }
                Field::Variation1Option | Field::Variation2Option => {
                    let n = usize::from(field == Field::Variation2Option);
                    match variations.get(n) {
                        Some((_, which)) => Cell::Text(option(*which)),
                        None => continue,
                    }
                }
                Field::Colour => Cell::Text(colour.clone()),
                Field::Size => Cell::Text(size.clone()),
                Field::Price => Cell::Number(money_text(sku.price)),
                Field::Stock => Cell::Number(sku.stock.max(0).to_string()),
                Field::SellerSku => Cell::Text(sku.sku_id.clone()),
                Field::Image(n) => match product.pictures.get(n as usize) {
                    Some(url) => Cell::Text(url.trim().to_string()),
                    None => continue,
                },
            };
            if matches!(&cell, Cell::Text(t) if t.is_empty()) {
                continue;
            }
            row.push((column.index, cell));
        }
        row.sort_by_key(|(index, _)| *index);
        out.push(row);
    }
    Ok(out)
}
