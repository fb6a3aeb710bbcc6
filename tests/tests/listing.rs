//! Listing in a seller's own shops, over HTTP on both engines: shops with pricing rules (each seller's
//! own), the preview of a package's prices, the 淘宝助理 package itself read back by an independent
//! reader (UTF-16LE, three header lines, every SKU's seller's code its jpmall SKU id, every picture
//! entry with its `.tbi` file), the listing recorded once per package, "My listings" beside what the
//! catalogue says after a price change, a sell-out and a product taken off the shelf, and the CLI. The
//! 抖店 package's folders read back with calamine, and the round trip: a 抖店 order export naming the
//! package's 商家编码 imported and ordered as exactly those jpmall SKUs, with no link.

use std::collections::HashMap;
use std::io::Cursor;
use std::path::PathBuf;

use calamine::{open_workbook_from_rs, Data, Reader, Xlsx};
use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, product_id_of, zip_entries, TestApp};

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

/// The catalogue member raises the first SKU's price of `product` by `by` fen, through the console's
/// own save; answers the SKU and its new price.
async fn raise_first_price(app: &TestApp, catalogue: &str, product: &str, by: i64) -> (String, i64) {
    let (status, form) = app
        .as_staff(catalogue, &format!("catalog/product?id={product}"), Value::Null)
        .await;
    assert_eq!(status, StatusCode::OK, "{form}");
    let mut edit = form["data"].clone();
    let raised = fen(&edit["skus"][0]["price"]) + by;
    edit["skus"][0]["price"] = json!(domain::money::Fen(raised).to_yuan());
    let (status, reply) = app
        .as_staff(catalogue, "catalog/products/save", edit.clone())
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    (edit["skus"][0]["id"].as_str().unwrap().to_string(), raised)
}

async fn shelve(app: &TestApp, catalogue: &str, product: &str, on_shelf: bool) {
    let (status, reply) = app
        .as_staff(
            catalogue,
            "catalog/products/shelf",
            json!({"ids": [product], "on_shelf": on_shelf}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
}

/// Lists `products` in a new Taobao shop of the seller's; answers the shop.
async fn list_in_new_shop(app: &TestApp, token: &str, products: &[&str]) -> String {
    let shop = taobao_shop(app, token, rule("1.5", "5", "none")).await;
    let response = package(app, token, json!({"shop_id": shop, "product_ids": products})).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.bytes().await.unwrap();
    shop
}

/// Waits until the listing notices have applied every catalogue change committed so far. On
/// PostgreSQL they follow the log only behind the oldest transaction running in the cluster (other
/// tests' among them), so a change can wait a moment there, as it can in production.
pub(crate) async fn notices_caught_up(app: &TestApp) {
    let notices = &app.app.state.listing_notices;
    for _ in 0..600 {
        notices.catch_up_quietly().await.unwrap();
        if projections::Replayable::lag(notices.as_ref()).await.unwrap() == 0 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the listing notices did not catch up with the catalogue's changes in 30 s");
}

/// The seller's to-act-on tab: (product id, the kinds of its pending changes, newest first).
async fn to_act_on(app: &TestApp, token: &str) -> Vec<(String, Vec<String>)> {
    notices_caught_up(app).await;
    let page = data(
        app,
        token,
        "listing/lists",
        json!({"filter": "to_act_on", "pagesize": 50}),
    )
    .await;
    let mut list: Vec<(String, Vec<String>)> = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let kinds = l["pending"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["kind"].as_str().unwrap().to_string())
                .collect();
            (l["product_id"].as_str().unwrap().to_string(), kinds)
        })
        .collect();
    list.sort();
    assert_eq!(page["counts"]["to_act_on"], list.len(), "{page}");
    list
}

/// The seller's messages about their listings: (id, content).
async fn listing_messages(app: &TestApp, token: &str) -> Vec<(String, String)> {
    let page = data(app, token, "message/lists", json!({"pagesize": 50})).await;
    page["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["kind"] == "listing_changes")
        .map(|m| {
            assert_eq!(m["link"]["path"], "/myListings?filter=to_act_on", "{m}");
            (
                m["id"].as_str().unwrap().to_string(),
                m["content"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

async fn the_stalls_changes_reach_only_the_sellers_who_listed_until_they_mark_them_done(app: &TestApp) {
    app.seed(6).await;
    let seller = app.register("13800002801", "abc12345").await;
    let second = app.register("13800002802", "abc12345").await;
    let bystander = app.register("13800002803", "abc12345").await;
    let (p1, p2, p3) = (product_id_of(1), product_id_of(2), product_id_of(3));
    list_in_new_shop(app, &seller, &[&p1, &p2]).await;
    list_in_new_shop(app, &second, &[&p1]).await;
    assert_eq!(to_act_on(app, &seller).await, vec![]);
    let catalogue = app.staff("13900002901", "catalogue", &[]).await;

    // The stall raises a price of p1 and takes p2 off the shelf; p3, which nobody listed, too.
    let (sku, raised) = raise_first_price(app, &catalogue, &p1, 1000).await;
    shelve(app, &catalogue, &p2, false).await;
    shelve(app, &catalogue, &p3, false).await;
    let kinds = |k: &[&str]| k.iter().map(|k| k.to_string()).collect::<Vec<_>>();
    assert_eq!(
        to_act_on(app, &seller).await,
        vec![
            (p1.clone(), kinds(&["price"])),
            (p2.clone(), kinds(&["delisted"]))
        ]
    );
    assert_eq!(
        to_act_on(app, &second).await,
        vec![(p1.clone(), kinds(&["price"]))]
    );
    assert_eq!(to_act_on(app, &bystander).await, vec![]);
    let page = data(app, &seller, "listing/lists", json!({"filter": "to_act_on"})).await;
    let first = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["product_id"] == p1.as_str())
        .unwrap()
        .clone();
    let change = &first["pending"][0];
    assert_eq!(change["sku_id"], sku.as_str());
    assert_eq!(fen(&change["after"]), raised);
    assert_eq!(fen(&change["before"]), raised - 1000);
    assert!(!change["color"].as_str().unwrap().is_empty(), "{change}");

    // Only those who listed are told, once each, in their language.
    let told = listing_messages(app, &seller).await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].1.contains(" 2 of the products you listed"), "{told:?}");
    assert!(listing_messages(app, &second).await[0]
        .1
        .contains(" 1 of the products"));
    assert_eq!(listing_messages(app, &bystander).await, vec![]);

    // Marked done one at a time: an unknown way, another seller's listing and nothing at all are refused.
    let id = first["id"].as_str().unwrap().to_string();
    let (status, reply) = call(
        app,
        &seller,
        "listing/mark_done",
        json!({"ids": [id], "how": "later"}),
    )
    .await;
    assert_eq!(
        (status, reply["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("how"))
    );
    let (status, reply) = call(
        app,
        &second,
        "listing/mark_done",
        json!({"ids": [id], "how": "updated"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    let (status, _) = call(
        app,
        &seller,
        "listing/mark_done",
        json!({"ids": [], "how": "updated"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let marked = data(
        app,
        &seller,
        "listing/mark_done",
        json!({"ids": [id], "how": "updated"}),
    )
    .await;
    assert_eq!(marked["marked"], 1);
    assert_eq!(
        to_act_on(app, &seller).await,
        vec![(p2.clone(), kinds(&["delisted"]))]
    );
    // a retry marks nothing; the other seller's listing of p1 still waits
    let marked = data(
        app,
        &seller,
        "listing/mark_done",
        json!({"ids": [id], "how": "updated"}),
    )
    .await;
    assert_eq!(marked["marked"], 0);
    assert_eq!(
        to_act_on(app, &second).await,
        vec![(p1.clone(), kinds(&["price"]))]
    );

    // A later change brings p1 back with only the new change; then both are marked in one call.
    shelve(app, &catalogue, &p1, false).await;
    assert_eq!(
        to_act_on(app, &seller).await,
        vec![
            (p1.clone(), kinds(&["delisted"])),
            (p2.clone(), kinds(&["delisted"]))
        ]
    );
    let all = data(app, &seller, "listing/lists", json!({"filter": "to_act_on"})).await;
    let ids: Vec<Value> = all["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].clone())
        .collect();
    let marked = data(
        app,
        &seller,
        "listing/mark_done",
        json!({"ids": ids, "how": "delisted"}),
    )
    .await;
    assert_eq!(marked["marked"], 2);
    assert_eq!(to_act_on(app, &seller).await, vec![]);
    let done = sqlx::query("SELECT done_how FROM listings WHERE id = $1")
        .bind(&id)
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(done.get::<String, _>("done_how"), "delisted");

    // The stock that sells out through orders is a change too (the last pieces of a SKU bought).
    shelve(app, &catalogue, &p1, true).await;
    let (sku, _, stock) = skus_of(app, &p1)
        .await
        .into_iter()
        .find(|(_, _, s)| *s > 0)
        .unwrap();
    let buyer = app.register("13800002804", "abc12345").await;
    crate::orders::place(app, &buyer, json!([{"sku_id": sku, "quantity": stock}])).await;
    let waiting = to_act_on(app, &second).await;
    assert_eq!(waiting.len(), 1);
    assert!(waiting[0].1.contains(&"sold_out".to_string()), "{waiting:?}");
}

async fn a_sellers_notices_are_one_message_an_hour_and_a_rebuild_gives_the_same(app: &TestApp) {
    app.seed(6).await;
    let seller = app.register("13800002811", "abc12345").await;
    let (p1, p2, p3) = (product_id_of(1), product_id_of(2), product_id_of(3));
    list_in_new_shop(app, &seller, &[&p1, &p2, &p3]).await;
    // The log as the catalogue writes it, at times of two coming hours: three products in the first
    // (one twice), one in the second.
    let hour = commands::clock::now() / 3600 + 2;
    let start = hour * 3600;
    let skus = skus_of(app, &p1).await;
    for (product, sku, kind, at) in [
        (&p1, skus[0].0.as_str(), "price", start + 10),
        (&p2, "", "delisted", start + 600),
        (&p1, skus[0].0.as_str(), "price", start + 1200),
        (&p3, "", "stall_closed", start + 3599),
        (&p2, "", "relisted", start + 3600),
    ] {
        sqlx::query(
            "INSERT INTO catalog_changes (product_id, sku_id, kind, before, after, at) VALUES ($1, $2, $3, 100, 200, $4)",
        )
        .bind(product)
        .bind(sku)
        .bind(kind)
        .bind(at)
        .execute(&app.db().pool)
        .await
        .unwrap();
    }
    notices_caught_up(app).await;
    let before = data(app, &seller, "listing/lists", json!({"filter": "to_act_on"})).await;
    assert_eq!(before["total"], 3, "{before}");
    let mut told = listing_messages(app, &seller).await;
    told.sort();
    let user_id: String = sqlx::query_scalar("SELECT id FROM users WHERE mobile = '13800002811'")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(told.len(), 2, "{told:?}");
    assert_eq!(told[0].0, format!("listing-{user_id}-{hour}"));
    assert!(told[0].1.contains(" 3 of the products"), "{told:?}");
    assert_eq!(told[1].0, format!("listing-{user_id}-{}", hour + 1));
    assert!(told[1].1.contains(" 1 of the products"), "{told:?}");
    let id = before["list"][0]["id"].as_str().unwrap().to_string();
    data(
        app,
        &seller,
        "listing/mark_done",
        json!({"ids": [id], "how": "updated"}),
    )
    .await;
    let marked = data(app, &seller, "listing/lists", json!({"filter": "to_act_on"})).await;
    assert_eq!(marked["total"], 2);
    data(app, &seller, "message/read", json!({"id": told[0].0})).await;
    let messages = data(app, &seller, "message/lists", json!({"pagesize": 50})).await;

    // Rebuilt from the log (the notices) and from the events (the listings): the same tab, the same
    // messages, read as they were.
    for name in ["listing_notices", "listings"] {
        let (ok, _, stderr) = app.run_cli(&["rebuild", name]);
        assert!(ok, "{stderr}");
        notices_caught_up(app).await;
        assert_eq!(
            data(app, &seller, "listing/lists", json!({"filter": "to_act_on"})).await,
            marked,
            "{name}"
        );
        assert_eq!(
            data(app, &seller, "message/lists", json!({"pagesize": 50})).await,
            messages,
            "{name}"
        );
    }
}

async fn a_seller_exports_the_sku_codes_of_a_tab_for_the_shops_batch_tools(app: &TestApp) {
    app.seed(4).await;
    let seller = app.register("13800002821", "abc12345").await;
    let other = app.register("13800002822", "abc12345").await;
    let (p1, p2) = (product_id_of(1), product_id_of(2));
    list_in_new_shop(app, &seller, &[&p1, &p2]).await;
    list_in_new_shop(app, &other, &[&p1, &p2]).await;
    let catalogue = app.staff("13900002901", "catalogue", &[]).await;
    shelve(app, &catalogue, &p2, false).await;
    let export = |token: String, body: Value| async move {
        app.client
            .post(app.url(&format!("{U}/listing/export_skus")))
            .header("token", token)
            .header("content-language", "en_US")
            .json(&body)
            .send()
            .await
            .unwrap()
    };
    let response = export(seller.clone(), json!({"filter": "delisted"})).await;
    assert_eq!(response.status(), StatusCode::OK);
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(disposition.contains("listing-skus-delisted-"), "{disposition}");
    let bytes = response.bytes().await.unwrap();
    assert_eq!(&bytes[..3], b"\xEF\xBB\xBF");
    let mut reader = csv::Reader::from_reader(&bytes[3..]);
    let headers = reader.headers().unwrap().clone();
    assert_eq!(&headers[0], "Seller SKU");
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    let expected: Vec<String> = skus_of(app, &p2).await.into_iter().map(|(id, _, _)| id).collect();
    let mut codes: Vec<String> = rows.iter().map(|r| r[0].to_string()).collect();
    codes.sort();
    let mut expected_sorted = expected.clone();
    expected_sorted.sort();
    assert_eq!(codes, expected_sorted);
    assert!(
        rows.iter().all(|r| &r[5] == "Off the shelf at the stall"),
        "{rows:?}"
    );
    // every tab: both products' SKUs, the seller's only
    let response = export(seller.clone(), json!({"filter": "all"})).await;
    let bytes = response.bytes().await.unwrap();
    let count = csv::Reader::from_reader(&bytes[3..]).records().count();
    assert_eq!(count, skus_of(app, &p1).await.len() + expected.len());
    let (status, reply) = call(app, &seller, "listing/export_skus", json!({"filter": "nonsense"})).await;
    assert_eq!(
        (status, reply["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("filter"))
    );
}

async fn a_big_package_is_a_background_job_with_progress_and_the_same_file(app: &TestApp) {
    app.seed(8).await;
    let seller = app.register("13800002831", "abc12345").await;
    let other = app.register("13800002832", "abc12345").await;
    let shop = taobao_shop(app, &seller, rule("1.5", "5", "none")).await;
    let products: Vec<String> = (1..=6).map(product_id_of).collect();
    let body = json!({"shop_id": shop, "product_ids": products, "request_id": "big-1"});
    let job = data(app, &seller, "listing/package_job", body.clone()).await;
    assert_eq!(job["table"], "listing_package", "{job}");
    assert_eq!(job["progress"]["total"], 6, "{job}");
    let done = app.job_done(&seller, &job["id"]).await;
    assert_eq!(done["status"], "done", "{done}");
    assert_eq!(done["progress"]["done"], 6, "{done}");
    assert_eq!(done["row_count"], 6, "{done}");
    // Recorded once, as the streamed download records: the retry with the same request records nothing.
    let again = data(app, &seller, "listing/package_job", body).await;
    app.job_done(&seller, &again["id"]).await;
    let lists = data(app, &seller, "listing/lists", json!({"pagesize": 50})).await;
    assert_eq!(lists["total"], 6);
    let events: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM events WHERE aggregate_type = 'listing'")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(events, 6);

    // The file: a zip named as the package, the 淘宝助理 file with a row per product and every picture.
    let id = job["id"].clone();
    let download = |token: String| {
        let body = json!({ "id": id });
        async move {
            app.client
                .post(app.url(&format!("{U}/excel/download")))
                .header("token", token)
                .json(&body)
                .send()
                .await
                .unwrap()
        }
    };
    let response = download(other.clone()).await;
    assert_eq!(
        response.status(),
        StatusCode::NOT_FOUND,
        "another seller's job is unknown"
    );
    let response = download(seller.clone()).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/zip");
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        disposition.contains("taobao-") && disposition.contains(".zip"),
        "{disposition}"
    );
    let files = zip_entries(&response.bytes().await.unwrap());
    let csv = files.iter().find(|(name, _)| name.ends_with(".csv")).unwrap();
    let (_, rows) = read_taobao(&csv.1);
    assert_eq!(rows.len(), 6);
    let pictures = files.iter().filter(|(name, _)| name.ends_with(".tbi")).count();
    let listed: usize = rows.iter().map(|r| r["picture"].matches(":1:").count()).sum();
    assert_eq!(pictures, listed);
    assert!(files
        .iter()
        .filter(|(name, _)| name.ends_with(".tbi"))
        .all(|(_, jpeg)| jpeg.starts_with(&[0xFF, 0xD8])));
    // Refused before any job starts: nothing recorded, no job.
    let (status, reply) = call(
        app,
        &seller,
        "listing/package_job",
        json!({"shop_id": shop, "product_ids": []}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    let history = data(app, &seller, "excel/history", json!({})).await;
    assert_eq!(history["total"], 2);
}

/// ×1.5 + ¥5, a fraction of a fen rounded up.
fn one_and_a_half_plus_five(cost: i64) -> i64 {
    (cost * 3 + 1) / 2 + 500
}

on_both_engines!(
    the_stalls_changes_reach_only_the_sellers_who_listed_until_they_mark_them_done,
    a_sellers_notices_are_one_message_an_hour_and_a_rebuild_gives_the_same,
    a_seller_exports_the_sku_codes_of_a_tab_for_the_shops_batch_tools,
    a_big_package_is_a_background_job_with_progress_and_the_same_file,
    a_seller_keeps_shops_with_their_pricing_rules_and_no_one_elses,
    a_taobao_package_lists_every_sku_by_its_code_and_is_recorded_once,
    my_listings_show_a_price_change_a_sell_out_and_a_product_off_the_shelf,
    the_cli_writes_the_package_the_storefront_downloads_and_prints_the_changes,
    a_douyin_package_names_every_sku_by_its_code_and_the_shops_orders_come_back_by_it,
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
    let files = zip_entries(&response.bytes().await.unwrap());
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
        // Taobao's category where the market's is known to it (women's clothing), else empty.
        let category = sqlx::query(
            "SELECT c.name_zh, COALESCE(parent.name_zh, '') AS parent FROM products p JOIN categories c \
             ON c.id = p.category_id LEFT JOIN categories parent ON parent.id = c.parent_id WHERE p.id = $1",
        )
        .bind(product)
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
        let (parent, name): (String, String) = (category.get("parent"), category.get("name_zh"));
        let cid = domain::listing::taobao::categories::cid_for(&parent, &name);
        assert_eq!(
            row["cid"],
            cid.map(|c| c.to_string()).unwrap_or_default(),
            "{parent}/{name}"
        );
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

    assert_eq!(lists["shops"], json!([{"id": shop, "name": "小王的淘宝店"}]));

    // An off-shelf product is left out by its item number and the rest is listed; a package of
    // nothing listable is refused and records nothing.
    let off = product_id_of(3);
    sqlx::query("UPDATE products SET on_shelf = 0 WHERE id = $1")
        .bind(&off)
        .execute(&app.db().pool)
        .await
        .unwrap();
    let item_no: String = sqlx::query_scalar("SELECT item_no FROM products WHERE id = $1")
        .bind(&off)
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    let mixed = json!({"shop_id": shop, "product_ids": [product_id_of(4), off]});
    let preview = data(app, &token, "listing/preview", mixed.clone()).await;
    assert_eq!(preview["products"].as_array().unwrap().len(), 1);
    assert_eq!(preview["skipped"][0]["product_id"], off.as_str());
    assert_eq!(
        preview["skipped"][0]["reason"],
        format!("Item {item_no} is off the shelf or its stall is closed, so it cannot be listed.")
    );
    let response = package(app, &token, mixed).await;
    assert_eq!(response.status(), StatusCode::OK);
    let files = zip_entries(&response.bytes().await.unwrap());
    let (_, rows) = read_taobao(&files.iter().find(|(n, _)| n.ends_with(".csv")).unwrap().1);
    assert_eq!(rows.len(), 1);
    let refused = package(app, &token, json!({"shop_id": shop, "product_ids": [off]})).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let reply: Value = refused.json().await.unwrap();
    assert_eq!(reply["data"]["field"], "product_ids");
    assert!(
        reply["msg"].as_str().unwrap().contains("off the shelf"),
        "{reply}"
    );
    let lists = data(app, &token, "listing/lists", json!({"filter": "all"})).await;
    assert_eq!(
        lists["total"], 3,
        "the listable one recorded, the refused package nothing"
    );
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

    notices_caught_up(app).await;
    let all = data(app, &token, "listing/lists", json!({"filter": "all"})).await;
    assert_eq!(
        all["counts"],
        json!({"all": 3, "changed": 3, "sold_out": 1, "delisted": 1, "to_act_on": 3}),
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
    let files = zip_entries(&std::fs::read(&out).unwrap());
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
    let catalogue = app.staff("13900002901", "catalogue", &[]).await;
    raise_first_price(app, &catalogue, &product_id_of(1), 100).await;
    notices_caught_up(app).await;
    let (ok, stdout, stderr) = app.run_cli(&["listing", "changes", "--mobile", "13800002401", "--json"]);
    assert!(ok, "{stderr}");
    let changes: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(changes.as_array().unwrap().len(), 1, "{changes}");
    assert_eq!(changes[0]["product_id"], product_id_of(1).as_str());
    assert_eq!(changes[0]["pending"][0]["kind"], "price");
    assert_eq!(changes[0]["pending"][0]["sku_id"], sku.as_str());
    let (ok, text, stderr) = app.run_cli(&["listing", "changes", "--mobile", "13800002401"]);
    assert!(ok, "{stderr}");
    assert!(text.starts_with("1 listed products to act on"), "{text}");
    assert!(text.contains(&format!("price  {sku}")), "{text}");
    let (ok, _, stderr) = app.run_cli(&["listing", "changes", "--mobile", "13899999999"]);
    assert!(!ok);
    assert!(stderr.contains("no seller has the phone number"), "{stderr}");
}

/// A product's `商品信息.xlsx` as a seller reads it: the title and item number beside their labels,
/// and the SKU table under its header row.
struct DouyinSheet {
    title: String,
    item_no: String,
    skus: Vec<DouyinSku>,
}

/// A row of the SKU table; the price in fen.
struct DouyinSku {
    spec: String,
    colour: String,
    size: String,
    price: i64,
    stock: i64,
    code: String,
}

fn read_douyin_workbook(bytes: &[u8]) -> DouyinSheet {
    let mut book: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes.to_vec())).expect("a real xlsx");
    assert_eq!(book.sheet_names(), ["商品信息"]);
    let range = book.worksheet_range("商品信息").unwrap();
    let rows: Vec<Vec<Data>> = range.rows().map(|r| r.to_vec()).collect();
    let text = |c: &Data| match c {
        Data::String(s) => s.clone(),
        Data::Empty => String::new(),
        other => panic!("a text cell, not {other:?}"),
    };
    let number = |c: &Data| match c {
        Data::Float(f) => *f,
        Data::Int(i) => *i as f64,
        other => panic!("a number, not {other:?}"),
    };
    let beside = |label: &str| {
        let row = rows
            .iter()
            .find(|r| r.first().map(text).as_deref() == Some(label))
            .unwrap_or_else(|| panic!("{label} in the workbook"));
        text(&row[1])
    };
    let header = rows
        .iter()
        .position(|r| !r.is_empty() && text(&r[0]) == "规格")
        .expect("the SKU table");
    let headers: Vec<String> = rows[header].iter().map(text).collect();
    assert_eq!(headers, ["规格", "颜色", "尺码", "价格", "库存", "商家编码"]);
    let skus = rows[header + 1..]
        .iter()
        .map(|r| DouyinSku {
            spec: text(&r[0]),
            colour: text(&r[1]),
            size: text(&r[2]),
            price: (number(&r[3]) * 100.0).round() as i64,
            stock: number(&r[4]) as i64,
            // The code is text, so no spreadsheet turns it into a number or a date.
            code: text(&r[5]),
        })
        .collect();
    DouyinSheet {
        title: beside("商品标题"),
        item_no: beside("货号"),
        skus,
    }
}

/// A line of a 抖店 order export.
struct DouyinLine {
    order: String,
    line: String,
    /// 抖店's own id of the product (商品ID).
    item: String,
    title: String,
    spec: String,
    code: String,
    price: String,
    quantity: i64,
}

/// A 抖店 order export in the walked fixture's layout (`tests/fixtures/platform-exports/
/// douyin-walked.csv`): its header and byte-order mark, its first line's visible buyer, awaiting
/// shipment, and the tab 抖店 ends long ids with; one line per `lines`.
fn douyin_export(lines: &[DouyinLine]) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/platform-exports/douyin-walked.csv");
    let fixture = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let bom = b"\xEF\xBB\xBF";
    assert!(fixture.starts_with(bom));
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(&fixture[bom.len()..]);
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let header: Vec<String> = records[0].iter().map(str::to_string).collect();
    let template: Vec<String> = records[1].iter().map(str::to_string).collect();
    let at = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("{name}"))
    };
    assert_eq!(template[at("订单状态")], "待发货");
    let mut writer = csv::Writer::from_writer(bom.to_vec());
    writer.write_record(&header).unwrap();
    for line in lines {
        let mut row = template.clone();
        let price = domain::money::Fen::parse_yuan(&line.price).unwrap();
        row[at("主订单编号")] = format!("{}\t", line.order);
        row[at("子订单编号")] = format!("{}\t", line.line);
        row[at("选购商品")] = line.title.clone();
        row[at("商品规格")] = line.spec.clone();
        row[at("商品数量")] = line.quantity.to_string();
        row[at("商品ID")] = format!("{}\t", line.item);
        row[at("商家编码")] = line.code.clone();
        row[at("商品单价")] = line.price.clone();
        row[at("订单应付金额")] = domain::money::Fen(price.0 * line.quantity).to_yuan();
        writer.write_record(&row).unwrap();
    }
    writer.into_inner().unwrap()
}

async fn a_douyin_package_names_every_sku_by_its_code_and_the_shops_orders_come_back_by_it(app: &TestApp) {
    app.seed(6).await;
    let token = app.register("13800002501", "abc12345").await;
    let shops = data(app, &token, "listing/shops", json!({})).await;
    let douyin = shops["platforms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["code"] == "douyin")
        .unwrap();
    assert_eq!(douyin["packages"], true);
    let mut priced = rule("1.5", "5", "none");
    priced["title_prefix"] = json!("现货");
    priced["stock_cap"] = json!(30);
    let shop = data(
        app,
        &token,
        "listing/shop_save",
        json!({"platform": "douyin", "name": "小王的抖店", "rule": priced}),
    )
    .await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let products = [product_id_of(1), product_id_of(2), product_id_of(3)];
    // The titles as listed (the rule's prefix on the Chinese title), as the preview shows them.
    let preview = app
        .unishop_data(
            &token,
            "zh_CN",
            "listing/preview",
            json!({"shop_id": shop, "product_ids": products}),
        )
        .await;

    let response = package(
        app,
        &token,
        json!({"shop_id": shop, "product_ids": products, "request_id": "douyin-1"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/zip");
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(disposition.contains("douyin-"), "{disposition}");
    let files = zip_entries(&response.bytes().await.unwrap());
    let root = files[0].0.split('/').next().unwrap().to_string();
    assert!(
        root.starts_with("douyin-") && disposition.contains(&root),
        "{root}"
    );

    // A folder per product, in order: its workbook, its main pictures, its detail pictures.
    let mut sheets = Vec::new();
    for (n, product) in products.iter().enumerate() {
        let title = preview["products"][n]["title"].as_str().unwrap().to_string();
        assert!(title.starts_with("现货"), "{title}");
        let folder = format!("{root}/{}-{title}", n + 1);
        let (item_no, main, detail): (String, i64, i64) = {
            let row = sqlx::query("SELECT item_no, main_count, detail_count FROM products WHERE id = $1")
                .bind(product)
                .fetch_one(&app.db().pool)
                .await
                .unwrap();
            (row.get("item_no"), row.get("main_count"), row.get("detail_count"))
        };
        assert!(main > 0 && detail > 0, "the seeded product has pictures");
        let mut want = vec![format!("{folder}/商品信息.xlsx")];
        want.extend((1..=main).map(|k| format!("{folder}/主图-{k}.jpg")));
        want.extend((1..=detail).map(|k| format!("{folder}/详情-{k}.jpg")));
        let held: Vec<&(String, Vec<u8>)> = files
            .iter()
            .filter(|(name, _)| name.starts_with(&format!("{folder}/")))
            .collect();
        assert_eq!(
            held.iter().map(|(name, _)| name.clone()).collect::<Vec<_>>(),
            want,
            "{folder}"
        );
        for (name, bytes) in &held[1..] {
            assert!(image::load_from_memory(bytes).is_ok(), "{name} is a picture");
        }

        let sheet = read_douyin_workbook(&held[0].1);
        assert_eq!(
            (sheet.title.as_str(), sheet.item_no.as_str()),
            (title.as_str(), item_no.as_str())
        );
        let skus = skus_of(app, product).await;
        assert_eq!(sheet.skus.len(), skus.len());
        for (row, (id, cost, stock)) in sheet.skus.iter().zip(&skus) {
            assert_eq!(row.code, *id, "every SKU's 商家编码 is its jpmall SKU id");
            assert_eq!(row.price, one_and_a_half_plus_five(*cost), "{id}");
            assert_eq!(row.stock, (*stock).min(30), "{id}");
            assert_eq!(row.spec, format!("{} / {}", row.colour, row.size));
        }
        sheets.push(sheet);
    }
    assert_eq!(
        files.len(),
        sheets.len() + files.iter().filter(|(n, _)| n.ends_with(".jpg")).count()
    );
    let lists = data(app, &token, "listing/lists", json!({"filter": "all"})).await;
    assert_eq!(lists["total"], 3, "recorded: {lists}");
    assert_eq!(lists["list"][0]["shop_name"], "小王的抖店");

    // The shop sells them: an order per product, a line per SKU in stock, each line naming the
    // 商家编码 read from the package, its spec as 抖店 writes one and the listed price.
    let mut lines = Vec::new();
    let mut wanted: HashMap<String, Vec<(String, i64)>> = HashMap::new();
    for (n, sheet) in sheets.iter().enumerate() {
        let order = format!("69400000000000000{n}");
        for (k, sku) in sheet.skus.iter().filter(|s| s.stock > 0).enumerate() {
            let quantity = if sku.stock >= 2 { 1 + (k as i64 % 2) } else { 1 };
            lines.push(DouyinLine {
                order: order.clone(),
                line: format!("{order}{k:02}"),
                item: format!("360000000000{n}"),
                title: sheet.title.clone(),
                spec: format!("{};{}", sku.colour, sku.size),
                code: sku.code.clone(),
                price: domain::money::Fen(sku.price).to_yuan(),
                quantity,
            });
            wanted
                .entry(order.clone())
                .or_default()
                .push((sku.code.clone(), quantity));
        }
    }
    assert_eq!(wanted.len(), 3, "each product has a SKU in stock");
    let (status, reply) = app
        .import_platform_file(&token, douyin_export(&lines), "抖店订单.csv")
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let preview = reply["data"].clone();
    assert_eq!(preview["platform"], "douyin", "{preview}");
    assert_eq!(
        preview["totals"]["unlinked"], 0,
        "no line needs a link: {preview}"
    );
    assert_eq!(preview["totals"]["ready"], 3, "{preview}");
    let mut seen = 0;
    for order in preview["orders"].as_array().unwrap() {
        assert_eq!(order["state"], "ready", "{order}");
        for line in order["lines"].as_array().unwrap() {
            let code = line["sku_key"].as_str().unwrap();
            assert_eq!(line["sku"]["sku_id"], code, "{line}");
            assert_eq!(line["linked_by"], "sku_code", "{line}");
            seen += 1;
        }
    }
    assert_eq!(seen, lines.len(), "every line of the file");
    let links = data(app, &token, "order/platform/links", json!({})).await;
    assert_eq!(links["total"], 0, "and no link was made: {links}");

    // Ordering it places an order per 抖店 order, of exactly those SKUs and quantities.
    let job = data(
        app,
        &token,
        "order/platform/order",
        json!({"id": preview["id"], "courier": "zto"}),
    )
    .await;
    let job = app.job_done(&token, &job["id"]).await;
    assert_eq!(job["status"], "done", "{job}");
    assert_eq!(job["report"]["created"], 3, "{job}");
    let ordered = data(
        app,
        &token,
        "order/platform/preview",
        json!({"id": preview["id"]}),
    )
    .await;
    for (source, want) in &wanted {
        let order = ordered["orders"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["source_order_no"] == source.as_str())
            .unwrap_or_else(|| panic!("{source} in {ordered}"));
        assert_eq!(order["state"], "ordered", "{order}");
        let detail = data(
            app,
            &token,
            "order/detail",
            json!({"order_no": order["order_no"]}),
        )
        .await;
        assert_eq!(
            (detail["platform"].as_str(), detail["source_order_no"].as_str()),
            (Some("douyin"), Some(source.as_str()))
        );
        let mut placed: Vec<(String, i64)> = detail["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                (
                    i["sku_id"].as_str().unwrap().to_string(),
                    i["quantity"].as_i64().unwrap(),
                )
            })
            .collect();
        placed.sort();
        let mut want = want.clone();
        want.sort();
        assert_eq!(placed, want, "{source}");
    }
}
