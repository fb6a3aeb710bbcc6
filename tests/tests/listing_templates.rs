//! Shopee, Lazada and TikTok Shop packages, over HTTP on both engines: the blank category template a
//! seller downloads from the seller centre (made here with rust_xlsxwriter in each platform's
//! layout: Shopee's code row and five header rows, Lazada's hidden `INDEX` and status sheets,
//! TikTok's `Template` sheet) uploaded for a shop and filled. Every zip entry but the data sheet is
//! the template's own, raw bytes and all; the rows read back with calamine give each SKU's seller SKU
//! as its jpmall SKU id, the title in the template's language, the price at the seller's rate and the
//! stock. The refusals store nothing, the CLI's `--template` writes the same rows, and a Shopee order
//! export naming those seller SKUs imports with every line mapped.

use std::io::{Cursor, Read};

use calamine::{open_workbook_from_rs, Data, Reader, Xlsx};
use reqwest::StatusCode;
use rust_xlsxwriter::Workbook;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, product_id_of, TestApp};

const U: &str = "/jpmall/addons/unishop";

on_both_engines!(
    a_shopee_template_is_filled_after_its_code_row_and_the_shops_orders_come_back,
    a_lazada_template_keeps_its_hidden_sheets_and_the_cli_fills_it_the_same,
    a_tiktok_template_is_filled_in_its_template_sheet,
);

async fn data(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    app.unishop_data(token, "en_US", path, body).await
}

async fn shop(app: &TestApp, token: &str, platform: &str, currency: &str) -> String {
    let rule = json!({"multiplier": "1", "fixed_add": "0", "rounding": "none", "min_margin": "0",
                      "title_prefix": "", "title_suffix": "", "stock_cap": null});
    data(
        app,
        token,
        "listing/shop_save",
        json!({"platform": platform, "name": format!("{platform} {currency}"), "rule": rule,
               "currency": currency}),
    )
    .await["id"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn set_rate(app: &TestApp, token: &str, platform: &str, currency: &str, rate: &str) {
    data(
        app,
        token,
        "forward/platform_rates/save",
        json!({"rates": [{"platform": platform, "currency": currency, "rate": rate}]}),
    )
    .await;
}

async fn upload(
    app: &TestApp,
    token: &str,
    shop_id: &str,
    bytes: Vec<u8>,
    name: &str,
) -> (StatusCode, Value) {
    let form = reqwest::multipart::Form::new()
        .text("shop_id", shop_id.to_string())
        .part(
            "file",
            reqwest::multipart::Part::bytes(bytes).file_name(name.to_string()),
        );
    let response = app
        .client
        .post(app.url(&format!("{U}/listing/shop_template")))
        .header("token", token)
        .header("content-language", "en_US")
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status();
    (status, response.json().await.unwrap())
}

async fn package(app: &TestApp, token: &str, shop_id: &str, products: &[String]) -> reqwest::Response {
    app.client
        .post(app.url(&format!("{U}/listing/package")))
        .header("token", token)
        .header("content-language", "en_US")
        .json(&json!({"shop_id": shop_id, "product_ids": products}))
        .send()
        .await
        .unwrap()
}

/// The workbook's bytes, with `sheets` (name, hidden, rows of text) in order.
fn workbook(sheets: &[(&str, bool, Vec<Vec<String>>)]) -> Vec<u8> {
    let mut book = Workbook::new();
    for (name, hidden, rows) in sheets {
        let sheet = book.add_worksheet();
        sheet.set_name(*name).unwrap();
        for (r, row) in rows.iter().enumerate() {
            for (c, text) in row.iter().enumerate() {
                if !text.is_empty() {
                    sheet.write_string(r as u32, c as u16, text).unwrap();
                }
            }
        }
        if *hidden {
            sheet.set_hidden(true);
        }
    }
    book.save_to_buffer().unwrap()
}

fn texts(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

/// Shopee's category template: a guide sheet, then `Template` with the code row, a section row, the
/// names, mandatory or optional, tips and an empty sixth row; data from row 7.
fn shopee_template() -> Vec<u8> {
    let codes = [
        ("ps_category|1|0", "Category", "Mandatory"),
        ("ps_product_name|1|0", "Product Name", "Mandatory"),
        ("ps_product_description|1|0", "Product Description", "Mandatory"),
        ("ps_sku_parent_short|0|0", "Parent SKU", "Optional"),
        (
            "et_title_variation_integration_no|0|0",
            "Variation Integration No.",
            "Optional",
        ),
        ("et_title_variation_1|0|0", "Variation Name1", "Optional"),
        (
            "et_title_option_for_variation_1|0|0",
            "Option for Variation 1",
            "Optional",
        ),
        ("et_title_variation_2|0|0", "Variation Name2", "Optional"),
        (
            "et_title_option_for_variation_2|0|0",
            "Option for Variation 2",
            "Optional",
        ),
        ("ps_price|1|1", "Price", "Mandatory"),
        ("ps_stock|1|1", "Stock", "Mandatory"),
        ("ps_sku_short|0|0", "SKU", "Optional"),
        ("ps_item_cover_image|1|0", "Cover image", "Mandatory"),
        ("ps_item_image_1|0|0", "Item image 1", "Optional"),
        ("ps_weight|1|1", "Weight", "Mandatory"),
    ];
    let mut section = vec![String::new(); codes.len()];
    section[0] = "Basic Information".into();
    let rows = vec![
        codes.iter().map(|c| c.0.to_string()).collect(),
        section,
        codes.iter().map(|c| c.1.to_string()).collect(),
        codes.iter().map(|c| c.2.to_string()).collect(),
        codes.iter().map(|c| format!("Fill in the {}", c.1)).collect(),
        Vec::new(),
    ];
    workbook(&[
        (
            "Guidance",
            false,
            vec![texts(&["How to fill in the mass upload file"])],
        ),
        ("Template", false, rows),
    ])
}

/// Lazada's category template in Chinese: the data sheet (key row, names with `*` for required ones,
/// 必填 / 选填, help, an example), then the hidden `INDEX` and status sheets; data from row 6.
fn lazada_template() -> Vec<u8> {
    let columns = [
        ("PrimaryCategory", "*类目", "必填"),
        ("name", "*商品名称", "必填"),
        ("brand", "*品牌", "必填"),
        ("color_family", "颜色", "选填"),
        ("size", "尺码", "选填"),
        ("SellerSku", "*卖家SKU", "必填"),
        ("quantity", "*库存", "必填"),
        ("price", "*价格", "必填"),
        ("package_weight", "*包裹重量(kg)", "必填"),
        ("MainImage", "主图", "选填"),
    ];
    let rows = vec![
        columns.iter().map(|c| c.0.to_string()).collect(),
        columns.iter().map(|c| c.1.to_string()).collect(),
        columns.iter().map(|c| c.2.to_string()).collect(),
        columns.iter().map(|c| format!("请填写{}", c.1)).collect(),
        columns.iter().map(|_| "示例".to_string()).collect(),
    ];
    workbook(&[
        ("Upload Template", false, rows),
        ("INDEX", true, vec![texts(&["category_id", "10001"])]),
        ("status", true, vec![texts(&["active", "inactive"])]),
    ])
}

/// TikTok Shop's category template: an instructions sheet, then `Template` (key row, names,
/// Mandatory / Optional, descriptions, an example); data from row 6.
fn tiktok_template() -> Vec<u8> {
    let columns = [
        ("category", "Category", "Mandatory"),
        ("brand", "Brand", "Optional"),
        ("product_name", "Product Name", "Mandatory"),
        ("main_image", "Main Product Image", "Mandatory"),
        ("property_name_1", "Variation 1 Name", "Optional"),
        ("property_value_1", "Variation 1 Value", "Optional"),
        ("property_name_2", "Variation 2 Name", "Optional"),
        ("property_value_2", "Variation 2 Value", "Optional"),
        ("parcel_weight", "Parcel Weight (kg)", "Mandatory"),
        ("price", "Retail Price (Local Currency)", "Mandatory"),
        ("quantity", "Quantity", "Mandatory"),
        ("seller_sku", "Seller SKU", "Optional"),
    ];
    let rows = vec![
        columns.iter().map(|c| c.0.to_string()).collect(),
        columns.iter().map(|c| c.1.to_string()).collect(),
        columns.iter().map(|c| c.2.to_string()).collect(),
        columns.iter().map(|c| format!("The {}", c.1)).collect(),
        columns.iter().map(|_| "example".to_string()).collect(),
    ];
    workbook(&[
        ("Instructions", false, vec![texts(&["Read before you upload"])]),
        ("Template", false, rows),
    ])
}

/// A Shopee template whose data sheet unpacks to 17 MiB (a part may hold 16): some kilobytes sent.
fn zip_bomb() -> Vec<u8> {
    use std::io::Write;
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let deflated =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for entry in entries(&shopee_template()) {
        zip.start_file(entry.0.as_str(), deflated).unwrap();
        if entry.0 == "xl/worksheets/sheet2.xml" {
            zip.write_all(&entry.2).unwrap();
            zip.write_all(&vec![b' '; 17 * 1024 * 1024]).unwrap();
        } else {
            zip.write_all(&entry.2).unwrap();
        }
    }
    let bytes = zip.finish().unwrap().into_inner();
    assert!(bytes.len() < 1024 * 1024, "{} bytes", bytes.len());
    bytes
}

/// Every entry of a zip: its name, its raw (compressed) bytes, its bytes.
fn entries(bytes: &[u8]) -> Vec<(String, Vec<u8>, Vec<u8>)> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).expect("a zip");
    (0..archive.len())
        .map(|i| {
            let mut raw = Vec::new();
            let name = {
                let mut file = archive.by_index_raw(i).unwrap();
                file.read_to_end(&mut raw).unwrap();
                file.name().unwrap().to_string()
            };
            let mut plain = Vec::new();
            archive.by_index(i).unwrap().read_to_end(&mut plain).unwrap();
            (name, raw, plain)
        })
        .collect()
}

/// Asserts `filled` is `template` with only `sheet` (its zip entry) changed; answers that entry's
/// XML in both.
fn only_the_data_sheet_changed(template: &[u8], filled: &[u8], sheet: &str) -> (String, String) {
    let before = entries(template);
    let after = entries(filled);
    assert_eq!(
        before.iter().map(|e| &e.0).collect::<Vec<_>>(),
        after.iter().map(|e| &e.0).collect::<Vec<_>>(),
        "the same entries in the same order"
    );
    let mut xml = None;
    for (old, new) in before.iter().zip(&after) {
        if old.0 == sheet {
            xml = Some((
                String::from_utf8(old.2.clone()).unwrap(),
                String::from_utf8(new.2.clone()).unwrap(),
            ));
            continue;
        }
        assert_eq!(old.1, new.1, "{}: the compressed bytes are the template's", old.0);
        assert_eq!(old.2, new.2, "{}: the bytes are the template's", old.0);
    }
    let (old, new) = xml.unwrap_or_else(|| panic!("{sheet} in the template"));
    // Everything before the first data row and after the rows is the template's own XML.
    let end = old.find("</sheetData>").unwrap();
    assert!(new.starts_with(&old[..end]), "the head of {sheet} is kept");
    assert!(new.ends_with(&old[end..]), "the tail of {sheet} is kept");
    (old, new)
}

/// The rows of `sheet` from `from` (0-based) as text (numbers as calamine reads them).
fn sheet_rows(bytes: &[u8], sheet: &str) -> Vec<Vec<Data>> {
    let mut book: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes.to_vec())).expect("an xlsx");
    let range = book.worksheet_range(sheet).unwrap();
    let (top, _) = range.start().unwrap();
    assert_eq!(top, 0);
    range.rows().map(|r| r.to_vec()).collect()
}

fn text(cell: &Data) -> String {
    match cell {
        Data::String(s) => s.clone(),
        Data::Empty => String::new(),
        other => panic!("text, not {other:?}"),
    }
}

fn hundredths(cell: &Data) -> i64 {
    match cell {
        Data::Float(f) => (f * 100.0).round() as i64,
        Data::Int(i) => i * 100,
        other => panic!("a number, not {other:?}"),
    }
}

/// A SKU of the catalogue: id, colour, size, price in fen, stock.
struct Sku {
    id: String,
    price: i64,
    stock: i64,
}

async fn skus_of(app: &TestApp, product: &str) -> Vec<Sku> {
    sqlx::query("SELECT id, price, stock FROM skus WHERE product_id = $1 ORDER BY sort, id")
        .bind(product)
        .fetch_all(&app.db().pool)
        .await
        .unwrap()
        .iter()
        .map(|r| Sku {
            id: r.get("id"),
            price: r.get("price"),
            stock: r.get("stock"),
        })
        .collect()
}

/// (Chinese title, English title) of a product.
async fn titles(app: &TestApp, product: &str) -> (String, String) {
    let row = sqlx::query("SELECT title_zh, title_en FROM products WHERE id = $1")
        .bind(product)
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    (row.get("title_zh"), row.get("title_en"))
}

/// Hundredths of the currency for `fen` at `micro` micro-yuan per unit, rounded up.
fn converted(fen: i64, micro: i64) -> i64 {
    (fen * 1_000_000 + micro - 1) / micro
}

fn column_of(header: &[Data], key: &str) -> usize {
    header
        .iter()
        .position(|c| text(c).split('|').next() == Some(key))
        .unwrap_or_else(|| panic!("{key}"))
}

async fn a_shopee_template_is_filled_after_its_code_row_and_the_shops_orders_come_back(app: &TestApp) {
    app.seed(4).await;
    let token = app.register("13800004101", "abc12345").await;
    let other = app.register("13800004102", "abc12345").await;
    let shops = data(app, &token, "listing/shops", json!({})).await;
    let shopee = shops["platforms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["code"] == "shopee")
        .unwrap()
        .clone();
    assert_eq!(shopee["packages"], true);
    assert_eq!(shopee["currencies"][2], "PHP");
    let (status, reply) = app
        .unishop(
            &token,
            "en_US",
            "listing/shop_save",
            json!({"platform": "shopee", "name": "no currency", "rule": {}}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["data"]["field"], "currency", "{reply}");

    let shop_id = shop(app, &token, "shopee", "PHP").await;
    let products = vec![product_id_of(1), product_id_of(2)];

    // No template yet: the package says so, on the shop.
    set_rate(app, &token, "shopee", "PHP", "0.1234").await;
    let response = package(app, &token, &shop_id, &products).await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let reply: Value = response.json().await.unwrap();
    assert_eq!(
        reply["msg"], "Upload this shop's blank category template from the Shopee seller centre first.",
        "{reply}"
    );
    assert_eq!(reply["data"]["field"], "shop_id");

    // A file that is not a workbook, or not Shopee's, is refused and nothing is kept; another
    // seller's shop is unknown.
    let stored = app
        .data_dir
        .path()
        .join(format!("listing-templates/{shop_id}.xlsx"));
    for (bytes, says) in [
        (b"PK\x03\x04 not really".to_vec(), "xlsx"),
        (zip_bomb(), "exceed the limit when unpacked"),
        (tiktok_template(), "This is not a Shopee category template"),
    ] {
        let (status, reply) = upload(app, &token, &shop_id, bytes, "x.xlsx").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
        assert!(reply["msg"].as_str().unwrap().contains(says), "{reply}");
        assert_eq!(reply["data"]["field"], "file", "{reply}");
        assert!(!stored.exists());
    }
    let template = shopee_template();
    let (status, reply) = upload(app, &other, &shop_id, template.clone(), "t.xlsx").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "That shop was not found.");
    assert!(!stored.exists());
    let listed = data(app, &token, "listing/shops", json!({})).await;
    assert_eq!(listed["list"][0]["template"], Value::Null);

    let (status, reply) = upload(app, &token, &shop_id, template.clone(), "shopee_mass_upload.xlsx").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let facts = &reply["data"]["template"];
    assert_eq!(facts["file_name"], "shopee_mass_upload.xlsx");
    assert_eq!(
        (facts["sheet"].as_str(), facts["data_row"].as_i64()),
        (Some("Template"), Some(7))
    );
    assert_eq!(facts["language"], "en");
    let unfilled: Vec<&str> = facts["unfilled"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["field"].as_str().unwrap())
        .collect();
    // The category, description and weight are the seller's; without a public address the cover
    // picture too.
    assert_eq!(
        unfilled,
        [
            "ps_category",
            "ps_product_description",
            "ps_item_cover_image",
            "ps_weight"
        ]
    );
    assert_eq!(facts["unfilled"][0]["label"], "Category");
    assert_eq!(std::fs::read(&stored).unwrap(), template);
    let listed = data(app, &token, "listing/shops", json!({})).await;
    assert_eq!(listed["list"][0]["currency"], "PHP");
    assert_eq!(listed["list"][0]["template"]["sheet"], "Template");

    // The preview shows the prices in pesos.
    let preview = data(
        app,
        &token,
        "listing/preview",
        json!({"shop_id": shop_id, "product_ids": products}),
    )
    .await;
    assert_eq!(preview["currency"], "PHP");
    assert_eq!(preview["rate"], "0.1234");
    assert_eq!(preview["unfilled"].as_array().unwrap().len(), 4);

    let response = package(app, &token, &shop_id, &products).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    );
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        disposition.contains("shopee-") && disposition.contains(".xlsx"),
        "{disposition}"
    );
    let filled = response.bytes().await.unwrap().to_vec();
    let (_, xml) = only_the_data_sheet_changed(&template, &filled, "xl/worksheets/sheet2.xml");
    assert!(xml.contains(r#"<row r="7"><c r="B7" t="inlineStr">"#), "{xml}");

    let rows = sheet_rows(&filled, "Template");
    let header = rows[0].clone();
    let at = |key: &str| column_of(&header, key);
    let mut row = 6;
    for (n, product) in products.iter().enumerate() {
        let (zh, en) = titles(app, product).await;
        let title = if en.is_empty() { zh } else { en };
        let skus = skus_of(app, product).await;
        for (k, sku) in skus.iter().enumerate() {
            let cells = &rows[row];
            assert_eq!(
                text(&cells[at("ps_sku_short")]),
                sku.id,
                "the seller SKU is the jpmall SKU"
            );
            assert_eq!(text(&cells[at("ps_product_name")]), title);
            assert_eq!(
                text(&cells[at("et_title_variation_integration_no")]),
                *product,
                "one integration number per product"
            );
            assert_eq!(
                hundredths(&cells[at("ps_price")]),
                converted(sku.price, 123_400),
                "{}",
                sku.id
            );
            assert_eq!(hundredths(&cells[at("ps_stock")]), sku.stock * 100);
            assert_eq!(
                preview["products"][n]["skus"][k]["listed_foreign"]
                    .as_str()
                    .unwrap(),
                format!(
                    "{}.{:02}",
                    converted(sku.price, 123_400) / 100,
                    converted(sku.price, 123_400) % 100
                )
            );
            assert_eq!(text(&cells[at("ps_category")]), "", "left to the seller");
            assert_eq!(text(&cells[at("ps_item_cover_image")]), "", "no public address");
            row += 1;
        }
    }
    assert_eq!(rows.len(), row, "a row per SKU and nothing more");
    let lists = data(app, &token, "listing/lists", json!({})).await;
    assert_eq!(lists["total"], 2, "recorded: {lists}");

    // The shop sells them: a Shopee order export (its walked layout), a line per listed SKU in
    // stock, each naming the SKU Reference No. (the seller SKU) the package wrote.
    let mut csv = String::from(
        "Order ID,Order Status,Tracking Number*,Shipping Option,Parent SKU Reference No.,Product Name,\
         SKU Reference No.,Variation Name,Original Price (PHP),Deal Price (PHP),Quantity,Receiver Name,\
         Phone Number,Delivery Address,Town,District,Province,Country,Zip Code\n",
    );
    let mut lines = 0;
    for (n, cells) in rows[6..].iter().enumerate() {
        if hundredths(&cells[at("ps_stock")]) == 0 {
            continue;
        }
        let price = hundredths(&cells[at("ps_price")]);
        let money = format!("{}.{:02}", price / 100, price % 100);
        csv.push_str(&format!(
            "26120100{n:02}PHPH,To ship,,Standard Local,{},\"{}\",{},\"{},{}\",{money},{money},1,Maria Santos,\
             09171234567,12 Rizal Ave,Poblacion,Makati City,Metro Manila,Philippines,1210\n",
            text(&cells[at("ps_sku_parent_short")]),
            text(&cells[at("ps_product_name")]).replace('"', "\"\""),
            text(&cells[at("ps_sku_short")]),
            text(&cells[at("et_title_option_for_variation_1")]),
            text(&cells[at("et_title_option_for_variation_2")]),
        ));
        lines += 1;
    }
    assert!(lines > 0, "a SKU in stock");
    let (status, reply) = app
        .import_platform_file(&token, csv.into_bytes(), "shopee-orders.csv")
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let imported = &reply["data"];
    assert_eq!(imported["platform"], "shopee", "{imported}");
    assert_eq!(
        imported["totals"]["unlinked"], 0,
        "every line maps by its seller SKU: {imported}"
    );
    let mut seen = 0;
    for order in imported["orders"].as_array().unwrap() {
        for line in order["lines"].as_array().unwrap() {
            assert_eq!(line["sku"]["sku_id"], line["sku_key"], "{line}");
            assert_eq!(line["linked_by"], "sku_code", "{line}");
            seen += 1;
        }
    }
    assert_eq!(seen, lines, "every line of the file");

    // A shop in a currency the seller has no rate for is refused by name.
    let ringgit = shop(app, &token, "shopee", "MYR").await;
    upload(app, &token, &ringgit, template.clone(), "t.xlsx").await;
    let response = package(app, &token, &ringgit, &products).await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let reply: Value = response.json().await.unwrap();
    assert_eq!(
        reply["msg"],
        "Set your Shopee rate for MYR first (Drop-shipping settings › Shop exchange rates), so the prices \
         can be converted.",
        "{reply}"
    );
    assert_eq!(
        data(app, &token, "listing/lists", json!({})).await["total"],
        2,
        "nothing recorded"
    );

    // Deleting the template: the package is refused again.
    data(
        app,
        &token,
        "listing/shop_template_delete",
        json!({"shop_id": shop_id}),
    )
    .await;
    assert!(!stored.exists());
    let response = package(app, &token, &shop_id, &products).await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // Deleting a shop takes its template with it.
    let kept = app
        .data_dir
        .path()
        .join(format!("listing-templates/{ringgit}.xlsx"));
    assert!(kept.exists());
    data(app, &token, "listing/shop_delete", json!({"id": ringgit})).await;
    assert!(!kept.exists());
}

async fn a_lazada_template_keeps_its_hidden_sheets_and_the_cli_fills_it_the_same(app: &TestApp) {
    app.seed(4).await;
    let token = app.register("13800004201", "abc12345").await;
    set_rate(app, &token, "lazada", "MYR", "1.5432").await;
    let shop_id = shop(app, &token, "lazada", "MYR").await;
    let template = lazada_template();
    let (status, reply) = upload(app, &token, &shop_id, template.clone(), "lazada.xlsx").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let facts = &reply["data"]["template"];
    assert_eq!(
        (facts["sheet"].as_str(), facts["data_row"].as_i64()),
        (Some("Upload Template"), Some(6))
    );
    assert_eq!(facts["language"], "zh");
    let unfilled: Vec<(&str, &str)> = facts["unfilled"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| (u["field"].as_str().unwrap(), u["label"].as_str().unwrap()))
        .collect();
    assert_eq!(
        unfilled,
        [
            ("PrimaryCategory", "类目"),
            ("brand", "品牌"),
            ("package_weight", "包裹重量(kg)"),
            ("MainImage", "主图")
        ]
    );

    let products = vec![product_id_of(1), product_id_of(2)];
    let response = package(app, &token, &shop_id, &products).await;
    assert_eq!(response.status(), StatusCode::OK);
    let filled = response.bytes().await.unwrap().to_vec();
    only_the_data_sheet_changed(&template, &filled, "xl/worksheets/sheet1.xml");
    // workbook.xml is the template's (compared above), so INDEX and status are still hidden.
    let book: Xlsx<_> = open_workbook_from_rs(Cursor::new(filled.clone())).unwrap();
    let hidden: Vec<(String, bool)> = book
        .sheets_metadata()
        .iter()
        .map(|s| (s.name.clone(), s.visible != calamine::SheetVisible::Visible))
        .collect();
    assert_eq!(
        hidden,
        [
            ("Upload Template".to_string(), false),
            ("INDEX".into(), true),
            ("status".into(), true)
        ]
    );

    let rows = sheet_rows(&filled, "Upload Template");
    let header = rows[0].clone();
    let at = |key: &str| column_of(&header, key);
    let mut row = 5;
    for product in &products {
        let (zh, _) = titles(app, product).await;
        for sku in skus_of(app, product).await {
            let cells = &rows[row];
            assert_eq!(text(&cells[at("SellerSku")]), sku.id);
            assert_eq!(
                text(&cells[at("name")]),
                zh,
                "a Chinese template takes the Chinese title"
            );
            assert_eq!(hundredths(&cells[at("price")]), converted(sku.price, 1_543_200));
            assert_eq!(hundredths(&cells[at("quantity")]), sku.stock * 100);
            row += 1;
        }
    }
    assert_eq!(rows.len(), row);

    // The CLI with --template: the same rows, and the template is not kept for the shop.
    let file = app.data_dir.path().join("lazada-blank.xlsx");
    std::fs::write(&file, &template).unwrap();
    data(
        app,
        &token,
        "listing/shop_template_delete",
        json!({"shop_id": shop_id}),
    )
    .await;
    let out = app.data_dir.path().join("lazada-out.xlsx");
    let ids = products.join(",");
    let (ok, stdout, stderr) = app.run_cli(&[
        "listing",
        "package",
        "--mobile",
        "13800004201",
        "--platform",
        "lazada",
        "--products",
        &ids,
        "--template",
        file.to_str().unwrap(),
        "--shop",
        &shop_id,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    assert_eq!(stdout.trim(), out.to_str().unwrap());
    let written = std::fs::read(&out).unwrap();
    only_the_data_sheet_changed(&template, &written, "xl/worksheets/sheet1.xml");
    assert_eq!(sheet_rows(&written, "Upload Template"), rows);
    let shops = data(app, &token, "listing/shops", json!({})).await;
    assert_eq!(shops["list"][0]["template"], Value::Null);
}

async fn a_tiktok_template_is_filled_in_its_template_sheet(app: &TestApp) {
    app.seed(4).await;
    let token = app.register("13800004301", "abc12345").await;
    set_rate(app, &token, "tiktok", "USD", "7.1").await;
    let shop_id = shop(app, &token, "tiktok", "USD").await;
    let template = tiktok_template();
    let (status, reply) = upload(app, &token, &shop_id, template.clone(), "tiktok.xlsx").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["data"]["template"]["sheet"], "Template");
    let products = vec![product_id_of(1), product_id_of(2)];
    let response = package(app, &token, &shop_id, &products).await;
    assert_eq!(response.status(), StatusCode::OK);
    let filled = response.bytes().await.unwrap().to_vec();
    only_the_data_sheet_changed(&template, &filled, "xl/worksheets/sheet2.xml");
    let rows = sheet_rows(&filled, "Template");
    let header = rows[0].clone();
    let at = |key: &str| column_of(&header, key);
    assert!(rows.len() > 5);
    for cells in &rows[5..] {
        let sku = text(&cells[at("seller_sku")]);
        assert!(!sku.is_empty());
        assert_eq!(text(&cells[at("property_name_1")]), "Colour");
        assert!(hundredths(&cells[at("price")]) > 0);
    }
    let (_, en) = titles(app, &products[0]).await;
    assert_eq!(
        text(&rows[5][at("product_name")]),
        en,
        "an English template takes the English title"
    );
    let first = &skus_of(app, &products[0]).await[0];
    assert_eq!(text(&rows[5][at("seller_sku")]), first.id);
    assert_eq!(
        hundredths(&rows[5][at("price")]),
        converted(first.price, 7_100_000)
    );

    // The shop sells them: a TikTok Shop order export (its description row under the header), a
    // line per listed SKU in stock, each with TikTok's own SKU ID and the Seller SKU the package
    // wrote. The SKU ID stays the line's sku_key; the seller code maps it, with no link.
    let mut csv = String::from(
        "Order ID,Order Status,Order Substatus,SKU ID,Seller SKU,Product Name,Variation,Quantity,\
         SKU Unit Original Price,SKU Subtotal After Discount,Recipient,Phone #,Country,State,City,\
         Districts,Detail Address\n\
         Platform unique order ID.,Order status.,Order substatus.,Platform unique SKU ID.,Seller SKU.,\
         Product name.,Variation.,Quantity.,Unit price.,Subtotal.,Recipient.,Phone.,Country.,State.,\
         City.,Districts.,Address.\n",
    );
    let mut expected = Vec::new();
    for (n, cells) in rows[5..].iter().enumerate() {
        if hundredths(&cells[at("quantity")]) == 0 {
            continue;
        }
        let price = hundredths(&cells[at("price")]);
        let money = format!("{}.{:02}", price / 100, price % 100);
        let sku = text(&cells[at("seller_sku")]);
        let tiktok_sku = format!("17290000000{n:05}");
        csv.push_str(&format!(
            "5760000000000{n:05},To ship,Awaiting shipment,{tiktok_sku},{sku},\"{}\",\"{}, {}\",1,{money},\
             {money},Ann Lee,5550100,United States,California,Los Angeles,,1 Main St\n",
            text(&cells[at("product_name")]).replace('"', "\"\""),
            text(&cells[at("property_value_1")]),
            text(&cells[at("property_value_2")]),
        ));
        expected.push((tiktok_sku, sku));
    }
    assert!(!expected.is_empty(), "a SKU in stock");
    let (status, reply) = app
        .import_platform_file(&token, csv.into_bytes(), "tiktok-orders.csv")
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let imported = &reply["data"];
    assert_eq!(imported["platform"], "tiktok", "{imported}");
    assert_eq!(
        imported["totals"]["unlinked"], 0,
        "every line maps by its seller SKU: {imported}"
    );
    let mut seen = Vec::new();
    for order in imported["orders"].as_array().unwrap() {
        for line in order["lines"].as_array().unwrap() {
            assert_eq!(line["sku"]["sku_id"], line["seller_code"], "{line}");
            assert_eq!(line["linked_by"], "sku_code", "{line}");
            seen.push((
                line["sku_key"].as_str().unwrap().to_string(),
                line["seller_code"].as_str().unwrap().to_string(),
            ));
        }
    }
    seen.sort();
    expected.sort();
    assert_eq!(seen, expected, "every line of the file, keyed by TikTok's SKU ID");
    let links: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sku_links")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(links, 0, "mapped with no link");
}
