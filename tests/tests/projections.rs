//! Live projections share their command's transaction (a failing one fails the command and leaves
//! no event), and events committed without their projections (a process of an older version, or
//! one without them) are projected from the event log when the application starts.

use std::collections::HashMap;

use cqrs_es::AggregateError;
use domain::money::Fen;
use domain::wallet::{Wallet, WalletCommand, WalletServices};
use projections::bulk::{Cell, Rows};
use projections::wallet::{balance_of, ledger_of, Balance};
use sqlx::{Column, Row};
use tests::synthetic::{in_time_order, seller_log, write_log};
use tests::{on_both_engines, Engine, TestApp};
use tokio::sync::Notify;

on_both_engines!(
    a_projection_that_fails_fails_the_command_and_leaves_no_event,
    events_committed_by_a_process_that_stopped_are_projected_at_start,
    the_wallet_refuses_what_it_must_and_repeats_are_harmless,
    every_projection_replays_to_the_tables_its_events_make_one_by_one,
    multi_row_writes_store_every_value_as_given,
);

async fn execute(app: &TestApp, user: &str, command: WalletCommand) {
    let metadata = HashMap::from([("actor".to_string(), "test".to_string())]);
    app.app
        .state
        .wallet
        .execute_with_metadata(user, command, metadata)
        .await
        .expect("the command is accepted");
}

async fn top_up(app: &TestApp, user: &str, payment: &str, fen: i64) {
    let at = commands::clock::now();
    execute(
        app,
        user,
        WalletCommand::RequestTopUp {
            payment_id: payment.into(),
            amount: Fen(fen),
            at,
            simulated: false,
        },
    )
    .await;
    execute(
        app,
        user,
        WalletCommand::CompleteTopUp {
            payment_id: payment.into(),
            amount: Fen(fen),
            at,
        },
    )
    .await;
}

async fn restart(app: &TestApp) -> tests::App {
    let url = (app.engine == Engine::Postgres).then(|| app.database_url.clone());
    api::app::open(tests::config(app.data_dir.path(), url, &app.web_dist))
        .await
        .expect("the app opens again")
}

async fn inject_ledger_failure(app: &TestApp) {
    let statements: &[&str] = match app.engine {
        Engine::Sqlite => &["CREATE TRIGGER fail_withdrawals BEFORE INSERT ON wallet_ledger WHEN NEW.kind = 'withdrawal' \
             BEGIN SELECT RAISE(ABORT, 'injected failure'); END"],
        Engine::Postgres => &[
            "CREATE FUNCTION fail_ledger() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$ LANGUAGE plpgsql",
            "CREATE TRIGGER fail_withdrawals BEFORE INSERT ON wallet_ledger FOR EACH ROW \
             WHEN (NEW.kind = 'withdrawal') EXECUTE FUNCTION fail_ledger()",
        ],
    };
    for sql in statements {
        sqlx::query(sql).execute(&app.db().pool).await.unwrap();
    }
}

async fn remove_ledger_failure(app: &TestApp) {
    let sql = match app.engine {
        Engine::Sqlite => "DROP TRIGGER fail_withdrawals",
        Engine::Postgres => "DROP TRIGGER fail_withdrawals ON wallet_ledger",
    };
    sqlx::query(sql).execute(&app.db().pool).await.unwrap();
}

async fn events_of(app: &TestApp, user: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM events WHERE aggregate_type = 'wallet' AND aggregate_id = $1")
        .bind(user)
        .fetch_one(&app.db().pool)
        .await
        .unwrap()
}

async fn a_projection_that_fails_fails_the_command_and_leaves_no_event(app: &TestApp) {
    let pool = &app.db().pool;
    top_up(app, "seller-1", "pay-1", 10_000).await;
    let at = commands::clock::now();
    execute(
        app,
        "seller-1",
        WalletCommand::BindPayoutAccount {
            payee: "王小明".into(),
            account: "wx-123".into(),
            at,
            phone_verified: false,
        },
    )
    .await;
    let events = events_of(app, "seller-1").await;
    assert_eq!(ledger_of(pool, "seller-1").await.unwrap().len(), 1);

    inject_ledger_failure(app).await;
    let withdraw = WalletCommand::RequestWithdrawal {
        withdrawal_id: "wd-1".into(),
        amount: Fen(30_00),
        at,
    };
    let failed = app.app.state.wallet.execute("seller-1", withdraw.clone()).await;
    assert!(
        matches!(failed, Err(AggregateError::UnexpectedError(_))),
        "the ledger's failure is the command's: {failed:?}"
    );
    // Nothing of it is stored: no event, and the balance projection (written before the ledger, in
    // the same transaction) still shows the money as available.
    assert_eq!(events_of(app, "seller-1").await, events);
    assert_eq!(
        balance_of(pool, "seller-1").await.unwrap(),
        Balance {
            balance: Fen(10_000),
            frozen: Fen(0)
        }
    );
    assert_eq!(ledger_of(pool, "seller-1").await.unwrap().len(), 1);

    remove_ledger_failure(app).await;
    execute(app, "seller-1", withdraw).await;
    let restarted = restart(app).await;
    let ledger = ledger_of(&restarted.state.db.pool, "seller-1").await.unwrap();
    let kinds: Vec<_> = ledger
        .iter()
        .map(|row| (row.kind.as_str(), row.amount, row.balance_after))
        .collect();
    assert_eq!(
        kinds,
        [
            ("top_up", Fen(10_000), Fen(10_000)),
            ("withdrawal", Fen(-30_00), Fen(70_00))
        ]
    );
    assert_eq!(
        balance_of(pool, "seller-1").await.unwrap(),
        Balance {
            balance: Fen(70_00),
            frozen: Fen(30_00)
        }
    );

    // Catching up applies nothing twice.
    restarted.catch_up().await.unwrap();
    assert_eq!(ledger_of(pool, "seller-1").await.unwrap().len(), 2);
    restarted.state.db.close().await;
}

async fn events_committed_by_a_process_that_stopped_are_projected_at_start(app: &TestApp) {
    // A framework without projections is a process that died between the commit and the projection.
    let headless = app.db().cqrs::<Wallet>(vec![], WalletServices::default());
    let at = commands::clock::now();
    for command in [
        WalletCommand::RequestTopUp {
            payment_id: "pay-9".into(),
            amount: Fen(12_34),
            at,
            simulated: false,
        },
        WalletCommand::CompleteTopUp {
            payment_id: "pay-9".into(),
            amount: Fen(12_34),
            at,
        },
    ] {
        headless.execute("seller-2", command).await.unwrap();
    }
    assert_eq!(
        balance_of(&app.db().pool, "seller-2").await.unwrap(),
        Balance::default()
    );

    let restarted = restart(app).await;
    let pool = &restarted.state.db.pool;
    assert_eq!(balance_of(pool, "seller-2").await.unwrap().balance, Fen(12_34));
    assert_eq!(ledger_of(pool, "seller-2").await.unwrap().len(), 1);
    restarted.state.db.close().await;
}

async fn the_wallet_refuses_what_it_must_and_repeats_are_harmless(app: &TestApp) {
    top_up(app, "seller-3", "pay-3", 50_00).await;
    // The payment confirmation arrives twice: the second changes nothing.
    let at = commands::clock::now();
    execute(
        app,
        "seller-3",
        WalletCommand::CompleteTopUp {
            payment_id: "pay-3".into(),
            amount: Fen(50_00),
            at,
        },
    )
    .await;
    let refused = app
        .app
        .state
        .wallet
        .execute(
            "seller-3",
            WalletCommand::DebitOrderPayment {
                order_id: "order-1".into(),
                amount: Fen(60_00),
                at,
            },
        )
        .await;
    assert!(
        matches!(refused, Err(AggregateError::UserError(ref e)) if e.key() == "wallet.insufficient_balance")
    );
    let pool = &app.db().pool;
    assert_eq!(balance_of(pool, "seller-3").await.unwrap().balance, Fen(50_00));
    assert_eq!(ledger_of(pool, "seller-3").await.unwrap().len(), 1);
}

/// A projection's rows, each as `column=value` text, sorted; `messages.seq` (an identity the
/// database numbers) is left out.
async fn rows_of(app: &TestApp, tables: &[&str]) -> Vec<String> {
    let mut all = Vec::new();
    for table in tables {
        for row in sqlx::query(&format!("SELECT * FROM {table}"))
            .fetch_all(&app.db().pool)
            .await
            .unwrap()
        {
            let mut cells = vec![table.split_whitespace().next().unwrap_or(table).to_string()];
            for column in row.columns() {
                let name = column.name();
                if name == "seq" {
                    continue;
                }
                let value = row
                    .try_get::<Option<i64>, _>(name)
                    .map(|v| format!("{v:?}"))
                    .or_else(|_| row.try_get::<Option<String>, _>(name).map(|v| format!("{v:?}")))
                    .or_else(|_| row.try_get::<Option<f64>, _>(name).map(|v| format!("{v:?}")))
                    .unwrap_or_else(|e| panic!("{table}.{}: {e}", column.name()));
                cells.push(format!("{}={value}", column.name()));
            }
            all.push(cells.join(" "));
        }
    }
    all.sort();
    all
}

/// The indexes of `tables` (a projection's `TABLES`), sorted.
async fn indexes_of(app: &TestApp, tables: &[&str]) -> Vec<String> {
    let sql = match app.engine {
        Engine::Postgres => "SELECT CAST(indexname AS TEXT) FROM pg_indexes WHERE tablename = $1",
        Engine::Sqlite => "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = $1",
    };
    let mut all = Vec::new();
    for table in tables {
        let table = table.split_whitespace().next().unwrap_or(table);
        for name in sqlx::query_scalar::<_, String>(sql)
            .bind(table)
            .fetch_all(&app.db().pool)
            .await
            .unwrap()
        {
            all.push(format!("{table}.{name}"));
        }
    }
    all.sort();
    all
}

/// Replays fold pages of events into multi-row statements; what they write must be what applying
/// the events one by one (the live path's claims) writes. 40 sellers of 200 wallet events and their
/// orders, in time order, replayed in pages of 250: an aggregate's events are pages apart, and the
/// orders' window (100 orders) is shorter than the warehouse's minutes (240 orders are placed
/// before one is shipped), so most orders are prepared, resolved and shipped after they were
/// written, as in a market's log. The replays that keep orders in memory across pages are also cut
/// off and resumed.
async fn every_projection_replays_to_the_tables_its_events_make_one_by_one(app: &TestApp) {
    const PAGE: i64 = 250;
    // The replays that keep what they folded, or let offsets wait, across pages.
    const RESUMED: [&str; 2] = ["orders", "messages_orders"];
    app.stop_serving();
    let mut log = Vec::new();
    for n in 0..40 {
        log.extend(seller_log(n, 200).await);
    }
    in_time_order(&mut log);
    write_log(&app.db().pool, app.engine, &log).await.unwrap();
    let mut compared = 0;
    for projection in app.app.projections.iter().filter(|p| p.name() != "ranking") {
        let name = projection.name();
        projection.reset().await.unwrap();
        // An offset recorded makes the catch-up claim and apply event by event, as the live path.
        sqlx::query(
            "INSERT INTO projection_offsets (projection, aggregate_type, aggregate_id, sequence) \
             VALUES ($1, 'none', 'none', 0)",
        )
        .bind(name)
        .execute(&app.db().pool)
        .await
        .unwrap();
        projection.catch_up(&|_, _| {}).await.unwrap();
        let one_by_one = rows_of(app, projection.tables()).await;
        projection.reset().await.unwrap();
        let replayed = projection.catch_up_in_pages(PAGE, &|_, _| {}).await.unwrap();
        assert_eq!(rows_of(app, projection.tables()).await, one_by_one, "{name}");
        if replayed > PAGE as usize && !one_by_one.is_empty() {
            compared += 1;
        }
        if RESUMED.contains(&name) {
            // Cut off once its first page is committed (a kill), then caught up as at the next start.
            let indexes = indexes_of(app, projection.tables()).await;
            projection.reset().await.unwrap();
            let first_page = Notify::new();
            let progress = |done: u64, _| {
                if done > 0 {
                    first_page.notify_one();
                }
            };
            let replay = projection.catch_up_in_pages(PAGE, &progress);
            tokio::select! {
                biased;
                _ = first_page.notified() => {}
                _ = replay => panic!("{name}: the replay was not cut off"),
            }
            let set_aside: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM replay_set_aside_indexes WHERE projection = $1")
                    .bind(name)
                    .fetch_one(&app.db().pool)
                    .await
                    .unwrap();
            if app.engine == Engine::Postgres && name == "orders" {
                assert!(set_aside > 0, "the orders' replay set no index aside");
            }
            projection.catch_up(&|_, _| {}).await.unwrap();
            assert_eq!(
                rows_of(app, projection.tables()).await,
                one_by_one,
                "{name} resumed after a cut"
            );
            assert_eq!(
                indexes_of(app, projection.tables()).await,
                indexes,
                "{name}: the indexes its replay set aside were built again"
            );
        }
    }
    // The wallet's four projections and the order's two, each over more than a page.
    assert!(
        compared >= 6,
        "{compared} projections compared over more than a page"
    );
}

/// The replays' multi-row writes (array parameters on PostgreSQL, `VALUES` lists on SQLite) store
/// text that array literals and SQL quote or escape exactly as given, NULLs as NULL (a column of
/// NULLs only too, of either type), and more rows
/// than one statement holds, in order.
async fn multi_row_writes_store_every_value_as_given(app: &TestApp) {
    let pool = &app.db().pool;
    sqlx::query(
        "CREATE TABLE written (n BIGINT PRIMARY KEY, text TEXT, amount BIGINT, never TEXT, unset BIGINT)",
    )
    .execute(pool)
    .await
    .unwrap();
    let texts = [
        "plain",
        "",
        "NULL",
        "with \"quotes\", commas, {braces} and \\ backslashes \\\"",
        "  spaces around  ",
        "换行前\n后\t制表，“中文”",
        "'single' -- not a comment; DROP TABLE written",
        "😀",
    ];
    type Written = (i64, Option<String>, Option<i64>, Option<String>, Option<i64>);
    let mut rows = Rows::new("written (n, text, amount, never, unset)", "");
    let mut expected: Vec<Written> = Vec::new();
    for n in 0..12_000i64 {
        let text = (n % 5 != 4).then(|| texts[n as usize % texts.len()].to_string());
        let amount = (n % 3 != 0).then_some(n * 1_000_003 - 6_000_000_000);
        rows.push([
            n.into(),
            text.clone().map_or(Cell::Null, Cell::Text),
            amount.into(),
            Cell::Null,
            Cell::Null,
        ]);
        expected.push((n, text, amount, None, None));
    }
    let mut conn = pool.acquire().await.unwrap();
    rows.write(&mut conn).await.unwrap();
    let stored: Vec<Written> = sqlx::query_as("SELECT n, text, amount, never, unset FROM written ORDER BY n")
        .fetch_all(pool)
        .await
        .unwrap();
    assert_eq!(stored.len(), expected.len());
    for (stored, expected) in stored.iter().zip(&expected) {
        assert_eq!(stored, expected);
    }
}
