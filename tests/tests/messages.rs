//! Messages and announcements over HTTP on both engines: every event kind a seller hears of becomes a
//! message for that seller only, the unread count (the layout's badge) follows reading one or all,
//! and the operator's announcements show on the home page and in the notice list.

use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, TestApp, UNISHOP};

async fn call(app: &TestApp, token: &str, lang: &str, path: &str, body: Value) -> (StatusCode, Value) {
    app.unishop(token, lang, path, body).await
}

async fn data(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    app.unishop_data(token, "en_US", path, body).await
}

async fn admin(app: &TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    app.admin(path, body).await
}

async fn admin_ok(app: &TestApp, path: &str, body: Value) -> Value {
    app.admin_data(path, body).await
}

/// SKUs with at least 10 in stock.
async fn skus(app: &TestApp) -> Vec<String> {
    sqlx::query("SELECT id FROM skus WHERE stock >= 10 ORDER BY product_id, id")
        .fetch_all(&app.db().pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get("id"))
        .collect()
}

async fn paid_order(app: &TestApp, token: &str, sku: &str) -> String {
    let placed = data(
        app,
        token,
        "order/submit",
        json!({"source": "manual", "lines": [{"sku_id": sku, "quantity": 2}], "type": "domestic",
               "address": {"recipient": "李四", "phone": "13900001111", "province": "广东省", "city": "广州市",
                           "district": "白云区", "detail": "三元里大道 1 号"},
               "courier": "zto", "qc_level": "none", "value_added": []}),
    )
    .await;
    let order_no = placed["order"]["order_no"].as_str().unwrap().to_string();
    data(
        app,
        token,
        "order/pay",
        json!({"order_no": order_no, "method": "wallet"}),
    )
    .await;
    order_no
}

async fn messages(app: &TestApp, token: &str, lang: &str, status: &str) -> Value {
    let (code, reply) = call(
        app,
        token,
        lang,
        "message/lists",
        json!({"status": status, "pagesize": 50}),
    )
    .await;
    assert_eq!(code, StatusCode::OK, "{reply}");
    reply["data"].clone()
}

async fn unread(app: &TestApp, token: &str) -> i64 {
    data(app, token, "message/unread_count", json!({})).await["unread"]
        .as_i64()
        .unwrap()
}

on_both_engines!(
    every_event_kind_becomes_a_message_for_its_owner_only,
    reading_one_or_all_lowers_the_unread_count,
    announcements_show_on_the_home_page_and_in_the_notice_list,
);

async fn every_event_kind_becomes_a_message_for_its_owner_only(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000901", "abc12345").await;
    let other = app.register("13800000902", "abc12345").await;
    app.top_up(&token, "2000").await;
    let skus = skus(app).await;

    // paid, then shipped
    let shipped = paid_order(app, &token, &skus[0]).await;
    admin_ok(app, "orders/prepare_stock", json!({"order_no": shipped})).await;
    admin_ok(
        app,
        "orders/ship",
        json!({"order_no": shipped, "courier": "sf", "tracking_no": "SF1234567890123"}),
    )
    .await;
    // out of stock, and abnormal
    let short = paid_order(app, &token, &skus[1]).await;
    admin_ok(
        app,
        "orders/out_of_stock",
        json!({"order_no": short, "shortages": [{"sku_id": skus[1], "quantity": 1}]}),
    )
    .await;
    admin_ok(
        app,
        "orders/flag_abnormal",
        json!({"order_no": short, "reason": "包裹破损"}),
    )
    .await;
    // an after-sale approved and refunded, another rejected
    let refunded_order = paid_order(app, &token, &skus[2]).await;
    let sale = data(
        app,
        &token,
        "aftersale/apply",
        json!({"order_no": refunded_order, "kind": "refund_unshipped", "reason": "不想要了",
               "lines": [{"sku_id": skus[2], "quantity": 1}], "request_id": "m-1"}),
    )
    .await;
    let sale_id = sale["after_sale"]["id"].as_str().unwrap().to_string();
    admin_ok(app, "aftersales/approve", json!({"id": sale_id})).await;
    admin_ok(app, "aftersales/refund", json!({"id": sale_id})).await;
    let rejected = data(
        app,
        &token,
        "aftersale/apply",
        json!({"order_no": refunded_order, "kind": "refund_unshipped", "reason": "拍错了",
               "lines": [{"sku_id": skus[2], "quantity": 1}], "request_id": "m-2"}),
    )
    .await;
    admin_ok(
        app,
        "aftersales/reject",
        json!({"id": rejected["after_sale"]["id"], "reason": "已在处理"}),
    )
    .await;
    // a withdrawal paid, another rejected
    data(
        app,
        &token,
        "fund/bind_account",
        json!({"payee": "张三", "account": "13800001111"}),
    )
    .await;
    let paid = data(
        app,
        &token,
        "fund/withdraw",
        json!({"amount": "10.00", "request_id": "w-1"}),
    )
    .await;
    admin_ok(
        app,
        "withdrawals/approve",
        json!({"id": paid["withdrawal"]["id"]}),
    )
    .await;
    let refused = data(
        app,
        &token,
        "fund/withdraw",
        json!({"amount": "20.00", "request_id": "w-2"}),
    )
    .await;
    admin_ok(
        app,
        "withdrawals/reject",
        json!({"id": refused["withdrawal"]["id"], "reason": "账户有误"}),
    )
    .await;
    // a coupon
    admin_ok(
        app,
        "coupons/issue",
        json!({"mobile": "13800000901", "name": "满50减5", "name_en": "¥5 off over ¥50", "type": "product", "discount_type": "full_reduction",
               "threshold": "50", "amount": "5", "valid_to": commands::clock::now() + 86_400}),
    )
    .await;

    let list = messages(app, &token, "en_US", "all").await;
    let kinds: Vec<&str> = list["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["kind"].as_str().unwrap())
        .collect();
    for kind in [
        "order_paid",
        "order_shipped",
        "out_of_stock",
        "order_abnormal",
        "after_sale_approved",
        "after_sale_rejected",
        "after_sale_refunded",
        "withdrawal_paid",
        "withdrawal_rejected",
        "coupon_received",
    ] {
        assert!(kinds.contains(&kind), "{kind} missing from {kinds:?}");
    }
    assert_eq!(
        kinds.iter().filter(|k| **k == "order_paid").count(),
        3,
        "one per paid order"
    );
    assert_eq!(
        kinds[0], "coupon_received",
        "newest first, also within one second"
    );
    assert_eq!(kinds[1], "withdrawal_rejected");
    assert_eq!(list["unread"], json!(list["total"]), "nothing read yet");
    assert_eq!(unread(app, &token).await, list["total"].as_i64().unwrap());

    let find = |kind: &str| {
        list["list"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["kind"] == kind)
            .unwrap()
            .clone()
    };
    let shipped_message = find("order_shipped");
    assert_eq!(
        shipped_message["link"]["path"],
        json!(format!("/orderDetail?order_no={shipped}"))
    );
    assert!(
        shipped_message["content"]
            .as_str()
            .unwrap()
            .contains("SF Express"),
        "{shipped_message}"
    );
    assert!(shipped_message["content"].as_str().unwrap().contains("SF123"));
    assert_eq!(find("out_of_stock")["link"]["path"], "/outStock");
    assert_eq!(find("order_abnormal")["link"]["path"], "/abnormal");
    let refund_message = find("after_sale_refunded");
    assert_eq!(
        refund_message["link"]["path"],
        json!(format!("/saleDetail?id={sale_id}"))
    );
    assert!(refund_message["content"]
        .as_str()
        .unwrap()
        .contains(&refunded_order));
    assert!(find("after_sale_rejected")["content"]
        .as_str()
        .unwrap()
        .contains("已在处理"));
    assert!(find("withdrawal_rejected")["content"]
        .as_str()
        .unwrap()
        .contains("20.00"));
    // a reason staff typed is quoted as written, and the answer says which text that is
    assert_eq!(find("after_sale_rejected")["quoted"], json!(["已在处理"]));
    assert_eq!(find("withdrawal_rejected")["quoted"], json!(["账户有误"]));
    assert_eq!(find("order_abnormal")["quoted"], json!(["包裹破损"]));
    assert_eq!(find("order_shipped")["quoted"], json!([]));
    assert_eq!(find("withdrawal_paid")["link"]["path"], "/withdrawalStatus");
    assert_eq!(find("coupon_received")["link"]["path"], "/coupon");
    // in Chinese
    let zh = messages(app, &token, "zh_CN", "all").await;
    let zh_shipped = zh["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["kind"] == "order_shipped")
        .unwrap();
    assert_eq!(zh_shipped["title"], "订单已发货");
    assert!(zh_shipped["content"].as_str().unwrap().contains("顺丰速运"));

    // the other seller hears of none of it, and cannot read it
    assert_eq!(messages(app, &other, "en_US", "all").await["total"], 0);
    assert_eq!(unread(app, &other).await, 0);
    let (status, _) = call(
        app,
        &other,
        "en_US",
        "message/read",
        json!({"id": shipped_message["id"]}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        unread(app, &token).await,
        list["total"].as_i64().unwrap(),
        "untouched"
    );

    // a rebuild makes the same messages again
    let before = list["total"].as_i64().unwrap();
    let (ok, _, stderr) = app.run_cli(&["rebuild", "messages_orders"]);
    assert!(ok, "{stderr}");
    assert_eq!(
        messages(app, &token, "en_US", "all").await["total"]
            .as_i64()
            .unwrap(),
        before
    );
}

async fn reading_one_or_all_lowers_the_unread_count(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000903", "abc12345").await;
    app.top_up(&token, "1000").await;
    let skus = skus(app).await;
    for sku in &skus[..3] {
        paid_order(app, &token, sku).await;
    }
    assert_eq!(unread(app, &token).await, 3);
    let list = messages(app, &token, "en_US", "unread").await;
    let first = list["list"][0]["id"].clone();
    assert_eq!(
        data(app, &token, "message/read", json!({"id": first})).await["unread"],
        2
    );
    assert_eq!(
        data(app, &token, "message/read", json!({"id": first})).await["unread"],
        2,
        "reading twice"
    );
    let read = messages(app, &token, "en_US", "read").await;
    assert_eq!(read["total"], 1);
    assert_eq!(read["list"][0]["id"], first);
    assert_eq!(read["list"][0]["read"], true);
    assert_eq!(messages(app, &token, "en_US", "unread").await["total"], 2);

    let (status, reply) = call(
        app,
        &token,
        "en_US",
        "message/read",
        json!({"id": "order-nope-1"}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{reply}");
    let (status, reply) = call(
        app,
        &token,
        "en_US",
        "message/lists",
        json!({"status": "archived"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["data"]["field"], "status");

    assert_eq!(
        data(app, &token, "message/read_all", json!({})).await["unread"],
        0
    );
    assert_eq!(unread(app, &token).await, 0);
    assert_eq!(messages(app, &token, "en_US", "read").await["total"], 3);
    // reads survive a rebuild of the messages
    let (ok, _, stderr) = app.run_cli(&["rebuild", "messages_orders"]);
    assert!(ok, "{stderr}");
    assert_eq!(unread(app, &token).await, 0);

    let (status, _) = app
        .post(&format!("{UNISHOP}/message/unread_count"), json!({}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

async fn announcements_show_on_the_home_page_and_in_the_notice_list(app: &TestApp) {
    app.seed(10).await;
    let (status, reply) = admin(app, "notices/publish", json!({"title": " ", "content": "x"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["data"]["field"], "title");
    assert_eq!(reply["msg"], "Please enter the announcement title.");

    let notice = admin_ok(
        app,
        "notices/publish",
        json!({"title": "春节放假通知", "content": "档口 2 月 1 日起放假，2 月 10 日恢复发货。", "pinned": true}),
    )
    .await;
    let id = notice["id"].as_str().unwrap().to_string();
    let (_, home) = app
        .post_lang(&format!("{UNISHOP}/home/index"), "zh_CN", json!({}))
        .await;
    assert_eq!(
        home["data"]["notices"][0]["id"],
        json!(id),
        "pinned first on the home page"
    );
    let (_, list) = app
        .post_lang(&format!("{UNISHOP}/notice/lists"), "en_US", json!({}))
        .await;
    assert_eq!(list["data"]["list"][0]["id"], json!(id));
    assert_eq!(
        list["data"]["list"][0]["title"], "春节放假通知",
        "no English title: the Chinese one"
    );
    let (_, detail) = app
        .post_lang(&format!("{UNISHOP}/notice/detail"), "zh_CN", json!({"id": id}))
        .await;
    assert!(detail["data"]["content"].as_str().unwrap().contains("恢复发货"));

    let (ok, stdout, stderr) = app.run_cli(&[
        "ops",
        "notice",
        "publish",
        "--title",
        "仓库盘点",
        "--content",
        "周日盘点，当天不发货。",
        "--title-en",
        "Stocktaking",
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.starts_with("published N"), "{stdout}");
    let (_, list) = app
        .post_lang(&format!("{UNISHOP}/notice/lists"), "en_US", json!({}))
        .await;
    assert!(list["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n["title"] == "Stocktaking"));

    admin_ok(app, "notices/withdraw", json!({"id": id})).await;
    let (status, _) = app
        .post_lang(&format!("{UNISHOP}/notice/detail"), "zh_CN", json!({"id": id}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = admin(app, "notices/withdraw", json!({"id": id})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.admin_without_token("notices/publish", json!({"title": "x", "content": "y"}))
            .await,
        StatusCode::FORBIDDEN
    );
}
