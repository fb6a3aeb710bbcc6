//! A listing package of 200 products with their pictures, against a real `jpmall serve` process on
//! each engine: the streamed download and the background job (written to the data folder, then
//! downloaded), their times and the server's peak resident memory above what it held before, for
//! the 淘宝助理 package (five main pictures a product) and the 抖店 one (every main and detail picture).
//! Pictures are drawn on first use, as the storefront's are; the second run of each reads them from
//! the media folder.

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tests::{Engine, TestApp};

use super::{memory_of, run_jpmall_on, serve_process_on};

const PRODUCTS: usize = 1_000;
const PACKAGE: usize = 200;

async fn call(client: &reqwest::Client, base: &str, token: &str, path: &str, body: Value) -> Value {
    let reply: Value = client
        .post(format!("{base}/{path}"))
        .header("token", token)
        .json(&body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(reply["code"], 1, "{path}: {reply}");
    reply["data"].clone()
}

/// Reads a download to its end; answers its size in bytes.
async fn drain(mut reply: reqwest::Response) -> usize {
    assert!(reply.status().is_success(), "{}", reply.status());
    let mut bytes = 0;
    while let Some(chunk) = reply.chunk().await.unwrap() {
        bytes += chunk.len();
    }
    bytes
}

pub async fn package_of_200(engine: Engine) {
    let app = TestApp::spawn(engine).await;
    let url = (engine == Engine::Postgres).then(|| app.database_url.clone());
    run_jpmall_on(
        app.data_dir.path(),
        url.as_deref(),
        &["seed", "--products", &PRODUCTS.to_string()],
    );
    let (mut server, port) = serve_process_on(app.data_dir.path(), url.as_deref()).await;
    let base = format!("http://127.0.0.1:{port}/jpmall/addons/unishop");
    let client = reqwest::Client::new();
    let session = commands::accounts::login(
        app.db(),
        commands::accounts::Login {
            mobile: commands::catalog::seed::DEMO_MOBILE,
            password: commands::accounts::Password::Plain(commands::catalog::seed::DEMO_PASSWORD.into()),
            client_ip: "bench",
        },
    )
    .await
    .expect("the demo login works");
    let token = session.token;
    let ids: Vec<String> = (0..PACKAGE).map(|i| tests::product_id_of(i * 5 + 1)).collect();
    let pid = server.id();
    for platform in ["taobao", "douyin"] {
        let rule = json!({"multiplier": "1.5", "fixed_add": "5", "rounding": "none", "min_margin": "0",
                          "title_prefix": "", "title_suffix": "", "stock_cap": null});
        let shop = call(
            &client,
            &base,
            &token,
            "listing/shop_save",
            json!({"platform": platform, "name": format!("bench {platform}"), "rule": rule}),
        )
        .await;
        let body = json!({"shop_id": shop["id"], "product_ids": ids});
        for run in ["first", "again"] {
            let before = memory_of(pid, "VmRSS");
            let start = Instant::now();
            let streamed = client
                .post(format!("{base}/listing/package"))
                .header("token", &token)
                .json(&body)
                .send()
                .await
                .unwrap();
            let bytes = drain(streamed).await;
            let streamed_secs = start.elapsed().as_secs_f64();
            let streamed_peak = memory_of(pid, "VmHWM");

            let start = Instant::now();
            let job = call(&client, &base, &token, "listing/package_job", body.clone()).await;
            loop {
                let state = call(&client, &base, &token, "excel/job", json!({"id": job["id"]})).await;
                if state["status"] != "running" {
                    assert_eq!(state["status"], "done", "{state}");
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            let written = start.elapsed().as_secs_f64();
            let downloaded = client
                .post(format!("{base}/excel/download"))
                .header("token", &token)
                .json(&json!({"id": job["id"]}))
                .send()
                .await
                .unwrap();
            let job_bytes = drain(downloaded).await;
            let job_secs = start.elapsed().as_secs_f64();
            println!(
                "{platform:<6} {PACKAGE} products ({run:<5}): streamed {:>6.1} MB in {streamed_secs:>5.1} s; \
                 job written in {written:>5.1} s, downloaded by {job_secs:>5.1} s ({:.1} MB); server peak \
                 {} MB, {} MB before the package",
                bytes as f64 / 1e6,
                job_bytes as f64 / 1e6,
                streamed_peak.max(memory_of(pid, "VmHWM")) / 1024,
                before / 1024,
            );
        }
    }
    let _ = server.kill();
    let _ = server.wait();
    app.finish().await;
}
