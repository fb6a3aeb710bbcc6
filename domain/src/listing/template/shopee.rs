//! Shopee's mass-upload category template (批量上传模板): a code row names each column
//! `code|required|type` (`ps_product_name|1|0`), five rows of names and help follow, and the data
//! starts on row 7. The codes jpmall fills are these; every other required one (`ps_category`,
//! `ps_weight`, `ps_brand`, the logistics channels, the description) is left to the seller and named.

use super::{Field, Spec, TemplatePlatform};

pub static SPEC: Spec = Spec {
    platform: TemplatePlatform::Shopee,
    data_row: 7,
    sheet: None,
    code_row: true,
    fields: &[
        (Field::Title, &["ps_product_name"]),
        (Field::ParentSku, &["ps_sku_parent_short"]),
        (Field::VariationGroup, &["et_title_variation_integration_no"]),
        (Field::Variation1Name, &["et_title_variation_1"]),
        (Field::Variation1Option, &["et_title_option_for_variation_1"]),
        (Field::Variation2Name, &["et_title_variation_2"]),
        (Field::Variation2Option, &["et_title_option_for_variation_2"]),
        (Field::Price, &["ps_price"]),
        (Field::Stock, &["ps_stock"]),
        (Field::SellerSku, &["ps_sku_short"]),
        (Field::Image(0), &["ps_item_cover_image"]),
        (Field::Image(1), &["ps_item_image_1"]),
        (Field::Image(2), &["ps_item_image_2"]),
        (Field::Image(3), &["ps_item_image_3"]),
        (Field::Image(4), &["ps_item_image_4"]),
        (Field::Image(5), &["ps_item_image_5"]),
        (Field::Image(6), &["ps_item_image_6"]),
        (Field::Image(7), &["ps_item_image_7"]),
        (Field::Image(8), &["ps_item_image_8"]),
    ],
};
