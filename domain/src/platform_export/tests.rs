use super::writeback::{self, Shipped};
use super::*;
use crate::order::Courier;

fn strings(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

const DOUYIN: [&str; 16] = [
    "主订单编号",
    "子订单编号",
    "选购商品",
    "商品规格",
    "商品数量",
    "商品ID",
    "商家编码",
    "商品单价",
    "收件人",
    "收件人手机号",
    "省",
    "市",
    "区",
    "街道",
    "详细地址",
    "订单状态",
];

#[test]
fn each_platform_is_known_by_its_own_columns() {
    let tiktok = strings(&[
        "Order ID",
        "Order Status",
        "SKU ID",
        "Seller SKU",
        "Product Name",
        "Variation",
        "Quantity",
        "SKU Unit Original Price",
        "Recipient",
        "Phone #",
        "Country",
        "State",
        "City",
        "Detail Address",
    ]);
    let shopee = strings(&[
        "Order ID",
        "Order Status",
        "Tracking Number*",
        "Parent SKU Reference No.",
        "Product Name",
        "SKU Reference No.",
        "Variation Name",
        "Original Price",
        "Deal Price (PHP)",
        "Quantity",
        "Receiver Name",
        "Phone Number",
        "Delivery Address",
    ]);
    let lazada = strings(&[
        "orderItemId",
        "sellerSku",
        "lazadaSku",
        "orderNumber",
        "shippingName",
        "shippingAddress",
        "shippingPhone",
        "shippingCity",
        "unitPrice",
        "itemName",
        "variation",
        "status",
    ]);
    assert_eq!(
        detect(&strings(&DOUYIN), None).unwrap().platform,
        Platform::Douyin
    );
    assert_eq!(detect(&tiktok, None).unwrap().platform, Platform::Tiktok);
    assert_eq!(detect(&shopee, None).unwrap().platform, Platform::Shopee);
    assert_eq!(detect(&lazada, None).unwrap().platform, Platform::Lazada);
    // Lazada's older title-case headers are the same columns.
    let titled = strings(&[
        "Order Number",
        "Seller SKU",
        "Item Name",
        "Shipping Name",
        "Shipping Phone Number",
        "Shipping Address",
    ]);
    assert_eq!(detect(&titled, None).unwrap().platform, Platform::Lazada);
    // A chosen platform is held to its own columns.
    assert_eq!(
        detect(&tiktok, Some(Platform::Douyin)),
        Err(LayoutError::Lacks {
            platform: Platform::Douyin,
            missing: vec![
                "主订单编号",
                "商品ID",
                "商品规格",
                "商品数量",
                "收件人",
                "收件人手机号",
                "详细地址"
            ],
        })
    );
}

#[test]
fn an_unknown_layout_names_the_columns_it_lacks() {
    let header = strings(&["主订单编号", "选购商品", "商品规格", "商品数量", "收件人"]);
    assert_eq!(
        detect(&header, Some(Platform::Douyin)),
        Err(LayoutError::Lacks {
            platform: Platform::Douyin,
            missing: vec!["收件人手机号", "详细地址"],
        })
    );
    assert_eq!(detect(&strings(&["", " "]), None), Err(LayoutError::Empty));
}

#[test]
fn a_file_that_is_no_platforms_export_is_refused_as_such_naming_each_platform_and_the_closest() {
    // An ERP's own order sheet: 抖店's column names, but not its layout.
    let erp = strings(&["订单号", "收货人", "联系电话", "收货地址", "商品编码", "数量"]);
    let Err(LayoutError::Unrecognised {
        needs,
        closest,
        missing,
    }) = detect(&erp, None)
    else {
        panic!("{:?}", detect(&erp, None));
    };
    assert_eq!(closest, Platform::Douyin);
    assert_eq!(missing, vec!["商品ID"], "no product id or title");
    let platforms: Vec<Platform> = needs.iter().map(|(p, _)| *p).collect();
    assert_eq!(
        platforms,
        vec![
            Platform::Douyin,
            Platform::Tiktok,
            Platform::Shopee,
            Platform::Lazada
        ]
    );
    let shopee = &needs[2].1;
    assert!(
        shopee.contains(&"Deal Price") || shopee.contains(&"Order ID"),
        "{shopee:?}"
    );
    assert_eq!(needs[3].1[0], "Order Number");
    // Chosen, the same file keeps the platform's own refusal.
    assert!(matches!(
        detect(&erp, Some(Platform::Douyin)),
        Err(LayoutError::Lacks {
            platform: Platform::Douyin,
            ..
        })
    ));
}

#[test]
fn the_price_is_the_one_the_buyer_paid_whatever_the_column_order() {
    // Shopee writes Original Price before Deal Price; the alias listed first wins, not the column.
    let header = strings(&[
        "Order ID",
        "Product Name",
        "Variation Name",
        "Original Price (PHP)",
        "Deal Price (PHP)",
        "Quantity",
        "Receiver Name",
        "Phone Number",
        "Delivery Address",
    ]);
    let layout = detect(&header, None).unwrap();
    assert_eq!(layout.platform, Platform::Shopee);
    assert_eq!(layout.column(&header, Field::UnitPrice), Some(4));
    let rows = vec![(
        2,
        strings(&[
            "1",
            "Cardigan",
            "Pink,M",
            "399.00",
            "299.00",
            "1",
            "Ana",
            "09171234567",
            "7 Luna St",
        ]),
    )];
    assert_eq!(read_lines(layout, &header, &rows)[0].unit_price, Some(29_900));
    assert_eq!(layout.currency(&header), "PHP");

    // Lazada: paidPrice before unitPrice, wherever each stands.
    let lazada = strings(&[
        "orderNumber",
        "sellerSku",
        "itemName",
        "shippingName",
        "shippingPhone",
        "shippingAddress",
        "unitPrice",
        "paidPrice",
    ]);
    let layout = detect(&lazada, None).unwrap();
    let rows = vec![(
        2,
        strings(&[
            "3",
            "S",
            "Tee",
            "Siti",
            "60123456789",
            "Jalan 1",
            "20.00",
            "18.50",
        ]),
    )];
    assert_eq!(read_lines(layout, &lazada, &rows)[0].unit_price, Some(1850));
    assert_eq!(layout.currency(&lazada), "", "Lazada names no currency: unknown");

    // TikTok: the subtotal after discount over the quantity, half up; the unit price without it.
    let tiktok = strings(&[
        "Order ID",
        "SKU ID",
        "Quantity",
        "SKU Unit Original Price",
        "SKU Subtotal After Discount",
        "Recipient",
        "Phone #",
        "Detail Address",
    ]);
    let layout = detect(&tiktok, None).unwrap();
    let rows = vec![
        (
            2,
            strings(&["1", "9", "3", "12.50", "25.00", "Ann", "5551234567", "1 Main St"]),
        ),
        (
            3,
            strings(&["2", "9", "2", "12.50", "", "Ann", "5551234567", "1 Main St"]),
        ),
    ];
    let lines = read_lines(layout, &tiktok, &rows);
    assert_eq!(lines[0].unit_price, Some(833), "25.00 / 3 = 8.333…");
    assert_eq!(lines[1].unit_price, Some(1250));
}

#[test]
fn the_files_currency_is_the_code_its_price_header_names_else_the_platforms() {
    let douyin = detect(&strings(&DOUYIN), None).unwrap();
    assert_eq!(douyin.currency(&strings(&DOUYIN)), "CNY");
    let shopee = layout_of(Platform::Shopee);
    assert_eq!(shopee.currency(&strings(&["Deal Price (MYR)"])), "MYR");
    assert_eq!(shopee.currency(&strings(&["Deal Price*"])), "");
    assert_eq!(shopee.currency(&strings(&["Deal Price (Y/N)"])), "");
    let tiktok = layout_of(Platform::Tiktok);
    assert_eq!(
        tiktok.currency(&strings(&[
            "SKU Unit Original Price",
            "SKU Subtotal After Discount(usd)"
        ])),
        "USD"
    );
}

#[test]
fn a_foreign_address_is_kept_whole_and_a_chinese_one_split_as_before() {
    let header = strings(&[
        "Order ID",
        "Product Name",
        "Variation Name",
        "Deal Price (PHP)",
        "Quantity",
        "Receiver Name",
        "Phone Number",
        "Delivery Address",
        "Town",
        "District",
        "Province",
        "Country",
        "Zip Code",
    ]);
    let layout = detect(&header, None).unwrap();
    let row = |detail: &str, town: &str, district: &str, province: &str, country: &str, zip: &str| {
        strings(&[
            "1",
            "Cardigan",
            "Pink,M",
            "299.00",
            "1",
            "Maria",
            "09171234567",
            detail,
            town,
            district,
            province,
            country,
            zip,
        ])
    };
    let rows = vec![
        (
            2,
            row(
                "12 Rizal Ave",
                "Poblacion",
                "Makati City",
                "Metro Manila",
                "Philippines",
                "1210",
            ),
        ),
        (3, row("江苏省南京市玄武区中山路18号", "", "", "", "China", "")),
        (4, row("江苏省南京市玄武区中山路18号", "", "", "", "", "")),
    ];
    let lines = read_lines(layout, &header, &rows);
    assert_eq!(
        lines[0].address,
        "12 Rizal Ave, Poblacion, Makati City, Metro Manila, Philippines, 1210"
    );
    assert_eq!(lines[1].address, "江苏省南京市玄武区中山路18号");
    assert_eq!(lines[2].address, "江苏省南京市玄武区中山路18号");

    // TikTok's Zipcode and Lazada's shippingPostCode are part of a foreign address.
    let tiktok = strings(&[
        "Order ID",
        "SKU ID",
        "Quantity",
        "Recipient",
        "Phone #",
        "Country",
        "State",
        "City",
        "Zipcode",
        "Detail Address",
        "Additional address information",
    ]);
    let layout = detect(&tiktok, None).unwrap();
    let rows = vec![(
        2,
        strings(&[
            "1",
            "9",
            "1",
            "Ann",
            "5551234567",
            "United States",
            "California",
            "Los Angeles",
            "90001",
            "1 Main St",
            "Apt 2",
        ]),
    )];
    assert_eq!(
        read_lines(layout, &tiktok, &rows)[0].address,
        "1 Main St, Apt 2, Los Angeles, California, United States, 90001"
    );
    let lazada = strings(&[
        "orderNumber",
        "sellerSku",
        "itemName",
        "shippingName",
        "shippingPhone",
        "shippingAddress",
        "shippingCity",
        "shippingPostCode",
        "shippingCountry",
    ]);
    let layout = detect(&lazada, None).unwrap();
    let rows = vec![(
        2,
        strings(&[
            "3",
            "S",
            "Tee",
            "Siti",
            "60123456789",
            "Jalan Ampang 1",
            "Kuala Lumpur",
            "50450",
            "Malaysia",
        ]),
    )];
    assert_eq!(
        read_lines(layout, &lazada, &rows)[0].address,
        "Jalan Ampang 1, Kuala Lumpur, Malaysia, 50450"
    );
}

#[test]
fn douyin_lines_are_read_with_their_keys_price_and_address() {
    let header = strings(&DOUYIN);
    let layout = detect(&header, None).unwrap();
    let rows = vec![
        (
            2,
            strings(&[
                "6921234567890123456\t",
                "6921234567890123457",
                "春秋连帽卫衣",
                "黑色;L",
                "2",
                "3581234567",
                "'JP1001-BK-L",
                "¥59.90",
                "张三",
                "13800138000",
                "广东省",
                "深圳市",
                "南山区",
                "粤海街道",
                "科技园路1号",
                "待发货",
            ]),
        ),
        (
            3,
            strings(&["", "", "", "", "", "", "", "", "", "", "", "", "", "", "", ""]),
        ),
        (
            4,
            strings(&[
                "6921234567890123999",
                "-",
                "春秋连帽卫衣",
                "白色;M",
                "1.0",
                "3581234567",
                "-",
                "59.9",
                "李**",
                "138****0000",
                "广东省",
                "深圳市",
                "南山区",
                "-",
                "#7pQw3vX9a0Kz#",
                "待发货",
            ]),
        ),
        (
            5,
            strings(&[
                "6921234567890124000",
                "",
                "春秋连帽卫衣",
                "白色;M",
                "1",
                "3581234567",
                "",
                "59.9",
                "王五",
                "13900139000",
                "广东省",
                "深圳市",
                "南山区",
                "",
                "广东省深圳市南山区科技园路2号",
                "已关闭",
            ]),
        ),
    ];
    let lines = read_lines(layout, &header, &rows);
    assert_eq!(lines.len(), 3, "the blank row is left out");
    let first = &lines[0];
    assert_eq!(first.row, 2);
    assert_eq!(first.source_order_no, "6921234567890123456");
    assert_eq!(first.line_id, "6921234567890123457");
    assert_eq!(
        (first.item_key.as_str(), first.sku_key.as_str()),
        ("3581234567", "JP1001-BK-L")
    );
    assert_eq!((first.quantity, first.unit_price), (2, Some(5990)));
    assert_eq!(first.address, "广东省深圳市南山区粤海街道科技园路1号");
    assert!(first.hidden.is_empty());
    assert_eq!(first.problem, None);

    let masked = &lines[1];
    assert_eq!(
        masked.sku_key, "白色;M",
        "without a seller code the variation names the SKU"
    );
    assert_eq!(masked.quantity, 1);
    assert_eq!(masked.hidden, vec!["recipient", "phone", "address"]);
    assert_eq!(
        (
            masked.recipient.as_str(),
            masked.phone.as_str(),
            masked.address.as_str()
        ),
        ("", "", "")
    );
    assert_eq!(
        masked.problem, None,
        "a hidden buyer can still be ordered with a label"
    );

    let closed = &lines[2];
    assert_eq!(
        closed.address, "广东省深圳市南山区科技园路2号",
        "a full 详细地址 is not prefixed twice"
    );
    assert_eq!(closed.problem, Some(Problem::NotAwaitingShipment));
}

#[test]
fn tiktok_lines_keep_the_sku_id_as_key_and_the_seller_sku_as_seller_code() {
    let header = strings(&[
        "Order ID",
        "SKU ID",
        "Seller SKU",
        "Product Name",
        "Variation",
        "Quantity",
        "Recipient",
        "Phone #",
        "Detail Address",
        "Order Status",
    ]);
    let layout = detect(&header, None).unwrap();
    assert_eq!(layout.platform, Platform::Tiktok);
    let row = |row: usize, seller_sku: &str| {
        (
            row,
            strings(&[
                "576461413038785752",
                "1729382256910270",
                seller_sku,
                "Hoodie",
                "Black, L",
                "1",
                "Ann",
                "5550100",
                "1 Main St",
                "To ship",
            ]),
        )
    };
    let lines = read_lines(layout, &header, &[row(2, "K1001"), row(3, " -")]);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].sku_key, "1729382256910270");
    assert_eq!(lines[0].seller_code, "K1001");
    assert_eq!(lines[0].problem, None);
    assert_eq!(lines[1].sku_key, "1729382256910270");
    assert_eq!(lines[1].seller_code, "", "an empty seller SKU is no code");

    // A layout without a seller SKU column carries no seller code.
    let header = strings(&[
        "Order ID",
        "SKU ID",
        "Product Name",
        "Quantity",
        "Recipient",
        "Phone #",
        "Detail Address",
    ]);
    let layout = detect(&header, None).unwrap();
    let rows = vec![(
        2,
        strings(&[
            "576461413038785752",
            "1729382256910270",
            "Hoodie",
            "1",
            "Ann",
            "5550100",
            "1 Main St",
        ]),
    )];
    let lines = read_lines(layout, &header, &rows);
    assert_eq!(lines[0].sku_key, "1729382256910270");
    assert_eq!(lines[0].seller_code, "");
}

#[test]
fn tiktok_skips_its_description_row_and_lazada_counts_one_per_line() {
    let header = strings(&[
        "Order ID",
        "SKU ID",
        "Product Name",
        "Variation",
        "Quantity",
        "Recipient",
        "Phone #",
        "Detail Address",
        "Order Status",
    ]);
    let layout = detect(&header, None).unwrap();
    let rows = vec![
        (
            2,
            strings(&[
                "Platform unique order ID.",
                "Platform unique SKU ID.",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
            ]),
        ),
        (
            3,
            strings(&[
                "576461413038785752",
                "1729382256910270",
                "Hoodie",
                "Black, L",
                "x",
                "Ann",
                "(+1)555*****12",
                "1 Main St",
                "To ship",
            ]),
        ),
    ];
    let lines = read_lines(layout, &header, &rows);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].sku_key, "1729382256910270");
    assert_eq!(lines[0].problem, Some(Problem::QuantityInvalid));
    assert_eq!(lines[0].hidden, vec!["phone"]);

    let header = strings(&[
        "orderItemId",
        "orderNumber",
        "sellerSku",
        "lazadaSku",
        "itemName",
        "shippingName",
        "shippingPhone",
        "shippingAddress",
        "shippingCity",
        "status",
    ]);
    let layout = detect(&header, None).unwrap();
    let rows = vec![(
        2,
        strings(&[
            "11",
            "300",
            "JP1001",
            "123_MY-9",
            "Hoodie",
            "Ali",
            "60123456789",
            "Jalan 1",
            "Kuala Lumpur",
            "pending",
        ]),
    )];
    let lines = read_lines(layout, &header, &rows);
    assert_eq!(lines[0].quantity, 1);
    assert_eq!(lines[0].line_id, "11");
    assert_eq!(lines[0].sku_key, "123_MY-9");
    assert_eq!(lines[0].address, "Jalan 1, Kuala Lumpur");
}

#[test]
fn a_buyer_in_china_is_addressed_as_chinese_addresses_are() {
    let header = strings(&[
        "Order ID",
        "SKU ID",
        "Quantity",
        "Recipient",
        "Phone #",
        "Country",
        "State",
        "City",
        "Districts",
        "Detail Address",
    ]);
    let layout = detect(&header, None).unwrap();
    let rows = vec![(
        2,
        strings(&[
            "1",
            "9",
            "1",
            "刘洋",
            "13700137000",
            "China",
            "浙江省",
            "杭州市",
            "西湖区",
            "文三路100号",
        ]),
    )];
    assert_eq!(
        read_lines(layout, &header, &rows)[0].address,
        "浙江省杭州市西湖区文三路100号"
    );
}

#[test]
fn prices_are_read_exactly_in_fen() {
    assert_eq!(price_fen("59.90"), Some(5990));
    assert_eq!(price_fen("¥59.9"), Some(5990));
    assert_eq!(price_fen("RM 1,299.00"), Some(129_900));
    assert_eq!(price_fen("₱120"), Some(12_000));
    assert_eq!(price_fen(".5"), Some(50));
    assert_eq!(price_fen(""), None);
    assert_eq!(price_fen("1.2.3"), None);
    assert_eq!(price_fen("0.125"), None);
    assert_eq!(price_fen("-3"), None);
}

#[test]
fn hidden_text_is_masked_or_encrypted_never_an_ordinary_value() {
    assert!(hidden_text("张*", "recipient"));
    assert!(hidden_text("138****0000", "phone"));
    assert!(hidden_text("$AbCdEf0123456789$", "phone"));
    assert!(hidden_text("~AbCdEf0123456789~", "recipient"));
    assert!(hidden_text("科技园路**号", "address"));
    assert!(!hidden_text("3号楼*2单元", "address"));
    assert!(!hidden_text("张三", "recipient"));
    assert!(!hidden_text("#12 Main St #4", "address"));
    assert!(!hidden_text("", "phone"));
}

#[test]
fn write_back_rows_follow_each_platforms_template() {
    let shipped = [Shipped {
        source_order_no: "6921234567890123456".into(),
        line_ids: vec!["a1".into(), "a2".into()],
        courier: Courier::Zto,
        tracking_no: "ZT100".into(),
    }];
    assert_eq!(
        writeback::rows(Platform::Douyin, &shipped),
        vec![strings(&["6921234567890123456", "中通快递", "ZT100"])]
    );
    let tiktok = writeback::rows(Platform::Tiktok, &shipped);
    let columns = writeback::layout(Platform::Tiktok).columns;
    assert_eq!(tiktok[0].len(), columns.len());
    assert_eq!(tiktok[0][3], "ZT100");
    assert_eq!(tiktok[0][4], "ZTO Express");
    assert_eq!(
        writeback::rows(Platform::Lazada, &shipped),
        vec![
            strings(&["6921234567890123456", "a1", "ZT100", "ZTO Express"]),
            strings(&["6921234567890123456", "a2", "ZT100", "ZTO Express"]),
        ]
    );
    for platform in Platform::ALL {
        for row in writeback::rows(platform, &shipped) {
            assert_eq!(
                row.len(),
                writeback::layout(platform).columns.len(),
                "{platform:?}"
            );
        }
    }
}
