use reqwest::StatusCode;
use serde_json::Value;
use tests::{on_both_engines, TestApp};

on_both_engines!(
    operator_calls_need_the_operator_token,
    the_cli_reads_the_outbox_and_ends_sessions
);

async fn operator_calls_need_the_operator_token(app: &TestApp) {
    app.request_code("13800138000", "register").await;
    let outbox = "/jpmall/admin/sms/outbox?mobile=13800138000";
    let (status, body) = app.get(outbox, None).await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (StatusCode::FORBIDDEN, Some("拒绝访问"))
    );
    let wrong = app
        .send(app.client.get(app.url(outbox)).header("operator-token", "guess"))
        .await;
    assert_eq!(wrong.0, StatusCode::FORBIDDEN);
    let unknown = app
        .send(app.client.get(app.url("/jpmall/admin/no/such/call")))
        .await;
    assert_eq!(
        unknown.0,
        StatusCode::FORBIDDEN,
        "unknown operator paths are not revealed"
    );

    let (status, body) = app
        .send(
            app.client
                .get(app.url(outbox))
                .header("operator-token", "test-operator-token"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let sms = body["data"]["sms"].as_array().unwrap();
    assert_eq!(sms.len(), 1);
    assert_eq!(sms[0]["event"], "register");
    assert!(sms[0]["text"]
        .as_str()
        .unwrap()
        .contains(sms[0]["code"].as_str().unwrap()));
    let unknown = app
        .send(
            app.client
                .get(app.url("/jpmall/admin/no/such/call"))
                .header("operator-token", "test-operator-token"),
        )
        .await;
    assert_eq!(unknown.0, StatusCode::NOT_FOUND);
}

async fn the_cli_reads_the_outbox_and_ends_sessions(app: &TestApp) {
    let token = app.register("13800138000", "abc123").await;
    let (ok, stdout, stderr) = app.run_cli(&["ops", "outbox", "--json", "--mobile", "13800138000"]);
    assert!(ok, "{stderr}");
    let outbox: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(outbox["sms"][0]["mobile"], "13800138000");
    assert_eq!(outbox["sms"][0]["code"].as_str().unwrap().len(), 6);

    let (ok, stdout, stderr) = app.run_cli(&["ops", "logout", "--mobile", "13800138000"]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("ended 1 session"), "{stdout}");
    assert_eq!(
        app.get("/addons/unishop/user/user_info", Some(&token)).await.0,
        StatusCode::UNAUTHORIZED
    );

    let (ok, _, stderr) = app.run_cli(&["ops", "logout", "--mobile", "13999999999"]);
    assert!(!ok);
    assert!(stderr.contains("13999999999"), "{stderr}");

    let (ok, stdout, stderr) = app.run_cli(&["rebuild", "wallet_ledger"]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("wallet_ledger: replayed 0 events"), "{stdout}");
    let (ok, _, stderr) = app.run_cli(&["rebuild", "nonsense"]);
    assert!(
        !ok && stderr.contains("wallet_balances, wallet_ledger"),
        "{stderr}"
    );
}
