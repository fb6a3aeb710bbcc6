//! Live projections share their command's transaction (a failing one fails the command and leaves
//! no event), and events committed without their projections (a process of an older version, or
//! one without them) are projected from the event log when the application starts.

use std::collections::HashMap;

use cqrs_es::AggregateError;
use domain::money::Fen;
use domain::wallet::{Wallet, WalletCommand, WalletServices};
use projections::wallet::{balance_of, ledger_of, Balance};
use tests::{on_both_engines, Engine, TestApp};

on_both_engines!(
    a_projection_that_fails_fails_the_command_and_leaves_no_event,
    events_committed_by_a_process_that_stopped_are_projected_at_start,
    the_wallet_refuses_what_it_must_and_repeats_are_harmless,
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
    use sqlx::Row;
    sqlx::query("SELECT COUNT(*) FROM events WHERE aggregate_type = 'wallet' AND aggregate_id = $1")
        .bind(user)
        .fetch_one(&app.db().pool)
        .await
        .unwrap()
        .get(0)
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
