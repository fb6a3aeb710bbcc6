//! A product's SKUs as Taobao's sale properties: colour (property 1627207) and size (20509 unless the
//! category names its own), and per SKU its price, quantity and seller's code.
//!
//! jpmall's colours and sizes are the stall's free text, not values of a Taobao category, so each is a
//! custom value: a negative value id, counted per property from -1001 in the order the SKUs first
//! name it, the way 淘宝助理 numbers the custom values it exports. The names go in `propAlias` and
//! `input_custom_cpv` (`pid:vid:name;`), the ids in `cateProps` and `skuProps`.

use crate::money::Fen;

use super::cells::value_name;
use super::{TaobaoError, TaobaoProduct};

/// Taobao's colour property (颜色分类).
pub const COLOUR_PID: u64 = 1627207;
/// Taobao's size property for clothing (尺码); other categories have their own, which the caller
/// gives as [`TaobaoProduct::size_pid`].
pub const SIZE_PID: u64 = 20509;
/// The id of a property's first custom value.
const FIRST_CUSTOM_VID: i64 = -1001;

/// The colour of a SKU that names none while others do; Taobao wants every SKU to have a value of
/// every sale property the item uses. A product with no colour or size at all also lists under
/// this colour, so its one SKU still carries the jpmall SKU id as its code.
pub const NO_COLOUR: &str = "默认";
/// The size of a SKU that names none while others do.
pub const NO_SIZE: &str = "均码";

/// The longest seller's code Taobao keeps (64 bytes).
pub const MAX_CODE_BYTES: usize = 64;

/// The sale-property cells of one product's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct SaleProps {
    /// `price:quantity:code:pid:vid;pid:vid;` per SKU, run together.
    pub sku_props: String,
    /// `pid:vid:name;` per value.
    pub prop_alias: String,
    /// The same as `prop_alias`: 淘宝助理 reads the custom values' names from here, Taobao's upload
    /// from `propAlias`.
    pub input_custom_cpv: String,
    /// `pid:vid;` per value: the values are chosen properties of the item too.
    pub cate_props: String,
    /// The lowest SKU price: Taobao wants the item's price within its SKUs' range.
    pub price: Fen,
    /// The sum of the SKUs' quantities: Taobao refuses an item whose count differs from it.
    pub num: i64,
}

/// One sale property and its values, in the order they were first named.
struct Property {
    pid: u64,
    values: Vec<String>,
}

impl Property {
    fn new(pid: u64) -> Self {
        Property {
            pid,
            values: Vec::new(),
        }
    }

    /// The value id of `name`, numbering it if it is new.
    fn vid(&mut self, name: &str) -> i64 {
        let index = match self.values.iter().position(|v| v == name) {
            Some(index) => index,
            None => {
                self.values.push(name.to_string());
                self.values.len() - 1
            }
        };
        // A product has far fewer than i64::MAX values.
        FIRST_CUSTOM_VID - index as i64
    }

    fn push_values(&self, names: &mut String, ids: &mut String) {
        for (index, name) in self.values.iter().enumerate() {
            let vid = FIRST_CUSTOM_VID - index as i64;
            names.push_str(&format!("{}:{vid}:{name};", self.pid));
            ids.push_str(&format!("{}:{vid};", self.pid));
        }
    }
}

/// Whether `code` can be a SKU's seller's code: a `:` or `;` would split `skuProps` in the wrong
/// place, and a space, quote or control character may not survive the shop's round trip, and the
/// code would then no longer name the jpmall SKU an order is for.
pub fn code_fits(code: &str) -> bool {
    !code.is_empty()
        && code.len() <= MAX_CODE_BYTES
        && !code
            .chars()
            .any(|c| matches!(c, ':' | ';' | '"') || c.is_whitespace() || c.is_control())
}

pub(super) fn sale_props(product: &TaobaoProduct) -> Result<SaleProps, TaobaoError> {
    if product.skus.is_empty() {
        return Err(TaobaoError::NoSkus {
            product_id: product.product_id.clone(),
        });
    }
    let names: Vec<(String, String)> = product
        .skus
        .iter()
        .map(|sku| (value_name(&sku.colour), value_name(&sku.size)))
        .collect();
    let any_size = names.iter().any(|(_, size)| !size.is_empty());
    // Colour is used when any SKU names one, and when none names either, so every SKU has a spec.
    let any_colour = names.iter().any(|(colour, _)| !colour.is_empty()) || !any_size;

    let mut colour = Property::new(COLOUR_PID);
    let mut size = Property::new(product.size_pid.unwrap_or(SIZE_PID));
    let mut specs: Vec<(i64, i64)> = Vec::with_capacity(product.skus.len());
    let mut sku_props = String::new();
    let mut price: Option<Fen> = None;
    let mut num: i64 = 0;
    for (sku, (colour_name, size_name)) in product.skus.iter().zip(&names) {
        if !code_fits(&sku.sku_id) {
            return Err(TaobaoError::SkuCodeUnfit {
                sku_id: sku.sku_id.clone(),
            });
        }
        if !sku.price.is_positive() {
            return Err(TaobaoError::PriceNotPositive {
                sku_id: sku.sku_id.clone(),
            });
        }
        let colour_name = if colour_name.is_empty() {
            NO_COLOUR
        } else {
            colour_name
        };
        let size_name = if size_name.is_empty() { NO_SIZE } else { size_name };
        let colour_vid = if any_colour { colour.vid(colour_name) } else { 0 };
        let size_vid = if any_size { size.vid(size_name) } else { 0 };
        // Two SKUs with one spec would be one Taobao SKU, and orders for it could not tell them apart.
        if specs.contains(&(colour_vid, size_vid)) {
            return Err(TaobaoError::SpecTwice {
                product_id: product.product_id.clone(),
                colour: if any_colour {
                    colour_name.to_string()
                } else {
                    String::new()
                },
                size: if any_size {
                    size_name.to_string()
                } else {
                    String::new()
                },
            });
        }
        specs.push((colour_vid, size_vid));

        // A stock below zero is none to sell.
        let quantity = sku.quantity.max(0);
        num = num.checked_add(quantity).ok_or_else(|| TaobaoError::Overflow {
            product_id: product.product_id.clone(),
        })?;
        price = Some(price.map_or(sku.price, |lowest| lowest.min(sku.price)));

        sku_props.push_str(&format!("{}:{quantity}:{}:", sku.price.to_yuan(), sku.sku_id));
        if any_colour {
            sku_props.push_str(&format!("{COLOUR_PID}:{colour_vid};"));
        }
        if any_size {
            sku_props.push_str(&format!("{}:{size_vid};", size.pid));
        }
    }

    let mut prop_alias = String::new();
    let mut cate_props = String::new();
    colour.push_values(&mut prop_alias, &mut cate_props);
    size.push_values(&mut prop_alias, &mut cate_props);
    Ok(SaleProps {
        sku_props,
        input_custom_cpv: prop_alias.clone(),
        prop_alias,
        cate_props,
        price: price.unwrap_or(Fen::ZERO),
        num,
    })
}
