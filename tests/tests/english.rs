//! An order's lines in English on both engines: the cart, the order, its out-of-stock notice and its
//! after-sale show the product's English title and colour to a reader in en_US, though the order
//! was placed in Chinese and its events keep the Chinese names; Chinese stays the default.

use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, TestApp};

on_both_engines!(an_order_placed_in_chinese_reads_in_english);

async fn zh(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    app.unishop_data(token, "zh_CN", path, body).await
}

async fn en(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    app.unishop_data(token, "en_US", path, body).await
}

/// A SKU with stock whose colour has an English name: (sku, Chinese title, English title,
/// Chinese colour, English colour).
async fn english_sku(app: &TestApp) -> (String, String, String, String, String) {
    let rows = sqlx::query(
        "SELECT k.id, p.title_zh, p.title_en, k.color, p.colors FROM skus k JOIN products p ON p.id = k.product_id \
         WHERE k.stock >= 10 ORDER BY k.id",
    )
    .fetch_all(&app.db().pool)
    .await
    .unwrap();
    rows.iter()
        .find_map(|r| {
            let colour: String = r.get("color");
            let colours: Vec<Value> = serde_json::from_str(&r.get::<String, _>("colors")).unwrap();
            let english = colours
                .iter()
                .find(|c| c["zh"] == colour.as_str())?
                .get("en")?
                .as_str()?
                .to_string();
            Some((r.get("id"), r.get("title_zh"), r.get("title_en"), colour, english))
        })
        .expect("a seeded SKU with an English colour")
}

fn line(lines: &Value) -> (&str, &str) {
    (
        lines[0]["title"].as_str().unwrap(),
        lines[0]["color"].as_str().unwrap(),
    )
}

async fn an_order_placed_in_chinese_reads_in_english(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800002101", "abc12345").await;
    let (sku, title_zh, title_en, colour_zh, colour_en) = english_sku(app).await;
    assert_ne!(colour_zh, colour_en);

    zh(app, &token, "cart/add", json!({"sku_id": sku, "quantity": 2})).await;
    let cart = en(app, &token, "cart/lists", json!({})).await;
    assert_eq!(
        line(&cart["groups"][0]["items"]),
        (title_en.as_str(), colour_en.as_str())
    );

    let address_id = crate::orders::address(app, &token).await;
    let placed = zh(
        app,
        &token,
        "order/submit",
        json!({"lines": [{"sku_id": sku, "quantity": 2}], "type": "domestic",
               "address_id": address_id, "courier": "zto", "qc_level": "basic"}),
    )
    .await;
    let order_no = placed["order"]["order_no"].as_str().unwrap().to_string();
    assert_eq!(
        line(&placed["order"]["items"]),
        (title_zh.as_str(), colour_zh.as_str())
    );
    app.top_up(&token, "2000").await;
    zh(app, &token, "order/pay", json!({"order_no": order_no})).await;

    let detail = en(app, &token, "order/detail", json!({"order_no": order_no})).await;
    assert_eq!(line(&detail["items"]), (title_en.as_str(), colour_en.as_str()));
    let listed = en(app, &token, "order/lists", json!({})).await;
    assert_eq!(
        line(&listed["list"][0]["items"]),
        (title_en.as_str(), colour_en.as_str())
    );
    let chinese = zh(app, &token, "order/detail", json!({"order_no": order_no})).await;
    assert_eq!(line(&chinese["items"]), (title_zh.as_str(), colour_zh.as_str()));

    let (status, reply) = app
        .admin(
            "orders/out_of_stock",
            json!({"order_no": order_no, "shortages": [{"sku_id": sku, "quantity": 1}]}),
        )
        .await;
    assert!(status.is_success(), "{reply}");
    let notices = en(app, &token, "order/out_stock", json!({})).await;
    assert_eq!(
        line(&notices["list"][0]["items"]),
        (title_en.as_str(), colour_en.as_str())
    );
    let notices = zh(app, &token, "order/out_stock", json!({})).await;
    assert_eq!(
        line(&notices["list"][0]["items"]),
        (title_zh.as_str(), colour_zh.as_str())
    );

    let options = en(app, &token, "aftersale/options", json!({"order_no": order_no})).await;
    assert_eq!(line(&options["items"]), (title_en.as_str(), colour_en.as_str()));
    let applied = zh(
        app,
        &token,
        "aftersale/apply",
        json!({"order_no": order_no, "kind": "refund_unshipped", "lines": [{"sku_id": sku, "quantity": 1}],
               "reason": "质量问题", "description": "线头多"}),
    )
    .await;
    let id = applied["after_sale"]["id"].as_str().unwrap().to_string();
    assert_eq!(
        line(&applied["after_sale"]["lines"]),
        (title_zh.as_str(), colour_zh.as_str())
    );
    let shown = en(app, &token, "aftersale/detail", json!({"id": id})).await;
    assert_eq!(line(&shown["lines"]), (title_en.as_str(), colour_en.as_str()));
    assert_eq!(shown["return_address"]["city"], "Guangzhou");
    let listed = en(app, &token, "aftersale/lists", json!({})).await;
    assert_eq!(
        line(&listed["list"][0]["lines"]),
        (title_en.as_str(), colour_en.as_str())
    );
}
