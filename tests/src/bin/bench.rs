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
        "wallet command + 2 live projections   {}",
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

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    println!(
        "jpmall bench: {COMMANDS} wallet commands, {} events replayed, {HTTP_CALLS} reads, {LOGINS} logins",
        REPLAY_TOP_UPS * 2
    );
    for engine in [Engine::Sqlite, Engine::Postgres] {
        bench(engine).await;
    }
    println!("\npeak resident memory of the bench process: {}", peak_memory());
}
