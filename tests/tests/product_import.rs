//! The staff's Excel import of products over HTTP on both engines: the template, a preview that
//! names every row's fate and writes nothing, a confirm that applies exactly the preview, a second
//! import of the same file that changes nothing, a stock change between preview and confirm that
//! is reported instead of overwritten, and a stall account kept to its own stall and imports.

use std::io::{Cursor, Write};
use std::time::Duration;

use calamine::{open_workbook_from_rs, Reader, Xlsx};
use reqwest::StatusCode;
use rust_xlsxwriter::Workbook;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, TestApp, UNISHOP as U};

on_both_engines!(
    a_sheet_is_previewed_then_applied_exactly_and_importing_it_again_changes_nothing,
    stock_that_moved_after_the_preview_is_reported_not_overwritten,
    a_stall_account_imports_into_its_own_stall_and_sees_its_own_imports,
    a_confirm_reaches_only_the_stalls_its_confirmer_has_now,
    the_template_and_files_that_cannot_be_imported,
    a_category_is_named_by_its_code_its_path_or_a_name_no_other_has,
    from_an_empty_database_the_first_owner_puts_a_market_on_sale_from_an_excel_file
);

const HEADERS: [&str; 11] = [
    "货号",
    "标题",
    "分类",
    "档口",
    "颜色",
    "尺码",
    "批发价",
    "库存",
    "英文标题",
    "主图",
    "颜色图",
];

fn sheet(rows: &[[&str; 11]]) -> Vec<u8> {
    let mut book = Workbook::new();
    let page = book.add_worksheet();
    for (c, header) in HEADERS.iter().enumerate() {
        page.write_string(0, c as u16, *header).unwrap();
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            if !cell.is_empty() {
                page.write_string(r as u32 + 1, c as u16, *cell).unwrap();
            }
        }
    }
    book.save_to_buffer().unwrap()
}

fn png(seed: u8) -> Vec<u8> {
    use image::{ImageFormat, Rgba, RgbaImage};
    let mut bytes = Vec::new();
    RgbaImage::from_fn(300, 300, |x, y| {
        Rgba([(x / 3) as u8 ^ seed, (y / 2) as u8, seed.wrapping_mul(40), 255])
    })
    .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
    .unwrap();
    bytes
}

fn pictures_zip(names: &[(&str, u8)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (name, seed) in names {
        zip.start_file(*name, zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(&png(*seed)).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

async fn upload(app: &TestApp, token: &str, sheet: Vec<u8>, zip: Option<Vec<u8>>) -> (StatusCode, Value) {
    let mut form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(sheet).file_name("新款.xlsx"),
    );
    if let Some(zip) = zip {
        form = form.part(
            "pictures",
            reqwest::multipart::Part::bytes(zip).file_name("pictures.zip"),
        );
    }
    app.send(
        app.client
            .post(app.url("/jpmall/admin/catalog/imports"))
            .header("admin-token", token)
            .header("content-language", "en_US")
            .multipart(form),
    )
    .await
}

/// The import once its background work has settled.
async fn settled(app: &TestApp, token: &str, id: &str) -> Value {
    for _ in 0..300 {
        let (status, reply) = app
            .as_staff(token, &format!("catalog/imports/detail?id={id}"), Value::Null)
            .await;
        assert_eq!(status, StatusCode::OK, "{reply}");
        let state = reply["data"]["status"].as_str().unwrap().to_string();
        if state != "checking" && state != "applying" {
            return reply["data"].clone();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("import {id} did not settle");
}

async fn preview(app: &TestApp, token: &str, sheet: Vec<u8>, zip: Option<Vec<u8>>) -> Value {
    let (status, reply) = upload(app, token, sheet, zip).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let import = settled(app, token, reply["data"]["id"].as_str().unwrap()).await;
    assert_eq!(import["status"], "ready", "{import}");
    import
}

async fn confirm(app: &TestApp, token: &str, id: &str) -> Value {
    let (status, reply) = app
        .as_staff(token, "catalog/imports/confirm", json!({ "id": id }))
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let import = settled(app, token, id).await;
    assert_eq!(import["status"], "applied", "{import}");
    import
}

fn row(import: &Value, n: u64) -> Value {
    import["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["row"] == n)
        .cloned()
        .unwrap_or_else(|| panic!("no row {n} in {import}"))
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.db().pool).await.unwrap()
}

/// A stall's id and name, a leaf category's Chinese name, and a seeded product's stall, item
/// number and first two SKUs (colour, size, price in yuan, stock).
struct Market {
    stall_id: String,
    stall_name: String,
    category: String,
    seeded_stall: String,
    seeded_item: String,
    seeded_skus: Vec<(String, String, String, i64, String)>,
}

async fn market(app: &TestApp) -> Market {
    let pool = &app.db().pool;
    let stall = sqlx::query(
        "SELECT id, name FROM stalls s WHERE NOT EXISTS (SELECT 1 FROM stalls o WHERE o.name = s.name AND o.id <> s.id) \
         ORDER BY id LIMIT 1",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    let category: String = sqlx::query_scalar(
        "SELECT c.name_zh FROM categories c WHERE c.parent_id IS NOT NULL \
         AND NOT EXISTS (SELECT 1 FROM categories o WHERE o.name_zh = c.name_zh AND o.id <> c.id) ORDER BY c.id LIMIT 1",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    let product = sqlx::query("SELECT id, stall_id, item_no FROM products ORDER BY id LIMIT 1")
        .fetch_one(pool)
        .await
        .unwrap();
    let product_id: String = product.get("id");
    let seeded_skus = sqlx::query(
        "SELECT color, size, price, stock, id FROM skus WHERE product_id = $1 ORDER BY sort, id LIMIT 2",
    )
    .bind(&product_id)
    .fetch_all(pool)
    .await
    .unwrap()
    .iter()
    .map(|r| {
        let fen: i64 = r.get("price");
        (
            r.get("color"),
            r.get("size"),
            format!("{}.{:02}", fen / 100, fen % 100),
            r.get("stock"),
            r.get("id"),
        )
    })
    .collect();
    Market {
        stall_id: stall.get("id"),
        stall_name: stall.get("name"),
        category,
        seeded_stall: product.get("stall_id"),
        seeded_item: product.get("item_no"),
        seeded_skus,
    }
}

async fn a_sheet_is_previewed_then_applied_exactly_and_importing_it_again_changes_nothing(app: &TestApp) {
    app.seed(5).await;
    let catalogue = app.staff("13900009101", "catalogue", &[]).await;
    let m = market(app).await;
    let (c1, s1, p1, stock1, sku1) = m.seeded_skus[0].clone();
    let (c2, s2, p2, stock2, _) = m.seeded_skus[1].clone();
    let new_stock = (stock1 + 7).to_string();
    let (stall, cat) = (m.stall_name.as_str(), m.category.as_str());
    let rows = [
        [
            "IMP-1",
            "导入短袖",
            cat,
            stall,
            "白色",
            "M",
            "29.90",
            "20",
            "Imported tee",
            "front.png;back.png",
            "white.png",
        ],
        ["IMP-1", "", "", stall, "白色", "L", "29.90", "15", "", "", ""],
        ["IMP-1", "", "", stall, "黑色", "M", "31.00", "12", "", "", ""],
        ["IMP-1", "", "", stall, "黑色", "M", "35.00", "3", "", "", ""],
        [
            "IMP-2",
            "导入长袖",
            "不存在的分类",
            stall,
            "白色",
            "M",
            "29.90",
            "1",
            "",
            "front.png",
            "",
        ],
        [
            "IMP-3",
            "导入外套",
            cat,
            stall,
            "白色",
            "M",
            "-5",
            "1",
            "",
            "front.png",
            "",
        ],
        [
            "IMP-4",
            "导入裤子",
            cat,
            "",
            "白色",
            "M",
            "29.90",
            "1",
            "",
            "front.png",
            "",
        ],
        [
            "IMP-5",
            "导入裙子",
            cat,
            stall,
            "白色",
            "M",
            "29.90",
            "1",
            "",
            "nope.jpg",
            "",
        ],
        [
            &m.seeded_item,
            "",
            "",
            &m.seeded_stall,
            &c1,
            &s1,
            "88.00",
            &new_stock,
            "",
            "",
            "",
        ],
        [
            &m.seeded_item,
            "",
            "",
            &m.seeded_stall,
            &c2,
            &s2,
            &p2,
            &stock2.to_string(),
            "",
            "",
            "",
        ],
    ];
    let file = sheet(&rows);
    let zip = pictures_zip(&[
        ("front.png", 1),
        ("pics/back.png", 2),
        ("white.png", 3),
        ("unused.png", 4),
    ]);
    let products_before = count(app, "SELECT COUNT(*) FROM products").await;

    let import = preview(app, &catalogue, file.clone(), Some(zip.clone())).await;
    let id = import["id"].as_str().unwrap().to_string();
    assert_eq!(import["file_name"], "新款.xlsx");
    assert_eq!(
        import["counts"],
        json!({"create": 3, "update": 1, "unchanged": 1, "refused": 5, "conflict": 0}),
        "{import}"
    );
    for (n, action, reason) in [
        (2, "create", ""),
        (3, "create", ""),
        (4, "create", ""),
        (5, "refused", "The same colour and size as row 4."),
        (6, "refused", "There is no category 不存在的分类."),
        (
            7,
            "refused",
            "Wholesale price -5 is not valid: it must be above 0 and at most 100000.00 yuan.",
        ),
        (8, "refused", "The stall is missing."),
        (
            9,
            "refused",
            "Picture nope.jpg was not found (put it in the zip uploaded with the sheet).",
        ),
        (10, "update", ""),
        (11, "unchanged", ""),
    ] {
        let r = row(&import, n);
        assert_eq!(
            (r["action"].as_str().unwrap(), r["reason"].as_str().unwrap()),
            (action, reason),
            "row {n}"
        );
    }
    // The preview wrote nothing.
    assert_eq!(count(app, "SELECT COUNT(*) FROM products").await, products_before);
    assert_eq!(app.stock_of(&sku1).await, stock1);

    let applied = confirm(app, &catalogue, &id).await;
    assert_eq!(
        applied["counts"], import["counts"],
        "confirm applies exactly the preview"
    );
    assert!(applied["applied_at"].as_i64().unwrap() > 0);
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM products").await,
        products_before + 1
    );
    let (status, made) = app
        .as_staff(&catalogue, "catalog/products?keyword=IMP-1", Value::Null)
        .await;
    assert_eq!(status, StatusCode::OK);
    let made = &made["data"]["list"][0];
    assert_eq!(made["item_no"], "IMP-1");
    assert_eq!(made["stall_id"], m.stall_id);
    assert_eq!(made["title_en"], "Imported tee");
    assert_eq!(made["price"], "29.90", "the lowest SKU price");
    assert_eq!(made["stock_total"], 47);
    assert_eq!(made["on_shelf"], false, "a new product waits off the shelf");
    let detail = app
        .as_staff(
            &catalogue,
            &format!("catalog/product?id={}", made["id"].as_str().unwrap()),
            Value::Null,
        )
        .await
        .1;
    assert_eq!(detail["data"]["main_pictures"].as_array().unwrap().len(), 2);
    assert_eq!(detail["data"]["colours"][0]["name_zh"], "白色");
    assert!(
        detail["data"]["colours"][0]["picture"].is_string(),
        "白色 has its own picture"
    );
    assert!(
        detail["data"]["colours"][1]["picture"].is_null(),
        "黑色 shows the first main picture"
    );
    assert_eq!(app.stock_of(&sku1).await, stock1 + 7);
    let price: i64 = sqlx::query_scalar("SELECT price FROM skus WHERE id = $1")
        .bind(&sku1)
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(price, 8800);
    assert_ne!(p1, "88.00");
    let logged: String = sqlx::query_scalar("SELECT reason FROM stock_changes WHERE sku_id = $1")
        .bind(&sku1)
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(logged, format!("Excel {id}"));
    let owner = app.staff("13900009102", "owner", &[]).await;
    let (_, audit) = app
        .as_staff(&owner, "audit?object_type=product_import", Value::Null)
        .await;
    assert_eq!(
        audit["data"]["list"][0]["action"], "product_import.confirm",
        "{audit}"
    );

    // Confirming again answers the import as it is.
    let (status, again) = app
        .as_staff(&catalogue, "catalog/imports/confirm", json!({ "id": id }))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again["data"]["status"], "applied");

    // The same file again: every good row is unchanged, and confirming it changes nothing.
    let changes_before = count(app, "SELECT COUNT(*) FROM stock_changes").await;
    let second = preview(app, &catalogue, file, Some(zip)).await;
    assert_eq!(
        second["counts"],
        json!({"create": 0, "update": 0, "unchanged": 5, "refused": 5, "conflict": 0}),
        "{second}"
    );
    confirm(app, &catalogue, second["id"].as_str().unwrap()).await;
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM products").await,
        products_before + 1
    );
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM stock_changes").await,
        changes_before
    );
    assert_eq!(app.stock_of(&sku1).await, stock1 + 7);

    // The history lists both, newest first, with who uploaded them.
    let (_, history) = app.as_staff(&catalogue, "catalog/imports", Value::Null).await;
    assert_eq!(history["data"]["total"], 2);
    assert_eq!(history["data"]["list"][0]["id"], second["id"]);
    assert!(history["data"]["list"][0].get("rows").is_none());

    // Shelved, the imported product sells in the storefront.
    let (status, _) = app
        .as_staff(
            &catalogue,
            "catalog/products/shelf",
            json!({"ids": [made["id"]], "on_shelf": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, listed) = app
        .post(&format!("{U}/product/lists"), json!({"keyword": "IMP-1"}))
        .await;
    assert_eq!(listed["data"]["total"], 1, "{listed}");
}

async fn stock_that_moved_after_the_preview_is_reported_not_overwritten(app: &TestApp) {
    app.seed(3).await;
    let warehouse = app.staff("13900009201", "catalogue", &[]).await;
    let m = market(app).await;
    let (c1, s1, p1, stock1, sku1) = m.seeded_skus[0].clone();
    let file = sheet(&[[
        &m.seeded_item,
        "",
        "",
        &m.seeded_stall,
        &c1,
        &s1,
        &p1,
        "500",
        "",
        "",
        "",
    ]]);
    let import = preview(app, &warehouse, file, None).await;
    assert_eq!(row(&import, 2)["action"], "update");
    // A checkout or a restock moves the stock meanwhile.
    let (status, reply) = app
        .as_staff(
            &warehouse,
            "catalog/stock/change",
            json!({"sku_id": sku1, "delta": 3, "reason": "到货"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let applied = confirm(app, &warehouse, import["id"].as_str().unwrap()).await;
    let r = row(&applied, 2);
    assert_eq!(r["action"], "conflict");
    assert_eq!(
        r["reason"],
        format!(
            "The stock changed meanwhile and is now {}; refresh and try again.",
            stock1 + 3
        )
    );
    assert_eq!(
        app.stock_of(&sku1).await,
        stock1 + 3,
        "the units that arrived stay"
    );
}

async fn a_stall_account_imports_into_its_own_stall_and_sees_its_own_imports(app: &TestApp) {
    app.seed(5).await;
    let m = market(app).await;
    let other: String = sqlx::query_scalar("SELECT name FROM stalls WHERE id <> $1 ORDER BY id LIMIT 1")
        .bind(&m.stall_id)
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    let supplier = app.staff("13900009301", "stall", &[&m.stall_id]).await;
    let catalogue = app.staff("13900009302", "catalogue", &[]).await;
    let cat = m.category.as_str();
    let file = sheet(&[
        [
            "OWN-1",
            "自家新款",
            cat,
            &m.stall_id,
            "红色",
            "S",
            "19.90",
            "5",
            "",
            "a.png",
            "",
        ],
        [
            "OWN-2",
            "别家新款",
            cat,
            &other,
            "红色",
            "S",
            "19.90",
            "5",
            "",
            "a.png",
            "",
        ],
    ]);
    let import = preview(app, &supplier, file, Some(pictures_zip(&[("a.png", 9)]))).await;
    assert_eq!(row(&import, 2)["action"], "create");
    assert_eq!(row(&import, 3)["action"], "refused");
    assert_eq!(row(&import, 3)["reason"], format!("There is no stall {other}."));
    confirm(app, &supplier, import["id"].as_str().unwrap()).await;
    let stall_of: String = sqlx::query_scalar("SELECT stall_id FROM products WHERE item_no = 'OWN-1'")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(stall_of, m.stall_id);
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM products WHERE item_no = 'OWN-2'").await,
        0
    );

    // Another staff member's import is not the stall account's to see.
    let theirs = preview(
        app,
        &catalogue,
        sheet(&[[
            "CAT-1",
            "平台新款",
            cat,
            &other,
            "红色",
            "S",
            "19.90",
            "5",
            "",
            "a.png",
            "",
        ]]),
        Some(pictures_zip(&[("a.png", 9)])),
    )
    .await;
    let (_, history) = app.as_staff(&supplier, "catalog/imports", Value::Null).await;
    assert_eq!(history["data"]["total"], 1);
    let (status, _) = app
        .as_staff(
            &supplier,
            &format!("catalog/imports/detail?id={}", theirs["id"].as_str().unwrap()),
            Value::Null,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .as_staff(&supplier, "catalog/imports/confirm", json!({"id": theirs["id"]}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, all) = app.as_staff(&catalogue, "catalog/imports", Value::Null).await;
    assert_eq!(all["data"]["total"], 2, "the platform's staff see every import");
}

/// A stall account previews its stall's stock, the owner moves the account to another stall, and
/// the account confirms: refused, naming the row and the stall, and the stock stays (the
/// uploader's old stalls were applied). Back on its stall, the same import applies.
async fn a_confirm_reaches_only_the_stalls_its_confirmer_has_now(app: &TestApp) {
    app.seed(5).await;
    let m = market(app).await;
    let other: String = sqlx::query_scalar("SELECT id FROM stalls WHERE id <> $1 ORDER BY id LIMIT 1")
        .bind(&m.seeded_stall)
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    let supplier = app.staff("13900009401", "stall", &[&m.seeded_stall]).await;
    let owner = app.staff("13900009402", "owner", &[]).await;
    let (c1, s1, p1, stock1, sku1) = m.seeded_skus[0].clone();
    let file = sheet(&[[
        &m.seeded_item,
        "",
        "",
        &m.seeded_stall,
        &c1,
        &s1,
        &p1,
        "500",
        "",
        "",
        "",
    ]]);
    let import = preview(app, &supplier, file, None).await;
    let id = import["id"].as_str().unwrap().to_string();
    assert_eq!(row(&import, 2)["action"], "update");
    let supplier_id = app.as_staff(&supplier, "staff/me", Value::Null).await.1["data"]["id"].clone();
    let move_to = |stalls: Vec<&String>| json!({"id": supplier_id, "role": "stall", "stall_ids": stalls});
    let (status, reply) = app.as_staff(&owner, "staff/role", move_to(vec![&other])).await;
    assert_eq!(status, StatusCode::OK, "{reply}");

    let (status, reply) = app
        .as_staff(&supplier, "catalog/imports/confirm", json!({ "id": id }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(
        reply["msg"],
        format!(
            "Row 2 is for stall {}, which your account no longer reaches: nothing was imported.",
            m.seeded_stall
        )
    );
    assert_eq!(app.stock_of(&sku1).await, stock1);
    assert_eq!(settled(app, &supplier, &id).await["status"], "ready");
    assert_eq!(
        count(
            app,
            "SELECT COUNT(*) FROM staff_actions WHERE action = 'product_import.confirm'"
        )
        .await,
        0
    );

    let (status, reply) = app
        .as_staff(&owner, "staff/role", move_to(vec![&m.seeded_stall, &other]))
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    confirm(app, &supplier, &id).await;
    assert_eq!(app.stock_of(&sku1).await, 500);
}

async fn the_template_and_files_that_cannot_be_imported(app: &TestApp) {
    app.seed(2).await;
    let catalogue = app.staff("13900009401", "catalogue", &[]).await;
    for (lang, first, sheet_name) in [("zh_CN", "货号", "商品"), ("en_US", "Item no.", "Products")] {
        let response = app
            .client
            .get(app.url("/jpmall/admin/catalog/imports/template"))
            .header("admin-token", &catalogue)
            .header("content-language", lang)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let bytes = response.bytes().await.unwrap().to_vec();
        let mut book: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes)).expect("a real xlsx");
        assert_eq!(book.sheet_names()[0], sheet_name);
        let range = book.worksheet_range(sheet_name).unwrap();
        assert_eq!(range.get((0, 0)).unwrap().to_string(), first);
        assert_eq!(
            range.height(),
            5,
            "the header and an example of 2 colours x 2 sizes"
        );
        // The categories sheet lists every category a product can be in by path and code, and
        // the example names the first of them by its path.
        let (categories_name, path, other, hoodies) = if lang == "zh_CN" {
            (
                "分类",
                "女装 › 连衣裙",
                "Women › Dress",
                ["女装 › 卫衣", "男装 › 卫衣"],
            )
        } else {
            (
                "Categories",
                "Women › Dress",
                "女装 › 连衣裙",
                ["Women › Hoodie", "Men › Hoodie"],
            )
        };
        assert_eq!(
            range.get((1, 2)).unwrap().to_string(),
            path,
            "the example's category"
        );
        assert_eq!(book.sheet_names().len(), 3, "{:?}", book.sheet_names());
        let listed = book.worksheet_range(categories_name).unwrap();
        let lines: Vec<Vec<String>> = listed
            .rows()
            .map(|r| r.iter().map(|c| c.to_string()).collect())
            .collect();
        let header = if lang == "zh_CN" {
            ["分类路径", "英文路径", "分类编号"]
        } else {
            ["Category path", "Path in Chinese", "Category code"]
        };
        assert_eq!(lines[0], header);
        assert_eq!(lines[1], [path, other, "c101"]);
        let leaves: i64 = count(
            app,
            "SELECT COUNT(*) FROM categories c WHERE NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id)",
        )
        .await;
        assert_eq!(lines.len() as i64, leaves + 1, "every leaf once");
        for (hoodie, code) in hoodies.iter().zip(["c105", "c205"]) {
            assert!(
                lines.iter().any(|l| l[0] == *hoodie && l[2] == code),
                "{hoodie} {code}: {lines:?}"
            );
        }
        let help = book.worksheet_range(&book.sheet_names()[1].clone()).unwrap();
        let category_help = help.get((3, 1)).unwrap().to_string();
        assert!(category_help.contains(categories_name), "{category_help}");
    }
    let before = count(app, "SELECT COUNT(*) FROM product_imports").await;
    let (status, reply) = upload(app, &catalogue, b"item_no,title\nA1,tee\n".to_vec(), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["msg"], "The file is not an Excel spreadsheet (.xlsx).");
    let mut book = Workbook::new();
    book.add_worksheet().write_string(0, 0, "货号").unwrap();
    let (status, reply) = upload(app, &catalogue, book.save_to_buffer().unwrap(), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "Column Title is missing.");
    let good = sheet(&[["Z-1", "t", "x", "y", "红", "S", "1", "1", "", "a.png", ""]]);
    let (status, reply) = upload(app, &catalogue, good, Some(b"not a zip".to_vec())).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "The pictures file is not a readable zip.");
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM product_imports").await,
        before,
        "nothing started"
    );
}

/// The seeded 卫衣 is under both 女装 and 男装: the bare name is refused with both paths and codes,
/// in the reader's language, and nothing is written for it; the path as the console writes it,
/// with `/` or `>`, with or without spaces, in Chinese or English names, and the code each name
/// one. A stall account's import reads them the same way.
async fn a_category_is_named_by_its_code_its_path_or_a_name_no_other_has(app: &TestApp) {
    app.seed(3).await;
    let catalogue = app.staff("13900009601", "catalogue", &[]).await;
    let m = market(app).await;
    let pool = &app.db().pool;
    let hoodie = |parent: &'static str| async move {
        let row = sqlx::query(
            "SELECT c.id, c.name_en, p.name_en AS parent_en FROM categories c JOIN categories p ON p.id = c.parent_id \
             WHERE c.name_zh = '卫衣' AND p.name_zh = $1",
        )
        .bind(parent)
        .fetch_one(pool)
        .await
        .unwrap();
        let (id, en, parent_en): (String, String, String) =
            (row.get("id"), row.get("name_en"), row.get("parent_en"));
        (id, en, parent_en)
    };
    let (women, hoodie_en, women_en) = hoodie("女装").await;
    let (men, _, men_en) = hoodie("男装").await;
    let english_path = format!("{men_en} › {hoodie_en}");
    let stall = m.stall_name.as_str();
    let line = |item: &'static str, category: &str| {
        [
            item,
            "卫衣新款",
            category,
            stall,
            "灰色",
            "M",
            "59.00",
            "3",
            "",
            "a.png",
            "",
        ]
        .map(String::from)
    };
    let lines = [
        line("CAT-BARE", "卫衣"),
        line("CAT-SHOWN", "女装 › 卫衣"),
        line("CAT-SLASH", "女装/卫衣"),
        line("CAT-GT", "女装>卫衣"),
        line("CAT-EN", &english_path),
        line("CAT-MIXED", &format!("{women_en} / 卫衣")),
        line("CAT-CODE", &men),
    ];
    let rows: Vec<[&str; 11]> = lines.iter().map(|l| l.each_ref().map(String::as_str)).collect();
    let zip = pictures_zip(&[("a.png", 21)]);
    let import = preview(app, &catalogue, sheet(&rows), Some(zip.clone())).await;
    assert_eq!(
        import["counts"],
        json!({"create": 6, "update": 0, "unchanged": 0, "refused": 1, "conflict": 0}),
        "{import}"
    );
    assert_eq!(
        row(&import, 2)["reason"],
        format!(
            "More than one category is called 卫衣; write its path or its code: \
             {women_en} › {hoodie_en} ({women}), {men_en} › {hoodie_en} ({men})."
        )
    );
    let id = import["id"].as_str().unwrap().to_string();
    let chinese: Value = app
        .client
        .get(app.url(&format!("/jpmall/admin/catalog/imports/detail?id={id}")))
        .header("admin-token", &catalogue)
        .header("content-language", "zh_CN")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let bare = chinese["data"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["row"] == 2)
        .unwrap()
        .clone();
    assert_eq!(
        bare["reason"],
        format!("有多个分类叫 卫衣，请写路径或分类编号：女装 › 卫衣（{women}）、男装 › 卫衣（{men}）")
    );

    confirm(app, &catalogue, &id).await;
    for (item, category) in [
        ("CAT-SHOWN", &women),
        ("CAT-SLASH", &women),
        ("CAT-GT", &women),
        ("CAT-EN", &men),
        ("CAT-MIXED", &women),
        ("CAT-CODE", &men),
    ] {
        let found: String = sqlx::query_scalar("SELECT category_id FROM products WHERE item_no = $1")
            .bind(item)
            .fetch_one(pool)
            .await
            .unwrap_or_else(|e| panic!("{item}: {e}"));
        assert_eq!(&found, category, "{item}");
    }
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM products WHERE item_no = 'CAT-BARE'").await,
        0,
        "the refused row wrote nothing"
    );

    // A stall account's import into its own stall reads a path the same way.
    let supplier = app.staff("13900009602", "stall", &[&m.stall_id]).await;
    let own = [[
        "CAT-OWN",
        "档口卫衣",
        "男装 > 卫衣",
        &m.stall_id,
        "灰色",
        "L",
        "69.00",
        "2",
        "",
        "a.png",
        "",
    ]];
    let theirs = preview(app, &supplier, sheet(&own), Some(zip)).await;
    assert_eq!(row(&theirs, 2)["action"], "create", "{theirs}");
    confirm(app, &supplier, theirs["id"].as_str().unwrap()).await;
    let found: String = sqlx::query_scalar("SELECT category_id FROM products WHERE item_no = 'CAT-OWN'")
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(found, men);
}

async fn saved(app: &TestApp, token: &str, path: &str, body: Value) -> String {
    let (status, reply) = app.as_staff(token, path, body).await;
    assert_eq!(status, StatusCode::OK, "{path}: {reply}");
    reply["data"]["id"].as_str().unwrap().to_string()
}

async fn from_an_empty_database_the_first_owner_puts_a_market_on_sale_from_an_excel_file(app: &TestApp) {
    // No demo market: the first owner comes from the command line.
    assert_eq!(count(app, "SELECT COUNT(*) FROM products").await, 0);
    let (ok, _, stderr) = app.run_cli(&[
        "ops",
        "staff",
        "add",
        "--mobile",
        "13900009501",
        "--password",
        "owner123",
        "--role",
        "owner",
    ]);
    assert!(ok, "{stderr}");
    let (status, reply) = app.staff_login("13900009501", "owner123").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let owner = reply["data"]["token"].as_str().unwrap().to_string();

    let (_, sites) = app.as_staff(&owner, "catalog/area_sites", Value::Null).await;
    let site = sites["data"][0]["id"].as_str().unwrap().to_string();
    let market = saved(
        app,
        &owner,
        "catalog/markets/save",
        json!({"area_site_id": site, "name_zh": "四季青", "name_en": "Sijiqing", "sort": 1}),
    )
    .await;
    let women = saved(
        app,
        &owner,
        "catalog/categories/save",
        json!({"name_zh": "女装", "name_en": "Women", "sort": 1}),
    )
    .await;
    saved(
        app,
        &owner,
        "catalog/categories/save",
        json!({"parent_id": women, "name_zh": "连衣裙", "name_en": "Dresses", "sort": 1}),
    )
    .await;
    saved(
        app,
        &owner,
        "catalog/stalls/save",
        json!({"market_id": market, "name": "阿美服饰", "floor": "2F", "number": "A201", "category_id": women}),
    )
    .await;

    // The catalogue from a sheet: the category and stall by their names.
    let file = sheet(&[
        [
            "D-100",
            "碎花连衣裙",
            "Dresses",
            "阿美服饰",
            "红色",
            "S",
            "59.00",
            "10",
            "Floral dress",
            "d1.png;d2.png",
            "",
        ],
        ["D-100", "", "", "阿美服饰", "红色", "M", "59.00", "8", "", "", ""],
        [
            "D-100",
            "",
            "",
            "阿美服饰",
            "蓝色",
            "S",
            "61.00",
            "6",
            "",
            "",
            "blue.png",
        ],
        ["D-100", "", "", "阿美服饰", "蓝色", "M", "61.00", "0", "", "", ""],
    ]);
    let zip = pictures_zip(&[("d1.png", 11), ("d2.png", 12), ("blue.png", 13)]);
    let import = preview(app, &owner, file, Some(zip)).await;
    assert_eq!(import["counts"]["create"], 4, "{import}");
    confirm(app, &owner, import["id"].as_str().unwrap()).await;
    let (_, products) = app.as_staff(&owner, "catalog/products", Value::Null).await;
    assert_eq!(products["data"]["total"], 1);
    let id = products["data"]["list"][0]["id"].clone();
    let (status, _) = app
        .as_staff(
            &owner,
            "catalog/products/shelf",
            json!({"ids": [id], "on_shelf": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    // On sale: the storefront's home, list, search and detail show it.
    let (status, home) = app.post(&format!("{U}/home/index"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{home}");
    let (_, listed) = app
        .post_lang(
            &format!("{U}/product/lists"),
            "en_US",
            json!({"keyword": "floral"}),
        )
        .await;
    assert_eq!(listed["data"]["total"], 1, "{listed}");
    let (status, detail) = app
        .post_lang(&format!("{U}/product/detail"), "en_US", json!({"id": id}))
        .await;
    assert_eq!(status, StatusCode::OK, "{detail}");
    assert_eq!(detail["data"]["skus"].as_array().unwrap().len(), 4);
    assert_eq!(detail["data"]["images"].as_array().unwrap().len(), 2);
}
