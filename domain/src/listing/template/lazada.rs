//! Lazada's category template (Bulk Manager): a key row (`name`, `SellerSku`, `price`, …) and the
//! names, requirements and help under it, the data from row 6, on the visible data sheet; its hidden
//! sheets (`INDEX`, the status and option lists its drop-downs read) are what tell it from any
//! workbook, and are kept. Lazada takes a variation's colour and size in their own columns
//! (`color_family`, `size`). Its category, brand, package weight and sizes are the seller's.

use super::{Field, Spec, TemplatePlatform};

pub static SPEC: Spec = Spec {
    platform: TemplatePlatform::Lazada,
    data_row: 6,
    sheet: None,
    code_row: false,
    fields: &[
        (Field::Title, &["name", "Product Name", "商品名称", "产品名称"]),
        (Field::ParentSku, &["AssociatedSku", "ParentSku", "Parent SKU"]),
        (Field::Colour, &["color_family", "Color Family", "颜色"]),
        (Field::Size, &["size", "尺码"]),
        (Field::Price, &["price", "价格"]),
        (Field::Stock, &["quantity", "stock", "库存", "数量"]),
        (
            Field::SellerSku,
            &["SellerSku", "Seller SKU", "卖家SKU", "商家SKU"],
        ),
        (Field::Image(0), &["MainImage", "Main Image", "主图"]),
        (Field::Image(1), &["Image2"]),
        (Field::Image(2), &["Image3"]),
        (Field::Image(3), &["Image4"]),
        (Field::Image(4), &["Image5"]),
        (Field::Image(5), &["Image6"]),
        (Field::Image(6), &["Image7"]),
        (Field::Image(7), &["Image8"]),
    ],
};
