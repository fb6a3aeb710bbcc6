//! `make bench`: speed and memory of the foundation, on SQLite and on PostgreSQL. Measured here,
//! never asserted in tests.

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
        let payment = format!("pay-{i}");
        for command in [
            WalletCommand::RequestTopUp {
                payment_id: payment.clone(),
                amount: Fen(1_00),
                at: 0,
            },
            WalletCommand::CompleteTopUp {
                payment_id: payment,
                amount: Fen(1_00),
                at: 0,
            },
        ] {
            timed(&mut timings, app.app.state.wallet.execute(&user, command))
                .await
                .unwrap();
        }
    }
    println!(
        "wallet command + 3 live projections   {}",
        Timings(timings).summary()
    );

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
    let start = Instant::now();
    let status = std::process::Command::new(tests::jpmall_binary())
        .args(args)
        .env("JPMALL_DATA_DIR", data_dir)
        .env_remove("DATABASE_URL")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .expect("jpmall runs");
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

    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut server = std::process::Command::new(tests::jpmall_binary())
        .args(["serve", "--addr", &format!("127.0.0.1:{port}")])
        .env("JPMALL_DATA_DIR", dir.path())
        .env("RUST_LOG", "error")
        .env_remove("DATABASE_URL")
        .spawn()
        .expect("jpmall serve starts");
    let base = format!("http://127.0.0.1:{port}/jpmall/addons/unishop");
    let client = reqwest::Client::new();
    for _ in 0..100 {
        if client
            .post(format!("{base}/category/tree"))
            .json(&serde_json::json!({}))
            .send()
            .await
            .is_ok()
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

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

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    println!(
        "jpmall bench: {COMMANDS} wallet commands, {} events replayed, {HTTP_CALLS} reads, {LOGINS} logins",
        REPLAY_TOP_UPS * 2
    );
    for engine in [Engine::Sqlite, Engine::Postgres] {
        bench(engine).await;
    }
    catalog().await;
    println!("\npeak resident memory of the bench process: {}", peak_memory());
}
