//! The drop-shipping cart and settings over HTTP on both engines.

use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, TestApp};

const UNISHOP: &str = "/jpmall/addons/unishop";

async fn call(app: &TestApp, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
    app.post_as(&format!("{UNISHOP}/{path}"), token, "zh_CN", body)
        .await
}

async fn cart(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    let (status, reply) = call(app, token, path, body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{path} {body}: {reply}");
    reply["data"].clone()
}

/// SKUs of two products of different stalls: (sku, price in fen, stock, stall).
async fn skus(app: &TestApp) -> Vec<(String, i64, i64, String)> {
    let rows = sqlx::query(
        "SELECT k.id, k.price, k.stock, p.stall_id FROM skus k JOIN products p ON p.id = k.product_id \
         WHERE p.stall_id IN (SELECT MIN(stall_id) FROM products UNION SELECT MAX(stall_id) FROM products) \
         AND k.stock >= 5 ORDER BY p.stall_id, k.id",
    )
    .fetch_all(&app.db().pool)
    .await
    .unwrap();
    rows.iter()
        .map(|r| (r.get("id"), r.get("price"), r.get("stock"), r.get("stall_id")))
        .collect()
}

fn yuan(fen: i64) -> String {
    domain::money::Fen(fen).to_yuan()
}

on_both_engines!(
    the_cart_groups_by_stall_and_totals_what_is_selected,
    quantities_stay_within_stock_and_are_explained,
    one_users_cart_is_not_anothers,
    drop_shipping_settings_default_save_and_refuse,
    a_price_that_rose_since_the_cart_waits_for_the_sellers_confirmation,
);

async fn set_price(app: &TestApp, sku: &str, fen: i64) {
    sqlx::query("UPDATE skus SET price = $1 WHERE id = $2")
        .bind(fen)
        .bind(sku)
        .execute(&app.db().pool)
        .await
        .unwrap();
}

/// The stall changes a price after the seller put the SKU in the cart: the cart shows it; a decrease
/// is ordered as it is, an increase is refused until the seller confirms (on submit, or in the cart).
async fn a_price_that_rose_since_the_cart_waits_for_the_sellers_confirmation(app: &TestApp) {
    app.seed(20).await;
    let token = app.register("13800000305", "abc12345").await;
    let (sku, price, _, _) = skus(app).await[0].clone();
    cart(app, &token, "cart/add", json!({"sku_id": sku, "quantity": 1})).await;
    let line = |c: &Value| c["groups"][0]["items"][0].clone();
    let listed = cart(app, &token, "cart/lists", json!({})).await;
    assert_eq!(
        (
            line(&listed)["price_added"].as_str(),
            line(&listed)["price_change"].as_str()
        ),
        (Some(yuan(price).as_str()), Some(""))
    );
    let saved = cart(
        app,
        &token,
        "address/add",
        json!({"recipient": "李四", "phone": "13900001111", "province": "广东省", "city": "广州市",
               "district": "白云区", "detail": "三元里大道 1 号"}),
    )
    .await;
    let order = json!({"source": "cart", "type": "domestic", "address_id": saved["id"], "courier": "zto",
                       "qc_level": "none", "value_added": []});

    set_price(app, &sku, price + 300).await;
    let risen = cart(app, &token, "cart/lists", json!({})).await;
    assert_eq!(line(&risen)["price_change"], "up");
    assert_eq!(line(&risen)["price"], yuan(price + 300));
    assert_eq!(line(&risen)["price_added"], yuan(price));
    let preview = cart(app, &token, "order/preview", order.clone()).await;
    assert_eq!(
        preview["price_rises"],
        json!([{"sku_id": sku, "from": yuan(price), "to": yuan(price + 300)}])
    );
    let (status, reply) = app
        .post_as(&format!("{UNISHOP}/order/submit"), &token, "en_US", order.clone())
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["data"]["field"], "lines");
    assert!(
        reply["msg"]
            .as_str()
            .unwrap()
            .contains("cost more than when you added them"),
        "{reply}"
    );
    assert_eq!(
        cart(app, &token, "cart/lists", json!({})).await["groups"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // Confirmed in the cart, the rise is the price: nothing waits any more.
    let accepted = cart(app, &token, "cart/accept_prices", json!({"sku_ids": "all"})).await;
    assert_eq!(line(&accepted)["price_change"], "");
    assert_eq!(line(&accepted)["price_added"], yuan(price + 300));

    // A decrease passes as it is.
    set_price(app, &sku, price + 100).await;
    assert_eq!(
        line(&cart(app, &token, "cart/lists", json!({})).await)["price_change"],
        "down"
    );
    assert_eq!(
        cart(app, &token, "order/preview", order.clone()).await["price_rises"],
        json!([])
    );
    let placed = cart(app, &token, "order/submit", order.clone()).await;
    assert_eq!(placed["order"]["fees"]["product_amount"], yuan(price + 100));

    // Confirmed on submit: the order takes the new price.
    cart(app, &token, "cart/add", json!({"sku_id": sku, "quantity": 1})).await;
    set_price(app, &sku, price + 500).await;
    let mut confirmed = order;
    confirmed["accept_price_rises"] = json!(true);
    let placed = cart(app, &token, "order/submit", confirmed).await;
    assert_eq!(placed["order"]["fees"]["product_amount"], yuan(price + 500));
}

async fn the_cart_groups_by_stall_and_totals_what_is_selected(app: &TestApp) {
    app.seed(40).await;
    let token = app.register("13800000301", "abc12345").await;
    let all = skus(app).await;
    let first_stall = &all[0].3;
    let (a, b) = (&all[0], &all[1]);
    let other = all.iter().find(|s| &s.3 != first_stall).unwrap();

    let empty = cart(app, &token, "cart/lists", json!({})).await;
    assert_eq!(
        (
            empty["groups"].as_array().unwrap().len(),
            empty["selected_amount"].as_str()
        ),
        (0, Some("0.00"))
    );
    cart(app, &token, "cart/add", json!({"sku_id": a.0, "quantity": 2})).await;
    cart(app, &token, "cart/add", json!({"sku_id": other.0, "quantity": 1})).await;
    cart(app, &token, "cart/add", json!({"sku_id": b.0, "quantity": "1"})).await;
    let c = cart(app, &token, "cart/add", json!({"sku_id": a.0, "quantity": 1})).await;
    let groups = c["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 2);
    assert_eq!(
        groups[0]["stall"]["id"],
        a.3.as_str(),
        "stalls in the order first added"
    );
    assert_eq!(groups[0]["items"].as_array().unwrap().len(), 2);
    let line = &groups[0]["items"][0];
    assert_eq!(
        (line["sku_id"].as_str(), line["quantity"].as_i64()),
        (Some(a.0.as_str()), Some(3))
    );
    assert_eq!(line["amount"], yuan(a.1 * 3));
    assert!(line["image"].as_str().unwrap().starts_with("/media/p/"));
    assert_eq!(c["total_quantity"], 5);
    assert_eq!(c["selected_amount"], yuan(a.1 * 3 + b.1 + other.1));

    let c = cart(app, &token, "cart/change", json!({"sku_id": a.0, "quantity": 1})).await;
    assert_eq!(c["selected_amount"], yuan(a.1 + b.1 + other.1));
    let c = cart(
        app,
        &token,
        "cart/select",
        json!({"sku_ids": [a.0, b.0], "selected": false}),
    )
    .await;
    assert_eq!(
        (c["selected_quantity"].as_i64(), c["selected_amount"].as_str()),
        (Some(1), Some(yuan(other.1).as_str()))
    );
    let c = cart(app, &token, "cart/select", json!({"sku_ids": "all"})).await;
    assert_eq!(c["selected_quantity"], 3);
    let c = cart(app, &token, "cart/remove", json!({"sku_ids": [other.0]})).await;
    assert_eq!(c["groups"].as_array().unwrap().len(), 1);
    let c = cart(app, &token, "cart/remove", json!({"sku_ids": "all"})).await;
    assert_eq!(c["total_quantity"], 0);
}

async fn quantities_stay_within_stock_and_are_explained(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000302", "abc12345").await;
    let (sku, _, stock, _) = skus(app).await.remove(0);
    let cases = [
        (
            "cart/add",
            json!({"sku_id": sku, "quantity": 0}),
            "quantity",
            "数量至少为 1".to_string(),
            "The quantity must be at least 1.".to_string(),
        ),
        (
            "cart/add",
            json!({"sku_id": "nope", "quantity": 1}),
            "sku_id",
            "请选择颜色和尺码".into(),
            "Please choose a colour and size.".into(),
        ),
        (
            "cart/add",
            json!({"quantity": 1}),
            "sku_id",
            "请选择颜色和尺码".into(),
            "Please choose a colour and size.".into(),
        ),
        (
            "cart/add",
            json!({"sku_id": sku, "quantity": stock + 1}),
            "quantity",
            format!("库存仅剩 {stock} 件"),
            format!("Only {stock} left in stock."),
        ),
    ];
    for (path, body, field, zh, en) in cases {
        let (status, reply) = call(app, &token, path, body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {reply}");
        assert_eq!(
            (reply["msg"].as_str(), reply["data"]["field"].as_str()),
            (Some(zh.as_str()), Some(field))
        );
        let (_, reply) = app
            .post_as(&format!("{UNISHOP}/{path}"), &token, "en_US", body)
            .await;
        assert_eq!(reply["msg"], en);
    }
    let (status, _) = call(app, &token, "cart/change", json!({"sku_id": sku, "quantity": 1})).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a SKU not in the cart");
    cart(app, &token, "cart/add", json!({"sku_id": sku, "quantity": stock})).await;
    let (status, reply) = call(app, &token, "cart/add", json!({"sku_id": sku, "quantity": 1})).await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some(format!("库存仅剩 {stock} 件").as_str())
        )
    );
    let c = cart(app, &token, "cart/lists", json!({})).await;
    assert_eq!(c["total_quantity"], stock, "a refused add changes nothing");
    let (status, _) = app.post(&format!("{UNISHOP}/cart/lists"), json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

async fn one_users_cart_is_not_anothers(app: &TestApp) {
    app.seed(10).await;
    let owner = app.register("13800000303", "abc12345").await;
    let other = app.register("13800000304", "abc12345").await;
    let (sku, ..) = skus(app).await.remove(0);
    cart(app, &owner, "cart/add", json!({"sku_id": sku, "quantity": 2})).await;
    assert_eq!(
        cart(app, &other, "cart/lists", json!({})).await["total_quantity"],
        0
    );
    cart(app, &other, "cart/remove", json!({"sku_ids": "all"})).await;
    cart(
        app,
        &other,
        "cart/select",
        json!({"sku_ids": "all", "selected": false}),
    )
    .await;
    let (status, _) = call(app, &other, "cart/change", json!({"sku_id": sku, "quantity": 1})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let mine = cart(app, &owner, "cart/lists", json!({})).await;
    assert_eq!(
        (
            mine["total_quantity"].as_i64(),
            mine["selected_quantity"].as_i64()
        ),
        (Some(2), Some(2))
    );
}

async fn drop_shipping_settings_default_save_and_refuse(app: &TestApp) {
    let token = app.register("13800000305", "abc12345").await;
    let s = cart(app, &token, "forward/settings", json!({})).await;
    assert_eq!(
        (
            s["courier"].as_str(),
            s["qc_level"].as_str(),
            s["shipping_priority"].as_str()
        ),
        (Some("zto"), Some("none"), Some("together"))
    );
    assert_eq!(s["couriers"].as_array().unwrap().len(), 7);
    assert_eq!(s["qc_levels"][2], json!({"code": "advanced", "per_item": "1.30"}));
    let saved = cart(
        app,
        &token,
        "forward/save",
        json!({"sender_name": "小王服饰", "sender_phone": "13800001111", "courier": "sf", "qc_level": "advanced",
               "shipping_priority": "split", "remark_template": "请勿放发票"}),
    )
    .await;
    assert_eq!(
        (saved["courier"].as_str(), saved["sender_name"].as_str()),
        (Some("sf"), Some("小王服饰"))
    );
    for (body, field) in [
        (json!({"courier": "ups"}), "courier"),
        (json!({"qc_level": "gold"}), "qc_level"),
        (json!({"shipping_priority": "fast"}), "shipping_priority"),
        (json!({"sender_phone": "abc"}), "sender_phone"),
    ] {
        let (status, reply) = call(app, &token, "forward/save", body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(reply["data"]["field"], field);
    }
    let s = cart(app, &token, "forward/settings", json!({})).await;
    assert_eq!(
        (
            s["courier"].as_str(),
            s["shipping_priority"].as_str(),
            s["remark_template"].as_str()
        ),
        (Some("sf"), Some("split"), Some("请勿放发票"))
    );
}
