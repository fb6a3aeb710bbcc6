//! Listing in a seller's own shops, over HTTP on both engines: shops with pricing rules (each seller's
//! own), the preview of a package's prices, the 淘宝助理 package itself read back by an independent
//! reader (UTF-16LE, three header lines, every SKU's seller's code its jpmall SKU id, every picture
//! entry with its `.tbi` file), the listing recorded once per package, "My listings" beside what the
//! catalogue says after a price change, a sell-out and a product taken off the shelf, and the CLI.

use std::collections::HashMap;
use std::io::{Cursor, Read};

use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, product_id_of, TestApp};

const U: &str = "/jpmall/addons/unishop";

async fn call(app: &TestApp, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
    app.unishop(token, "en_US", path, body).await
}

async fn data(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    app.unishop_data(token, "en_US", path, body).await
}

fn rule(multiplier: &str, fixed_add: &str, rounding: &str) -> Value {
    json!({"multiplier": multiplier, "fixed_add": fixed_add, "rounding": rounding, "min_margin": "0",
           "title_prefix": "", "title_suffix": "", "stock_cap": null})
}

async fn taobao_shop(app: &TestApp, token: &str, rule: Value) -> String {
    let shop = data(
        app,
        token,
        "listing/shop_save",
        json!({"platform": "taobao", "name": "小王的淘宝店", "rule": rule}),
    )
    .await;
    shop["id"].as_str().unwrap().to_string()
}

async fn package(app: &TestApp, token: &str, body: Value) -> reqwest::Response {
    app.client
        .post(app.url(&format!("{U}/listing/package")))
        .header("token", token)
        .header("content-language", "en_US")
        .json(&body)
        .send()
        .await
        .unwrap()
}

fn entries(zip_bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut archive = zip::ZipArchive::new(Cursor::new(zip_bytes)).expect("a zip archive");
    (0..archive.len())
        .map(|i| {
            let mut file = archive.by_index(i).unwrap();
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).unwrap();
            (file.name().unwrap().to_string(), bytes)
        })
        .collect()
}

/// An independent reader of a 淘宝助理 file: UTF-16LE after its byte-order mark, lines ending `\r\n`,
/// cells split on tabs (quoted cells unquoted); answers the three header lines and the rows keyed by
/// the English column keys.
fn read_taobao(bytes: &[u8]) -> (Vec<String>, Vec<HashMap<String, String>>) {
    assert_eq!(&bytes[..2], &[0xFF, 0xFE], "a UTF-16LE byte-order mark");
    let units: Vec<u16> = bytes[2..]
        .chunks(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .collect();
    let text = String::from_utf16(&units).expect("UTF-16LE");
    assert!(text.ends_with("\r\n"));
    let lines: Vec<&str> = text.trim_end_matches("\r\n").split("\r\n").collect();
    let header: Vec<String> = lines[..3].iter().map(|l| l.to_string()).collect();
    let keys: Vec<&str> = lines[1].split('\t').collect();
    let rows = lines[3..]
        .iter()
        .map(|line| {
            let cells = line.split('\t').map(|c| {
                let unquoted = c.strip_prefix('"').and_then(|c| c.strip_suffix('"'));
                unquoted.map_or(c.to_string(), |c| c.replace("\"\"", "\""))
            });
            keys.iter().map(|k| k.to_string()).zip(cells).collect()
        })
        .collect();
    (header, rows)
}

/// (sku id, price fen, stock) of a product's SKUs.
async fn skus_of(app: &TestApp, product: &str) -> Vec<(String, i64, i64)> {
    sqlx::query("SELECT id, price, stock FROM skus WHERE product_id = $1 ORDER BY sort, id")
        .bind(product)
        .fetch_all(&app.db().pool)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get("id"), r.get("price"), r.get("stock")))
        .collect()
}

fn fen(text: &Value) -> i64 {
    domain::money::Fen::parse_yuan(text.as_str().unwrap()).unwrap().0
}

/// ×1.5 + ¥5, a fraction of a fen rounded up.
fn one_and_a_half_plus_five(cost: i64) -> i64 {
    (cost * 3 + 1) / 2 + 500
}

on_both_engines!(
    a_seller_keeps_shops_with_their_pricing_rules_and_no_one_elses,
    a_taobao_package_lists_every_sku_by_its_code_and_is_recorded_once,
    my_listings_show_a_price_change_a_sell_out_and_a_product_off_the_shelf,
    the_cli_writes_the_package_the_storefront_downloads_and_prints_the_changes,
);

async fn a_seller_keeps_shops_with_their_pricing_rules_and_no_one_elses(app: &TestApp) {
    let token = app.register("13800002101", "abc12345").await;
    let other = app.register("13800002102", "abc12345").await;
    let shops = data(app, &token, "listing/shops", json!({})).await;
    assert_eq!(shops["list"], json!([]));
    let taobao = shops["platforms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["code"] == "taobao")
        .unwrap();
    assert_eq!(taobao["packages"], true);
    assert_eq!(shops["platforms"].as_array().unwrap().len(), 5);

    let saved = data(
        app,
        &token,
        "listing/shop_save",
        json!({"platform": "taobao", "name": " 小王的淘宝店 ", "rule": {"multiplier": "1.5", "fixed_add": "5",
               "rounding": "ends_90", "min_margin": "3.00", "title_prefix": " 现货 ", "title_suffix": "",
               "stock_cap": 20}}),
    )
    .await;
    let id = saved["id"].as_str().unwrap().to_string();
    assert_eq!(saved["name"], "小王的淘宝店");
    assert_eq!(
        saved["rule"],
        json!({"multiplier": "1.5", "fixed_add": "5.00", "rounding": "ends_90", "min_margin": "3.00",
               "title_prefix": "现货", "title_suffix": "", "stock_cap": 20})
    );

    // Each refusal names its field and changes nothing.
    for (change, field) in [
        (json!({"name": ""}), "name"),
        (json!({"platform": "ebay"}), "platform"),
        (json!({"rule": {"multiplier": "0.5"}}), "multiplier"),
        (json!({"rule": {"multiplier": "1.23456"}}), "multiplier"),
        (json!({"rule": {"fixed_add": "-1"}}), "fixed_add"),
        (json!({"rule": {"min_margin": "10000"}}), "min_margin"),
        (json!({"rule": {"rounding": "up"}}), "rounding"),
        (json!({"rule": {"stock_cap": -1}}), "stock_cap"),
        (json!({"rule": {"title_suffix": "新".repeat(21)}}), "title_suffix"),
    ] {
        let mut body =
            json!({"id": id, "platform": "taobao", "name": "改名", "rule": rule("2", "0", "none")});
        for (k, v) in change.as_object().unwrap() {
            if k == "rule" {
                for (rk, rv) in v.as_object().unwrap() {
                    body["rule"][rk] = rv.clone();
                }
            } else {
                body[k] = v.clone();
            }
        }
        let (status, reply) = call(app, &token, "listing/shop_save", body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}: {reply}");
        assert_eq!(reply["data"]["field"], field, "{reply}");
    }
    let shops = data(app, &token, "listing/shops", json!({})).await;
    assert_eq!(shops["list"][0]["name"], "小王的淘宝店", "nothing changed");

    // Another seller sees none of it and can change none of it.
    assert_eq!(
        data(app, &other, "listing/shops", json!({})).await["list"],
        json!([])
    );
    for (path, body) in [
        (
            "listing/shop_save",
            json!({"id": id, "platform": "taobao", "name": "抢来的", "rule": rule("1", "0", "none")}),
        ),
        ("listing/shop_delete", json!({"id": id})),
        (
            "listing/preview",
            json!({"shop_id": id, "product_ids": [product_id_of(1)]}),
        ),
    ] {
        let (status, reply) = call(app, &other, path, body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {reply}");
        assert_eq!(reply["msg"], "That shop was not found.", "{path}");
    }

    let renamed = data(
        app,
        &token,
        "listing/shop_save",
        json!({"id": id, "platform": "taobao", "name": "小王二店", "rule": rule("2", "0", "whole_yuan")}),
    )
    .await;
    assert_eq!(
        (renamed["id"].as_str(), renamed["name"].as_str()),
        (Some(id.as_str()), Some("小王二店"))
    );
    assert_eq!(renamed["rule"]["multiplier"], "2");
    data(app, &token, "listing/shop_delete", json!({"id": id})).await;
    assert_eq!(
        data(app, &token, "listing/shops", json!({})).await["list"],
        json!([])
    );
}

async fn a_taobao_package_lists_every_sku_by_its_code_and_is_recorded_once(app: &TestApp) {
    app.seed(6).await;
    let token = app.register("13800002201", "abc12345").await;
    let shop = taobao_shop(app, &token, rule("1.5", "5", "none")).await;
    let products = [product_id_of(1), product_id_of(2)];

    let preview = data(
        app,
        &token,
        "listing/preview",
        json!({"shop_id": shop, "product_ids": products}),
    )
    .await;
    assert_eq!(preview["products"].as_array().unwrap().len(), 2);
    for (n, product) in products.iter().enumerate() {
        let shown = &preview["products"][n];
        assert_eq!(shown["product_id"], product.as_str());
        let skus = skus_of(app, product).await;
        assert_eq!(shown["skus"].as_array().unwrap().len(), skus.len());
        for (sku, (id, cost, stock)) in shown["skus"].as_array().unwrap().iter().zip(&skus) {
            assert_eq!(sku["sku_id"], id.as_str());
            assert_eq!(fen(&sku["cost"]), *cost);
            assert_eq!(fen(&sku["listed"]), one_and_a_half_plus_five(*cost), "{sku}");
            assert_eq!(fen(&sku["margin"]), one_and_a_half_plus_five(*cost) - cost);
            assert_eq!(sku["listed_stock"], *stock);
        }
    }
    let lists = data(app, &token, "listing/lists", json!({"filter": "all"})).await;
    assert_eq!(lists["total"], 0, "a preview records nothing");

    let body = json!({"shop_id": shop, "product_ids": products, "request_id": "first-download"});
    let response = package(app, &token, body.clone()).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/zip");
    let files = entries(&response.bytes().await.unwrap());
    let csv = files
        .iter()
        .find(|(name, _)| name.ends_with(".csv"))
        .expect("the 淘宝助理 file");
    let folder = csv.0.trim_end_matches(".csv").to_string();
    let (header, rows) = read_taobao(&csv.1);
    assert_eq!(header[0], "version 1.00");
    assert!(header[1].starts_with("title\tcid\t"), "{}", header[1]);
    assert!(header[2].starts_with("宝贝名称\t宝贝类目\t"), "{}", header[2]);
    assert_eq!(rows.len(), 2);
    for (row, product) in rows.iter().zip(&products) {
        let skus = skus_of(app, product).await;
        let title: String = sqlx::query_scalar("SELECT title_zh FROM products WHERE id = $1")
            .bind(product)
            .fetch_one(&app.db().pool)
            .await
            .unwrap();
        assert_eq!(row["title"], title);
        // price:quantity:code:pid:vid;pid:vid; per SKU, the code its jpmall SKU id.
        let props = &row["skuProps"];
        for (id, cost, stock) in &skus {
            let listed = domain::money::Fen(one_and_a_half_plus_five(*cost)).to_yuan();
            assert!(
                props.contains(&format!("{listed}:{stock}:{id}:1627207:")),
                "{id} in {props}"
            );
        }
        let total: i64 = skus.iter().map(|s| s.2).sum();
        assert_eq!(row["num"], total.to_string());
        let lowest = skus.iter().map(|s| one_and_a_half_plus_five(s.1)).min().unwrap();
        assert_eq!(row["price"], domain::money::Fen(lowest).to_yuan());
        // Every picture entry has its .tbi file, a picture.
        let pictures: Vec<&str> = row["picture"].split(";").filter(|p| !p.is_empty()).collect();
        assert!(!pictures.is_empty() && pictures.len() <= 5, "{}", row["picture"]);
        for entry in pictures {
            let uuid = entry.split(':').next().unwrap();
            let path = format!("{folder}/{uuid}.tbi");
            let (_, bytes) = files
                .iter()
                .find(|(name, _)| *name == path)
                .unwrap_or_else(|| panic!("{path}"));
            assert!(image::load_from_memory(bytes).is_ok(), "{path} is a picture");
        }
    }

    // Recorded: My listings shows both with the prices listed.
    let lists = data(app, &token, "listing/lists", json!({"filter": "all"})).await;
    assert_eq!(lists["total"], 2, "{lists}");
    assert_eq!(lists["counts"]["changed"], 0);
    let first = lists["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["product_id"] == products[0].as_str())
        .unwrap();
    assert_eq!(first["shop_name"], "小王的淘宝店");
    assert_eq!(first["changed"], false);
    for (id, cost, _) in &skus_of(app, &products[0]).await {
        let sku = first["skus"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["sku_id"] == id.as_str())
            .unwrap();
        assert_eq!(fen(&sku["cost_then"]), *cost);
        assert_eq!(fen(&sku["listed_price"]), one_and_a_half_plus_five(*cost));
    }
    let listed_at = first["listed_at"].clone();

    // The same download again records nothing new; the events say so too.
    let again = package(app, &token, body).await;
    assert_eq!(again.status(), StatusCode::OK);
    let events: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM events WHERE aggregate_type = 'listing'")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(events, 2);
    let lists = data(app, &token, "listing/lists", json!({"filter": "all"})).await;
    assert_eq!(lists["total"], 2);
    assert_eq!(lists["list"][1]["listed_at"], listed_at);

    // An off-shelf product is refused by its item number and nothing is recorded.
    let off = product_id_of(3);
    sqlx::query("UPDATE products SET on_shelf = 0 WHERE id = $1")
        .bind(&off)
        .execute(&app.db().pool)
        .await
        .unwrap();
    let refused = package(
        app,
        &token,
        json!({"shop_id": shop, "product_ids": [product_id_of(4), off]}),
    )
    .await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let reply: Value = refused.json().await.unwrap();
    assert_eq!(reply["data"]["field"], "product_ids");
    assert!(
        reply["msg"].as_str().unwrap().contains("off the shelf"),
        "{reply}"
    );
    let lists = data(app, &token, "listing/lists", json!({"filter": "all"})).await;
    assert_eq!(lists["total"], 2, "a refused package records nothing");
}

async fn my_listings_show_a_price_change_a_sell_out_and_a_product_off_the_shelf(app: &TestApp) {
    app.seed(6).await;
    let token = app.register("13800002301", "abc12345").await;
    let other = app.register("13800002302", "abc12345").await;
    let shop = taobao_shop(app, &token, rule("1.5", "5", "none")).await;
    let (repriced, sold_out, off_shelf) = (product_id_of(1), product_id_of(2), product_id_of(3));
    let response = package(
        app,
        &token,
        json!({"shop_id": shop, "product_ids": [repriced, sold_out, off_shelf]}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    response.bytes().await.unwrap();

    // The catalogue member raises a price and takes a product off the shelf; the warehouse sells a SKU out.
    let catalogue = app.staff("13900002301", "catalogue", &[]).await;
    let (status, form) = app
        .as_staff(&catalogue, &format!("catalog/product?id={repriced}"), Value::Null)
        .await;
    assert_eq!(status, StatusCode::OK, "{form}");
    let mut edit = form["data"].clone();
    let raised = fen(&edit["skus"][0]["price"]) + 1000;
    edit["skus"][0]["price"] = json!(domain::money::Fen(raised).to_yuan());
    let (status, reply) = app.as_staff(&catalogue, "catalog/products/save", edit).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let (status, reply) = app
        .as_staff(
            &catalogue,
            "catalog/products/shelf",
            json!({"ids": [off_shelf], "on_shelf": false}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let warehouse = app.staff("13900002302", "warehouse", &[]).await;
    let (gone_sku, _, stock) = skus_of(app, &sold_out)
        .await
        .into_iter()
        .find(|(_, _, stock)| *stock > 0)
        .expect("a SKU listed with stock");
    let (status, reply) = app
        .as_staff(
            &warehouse,
            "catalog/stock/change",
            json!({"sku_id": gone_sku, "expected": stock, "stock": 0, "reason": "盘点"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");

    let all = data(app, &token, "listing/lists", json!({"filter": "all"})).await;
    assert_eq!(
        all["counts"],
        json!({"all": 3, "changed": 3, "sold_out": 1, "delisted": 1}),
        "{all}"
    );
    let of = |list: &Value, product: &str| {
        list["list"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["product_id"] == product)
            .cloned()
            .unwrap()
    };
    let moved = of(&all, &repriced);
    assert_eq!(moved["changed"], true);
    let sku = &moved["skus"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["price_changed"] == true)
        .cloned()
        .expect("the repriced SKU");
    assert_eq!(fen(&sku["cost_now"]), raised);
    assert_eq!(fen(&sku["margin_now"]), fen(&sku["listed_price"]) - raised);
    assert_eq!(fen(&sku["cost_then"]), raised - 1000);
    let short = of(&all, &sold_out);
    let gone = short["skus"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["sku_id"] == gone_sku.as_str())
        .unwrap();
    assert_eq!(
        (gone["sku_state"].as_str(), gone["stock_now"].as_i64()),
        (Some("sold_out"), Some(0))
    );
    assert_eq!(of(&all, &off_shelf)["product_state"], "off_shelf");

    let sold = data(app, &token, "listing/lists", json!({"filter": "sold_out"})).await;
    assert_eq!(sold["total"], 1);
    assert_eq!(sold["list"][0]["product_id"], sold_out.as_str());
    let delisted = data(app, &token, "listing/lists", json!({"filter": "delisted"})).await;
    assert_eq!(delisted["list"][0]["product_id"], off_shelf.as_str());
    let (status, reply) = call(app, &token, "listing/lists", json!({"filter": "nonsense"})).await;
    assert_eq!(
        (status, reply["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("filter"))
    );

    // Another seller sees none of it and removes none of it; the seller removes one record.
    assert_eq!(data(app, &other, "listing/lists", json!({})).await["total"], 0);
    let id = of(&all, &off_shelf)["id"].as_str().unwrap().to_string();
    let (status, reply) = call(app, &other, "listing/remove", json!({"ids": [id]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    let removed = data(app, &token, "listing/remove", json!({"ids": [id]})).await;
    assert_eq!(removed["removed"], 1);
    let all = data(app, &token, "listing/lists", json!({})).await;
    assert_eq!(all["counts"]["all"], 2);
    assert_eq!(all["counts"]["delisted"], 0);

    // The record is the event log's: a rebuild gives the same list.
    let (ok, _, stderr) = app.run_cli(&["rebuild", "listings"]);
    assert!(ok, "{stderr}");
    let rebuilt = data(app, &token, "listing/lists", json!({})).await;
    assert_eq!(rebuilt, all);
}

async fn the_cli_writes_the_package_the_storefront_downloads_and_prints_the_changes(app: &TestApp) {
    app.seed(4).await;
    app.register("13800002401", "abc12345").await;
    let out = app.data_dir.path().join("taobao.zip");
    let products = format!("{},{}", product_id_of(1), product_id_of(2));
    let (ok, stdout, stderr) = app.run_cli(&[
        "listing",
        "package",
        "--mobile",
        "13800002401",
        "--platform",
        "taobao",
        "--products",
        &products,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    assert_eq!(stdout.trim(), out.to_str().unwrap());
    let files = entries(&std::fs::read(&out).unwrap());
    let csv = files.iter().find(|(name, _)| name.ends_with(".csv")).unwrap();
    let (_, rows) = read_taobao(&csv.1);
    assert_eq!(rows.len(), 2);
    // Made with the default rule: at cost.
    let (sku, cost, _) = skus_of(app, &product_id_of(1)).await[0].clone();
    assert!(
        rows[0]["skuProps"].contains(&format!("{}:", domain::money::Fen(cost).to_yuan()))
            && rows[0]["skuProps"].contains(&sku),
        "{}",
        rows[0]["skuProps"]
    );

    let (ok, stdout, stderr) = app.run_cli(&["listing", "changes", "--mobile", "13800002401", "--json"]);
    assert!(ok, "{stderr}");
    assert_eq!(serde_json::from_str::<Value>(&stdout).unwrap(), json!([]));
    sqlx::query("UPDATE skus SET price = price + 100 WHERE id = $1")
        .bind(&sku)
        .execute(&app.db().pool)
        .await
        .unwrap();
    let (ok, stdout, stderr) = app.run_cli(&["listing", "changes", "--mobile", "13800002401", "--json"]);
    assert!(ok, "{stderr}");
    let changes: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(changes.as_array().unwrap().len(), 1, "{changes}");
    assert_eq!(changes[0]["product_id"], product_id_of(1).as_str());
    let (ok, _, stderr) = app.run_cli(&["listing", "changes", "--mobile", "13899999999"]);
    assert!(!ok);
    assert!(stderr.contains("no seller has the phone number"), "{stderr}");
}
