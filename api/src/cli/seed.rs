//! `jpmall seed`: the deterministic demo market, its order history, coupons and staff.

use anyhow::Context;

use super::{open_database, progress_bar};
use crate::app;
use crate::config::Config;

pub(super) async fn seed(config: Config, products: usize) -> anyhow::Result<()> {
    use commands::catalog::seed::{self as demo, Stage};
    let db = open_database(&config).await?;
    let bars = [Stage::Reference, Stage::Products, Stage::Search, Stage::Rankings]
        .map(|stage| (stage, progress_bar(stage.label())));
    let report = demo::seed(&db, products, &|stage, done, total| {
        if let Some((_, bar)) = bars.iter().find(|(s, _)| *s == stage) {
            bar.set_length(total);
            bar.set_position(done);
            if done == total {
                bar.finish();
            }
        }
    })
    .await
    .map_err(|e| anyhow::anyhow!("{e}"))
    .context("seeding the demo market")?;
    db.close().await;
    println!(
        "demo market: {} stalls, {} products ({} added)",
        report.stalls_total, report.products_total, report.products_added
    );
    let app = app::open(config).await?;
    let bar = progress_bar("order history");
    let queues = commands::orders::history::HistoryQueues {
        orders: &app.state.orders,
        coupons: &app.state.coupons,
        wallet: &app.state.wallets,
        after_sales: &app.state.after_sales,
    };
    let placed = commands::orders::history::seed_history(
        &app.state.db,
        queues,
        domain::address::divisions(),
        commands::clock::now(),
        &|day, days| {
            bar.set_length(days);
            bar.set_position(day);
        },
    )
    .await
    .map_err(|e| anyhow::anyhow!("{e:?}"))
    .context("seeding the order history")?;
    bar.finish();
    let coupons = demo_coupons(&app.state).await;
    let staff = commands::staff::seed_demo(&app.state.db, demo::DEMO_PASSWORD).await;
    app.state.db.close().await;
    println!(
        "order history: {placed} orders over {} days",
        commands::orders::history::HISTORY_DAYS
    );
    println!("demo coupons: {}", coupons?);
    println!("demo login: {} / {}", demo::DEMO_MOBILE, demo::DEMO_PASSWORD);
    let staff = staff
        .map_err(|e| anyhow::anyhow!("{e}"))
        .context("adding the demo staff")?;
    println!(
        "demo staff (console at /admin/login, password {}):",
        demo::DEMO_PASSWORD
    );
    for (role, mobile) in staff {
        println!("  {:<10} {mobile}", role.name());
    }
    Ok(())
}

/// Two coupons for the demo seller and one published for anyone to claim, on an empty coupon book.
pub(super) async fn demo_coupons(state: &crate::state::AppState) -> anyhow::Result<usize> {
    use commands::coupons::{issue, publish, NewCoupon};
    use domain::coupon::{CouponKind, Discount};
    use domain::money::Fen;
    let any: Option<i64> = sqlx::query_scalar("SELECT 1 FROM coupon_templates LIMIT 1")
        .fetch_optional(&state.db.pool)
        .await?;
    if any.is_some() {
        return Ok(0);
    }
    let demo: String = sqlx::query_scalar("SELECT id FROM users WHERE mobile = $1")
        .bind(commands::catalog::seed::DEMO_MOBILE)
        .fetch_one(&state.db.pool)
        .await?;
    let now = commands::clock::now();
    let days = |n: i64| now + n * domain::calendar::DAY_SECONDS;
    let failed = |e: commands::Error| anyhow::anyhow!("demo coupons: {e:?}");
    let coupons = [
        NewCoupon {
            name: "满100减10".into(),
            name_en: "¥10 off goods over ¥100".into(),
            kind: CouponKind::Product,
            discount: Discount::FullReduction {
                threshold: Fen::yuan(100),
                amount: Fen::yuan(10),
            },
            valid_from: now,
            valid_to: days(30),
        },
        NewCoupon {
            name: "运费五折".into(),
            name_en: "50% off shipping".into(),
            kind: CouponKind::Shipping,
            discount: Discount::Percentage {
                threshold: Fen::ZERO,
                percent_off: 50,
            },
            valid_from: now,
            valid_to: days(30),
        },
    ];
    for coupon in &coupons {
        issue(&state.coupons, &demo, coupon, "operator", now)
            .await
            .map_err(failed)?;
    }
    let claimable = NewCoupon {
        name: "服务费立减2元".into(),
        name_en: "¥2 off service fees".into(),
        kind: CouponKind::Service,
        discount: Discount::FullReduction {
            threshold: Fen::ZERO,
            amount: Fen::yuan(2),
        },
        valid_from: now,
        valid_to: days(14),
    };
    publish(&state.db, &claimable, 100, now).await.map_err(failed)?;
    Ok(coupons.len() + 1)
}
