//! `make bench`: speed and memory of the foundation, on SQLite and on PostgreSQL. Measured here,
//! never asserted in tests.

mod imports;
mod listing;
mod replay;
mod search;

/// The allocator `jpmall` runs with, so that what is measured here is what it does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::time::{Duration, Instant};

use domain::money::Fen;
use domain::wallet::{Wallet, WalletCommand, WalletServices};
use tests::{Engine, TestApp};

const COMMANDS: usize = 1_000;
const REPLAY_TOP_UPS: usize = 5_000;
const HTTP_CALLS: usize = 300;
const LOGINS: usize = 30;

struct Timings(Vec<Duration>);

impl Timings {
    fn summary_p99(mut self) -> String {
        self.0.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let pick = |q: f64| ms(self.0[((self.0.len() - 1) as f64 * q) as usize]);
        format!(
            "{:>5} calls  p50 {:>7.2} ms  p99 {:>7.2} ms  max {:>7.2} ms",
            self.0.len(),
            pick(0.5),
            pick(0.99),
            ms(*self.0.last().unwrap())
        )
    }

    fn summary(mut self) -> String {
        self.0.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let total: Duration = self.0.iter().sum();
        let pick = |q: f64| ms(self.0[((self.0.len() - 1) as f64 * q) as usize]);
        format!(
            "{:>6} ops  {:>8.0} ops/s  p50 {:>7.2} ms  p95 {:>7.2} ms  max {:>7.2} ms",
            self.0.len(),
            self.0.len() as f64 / total.as_secs_f64(),
            pick(0.5),
            pick(0.95),
            ms(*self.0.last().unwrap())
        )
    }
}

async fn timed<F: std::future::Future>(timings: &mut Vec<Duration>, work: F) -> F::Output {
    let start = Instant::now();
    let out = work.await;
    timings.push(start.elapsed());
    out
}

async fn bench(engine: Engine) {
    let app = TestApp::spawn(engine).await;
    println!("\n== {engine:?} ==");

    let mut timings = Vec::new();
    for i in 0..COMMANDS / 2 {
        let user = format!("bench-user-{}", i % 50);
        timings.extend(top_ups(&app.app.state.wallet, &user, &format!("pay-{i}"), 1).await);
    }
    println!(
        "wallet command + 4 live projections   {}",
        Timings(timings).summary()
    );
    history(&app).await;

    let headless = app.db().cqrs::<Wallet>(vec![], WalletServices::default());
    for i in 0..REPLAY_TOP_UPS {
        let user = format!("replay-user-{}", i % 200);
        let payment = format!("replay-{i}");
        headless
            .execute(
                &user,
                WalletCommand::RequestTopUp {
                    payment_id: payment.clone(),
                    amount: Fen(5_00),
                    at: 0,
                    simulated: false,
                },
            )
            .await
            .unwrap();
        headless
            .execute(
                &user,
                WalletCommand::CompleteTopUp {
                    payment_id: payment,
                    amount: Fen(5_00),
                    at: 0,
                },
            )
            .await
            .unwrap();
    }
    for projection in &app.app.projections {
        projection.reset().await.unwrap();
        let start = Instant::now();
        let applied = projection.catch_up(&|_, _| {}).await.unwrap();
        let secs = start.elapsed().as_secs_f64();
        println!(
            "replay {:<16} {applied:>6} events  {:>8.0} events/s  {:>7.2} s",
            projection.name(),
            applied as f64 / secs,
            secs
        );
    }

    let token = app.register("13800138000", "abc12345").await;
    let mut timings = Vec::new();
    for _ in 0..HTTP_CALLS {
        timed(
            &mut timings,
            app.get("/addons/unishop/user/user_info", Some(&token)),
        )
        .await;
    }
    println!(
        "GET user_info over HTTP                {}",
        Timings(timings).summary()
    );
    let mut timings = Vec::new();
    for _ in 0..LOGINS {
        timed(&mut timings, app.login("13800138000", "abc12345")).await;
    }
    println!(
        "POST login (RSA + argon2) over HTTP    {}",
        Timings(timings).summary()
    );
    app.finish().await;
}

const HISTORY_TOP_UPS: usize = 10_000;
const MEASURED_PAIRS: usize = 200;

/// `count` top-ups (requested, then completed) of `user`, each command timed.
async fn top_ups(
    wallet: &commands::db::Cqrs<Wallet>,
    user: &str,
    prefix: &str,
    count: usize,
) -> Vec<Duration> {
    let mut timings = Vec::with_capacity(count * 2);
    for i in 0..count {
        let payment = format!("{prefix}-{i}");
        for command in [
            WalletCommand::RequestTopUp {
                payment_id: payment.clone(),
                amount: Fen(1_00),
                at: 0,
                simulated: false,
            },
            WalletCommand::CompleteTopUp {
                payment_id: payment.clone(),
                amount: Fen(1_00),
                at: 0,
            },
        ] {
            timed(&mut timings, wallet.execute(user, command)).await.unwrap();
        }
    }
    timings
}

fn p50(mut timings: Vec<Duration>) -> f64 {
    timings.sort();
    timings[timings.len() / 2].as_secs_f64() * 1000.0
}

/// A wallet command on a wallet with `2 × HISTORY_TOP_UPS` events against one on a new wallet: loads
/// must stay flat however long the history.
async fn history(app: &TestApp) {
    let wallet = &app.app.state.wallet;
    let start = Instant::now();
    top_ups(wallet, "long-history", "h", HISTORY_TOP_UPS).await;
    println!(
        "a wallet of {} events written in {:.1} s",
        HISTORY_TOP_UPS * 2,
        start.elapsed().as_secs_f64()
    );
    let long = p50(top_ups(wallet, "long-history", "m", MEASURED_PAIRS).await);
    let new = p50(top_ups(wallet, "new-wallet", "m", MEASURED_PAIRS).await);
    // A process that has not loaded the wallet yet starts from its snapshot and the events after it.
    let fresh = app.db().cqrs::<Wallet>(vec![], WalletServices::default());
    let cold = p50(top_ups(&fresh, "long-history", "c", 1).await[..1].to_vec());
    println!(
        "wallet command p50: {} events {long:.2} ms, new wallet {new:.2} ms, ratio {:.2}; first command of a process on the long wallet {cold:.1} ms",
        HISTORY_TOP_UPS * 2 + MEASURED_PAIRS * 2,
        long / new
    );
}

fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>().join(" "))
        })
        .unwrap_or_else(|| "unknown".into())
}

const SEED_SMALL: usize = 10_000;
const SEED_LARGE: usize = 100_000;
const LIST_WORKERS: usize = 8;
const LIST_CALLS_EACH: usize = 250;
const SAME_STYLE_CALLS: usize = 200;

fn run_jpmall(data_dir: &std::path::Path, args: &[&str]) -> Duration {
    run_jpmall_on(data_dir, None, args)
}

/// `jpmall` on the data folder and, when given, a PostgreSQL database; answers the time it took.
fn run_jpmall_on(data_dir: &std::path::Path, database_url: Option<&str>, args: &[&str]) -> Duration {
    let start = Instant::now();
    let mut command = std::process::Command::new(tests::jpmall_binary());
    command
        .args(args)
        .env("JPMALL_DATA_DIR", data_dir)
        .env_remove("DATABASE_URL")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    let status = command.status().expect("jpmall runs");
    assert!(status.success(), "jpmall {args:?} failed");
    start.elapsed()
}

fn memory_of(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// `jpmall serve` in its own process on the SQLite data folder `dir`, once it answers; and its port.
async fn serve_process(dir: &std::path::Path) -> (std::process::Child, u16) {
    serve_process_on(dir, None).await
}

/// `jpmall serve` on the data folder and, when given, a PostgreSQL database, once it answers.
async fn serve_process_on(dir: &std::path::Path, database_url: Option<&str>) -> (std::process::Child, u16) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut command = std::process::Command::new(tests::jpmall_binary());
    command
        .args(["serve", "--addr", &format!("127.0.0.1:{port}")])
        .env("JPMALL_DATA_DIR", dir)
        .env("RUST_LOG", "error")
        .env_remove("DATABASE_URL")
        .stdout(std::process::Stdio::null());
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    let server = command.spawn().expect("jpmall serve starts");
    let client = reqwest::Client::new();
    for _ in 0..100 {
        let answered = client
            .get(format!(
                "http://127.0.0.1:{port}/jpmall/addons/unishop/areaSite/getAreaSites"
            ))
            .send()
            .await
            .is_ok();
        if answered {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    (server, port)
}

/// The catalogue at scale, on SQLite, against a real `jpmall serve` process loaded from this one.
async fn catalog() {
    let dir = tempfile::tempdir().unwrap();
    println!("\n== catalogue (SQLite, jpmall serve in its own process) ==");
    let small = run_jpmall(dir.path(), &["seed", "--products", &SEED_SMALL.to_string()]);
    println!(
        "seed {SEED_SMALL} products                     {:>7.1} s (target under 60 s)",
        small.as_secs_f64()
    );
    let large = run_jpmall(dir.path(), &["seed", "--products", &SEED_LARGE.to_string()]);
    println!(
        "seed on up to {SEED_LARGE} products           {:>7.1} s",
        large.as_secs_f64()
    );

    let (mut server, port) = serve_process(dir.path()).await;
    let base = format!("http://127.0.0.1:{port}/jpmall/addons/unishop");
    let client = reqwest::Client::new();

    let sorts = ["newest", "popularity", "price_asc", "price_desc", "sales"];
    let scenes = ["", "new", "hot", "sea"];
    let workers = (0..LIST_WORKERS).map(|w| {
        let (client, base) = (client.clone(), base.clone());
        tokio::spawn(async move {
            let mut timings = Vec::new();
            for i in 0..LIST_CALLS_EACH {
                let body = serde_json::json!({
                    "scene": scenes[(w + i) % scenes.len()],
                    "sort": sorts[i % sorts.len()],
                    "page": 1 + (i * 7 + w) % 50,
                    "pagesize": 20,
                });
                let start = Instant::now();
                let reply = client
                    .post(format!("{base}/product/lists"))
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                assert!(reply.status().is_success());
                reply.bytes().await.unwrap();
                timings.push(start.elapsed());
            }
            timings
        })
    });
    let mut all = Vec::new();
    for worker in workers {
        all.extend(worker.await.unwrap());
    }
    println!(
        "product/lists, {LIST_WORKERS} concurrent clients     {} (target p99 <= 10 ms)",
        Timings(all).summary_p99()
    );

    let mut timings = Vec::new();
    for i in 0..SAME_STYLE_CALLS {
        let id = tests::product_id_of((i * 4_999) % SEED_LARGE);
        let start = Instant::now();
        let reply = client
            .post(format!("{base}/product/same_style"))
            .json(&serde_json::json!({ "id": id }))
            .send()
            .await
            .unwrap();
        assert!(reply.status().is_success());
        reply.bytes().await.unwrap();
        timings.push(start.elapsed());
    }
    println!(
        "product/same_style                     {} (target <= 20 ms)",
        Timings(timings).summary_p99()
    );

    let db = commands::Database::connect(&dir.path().join("jpmall.db").display().to_string())
        .await
        .unwrap();
    let session = commands::accounts::login(
        &db,
        commands::accounts::Login {
            mobile: commands::catalog::seed::DEMO_MOBILE,
            password: commands::accounts::Password::Plain(commands::catalog::seed::DEMO_PASSWORD.into()),
            client_ip: "bench",
        },
    )
    .await
    .expect("the demo login works");
    let pid = server.id();
    let before = memory_of(pid, "VmHWM");
    for products in [20usize, 200] {
        let ids: Vec<String> = (0..products)
            .map(|i| tests::product_id_of(i * 37 % SEED_LARGE))
            .collect();
        let start = Instant::now();
        let mut reply = client
            .post(format!("{base}/index/images_zip"))
            .header("token", &session.token)
            .json(&serde_json::json!({ "id": ids }))
            .send()
            .await
            .unwrap();
        assert!(reply.status().is_success());
        let mut bytes = 0usize;
        while let Some(chunk) = reply.chunk().await.unwrap() {
            bytes += chunk.len();
        }
        println!(
            "zip of {products:>3} products: {:>6.1} MB in {:>5.1} s; server peak memory {} MB (before any zip {} MB)",
            bytes as f64 / 1e6,
            start.elapsed().as_secs_f64(),
            memory_of(pid, "VmHWM") / 1024,
            before / 1024
        );
    }
    db.close().await;
    let _ = server.kill();
    let _ = server.wait();
}

/// A PNG of one colour: a few hundred kilobytes that decode to `width × height` pixels.
fn flat_png(width: u32, height: u32) -> Vec<u8> {
    let mut png = Vec::new();
    image::RgbaImage::from_pixel(width, height, image::Rgba([200, 40, 40, 255]))
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    png
}

/// Memory of a real `jpmall serve` while sellers upload large pictures in parallel: decoding is
/// bounded per picture (24 megapixels) and in number (two at a time).
async fn uploads() {
    const PARALLEL: usize = 4;
    const ROUNDS: usize = 3;
    println!("\n== uploads (SQLite, jpmall serve in its own process) ==");
    let dir = tempfile::tempdir().unwrap();
    run_jpmall(dir.path(), &["migrate"]);
    let db = commands::Database::connect(&dir.path().join("jpmall.db").display().to_string())
        .await
        .unwrap();
    commands::accounts::ensure_user(&db, "13800009999", "bench123")
        .await
        .unwrap();
    let session = commands::accounts::login(
        &db,
        commands::accounts::Login {
            mobile: "13800009999",
            password: commands::accounts::Password::Plain("bench123".into()),
            client_ip: "bench",
        },
    )
    .await
    .expect("the bench login works");
    db.close().await;
    let (mut server, port) = serve_process(dir.path()).await;
    let url = format!("http://127.0.0.1:{port}/addons/unishop/category/upload");
    let client = reqwest::Client::new();
    let pid = server.id();
    let before = memory_of(pid, "VmRSS");
    let upload = |png: Vec<u8>| {
        let (client, url, token) = (client.clone(), url.clone(), session.token.clone());
        async move {
            let part = reqwest::multipart::Part::bytes(png).file_name("big.png");
            client
                .post(url)
                .header("token", token)
                .multipart(reqwest::multipart::Form::new().part("file", part))
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    let png = flat_png(6_000, 4_000);
    let start = Instant::now();
    for _ in 0..ROUNDS {
        let answers = futures::future::join_all((0..PARALLEL).map(|_| upload(png.clone()))).await;
        assert!(answers.iter().all(|s| s.is_success()), "{answers:?}");
    }
    println!(
        "{PARALLEL} parallel 24-megapixel PNGs ({} KB each) x {ROUNDS}: {:.1} s; server memory {} MB before, peak {} MB (before the cap: 727 MB for 4 x 36 MP)",
        png.len() / 1024,
        start.elapsed().as_secs_f64(),
        before / 1024,
        memory_of(pid, "VmHWM") / 1024
    );
    let refused = upload(flat_png(6_000, 6_000)).await;
    println!("a 36-megapixel PNG: HTTP {refused} (refused before decoding)");
    let _ = server.kill();
    let _ = server.wait();
}

const ORDER_CLIENTS: usize = 32;
/// Enough for a run of several seconds at the target pace; `JPMALL_BENCH_ORDERS_PER_CLIENT` changes it.
fn orders_per_client() -> usize {
    std::env::var("JPMALL_BENCH_ORDERS_PER_CLIENT")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(150)
}
const RANKING_EVENTS: usize = 1_000_000;
fn ranking_events() -> usize {
    std::env::var("JPMALL_BENCH_RANKING_EVENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(RANKING_EVENTS)
}

/// `count` sellers, each with 500,000 yuan in the wallet; answers their user ids.
async fn funded_sellers(state: &api::state::AppState, count: usize) -> Vec<String> {
    funded_sellers_from(state, count, 0).await
}

/// Like [`funded_sellers`], numbered from `first`.
async fn funded_sellers_from(state: &api::state::AppState, count: usize, first: usize) -> Vec<String> {
    let mut sellers = Vec::new();
    for n in first..first + count {
        let mobile = format!("1370000{n:04}");
        commands::accounts::ensure_user(&state.db, &mobile, "abc12345")
            .await
            .unwrap();
        let id: String = sqlx::query_scalar("SELECT id FROM users WHERE mobile = $1")
            .bind(&mobile)
            .fetch_one(&state.db.pool)
            .await
            .unwrap();
        // Top-ups are capped at 50,000 yuan each.
        for k in 0..10 {
            let payment_id = format!("bench-{n}-{k}");
            for command in [
                WalletCommand::RequestTopUp {
                    payment_id: payment_id.clone(),
                    amount: Fen::yuan(50_000),
                    at: 0,
                    simulated: false,
                },
                WalletCommand::CompleteTopUp {
                    payment_id: payment_id.clone(),
                    amount: Fen::yuan(50_000),
                    at: 0,
                },
            ] {
                state.wallets.execute(&id, command).await.unwrap();
            }
        }
        sellers.push(id);
    }
    sellers
}

/// Seeds a market with stock enough for anything; answers 60 of its SKUs.
async fn stocked_skus(app: &TestApp) -> Vec<String> {
    app.seed(30).await;
    stocked_skus_of(app).await
}

/// 60 SKUs of the market already seeded, with their stock made plentiful.
async fn stocked_skus_of(app: &TestApp) -> Vec<String> {
    use sqlx::Row;
    sqlx::query("UPDATE skus SET stock = 1000000")
        .execute(&app.db().pool)
        .await
        .unwrap();
    sqlx::query("SELECT id FROM skus ORDER BY id LIMIT 60")
        .fetch_all(&app.db().pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get("id"))
        .collect()
}

/// Places an order of `quantity` × `sku` for `user`; answers its number.
async fn place(state: &api::state::AppState, user: &str, sku: &str, quantity: i64) -> String {
    use commands::orders::placing::{self, DestinationChoice, OrderRequest, Wanted};
    use commands::orders::pricing::Options;
    let request = OrderRequest {
        wanted: Wanted::Lines(vec![(sku.to_string(), quantity)]),
        destination: DestinationChoice::Typed(domain::address::AddressInput {
            recipient: "压测".into(),
            phone: "13900001111".into(),
            province: "广东省".into(),
            city: "广州市".into(),
            district: "白云区".into(),
            detail: "测试路 1 号".into(),
        }),
        options: Options {
            courier: domain::order::Courier::Zto,
            qc: domain::order::QcLevel::Basic,
            value_added: vec![],
        },
        remark: String::new(),
        request_id: None,
        coupon_ids: Vec::new(),
        accept_price_rises: false,
    };
    let divisions = domain::address::divisions();
    let no = placing::submit(
        &state.db,
        &state.orders,
        &state.coupons,
        divisions,
        user,
        request,
        commands::clock::now(),
    )
    .await
    .unwrap();
    no
}

/// Pays order `no` of `user` from the wallet.
async fn pay(state: &api::state::AppState, user: &str, no: &str) {
    commands::orders::payment::pay_from_wallet(
        &state.db,
        &state.orders,
        &state.wallets,
        user,
        no,
        domain::order::PaymentMethod::Wallet,
        commands::clock::now(),
    )
    .await
    .unwrap();
}

/// Places an order of `quantity` × `sku` for `user` and pays it from the wallet; answers its number.
async fn place_and_pay(state: &api::state::AppState, user: &str, sku: &str, quantity: i64) -> String {
    let no = place(state, user, sku, quantity).await;
    pay(state, user, &no).await;
    no
}

/// Orders placed and paid from the wallet per second, `ORDER_CLIENTS` sellers at once, through the
/// same commands the HTTP calls send (reserve stock, place, debit, mark paid, all live projections).
async fn orders(engine: Engine) {
    let app = TestApp::spawn(engine).await;
    if engine == Engine::Postgres {
        // Before the run, so the insert load and the orders share an equally empty database.
        let inserts = plain_inserts(&app.database_url).await;
        println!(
            "plain single-row INSERTs, {ORDER_CLIENTS} clients      {inserts:>8.0} rows/s (the database's own pace)"
        );
        BASELINE.set(inserts).ok();
    }
    let skus = stocked_skus(&app).await;
    let state = app.app.state.clone();
    let sellers = funded_sellers(&state, ORDER_CLIENTS).await;
    let start = Instant::now();
    let clients: Vec<_> = sellers
        .into_iter()
        .enumerate()
        .map(|(n, user)| {
            let state = state.clone();
            let skus = skus.clone();
            tokio::spawn(async move {
                let per_client = orders_per_client();
                let mut timings = Vec::with_capacity(per_client);
                for k in 0..per_client {
                    let begun = Instant::now();
                    place_and_pay(&state, &user, &skus[(n * 7 + k) % skus.len()], 1 + (k % 3) as i64).await;
                    timings.push(begun.elapsed());
                }
                timings
            })
        })
        .collect();
    let mut all = Vec::new();
    for client in clients {
        all.extend(client.await.unwrap());
    }
    let secs = start.elapsed().as_secs_f64();
    let count = all.len();
    all.sort();
    println!(
        "orders placed + paid, {ORDER_CLIENTS} clients   {count:>6} orders  {:>8.0} orders/s  p50 {:>7.2} ms  p95 {:>7.2} ms",
        count as f64 / secs,
        all[count / 2].as_secs_f64() * 1000.0,
        all[count * 95 / 100].as_secs_f64() * 1000.0
    );
    if let Some(inserts) = BASELINE.get() {
        println!(
            "orders/s as a share of plain INSERTs/s: {:.3}",
            count as f64 / secs / inserts
        );
        // The ranking's follower commits batches of its own beside the commands: stopped here, so
        // the count is the commands'.
        app.stop_serving();
        commits_per_order(&app).await;
    }
    app.finish().await;
}

static BASELINE: std::sync::OnceLock<f64> = std::sync::OnceLock::new();

const INSERT_SECONDS: u64 = 5;

/// What PostgreSQL itself does with `ORDER_CLIENTS` clients each inserting one row per transaction
/// (pgbench's simplest write), through the native driver: the pace jpmall's orders are compared with.
async fn plain_inserts(url: &str) -> f64 {
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(ORDER_CLIENTS as u32)
        .connect(url)
        .await
        .unwrap();
    sqlx::query(
        "CREATE TABLE bench_inserts (id bigint PRIMARY KEY, client int NOT NULL, at bigint NOT NULL)",
    )
    .execute(&pool)
    .await
    .unwrap();
    let until = Instant::now() + Duration::from_secs(INSERT_SECONDS);
    let start = Instant::now();
    let clients: Vec<_> = (0..ORDER_CLIENTS as i64)
        .map(|client| {
            let pool = pool.clone();
            tokio::spawn(async move {
                let mut n = 0i64;
                while Instant::now() < until {
                    sqlx::query("INSERT INTO bench_inserts (id, client, at) VALUES ($1, $2, $3)")
                        .bind(client * 1_000_000_000 + n)
                        .bind(client as i32)
                        .bind(n)
                        .execute(&pool)
                        .await
                        .unwrap();
                    n += 1;
                }
                n
            })
        })
        .collect();
    let mut rows = 0;
    for client in clients {
        rows += client.await.unwrap();
    }
    let secs = start.elapsed().as_secs_f64();
    sqlx::query("DROP TABLE bench_inserts")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    rows as f64 / secs
}

const COUNTED_ORDERS: usize = 200;

/// Transactions committed in this database, as PostgreSQL counts them. Backends report their counts
/// when idle, at most every 10 s, so the count is read after a quiet pause.
async fn commits(app: &TestApp) -> i64 {
    tokio::time::sleep(Duration::from_secs(11)).await;
    let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&app.database_url)
        .await
        .unwrap();
    let n: i64 =
        sqlx::query_scalar("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")
            .fetch_one(&mut conn)
            .await
            .unwrap();
    n
}

/// Commits per order placed and per order paid, one seller at a time (read from
/// `pg_stat_database.xact_commit` around each phase; the reading itself costs one).
async fn commits_per_order(app: &TestApp) {
    let state = app.app.state.clone();
    let skus = stocked_skus_of(app).await;
    let seller = funded_sellers_from(&state, 1, 900).await.remove(0);
    let before = commits(app).await;
    let mut placed = Vec::new();
    for k in 0..COUNTED_ORDERS {
        placed.push(place(&state, &seller, &skus[k % skus.len()], 1).await);
    }
    let after_placing = commits(app).await;
    for no in &placed {
        pay(&state, &seller, no).await;
    }
    let after_paying = commits(app).await;
    let per = |from: i64, to: i64| (to - from - 1) as f64 / COUNTED_ORDERS as f64;
    println!(
        "commits per order placed {:.2}, per order paid {:.2} (pg_stat_database.xact_commit over {COUNTED_ORDERS} orders)",
        per(before, after_placing),
        per(after_placing, after_paying)
    );
}

const WAVE_ORDERS: usize = 1_000;

/// A day of the warehouse: a wave of 1,000 paid orders made and closed with some lines missed, then
/// the prepared orders shipped in one batch.
async fn warehouse(engine: Engine) {
    let app = TestApp::spawn(engine).await;
    let skus = stocked_skus(&app).await;
    let state = app.app.state.clone();
    let sellers = funded_sellers(&state, 20).await;
    let placing = Instant::now();
    let clients: Vec<_> = sellers
        .into_iter()
        .enumerate()
        .map(|(n, user)| {
            let state = state.clone();
            let skus = skus.clone();
            tokio::spawn(async move {
                for k in 0..WAVE_ORDERS / 20 {
                    place_and_pay(&state, &user, &skus[(n * 7 + k) % skus.len()], 1 + (k % 2) as i64).await;
                }
            })
        })
        .collect();
    for client in clients {
        client.await.unwrap();
    }
    println!(
        "{WAVE_ORDERS} paid orders placed in {:.1} s",
        placing.elapsed().as_secs_f64()
    );
    let actor = commands::actor::Actor::Operator;
    let started = Instant::now();
    let id = commands::actor::acting_as(
        actor.clone(),
        api::actions::waves::make_wave(&state, String::new(), String::new()),
    )
    .await
    .unwrap();
    let made = started.elapsed();
    // Every tenth SKU's line is one piece short.
    let missed: Vec<(String, i64)> = skus.iter().step_by(10).map(|sku| (sku.clone(), 1)).collect();
    let started = Instant::now();
    commands::actor::acting_as(
        actor.clone(),
        api::actions::waves::close_wave(&state, &id, missed),
    )
    .await
    .unwrap();
    let closed = started.elapsed();
    let wave = api::actions::waves::detail_of(&state, &id, api::i18n::Language::EnUs)
        .await
        .unwrap();
    println!(
        "wave of {} orders, {} lines: made in {:.2} s, closed and settled in {:.2} s ({} missed)",
        wave.order_count,
        wave.line_count,
        made.as_secs_f64(),
        closed.as_secs_f64(),
        wave.missed
    );
    let to_ship: Vec<api::actions::shipping::ShipmentInput> = wave
        .orders
        .iter()
        .flatten()
        .filter(|o| o.outcome == "prepared" || o.outcome == "short")
        .enumerate()
        .map(|(n, o)| api::actions::shipping::ShipmentInput {
            order_no: o.order_no.clone(),
            courier: "zto".into(),
            tracking_no: format!("7310{n:08}"),
        })
        .collect();
    let count = to_ship.len();
    let started = Instant::now();
    let shipped = commands::actor::acting_as(
        actor,
        api::actions::shipping::ship_many(&state, to_ship, api::i18n::Language::EnUs),
    )
    .await;
    println!(
        "batch of {count} orders shipped in {:.2} s ({} shipped, {} failed)",
        started.elapsed().as_secs_f64(),
        shipped.shipped,
        shipped.failed
    );
    app.finish().await;
}

/// The ranking rebuild over `RANKING_EVENTS` synthetic order events (placed, paid, prepared, shipped),
/// written straight into the event log.
async fn ranking_rebuild(engine: Engine) {
    use domain::order::{
        Courier, Destination, Fees, OrderEvent, OrderLine, PaymentMethod, Platform, QcLevel,
    };
    let app = TestApp::spawn(engine).await;
    let pool = app.db().pool.clone();
    let orders = ranking_events() / 4;
    let load = Instant::now();
    let json_cast = if engine == Engine::Postgres {
        "CAST(? AS JSON)"
    } else {
        "?"
    };
    for chunk_start in (0..orders).step_by(250) {
        let mut tx = pool.begin().await.unwrap();
        let mut rows = Vec::new();
        for n in chunk_start..(chunk_start + 250).min(orders) {
            let no = format!("B{n:09}");
            let at = 1_790_000_000 + (n as i64 % 90) * 86_400;
            let line = |k: usize| OrderLine {
                sku_id: format!("k{}", (n * 3 + k) % 5_000),
                product_id: format!("p{}", (n * 3 + k) % 1_000),
                stall_id: format!("s{}", (n + k) % 40),
                item_no: "A1".into(),
                title: "商品".into(),
                color: "黑".into(),
                size: "M".into(),
                unit_price: Fen(1_990),
                quantity: 1 + (k as i64 % 3),
            };
            let events = [
                OrderEvent::OrderPlaced {
                    order_no: no.clone(),
                    user_id: "bench".into(),
                    lines: vec![line(0), line(1)],
                    destination: Destination::Platform {
                        platform: Platform::Douyin,
                        source_order_no: no.clone(),
                        label_file: "/uploads/l.jpg".into(),
                        ship_to: None,
                    },
                    courier: Courier::Zto,
                    qc: QcLevel::None,
                    value_added: vec![],
                    fees: Fees::default(),
                    coupons: vec![],
                    line_shares: vec![],
                    remark: String::new(),
                    priority: Default::default(),
                    at,
                },
                OrderEvent::OrderPaid {
                    method: PaymentMethod::Wallet,
                    reference: no.clone(),
                    amount: Fen(5_970),
                    at,
                },
                OrderEvent::StockPrepared { at },
                OrderEvent::OrderShipped {
                    courier: Courier::Zto,
                    tracking_no: "ZT".into(),
                    at,
                },
            ];
            for (seq, event) in events.iter().enumerate() {
                rows.push((
                    no.clone(),
                    seq as i64 + 1,
                    cqrs_es::DomainEvent::event_type(event),
                    serde_json::to_string(event).unwrap(),
                ));
            }
        }
        for group in rows.chunks(200) {
            let mut sql = String::from("INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata) VALUES ");
            let mut n = 0;
            for (i, _) in group.iter().enumerate() {
                if i > 0 {
                    sql.push_str(", ");
                }
                let cast = |k: usize| json_cast.replace('?', &format!("${k}"));
                sql.push_str(&format!(
                    "('order', ${}, ${}, ${}, '1.0', {}, {})",
                    n + 1,
                    n + 2,
                    n + 3,
                    cast(n + 4),
                    cast(n + 5)
                ));
                n += 5;
            }
            let mut query = sqlx::query(&sql);
            for (no, seq, kind, payload) in group {
                query = query
                    .bind(no.as_str())
                    .bind(*seq)
                    .bind(kind.as_str())
                    .bind(payload.as_str())
                    .bind("{}");
            }
            query.execute(&mut *tx).await.unwrap();
        }
        tx.commit().await.unwrap();
    }
    println!(
        "ranking: {} synthetic order events written in {:.1} s",
        orders * 4,
        load.elapsed().as_secs_f64()
    );
    let ranking = app
        .app
        .projections
        .iter()
        .find(|p| p.name() == "ranking")
        .unwrap();
    // The follower beside the server would start a rebuild of its own once the ranking is reset.
    app.stop_serving();
    ranking.reset().await.unwrap();
    let start = Instant::now();
    let read = ranking.catch_up(&|_, _| {}).await.unwrap();
    let secs = start.elapsed().as_secs_f64();
    // The rate is over the order log, the events it skips (not followed) included.
    let logged = orders * 4;
    println!(
        "rebuild ranking  {logged:>8} order events ({read} followed)  {:>9.0} events/s  {secs:>7.2} s",
        logged as f64 / secs
    );
    app.finish().await;
}

const EXPORT_ORDERS: i64 = 20_000;

/// An Excel export of `EXPORT_ORDERS` orders of one seller (two lines each), written into the read
/// tables directly: how fast the workbook is written and what it costs in memory.
async fn excel_export(engine: Engine) {
    use commands::excel_jobs::{self, JobKind, NewJob};
    let app = TestApp::spawn(engine).await;
    let state = app.app.state.clone();
    let pool = &state.db.pool;
    let rows =
        format!("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {EXPORT_ORDERS}) ");
    sqlx::query(&format!(
        "{rows}INSERT INTO orders (order_no, user_id, kind, platform, source_order_no, label_file, recipient, phone, \
         province, city, district, detail, status, stock_status, abnormal, reviewed, courier, qc_level, value_added, \
         product_amount, shipping, service, qc_fee, value_added_fee, coupon_discount, total, item_count, paid_amount, \
         refunded, payment_method, ship_courier, tracking_no, remark, rating, review, placed_at, paid_at, shipped_at, \
         completed_at, cancelled_at, coupons) \
         SELECT 'JPB' || i, 'bench', 'domestic', '', '', '', '王五', '13900002222', '广东省', '广州市', '白云区', \
         '机场路 2 号', 'to_be_shipped', 'pending_stock', 0, 0, 'zto', 'basic', '', 9980, 500, 200, 60, 0, 0, 10740, 2, \
         10740, 0, 'wallet', '', '', '', 0, '', 1795000000 + i, 1795000100 + i, 0, 0, 0, '[]' FROM n"
    ))
    .execute(pool)
    .await
    .unwrap();
    for line in 0..2 {
        sqlx::query(&format!(
            "{rows}INSERT INTO order_items (order_no, line_no, sku_id, product_id, stall_id, item_no, title, color, \
             size, unit_price, quantity, short_quantity) \
             SELECT 'JPB' || i, {line}, 'k{line}', 'p{line}', 's1', 'A100{line}', '压测连衣裙', '黑色', 'M', 4990, 1, 0 FROM n"
        ))
        .execute(pool)
        .await
        .unwrap();
    }
    let filter = projections::orders::Filter {
        user_id: Some("bench".into()),
        tab: projections::orders::Tab::All,
        order_no: String::new(),
        source_order_no: String::new(),
        platform: String::new(),
        start: None,
        end: None,
    };
    let path = app.app.state.config.data_dir.join("bench-export.xlsx");
    let job = NewJob {
        id: excel_jobs::new_job_id(commands::clock::now()),
        user_id: "bench".into(),
        kind: JobKind::Export,
        table_code: "orders".into(),
        language: "zh_CN".into(),
        file_name: "bench.xlsx".into(),
        file_path: path.display().to_string(),
        total: EXPORT_ORDERS,
    };
    excel_jobs::start(&state.db, &job, commands::clock::now())
        .await
        .unwrap();
    let before = peak_memory();
    let begun = Instant::now();
    api::excel::export::run(
        state.clone(),
        job,
        api::excel::export::ExportSpec::Orders(filter),
        api::i18n::Language::ZhCn,
    )
    .await;
    let secs = begun.elapsed().as_secs_f64();
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    println!(
        "excel export of {EXPORT_ORDERS} orders ({} item rows)  {secs:>6.2} s  {:>8.0} orders/s  file {:.1} MB  peak before {before}, after {}",
        EXPORT_ORDERS * 2,
        EXPORT_ORDERS as f64 / secs,
        size as f64 / 1_048_576.0,
        peak_memory()
    );
    app.finish().await;
}

/// Both engines, or those `JPMALL_BENCH_ENGINES` names (`sqlite`, `postgres`).
fn engines() -> Vec<Engine> {
    let only = std::env::var("JPMALL_BENCH_ENGINES").unwrap_or_default();
    [Engine::Sqlite, Engine::Postgres]
        .into_iter()
        .filter(|e| only.is_empty() || only.to_lowercase().contains(&format!("{e:?}").to_lowercase()))
        .collect()
}

/// `JPMALL_BENCH=orders` (or `foundation`, `catalog`, `search`, `replay`, `warehouse`, `uploads`,
/// `imports`, `excel`, `listing`) runs one part; unset runs them all.
fn wanted(part: &str) -> bool {
    std::env::var("JPMALL_BENCH").map_or(true, |only| only.split(',').any(|p| p.trim() == part))
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    if wanted("foundation") {
        println!(
            "jpmall bench: {COMMANDS} wallet commands, {} events replayed, {HTTP_CALLS} reads, {LOGINS} logins",
            REPLAY_TOP_UPS * 2
        );
        for engine in engines() {
            bench(engine).await;
        }
    }
    if wanted("catalog") {
        catalog().await;
    }
    if wanted("search") {
        for engine in engines() {
            println!("\n== keyword search on {engine:?} (jpmall serve in its own process) ==");
            search::search_at_scale(engine).await;
        }
    }
    if wanted("orders") {
        for engine in engines() {
            println!("\n== orders on {engine:?} ==");
            if std::env::var("JPMALL_BENCH_ONLY_RANKING").is_err() {
                orders(engine).await;
            }
            ranking_rebuild(engine).await;
        }
    }
    if wanted("replay") {
        for engine in engines() {
            println!("\n== replay and audits on {engine:?} ==");
            replay::replay_at_scale(engine).await;
        }
    }
    if wanted("warehouse") {
        for engine in engines() {
            println!("\n== warehouse on {engine:?} ==");
            warehouse(engine).await;
        }
    }
    if wanted("uploads") {
        uploads().await;
    }
    if wanted("imports") {
        imports::imports_memory().await;
    }
    if wanted("excel") {
        for engine in engines() {
            println!("\n== excel on {engine:?} ==");
            excel_export(engine).await;
        }
    }
    if wanted("listing") {
        for engine in engines() {
            println!("\n== listing packages on {engine:?} (jpmall serve in its own process) ==");
            listing::package_of_200(engine).await;
        }
    }
    println!("\npeak resident memory of the bench process: {}", peak_memory());
}
