//! The columns of each platform's order export, by the platform's own header names. A field may be
//! written under several names (the seller centre's languages, older exports); the first is the one
//! a refusal names. docs/platform-exports.md gives the full lists and their sources.

use crate::order::Platform;

/// What jpmall reads from an export line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    OrderNo,
    /// The platform's id of the line within the order (Douyin's 子订单编号, Lazada's order item id).
    LineId,
    ProductId,
    Title,
    SkuId,
    SellerSku,
    ParentSku,
    Variation,
    Quantity,
    UnitPrice,
    /// The line's amount after discounts (TikTok Shop's `SKU Subtotal After Discount`): what the
    /// buyer paid for the line's units together.
    PaidSubtotal,
    Recipient,
    Phone,
    Country,
    Province,
    City,
    District,
    Street,
    Detail,
    Detail2,
    PostCode,
    Status,
}

#[derive(Debug, PartialEq, Eq)]
pub struct Layout {
    pub platform: Platform,
    pub fields: &'static [(Field, &'static [&'static str])],
    /// Groups of fields of which the file must have at least one column each.
    pub required: &'static [&'static [Field]],
    /// Where the item's key comes from: the first of these the line fills.
    pub item_key: &'static [Field],
    /// Where the SKU's key comes from: the first of these the line fills.
    pub sku_key: &'static [Field],
    /// Address parts of a buyer outside China, small to large as the platform writes them (detail,
    /// town, district, province, country, post code), joined with commas.
    pub address: &'static [Field],
    /// Address parts of a buyer in China, large to small (province first, no country or post code),
    /// written one after another as Chinese addresses are.
    pub china_address: &'static [Field],
    /// The currency of a file whose price header names none (抖店 is always in yuan); empty when the
    /// platform's documentation names none.
    pub default_currency: &'static str,
    /// Lines carry no quantity: each line is one unit (Lazada writes one line per item).
    pub one_per_line: bool,
    /// The platform writes a row describing each column under the header (TikTok Shop's CSV).
    pub description_row: bool,
}

/// Header text compared without case, spaces (Lazada writes `Order Number` and `orderNumber`), a UTF-8 byte order mark, a trailing `*`
/// (Shopee marks required columns so) or a trailing bracketed note (Shopee's `Deal Price (PHP)`
/// names the shop's currency).
fn normal(header: &str) -> String {
    let text = header.trim_start_matches('\u{feff}').trim();
    let text = text.trim_end_matches(['*', '＊']).trim_end();
    let text = match text.strip_suffix(')') {
        Some(open) => open.rsplit_once('(').map(|(name, _)| name).unwrap_or(text),
        None => text,
    };
    text.trim_end_matches(['*', '＊'])
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The ISO 4217 code a header names in a trailing bracket: `Deal Price (PHP)` → `PHP`.
fn currency_in(header: &str) -> Option<String> {
    let text = header.trim().trim_end_matches(['*', '＊']).trim_end();
    let inner = text.strip_suffix(')')?.rsplit_once('(')?.1.trim();
    (inner.len() == 3 && inner.chars().all(|c| c.is_ascii_alphabetic())).then(|| inner.to_ascii_uppercase())
}

impl Layout {
    pub fn headers(&self, field: Field) -> &'static [&'static str] {
        self.fields
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, names)| *names)
            .unwrap_or(&[])
    }

    /// The column of `field` in `header`, if the file has it. When the file has several of the
    /// field's names, the name listed first wins wherever its column stands (Shopee writes
    /// `Original Price` before `Deal Price`; the buyer paid the deal price).
    pub fn column(&self, header: &[String], field: Field) -> Option<usize> {
        let header: Vec<String> = header.iter().map(|h| normal(h)).collect();
        self.headers(field)
            .iter()
            .find_map(|name| header.iter().position(|h| *h == normal(name)))
    }

    /// The file's currency: the ISO code a price header names (`Deal Price (PHP)`), else the
    /// platform's own currency when it has one (抖店: `CNY`), else empty (unknown).
    pub fn currency(&self, header: &[String]) -> String {
        [Field::UnitPrice, Field::PaidSubtotal]
            .iter()
            .filter_map(|f| self.column(header, *f))
            .find_map(|i| currency_in(&header[i]))
            .unwrap_or_else(|| self.default_currency.to_string())
    }

    /// The columns the layout needs, one per group by its first name, for a refusal that lists them.
    pub fn required_names(&self) -> Vec<&'static str> {
        self.required
            .iter()
            .filter_map(|group| self.headers(group[0]).first().copied())
            .collect()
    }

    /// The required columns the header lacks, by their first name.
    pub fn missing(&self, header: &[String]) -> Vec<&'static str> {
        self.required
            .iter()
            .filter(|group| group.iter().all(|f| self.column(header, *f).is_none()))
            .filter_map(|group| self.headers(group[0]).first().copied())
            .collect()
    }

    /// How many of the layout's fields the header has: which platform a file is most like.
    pub fn matched(&self, header: &[String]) -> usize {
        self.fields
            .iter()
            .filter(|(f, _)| self.column(header, *f).is_some())
            .count()
    }
}

pub fn layout_of(platform: Platform) -> &'static Layout {
    LAYOUTS
        .iter()
        .find(|l| l.platform == platform)
        .expect("every platform has a layout")
}

use Field::*;

pub static LAYOUTS: [Layout; 4] = [
    // 抖店 (Douyin shop) 订单导出.
    Layout {
        platform: Platform::Douyin,
        fields: &[
            (OrderNo, &["主订单编号", "订单编号", "订单号"]),
            (LineId, &["子订单编号"]),
            (ProductId, &["商品ID", "商品id"]),
            (Title, &["选购商品", "商品名称"]),
            (SellerSku, &["商家编码", "货号", "商品编码", "SKU编码"]),
            (Variation, &["商品规格", "规格"]),
            (Quantity, &["商品数量", "数量"]),
            (UnitPrice, &["商品单价", "商品金额", "单价"]),
            (Recipient, &["收件人", "收货人"]),
            (Phone, &["收件人手机号", "收件人电话", "联系电话"]),
            (Province, &["省"]),
            (City, &["市"]),
            (District, &["区"]),
            (Street, &["街道"]),
            (Detail, &["详细地址", "收件地址", "收货地址"]),
            (Status, &["订单状态"]),
        ],
        required: &[
            &[OrderNo],
            &[ProductId, Title],
            &[Variation, SellerSku],
            &[Quantity],
            &[Recipient],
            &[Phone],
            &[Detail],
        ],
        item_key: &[ProductId, Title],
        sku_key: &[SellerSku, Variation],
        address: &[Detail, Street, District, City, Province],
        china_address: &[Province, City, District, Street, Detail],
        default_currency: "CNY",
        one_per_line: false,
        description_row: false,
    },
    // TikTok Shop seller center, Orders > Export (CSV).
    Layout {
        platform: Platform::Tiktok,
        fields: &[
            (OrderNo, &["Order ID"]),
            (ProductId, &["Product ID"]),
            (Title, &["Product Name"]),
            (SkuId, &["SKU ID"]),
            (SellerSku, &["Seller SKU"]),
            (Variation, &["Variation"]),
            (Quantity, &["Quantity"]),
            (UnitPrice, &["SKU Unit Original Price", "SKU Unit Price"]),
            (PaidSubtotal, &["SKU Subtotal After Discount"]),
            (Recipient, &["Recipient"]),
            (Phone, &["Phone #", "Phone"]),
            (Country, &["Country"]),
            (Province, &["State", "Province"]),
            (City, &["City", "Regency and City"]),
            (District, &["Districts", "District"]),
            (Street, &["Villages", "Commune"]),
            (Detail, &["Detail Address", "Address Line 1"]),
            (Detail2, &["Additional address information", "Address Line 2"]),
            (PostCode, &["Zipcode", "Zip Code", "Postcode"]),
            (Status, &["Order Status"]),
        ],
        required: &[
            &[OrderNo],
            &[SkuId, SellerSku],
            &[Quantity],
            &[Recipient],
            &[Phone],
            &[Detail],
        ],
        item_key: &[ProductId, Title],
        sku_key: &[SkuId, SellerSku, Variation],
        address: &[
            Detail, Detail2, Street, District, City, Province, Country, PostCode,
        ],
        china_address: &[Province, City, District, Street, Detail, Detail2],
        default_currency: "",
        one_per_line: false,
        description_row: true,
    },
    // Shopee Seller Centre, My Orders > Export (xlsx), English and the China seller centre's Chinese.
    Layout {
        platform: Platform::Shopee,
        fields: &[
            (OrderNo, &["Order ID", "订单编号", "訂單編號"]),
            (Title, &["Product Name", "商品名称", "商品名稱"]),
            (
                ParentSku,
                &["Parent SKU Reference No.", "主商品货号", "主商品貨號"],
            ),
            (SellerSku, &["SKU Reference No.", "商品选项货号", "商品選項貨號"]),
            (Variation, &["Variation Name", "商品选项名称", "商品選項名稱"]),
            (Quantity, &["Quantity", "数量", "數量"]),
            (
                UnitPrice,
                &[
                    "Deal Price",
                    "商品活动价格",
                    "商品活動價格",
                    "Original Price",
                    "商品原价",
                ],
            ),
            (Recipient, &["Receiver Name", "收件人姓名", "收件者姓名"]),
            (Phone, &["Phone Number", "收件人电话", "收件者電話"]),
            (Detail, &["Delivery Address", "收件地址", "寄送地址"]),
            (Street, &["Town"]),
            (District, &["District"]),
            (Province, &["Province"]),
            (Country, &["Country"]),
            (PostCode, &["Zip Code"]),
            (Status, &["Order Status", "订单状态", "訂單狀態"]),
        ],
        required: &[
            &[OrderNo],
            &[Title, ParentSku],
            &[SellerSku, Variation],
            &[Quantity],
            &[Recipient],
            &[Phone],
            &[Detail],
        ],
        item_key: &[ParentSku, Title],
        sku_key: &[SellerSku, Variation],
        address: &[Detail, Street, District, Province, Country, PostCode],
        // A buyer in China: the delivery address as Shopee writes it, which already holds the rest.
        china_address: &[Detail],
        default_currency: "",
        one_per_line: false,
        description_row: false,
    },
    // Lazada Seller Center, Orders > Export (xlsx or csv): one line per item unit.
    Layout {
        platform: Platform::Lazada,
        fields: &[
            (OrderNo, &["Order Number", "orderNumber"]),
            (LineId, &["Order Item Id", "orderItemId"]),
            (Title, &["Item Name", "itemName"]),
            (SkuId, &["Lazada SKU", "lazadaSku"]),
            (SellerSku, &["Seller SKU", "sellerSku"]),
            (Variation, &["Variation", "variation"]),
            (UnitPrice, &["Paid Price", "paidPrice", "Unit Price", "unitPrice"]),
            (Recipient, &["Shipping Name", "shippingName"]),
            (
                Phone,
                &["Shipping Phone Number", "Shipping Phone", "shippingPhone"],
            ),
            (Country, &["Shipping Country", "shippingCountry"]),
            (Province, &["Shipping Region", "shippingRegion"]),
            (City, &["Shipping City", "shippingCity"]),
            (Detail, &["Shipping Address", "shippingAddress"]),
            (Detail2, &["Shipping Address2", "shippingAddress2"]),
            (PostCode, &["Shipping Post Code", "shippingPostCode"]),
            (Status, &["Status", "status"]),
        ],
        required: &[
            &[OrderNo],
            &[SkuId, SellerSku],
            &[Title],
            &[Recipient],
            &[Phone],
            &[Detail],
        ],
        item_key: &[Title],
        sku_key: &[SkuId, SellerSku, Variation],
        address: &[Detail, Detail2, City, Province, Country, PostCode],
        china_address: &[Province, City, Detail, Detail2],
        default_currency: "",
        one_per_line: true,
        description_row: false,
    },
];
