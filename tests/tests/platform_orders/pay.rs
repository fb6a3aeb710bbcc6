//! Several orders paid from the wallet in one confirmation, one debit per order,
//! all or none.

use super::*;

tests::on_both_engines!(the_orders_of_an_import_are_paid_in_one_step_all_or_none,);

async fn status_of(app: &TestApp, token: &str, order_no: &str) -> Value {
    data(app, token, "order/detail", json!({"order_no": order_no})).await["status"].clone()
}

async fn the_orders_of_an_import_are_paid_in_one_step_all_or_none(app: &TestApp) {
    app.seed(10).await;
    let p = app.walked_product().await;
    let token = app.register("13800004531", "abc12345").await;
    let other = app.register("13800004532", "abc12345").await;
    let (_, reply) = import(app, &token, p.fixture("douyin-walked.csv"), "a.csv").await;
    let id = reply["data"]["id"].clone();
    let job = data(
        app,
        &token,
        "order/platform/order",
        json!({"id": id, "courier": "zto"}),
    )
    .await;
    let job = job_done(app, &token, &job["id"]).await;
    assert_eq!(job["report"]["created"], 3, "{job}");
    let all = json!({"all": true, "import_id": id});

    let quote = data(app, &token, "order/pay_quote", all.clone()).await;
    assert_eq!(quote["count"], 3, "{quote}");
    let orders: Vec<String> = quote["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["order_no"].as_str().unwrap().to_string())
        .collect();
    let mut sum = 0;
    for order in quote["orders"].as_array().unwrap() {
        let detail = data(
            app,
            &token,
            "order/detail",
            json!({"order_no": order["order_no"]}),
        )
        .await;
        assert_eq!(detail["status"], "pending_payment");
        sum += order["total"].as_i64().unwrap();
    }
    assert_eq!(quote["total"].as_i64(), Some(sum));
    let total = sum;

    // One yuan is short of the sum: nothing is paid and nothing taken.
    app.top_up(&token, "1").await;
    let quote = data(app, &token, "order/pay_quote", all.clone()).await;
    assert_eq!(
        (quote["enough"].as_bool(), quote["balance"].as_i64()),
        (Some(false), Some(100))
    );
    let mut body = all.clone();
    body["total"] = json!(total);
    let (status, reply) = app
        .unishop(&token, "en_US", "order/pay_batch", body.clone())
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert!(
        reply["msg"].as_str().unwrap().starts_with("Insufficient balance"),
        "{reply}"
    );
    for order_no in &orders {
        assert_eq!(status_of(app, &token, order_no).await, "pending_payment");
    }
    assert_eq!(
        data(app, &token, "fund/index", json!({})).await["balance"],
        "1.00"
    );

    // A total other than the one confirmed is refused: the seller sees the new one first.
    app.top_up(&token, "2000").await;
    let mut stale = body.clone();
    stale["total"] = json!(total - 1);
    let (status, reply) = app.unishop(&token, "en_US", "order/pay_batch", stale).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");

    // Another seller can neither quote nor pay these orders.
    let (status, reply) = app
        .unishop(&other, "en_US", "order/pay_quote", json!({"order_nos": orders}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");

    let paid = data(app, &token, "order/pay_batch", body.clone()).await;
    assert_eq!(paid["count"], 3, "{paid}");
    assert_eq!(paid["balance"].as_i64(), Some(200_100 - total));
    for order_no in &orders {
        assert_eq!(status_of(app, &token, order_no).await, "to_be_shipped");
    }
    // One debit per order, each named by its order.
    let ledger = data(app, &token, "fund/ledger", json!({"pagesize": 100})).await;
    let mut references: Vec<String> = ledger["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["type"] == "order_payment")
        .map(|r| r["reference"].as_str().unwrap_or_default().to_string())
        .collect();
    references.sort();
    let mut want = orders.clone();
    want.sort();
    assert_eq!(references, want, "{ledger}");

    // Nothing of the import is left to pay.
    let none = data(app, &token, "order/pay_quote", all.clone()).await;
    assert_eq!(
        (
            none["count"].as_i64(),
            none["enough"].as_bool(),
            none["message"].as_str()
        ),
        (Some(0), Some(false), Some("No order is awaiting payment.")),
        "{none}"
    );
    // Confirming again pays nothing twice.
    let again = data(app, &token, "order/pay_batch", json!({"order_nos": orders})).await;
    assert_eq!(again["count"], 0, "{again}");
    assert_eq!(again["balance"], paid["balance"]);
}
