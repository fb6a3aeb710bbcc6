use super::sheet::{fill, split};
use super::workbook::{rels_path, sheets, workbook_path};
use super::*;
use crate::money::Fen;

const PREFIX: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:C6"/><sheetData><row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c></row><row r="6"><c r="A6" s="3"/></row>"#;
const DROPPED: &str =
    r#"<row r="7" s="2" customFormat="1"><c r="A7" s="2"/></row><row r="8"><c r="B8"><v>1</v></c></row>"#;
const SUFFIX: &str = r#"</sheetData><dataValidations count="1"><dataValidation sqref="C7:C1000"/></dataValidations><pageMargins left="0.7"/></worksheet>"#;

fn text(s: &str) -> Cell {
    Cell::Text(s.to_string())
}

#[test]
fn a_fill_keeps_the_prefix_and_the_suffix_byte_for_byte() {
    let xml = format!("{PREFIX}{DROPPED}{SUFFIX}");
    let rows: Vec<Row> = vec![
        vec![(0, text("a & b < c > \"d\"")), (2, Cell::Number("299.04".into()))],
        vec![
            (1, text("line\nbreak\u{0}end\u{FFFE}")),
            (27, Cell::Number("12".into())),
        ],
    ];
    let filled = String::from_utf8(fill(xml.as_bytes(), 7, &rows).unwrap()).unwrap();
    assert!(filled.starts_with(PREFIX), "{filled}");
    assert!(filled.ends_with(SUFFIX), "{filled}");
    let middle = &filled[PREFIX.len()..filled.len() - SUFFIX.len()];
    assert_eq!(
        middle,
        "<row r=\"7\"><c r=\"A7\" t=\"inlineStr\"><is><t>a &amp; b &lt; c &gt; &quot;d&quot;</t></is></c>\
         <c r=\"C7\"><v>299.04</v></c></row>\
         <row r=\"8\"><c r=\"B8\" t=\"inlineStr\"><is><t>line break end</t></is></c>\
         <c r=\"AB8\"><v>12</v></c></row>"
    );
    // Rows already at the data row (formatted blanks) are replaced; none above it is touched.
    assert!(!filled.contains("customFormat"));
    // The XML still reads.
    let mut reader = quick_xml::Reader::from_str(&filled);
    loop {
        match reader.read_event().unwrap() {
            quick_xml::events::Event::Eof => break,
            _ => continue,
        }
    }
}

#[test]
fn rows_continue_from_the_data_row_and_a_sheet_without_rows_gets_them() {
    let split = split(format!("{PREFIX}{SUFFIX}").as_bytes(), 7).unwrap();
    assert_eq!((split.head, split.tail), (PREFIX.len(), PREFIX.len()));
    let empty = r#"<x:worksheet xmlns:x="m"><x:sheetData/><x:pageMargins/></x:worksheet>"#;
    let rows: Vec<Row> = (0..3).map(|n| vec![(0, Cell::Number(n.to_string()))]).collect();
    let filled = String::from_utf8(fill(empty.as_bytes(), 6, &rows).unwrap()).unwrap();
    assert_eq!(
        filled,
        "<x:worksheet xmlns:x=\"m\"><x:sheetData><x:row r=\"6\"><x:c r=\"A6\"><x:v>0</x:v></x:c></x:row>\
         <x:row r=\"7\"><x:c r=\"A7\"><x:v>1</x:v></x:c></x:row>\
         <x:row r=\"8\"><x:c r=\"A8\"><x:v>2</x:v></x:c></x:row></x:sheetData><x:pageMargins/></x:worksheet>"
    );
    assert_eq!(
        fill(b"<worksheet><sheetData><row r=\"1\">", 6, &rows),
        Err(TemplateError::SheetUnreadable)
    );
}

#[test]
fn prices_convert_at_the_sellers_rate_rounded_up_to_the_currencys_unit() {
    // ¥37.38 at 0.125 CNY per peso: ₱299.04 exactly.
    let php = listed_foreign(Fen(3738), 125_000, "PHP").unwrap();
    assert_eq!((php.minor, money_text(php).as_str()), (29_904, "299.04"));
    // ¥10.00 at 1.5432 CNY per ringgit: 6.48004… → RM6.49.
    assert_eq!(
        money_text(listed_foreign(Fen(1000), 1_543_200, "MYR").unwrap()),
        "6.49"
    );
    // ¥10.00 at 0.0003 CNY per dong: 33333.3… → 33334 (whole dong).
    assert_eq!(
        money_text(listed_foreign(Fen(1000), 300, "VND").unwrap()),
        "33334"
    );
    assert_eq!(
        money_text(listed_foreign(Fen(1000), 500, "IDR").unwrap()),
        "20000"
    );
    assert_eq!(listed_foreign(Fen(1000), 0, "PHP"), None);
    assert_eq!(currencies_for("tiktok")[0], "USD");
    assert!(currencies_for("taobao").is_empty());
}

fn head(name: &str, hidden: bool, rows: &[&[&str]]) -> SheetHead {
    SheetHead {
        name: name.into(),
        hidden,
        rows: rows
            .iter()
            .map(|r| r.iter().map(|c| c.to_string()).collect())
            .collect(),
    }
}

#[test]
fn a_shopee_template_is_read_by_its_code_row() {
    let sheet = head(
        "Template",
        false,
        &[
            &[
                "ps_category|1|0",
                "ps_product_name|1|0",
                "ps_sku_short|0|0",
                "ps_price|1|1",
                "ps_weight|1|1",
                "ps_item_cover_image|1|0",
            ],
            &["Basic Information"],
            &[
                "Category",
                "Product Name",
                "SKU",
                "Price",
                "Weight",
                "Cover image",
            ],
            &[
                "Mandatory",
                "Mandatory",
                "Optional",
                "Mandatory",
                "Mandatory",
                "Mandatory",
            ],
        ],
    );
    let layout = read_layout(
        TemplatePlatform::Shopee,
        &[head("Guide", false, &[&["Read me"]]), sheet],
    )
    .unwrap();
    assert_eq!((layout.sheet.as_str(), layout.data_row), ("Template", 7));
    assert_eq!(layout.language, TemplateLanguage::En);
    assert_eq!(layout.column_of(Field::SellerSku), Some(2));
    assert_eq!(layout.column_of(Field::Price), Some(3));
    let unfilled: Vec<(String, String)> = layout
        .unfilled(true)
        .into_iter()
        .map(|u| (u.field, u.label))
        .collect();
    assert_eq!(
        unfilled,
        [
            ("ps_category".to_string(), "Category".to_string()),
            ("ps_weight".into(), "Weight".into())
        ]
    );
    assert_eq!(
        layout.unfilled(false).len(),
        3,
        "and the cover without a public address"
    );
    assert_eq!(
        read_layout(TemplatePlatform::Shopee, &[head("Sheet1", false, &[&["a", "b"]])]),
        Err(TemplateError::NotPlatform { platform: "shopee" })
    );
}

#[test]
fn lazada_needs_its_hidden_sheets_and_tiktok_its_template_sheet() {
    let data = head(
        "Upload Template",
        false,
        &[
            &["name", "SellerSku", "price", "brand"],
            &["*商品名称", "*卖家SKU", "*价格", "*品牌"],
        ],
    );
    let layout = read_layout(
        TemplatePlatform::Lazada,
        &[data.clone(), head("INDEX", true, &[]), head("status", true, &[])],
    )
    .unwrap();
    assert_eq!(layout.language, TemplateLanguage::Zh);
    assert_eq!(layout.sheet, "Upload Template");
    assert_eq!(layout.unfilled(true)[0].label, "品牌");
    assert!(read_layout(TemplatePlatform::Lazada, std::slice::from_ref(&data)).is_err());
    let tiktok = head("Template", false, &[&["product_name", "price", "quantity"]]);
    assert_eq!(
        read_layout(TemplatePlatform::Tiktok, &[tiktok]),
        Err(TemplateError::NoSellerSku { platform: "tiktok" })
    );
    assert!(read_layout(
        TemplatePlatform::Tiktok,
        &[head("Sheet1", false, &[&["seller_sku"]])]
    )
    .is_err());
}

#[test]
fn a_product_is_a_row_per_sku_with_its_seller_sku() {
    let sheet = head(
        "Template",
        false,
        &[&[
            "seller_sku",
            "product_name",
            "property_name_1",
            "property_value_1",
            "property_name_2",
            "property_value_2",
            "price",
            "quantity",
            "main_image",
        ]],
    );
    let layout = read_layout(TemplatePlatform::Tiktok, &[sheet]).unwrap();
    let sku = |id: &str, colour: &str, size: &str| TemplateSku {
        sku_id: id.into(),
        colour: colour.into(),
        size: size.into(),
        price: Amount {
            minor: 1250,
            digits: 2,
        },
        stock: -1,
    };
    let mut product = TemplateProduct {
        product_id: "P1".into(),
        item_no: "A-1".into(),
        title: "Knit\tCardigan".into(),
        colour_name: "Colour".into(),
        size_name: "Size".into(),
        skus: vec![sku("S1", "Black", "M"), sku("S2", "Black", "L")],
        pictures: vec!["https://x/m1.jpg".into()],
    };
    let out = rows(&layout, &product).unwrap();
    assert_eq!(
        out[1],
        vec![
            (0, text("S2")),
            (1, text("Knit Cardigan")),
            (2, text("Colour")),
            (3, text("Black")),
            (4, text("Size")),
            (5, text("L")),
            (6, Cell::Number("12.50".into())),
            (7, Cell::Number("0".into())),
            (8, text("https://x/m1.jpg")),
        ]
    );
    product.skus[1].size = "M".into();
    assert_eq!(rows(&layout, &product).unwrap_err().key(), "listing.spec_twice");
    product.skus[1].sku_id = "S 2".into();
    assert_eq!(
        rows(&layout, &product).unwrap_err().key(),
        "listing.seller_sku_unfit"
    );
}

#[test]
fn the_workbook_says_where_each_sheet_is_and_which_are_hidden() {
    let root = br#"<Relationships xmlns="r"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#;
    let path = workbook_path(Some(root));
    assert_eq!(path, "xl/workbook.xml");
    assert_eq!(rels_path(&path), "xl/_rels/workbook.xml.rels");
    let book = br#"<workbook xmlns:r="d"><sheets><sheet name="Upload &amp; go" sheetId="1" r:id="rId1"/><sheet name="INDEX" sheetId="2" state="hidden" r:id="rId2"/></sheets></workbook>"#;
    let rels = br#"<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="/xl/worksheets/sheet2.xml"/></Relationships>"#;
    let found = sheets(&path, book, rels).unwrap();
    assert_eq!(found[0].name, "Upload & go");
    assert_eq!(found[0].path, "xl/worksheets/sheet1.xml");
    assert!(!found[0].hidden && found[1].hidden);
    assert_eq!(found[1].path, "xl/worksheets/sheet2.xml");
}
