//! Kill `jpmall serve` (SIGKILL) during a burst of orders: after a restart every committed order is in
//! the read tables, every paid order shows paid, no unit of stock is lost or sold twice, and the
//! ranking, which follows the log on its own, counts every paid unit once.

use std::process::{Child, Command};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;
use sqlx::Row;
use tests::{on_both_engines, Engine, TestApp};

const UNISHOP: &str = "/jpmall/addons/unishop";
const OPERATOR: &str = "test-operator-token";
const CLIENTS: usize = 12;

fn start_server(app: &TestApp, port: u16) -> Child {
    let mut command = Command::new(tests::jpmall_binary());
    command
        .args(["serve", "--addr", &format!("127.0.0.1:{port}")])
        .env("JPMALL_DATA_DIR", app.data_dir.path())
        .env("JPMALL_OPERATOR_TOKEN", OPERATOR)
        .env("JPMALL_PAYMENT_SECRET", "test-payment-secret")
        .env("RUST_LOG", "error")
        .env_remove("DATABASE_URL");
    if app.engine == Engine::Postgres {
        command.env("DATABASE_URL", &app.database_url);
    }
    command.spawn().expect("jpmall serve starts")
}

async fn wait_until_serving(client: &reqwest::Client, base: &str) {
    for _ in 0..300 {
        if client
            .get(format!("{base}{UNISHOP}/areaSite/getAreaSites"))
            .send()
            .await
            .is_ok()
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("jpmall serve did not answer at {base}");
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.db().pool).await.unwrap()
}

on_both_engines!(a_server_killed_during_an_order_burst_loses_no_committed_order);

async fn a_server_killed_during_an_order_burst_loses_no_committed_order(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800000701", "abc12345").await;
    let payment = app
        .post_as(
            &format!("{UNISHOP}/fund/recharge"),
            &token,
            "zh_CN",
            json!({"amount": "50000"}),
        )
        .await
        .1;
    let confirm = format!("{}/confirm", payment["data"]["pay_url"].as_str().unwrap());
    assert_eq!(
        app.client.post(confirm).send().await.unwrap().status(),
        StatusCode::OK
    );
    let (_, address) = app
        .post_as(
            &format!("{UNISHOP}/address/add"),
            &token,
            "zh_CN",
            json!({"recipient": "李四", "phone": "13900001111", "province": "广东省", "city": "广州市",
                   "district": "白云区", "detail": "三元里大道 1 号"}),
        )
        .await;
    let address_id = address["data"]["id"].as_str().unwrap().to_string();
    let stock_before = count(app, "SELECT CAST(SUM(stock) AS BIGINT) FROM skus").await;
    let skus: Vec<String> = sqlx::query("SELECT id FROM skus WHERE stock >= 50 ORDER BY id LIMIT 20")
        .fetch_all(&app.db().pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get("id"))
        .collect();

    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = start_server(app, port);
    wait_until_serving(&app.client, &base).await;
    let burst: Vec<_> = (0..CLIENTS)
        .map(|n| {
            let (client, base, token, address_id, sku) = (
                app.client.clone(),
                base.clone(),
                token.clone(),
                address_id.clone(),
                skus[n % skus.len()].clone(),
            );
            tokio::spawn(async move {
                for k in 0.. {
                    let body = json!({"lines": [{"sku_id": sku, "quantity": 1}], "type": "domestic",
                        "address_id": address_id, "request_id": format!("crash-{n}-{k}")});
                    let Ok(reply) = client
                        .post(format!("{base}{UNISHOP}/order/submit"))
                        .header("token", &token)
                        .json(&body)
                        .send()
                        .await
                    else {
                        return;
                    };
                    let Ok(reply) = reply.json::<serde_json::Value>().await else {
                        return;
                    };
                    let Some(order_no) = reply["data"]["order"]["order_no"].as_str() else {
                        continue;
                    };
                    let paid = client
                        .post(format!("{base}{UNISHOP}/order/pay"))
                        .header("token", &token)
                        .json(&json!({"order_no": order_no}))
                        .send()
                        .await;
                    if paid.is_err() {
                        return;
                    }
                }
            })
        })
        .collect();
    // Let the burst run, then pull the plug without warning.
    loop {
        tokio::time::sleep(Duration::from_millis(200)).await;
        if count(app, "SELECT COUNT(*) FROM events WHERE aggregate_type = 'order'").await >= 60 {
            break;
        }
    }
    server.kill().unwrap();
    server.wait().unwrap();
    for client in burst {
        let _ = client.await;
    }

    let mut restarted = start_server(app, port);
    wait_until_serving(&app.client, &base).await;
    restarted.kill().unwrap();
    restarted.wait().unwrap();

    let placed = count(
        app,
        "SELECT COUNT(*) FROM events WHERE aggregate_type = 'order' AND event_type = 'OrderPlaced'",
    )
    .await;
    assert!(placed > 0);
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM orders").await,
        placed,
        "every committed order is in the read table"
    );
    let paid = count(
        app,
        "SELECT COUNT(*) FROM events WHERE aggregate_type = 'order' AND event_type = 'OrderPaid'",
    )
    .await;
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM orders WHERE paid_at > 0").await,
        paid
    );
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_no = o.order_no)").await,
        0
    );
    let held = count(
        app,
        "SELECT COUNT(*) FROM stock_reservations WHERE state IN ('reserved', 'placed')",
    )
    .await;
    let stock_after = count(app, "SELECT CAST(SUM(stock) AS BIGINT) FROM skus").await;
    assert_eq!(
        stock_before - stock_after,
        held,
        "each held reservation took exactly its one unit"
    );
    assert!(held >= placed, "every placed order holds its stock");
    // Every debit is matched by a paid order (or was reversed): the wallet audit replays clean.
    let (ok, stdout, stderr) = app.run_cli(&["audit", "wallet", "--all"]);
    assert!(ok, "{stdout}{stderr}");
    let debits = count(
        app,
        "SELECT COUNT(*) FROM wallet_ledger WHERE kind = 'order_payment'",
    )
    .await;
    let reversed = count(
        app,
        "SELECT COUNT(*) FROM wallet_ledger WHERE kind = 'order_payment_reversed'",
    )
    .await;
    assert_eq!(debits - reversed, paid, "each kept debit paid exactly one order");
    // The ranking follows the log behind the orders, from a cursor the kill may have cut off mid-batch:
    // it catches up to exactly the units paid (one per order), none counted twice.
    app.ranking_settled().await;
    assert_eq!(
        count(
            app,
            "SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM daily_sales"
        )
        .await,
        paid,
        "the ranking counts each paid unit once"
    );
}
