//! Funds over HTTP on both engines: QR top-up through the local gateway and its signed webhook,
//! payout account, withdrawals with the operator's decision, the ledger, and the auditor.

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, Engine, TestApp};

const FUND: &str = "/jpmall/addons/unishop/fund";
const SECRET: &[u8] = b"test-payment-secret";
const OPERATOR: &str = "test-operator-token";

async fn fund(app: &TestApp, token: &str, call: &str, body: Value) -> (StatusCode, Value) {
    app.post_as(&format!("{FUND}/{call}"), token, "zh_CN", body).await
}

async fn fund_en(app: &TestApp, token: &str, call: &str, body: Value) -> (StatusCode, Value) {
    app.post_as(&format!("{FUND}/{call}"), token, "en_US", body).await
}

async fn summary(app: &TestApp, token: &str) -> Value {
    let (status, body) = fund(app, token, "index", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

async fn recharge(app: &TestApp, token: &str, amount: &str) -> Value {
    let (status, body) = fund(app, token, "recharge", json!({ "amount": amount })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

/// What the gateway would send for `payment_id`, signed with `secret`.
fn callback(payment_id: &str, fen: i64, paid_at: i64, secret: &[u8]) -> (Vec<u8>, String) {
    let body = serde_json::to_vec(&json!({
        "payment_id": payment_id, "amount": fen, "paid_at": paid_at, "nonce": "n1"
    }))
    .unwrap();
    let signature = commands::payments::sign(secret, &body);
    (body, signature)
}

async fn deliver(app: &TestApp, body: Vec<u8>, signature: &str) -> (StatusCode, Value) {
    app.send(
        app.client
            .post(app.url(commands::payments::NOTIFY_PATH))
            .header("content-type", "application/json")
            .header(commands::payments::SIGNATURE_HEADER, signature)
            .body(body),
    )
    .await
}

/// Tops up `amount` yuan the way a payer does: the QR's page, then its confirm button.
async fn top_up(app: &TestApp, token: &str, amount: &str) {
    let payment = recharge(app, token, amount).await;
    let confirm = format!("{}/confirm", payment["pay_url"].as_str().unwrap());
    let page = app.client.post(confirm).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.unwrap().contains("支付成功"));
}

async fn bind(app: &TestApp, token: &str) {
    let (status, body) = fund(
        app,
        token,
        "bind_account",
        json!({"payee": "张三", "account": "13800001111"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn withdraw(app: &TestApp, token: &str, amount: &str, request_id: &str) -> (StatusCode, Value) {
    fund(
        app,
        token,
        "withdraw",
        json!({"amount": amount, "request_id": request_id}),
    )
    .await
}

async fn operator(app: &TestApp, call: &str, body: Value) -> (StatusCode, Value) {
    app.send(
        app.client
            .post(app.url(&format!("/jpmall/admin/withdrawals/{call}")))
            .header("operator-token", OPERATOR)
            .header("content-language", "en_US")
            .json(&body),
    )
    .await
}

fn now() -> i64 {
    commands::clock::now()
}

on_both_engines!(
    a_qr_top_up_confirmed_on_the_gateway_page_credits_the_wallet_once,
    forged_mismatched_expired_and_repeated_callbacks_credit_nothing_more,
    every_fund_rule_answers_in_both_languages_and_changes_nothing,
    another_users_wallet_is_never_visible,
    a_withdrawal_is_frozen_then_paid_or_rejected_by_the_operator,
    fifty_parallel_withdrawals_accept_exactly_the_affordable_ones,
    the_ledger_filters_by_type_and_time_and_pages,
    the_audit_replays_wallets_and_names_a_changed_row,
    changing_the_payout_account_takes_a_payout_code_sent_to_the_sellers_own_phone,
    a_payout_code_is_used_once_even_by_parallel_changes,
    payout_codes_keep_the_phones_cooldown_and_daily_cap,
);

async fn a_qr_top_up_confirmed_on_the_gateway_page_credits_the_wallet_once(app: &TestApp) {
    let token = app.register("13800000101", "abc12345").await;
    let payment = recharge(app, &token, "100").await;
    assert_eq!(payment["amount"], "100.00");
    assert_eq!(payment["status"], "pending");
    assert!(payment["expires_at"].as_i64().unwrap() > now() + 14 * 60);
    assert!(payment["qr"]
        .as_str()
        .unwrap()
        .starts_with("data:image/svg+xml;base64,"));
    let pay_url = payment["pay_url"].as_str().unwrap().to_string();
    assert!(pay_url.starts_with(&app.base), "{pay_url}");

    let page = app
        .client
        .get(&pay_url)
        .header("accept-language", "en-US,en")
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.unwrap();
    assert!(html.contains("Pay ¥100.00"), "{html}");
    assert!(html.contains("Confirm payment"));

    let paid = app
        .client
        .post(format!("{pay_url}/confirm"))
        .send()
        .await
        .unwrap();
    assert!(paid.text().await.unwrap().contains("支付成功"));
    let s = summary(app, &token).await;
    assert_eq!(
        (s["balance"].as_str(), s["total_in"].as_str()),
        (Some("100.00"), Some("100.00"))
    );
    let id = payment["payment_id"].as_str().unwrap();
    let (_, status) = fund(app, &token, "payment_status", json!({ "payment_id": id })).await;
    assert_eq!(status["data"]["status"], "paid");
    assert!(status["data"]["paid_at"].as_i64().is_some());

    // Paying again shows it is paid and moves nothing.
    let again = app
        .client
        .post(format!("{pay_url}/confirm"))
        .send()
        .await
        .unwrap();
    assert!(again.text().await.unwrap().contains("已支付"));
    assert_eq!(summary(app, &token).await["balance"], "100.00");
    let (_, ledger) = fund(app, &token, "ledger", json!({})).await;
    assert_eq!(ledger["data"]["total"], 1);
    assert_eq!(ledger["data"]["list"][0]["type"], "top_up");
    assert_eq!(ledger["data"]["list"][0]["reference"], id);
    let (_, me) = app
        .get("/jpmall/addons/unishop/user/user_message", Some(&token))
        .await;
    assert_eq!(me["data"]["balance"], "100.00");

    let missing = app.client.get(app.url("/pay/Pnothing")).send().await.unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

async fn forged_mismatched_expired_and_repeated_callbacks_credit_nothing_more(app: &TestApp) {
    let token = app.register("13800000102", "abc12345").await;
    let payment = recharge(app, &token, "50.5").await;
    let id = payment["payment_id"].as_str().unwrap();

    let (body, _) = callback(id, 5050, now(), SECRET);
    let (status, reply) = deliver(app, body.clone(), &"0".repeat(64)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
    let (forged, signature) = callback(id, 5050, now(), b"someone else's key");
    assert_eq!(deliver(app, forged, &signature).await.0, StatusCode::BAD_REQUEST);
    let (short, signature) = callback(id, 50, now(), SECRET);
    let (status, reply) = deliver(app, short, &signature).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(reply["msg"].as_str().unwrap().contains("5050"), "{reply}");
    let (unknown, signature) = callback("Pnope", 5050, now(), SECRET);
    assert_eq!(deliver(app, unknown, &signature).await.0, StatusCode::BAD_REQUEST);
    assert_eq!(summary(app, &token).await["balance"], "0.00");

    // Paid after the expiry: refused. Paid before it but delivered late: honoured.
    let expires_at = payment["expires_at"].as_i64().unwrap();
    sqlx::query("UPDATE payments SET expires_at = $1 WHERE id = $2")
        .bind(now() - 10)
        .bind(id)
        .execute(&app.db().pool)
        .await
        .unwrap();
    let (late, signature) = callback(id, 5050, now(), SECRET);
    assert_eq!(deliver(app, late, &signature).await.0, StatusCode::BAD_REQUEST);
    let (_, status) = fund(app, &token, "payment_status", json!({ "payment_id": id })).await;
    assert_eq!(status["data"]["status"], "expired");
    let page = app
        .client
        .get(payment["pay_url"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert!(page.text().await.unwrap().contains("支付已过期"));
    sqlx::query("UPDATE payments SET expires_at = $1 WHERE id = $2")
        .bind(expires_at)
        .bind(id)
        .execute(&app.db().pool)
        .await
        .unwrap();

    let (good, signature) = callback(id, 5050, now(), SECRET);
    let deliveries = (0..10).map(|_| deliver(app, good.clone(), &signature));
    for (status, reply) in join_all(deliveries).await {
        assert_eq!(status, StatusCode::OK, "{reply}");
    }
    assert_eq!(summary(app, &token).await["balance"], "50.50");
    let (_, ledger) = fund(app, &token, "ledger", json!({})).await;
    assert_eq!(ledger["data"]["total"], 1);
    let outcomes: Vec<(String, i64)> = sqlx::query(
        "SELECT outcome, COUNT(*) AS callbacks FROM payment_callbacks GROUP BY outcome ORDER BY outcome",
    )
    .fetch_all(&app.db().pool)
    .await
    .unwrap()
    .iter()
    .map(|r| (r.get("outcome"), r.get("callbacks")))
    .collect();
    assert_eq!(
        outcomes,
        vec![
            ("credited".into(), 1),
            ("refused".into(), 5),
            ("repeat".into(), 9)
        ]
    );
}

async fn every_fund_rule_answers_in_both_languages_and_changes_nothing(app: &TestApp) {
    let token = app.register("13800000103", "abc12345").await;
    let cases: &[(&str, Value, &str, &str, &str)] = &[
        (
            "recharge",
            json!({"amount": "0"}),
            "amount",
            "充值金额必须大于0",
            "Top-up amount must be greater than 0.",
        ),
        (
            "recharge",
            json!({}),
            "amount",
            "充值金额必须大于0",
            "Top-up amount must be greater than 0.",
        ),
        (
            "recharge",
            json!({"amount": "-5"}),
            "amount",
            "充值金额必须大于0",
            "Top-up amount must be greater than 0.",
        ),
        (
            "recharge",
            json!({"amount": "1.234"}),
            "amount",
            "金额格式不正确，最多两位小数，例如 100.50",
            "Incorrect amount, at most two decimals, for example 100.50.",
        ),
        (
            "recharge",
            json!({"amount": "abc"}),
            "amount",
            "金额格式不正确，最多两位小数，例如 100.50",
            "Incorrect amount, at most two decimals, for example 100.50.",
        ),
        (
            "recharge",
            json!({"amount": 50000.01}),
            "amount",
            "单笔充值不能超过 ¥50000.00",
            "A single top-up cannot exceed ¥50000.00.",
        ),
        (
            "bind_account",
            json!({"payee": " ", "account": "13800001111"}),
            "payee",
            "请输入收款人",
            "Please enter the payee.",
        ),
        (
            "bind_account",
            json!({"payee": "张三", "account": ""}),
            "account",
            "请输入收款账号",
            "Please enter the payment-app account.",
        ),
        (
            "withdraw",
            json!({"amount": "0"}),
            "amount",
            "提现金额必须大于0",
            "Withdrawal amount must be greater than 0.",
        ),
        (
            "ledger",
            json!({"start_time": 200, "end_time": 100}),
            "end_time",
            "结束时间不能早于开始时间",
            "End time cannot be earlier than start time.",
        ),
        (
            "ledger",
            json!({"type": "gift"}),
            "type",
            "交易类型不正确",
            "Unknown transaction type.",
        ),
        (
            "withdrawals",
            json!({"status": "lost"}),
            "status",
            "提现状态只能是 pending、paid 或 rejected",
            "Status must be pending, paid or rejected.",
        ),
        (
            "withdrawals",
            json!({"page": 0}),
            "page",
            "页码须在 1 到 1000000 之间",
            "Page must be between 1 and 1000000.",
        ),
        (
            "payment_status",
            json!({}),
            "payment_id",
            "支付单号不能为空",
            "Payment number cannot be empty.",
        ),
        (
            "withdraw",
            json!({"amount": "1.001"}),
            "amount",
            "金额格式不正确，最多两位小数，例如 100.50",
            "Incorrect amount, at most two decimals, for example 100.50.",
        ),
    ];
    for (call, body, field, zh, en) in cases {
        let (status, reply) = fund(app, &token, call, body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{call} {body}: {reply}");
        assert_eq!(
            (reply["code"].as_i64(), reply["msg"].as_str()),
            (Some(0), Some(*zh)),
            "{call} {body}"
        );
        assert_eq!(reply["data"]["field"], *field, "{call} {body}: {reply}");
        let (_, reply) = fund_en(app, &token, call, body.clone()).await;
        assert_eq!(reply["msg"], *en, "{call} {body}");
    }

    let (status, reply) = withdraw(app, &token, "10", "r1").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "请先绑定收款账户");
    bind(app, &token).await;
    let (_, reply) = fund_en(app, &token, "withdraw", json!({"amount": "10"})).await;
    assert_eq!(
        reply["msg"],
        "Withdrawal amount cannot exceed the balance (¥0.00 available)."
    );
    assert_eq!(reply["data"]["field"], "amount");

    let s = summary(app, &token).await;
    assert_eq!(
        (s["balance"].as_str(), s["frozen"].as_str()),
        (Some("0.00"), Some("0.00"))
    );
    assert_eq!(
        s["payout_account"],
        json!({"payee": "张*", "account": "138****1111"})
    );
    let (_, ledger) = fund(app, &token, "ledger", json!({})).await;
    assert_eq!(ledger["data"]["total"], 0);
    let payments: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payments")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(payments, 0, "a refused top-up creates no payment");

    let (status, reply) = app.post(&format!("{FUND}/index"), json!({})).await;
    assert_eq!(
        (status, reply["code"].as_i64()),
        (StatusCode::UNAUTHORIZED, Some(401))
    );
}

async fn another_users_wallet_is_never_visible(app: &TestApp) {
    let owner = app.register("13800000104", "abc12345").await;
    let other = app.register("13800000105", "abc12345").await;
    top_up(app, &owner, "80").await;
    bind(app, &owner).await;
    withdraw(app, &owner, "20", "mine").await;
    let payment = recharge(app, &owner, "5").await;

    let (status, _) = fund(
        app,
        &other,
        "payment_status",
        json!({"payment_id": payment["payment_id"]}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let s = summary(app, &other).await;
    assert_eq!(
        (s["balance"].as_str(), s["payout_account"].is_null()),
        (Some("0.00"), true)
    );
    for call in ["ledger", "withdrawals"] {
        let (_, page) = fund(app, &other, call, json!({})).await;
        assert_eq!(page["data"]["total"], 0, "{call}");
    }
    let (_, mine) = fund(app, &owner, "withdrawals", json!({})).await;
    assert_eq!(mine["data"]["total"], 1);
    // A seller cannot reach the operator's calls.
    let (status, _) = app
        .post_as(
            "/jpmall/admin/withdrawals/approve",
            &owner,
            "zh_CN",
            json!({"id": mine["data"]["list"][0]["id"]}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

async fn a_withdrawal_is_frozen_then_paid_or_rejected_by_the_operator(app: &TestApp) {
    let token = app.register("13800000106", "abc12345").await;
    top_up(app, &token, "100").await;
    bind(app, &token).await;

    let (status, first) = withdraw(app, &token, "30", "req-1").await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let w = &first["data"]["withdrawal"];
    assert_eq!(
        (w["status"].as_str(), w["amount"].as_str()),
        (Some("pending"), Some("30.00"))
    );
    assert_eq!(
        (w["payee"].as_str(), w["account"].as_str()),
        (Some("张*"), Some("138****1111"))
    );
    let s = summary(app, &token).await;
    assert_eq!(
        (s["balance"].as_str(), s["frozen"].as_str()),
        (Some("70.00"), Some("30.00"))
    );

    // The same request again is the same withdrawal; the same id for another amount is refused.
    let (status, again) = withdraw(app, &token, "30", "req-1").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again["data"]["withdrawal"]["id"], w["id"]);
    assert_eq!(summary(app, &token).await["balance"], "70.00");
    let (status, _) = withdraw(app, &token, "31", "req-1").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    let queue = app
        .send(
            app.client
                .get(app.url("/jpmall/admin/withdrawals?status=pending"))
                .header("operator-token", OPERATOR),
        )
        .await
        .1;
    assert_eq!(queue["data"]["total"], 1);
    assert_eq!(queue["data"]["list"][0]["mobile"], "13800000106");
    assert_eq!(queue["data"]["list"][0]["account"], "138****1111");

    let (status, paid) = operator(app, "approve", json!({"id": w["id"]})).await;
    assert_eq!(status, StatusCode::OK, "{paid}");
    assert_eq!(paid["data"]["status"], "paid");
    let (status, reply) = operator(app, "reject", json!({"id": w["id"], "reason": "late"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        reply["msg"],
        "This withdrawal is already paid; only a pending withdrawal can be paid or rejected."
    );
    let (status, _) = operator(app, "approve", json!({"id": "Wnothing"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (_, second) = withdraw(app, &token, "20", "req-2").await;
    let second_id = second["data"]["withdrawal"]["id"].as_str().unwrap().to_string();
    let (status, reply) = operator(app, "reject", json!({"id": second_id, "reason": " "})).await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("A reason is required to reject a withdrawal.")
        )
    );
    let (ok, stdout, stderr) = app.run_cli(&[
        "ops",
        "withdrawal",
        "reject",
        &second_id,
        "--reason",
        "account name mismatch",
    ]);
    assert!(ok, "{stdout}{stderr}");
    assert!(stdout.contains("rejected: account name mismatch"), "{stdout}");
    let (ok, _, stderr) = app.run_cli(&["ops", "withdrawal", "approve", &second_id]);
    assert!(
        !ok && stderr.contains("only a pending withdrawal can be paid or rejected"),
        "{stderr}"
    );
    let (ok, _, stderr) = app.run_cli(&["ops", "withdrawal", "approve", "Wnothing"]);
    assert!(
        !ok && stderr.contains("This withdrawal does not exist."),
        "{stderr}"
    );
    let (ok, stdout, _) = app.run_cli(&["ops", "withdrawal", "list"]);
    assert!(
        ok && stdout.contains("13800001111"),
        "the operator's CLI shows the full account: {stdout}"
    );

    let s = summary(app, &token).await;
    assert_eq!(
        (
            s["balance"].as_str(),
            s["frozen"].as_str(),
            s["total_out"].as_str()
        ),
        (Some("70.00"), Some("0.00"), Some("30.00"))
    );
    let (_, list) = fund(app, &token, "withdrawals", json!({})).await;
    let statuses: Vec<&str> = list["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["rejected", "paid"]);
    assert_eq!(list["data"]["list"][0]["reason"], "account name mismatch");
    let (_, rejected) = fund(app, &token, "withdrawals", json!({"status": "rejected"})).await;
    assert_eq!(rejected["data"]["total"], 1);
}

async fn fifty_parallel_withdrawals_accept_exactly_the_affordable_ones(app: &TestApp) {
    let token = app.register("13800000107", "abc12345").await;
    top_up(app, &token, "1000").await;
    bind(app, &token).await;
    let attempts = (0..50).map(|i| {
        let token = token.clone();
        async move { withdraw(app, &token, "30", &format!("parallel-{i}")).await }
    });
    let results = join_all(attempts).await;
    let accepted = results.iter().filter(|(s, _)| *s == StatusCode::OK).count();
    for (status, reply) in &results {
        assert!(
            *status == StatusCode::OK || reply["msg"].as_str().unwrap().starts_with("提现金额不能超过余额"),
            "{status} {reply}"
        );
    }
    assert_eq!(accepted, 33);
    let s = summary(app, &token).await;
    assert_eq!(
        (s["balance"].as_str(), s["frozen"].as_str()),
        (Some("10.00"), Some("990.00"))
    );
}

async fn the_ledger_filters_by_type_and_time_and_pages(app: &TestApp) {
    let token = app.register("13800000108", "abc12345").await;
    for amount in ["10", "20", "30"] {
        top_up(app, &token, amount).await;
    }
    bind(app, &token).await;
    withdraw(app, &token, "5", "w").await;
    let (_, all) = fund(app, &token, "ledger", json!({"pagesize": 2})).await;
    assert_eq!(
        (
            all["data"]["total"].as_i64(),
            all["data"]["list"].as_array().unwrap().len()
        ),
        (Some(4), 2)
    );
    let newest = &all["data"]["list"][0];
    assert_eq!(
        (newest["type"].as_str(), newest["amount"].as_str()),
        (Some("withdrawal"), Some("-5.00"))
    );
    assert_eq!(
        (newest["balance_after"].as_str(), newest["frozen_after"].as_str()),
        (Some("55.00"), Some("5.00"))
    );
    let (_, page2) = fund(app, &token, "ledger", json!({"pagesize": 2, "page": 2})).await;
    assert_eq!(page2["data"]["list"][1]["amount"], "10.00");
    let (_, top_ups) = fund(app, &token, "ledger", json!({"type": "top_up"})).await;
    assert_eq!(top_ups["data"]["total"], 3);
    let (_, future) = fund(app, &token, "ledger", json!({"start_time": now() + 3600})).await;
    assert_eq!(future["data"]["total"], 0);
    let (_, today) = fund(
        app,
        &token,
        "ledger",
        json!({"start_time": now() - 3600, "end_time": now() + 60}),
    )
    .await;
    assert_eq!(today["data"]["total"], 4);
}

async fn the_audit_replays_wallets_and_names_a_changed_row(app: &TestApp) {
    let token = app.register("13800000109", "abc12345").await;
    let other = app.register("13800000110", "abc12345").await;
    top_up(app, &token, "100").await;
    top_up(app, &other, "7").await;
    bind(app, &token).await;
    withdraw(app, &token, "40", "a1").await;
    let (ok, stdout, stderr) = app.run_cli(&["audit", "wallet", "--all"]);
    assert!(ok, "{stdout}{stderr}");
    assert!(stdout.contains("balance 60.00 frozen 40.00"), "{stdout}");
    assert!(
        stdout.contains("2 wallet(s) audited, 0 difference(s)"),
        "{stdout}"
    );
    let (ok, stdout, _) = app.run_cli(&["audit", "wallet", "13800000110"]);
    assert!(ok && stdout.contains("balance 7.00 frozen 0.00"), "{stdout}");

    // The top-up happened yesterday: as of an hour after it, the withdrawal had not happened yet.
    let day = 86_400;
    move_money_event_back(app, "TopUpCompleted", "13800000109", day).await;
    let (ok, stdout, _) = app.run_cli(&["audit", "wallet", "--all"]);
    assert!(
        ok,
        "an event and its row moved together are still in agreement: {stdout}"
    );
    let as_of = (now() - day + 3600).to_string();
    let (_, stdout, _) = app.run_cli(&["audit", "wallet", "13800000109", "--as-of", &as_of]);
    assert!(
        stdout.contains("balance 100.00 frozen 0.00 (1 money events)"),
        "{stdout}"
    );

    let user_id: String = sqlx::query_scalar("SELECT id FROM users WHERE mobile = '13800000109'")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    sqlx::query("UPDATE wallet_ledger SET amount = amount + 1 WHERE user_id = $1 AND kind = 'top_up'")
        .bind(&user_id)
        .execute(&app.db().pool)
        .await
        .unwrap();
    let (ok, stdout, stderr) = app.run_cli(&["audit", "wallet", "--all"]);
    assert!(!ok, "the audit fails on a changed row: {stdout}");
    assert!(
        stdout.contains(&format!("DIFFERENCE user {user_id}: event #2 (TopUpCompleted)")),
        "{stdout}"
    );
    assert!(stderr.contains("differ from the event log"), "{stderr}");
    assert_eq!(
        stdout.matches("DIFFERENCE").count(),
        1,
        "only the changed row differs: {stdout}"
    );
}

/// Moves the business time of a user's event of `event_type`, in the log and its ledger row alike.
async fn move_money_event_back(app: &TestApp, event_type: &str, mobile: &str, seconds: i64) {
    let pool = &app.db().pool;
    let user_id: String = sqlx::query_scalar("SELECT id FROM users WHERE mobile = $1")
        .bind(mobile)
        .fetch_one(pool)
        .await
        .unwrap();
    let row = sqlx::query(
        "SELECT sequence, CAST(payload AS TEXT) AS payload FROM events \
         WHERE aggregate_id = $1 AND event_type = $2",
    )
    .bind(&user_id)
    .bind(event_type)
    .fetch_one(pool)
    .await
    .unwrap();
    let (sequence, payload): (i64, String) = (row.get("sequence"), row.get("payload"));
    let mut payload: Value = serde_json::from_str(&payload).unwrap();
    let at = payload[event_type]["at"].as_i64().unwrap() - seconds;
    payload[event_type]["at"] = json!(at);
    let update = match app.engine {
        Engine::Sqlite => "UPDATE events SET payload = $1 WHERE aggregate_id = $2 AND sequence = $3",
        Engine::Postgres => {
            "UPDATE events SET payload = CAST($1 AS JSON) WHERE aggregate_id = $2 AND sequence = $3"
        }
    };
    sqlx::query(update)
        .bind(payload.to_string())
        .bind(&user_id)
        .bind(sequence)
        .execute(pool)
        .await
        .unwrap();
    sqlx::query("UPDATE wallet_ledger SET at = $1 WHERE user_id = $2 AND sequence = $3")
        .bind(at)
        .bind(&user_id)
        .bind(sequence)
        .execute(pool)
        .await
        .unwrap();
}

/// Two `jpmall serve` processes on one PostgreSQL database take withdrawals from one wallet at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_serve_processes_on_one_postgres_stay_consistent() {
    let app = TestApp::spawn(Engine::Postgres).await;
    let token = app.register("13800000111", "abc12345").await;
    top_up(&app, &token, "500").await;
    bind(&app, &token).await;

    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut second = std::process::Command::new(tests::jpmall_binary())
        .args(["serve", "--addr", &format!("127.0.0.1:{port}")])
        .env("JPMALL_DATA_DIR", app.data_dir.path())
        .env("DATABASE_URL", &app.database_url)
        .env("JPMALL_OPERATOR_TOKEN", OPERATOR)
        .env("RUST_LOG", "error")
        .spawn()
        .expect("a second jpmall serve starts");
    let second_base = format!("http://127.0.0.1:{port}");
    for _ in 0..100 {
        if app
            .client
            .get(format!(
                "{second_base}/jpmall/addons/unishop/areaSite/getAreaSites"
            ))
            .send()
            .await
            .is_ok()
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    let attempts = (0..40).map(|i| {
        let base = if i % 2 == 0 {
            app.base.clone()
        } else {
            second_base.clone()
        };
        let (client, token) = (app.client.clone(), token.clone());
        async move {
            let response = client
                .post(format!("{base}{FUND}/withdraw"))
                .header("token", token)
                .json(&json!({"amount": "30", "request_id": format!("both-{i}")}))
                .send()
                .await
                .unwrap();
            response.status()
        }
    });
    let statuses = join_all(attempts).await;
    let _ = second.kill();
    let _ = second.wait();
    let accepted = statuses.iter().filter(|s| **s == StatusCode::OK).count();
    assert!(
        statuses
            .iter()
            .all(|s| *s == StatusCode::OK || *s == StatusCode::UNPROCESSABLE_ENTITY),
        "{statuses:?}"
    );
    assert_eq!(accepted, 16, "500 yuan affords 16 withdrawals of 30");
    let s = summary(&app, &token).await;
    assert_eq!(
        (s["balance"].as_str(), s["frozen"].as_str()),
        (Some("20.00"), Some("480.00"))
    );
    let (ok, stdout, stderr) = app.run_cli(&["audit", "wallet", "--all"]);
    assert!(ok, "{stdout}{stderr}");
    app.finish().await;
}

/// Asks for the code that changing the payout account takes, as `token`, in `lang`.
async fn payout_code(app: &TestApp, token: &str, lang: &str) -> (StatusCode, Value) {
    app.post_as(&format!("{FUND}/payout_code"), token, lang, json!({}))
        .await
}

/// The newest `payout_account` SMS of the development outbox to `mobile`: its code and text.
async fn payout_sms(app: &TestApp, mobile: &str) -> (String, String) {
    let (sms, _) = commands::sms::outbox(app.db(), Some(mobile)).await.unwrap();
    let found = sms
        .into_iter()
        .find(|m| m.event == "payout_account")
        .expect("a payout_account SMS in the outbox");
    (found.code, found.text)
}

async fn change_account(
    app: &TestApp,
    token: &str,
    lang: &str,
    account: &str,
    code: &str,
) -> (StatusCode, Value) {
    app.post_as(
        &format!("{FUND}/bind_account"),
        token,
        lang,
        json!({"payee": "李四", "account": account, "code": code}),
    )
    .await
}

/// A six-digit code that is not `code`.
fn not(code: &str) -> String {
    if code == "000000" { "111111" } else { "000000" }.to_string()
}

async fn changing_the_payout_account_takes_a_payout_code_sent_to_the_sellers_own_phone(app: &TestApp) {
    let mobile = "13800000121";
    let token = app.register(mobile, "abc12345").await;
    let other = app.register("13800000122", "abc12345").await;
    top_up(app, &token, "100").await;
    // The first binding needs no code.
    bind(app, &token).await;
    let bound = json!({"payee": "张*", "account": "138****1111"});
    assert_eq!(summary(app, &token).await["payout_account"], bound);
    let (status, reply) = withdraw(app, &token, "30", "before-change").await;
    assert_eq!(status, StatusCode::OK, "{reply}");

    // Without a code a change is refused, on the code field, in either language.
    for (lang, msg) in [
        ("zh_CN", "更换收款账户需要填写发送到您手机的验证码"),
        (
            "en_US",
            "To change the payout account, enter the verification code sent to your phone.",
        ),
    ] {
        let (status, reply) = change_account(app, &token, lang, "lisi@example.com", " ").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
        assert_eq!(
            (reply["msg"].as_str(), reply["data"]["field"].as_str()),
            (Some(msg), Some("code"))
        );
    }
    // The bound account again is no change and needs none.
    let (status, reply) = app
        .post_as(
            &format!("{FUND}/bind_account"),
            &token,
            "zh_CN",
            json!({"payee": " 张三", "account": "13800001111"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");

    // Only a signed-in seller asks for the code, and only for their own phone; nobody can have one
    // sent by naming a phone.
    let (status, _) = app
        .post(&format!("{FUND}/payout_code"), json!({"mobile": mobile}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, reply) = app.request_code(mobile, "payout_account").await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("短信类型不正确")),
        "{reply}"
    );
    // The registration code went out moments ago: the phone's cooldown holds for this code too.
    let (status, reply) = payout_code(app, &token, "zh_CN").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{reply}");
    assert!(
        reply["msg"].as_str().unwrap().starts_with("发送过于频繁"),
        "{reply}"
    );
    app.a_minute_passes().await;
    let (status, reply) = payout_code(app, &token, "zh_CN").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["msg"], "验证码已发送");
    assert_eq!(
        reply["data"],
        json!({"cooldown": 60, "expires_in": 300, "mobile": "138****0121"})
    );
    let (code, text) = payout_sms(app, mobile).await;
    assert!(text.contains("更换收款账户") && text.contains(&code), "{text}");

    // A code for another purpose (a password reset's, to the same phone) is not this code.
    app.a_minute_passes().await;
    let (status, reply) = app.request_code(mobile, "resetpwd").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let reset_code = app.last_code(mobile).await;
    if reset_code != code {
        let (status, reply) = change_account(app, &token, "zh_CN", "lisi@example.com", &reset_code).await;
        assert_eq!(
            (status, reply["msg"].as_str(), reply["data"]["field"].as_str()),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                Some("验证码不正确"),
                Some("code")
            ),
            "{reply}"
        );
    }
    // Another seller's code is not this seller's.
    app.a_minute_passes().await;
    assert_eq!(payout_code(app, &other, "zh_CN").await.0, StatusCode::OK);
    let (others_code, _) = payout_sms(app, "13800000122").await;
    if others_code != code {
        let (status, _) = change_account(app, &token, "zh_CN", "lisi@example.com", &others_code).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    }
    // A wrong code, in either language.
    let (status, reply) = change_account(app, &token, "en_US", "lisi@example.com", &not(&code)).await;
    assert_eq!(
        (status, reply["msg"].as_str(), reply["data"]["field"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("Incorrect verification code."),
            Some("code")
        ),
        "{reply}"
    );
    assert_eq!(
        summary(app, &token).await["payout_account"],
        bound,
        "nothing changed"
    );

    // The right code changes the account, once.
    let (status, reply) = change_account(app, &token, "zh_CN", " lisi@example.com ", &code).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let changed = json!({"payee": "李*", "account": "l***@example.com"});
    assert_eq!(reply["data"]["payout_account"], changed);
    assert_eq!(summary(app, &token).await["payout_account"], changed);
    let (status, reply) = change_account(app, &token, "zh_CN", "wangwu@example.com", &code).await;
    assert_eq!(
        (status, reply["msg"].as_str(), reply["data"]["field"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("验证码已失效，请重新获取"),
            Some("code")
        ),
        "{reply}"
    );
    assert_eq!(summary(app, &token).await["payout_account"], changed);

    // The withdrawal asked before the change still goes where it was asked to; the next goes to the
    // new account.
    let (status, reply) = withdraw(app, &token, "20", "after-change").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let (_, list) = fund(app, &token, "withdrawals", json!({})).await;
    let accounts: Vec<(&str, &str)> = list["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["amount"].as_str().unwrap(), w["account"].as_str().unwrap()))
        .collect();
    assert_eq!(
        accounts,
        [("20.00", "l***@example.com"), ("30.00", "138****1111")]
    );

    // An expired code is refused and changes nothing; the English message says so.
    app.a_minute_passes().await;
    assert_eq!(payout_code(app, &token, "en_US").await.0, StatusCode::OK);
    let (late, text) = payout_sms(app, mobile).await;
    assert!(text.contains("change the payout account"), "{text}");
    sqlx::query("UPDATE sms_codes SET expires_at = $1 WHERE mobile = $2 AND event = 'payout_account'")
        .bind(now() - 1)
        .bind(mobile)
        .execute(&app.db().pool)
        .await
        .unwrap();
    let (status, reply) = change_account(app, &token, "en_US", "wangwu@example.com", &late).await;
    assert_eq!(
        (status, reply["msg"].as_str(), reply["data"]["field"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("The verification code has expired, please get a new one."),
            Some("code")
        ),
        "{reply}"
    );
    assert_eq!(summary(app, &token).await["payout_account"], changed);
    let (ok, stdout, stderr) = app.run_cli(&["audit", "wallet", "--all"]);
    assert!(ok, "{stdout}{stderr}");
}

async fn a_payout_code_is_used_once_even_by_parallel_changes(app: &TestApp) {
    let mobile = "13800000123";
    let token = app.register(mobile, "abc12345").await;
    bind(app, &token).await;
    app.a_minute_passes().await;
    assert_eq!(payout_code(app, &token, "zh_CN").await.0, StatusCode::OK);
    let (code, _) = payout_sms(app, mobile).await;

    // A change refused for its own field checks nothing and leaves the code usable.
    let (status, reply) = app
        .post_as(
            &format!("{FUND}/bind_account"),
            &token,
            "zh_CN",
            json!({"payee": "李四", "account": "x".repeat(65), "code": code}),
        )
        .await;
    assert_eq!(
        (status, reply["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("account"))
    );

    let accounts: Vec<String> = (0..5).map(|i| format!("parallel{i}@example.com")).collect();
    let answers = join_all(
        accounts
            .iter()
            .map(|account| change_account(app, &token, "zh_CN", account, &code)),
    )
    .await;
    let accepted: Vec<&str> = answers
        .iter()
        .zip(&accounts)
        .filter(|((status, _), _)| *status == StatusCode::OK)
        .map(|(_, account)| account.as_str())
        .collect();
    assert_eq!(accepted.len(), 1, "{answers:?}");
    for (status, reply) in answers.iter().filter(|(status, _)| *status != StatusCode::OK) {
        assert_eq!(*status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
        assert_eq!(reply["data"]["field"], "code", "{reply}");
    }
    let s = summary(app, &token).await;
    assert_eq!(
        s["payout_account"]["account"],
        domain::wallet::mask_account(accepted[0])
    );
    let bound: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM events WHERE event_type = 'PayoutAccountBound'")
            .fetch_one(&app.db().pool)
            .await
            .unwrap();
    assert_eq!(bound, 2, "the first binding and one change");
}

async fn payout_codes_keep_the_phones_cooldown_and_daily_cap(app: &TestApp) {
    let mobile = "13800000124";
    let token = app.register(mobile, "abc12345").await;
    // The registration's code was the first of the day; payout codes count towards the same cap.
    let mut sent = 1;
    let refusal = loop {
        app.a_minute_passes().await;
        let (status, reply) = payout_code(app, &token, "en_US").await;
        if status != StatusCode::OK {
            break (status, reply);
        }
        sent += 1;
        assert!(sent <= 10, "more than the daily cap went out");
        if sent < 10 {
            // A second code within the minute waits, whatever it is for.
            let (status, reply) = payout_code(app, &token, "en_US").await;
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{reply}");
            assert!(
                reply["msg"].as_str().unwrap().starts_with("Sent too often"),
                "{reply}"
            );
        }
    };
    assert_eq!(sent, 10);
    assert_eq!(refusal.0, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refusal.1["msg"], "The daily SMS limit (10) has been reached.");
}
