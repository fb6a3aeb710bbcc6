//! Replays and audits at scale: a market's log of `JPMALL_BENCH_REPLAY_EVENTS` wallet events (and
//! the orders they paid, coupons they redeemed, after-sales they asked for) written straight into
//! the event log, then every projection rebuilt from nothing and `jpmall audit wallet --all` and
//! `audit refunds` run as processes, timed, with their peak memory.

use std::time::{Duration, Instant};

use tests::synthetic::{in_time_order, seller_log, write_log};
use tests::{Engine, TestApp};

/// Wallet events per seller: a long history, as a busy seller's.
const EVENTS_PER_WALLET: usize = 200;

fn wallet_events() -> usize {
    std::env::var("JPMALL_BENCH_REPLAY_EVENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}

pub async fn replay_at_scale(engine: Engine) {
    let app = TestApp::spawn(engine).await;
    // Nothing else may follow the log while it is rebuilt.
    app.stop_serving();
    let pool = app.db().pool.clone();
    let sellers = wallet_events().div_ceil(EVENTS_PER_WALLET);
    let start = Instant::now();
    let (mut wallet, mut order, mut coupon, mut after_sale) = (0usize, 0usize, 0usize, 0usize);
    let mut pending = Vec::new();
    for n in 0..sellers {
        let log = seller_log(n, EVENTS_PER_WALLET).await;
        wallet += log.iter().filter(|r| r.aggregate_type == "wallet").count();
        order += log.iter().filter(|r| r.aggregate_type == "order").count();
        coupon += log.iter().filter(|r| r.aggregate_type == "coupon").count();
        after_sale += log.iter().filter(|r| r.aggregate_type == "after_sale").count();
        pending.extend(log);
        if pending.len() >= 50_000 || n + 1 == sellers {
            in_time_order(&mut pending);
            write_log(&pool, engine, &pending).await.unwrap();
            pending.clear();
        }
    }
    println!(
        "replay: {wallet} wallet events of {sellers} sellers, {order} order events, {coupon} coupon events \
         and {after_sale} after-sale events written in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    if engine == Engine::Postgres {
        settle(&pool).await;
    }
    // `JPMALL_BENCH_REBUILD=wallet_ledger,orders` rebuilds only those.
    let only = std::env::var("JPMALL_BENCH_REBUILD").unwrap_or_default();
    let wanted = |name: &str| only.is_empty() || only.split(',').any(|n| n.trim() == name);
    for projection in app.app.projections.iter().filter(|p| wanted(p.name())) {
        projection.reset().await.unwrap();
        let start = Instant::now();
        let applied = projection.catch_up(&|_, _| {}).await.unwrap();
        let secs = start.elapsed().as_secs_f64();
        println!(
            "rebuild {:<22} {applied:>8} events  {:>9.0} events/s  {secs:>7.2} s",
            projection.name(),
            applied as f64 / secs
        );
    }
    if std::env::var("JPMALL_BENCH_NO_AUDITS").is_ok() {
        app.finish().await;
        return;
    }
    for args in [&["audit", "wallet", "--all"][..], &["audit", "refunds"][..]] {
        let (took, peak_kib, ok) = run_measured(&app, args);
        println!(
            "jpmall {:<18} {:>7.2} s  peak memory {:>6} MiB  {}",
            args.join(" "),
            took.as_secs_f64(),
            peak_kib / 1024,
            if ok { "clean" } else { "FAILED" }
        );
    }
    app.finish().await;
}

/// Leaves the log as a rebuild finds a market's log written over months: vacuumed and analysed, as
/// autovacuum leaves a table it has seen (a count of one aggregate type's events is then an
/// index-only scan: 0.17 s → 0.01 s for 125,000 coupon events), and its pages flushed, so that the
/// checkpoint the bench's own load of the log brings on is not timed as the first rebuild's.
async fn settle(pool: &sqlx::AnyPool) {
    let start = Instant::now();
    sqlx::query("VACUUM ANALYZE events").execute(pool).await.unwrap();
    if let Err(e) = sqlx::query("CHECKPOINT").execute(pool).await {
        println!("replay: no CHECKPOINT before the rebuilds (it needs pg_checkpoint): {e}");
    }
    println!(
        "replay: log vacuumed, analysed and flushed in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

/// Runs `jpmall` on the app's database with its output discarded; answers the time it took, its
/// peak resident memory (KiB) and whether it succeeded.
fn run_measured(app: &TestApp, args: &[&str]) -> (Duration, u64, bool) {
    let mut command = std::process::Command::new(tests::jpmall_binary());
    command
        .args(args)
        .env("JPMALL_DATA_DIR", app.data_dir.path())
        .env_remove("DATABASE_URL")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    if app.engine == Engine::Postgres {
        command.env("DATABASE_URL", &app.database_url);
    }
    let start = Instant::now();
    let mut child = command.spawn().expect("jpmall runs");
    let mut peak = 0;
    loop {
        peak = peak.max(super::memory_of(child.id(), "VmHWM"));
        if let Some(status) = child.try_wait().expect("jpmall is waited for") {
            return (start.elapsed(), peak, status.success());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
