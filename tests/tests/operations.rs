//! Running jpmall for real, on both engines: health, readiness and metrics; the client address behind
//! a trusted proxy; the web built into the binary; a graceful stop under load that loses nothing it
//! answered; and a backup taken under load that restores and audits clean.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use tests::{on_both_engines, Engine, TestApp, OPERATOR_TOKEN, UNISHOP};

async fn health_readiness_and_metrics_answer(app: &TestApp) {
    let healthz = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(healthz.status(), StatusCode::OK);
    let ready = app.client.get(app.url("/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), StatusCode::OK);
    let ready: Value = ready.json().await.unwrap();
    assert_eq!(ready["ready"], true, "{ready}");
    assert_eq!(ready["database"], "ok");
    assert_eq!(ready["migrations"]["applied"], ready["migrations"]["known"]);
    let names: Vec<&str> = ready["projections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(
        names.len() >= 10 && names.contains(&"wallet_balances"),
        "{names:?}"
    );

    // Some traffic to count: a registration, and a top-up that runs wallet commands.
    let token = app.register("13800001801", "abc12345").await;
    app.top_up(&token, "10").await;
    let refused = app.client.get(app.url("/metrics")).send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let refused = app
        .client
        .get(app.url("/metrics"))
        .header("operator-token", "not-the-token")
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    for (name, value) in [
        ("operator-token", OPERATOR_TOKEN.to_string()),
        ("authorization", format!("Bearer {OPERATOR_TOKEN}")),
    ] {
        let scraped = app
            .client
            .get(app.url("/metrics"))
            .header(name, value)
            .send()
            .await
            .unwrap();
        assert_eq!(scraped.status(), StatusCode::OK);
        let text = scraped.text().await.unwrap();
        for series in [
            "jpmall_http_requests_total{",
            "route=\"/jpmall/addons/unishop/user/register\"",
            "jpmall_http_request_duration_seconds_bucket{",
            "jpmall_projection_lag_events{projection=\"wallet_balances\"}",
            "jpmall_commands_total{",
            "jpmall_sms_sends_total{provider=\"outbox\",outcome=\"sent\"}",
        ] {
            assert!(text.contains(series), "{series} missing from\n{text}");
        }
    }

    // A server whose projections may not trail at all is not ready, and says why; its private
    // metrics address needs no credential.
    let (base, other) = app.another_server(|c| c.operations.ready_max_lag = -1).await;
    let ready = app.client.get(format!("{base}/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), StatusCode::SERVICE_UNAVAILABLE);
    let ready: Value = ready.json().await.unwrap();
    assert!(
        ready["problems"][0].as_str().unwrap().contains("events behind"),
        "{ready}"
    );
    let private = api::operations::private_router(other.state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let private_base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, private).await.unwrap() });
    let scraped = app
        .client
        .get(format!("{private_base}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(scraped.status(), StatusCode::OK);
    other.state.db.close().await;
}

/// How many sessions were opened from `ip`.
async fn sessions_from(app: &TestApp, ip: &str) -> i64 {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM sessions WHERE client_ip = $1")
        .bind(ip)
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    n
}

async fn the_client_address_comes_from_a_trusted_proxy_only(app: &TestApp) {
    let mobile = "13800001811";
    app.register(mobile, "abc12345").await;
    let login = |base: String| {
        app.client
            .post(format!("{base}{UNISHOP}/user/login"))
            .header("x-forwarded-for", "198.51.100.23, 203.0.113.9")
            .json(&json!({"mobile": mobile, "password": app.encrypt("abc12345")}))
    };
    // Without trusted proxies the header is the client's to write, so it is ignored.
    let (status, body) = app.send(login(app.base.clone())).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        sessions_from(app, "203.0.113.9").await + sessions_from(app, "198.51.100.23").await,
        0
    );
    // Behind a trusted proxy, the address the proxy appended is the client's.
    let (base, other) = app
        .another_server(|c| c.operations.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()])
        .await;
    let (status, body) = app.send(login(base)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(sessions_from(app, "203.0.113.9").await, 1);
    assert_eq!(sessions_from(app, "198.51.100.23").await, 0);
    other.state.db.close().await;
}

fn embedded(path: &str) -> Option<api::web::Embedded> {
    let data: &'static [u8] = match path {
        "index.html" => b"<!doctype html><title>storefront</title>",
        "index.html.br" => b"brotli-bytes",
        "admin.html" => b"<!doctype html><title>console</title>",
        "assets/app-1.js" => b"console.log(1)",
        "assets/app-1.js.gz" => b"gzip-bytes",
        _ => return None,
    };
    let mut hash = [0u8; 32];
    hash[..path.len().min(32)].copy_from_slice(&path.as_bytes()[..path.len().min(32)]);
    Some(api::web::Embedded {
        data: std::borrow::Cow::Borrowed(data),
        hash,
    })
}

async fn the_web_built_into_the_binary_is_served_without_a_folder(app: &TestApp) {
    api::web::embed(embedded, 5);
    let (base, other) = app.another_server(|c| c.web_dist = None).await;
    let get = |path: &str, encoding: &str| {
        app.client
            .get(format!("{base}{path}"))
            .header("accept-encoding", encoding)
            .send()
    };
    let page = get("/orders/list", "identity").await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(page.headers()["content-type"], "text/html; charset=utf-8");
    assert_eq!(page.headers()["cache-control"], "no-cache");
    let etag = page.headers()["etag"].to_str().unwrap().to_string();
    assert_eq!(
        page.text().await.unwrap(),
        "<!doctype html><title>storefront</title>"
    );
    let console = get("/admin/orders", "identity").await.unwrap();
    assert!(console.text().await.unwrap().contains("console"));
    let brotli = get("/", "gzip, br").await.unwrap();
    assert_eq!(brotli.headers()["content-encoding"], "br");
    let asset = get("/assets/app-1.js", "gzip").await.unwrap();
    assert_eq!(asset.headers()["content-encoding"], "gzip");
    assert!(asset.headers()["cache-control"]
        .to_str()
        .unwrap()
        .contains("immutable"));
    assert_eq!(
        get("/assets/app-2.js", "gzip").await.unwrap().status(),
        StatusCode::NOT_FOUND
    );
    let again = app
        .client
        .get(format!("{base}/"))
        .header("accept-encoding", "identity")
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    let api = get("/jpmall/nothing", "identity").await.unwrap();
    assert_eq!(api.status(), StatusCode::NOT_FOUND);
    other.state.db.close().await;
}

/// Sellers with money and an address, and a SKU with stock, for the load.
async fn market(app: &TestApp, sellers: usize, first_mobile: u64) -> (Vec<(String, String)>, String) {
    app.seed(10).await;
    let sku = crate::orders::skus(app).await[0].0.clone();
    let mut ready = Vec::new();
    for n in 0..sellers {
        let token = app
            .register(&(first_mobile + n as u64).to_string(), "abc12345")
            .await;
        app.top_up(&token, "5000").await;
        let address = crate::orders::address(app, &token).await;
        ready.push((token, address));
    }
    (ready, sku)
}

/// One seller ordering and paying from the wallet until told to stop or the server goes away;
/// answers the orders whose payment was answered 200.
async fn orders_and_payments(
    client: reqwest::Client,
    base: String,
    token: String,
    address: String,
    sku: String,
    stop: Arc<AtomicBool>,
) -> Vec<String> {
    let mut paid = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let post = |path: &str, body: Value| {
            client
                .post(format!("{base}{UNISHOP}/{path}"))
                .header("token", &token)
                .timeout(Duration::from_secs(30))
                .json(&body)
                .send()
        };
        let Ok(placed) = post(
            "order/submit",
            json!({"source": "manual", "lines": [{"sku_id": sku, "quantity": 1}], "type": "domestic", "address_id": address}),
        )
        .await
        else {
            break;
        };
        let Ok(placed) = placed.json::<Value>().await else {
            break;
        };
        let Some(no) = placed["data"]["order"]["order_no"].as_str().map(String::from) else {
            break;
        };
        let Ok(answer) = post("order/pay", json!({"order_no": no, "method": "wallet"})).await else {
            break;
        };
        if answer.status() == StatusCode::OK {
            paid.push(no);
        }
    }
    paid
}

fn audits_pass(data_dir: &std::path::Path, database_url: Option<&str>) {
    for args in [&["audit", "wallet", "--all"][..], &["audit", "refunds"][..]] {
        let mut command = Command::new(tests::jpmall_binary());
        command
            .args(args)
            .env("JPMALL_DATA_DIR", data_dir)
            .env_remove("DATABASE_URL");
        if let Some(url) = database_url {
            command.env("DATABASE_URL", url);
        }
        let output = command.output().unwrap();
        assert!(
            output.status.success(),
            "{args:?}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

async fn a_stopped_server_keeps_everything_it_answered(app: &TestApp) {
    let (sellers, sku) = market(app, 4, 13800001820).await;
    let mut command = Command::new(tests::jpmall_binary());
    command
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("JPMALL_DATA_DIR", app.data_dir.path())
        .env("JPMALL_OPERATOR_TOKEN", OPERATOR_TOKEN)
        .env("JPMALL_PAYMENT_SECRET", "test-payment-secret")
        .env("JPMALL_WEB_DIST", &app.web_dist)
        .env_remove("DATABASE_URL")
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    if app.engine == Engine::Postgres {
        command.env("DATABASE_URL", &app.database_url);
    }
    let mut child = command.spawn().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let base = loop {
        let line = lines.next().expect("the server says where it serves").unwrap();
        if let Some(rest) = line.strip_prefix("jpmall serving ") {
            break rest.split_whitespace().next().unwrap().to_string();
        }
    };
    let stop = Arc::new(AtomicBool::new(false));
    let load: Vec<_> = sellers
        .iter()
        .flat_map(|(token, address)| [(token.clone(), address.clone()), (token.clone(), address.clone())])
        .map(|(token, address)| {
            tokio::spawn(orders_and_payments(
                app.client.clone(),
                base.clone(),
                token,
                address,
                sku.clone(),
                stop.clone(),
            ))
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let stopped = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(stopped.success());
    let exit = tokio::task::spawn_blocking(move || {
        let status = child.wait().unwrap();
        let rest: Vec<String> = lines.map_while(Result::ok).collect();
        (status, rest)
    })
    .await
    .unwrap();
    stop.store(true, Ordering::Relaxed);
    assert!(
        exit.0.success(),
        "the server stops cleanly: {:?} {:?}",
        exit.0,
        exit.1
    );
    assert!(exit.1.iter().any(|l| l == "jpmall stopped"), "{:?}", exit.1);
    let mut paid = Vec::new();
    for seller in load {
        paid.extend(seller.await.unwrap());
    }
    assert!(!paid.is_empty(), "the load ran before the stop");
    // Every payment the server answered is in the books.
    for no in &paid {
        let (status,): (String,) = sqlx::query_as("SELECT status FROM orders WHERE order_no = $1")
            .bind(no)
            .fetch_one(&app.db().pool)
            .await
            .unwrap();
        assert_eq!(status, "to_be_shipped", "{no}");
    }
    let url = (app.engine == Engine::Postgres).then_some(app.database_url.as_str());
    audits_pass(app.data_dir.path(), url);
}

async fn a_backup_taken_under_load_restores_and_audits_clean(app: &TestApp) {
    let (sellers, sku) = market(app, 3, 13800001830).await;
    let stop = Arc::new(AtomicBool::new(false));
    let load: Vec<_> = sellers
        .iter()
        .map(|(token, address)| {
            tokio::spawn(orders_and_payments(
                app.client.clone(),
                app.base.clone(),
                token.clone(),
                address.clone(),
                sku.clone(),
                stop.clone(),
            ))
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let scratch = tempfile::tempdir().unwrap();
    let file = scratch.path().join("jpmall-backup.db");
    let restored_dir = scratch.path().join("restored");
    let taken = {
        let file = file.clone();
        let data_dir = app.data_dir.path().to_path_buf();
        let url = app.database_url.clone();
        let engine = app.engine;
        tokio::task::spawn_blocking(move || match engine {
            Engine::Sqlite => Command::new(tests::jpmall_binary())
                .args(["backup", file.to_str().unwrap()])
                .env("JPMALL_DATA_DIR", &data_dir)
                .env_remove("DATABASE_URL")
                .output()
                .unwrap(),
            Engine::Postgres => Command::new("pg_dump")
                .args(["--format=custom", "--file", file.to_str().unwrap(), &url])
                .output()
                .unwrap(),
        })
        .await
        .unwrap()
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.store(true, Ordering::Relaxed);
    let mut paid = 0;
    for seller in load {
        paid += seller.await.unwrap().len();
    }
    assert!(
        taken.status.success(),
        "{}{}",
        String::from_utf8_lossy(&taken.stdout),
        String::from_utf8_lossy(&taken.stderr)
    );
    assert!(paid > 0, "the backup was taken under load");

    let restored_url = match app.engine {
        Engine::Sqlite => {
            // A backup never overwrites a file.
            let (ok, _, stderr) = app.run_cli(&["backup", file.to_str().unwrap()]);
            assert!(!ok && stderr.contains("never overwrites"), "{stderr}");
            let output = Command::new(tests::jpmall_binary())
                .args(["restore", file.to_str().unwrap()])
                .env("JPMALL_DATA_DIR", &restored_dir)
                .env_remove("DATABASE_URL")
                .output()
                .unwrap();
            assert!(
                output.status.success(),
                "{}",
                String::from_utf8_lossy(&output.stderr)
            );
            None
        }
        Engine::Postgres => {
            let (name, url) = tests::create_postgres_database().await;
            let output = Command::new("pg_restore")
                .args(["--no-owner", "--dbname", &url, file.to_str().unwrap()])
                .output()
                .unwrap();
            assert!(
                output.status.success(),
                "{}",
                String::from_utf8_lossy(&output.stderr)
            );
            Some((name, url))
        }
    };
    let url = restored_url.as_ref().map(|(_, url)| url.as_str());
    // The copy is the log at one instant, with read tables a projection had not reached yet: the
    // restored database serves (it opens, catching its projections up), and then audits clean.
    let config = tests::config(&restored_dir, url.map(String::from), &app.web_dist);
    let restored = api::app::open(config).await.expect("the restored database opens");
    let (balances,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM wallet_balances")
        .fetch_one(&restored.state.db.pool)
        .await
        .unwrap();
    assert!(balances >= 3);
    restored.state.db.close().await;
    audits_pass(&restored_dir, url);
    if let Some((name, _)) = restored_url {
        tests::drop_postgres_database(&name).await;
    }
}

/// Starts `jpmall serve` in `folder` with nothing but `env` set, its log in `log`; answers the
/// process, the address it serves at and what it printed before.
fn serve_in(
    folder: &std::path::Path,
    env: &[(&str, &str)],
    log: &std::path::Path,
) -> (std::process::Child, String, Vec<String>) {
    let mut child = Command::new(tests::jpmall_binary())
        .args(["serve", "--addr", "127.0.0.1:0"])
        .current_dir(folder)
        .env_clear()
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .unwrap();
    let mut said = Vec::new();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let base = loop {
        let Some(Ok(line)) = lines.next() else {
            let logged = std::fs::read_to_string(log).unwrap_or_default();
            panic!("jpmall serve stopped before serving: {said:?} {logged}");
        };
        if let Some(rest) = line.strip_prefix("jpmall serving ") {
            break rest.split_whitespace().next().unwrap().to_string();
        }
        said.push(line);
    };
    // The rest of its output is read away, so a full pipe never stops it.
    std::thread::spawn(move || lines.for_each(drop));
    (child, base, said)
}

/// Ends a server `serve_in` started (how it stops is not what these tests are about).
fn end(mut child: std::process::Child) {
    child.kill().unwrap();
    child.wait().unwrap();
}

async fn serve_in_an_empty_folder_makes_its_data_folder(app: &TestApp) {
    let empty = tempfile::tempdir().unwrap();
    let logs = tempfile::tempdir().unwrap();
    let mut env = vec![];
    if app.engine == Engine::Postgres {
        env.push(("DATABASE_URL", app.database_url.as_str()));
    }
    let (child, base, _) = serve_in(empty.path(), &env, &logs.path().join("serve.log"));
    let health = app.client.get(format!("{base}/healthz")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    end(child);
    let data = empty.path().join("data");
    assert!(
        data.join("operator-token").is_file(),
        "no data folder made in {}",
        empty.path().display()
    );
    assert!(data.join("rsa_private_key.pem").is_file());
}

/// The `NAME=value` examples in the settings tables of docs/deployment.md, each with whether its cell
/// gives it as refused (it comes after the word "refused").
fn table_examples(doc: &str) -> Vec<(String, String, bool)> {
    let mut examples = Vec::new();
    for row in doc.lines().filter(|l| l.starts_with("| `")) {
        for cell in row.split(" | ") {
            let refused_from = cell.find("refused").unwrap_or(usize::MAX);
            let mut at = 0;
            for (i, piece) in cell.split('`').enumerate() {
                if i % 2 == 1 {
                    if let Some((name, value)) = piece.split_once('=') {
                        if is_setting(name) {
                            examples.push((name.to_string(), value.to_string(), at > refused_from));
                        }
                    }
                }
                at += piece.len() + 1;
            }
        }
    }
    examples
}

fn is_setting(name: &str) -> bool {
    (name.starts_with("JPMALL_") || name == "DATABASE_URL")
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// The settings of the guide's environment file.
fn environment_file(doc: &str) -> Vec<(String, String)> {
    let after = doc
        .split_once("### An environment file")
        .expect("the guide has an environment file")
        .1;
    let block = after
        .split("```sh\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    block
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .filter(|(name, _)| is_setting(name))
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
}

/// Whether the binary's parser takes these settings (`config check` exits 2 on a value it refuses,
/// 1 on a configuration that is merely not ready).
fn parser_takes(settings: &[(String, String)]) -> Result<(), String> {
    let data = tempfile::tempdir().unwrap();
    let output = Command::new(tests::jpmall_binary())
        .args(["config", "check"])
        .env_clear()
        .env("JPMALL_DATA_DIR", data.path())
        .envs(settings.iter().map(|(n, v)| (n, v)))
        .output()
        .unwrap();
    match output.status.code() {
        Some(2) => Err(String::from_utf8_lossy(&output.stderr).into_owned()),
        _ => Ok(()),
    }
}

#[test]
fn the_settings_tables_examples_are_what_the_binary_takes_and_refuses() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/deployment.md")).unwrap();
    let examples = table_examples(&doc);
    for name in ["JPMALL_PRODUCTION", "JPMALL_TRUSTED_PROXIES"] {
        assert!(examples.iter().any(|(n, _, _)| n == name), "no example of {name}");
    }
    let wrong: Vec<String> = examples
        .into_iter()
        .filter_map(|(name, value, refused)| {
            match (parser_takes(&[(name.clone(), value.clone())]), refused) {
                (Ok(()), true) => Some(format!("{name}={value} is given as refused but is taken")),
                (Err(why), false) => Some(format!("{name}={value} is given as taken but is refused: {why}")),
                _ => None,
            }
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
    let file = environment_file(&doc);
    assert!(
        file.iter().any(|(n, v)| n == "JPMALL_PRODUCTION" && v == "1"),
        "{file:?}"
    );
    parser_takes(&file).expect("the environment file is taken");
}

async fn readiness(app: &TestApp, base: &str) -> (StatusCode, Value) {
    let answer = app.client.get(format!("{base}/readyz")).send().await.unwrap();
    (answer.status(), answer.json().await.unwrap())
}

fn canonical(path: &std::path::Path) -> String {
    std::fs::canonicalize(path).unwrap().display().to_string()
}

async fn a_server_on_another_data_folder_says_so_until_that_folder_is_claimed(app: &TestApp) {
    let first = canonical(app.data_dir.path());
    // The first server's folder is the database's, and a second server on it agrees.
    let (status, body) = readiness(app, &app.base).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (same_base, same) = app.another_server(|_| {}).await;
    let (status, body) = readiness(app, &same_base).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    same.state.db.close().await;

    // One with a folder of its own is not ready, and says which folders.
    let own = tempfile::tempdir().unwrap();
    let config = tests::config(own.path(), Some(app.database_url.clone()), &app.web_dist);
    let other = api::app::open(config).await.expect("the other server opens");
    let (other_base, _server) = tests::serve(&other).await;
    let (status, body) = readiness(app, &other_base).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    let problems = body["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1, "{body}");
    let problem = problems[0].as_str().unwrap();
    assert!(problem.starts_with("data folder: "), "{problem}");
    assert!(problem.contains(&canonical(own.path())), "{problem}");
    assert!(problem.contains(&first), "{problem}");
    assert!(problem.contains("jpmall ops data-folder claim"), "{problem}");
    assert_eq!(readiness(app, &app.base).await.0, StatusCode::OK);

    // `jpmall serve` on yet another folder warns as it starts.
    let third = tempfile::tempdir().unwrap();
    let logs = tempfile::tempdir().unwrap();
    let log = logs.path().join("serve.log");
    let (child, third_base, said) =
        serve_in(third.path(), &[("DATABASE_URL", app.database_url.as_str())], &log);
    let health = app
        .client
        .get(format!("{third_base}/healthz"))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    end(child);
    assert!(
        said.iter()
            .any(|l| l.starts_with("WARNING: data folder: ") && l.contains(&first)),
        "{said:?}"
    );
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(
        logged.contains("is not the one the servers on this database use"),
        "{logged}"
    );

    // The data moved to the new folder on purpose: the operator claims it.
    let output = Command::new(tests::jpmall_binary())
        .args(["ops", "data-folder", "claim"])
        .env("JPMALL_DATA_DIR", own.path())
        .env("DATABASE_URL", &app.database_url)
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{printed}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(printed.contains(&canonical(own.path())), "{printed}");
    let (status, body) = readiness(app, &other_base).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = readiness(app, &app.base).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    other.state.db.close().await;
}

on_both_engines!(
    a_server_on_another_data_folder_says_so_until_that_folder_is_claimed,
    serve_in_an_empty_folder_makes_its_data_folder,
    health_readiness_and_metrics_answer,
    the_client_address_comes_from_a_trusted_proxy_only,
    the_web_built_into_the_binary_is_served_without_a_folder,
    a_stopped_server_keeps_everything_it_answered,
    a_backup_taken_under_load_restores_and_audits_clean,
);
