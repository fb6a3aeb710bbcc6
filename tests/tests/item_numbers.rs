//! One item number per stall, on both engines: saves racing for a new item number
//! make one product and answer the others "item number taken", two imports confirmed at once make
//! one product, and migration 0032 names the products a catalogue already holds twice.

use std::io::{Cursor, Write};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, TestApp};

on_both_engines!(
    six_parallel_saves_of_one_new_item_number_make_one_product,
    two_imports_confirmed_at_once_make_one_product,
    the_migration_names_the_products_that_hold_an_item_number_twice,
);

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.db().pool).await.unwrap()
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

/// A stall's id and name and a leaf category's id and Chinese name, each unique by name.
async fn stall_and_category(app: &TestApp) -> (String, String, String, String) {
    let pool = &app.db().pool;
    let stall = sqlx::query(
        "SELECT id, name FROM stalls s WHERE NOT EXISTS (SELECT 1 FROM stalls o WHERE o.name = s.name AND o.id <> s.id) \
         ORDER BY id LIMIT 1",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    let category = sqlx::query(
        "SELECT c.id, c.name_zh FROM categories c WHERE c.parent_id IS NOT NULL \
         AND NOT EXISTS (SELECT 1 FROM categories o WHERE o.name_zh = c.name_zh AND o.id <> c.id) ORDER BY c.id LIMIT 1",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    (
        stall.get("id"),
        stall.get("name"),
        category.get("id"),
        category.get("name_zh"),
    )
}

/// Every picture folder in the media folder belongs to a product that exists.
async fn no_pictures_left_behind(app: &TestApp) {
    let folder = app.data_dir.path().join("media").join("p");
    let Ok(entries) = std::fs::read_dir(&folder) else {
        return;
    };
    for entry in entries {
        let id = entry.unwrap().file_name().to_string_lossy().into_owned();
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM products WHERE id = $1")
            .bind(&id)
            .fetch_one(&app.db().pool)
            .await
            .unwrap();
        assert_eq!(n, 1, "pictures of {id}, which is no product");
    }
}

async fn six_parallel_saves_of_one_new_item_number_make_one_product(app: &TestApp) {
    app.seed(5).await;
    let catalogue = app.staff("13900004401", "catalogue", &[]).await;
    let (stall, _, category, _) = stall_and_category(app).await;
    let part = reqwest::multipart::Part::bytes(png(7)).file_name("front.png");
    let (status, picture) = app
        .send(
            app.client
                .post(app.url("/jpmall/admin/catalog/pictures/upload"))
                .header("admin-token", &catalogue)
                .multipart(reqwest::multipart::Form::new().part("file", part)),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{picture}");
    let product = json!({"item_no": "RACE-44", "title_zh": "竞速短袖", "title_en": "Race tee",
        "category_id": category, "stall_id": stall, "price": "39.00",
        "colours": [{"name_zh": "白色", "name_en": "White"}], "sizes": ["M"],
        "skus": [{"color": "白色", "size": "M", "stock": 5}],
        "main_pictures": [picture["data"]["url"]], "detail_pictures": [], "is_hot": false, "is_sea": false});

    let answers = futures::future::join_all(
        (0..6).map(|_| app.as_staff(&catalogue, "catalog/products/save", product.clone())),
    )
    .await;
    let made: Vec<&Value> = answers
        .iter()
        .filter(|(status, _)| *status == StatusCode::OK)
        .map(|(_, reply)| reply)
        .collect();
    assert_eq!(made.len(), 1, "{answers:?}");
    for (status, reply) in answers.iter().filter(|(s, _)| *s != StatusCode::OK) {
        assert_eq!(*status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
        assert_eq!(reply["msg"], "This stall already has item number RACE-44.");
    }
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM products WHERE item_no = 'RACE-44'").await,
        1
    );
    let id = made[0]["data"]["id"].as_str().unwrap().to_string();
    assert_eq!(
        count(
            app,
            "SELECT COUNT(*) FROM skus WHERE product_id NOT IN (SELECT id FROM products)"
        )
        .await,
        0
    );
    no_pictures_left_behind(app).await;

    // The one product made is edited as any other.
    let mut edit = product.clone();
    edit["id"] = json!(id);
    edit["main_pictures"] = json!([format!("/media/p/{id}/main-1.jpg")]);
    edit["title_zh"] = json!("竞速短袖二代");
    let (status, reply) = app.as_staff(&catalogue, "catalog/products/save", edit).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
}

fn sheet(rows: &[[&str; 11]]) -> Vec<u8> {
    let headers = [
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
    let mut book = rust_xlsxwriter::Workbook::new();
    let page = book.add_worksheet();
    for (c, header) in headers.iter().enumerate() {
        page.write_string(0, c as u16, *header).unwrap();
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate().filter(|(_, cell)| !cell.is_empty()) {
            page.write_string(r as u32 + 1, c as u16, *cell).unwrap();
        }
    }
    book.save_to_buffer().unwrap()
}

fn pictures_zip() -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    zip.start_file("front.png", zip::write::SimpleFileOptions::default())
        .unwrap();
    zip.write_all(&png(9)).unwrap();
    zip.finish().unwrap().into_inner()
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

async fn preview(app: &TestApp, token: &str, file: Vec<u8>) -> String {
    let form = reqwest::multipart::Form::new()
        .part(
            "file",
            reqwest::multipart::Part::bytes(file).file_name("新款.xlsx"),
        )
        .part(
            "pictures",
            reqwest::multipart::Part::bytes(pictures_zip()).file_name("pictures.zip"),
        );
    let (status, reply) = app
        .send(
            app.client
                .post(app.url("/jpmall/admin/catalog/imports"))
                .header("admin-token", token)
                .header("content-language", "en_US")
                .multipart(form),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let id = reply["data"]["id"].as_str().unwrap().to_string();
    let import = settled(app, token, &id).await;
    assert_eq!(import["counts"]["create"], 1, "{import}");
    id
}

async fn two_imports_confirmed_at_once_make_one_product(app: &TestApp) {
    app.seed(5).await;
    let catalogue = app.staff("13900004402", "catalogue", &[]).await;
    let (_, stall, _, category) = stall_and_category(app).await;
    let file = sheet(&[[
        "TWICE-44",
        "导入两次",
        &category,
        &stall,
        "白色",
        "M",
        "29.90",
        "20",
        "Imported twice",
        "front.png",
        "",
    ]]);
    let first = preview(app, &catalogue, file.clone()).await;
    let second = preview(app, &catalogue, file).await;
    let confirm = |id: &str| app.as_staff(&catalogue, "catalog/imports/confirm", json!({ "id": id }));
    let (a, b) = tokio::join!(confirm(&first), confirm(&second));
    assert_eq!(a.0, StatusCode::OK, "{}", a.1);
    assert_eq!(b.0, StatusCode::OK, "{}", b.1);
    let mut rows = Vec::new();
    for id in [&first, &second] {
        let import = settled(app, &catalogue, id).await;
        assert_eq!(import["status"], "applied", "{import}");
        rows.push(import["rows"][0].clone());
    }
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM products WHERE item_no = 'TWICE-44'").await,
        1,
        "{rows:?}"
    );
    let conflicts: Vec<&Value> = rows.iter().filter(|r| r["action"] == "conflict").collect();
    assert_eq!(conflicts.len(), 1, "{rows:?}");
    assert_eq!(
        conflicts[0]["reason"],
        "This stall already has item number TWICE-44."
    );
    no_pictures_left_behind(app).await;
}

async fn the_migration_names_the_products_that_hold_an_item_number_twice(app: &TestApp) {
    app.seed(3).await;
    let pool = &app.db().pool;
    let products = sqlx::query("SELECT id, stall_id, item_no FROM products ORDER BY id LIMIT 2")
        .fetch_all(pool)
        .await
        .unwrap();
    let (kept, twin): (String, String) = (products[0].get("id"), products[1].get("id"));
    let (stall, item_no): (String, String) = (products[0].get("stall_id"), products[0].get("item_no"));
    // A catalogue from before 0032, where a race left one stall's item number on two products.
    for sql in [
        "DROP INDEX products_stall_item_no",
        "DELETE FROM _sqlx_migrations WHERE version = 32",
    ] {
        sqlx::query(sql).execute(pool).await.unwrap();
    }
    sqlx::query("UPDATE products SET stall_id = $1, item_no = $2 WHERE id = $3")
        .bind(&stall)
        .bind(&item_no)
        .bind(&twin)
        .execute(pool)
        .await
        .unwrap();

    let refused = app.db().migrate().await.expect_err("0032 stops");
    let said = format!("{refused:#}");
    let mut ids = [kept.clone(), twin.clone()];
    ids.sort();
    assert!(
        said.contains(&format!(
            "stall {stall}, item number {item_no}: products {}, {}",
            ids[0], ids[1]
        )),
        "{said}"
    );
    assert!(said.contains("Merge each into one product"), "{said}");
    assert!(said.contains("UPDATE products SET item_no"), "{said}");

    // Merged as it says: the twin takes a number of its own, and the index is made.
    sqlx::query("UPDATE products SET item_no = $1 WHERE id = $2")
        .bind(format!("{item_no}-2"))
        .bind(&twin)
        .execute(pool)
        .await
        .unwrap();
    app.db().migrate().await.expect("0032 runs once merged");
    let again = sqlx::query("UPDATE products SET item_no = $1 WHERE id = $2")
        .bind(&item_no)
        .bind(&twin)
        .execute(pool)
        .await;
    assert!(again.is_err(), "the index holds");
}
