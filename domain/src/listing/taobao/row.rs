//! One product's line of the file: every column of [`COLUMNS`], in order, tab-separated.

use super::cells::{description, push_cell, push_quoted};
use super::columns::{fixed_value, COLUMNS, VERSION_LINE};
use super::pictures::{picture_cell, picture_name, picture_path, PictureFile, MAX_MAIN_PICTURES};
use super::sale_props::sale_props;
use super::{TaobaoError, TaobaoProduct};

/// Every line of the file ends so: 淘宝助理 is a Windows program.
pub(super) const LINE_END: &str = "\r\n";

/// The three lines before the products: the version, the English keys, the Chinese names.
pub(super) fn header() -> String {
    let keys: Vec<&str> = COLUMNS.iter().map(|(key, _)| *key).collect();
    let names: Vec<&str> = COLUMNS.iter().map(|(_, name)| *name).collect();
    format!(
        "{VERSION_LINE}{LINE_END}{}{LINE_END}{}{LINE_END}",
        keys.join("\t"),
        names.join("\t")
    )
}

/// A product's line, ending in [`LINE_END`], and the picture files it names. Nothing is written for
/// a product that is refused, so a refusal never leaves half a row.
pub(super) fn product_row(
    product: &TaobaoProduct,
    package: &str,
) -> Result<(String, Vec<PictureFile>), TaobaoError> {
    let sale = sale_props(product)?;
    let mut names = Vec::new();
    let mut files = Vec::new();
    for (position, key) in product.main_pictures.iter().take(MAX_MAIN_PICTURES).enumerate() {
        let name = picture_name(&product.product_id, position, key);
        files.push(PictureFile {
            path: picture_path(package, &name),
            key: key.clone(),
        });
        names.push(name);
    }
    let pictures = picture_cell(&names);
    let cid = product.cid.map(|cid| cid.to_string()).unwrap_or_default();
    let price = sale.price.to_yuan();
    let num = sale.num.to_string();

    let mut row = String::with_capacity(1024 + sale.sku_props.len() * 2);
    for (index, (key, _)) in COLUMNS.iter().enumerate() {
        if index > 0 {
            row.push('\t');
        }
        let value: &str = match *key {
            "title" => &product.title,
            "cid" => &cid,
            "location_state" => &product.province,
            "location_city" => &product.city,
            "price" => &price,
            "num" => &num,
            "description" => {
                push_quoted(&mut row, &description(&product.detail_pictures));
                continue;
            }
            "cateProps" => &sale.cate_props,
            "picture" => &pictures,
            "skuProps" => &sale.sku_props,
            "outer_id" => &product.item_no,
            "propAlias" => &sale.prop_alias,
            "input_custom_cpv" => &sale.input_custom_cpv,
            other => fixed_value(other),
        };
        push_cell(&mut row, value);
    }
    row.push_str(LINE_END);
    Ok((row, files))
}
