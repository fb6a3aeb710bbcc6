//! TikTok Shop's category template: the sheet `Template`, a key row (`product_name`, `seller_sku`,
//! `property_name_1`, …) and the names, requirements and help under it, the data from row 6.
//! Variations are the `property_name_n` / `property_value_n` pairs. Its category, brand, parcel
//! weight and sizes are the seller's.

use super::{Field, Spec, TemplatePlatform};

pub static SPEC: Spec = Spec {
    platform: TemplatePlatform::Tiktok,
    data_row: 6,
    sheet: Some("Template"),
    code_row: false,
    fields: &[
        (Field::Title, &["product_name", "Product Name", "商品名称"]),
        (Field::ParentSku, &["parent_sku", "Parent SKU"]),
        (Field::Variation1Name, &["property_name_1", "Variation 1 Name"]),
        (
            Field::Variation1Option,
            &["property_value_1", "Variation 1 Value"],
        ),
        (Field::Variation2Name, &["property_name_2", "Variation 2 Name"]),
        (
            Field::Variation2Option,
            &["property_value_2", "Variation 2 Value"],
        ),
        (Field::Price, &["price", "Retail Price", "价格", "零售价"]),
        (Field::Stock, &["quantity", "Quantity", "库存", "数量"]),
        (Field::SellerSku, &["seller_sku", "Seller SKU", "卖家SKU"]),
        (Field::Image(0), &["main_image", "Main Product Image", "主图"]),
        (Field::Image(1), &["image_2"]),
        (Field::Image(2), &["image_3"]),
        (Field::Image(3), &["image_4"]),
        (Field::Image(4), &["image_5"]),
        (Field::Image(5), &["image_6"]),
        (Field::Image(6), &["image_7"]),
        (Field::Image(7), &["image_8"]),
        (Field::Image(8), &["image_9"]),
    ],
};
