//! The 抖店 package's cells and paths: the SKU table as a seller types it into 发布商品, every SKU's
//! 商家编码 its jpmall SKU id, and the folders in the package's order.

use super::*;

fn sku(sku_id: &str, colour: &str, size: &str, price: i64, stock: i64) -> DouyinSku {
    DouyinSku {
        sku_id: sku_id.into(),
        colour: colour.into(),
        size: size.into(),
        price: Fen(price),
        stock,
    }
}

/// A cardigan in two colours and two sizes, as a shop lists it.
fn cardigan() -> DouyinProduct {
    DouyinProduct {
        product_id: "10002".into(),
        item_no: "A-1024".into(),
        title: "【现货】女士针织开衫".into(),
        skus: vec![
            sku("10002-0-0", "黑色", "M", 5990, 12),
            sku("10002-0-1", "黑色", "L", 5990, 0),
            sku("10002-1-0", "燕麦色", "M", 6290, 3),
            sku("10002-1-1", "燕麦色", "L", 6290, -2),
        ],
        main_pictures: 3,
        detail_pictures: 2,
    }
}

fn codes(sheet: &ProductSheet) -> Vec<&str> {
    sheet.rows.iter().map(|r| r.code.as_str()).collect()
}

#[test]
fn a_spec_is_the_colour_and_the_size_or_the_one_given() {
    assert_eq!(spec("黑色", "M"), "黑色 / M");
    assert_eq!(spec("黑色", ""), "黑色");
    assert_eq!(spec("", "XL"), "XL");
    assert_eq!(spec("", ""), "");
}

#[test]
fn every_sku_is_a_row_with_its_jpmall_id_as_its_code_in_the_order_given() {
    let sheet = sheet(&cardigan()).unwrap();
    assert_eq!(sheet.title, "【现货】女士针织开衫");
    assert_eq!(sheet.item_no, "A-1024");
    assert_eq!(
        codes(&sheet),
        ["10002-0-0", "10002-0-1", "10002-1-0", "10002-1-1"]
    );
    assert_eq!(
        sheet.rows[2],
        SkuRow {
            spec: "燕麦色 / M".into(),
            colour: "燕麦色".into(),
            size: "M".into(),
            price: Fen(6290),
            stock: 3,
            code: "10002-1-0".into(),
        }
    );
    assert_eq!(sheet.rows[1].stock, 0);
    assert_eq!(sheet.rows[3].stock, 0, "a stock below zero is listed as none");
}

#[test]
fn a_sku_without_a_colour_or_a_size_others_have_gets_the_default_value() {
    let mut product = cardigan();
    product.skus = vec![
        sku("S1", "黑色", "", 100, 1),
        sku("S2", "", "L", 100, 1),
        sku("S3", "黑色", "L", 100, 1),
    ];
    let rows = sheet(&product).unwrap().rows;
    let specs: Vec<(&str, &str, &str)> = rows
        .iter()
        .map(|r| (r.spec.as_str(), r.colour.as_str(), r.size.as_str()))
        .collect();
    assert_eq!(
        specs,
        [
            ("黑色 / 均码", "黑色", NO_SIZE),
            ("默认 / L", NO_COLOUR, "L"),
            ("黑色 / L", "黑色", "L"),
        ]
    );
}

#[test]
fn a_product_of_sizes_only_has_no_colour_and_one_of_neither_has_the_default_colour() {
    let mut tee = cardigan();
    tee.skus = vec![sku("T1", "", "L", 1990, 3), sku("T2", " ", "XL", 1990, 4)];
    let rows = sheet(&tee).unwrap().rows;
    assert_eq!(
        rows.iter()
            .map(|r| (r.spec.as_str(), r.colour.as_str()))
            .collect::<Vec<_>>(),
        [("L", ""), ("XL", "")]
    );
    let mut scarf = cardigan();
    scarf.skus = vec![sku("F1", "", "", 990, 1)];
    let row = &sheet(&scarf).unwrap().rows[0];
    assert_eq!(
        (row.spec.as_str(), row.colour.as_str(), row.size.as_str()),
        ("默认", "默认", "")
    );
}

#[test]
fn text_with_line_breaks_is_one_line() {
    let mut product = cardigan();
    product.title = " 女士\n针织开衫\t".into();
    product.skus = vec![sku("S1", "黑\r\n色", "M\u{2028}", 100, 1)];
    let sheet = sheet(&product).unwrap();
    assert_eq!(sheet.title, "女士 针织开衫");
    assert_eq!(sheet.rows[0].spec, "黑  色 / M");
}

#[test]
fn a_code_the_import_would_not_read_back_as_written_is_refused() {
    assert!(code_fits("10002-0-1"));
    assert!(code_fits("P0a1b2c3d4e5f-00000001"));
    for bad in [
        "",
        "-",
        "--",
        "'10002-0-1",
        "10002 0 1",
        " 10002-0-1",
        "a\tb",
        "a\u{0}b",
    ] {
        assert!(!code_fits(bad), "{bad:?}");
    }
    assert!(code_fits(&"a".repeat(MAX_CODE_BYTES)));
    assert!(!code_fits(&"a".repeat(MAX_CODE_BYTES + 1)));
    let mut product = cardigan();
    product.skus[1].sku_id = "--".into();
    let error = check(&product).unwrap_err();
    assert_eq!(error.key(), "listing.douyin_code_unfit");
    assert_eq!(error.params(), [("sku", "--".to_string())]);
}

#[test]
fn a_product_that_cannot_be_listed_is_refused_by_name() {
    let mut none = cardigan();
    none.skus.clear();
    let error = check(&none).unwrap_err();
    assert_eq!(
        (error.key(), error.params()),
        ("listing.no_skus", vec![("product", "10002".to_string())])
    );

    let mut free = cardigan();
    free.skus[2].price = Fen(0);
    assert_eq!(
        check(&free).unwrap_err(),
        DouyinError::PriceNotPositive {
            sku_id: "10002-1-0".into()
        }
    );

    // Two SKUs 抖店 could not tell apart: the second 黑色 / M, and a blank size beside 均码.
    let mut twice = cardigan();
    twice.skus[1].size = " M ".into();
    let error = check(&twice).unwrap_err();
    assert_eq!(error.key(), "listing.spec_twice");
    assert_eq!(
        error.params(),
        [
            ("product", "10002".to_string()),
            ("colour", "黑色".to_string()),
            ("size", "M".to_string())
        ]
    );
    let mut blank = cardigan();
    blank.skus = vec![sku("S1", "黑色", "", 100, 1), sku("S2", "黑色", NO_SIZE, 100, 1)];
    assert_eq!(check(&blank).unwrap_err().key(), "listing.spec_twice");
}

#[test]
fn folders_are_numbered_in_the_packages_order() {
    assert_eq!(folder_name(1, 3, "女士针织开衫"), "1-女士针织开衫");
    assert_eq!(folder_name(3, 3, "女士针织开衫"), "3-女士针织开衫");
    assert_eq!(folder_name(2, 12, "T恤"), "02-T恤");
    assert_eq!(folder_name(12, 12, "T恤"), "12-T恤");
    assert_eq!(folder_name(7, 200, "T恤"), "007-T恤");
    assert_eq!(folder_name(4, 9, " "), "4");
    // Sorted as text, the folders keep the package's order.
    let mut names: Vec<String> = (1..=12).map(|n| folder_name(n, 12, "x")).collect();
    let ordered = names.clone();
    names.sort();
    assert_eq!(names, ordered);
}

#[test]
fn a_folder_holds_the_workbook_then_the_pictures_numbered_from_one() {
    let files = product_files("douyin-20260601120000", "1-女士针织开衫", &cardigan());
    let listed: Vec<(&str, FileKind)> = files.iter().map(|f| (f.path.as_str(), f.kind)).collect();
    assert_eq!(
        listed,
        [
            (
                "douyin-20260601120000/1-女士针织开衫/商品信息.xlsx",
                FileKind::Workbook
            ),
            (
                "douyin-20260601120000/1-女士针织开衫/主图-1.jpg",
                FileKind::Main(1)
            ),
            (
                "douyin-20260601120000/1-女士针织开衫/主图-2.jpg",
                FileKind::Main(2)
            ),
            (
                "douyin-20260601120000/1-女士针织开衫/主图-3.jpg",
                FileKind::Main(3)
            ),
            (
                "douyin-20260601120000/1-女士针织开衫/详情-1.jpg",
                FileKind::Detail(1)
            ),
            (
                "douyin-20260601120000/1-女士针织开衫/详情-2.jpg",
                FileKind::Detail(2)
            ),
        ]
    );
    let bare = DouyinProduct {
        skus: vec![sku("S1", "", "", 100, 1)],
        ..DouyinProduct::default()
    };
    assert_eq!(
        product_files("p", "1", &bare).len(),
        1,
        "the workbook even without pictures"
    );
}

#[test]
fn the_sku_table_has_the_columns_a_seller_types_into_douyin() {
    assert_eq!(SKU_HEADERS, ["规格", "颜色", "尺码", "价格", "库存", "商家编码"]);
}
