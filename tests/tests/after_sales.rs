//! After-sales over HTTP on both engines: every kind from application to refund or new parcel, the
//! breakdown and its deductions, interception, rejection and cancellation freeing the items, refused
//! applications, ownership, parallel refunds and applications, and `jpmall audit refunds`.

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, TestApp, OPERATOR_TOKEN as OPERATOR, UNISHOP};

async fn call(app: &TestApp, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
    app.unishop(token, "en_US", path, body).await
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

async fn balance(app: &TestApp, token: &str) -> String {
    data(app, token, "fund/index", json!({})).await["balance"]
        .as_str()
        .unwrap()
        .to_string()
}

fn yuan(fen: i64) -> String {
    domain::money::Fen(fen).to_yuan()
}

fn fen(text: &Value) -> i64 {
    domain::money::Fen::parse_yuan(text.as_str().unwrap()).unwrap().0
}

/// SKUs with at least 10 in stock: (sku, price in fen).
async fn skus(app: &TestApp) -> Vec<(String, i64)> {
    sqlx::query("SELECT id, price FROM skus WHERE stock >= 10 ORDER BY product_id, id")
        .fetch_all(&app.db().pool)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get("id"), r.get("price")))
        .collect()
}

/// A paid domestic order of `quantity` × `sku` (ZTO, basic QC, no value-added service).
async fn paid_order(app: &TestApp, token: &str, sku: &str, quantity: i64) -> String {
    let saved = data(
        app,
        token,
        "address/add",
        json!({"recipient": "李四", "phone": "13900001111", "province": "广东省", "city": "广州市",
               "district": "白云区", "detail": "三元里大道 1 号"}),
    )
    .await;
    let placed = data(
        app,
        token,
        "order/submit",
        json!({"source": "manual", "lines": [{"sku_id": sku, "quantity": quantity}], "type": "domestic",
               "address_id": saved["id"], "courier": "zto", "qc_level": "basic", "value_added": []}),
    )
    .await;
    let order_no = placed["order"]["order_no"].as_str().unwrap().to_string();
    app.top_up(token, "1000").await;
    data(
        app,
        token,
        "order/pay",
        json!({"order_no": order_no, "method": "wallet"}),
    )
    .await;
    order_no
}

async fn ship(app: &TestApp, order_no: &str) {
    admin_ok(app, "orders/prepare_stock", json!({"order_no": order_no})).await;
    admin_ok(
        app,
        "orders/ship",
        json!({"order_no": order_no, "courier": "zto", "tracking_no": "731000000100"}),
    )
    .await;
}

/// Paid, shipped and received.
async fn delivered_order(app: &TestApp, token: &str, sku: &str, quantity: i64) -> String {
    let order_no = paid_order(app, token, sku, quantity).await;
    ship(app, &order_no).await;
    data(app, token, "order/confirm", json!({"order_no": order_no})).await;
    order_no
}

async fn apply(app: &TestApp, token: &str, order_no: &str, kind: &str, sku: &str, quantity: i64) -> Value {
    data(
        app,
        token,
        "aftersale/apply",
        json!({"order_no": order_no, "kind": kind, "lines": [{"sku_id": sku, "quantity": quantity}],
               "reason": "质量问题", "description": "线头多"}),
    )
    .await["after_sale"]
        .clone()
}

/// The event types of an after-sale's timeline, oldest first.
fn timeline_types(shown: &Value) -> Vec<&str> {
    shown["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["type"].as_str().unwrap())
        .collect()
}

async fn refund_ledger_rows(app: &TestApp, token: &str) -> Vec<Value> {
    data(app, token, "fund/ledger", json!({"pagesize": 100})).await["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["type"] == "refund")
        .cloned()
        .collect()
}

fn audit_refunds(app: &TestApp) -> (bool, String) {
    let (ok, stdout, stderr) = app.run_cli(&["audit", "refunds"]);
    (ok, format!("{stdout}{stderr}"))
}

on_both_engines!(
    a_return_goes_from_application_to_refund_with_its_deductions,
    a_refund_before_shipping_gives_the_fees_back_and_leaves_less_to_cancel,
    a_refund_before_shipping_meets_a_shipped_parcel_and_is_intercepted,
    rejected_and_cancelled_requests_free_their_items,
    exchanges_and_resends_ship_a_new_parcel_and_refund_nothing,
    refused_applications_name_the_field_and_change_nothing,
    parallel_refunds_credit_once_and_parallel_applications_claim_what_is_left,
    another_sellers_after_sales_are_out_of_reach,
    the_refunds_audit_finds_a_credit_without_a_refund,
    shipped_goods_bought_with_a_coupon_are_refunded_at_their_paid_share_as_the_dialog_shows,
);

async fn a_return_goes_from_application_to_refund_with_its_deductions(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000701", "abc12345").await;
    let (sku, price) = skus(app).await[0].clone();
    let order_no = delivered_order(app, &token, &sku, 2).await;

    let options = data(app, &token, "aftersale/options", json!({"order_no": order_no})).await;
    assert_eq!(
        options["kinds"],
        json!(["refund_only", "return_refund", "exchange", "resend"])
    );
    assert_eq!(options["items"][0]["available"], 2);
    assert!(options["return_deadline"].as_i64().unwrap() > commands::clock::now() + 29 * 86_400);

    let image = app.upload_png(&token, 30, 20, "damage.png").await;
    let applied = data(
        app,
        &token,
        "aftersale/apply",
        json!({"order_no": order_no, "kind": "return_refund", "lines": [{"sku_id": sku, "quantity": 1}],
               "reason": "尺码不合适", "description": "偏小", "images": [image], "request_id": "as-1"}),
    )
    .await["after_sale"]
        .clone();
    let id = applied["id"].as_str().unwrap().to_string();
    assert!(id.starts_with("SH"), "{id}");
    assert_eq!(applied["status"], "pending_review");
    assert_eq!(applied["kind"], "return_refund");
    assert_eq!(applied["images"], json!([image]));
    // Shipped goods: the goods come back, no fee does.
    assert_eq!(applied["breakdown"]["goods"], yuan(price));
    assert_eq!(applied["breakdown"]["fees_back"], "0.00");
    assert_eq!(applied["refund_amount"], yuan(price));
    let again = data(
        app,
        &token,
        "aftersale/apply",
        json!({"order_no": order_no, "kind": "return_refund", "lines": [{"sku_id": sku, "quantity": 1}],
               "reason": "尺码不合适", "request_id": "as-1"}),
    )
    .await;
    assert_eq!(
        again["after_sale"]["id"],
        id.as_str(),
        "a resent application answers the first"
    );
    let options = data(app, &token, "aftersale/options", json!({"order_no": order_no})).await;
    assert_eq!(options["items"][0]["available"], 1);

    let (status, reply) = call(
        app,
        &token,
        "aftersale/return",
        json!({"id": id, "courier": "sf", "tracking_no": "SF1"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        reply["msg"],
        "Cannot submit the return: the after-sale is pending review."
    );
    // The service desk's queue names the seller by masked phone and name (no raw id) and finds
    // them by any four or more digits of the phone.
    sqlx::query("UPDATE users SET nickname = '小李服饰' WHERE mobile = '13800000701'")
        .execute(&app.db().pool)
        .await
        .unwrap();
    let service = app.staff("13900000711", "service", &[]).await;
    let (status, listed) = app
        .as_staff(&service, "aftersales?mobile=0701", Value::Null)
        .await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!(listed["data"]["total"], 1, "{listed}");
    assert_eq!(listed["data"]["list"][0]["id"], id.as_str());
    assert_eq!(
        listed["data"]["list"][0]["seller"],
        json!({"mobile": "138****0701", "name": "小李服饰"})
    );
    // and reads the claimed lines in English as the seller does (title, colour, size)
    let seller_view = data(app, &token, "aftersale/detail", json!({"id": id})).await;
    let (_, desk) = app
        .as_staff(&service, &format!("aftersales/detail?id={id}"), Value::Null)
        .await;
    for key in ["title", "color", "size"] {
        let seen = &seller_view["lines"][0][key];
        assert_eq!(&desk["data"]["lines"][0][key], seen, "{key}: {desk}");
        assert_eq!(
            &listed["data"]["list"][0]["lines"][0][key], seen,
            "{key}: {listed}"
        );
    }
    let (_, other) = app
        .as_staff(&service, "aftersales?mobile=13800000702", Value::Null)
        .await;
    assert_eq!(other["data"]["total"], 0, "{other}");
    let (status, refused) = app.as_staff(&service, "aftersales?mobile=701", Value::Null).await;
    assert_eq!(
        (status, refused["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("mobile")),
        "{refused}"
    );
    assert_eq!(refused["msg"], "Enter 4 to 11 digits of the phone number");
    let approved = admin_ok(app, "aftersales/approve", json!({"id": id})).await;
    assert_eq!(approved["status"], "awaiting_return");
    for (body, field) in [
        (json!({"id": id, "tracking_no": "SF1"}), "courier"),
        (
            json!({"id": id, "courier": "sf", "tracking_no": " "}),
            "tracking_no",
        ),
    ] {
        let (status, reply) = call(app, &token, "aftersale/return", body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(reply["data"]["field"], field, "{reply}");
    }
    let returned = data(
        app,
        &token,
        "aftersale/return",
        json!({"id": id, "courier": "sf", "tracking_no": "SF778899"}),
    )
    .await;
    assert_eq!(returned["status"], "return_in_transit");
    assert_eq!(returned["return_tracking_no"], "SF778899");
    let (status, _) = admin(app, "aftersales/refund", json!({"id": id})).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not before the return arrives"
    );

    let received = admin_ok(
        app,
        "aftersales/receive",
        json!({"id": id, "wrong_item": true, "wrong_station": true}),
    )
    .await;
    assert_eq!(received["status"], "return_received");
    let expected = price - 300 - 100;
    assert_eq!(received["breakdown"]["deductions"], "4.00");
    assert_eq!(received["refund_amount"], yuan(expected));
    let before = fen(&json!(balance(app, &token).await));
    let refunded = admin_ok(app, "aftersales/refund", json!({"id": id})).await;
    assert_eq!(refunded["status"], "refunded");
    assert_eq!(refunded["refunded"], true);
    assert_eq!(refunded["breakdown"]["wrong_item_insurance"], "3.00");
    assert_eq!(refunded["breakdown"]["wrong_station_fee"], "1.00");
    assert_eq!(refunded["breakdown"]["total"], yuan(expected));
    assert_eq!(balance(app, &token).await, yuan(before + expected));
    let rows = refund_ledger_rows(app, &token).await;
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["amount"], yuan(expected));
    assert_eq!(rows[0]["reference"], id.as_str());
    // Refunding again answers like the first refund and moves no money.
    let (status, reply) = admin(app, "aftersales/refund", json!({"id": id})).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["data"]["status"], "refunded");
    assert_eq!(balance(app, &token).await, yuan(before + expected));
    assert_eq!(refund_ledger_rows(app, &token).await.len(), 1);
    let order = data(app, &token, "order/detail", json!({"order_no": order_no})).await;
    assert_eq!(order["refunded"], yuan(expected));

    let shown = data(app, &token, "aftersale/detail", json!({"id": id})).await;
    let types = timeline_types(&shown);
    assert_eq!(
        types,
        [
            "AfterSaleApplied",
            "AfterSaleApproved",
            "ReturnShipped",
            "ReturnReceived",
            "AfterSaleRefunded"
        ]
    );
    // read in English, as this suite reads everything
    assert_eq!(shown["return_address"]["city"], "Guangzhou");
    assert_eq!(shown["lines"][0]["sku_id"], sku.as_str());
    let listed = data(app, &token, "aftersale/lists", json!({"status": "refunded"})).await;
    assert_eq!(listed["total"], 1);
    assert_eq!(listed["counts"]["all"], 1);
    assert_eq!(listed["counts"]["pending_review"], 0);
    assert_eq!(listed["list"][0]["id"], id.as_str());
    let (status, reply) = call(
        app,
        &token,
        "aftersale/apply",
        json!({"order_no": order_no, "kind": "return_refund", "lines": [{"sku_id": sku, "quantity": 2}],
               "reason": "再退一件"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["data"]["field"], "lines");
    assert!(
        reply["msg"].as_str().unwrap().starts_with("At most 1 of"),
        "{reply}"
    );
    let (ok, out) = audit_refunds(app);
    assert!(ok && out.contains("refunds: clean"), "{out}");
}

async fn a_refund_before_shipping_gives_the_fees_back_and_leaves_less_to_cancel(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000702", "abc12345").await;
    let (sku, price) = skus(app).await[0].clone();
    let order_no = paid_order(app, &token, &sku, 2).await;
    let options = data(app, &token, "aftersale/options", json!({"order_no": order_no})).await;
    assert_eq!(options["kinds"], json!(["refund_unshipped"]));
    let applied = apply(app, &token, &order_no, "refund_unshipped", &sku, 1).await;
    // Service 1.00 and basic QC 0.30 per item, and ZTO's 1.00 for the further item no longer sent.
    assert_eq!(applied["breakdown"]["service_back"], "1.00");
    assert_eq!(applied["breakdown"]["qc_back"], "0.30");
    assert_eq!(applied["breakdown"]["shipping_back"], "1.00");
    let expected = price + 230;
    assert_eq!(applied["refund_amount"], yuan(expected));
    let id = applied["id"].as_str().unwrap();
    assert_eq!(
        admin_ok(app, "aftersales/approve", json!({"id": id})).await["status"],
        "approved"
    );
    // Cancelling now would refund everything and strand the approved request's refund.
    let (status, reply) = call(app, &token, "order/cancel", json!({"order_no": order_no})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        reply["msg"],
        format!(
            "After-sale {id} is still open on this order: cancel it first, or wait for it to be settled."
        )
    );
    let order = data(app, &token, "order/detail", json!({"order_no": order_no})).await;
    assert_eq!(order["status"], "to_be_shipped");
    let before = fen(&json!(balance(app, &token).await));
    let refunded = admin_ok(app, "aftersales/refund", json!({"id": id})).await;
    assert_eq!(refunded["breakdown"]["total"], yuan(expected));
    assert_eq!(balance(app, &token).await, yuan(before + expected));

    let order = data(app, &token, "order/detail", json!({"order_no": order_no})).await;
    let paid = fen(&order["paid_amount"]);
    let cancelled = data(app, &token, "order/cancel", json!({"order_no": order_no})).await;
    assert_eq!(cancelled["refunded"], yuan(paid), "the whole payment, once");
    assert_eq!(balance(app, &token).await, yuan(before + paid));
    let (ok, out) = audit_refunds(app);
    assert!(ok, "{out}");
}

async fn a_refund_before_shipping_meets_a_shipped_parcel_and_is_intercepted(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000703", "abc12345").await;
    let (sku, price) = skus(app).await[0].clone();
    let order_no = paid_order(app, &token, &sku, 1).await;
    let failed = apply(app, &token, &order_no, "refund_unshipped", &sku, 1).await;
    let failed_id = failed["id"].as_str().unwrap();
    ship(app, &order_no).await;
    let intercepting = admin_ok(app, "aftersales/approve", json!({"id": failed_id})).await;
    assert_eq!(intercepting["status"], "intercepting");
    // The service desk, which reads no orders, finds the parcel to intercept on the after-sale.
    let service = app.staff("13900000704", "service", &[]).await;
    let (status, shown) = app
        .as_staff(
            &service,
            &format!("aftersales/detail?id={failed_id}"),
            Value::Null,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(
        (
            &shown["data"]["order"]["courier"],
            &shown["data"]["order"]["tracking_no"]
        ),
        (&json!("zto"), &json!("731000000100"))
    );
    assert_eq!(shown["data"]["order"]["status"], "shipped");
    assert!(shown["data"]["order"].get("address").is_none());
    assert_eq!(
        intercepting["refund_amount"],
        yuan(price),
        "fees of goods that left stay"
    );
    let (status, reply) = admin(app, "aftersales/intercept", json!({"id": failed_id})).await;
    assert_eq!(
        (status, reply["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("succeeded"))
    );
    let back = admin_ok(
        app,
        "aftersales/intercept",
        json!({"id": failed_id, "succeeded": false}),
    )
    .await;
    assert_eq!(back["status"], "pending_review");
    let cancelled = data(app, &token, "aftersale/cancel", json!({"id": failed_id})).await;
    assert_eq!(cancelled["status"], "cancelled");

    let second = paid_order(app, &token, &sku, 1).await;
    let applied = apply(app, &token, &second, "refund_unshipped", &sku, 1).await;
    let id = applied["id"].as_str().unwrap();
    ship(app, &second).await;
    admin_ok(app, "aftersales/approve", json!({"id": id})).await;
    let stopped = admin_ok(app, "aftersales/intercept", json!({"id": id, "succeeded": true})).await;
    assert_eq!(stopped["status"], "approved");
    let before = fen(&json!(balance(app, &token).await));
    let refunded = admin_ok(app, "aftersales/refund", json!({"id": id})).await;
    assert_eq!(refunded["breakdown"]["total"], yuan(price));
    assert_eq!(balance(app, &token).await, yuan(before + price));
    let shown = data(app, &token, "aftersale/detail", json!({"id": id})).await;
    let types = timeline_types(&shown);
    assert_eq!(
        types,
        [
            "AfterSaleApplied",
            "InterceptionStarted",
            "InterceptionSucceeded",
            "AfterSaleRefunded"
        ]
    );
}

async fn rejected_and_cancelled_requests_free_their_items(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000704", "abc12345").await;
    let (sku, _) = skus(app).await[0].clone();
    let order_no = delivered_order(app, &token, &sku, 1).await;
    let first = apply(app, &token, &order_no, "refund_only", &sku, 1).await;
    let id = first["id"].as_str().unwrap();
    let options = data(app, &token, "aftersale/options", json!({"order_no": order_no})).await;
    assert_eq!(options["items"][0]["available"], 0);
    let (status, reply) = admin(app, "aftersales/reject", json!({"id": id, "reason": " "})).await;
    assert_eq!(
        (status, reply["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("reason"))
    );
    let rejected = admin_ok(
        app,
        "aftersales/reject",
        json!({"id": id, "reason": "商品无质量问题"}),
    )
    .await;
    assert_eq!(rejected["status"], "rejected");
    assert_eq!(rejected["reject_reason"], "商品无质量问题");
    let options = data(app, &token, "aftersale/options", json!({"order_no": order_no})).await;
    assert_eq!(options["items"][0]["available"], 1, "a rejection frees the item");
    let (status, reply) = call(app, &token, "aftersale/cancel", json!({"id": id})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "Cannot cancel: the after-sale is rejected.");

    let second = apply(app, &token, &order_no, "return_refund", &sku, 1).await;
    let id = second["id"].as_str().unwrap();
    admin_ok(app, "aftersales/approve", json!({"id": id})).await;
    let cancelled = data(app, &token, "aftersale/cancel", json!({"id": id})).await;
    assert_eq!(cancelled["status"], "cancelled");
    let options = data(app, &token, "aftersale/options", json!({"order_no": order_no})).await;
    assert_eq!(
        options["items"][0]["available"], 1,
        "a cancellation frees the item"
    );
    let listed = data(app, &token, "aftersale/lists", json!({})).await;
    assert_eq!(listed["total"], 2);
    assert_eq!(listed["counts"]["rejected"], 1);
    assert_eq!(listed["counts"]["cancelled"], 1);
    let by_order = data(
        app,
        &token,
        "aftersale/lists",
        json!({"order_no": &order_no[..10]}),
    )
    .await;
    assert_eq!(by_order["total"], 2);
    assert!(refund_ledger_rows(app, &token).await.is_empty());
}

async fn exchanges_and_resends_ship_a_new_parcel_and_refund_nothing(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000705", "abc12345").await;
    let (sku, _) = skus(app).await[0].clone();
    let order_no = delivered_order(app, &token, &sku, 2).await;
    let balance_before = balance(app, &token).await;

    let exchange = apply(app, &token, &order_no, "exchange", &sku, 1).await;
    let id = exchange["id"].as_str().unwrap();
    assert_eq!(exchange["refund_amount"], "0.00");
    admin_ok(app, "aftersales/approve", json!({"id": id})).await;
    let (status, _) = admin(
        app,
        "aftersales/ship",
        json!({"id": id, "courier": "yto", "tracking_no": "YT1"}),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not before the return arrives"
    );
    data(
        app,
        &token,
        "aftersale/return",
        json!({"id": id, "courier": "yto", "tracking_no": "YT-BACK"}),
    )
    .await;
    admin_ok(app, "aftersales/receive", json!({"id": id})).await;
    let (status, _) = admin(app, "aftersales/refund", json!({"id": id})).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "an exchange refunds nothing"
    );
    let exchanged = admin_ok(
        app,
        "aftersales/ship",
        json!({"id": id, "courier": "yto", "tracking_no": "YT-NEW"}),
    )
    .await;
    assert_eq!(exchanged["status"], "exchanged");
    assert_eq!(exchanged["replacement_tracking_no"], "YT-NEW");

    let resend = apply(app, &token, &order_no, "resend", &sku, 1).await;
    let id = resend["id"].as_str().unwrap();
    assert_eq!(
        admin_ok(app, "aftersales/approve", json!({"id": id})).await["status"],
        "approved"
    );
    let (status, reply) = admin(
        app,
        "aftersales/ship",
        json!({"id": id, "courier": "zz", "tracking_no": "X"}),
    )
    .await;
    assert_eq!(
        (status, reply["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("courier"))
    );
    let resent = admin_ok(
        app,
        "aftersales/ship",
        json!({"id": id, "courier": "zto", "tracking_no": "ZT-RESEND"}),
    )
    .await;
    assert_eq!(resent["status"], "exchanged");
    assert_eq!(balance(app, &token).await, balance_before);
    let options = data(app, &token, "aftersale/options", json!({"order_no": order_no})).await;
    assert_eq!(options["items"][0]["available"], 0);
}

async fn refused_applications_name_the_field_and_change_nothing(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000706", "abc12345").await;
    let other = app.register("13800000707", "abc12345").await;
    let (sku, _) = skus(app).await[0].clone();
    let order_no = delivered_order(app, &token, &sku, 1).await;
    let foreign_image = app.upload_png(&other, 30, 20, "damage.png").await;
    let base = json!({"order_no": order_no, "kind": "return_refund",
                      "lines": [{"sku_id": sku, "quantity": 1}], "reason": "破损"});
    let with = |patch: Value| {
        let mut body = base.clone();
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let cases = [
        (
            with(json!({"order_no": ""})),
            "order_no",
            "Order ID cannot be empty.",
        ),
        (
            with(json!({"kind": "gift"})),
            "kind",
            "Please choose the kind of after-sale.",
        ),
        (
            with(json!({"kind": "refund_unshipped"})),
            "kind",
            "This kind of after-sale is not available for this order.",
        ),
        (
            with(json!({"lines": []})),
            "lines",
            "Please select the items to return.",
        ),
        (
            with(json!({"lines": [{"sku_id": sku, "quantity": 0}]})),
            "lines",
            "The quantity must be at least 1.",
        ),
        (
            with(json!({"lines": [{"sku_id": sku, "quantity": 2}]})),
            "lines",
            "",
        ),
        (
            with(json!({"reason": "  "})),
            "reason",
            "Please enter the reason.",
        ),
        (
            with(json!({"images": vec![foreign_image.clone(); 7]})),
            "images",
            "At most 6 images.",
        ),
        (
            with(json!({"images": [foreign_image]})),
            "images",
            "An image was not uploaded by you; please upload it again.",
        ),
    ];
    for (body, field, msg) in cases {
        let (status, reply) = call(app, &token, "aftersale/apply", body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {reply}");
        assert_eq!(reply["data"]["field"], field, "{body}: {reply}");
        if !msg.is_empty() {
            assert_eq!(reply["msg"], msg, "{body}");
        }
    }
    let (_, zh) = app
        .post_as(
            &format!("{UNISHOP}/aftersale/apply"),
            &token,
            "zh_CN",
            with(json!({"lines": []})),
        )
        .await;
    assert_eq!(zh["msg"], "请选择要退货的商品");
    // An order not paid yet allows nothing.
    let saved = data(
        app,
        &token,
        "address/add",
        json!({"recipient": "李四", "phone": "13900001111", "province": "广东省", "city": "广州市",
               "district": "白云区", "detail": "三元里大道 1 号"}),
    )
    .await;
    let unpaid = data(
        app,
        &token,
        "order/submit",
        json!({"source": "manual", "lines": [{"sku_id": sku, "quantity": 1}], "type": "domestic",
               "address_id": saved["id"]}),
    )
    .await["order"]["order_no"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        data(app, &token, "aftersale/options", json!({"order_no": unpaid})).await["kinds"],
        json!([])
    );
    let (status, _) = call(
        app,
        &token,
        "aftersale/apply",
        with(json!({"order_no": unpaid, "kind": "refund_unshipped"})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(data(app, &token, "aftersale/lists", json!({})).await["total"], 0);
    let (status, reply) = call(app, &token, "aftersale/lists", json!({"status": "lost"})).await;
    assert_eq!(
        (status, reply["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("status"))
    );
    let options = data(app, &token, "aftersale/options", json!({"order_no": order_no})).await;
    assert_eq!(options["items"][0]["available"], 1, "nothing was claimed");
}

async fn parallel_refunds_credit_once_and_parallel_applications_claim_what_is_left(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000708", "abc12345").await;
    let (sku, price) = skus(app).await[0].clone();
    let order_no = delivered_order(app, &token, &sku, 3).await;
    let requests = (0..10).map(|n| {
        call(
            app,
            &token,
            "aftersale/apply",
            json!({"order_no": order_no, "kind": "refund_only", "lines": [{"sku_id": sku, "quantity": 1}],
                   "reason": format!("第 {n} 件破损")}),
        )
    });
    let answers = join_all(requests).await;
    let opened: Vec<&Value> = answers
        .iter()
        .filter(|(s, _)| *s == StatusCode::OK)
        .map(|(_, r)| r)
        .collect();
    assert_eq!(opened.len(), 3, "three items bought, three claimed: {answers:?}");
    assert!(answers
        .iter()
        .filter(|(s, _)| *s != StatusCode::OK)
        .all(|(s, r)| *s == StatusCode::UNPROCESSABLE_ENTITY && r["data"]["field"] == "lines"));

    let id = opened[0]["data"]["after_sale"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    admin_ok(app, "aftersales/approve", json!({"id": id})).await;
    let before = fen(&json!(balance(app, &token).await));
    let refunds = (0..5).map(|_| admin(app, "aftersales/refund", json!({"id": id})));
    let answers = join_all(refunds).await;
    // Every parallel call answers the one refund; the money moves once.
    assert!(
        answers
            .iter()
            .all(|(s, r)| *s == StatusCode::OK && r["data"]["status"] == "refunded"),
        "{answers:?}"
    );
    assert_eq!(balance(app, &token).await, yuan(before + price));
    let rows = refund_ledger_rows(app, &token).await;
    assert_eq!(rows.len(), 1);
    let (ok, out) = audit_refunds(app);
    assert!(ok && out.contains("1 refunds"), "{out}");
}

async fn another_sellers_after_sales_are_out_of_reach(app: &TestApp) {
    app.seed(10).await;
    let owner = app.register("13800000709", "abc12345").await;
    let stranger = app.register("13800000710", "abc12345").await;
    let (sku, _) = skus(app).await[0].clone();
    let order_no = delivered_order(app, &owner, &sku, 1).await;
    let applied = apply(app, &owner, &order_no, "return_refund", &sku, 1).await;
    let id = applied["id"].as_str().unwrap();
    admin_ok(app, "aftersales/approve", json!({"id": id})).await;
    for (path, body) in [
        ("aftersale/detail", json!({"id": id})),
        ("aftersale/cancel", json!({"id": id})),
        (
            "aftersale/return",
            json!({"id": id, "courier": "sf", "tracking_no": "SF1"}),
        ),
        ("aftersale/options", json!({"order_no": order_no})),
        (
            "aftersale/apply",
            json!({"order_no": order_no, "kind": "refund_only", "lines": [{"sku_id": sku, "quantity": 1}], "reason": "x"}),
        ),
    ] {
        let (status, reply) = call(app, &stranger, path, body).await;
        let missing = if path.starts_with("aftersale/options") || path.starts_with("aftersale/apply") {
            "This order does not exist."
        } else {
            "This after-sale request does not exist."
        };
        assert_eq!(
            (status, reply["msg"].as_str()),
            (StatusCode::NOT_FOUND, Some(missing)),
            "{path}"
        );
    }
    assert_eq!(
        data(app, &stranger, "aftersale/lists", json!({})).await["total"],
        0
    );
    assert_eq!(
        data(app, &owner, "aftersale/detail", json!({"id": id})).await["status"],
        "awaiting_return"
    );
    let (status, _) = app.post(&format!("{UNISHOP}/aftersale/lists"), json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.admin_without_token("aftersales/refund", json!({"id": id}))
            .await,
        StatusCode::FORBIDDEN
    );
    let (status, listed) = app
        .send(
            app.client
                .get(app.url("/jpmall/admin/aftersales?status=awaiting_return"))
                .header("operator-token", OPERATOR),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(listed["data"]["total"], 1);
    assert!(listed["data"]["list"][0]["user_id"].as_str().is_some());
}

async fn the_refunds_audit_finds_a_credit_without_a_refund(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000711", "abc12345").await;
    let (sku, _) = skus(app).await[0].clone();
    let order_no = delivered_order(app, &token, &sku, 1).await;
    let (ok, out) = audit_refunds(app);
    assert!(ok, "{out}");
    let user_id = data(app, &token, "order/detail", json!({"order_no": order_no})).await["user_id"]
        .as_str()
        .unwrap()
        .to_string();
    app.app
        .state
        .wallets
        .execute(
            &user_id,
            domain::wallet::WalletCommand::CreditRefund {
                refund_id: "SH-forged".into(),
                order_id: order_no.clone(),
                kind: domain::wallet::RefundKind::AfterSale,
                amount: domain::money::Fen(5_000),
                at: commands::clock::now(),
            },
        )
        .await
        .unwrap();
    let (ok, out) = audit_refunds(app);
    assert!(!ok, "{out}");
    assert!(
        out.contains("wallet credit SH-forged has no refund behind it"),
        "{out}"
    );
    // The other way round: the order's log grants a refund the wallet never credits (written
    // into the log behind the commands' back, which refuse it).
    let last: i64 = sqlx::query_scalar(
        "SELECT MAX(sequence) FROM events WHERE aggregate_type = 'order' AND aggregate_id = $1",
    )
    .bind(&order_no)
    .fetch_one(&app.db().pool)
    .await
    .unwrap();
    let forged = domain::order::OrderEvent::AfterSaleRefundRecorded {
        after_sale_id: "SH-uncredited".into(),
        amount: domain::money::Fen(100),
        coupon_share: domain::money::Fen::ZERO,
        at: commands::clock::now(),
    };
    let row = tests::synthetic::LogRow {
        aggregate_type: "order",
        aggregate_id: order_no.clone(),
        sequence: last + 1,
        event_type: "AfterSaleRefundRecorded".into(),
        payload: serde_json::to_string(&forged).unwrap(),
        at: commands::clock::now(),
    };
    tests::synthetic::write_log(&app.db().pool, app.engine, &[row])
        .await
        .unwrap();
    let (ok, out) = audit_refunds(app);
    assert!(!ok, "{out}");
    assert!(
        out.contains(&format!(
            "refund SH-uncredited of order {order_no} (1.00) was never credited to the wallet"
        )),
        "{out}"
    );
    assert!(
        out.contains("wallet credit SH-forged has no refund behind it"),
        "{out}"
    );
    assert!(out.contains("2 finding(s)"), "{out}");
}

/// A paid order of 2 × `sku` at 62.90 with a 10.00 goods coupon, ZTO, no QC: goods 115.80 after the
/// coupon, fees 7.00 (shipping 4.00 + 1.00, service 2 × 1.00), 122.80 paid.
async fn coupon_order(app: &TestApp, token: &str, mobile: &str, sku: &str) -> String {
    let (status, issued) = admin(
        app,
        "coupons/issue",
        json!({"mobile": mobile, "valid_to": commands::clock::now() + 30 * 86_400, "name": "满100减10",
               "name_en": "10 off goods over 100", "type": "product", "discount_type": "full_reduction",
               "threshold": "100", "amount": "10"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{issued}");
    let saved = data(
        app,
        token,
        "address/add",
        json!({"recipient": "李四", "phone": "13900001111", "province": "广东省", "city": "广州市",
               "district": "白云区", "detail": "三元里大道 1 号"}),
    )
    .await;
    let placed = data(
        app,
        token,
        "order/submit",
        json!({"source": "manual", "lines": [{"sku_id": sku, "quantity": 2}], "type": "domestic",
               "address_id": saved["id"], "courier": "zto", "qc_level": "none", "value_added": [],
               "coupon_ids": [issued["data"]["id"]]}),
    )
    .await["order"]
        .clone();
    assert_eq!(placed["fees"]["coupon_discount"], "10.00", "{placed}");
    assert_eq!(placed["fees"]["total"], "122.80", "{placed}");
    let order_no = placed["order_no"].as_str().unwrap().to_string();
    app.top_up(token, "1000").await;
    data(
        app,
        token,
        "order/pay",
        json!({"order_no": order_no, "method": "wallet"}),
    )
    .await;
    ship(app, &order_no).await;
    order_no
}

/// The operator's view of an after-sale, with the refund as it would be paid now.
async fn staff_detail(app: &TestApp, id: &str) -> Value {
    let (status, shown) = app
        .send(
            app.client
                .get(app.url(&format!("/jpmall/admin/aftersales/detail?id={id}")))
                .header("operator-token", OPERATOR),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    shown["data"].clone()
}

async fn refund_in(app: &TestApp, language: &str, id: &str, amount: &str) -> (StatusCode, Value) {
    app.send(
        app.client
            .post(app.url("/jpmall/admin/aftersales/refund"))
            .header("operator-token", OPERATOR)
            .header("content-language", language)
            .json(&json!({"id": id, "amount": amount})),
    )
    .await
}

async fn shipped_goods_bought_with_a_coupon_are_refunded_at_their_paid_share_as_the_dialog_shows(
    app: &TestApp,
) {
    app.seed(10).await;
    let mobile = "13800000712";
    let token = app.register(mobile, "abc12345").await;
    let (sku, _) = skus(app).await[0].clone();
    // The price (a catalogue edit writes this same column).
    sqlx::query("UPDATE skus SET price = 6290 WHERE id = $1")
        .bind(&sku)
        .execute(&app.db().pool)
        .await
        .unwrap();
    let order_no = coupon_order(app, &token, mobile, &sku).await;

    let mut ids = Vec::new();
    for piece in 1..=2 {
        let applied = apply(app, &token, &order_no, "refund_only", &sku, 1).await;
        // Shipped goods: the piece's paid share, 62.90 less its 5.00 of the coupon; no fee.
        assert_eq!(applied["breakdown"]["goods"], "62.90", "{applied}");
        assert_eq!(applied["breakdown"]["coupon_share"], "5.00");
        assert_eq!(applied["breakdown"]["fees_back"], "0.00");
        assert_eq!(applied["refund_amount"], "57.90", "piece {piece}");
        let id = applied["id"].as_str().unwrap().to_string();
        admin_ok(app, "aftersales/approve", json!({"id": id})).await;
        // What the dialog shows and its button says is what is paid.
        let quote = staff_detail(app, &id).await["refund_quote"].clone();
        assert_eq!(quote["goods"], "62.90", "{quote}");
        assert_eq!(quote["coupon_share"], "5.00");
        assert_eq!(quote["goods_paid"], "57.90");
        assert_eq!(quote["deductions"], "0.00");
        assert_eq!(quote["total"], "57.90");
        let before = fen(&json!(balance(app, &token).await));
        // A dialog opened on another figure (today's 62.90) is refused with the new one, and
        // nothing moves.
        let (status, reply) = refund_in(app, "en_US", &id, "62.90").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
        assert_eq!(
            reply["msg"],
            "The refund is now ¥57.90; please check it and confirm again."
        );
        assert_eq!(reply["data"]["field"], "amount");
        let (status, reply) = refund_in(app, "zh_CN", &id, "62.90").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
        assert_eq!(reply["msg"], "退款金额已变为 ¥57.90，请核对后重新确认");
        assert_eq!(balance(app, &token).await, yuan(before));
        let (status, refunded) = refund_in(app, "en_US", &id, quote["total"].as_str().unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{refunded}");
        assert_eq!(refunded["data"]["breakdown"]["total"], "57.90");
        assert_eq!(balance(app, &token).await, yuan(before + 5_790));
        ids.push(id);
    }
    let rows = refund_ledger_rows(app, &token).await;
    let amounts: Vec<&str> = rows.iter().map(|r| r["amount"].as_str().unwrap()).collect();
    assert_eq!(amounts, ["57.90", "57.90"], "{rows:?}");
    let order = data(app, &token, "order/detail", json!({"order_no": order_no})).await;
    assert_eq!(
        order["refunded"], "115.80",
        "the fees 7.00 stay with the shipped order"
    );
    let (ok, out) = audit_refunds(app);
    assert!(ok && out.contains("refunds: clean"), "{out}");

    // The same order refunded as today's code did: 62.90, then 59.90, every fen back.
    let planted = coupon_order(app, &token, mobile, &sku).await;
    let user_id = order["user_id"].as_str().unwrap().to_string();
    let mut planted_refunds = Vec::new();
    for total in [6_290, 5_990] {
        let applied = apply(app, &token, &planted, "refund_only", &sku, 1).await;
        let id = applied["id"].as_str().unwrap().to_string();
        admin_ok(app, "aftersales/approve", json!({"id": id})).await;
        planted_refunds.push((id.clone(), total));
        ids.push(id);
    }
    let last: i64 = sqlx::query_scalar(
        "SELECT MAX(sequence) FROM events WHERE aggregate_type = 'order' AND aggregate_id = $1",
    )
    .bind(&planted)
    .fetch_one(&app.db().pool)
    .await
    .unwrap();
    let at = commands::clock::now();
    let mut rows = Vec::new();
    for (n, (id, total)) in (1..).zip(&planted_refunds) {
        let amount = domain::money::Fen(*total);
        let recorded = domain::order::OrderEvent::AfterSaleRefundRecorded {
            after_sale_id: id.clone(),
            amount,
            coupon_share: domain::money::Fen::ZERO,
            at,
        };
        rows.push(tests::synthetic::LogRow {
            aggregate_type: "order",
            aggregate_id: planted.clone(),
            sequence: last + n,
            event_type: "AfterSaleRefundRecorded".into(),
            payload: serde_json::to_string(&recorded).unwrap(),
            at,
        });
        // Applied, approved, then refunded with today's breakdown: goods at 62.90, nothing else.
        let refunded = domain::after_sale::AfterSaleEvent::AfterSaleRefunded {
            breakdown: domain::after_sale::Breakdown {
                goods: domain::money::Fen(6_290),
                total: amount,
                ..Default::default()
            },
            refund_id: id.clone(),
            at,
        };
        rows.push(tests::synthetic::LogRow {
            aggregate_type: "after_sale",
            aggregate_id: id.clone(),
            sequence: 3,
            event_type: "AfterSaleRefunded".into(),
            payload: serde_json::to_string(&refunded).unwrap(),
            at,
        });
        app.app
            .state
            .wallets
            .execute(
                &user_id,
                domain::wallet::WalletCommand::CreditRefund {
                    refund_id: id.clone(),
                    order_id: planted.clone(),
                    kind: domain::wallet::RefundKind::AfterSale,
                    amount,
                    at,
                },
            )
            .await
            .unwrap();
    }
    tests::synthetic::write_log(&app.db().pool, app.engine, &rows)
        .await
        .unwrap();
    let (ok, out) = audit_refunds(app);
    assert!(!ok, "{out}");
    for finding in [
        format!("after-sale {}: gave 62.90 back for goods paid 57.90", ids[2]),
        format!("after-sale {}: gave 59.90 back for goods paid 57.90", ids[3]),
        format!("order {planted}: after-sales gave 122.80 back for goods paid 115.80"),
    ] {
        assert!(out.contains(&finding), "{finding}\n{out}");
    }
}
