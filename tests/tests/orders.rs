//! Orders over HTTP on both engines: checkout from the cart and by hand, wallet and QR payment, the
//! operator's warehouse steps, cancellation and shortage refunds, the list, the detail, rankings, and
//! what many parallel requests may and may not do.

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, Engine, TestApp, OPERATOR_TOKEN as OPERATOR, UNISHOP};

async fn call(app: &TestApp, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
    app.unishop(token, "zh_CN", path, body).await
}

async fn call_en(app: &TestApp, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
    app.unishop(token, "en_US", path, body).await
}

async fn data(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    app.unishop_data(token, "zh_CN", path, body).await
}

/// The kinds of the wallet ledger's rows, newest first.
async fn ledger_kinds(app: &TestApp, token: &str) -> Vec<String> {
    ledger(app, token)
        .await
        .iter()
        .map(|r| r["type"].as_str().unwrap().to_string())
        .collect()
}

async fn operator(app: &TestApp, step: &str, body: Value) -> (StatusCode, Value) {
    app.admin(&format!("orders/{step}"), body).await
}

async fn balance(app: &TestApp, token: &str) -> String {
    data(app, token, "fund/index", json!({})).await["balance"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn ledger(app: &TestApp, token: &str) -> Vec<Value> {
    data(app, token, "fund/ledger", json!({"pagesize": 100})).await["list"]
        .as_array()
        .unwrap()
        .clone()
}

/// SKUs with at least 10 in stock: (sku, price in fen, stock, item number).
pub(crate) async fn skus(app: &TestApp) -> Vec<(String, i64, i64, String)> {
    let rows = sqlx::query(
        "SELECT k.id, k.price, k.stock, p.item_no FROM skus k JOIN products p ON p.id = k.product_id \
         WHERE k.stock >= 10 ORDER BY p.id, k.id",
    )
    .fetch_all(&app.db().pool)
    .await
    .unwrap();
    rows.iter()
        .map(|r| (r.get("id"), r.get("price"), r.get("stock"), r.get("item_no")))
        .collect()
}

fn yuan(fen: i64) -> String {
    domain::money::Fen(fen).to_yuan()
}

pub(crate) async fn address(app: &TestApp, token: &str) -> String {
    let saved = data(
        app,
        token,
        "address/add",
        json!({"recipient": "李四", "phone": "13900001111", "province": "广东省", "city": "广州市",
               "district": "白云区", "detail": "三元里大道 1 号"}),
    )
    .await;
    saved["id"].as_str().unwrap().to_string()
}

/// Places a domestic order of `lines` and answers its number.
pub(crate) async fn place(app: &TestApp, token: &str, lines: Value) -> String {
    let address_id = address(app, token).await;
    let placed = data(
        app,
        token,
        "order/submit",
        json!({"source": "manual", "lines": lines, "type": "domestic", "address_id": address_id}),
    )
    .await;
    placed["order"]["order_no"].as_str().unwrap().to_string()
}

pub(crate) async fn detail(app: &TestApp, token: &str, order_no: &str) -> Value {
    data(app, token, "order/detail", json!({ "order_no": order_no })).await
}

on_both_engines!(
    a_cart_order_goes_from_checkout_to_review,
    refused_orders_name_the_field_and_change_nothing,
    cancelling_a_paid_order_refunds_it_and_returns_the_stock,
    a_shortage_is_refunded_with_its_fees_and_noticed,
    a_platform_order_needs_its_courier_and_its_own_label,
    one_order_paid_ten_times_in_parallel_is_debited_once,
    twenty_parallel_orders_for_the_last_five_units_sell_five,
    a_qr_payment_for_an_order_pays_it_through_the_wallet,
    an_interrupted_payment_is_reversed_and_the_audit_stays_clean,
    a_payment_whose_order_is_not_stored_takes_no_money,
    rankings_count_paid_sales_and_rebuild_from_the_log,
    the_ranking_never_passes_an_order_still_in_flight,
    the_ranking_rebuilds_when_the_database_numbers_transactions_below_its_cursor,
    an_order_cancelled_on_another_server_is_not_paid_from_a_stale_state,
    shipped_orders_complete_on_their_own_after_the_days,
    another_sellers_orders_are_out_of_reach,
    manual_entry_finds_skus_by_item_number_and_the_operator_sees_every_order,
);

async fn a_cart_order_goes_from_checkout_to_review(app: &TestApp) {
    app.seed(20).await;
    let token = app.register("13800000601", "abc12345").await;
    let all = skus(app).await;
    let (a, b) = (&all[0], &all[5]);
    data(app, &token, "cart/add", json!({"sku_id": a.0, "quantity": 2})).await;
    data(app, &token, "cart/add", json!({"sku_id": b.0, "quantity": 1})).await;

    let preview = data(
        app,
        &token,
        "order/preview",
        json!({"source": "cart", "courier": "sf", "qc_level": "basic", "value_added": ["remove_tag"]}),
    )
    .await;
    let product = a.1 * 2 + b.1;
    // SF: 12.00 first item, 2.00 each further one; service 1.00, QC 0.30 and tag removal 0.20 per item.
    let expected = [
        ("product_amount", product),
        ("shipping", 1200 + 2 * 200),
        ("service", 300),
        ("qc", 90),
        ("value_added", 60),
        ("total", product + 1600 + 300 + 90 + 60),
    ];
    for (name, fen) in expected {
        assert_eq!(preview["fees"][name], yuan(fen), "{name}: {preview}");
    }
    assert_eq!(preview["items"], 3);
    assert_eq!(preview["lines"].as_array().unwrap().len(), 2);
    let total = yuan(product + 2050);

    let address_id = address(app, &token).await;
    let request = json!({"source": "cart", "type": "domestic", "address_id": address_id, "courier": "sf",
        "qc_level": "basic", "value_added": ["remove_tag"], "remark": "请尽快发货", "request_id": "checkout-1"});
    let placed = data(app, &token, "order/submit", request.clone()).await["order"].clone();
    let order_no = placed["order_no"].as_str().unwrap().to_string();
    assert!(order_no.starts_with("JP"), "{order_no}");
    assert_eq!(placed["status"], "pending_payment");
    assert_eq!(placed["fees"]["total"], total);
    assert_eq!(placed["address"]["recipient"], "李四");
    assert_eq!(app.stock_of(&a.0).await, a.2 - 2, "the stock is reserved");
    let cart = data(app, &token, "cart/lists", json!({})).await;
    assert_eq!(
        cart["groups"].as_array().unwrap().len(),
        0,
        "ordered lines leave the cart"
    );
    let again = data(app, &token, "order/submit", request).await;
    assert_eq!(
        again["order"]["order_no"],
        order_no.as_str(),
        "a resent submit answers the first order"
    );
    assert_eq!(app.stock_of(&a.0).await, a.2 - 2, "and takes nothing more");

    let (status, reply) = call_en(
        app,
        &token,
        "order/pay",
        json!({"order_no": order_no, "method": "wallet"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        reply["msg"].as_str().unwrap().starts_with("Insufficient balance"),
        "{reply}"
    );
    app.top_up(&token, "1000").await;
    let paid = data(
        app,
        &token,
        "order/pay",
        json!({"order_no": order_no, "method": "wallet"}),
    )
    .await;
    assert_eq!(paid["order"]["status"], "to_be_shipped");
    assert_eq!(paid["order"]["paid_amount"], total);
    assert_eq!(paid["order"]["payment_method"], "wallet");
    let debit = ledger(app, &token)
        .await
        .into_iter()
        .find(|r| r["type"] == "order_payment")
        .unwrap();
    assert_eq!(
        (
            debit["amount"].as_str().unwrap(),
            debit["reference"].as_str().unwrap()
        ),
        (format!("-{total}").as_str(), order_no.as_str())
    );

    let (status, reply) = operator(
        app,
        "ship",
        json!({"order_no": order_no, "courier": "sf", "tracking_no": "SF100000000000"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "Prepare the stock before shipping.");
    let (status, _) = operator(app, "prepare_stock", json!({"order_no": order_no})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, shipped) = operator(
        app,
        "ship",
        json!({"order_no": order_no, "courier": "sf", "tracking_no": "SF100000000000"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{shipped}");
    let shown = detail(app, &token, &order_no).await;
    assert_eq!(
        (shown["status"].as_str(), shown["tracking_no"].as_str()),
        (Some("shipped"), Some("SF100000000000"))
    );
    let kinds: Vec<&str> = shown["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["OrderPlaced", "OrderPaid", "StockPrepared", "OrderShipped"]
    );
    assert_eq!(shown["timeline"][3]["detail"]["tracking_no"], "SF100000000000");

    let listed = data(app, &token, "order/lists", json!({"tab": "shipped"})).await;
    assert_eq!(
        (listed["total"].as_i64(), listed["counts"]["all"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(listed["list"][0]["items"].as_array().unwrap().len(), 2);
    let (status, reply) = call_en(
        app,
        &token,
        "order/review",
        json!({"order_no": order_no, "rating": 5, "content": "好"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "Cannot review: the order is shipped.");
    let done = data(app, &token, "order/confirm", json!({"order_no": order_no})).await;
    assert_eq!(done["status"], "completed");
    let counts = data(app, &token, "order/lists", json!({})).await["counts"].clone();
    assert_eq!(
        (counts["to_be_reviewed"].as_i64(), counts["completed"].as_i64()),
        (Some(1), Some(1))
    );
    let reviewed = data(
        app,
        &token,
        "order/review",
        json!({"order_no": order_no, "rating": 5, "content": "很好"}),
    )
    .await;
    assert_eq!(
        (reviewed["reviewed"].as_bool(), reviewed["rating"].as_i64()),
        (Some(true), Some(5))
    );
    let counts = data(app, &token, "order/lists", json!({})).await["counts"].clone();
    assert_eq!(counts["to_be_reviewed"], 0);
}

async fn refused_orders_name_the_field_and_change_nothing(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000602", "abc12345").await;
    let all = skus(app).await;
    let sku = &all[0];
    let address_id = address(app, &token).await;
    let cases = [
        (json!({"lines": []}), "lines", "Please choose at least one item."),
        (
            json!({"lines": [{"sku_id": "nope", "quantity": 1}]}),
            "lines",
            "Please choose a colour and size.",
        ),
        (
            json!({"lines": [{"sku_id": sku.0, "quantity": 0}]}),
            "lines",
            "The quantity must be at least 1.",
        ),
        (
            json!({"lines": [{"sku_id": sku.0, "quantity": sku.2 + 1}]}),
            "lines",
            &format!("Only {} left in stock.", sku.2),
        ),
        (
            json!({"lines": [{"sku_id": sku.0, "quantity": 1}]}),
            "type",
            "Please choose a domestic address or a platform order.",
        ),
        (
            json!({"lines": [{"sku_id": sku.0, "quantity": 1}], "type": "domestic", "address": {"recipient": "王五", "phone": "12", "province": "广东省", "city": "广州市", "district": "白云区", "detail": "x"}}),
            "phone",
            "Incorrect phone number.",
        ),
        (
            json!({"lines": [{"sku_id": sku.0, "quantity": 1}], "type": "domestic", "address": {"recipient": "王五", "phone": "13900001111", "province": "广东省", "city": "杭州市", "district": "白云区", "detail": "x"}}),
            "city",
            "The region does not exist.",
        ),
        (
            json!({"lines": [{"sku_id": sku.0, "quantity": 1}], "type": "platform", "courier": "zto", "source_order_no": "DY1", "label_file": "/uploads/x.jpg"}),
            "platform",
            "Please choose a platform.",
        ),
        (
            json!({"lines": [{"sku_id": sku.0, "quantity": 1}], "type": "platform", "platform": "douyin", "courier": "zto", "label_file": "/uploads/x.jpg"}),
            "source_order_no",
            "Please enter the source order number.",
        ),
        (
            json!({"lines": [{"sku_id": sku.0, "quantity": 1}], "type": "platform", "platform": "douyin", "source_order_no": "DY1", "label_file": "/uploads/x.jpg"}),
            "courier",
            "Please choose a courier.",
        ),
        (
            json!({"lines": [{"sku_id": sku.0, "quantity": 1}], "type": "platform", "platform": "douyin", "courier": "zto", "source_order_no": "DY1"}),
            "label_file",
            "Please upload the shipping label file.",
        ),
        (
            json!({"lines": [{"sku_id": sku.0, "quantity": 1}], "type": "domestic", "address_id": address_id, "qc_level": "gold"}),
            "qc_level",
            "Please choose a quality inspection level.",
        ),
    ];
    for (body, field, message) in cases {
        let (status, reply) = call_en(app, &token, "order/submit", body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {reply}");
        assert_eq!(
            (reply["data"]["field"].as_str(), reply["msg"].as_str()),
            (Some(field), Some(message)),
            "{body}"
        );
    }
    assert_eq!(app.stock_of(&sku.0).await, sku.2, "nothing was reserved");
    let (_, reply) = call(app, &token, "order/submit", json!({"lines": []})).await;
    assert_eq!(reply["msg"], "请至少选择一件商品");
    let (status, reply) = call_en(app, &token, "order/detail", json!({"order_no": ""})).await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("Order ID cannot be empty.")
        )
    );
    let (status, reply) = call_en(
        app,
        &token,
        "order/lists",
        json!({"start_time": 100, "end_time": 99}),
    )
    .await;
    assert_eq!(
        (status, reply["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("end_time"))
    );
    let order_no = place(app, &token, json!([{"sku_id": sku.0, "quantity": 1}])).await;
    let (status, reply) = call_en(app, &token, "order/confirm", json!({"order_no": order_no})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        reply["msg"],
        "Cannot confirm receipt: the order is pending payment."
    );
    let (_, reply) = call(app, &token, "order/confirm", json!({"order_no": order_no})).await;
    assert_eq!(reply["msg"], "无法确认收货：订单待付款");
    let listed = data(app, &token, "order/lists", json!({})).await;
    assert_eq!(listed["total"], 1, "only the good order exists");
}

async fn cancelling_a_paid_order_refunds_it_and_returns_the_stock(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000603", "abc12345").await;
    let sku = skus(app).await[0].clone();
    let order_no = place(app, &token, json!([{"sku_id": sku.0, "quantity": 3}])).await;
    assert_eq!(app.stock_of(&sku.0).await, sku.2 - 3);
    app.top_up(&token, "1000").await;
    data(app, &token, "order/pay", json!({"order_no": order_no})).await;
    let total = detail(app, &token, &order_no).await["fees"]["total"]
        .as_str()
        .unwrap()
        .to_string();
    let cancelled = data(
        app,
        &token,
        "order/cancel",
        json!({"order_no": order_no, "reason": "不要了"}),
    )
    .await;
    assert_eq!(
        (cancelled["status"].as_str(), cancelled["refunded"].as_str()),
        (Some("cancelled"), Some(total.as_str()))
    );
    assert_eq!(balance(app, &token).await, "1000.00");
    let refund = ledger(app, &token)
        .await
        .into_iter()
        .find(|r| r["type"] == "refund")
        .unwrap();
    assert_eq!(refund["reference"], format!("{order_no}-cancel"));
    assert_eq!(app.stock_of(&sku.0).await, sku.2, "the stock is back on sale");
    data(app, &token, "order/cancel", json!({"order_no": order_no})).await;
    assert_eq!(
        balance(app, &token).await,
        "1000.00",
        "cancelling again refunds nothing more"
    );
    assert_eq!(app.stock_of(&sku.0).await, sku.2);
    let (status, reply) = call_en(app, &token, "order/pay", json!({"order_no": order_no})).await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("Cannot pay: the order is cancelled.")
        )
    );
    assert_eq!(balance(app, &token).await, "1000.00");
}

async fn a_shortage_is_refunded_with_its_fees_and_noticed(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000604", "abc12345").await;
    let all = skus(app).await;
    let (a, b) = (&all[0], &all[3]);
    let address_id = address(app, &token).await;
    let placed = data(
        app,
        &token,
        "order/submit",
        json!({"lines": [{"sku_id": a.0, "quantity": 2}, {"sku_id": b.0, "quantity": 1}],
        "type": "domestic", "address_id": address_id, "qc_level": "advanced"}),
    )
    .await;
    let order_no = placed["order"]["order_no"].as_str().unwrap().to_string();
    app.top_up(&token, "2000").await;
    data(app, &token, "order/pay", json!({"order_no": order_no})).await;
    let before = balance(app, &token).await;

    let (status, reply) = operator(
        app,
        "out_of_stock",
        json!({"order_no": order_no, "shortages": [{"sku_id": a.0, "quantity": 3}]}),
    )
    .await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some(format!("At most 2 of {} can be out of stock.", a.0).as_str())
        )
    );
    let (status, short) = operator(
        app,
        "out_of_stock",
        json!({"order_no": order_no, "shortages": [{"sku_id": a.0, "quantity": 1}]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{short}");
    // One unit back with its per-item fees: service 1.00 and advanced QC 1.30.
    let refund = a.1 + 100 + 130;
    assert_eq!(short["data"]["refunded"], yuan(refund));
    assert_eq!(short["data"]["items"][0]["short_quantity"], 1);
    let expected_balance = domain::money::Fen::parse_yuan(&before).unwrap().0 + refund;
    assert_eq!(balance(app, &token).await, yuan(expected_balance));
    let credit = ledger(app, &token)
        .await
        .into_iter()
        .find(|r| r["type"] == "refund")
        .unwrap();
    assert_eq!(
        (credit["amount"].as_str(), credit["reference"].as_str()),
        (
            Some(yuan(refund).as_str()),
            Some(format!("{order_no}-short-1").as_str())
        )
    );
    let notices = data(app, &token, "order/out_stock", json!({})).await;
    assert_eq!(notices["total"], 1);
    assert_eq!(
        (
            notices["list"][0]["refund"].as_str(),
            notices["list"][0]["items"][0]["quantity"].as_i64()
        ),
        (Some(yuan(refund).as_str()), Some(1))
    );

    let (status, _) = operator(
        app,
        "flag_abnormal",
        json!({"order_no": order_no, "reason": "地址不详"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    operator(app, "prepare_stock", json!({"order_no": order_no})).await;
    let (status, reply) = operator(
        app,
        "ship",
        json!({"order_no": order_no, "courier": "zto", "tracking_no": "731000000001"}),
    )
    .await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("Resolve the abnormal order before shipping it.")
        )
    );
    let open = data(app, &token, "order/abnormal", json!({"status": "open"})).await;
    assert_eq!(
        (open["total"].as_i64(), open["list"][0]["reason"].as_str()),
        (Some(1), Some("地址不详"))
    );
    operator(
        app,
        "resolve_abnormal",
        json!({"order_no": order_no, "resolution": "已联系买家"}),
    )
    .await;
    let resolved = data(app, &token, "order/abnormal", json!({"status": "resolved"})).await;
    assert_eq!(
        (
            resolved["total"].as_i64(),
            resolved["list"][0]["resolution"].as_str()
        ),
        (Some(1), Some("已联系买家"))
    );
    assert_eq!(
        data(app, &token, "order/abnormal", json!({"status": "open"})).await["total"],
        0
    );
    let (status, _) = operator(
        app,
        "ship",
        json!({"order_no": order_no, "courier": "zto", "tracking_no": "731000000001"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    // Everything short: the whole rest of the payment comes back and the order is cancelled.
    let other = place(app, &token, json!([{"sku_id": b.0, "quantity": 1}])).await;
    data(app, &token, "order/pay", json!({"order_no": other})).await;
    let paid = detail(app, &token, &other).await["paid_amount"]
        .as_str()
        .unwrap()
        .to_string();
    let (_, all_short) = operator(
        app,
        "out_of_stock",
        json!({"order_no": other, "shortages": [{"sku_id": b.0, "quantity": 1}]}),
    )
    .await;
    assert_eq!(
        (
            all_short["data"]["status"].as_str(),
            all_short["data"]["stock_status"].as_str()
        ),
        (Some("cancelled"), Some("out_of_stock"))
    );
    assert_eq!(all_short["data"]["refunded"], paid.as_str());
}

async fn a_platform_order_needs_its_courier_and_its_own_label(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000605", "abc12345").await;
    let other = app.register("13800000606", "abc12345").await;
    let sku = skus(app).await[0].clone();
    let others_label = app.a_label(&other, "other").await;
    // A picture through the image upload is not a label: it was rescaled.
    let picture = app.upload_png(&token, 40, 60, "label.png").await;
    let body = |label: &str| {
        json!({"lines": [{"sku_id": sku.0, "quantity": 1}], "type": "platform", "platform": "tiktok",
        "source_order_no": "TT-778899", "courier": "yto", "label_file": label})
    };
    for not_mine in [
        others_label.as_str(),
        "/uploads/never-uploaded.jpg",
        picture.as_str(),
    ] {
        let (status, reply) = call_en(app, &token, "order/submit", body(not_mine)).await;
        assert_eq!(
            (status, reply["data"]["field"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("label_file")),
            "{not_mine}"
        );
    }
    let label = app.a_label(&token, "mine").await;
    let placed = data(app, &token, "order/submit", body(&label)).await["order"].clone();
    assert_eq!(
        (
            placed["type"].as_str(),
            placed["platform"].as_str(),
            placed["source_order_no"].as_str()
        ),
        (Some("platform"), Some("tiktok"), Some("TT-778899"))
    );
    assert_eq!(
        (placed["label_file"].as_str(), placed["courier"].as_str()),
        (Some(label.as_str()), Some("yto"))
    );
    assert!(placed["address"].is_null());
    let found = data(
        app,
        &token,
        "order/lists",
        json!({"source_order_no": "TT-77", "platform": "tiktok"}),
    )
    .await;
    assert_eq!(found["total"], 1);
    let none = data(app, &token, "order/lists", json!({"platform": "shopee"})).await;
    assert_eq!(none["total"], 0);
}

async fn one_order_paid_ten_times_in_parallel_is_debited_once(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000607", "abc12345").await;
    let sku = skus(app).await[0].clone();
    let order_no = place(app, &token, json!([{"sku_id": sku.0, "quantity": 1}])).await;
    app.top_up(&token, "500").await;
    let replies =
        join_all((0..10).map(|_| call(app, &token, "order/pay", json!({"order_no": order_no})))).await;
    for (status, reply) in &replies {
        assert_eq!(
            *status,
            StatusCode::OK,
            "every attempt answers the paid order: {reply}"
        );
    }
    let debits: Vec<Value> = ledger(app, &token)
        .await
        .into_iter()
        .filter(|r| r["type"] == "order_payment")
        .collect();
    assert_eq!(debits.len(), 1);
    let total = detail(app, &token, &order_no).await["fees"]["total"]
        .as_str()
        .unwrap()
        .to_string();
    let expected = domain::money::Fen::yuan(500).0 - domain::money::Fen::parse_yuan(&total).unwrap().0;
    assert_eq!(balance(app, &token).await, yuan(expected));
}

async fn twenty_parallel_orders_for_the_last_five_units_sell_five(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000608", "abc12345").await;
    let sku = skus(app).await[0].clone();
    sqlx::query("UPDATE skus SET stock = 5 WHERE id = $1")
        .bind(&sku.0)
        .execute(&app.db().pool)
        .await
        .unwrap();
    let address_id = address(app, &token).await;
    let attempts = (0..20).map(|n| {
        let body = json!({"lines": [{"sku_id": sku.0, "quantity": 1}], "type": "domestic", "address_id": address_id,
            "request_id": format!("burst-{n}")});
        call_en(app, &token, "order/submit", body)
    });
    let replies = join_all(attempts).await;
    let placed = replies.iter().filter(|(s, _)| *s == StatusCode::OK).count();
    for (status, reply) in replies.iter().filter(|(s, _)| *s != StatusCode::OK) {
        assert_eq!(*status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
        assert!(reply["msg"].as_str().unwrap().starts_with("Only "), "{reply}");
    }
    assert_eq!(placed, 5, "exactly the last five units were sold");
    assert_eq!(app.stock_of(&sku.0).await, 0);
    assert_eq!(data(app, &token, "order/lists", json!({})).await["total"], 5);
}

async fn a_qr_payment_for_an_order_pays_it_through_the_wallet(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000609", "abc12345").await;
    let sku = skus(app).await[0].clone();
    let order_no = place(app, &token, json!([{"sku_id": sku.0, "quantity": 2}])).await;
    let total = detail(app, &token, &order_no).await["fees"]["total"]
        .as_str()
        .unwrap()
        .to_string();
    let payment = data(
        app,
        &token,
        "order/pay",
        json!({"order_no": order_no, "method": "qr"}),
    )
    .await["payment"]
        .clone();
    assert_eq!(payment["amount"], total.as_str());
    assert!(payment["qr"]
        .as_str()
        .unwrap()
        .starts_with("data:image/svg+xml;base64,"));
    let page = app
        .client
        .post(format!("{}/confirm", payment["pay_url"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let status = data(
        app,
        &token,
        "fund/payment_status",
        json!({"payment_id": payment["payment_id"]}),
    )
    .await;
    assert_eq!(status["status"], "paid");
    let shown = detail(app, &token, &order_no).await;
    assert_eq!(
        (shown["status"].as_str(), shown["payment_method"].as_str()),
        (Some("to_be_shipped"), Some("qr"))
    );
    let kinds = ledger_kinds(app, &token).await;
    assert_eq!(
        kinds,
        ["order_payment", "top_up"],
        "the QR money passes through the wallet"
    );
    assert_eq!(balance(app, &token).await, "0.00");
}

/// The debit and the order's `MarkPaid` are one transaction: when the order's side cannot be stored
/// (here its row refuses to become paid), the wallet keeps its money and no debit is left to give
/// back.
async fn a_payment_whose_order_is_not_stored_takes_no_money(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000617", "abc12345").await;
    let sku = skus(app).await[0].clone();
    let order_no = place(app, &token, json!([{"sku_id": sku.0, "quantity": 1}])).await;
    app.top_up(&token, "1000").await;
    let pool = &app.db().pool;
    let (inject, remove): (&[&str], &str) = match app.engine {
        Engine::Sqlite => (
            &["CREATE TRIGGER fail_paid BEFORE UPDATE ON orders WHEN NEW.status = 'to_be_shipped' \
               BEGIN SELECT RAISE(ABORT, 'injected failure'); END"],
            "DROP TRIGGER fail_paid",
        ),
        Engine::Postgres => (
            &[
                "CREATE FUNCTION fail_paid() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$ LANGUAGE plpgsql",
                "CREATE TRIGGER fail_paid BEFORE UPDATE ON orders FOR EACH ROW \
                 WHEN (NEW.status = 'to_be_shipped') EXECUTE FUNCTION fail_paid()",
            ],
            "DROP TRIGGER fail_paid ON orders",
        ),
    };
    for sql in inject {
        sqlx::query(sql).execute(pool).await.unwrap();
    }
    let (status, _) = call(app, &token, "order/pay", json!({"order_no": order_no})).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(balance(app, &token).await, "1000.00", "nothing was taken");
    let kinds = ledger_kinds(app, &token).await;
    assert_eq!(kinds, ["top_up"]);
    let debits: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM events WHERE aggregate_type = 'wallet' AND event_type = 'OrderPaymentDebited'",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(debits, 0, "no debit event was stored");
    assert_eq!(detail(app, &token, &order_no).await["status"], "pending_payment");

    sqlx::query(remove).execute(pool).await.unwrap();
    data(app, &token, "order/pay", json!({"order_no": order_no})).await;
    let paid = detail(app, &token, &order_no).await;
    assert_eq!(paid["status"], "to_be_shipped");
    let total = paid["fees"]["total"].as_str().unwrap().to_string();
    let kinds = ledger_kinds(app, &token).await;
    assert_eq!(kinds.iter().filter(|k| *k == "order_payment").count(), 1);
    let fen = |yuan: &str| yuan.replace('.', "").parse::<i64>().unwrap();
    assert_eq!(fen(&balance(app, &token).await), fen("1000.00") - fen(&total));
}

async fn an_interrupted_payment_is_reversed_and_the_audit_stays_clean(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000610", "abc12345").await;
    let sku = skus(app).await[0].clone();
    let order_no = place(app, &token, json!([{"sku_id": sku.0, "quantity": 1}])).await;
    app.top_up(&token, "300").await;
    let state = &app.app.state;
    let shown = detail(app, &token, &order_no).await;
    let total = domain::money::Fen::parse_yuan(shown["fees"]["total"].as_str().unwrap()).unwrap();
    let user_id = shown["user_id"].as_str().unwrap().to_string();
    // The process stopped after the debit; meanwhile the order was cancelled.
    state
        .wallets
        .execute(
            &user_id,
            domain::wallet::WalletCommand::DebitOrderPayment {
                order_id: order_no.clone(),
                amount: total,
                at: commands::clock::now(),
            },
        )
        .await
        .unwrap();
    data(app, &token, "order/cancel", json!({"order_no": order_no})).await;
    assert_eq!(balance(app, &token).await, yuan(30_000 - total.0));
    let settled = commands::orders::payment::settle_open_payments(
        &state.db,
        &state.orders,
        &state.wallets,
        commands::clock::now(),
    )
    .await
    .unwrap();
    assert_eq!(settled, 1);
    assert_eq!(balance(app, &token).await, "300.00", "the debit was given back");
    let kinds = ledger_kinds(app, &token).await;
    assert_eq!(kinds, ["order_payment_reversed", "order_payment", "top_up"]);
    let (ok, stdout, stderr) = app.run_cli(&["audit", "wallet", "--all"]);
    assert!(ok, "{stdout}{stderr}");
    assert!(stdout.contains("0 difference(s)"), "{stdout}");
}

async fn rankings_count_paid_sales_and_rebuild_from_the_log(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000611", "abc12345").await;
    let all = skus(app).await;
    let (a, b) = (&all[0], &all[8]);
    app.top_up(&token, "5000").await;
    let first = place(
        app,
        &token,
        json!([{"sku_id": a.0, "quantity": 4}, {"sku_id": b.0, "quantity": 1}]),
    )
    .await;
    data(app, &token, "order/pay", json!({"order_no": first})).await;
    let unpaid = place(app, &token, json!([{"sku_id": b.0, "quantity": 9}])).await;
    let cancelled = place(app, &token, json!([{"sku_id": b.0, "quantity": 5}])).await;
    data(app, &token, "order/pay", json!({"order_no": cancelled})).await;
    data(app, &token, "order/cancel", json!({"order_no": cancelled})).await;
    let _ = unpaid;
    let product_of = |sku: &str| {
        let sku = sku.to_string();
        async move {
            sqlx::query_scalar::<_, String>("SELECT product_id FROM skus WHERE id = $1")
                .bind(sku)
                .fetch_one(&app.db().pool)
                .await
                .unwrap()
        }
    };
    let (pa, pb) = (product_of(&a.0).await, product_of(&b.0).await);
    app.ranking_settled().await;
    let ranked = app
        .post(
            &format!("{UNISHOP}/ranking/lists"),
            json!({"kind": "product", "range": "3d"}),
        )
        .await
        .1["data"]
        .clone();
    let rows: Vec<(String, i64)> = ranked["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["product_id"].as_str().unwrap().to_string(),
                r["quantity"].as_i64().unwrap(),
            )
        })
        .collect();
    let expected = if pa == pb {
        vec![(pa.clone(), 5)]
    } else {
        vec![(pa.clone(), 4), (pb.clone(), 1)]
    };
    assert_eq!(rows, expected, "paid sales only, less the cancelled order");
    assert_eq!(ranked["list"][0]["rank"], 1);
    assert_eq!(
        ranked["list"][0]["amount"],
        yuan(a.1 * 4 + if pa == pb { b.1 } else { 0 })
    );
    let stalls = app
        .post(
            &format!("{UNISHOP}/ranking/lists"),
            json!({"kind": "stall", "range": "7d"}),
        )
        .await
        .1["data"]
        .clone();
    let sold: i64 = stalls["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["quantity"].as_i64().unwrap())
        .sum();
    assert_eq!(sold, 5);
    let (status, reply) = app
        .post_lang(
            &format!("{UNISHOP}/ranking/lists"),
            "en_US",
            json!({"range": "1y"}),
        )
        .await;
    assert_eq!(
        (status, reply["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("range"))
    );

    let (ok, stdout, stderr) = app.run_cli(&["rebuild", "ranking"]);
    assert!(ok, "{stdout}{stderr}");
    app.ranking_settled().await;
    let rebuilt = app
        .post(
            &format!("{UNISHOP}/ranking/lists"),
            json!({"kind": "product", "range": "3d"}),
        )
        .await
        .1["data"]
        .clone();
    assert_eq!(
        rebuilt["list"], ranked["list"],
        "the rebuild from the event log gives the same ranking"
    );
    // And the rebuilt projection keeps following new events.
    let more = place(app, &token, json!([{"sku_id": a.0, "quantity": 1}])).await;
    data(app, &token, "order/pay", json!({"order_no": more})).await;
    app.ranking_settled().await;
    let after = app.post(&format!("{UNISHOP}/ranking/lists"), json!({})).await.1["data"].clone();
    let top = after["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["product_id"] == pa.as_str())
        .unwrap()
        .clone();
    assert_eq!(top["quantity"], if pa == pb { 6 } else { 5 });
}

/// On PostgreSQL an event's position is drawn when it is inserted and seen when its transaction
/// commits, so a later position can be seen first. The ranking follows the log on its own and must
/// never pass an event still in flight: here an order's events wait in an open transaction while a
/// copy written after them is already committed. (SQLite serialises writers: positions are seen in
/// order, and an open write transaction would block the second copy.)
async fn the_ranking_never_passes_an_order_still_in_flight(app: &TestApp) {
    if app.engine == Engine::Sqlite {
        return;
    }
    app.seed(10).await;
    let token = app.register("13800000612", "abc12345").await;
    let sku = skus(app).await.remove(0);
    app.top_up(&token, "5000").await;
    let order = place(app, &token, json!([{"sku_id": sku.0, "quantity": 2}])).await;
    data(app, &token, "order/pay", json!({"order_no": order})).await;
    app.ranking_settled().await;
    let sold = || async {
        sqlx::query_scalar::<_, i64>("SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM daily_sales")
            .fetch_one(&app.db().pool)
            .await
            .unwrap()
    };
    assert_eq!(sold().await, 2);
    let copy = |no: &str| {
        format!(
            "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, \
             metadata) SELECT aggregate_type, '{no}', sequence, event_type, event_version, payload, metadata \
             FROM events WHERE aggregate_type = 'order' AND aggregate_id = $1"
        )
    };
    let mut in_flight = app.db().pool.begin().await.unwrap();
    sqlx::query(&copy("GAP-1"))
        .bind(&order)
        .execute(&mut *in_flight)
        .await
        .unwrap();
    sqlx::query(&copy("GAP-2"))
        .bind(&order)
        .execute(&app.db().pool)
        .await
        .unwrap();
    use projections::Replayable;
    app.app.state.ranking.catch_up(&|_, _| {}).await.unwrap();
    assert_eq!(
        sold().await,
        2,
        "a copy committed after one still in flight waits for it"
    );
    assert!(app.app.state.ranking.lag().await.unwrap() > 0, "and shows as lag");
    in_flight.commit().await.unwrap();
    app.ranking_settled().await;
    assert_eq!(sold().await, 6, "both copies count once the first commits");
}

/// A PostgreSQL database restored into another cluster numbers its transactions afresh, below the
/// ranking's cursor: orders paid after that would sort behind it. The follower sees it and rebuilds.
/// (Made here by moving the cursor past every transaction id the cluster will use soon.)
async fn the_ranking_rebuilds_when_the_database_numbers_transactions_below_its_cursor(app: &TestApp) {
    if app.engine == Engine::Sqlite {
        return;
    }
    app.seed(10).await;
    let token = app.register("13800000614", "abc12345").await;
    let sku = skus(app).await.remove(0);
    app.top_up(&token, "5000").await;
    for quantity in [1, 2] {
        let order = place(app, &token, json!([{"sku_id": sku.0, "quantity": quantity}])).await;
        data(app, &token, "order/pay", json!({"order_no": order})).await;
        app.ranking_settled().await;
        if quantity == 1 {
            sqlx::query(
                "UPDATE projection_cursors SET tx = 9000000000000000000 WHERE projection = 'ranking'",
            )
            .execute(&app.db().pool)
            .await
            .unwrap();
        }
    }
    let sold: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM daily_sales")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(
        sold, 3,
        "the order paid after the restore is counted, the first once"
    );
    let cursor: i64 = sqlx::query_scalar("SELECT tx FROM projection_cursors WHERE projection = 'ranking'")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert!(
        cursor < 9000000000000000000,
        "the cursor is back among the cluster's ids"
    );
}

/// Two servers on one database, each keeping the orders it handled in memory: an order cancelled on
/// the other server is not paid on this one from its stale state, and the seller's money stays.
async fn an_order_cancelled_on_another_server_is_not_paid_from_a_stale_state(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000613", "abc12345").await;
    let sku = skus(app).await.remove(0);
    app.top_up(&token, "5000").await;
    let order = place(app, &token, json!([{"sku_id": sku.0, "quantity": 1}])).await;
    let before = balance(app, &token).await;
    let (other, other_app) = app.another_server(|_| {}).await;
    let (status, reply) = app
        .send(
            app.client
                .post(format!("{other}{UNISHOP}/order/cancel"))
                .header("token", &token)
                .json(&json!({"order_no": order})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let (status, reply) = app
        .unishop(&token, "en_US", "order/pay", json!({"order_no": order}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(balance(app, &token).await, before, "no money taken");
    assert_eq!(detail(app, &token, &order).await["status"], "cancelled");
    other_app.state.db.close().await;
}

async fn shipped_orders_complete_on_their_own_after_the_days(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000612", "abc12345").await;
    let sku = skus(app).await[0].clone();
    app.top_up(&token, "500").await;
    let old = place(app, &token, json!([{"sku_id": sku.0, "quantity": 1}])).await;
    let recent = place(app, &token, json!([{"sku_id": sku.0, "quantity": 1}])).await;
    let state = &app.app.state;
    let now = commands::clock::now();
    for (no, shipped_at) in [(&old, now - 11 * 86_400), (&recent, now - 86_400)] {
        data(app, &token, "order/pay", json!({"order_no": no})).await;
        state
            .orders
            .execute(
                no,
                domain::order::OrderCommand::PrepareStock { at: shipped_at - 60 },
            )
            .await
            .unwrap();
        let ship = domain::order::OrderCommand::Ship {
            courier: domain::order::Courier::Zto,
            tracking_no: format!("ZT-{no}"),
            at: shipped_at,
        };
        state.orders.execute(no, ship).await.unwrap();
    }
    let (status, reply) = app
        .send(
            app.client
                .post(app.url("/jpmall/admin/orders/complete_due"))
                .header("operator-token", OPERATOR)
                .json(&json!({})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["data"]["completed"], 1);
    assert_eq!(detail(app, &token, &old).await["status"], "completed");
    assert_eq!(detail(app, &token, &recent).await["status"], "shipped");
    let timeline = detail(app, &token, &old).await["timeline"].clone();
    assert_eq!(
        timeline.as_array().unwrap().last().unwrap()["detail"]["automatic"],
        true
    );
    let (ok, stdout, stderr) = app.run_cli(&["ops", "order", "list", "--status", "completed"]);
    assert!(ok && stdout.contains(&old), "{stdout}{stderr}");
}

async fn another_sellers_orders_are_out_of_reach(app: &TestApp) {
    app.seed(10).await;
    let owner = app.register("13800000613", "abc12345").await;
    let stranger = app.register("13800000614", "abc12345").await;
    let sku = skus(app).await[0].clone();
    let order_no = place(app, &owner, json!([{"sku_id": sku.0, "quantity": 1}])).await;
    app.top_up(&stranger, "500").await;
    for path in ["order/detail", "order/pay", "order/cancel", "order/confirm"] {
        let (status, reply) = call_en(app, &stranger, path, json!({"order_no": order_no})).await;
        assert_eq!(
            (status, reply["msg"].as_str()),
            (StatusCode::NOT_FOUND, Some("This order does not exist.")),
            "{path}"
        );
    }
    let (status, _) = call(
        app,
        &stranger,
        "order/pay",
        json!({"order_no": order_no, "method": "qr"}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(data(app, &stranger, "order/lists", json!({})).await["total"], 0);
    assert_eq!(balance(app, &stranger).await, "500.00");
    assert_eq!(detail(app, &owner, &order_no).await["status"], "pending_payment");
    let (status, _) = call(app, &owner, "order/lists", json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app.post(&format!("{UNISHOP}/order/lists"), json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.admin_without_token("orders/ship", json!({"order_no": order_no}))
            .await,
        StatusCode::FORBIDDEN
    );
}

async fn manual_entry_finds_skus_by_item_number_and_the_operator_sees_every_order(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000615", "abc12345").await;
    let other = app.register("13800000616", "abc12345").await;
    let sku = skus(app).await[0].clone();
    let found = data(app, &token, "order/item", json!({"item_no": sku.3})).await;
    assert_eq!(found["item_no"], sku.3.as_str());
    let offered = found["skus"].as_array().unwrap();
    let ours = offered
        .iter()
        .find(|k| k["sku_id"] == sku.0.as_str())
        .expect("the SKU is offered");
    assert_eq!(
        (ours["price"].as_str(), ours["stock"].as_i64()),
        (Some(yuan(sku.1).as_str()), Some(sku.2))
    );
    assert!(offered
        .iter()
        .all(|k| !k["color"].as_str().unwrap().is_empty() && !k["size"].as_str().unwrap().is_empty()));
    let (status, reply) = call_en(app, &token, "order/item", json!({"item_no": "NO-SUCH-ITEM"})).await;
    assert_eq!(
        (status, reply["data"]["field"].as_str(), reply["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("item_no"),
            Some("No product with this item number.")
        )
    );
    let (status, reply) = call_en(app, &token, "order/item", json!({"item_no": " "})).await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("Please enter the item number.")
        )
    );

    let mine = place(app, &token, json!([{"sku_id": sku.0, "quantity": 1}])).await;
    let theirs = place(app, &other, json!([{"sku_id": sku.0, "quantity": 2}])).await;
    let (status, listed) = app
        .send(
            app.client
                .get(app.url("/jpmall/admin/orders?tab=pending_payment&pagesize=10"))
                .header("operator-token", OPERATOR),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let numbers: Vec<&str> = listed["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["order_no"].as_str().unwrap())
        .collect();
    assert_eq!(listed["data"]["total"], 2);
    assert!(
        numbers.contains(&mine.as_str()) && numbers.contains(&theirs.as_str()),
        "{numbers:?}"
    );
    let (status, _) = app.send(app.client.get(app.url("/jpmall/admin/orders"))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, reply) = operator(app, "prepare_stock", json!({"order_no": mine})).await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("Cannot prepare stock: the order is pending payment.")
        )
    );
    let (status, _) = operator(app, "prepare_stock", json!({"order_no": "JP000"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
