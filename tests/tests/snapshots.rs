//! Snapshots of aggregate states: a long-lived wallet gets one, a load from it equals a replay of every
//! event, a snapshot that does not read (or has another format) is ignored and replaced, and servers
//! sharing a database never act on a state that misses the other's events.

use commands::store::{events_after, Framework, Snapshotted};
use cqrs_es::{Aggregate, AggregateError};
use domain::money::Fen;
use domain::wallet::{Wallet, WalletCommand, WalletError};
use projections::wallet::balance_of;
use sqlx::Row;
use tests::{on_both_engines, Engine, TestApp};

on_both_engines!(
    a_long_history_is_snapshotted_and_loads_as_replayed,
    a_snapshot_that_does_not_read_or_has_another_format_is_ignored,
    two_servers_on_one_wallet_each_see_the_other_s_events,
);

const COMMANDS: usize = 250;

async fn execute(wallet: &Framework<Wallet>, user: &str, command: WalletCommand) {
    wallet
        .execute(user, command.clone())
        .await
        .unwrap_or_else(|e| panic!("{command:?} is refused: {e}"));
}

/// Top-ups requested and completed, and order debits, `count` commands in all; each is accepted and
/// appends one event. Answers the balance they leave.
async fn history(wallet: &Framework<Wallet>, user: &str, count: usize) -> Fen {
    let at = commands::clock::now();
    let mut commands = Vec::new();
    let mut balance = 0;
    for i in 0..count.div_ceil(3) as i64 {
        let (top_up, debit) = (10_000 + i, 3_000 + i);
        let payment_id = format!("pay-{i}");
        commands.push(WalletCommand::RequestTopUp {
            payment_id: payment_id.clone(),
            amount: Fen(top_up),
            at,
            simulated: false,
        });
        commands.push(WalletCommand::CompleteTopUp {
            payment_id,
            amount: Fen(top_up),
            at,
        });
        commands.push(WalletCommand::DebitOrderPayment {
            order_id: format!("order-{i}"),
            amount: Fen(debit),
            at,
        });
    }
    for command in commands.into_iter().take(count) {
        balance += match &command {
            WalletCommand::CompleteTopUp { amount, .. } => amount.0,
            WalletCommand::DebitOrderPayment { amount, .. } => -amount.0,
            _ => 0,
        };
        execute(wallet, user, command).await;
    }
    Fen(balance)
}

/// Every event of the wallet applied to an empty one, without any snapshot.
async fn replayed(db: &commands::Database, user: &str) -> (Wallet, usize) {
    let events = events_after::<Wallet>(&db.pool, user, 0)
        .await
        .expect("the events read");
    let count = events.len();
    let mut wallet = Wallet::default();
    for event in events {
        wallet.apply(event.payload);
    }
    (wallet, count)
}

/// The snapshot row: (sequence, format).
async fn snapshot_row(db: &commands::Database, user: &str) -> Option<(i64, i64)> {
    sqlx::query(
        "SELECT sequence, format FROM aggregate_snapshots WHERE aggregate_type = 'wallet' AND aggregate_id = $1",
    )
    .bind(user)
    .fetch_optional(&db.pool)
    .await
    .unwrap()
    .map(|row| (row.get("sequence"), row.get("format")))
}

async fn snapshot_state(db: &commands::Database, user: &str) -> String {
    sqlx::query_scalar(
        "SELECT state FROM aggregate_snapshots WHERE aggregate_type = 'wallet' AND aggregate_id = $1",
    )
    .bind(user)
    .fetch_one(&db.pool)
    .await
    .unwrap()
}

async fn set_snapshot_state(db: &commands::Database, user: &str, state: &str) {
    let updated = sqlx::query(
        "UPDATE aggregate_snapshots SET state = $1 WHERE aggregate_type = 'wallet' AND aggregate_id = $2",
    )
    .bind(state)
    .bind(user)
    .execute(&db.pool)
    .await
    .unwrap()
    .rows_affected();
    assert_eq!(updated, 1);
}

async fn set_snapshot_format(db: &commands::Database, user: &str, format: i64) {
    let updated = sqlx::query(
        "UPDATE aggregate_snapshots SET format = $1 WHERE aggregate_type = 'wallet' AND aggregate_id = $2",
    )
    .bind(format)
    .bind(user)
    .execute(&db.pool)
    .await
    .unwrap()
    .rows_affected();
    assert_eq!(updated, 1);
}

/// The state a load gives (snapshot and the events after it) is the state every event gives.
async fn loads_as_replayed(db: &commands::Database, user: &str) -> Wallet {
    let loaded = db.load::<Wallet>(user).await.expect("the wallet loads");
    let (replayed, _) = replayed(db, user).await;
    assert_eq!(
        serde_json::to_value(&loaded).unwrap(),
        serde_json::to_value(&replayed).unwrap()
    );
    assert_eq!(loaded, replayed);
    loaded
}

/// A fresh process on the test's database: it has no state in memory.
async fn restart(app: &TestApp) -> tests::App {
    let url = (app.engine == Engine::Postgres).then(|| app.database_url.clone());
    api::app::open(tests::config(app.data_dir.path(), url, &app.web_dist))
        .await
        .expect("the app opens again")
}

async fn a_long_history_is_snapshotted_and_loads_as_replayed(app: &TestApp) {
    let db = app.db();
    let balance = history(&app.app.state.wallet, "seller-1", COMMANDS).await;

    let (_, events) = replayed(db, "seller-1").await;
    assert_eq!(events, COMMANDS);
    let (sequence, format) = snapshot_row(db, "seller-1")
        .await
        .expect("a wallet of 250 events has a snapshot");
    assert!(sequence >= 200, "the snapshot is at event {sequence}");
    assert_eq!(format, Wallet::SNAPSHOT_FORMAT);

    let loaded = loads_as_replayed(db, "seller-1").await;
    assert_eq!(loaded.balance(), balance);
    let projected = balance_of(&db.pool, "seller-1").await.unwrap();
    assert_eq!(
        (projected.balance, projected.frozen),
        (loaded.balance(), loaded.frozen())
    );
    assert_eq!(app.app.state.wallet.state("seller-1").await.unwrap(), loaded);
}

async fn a_snapshot_that_does_not_read_or_has_another_format_is_ignored(app: &TestApp) {
    let db = app.db();
    let mut balance = history(&app.app.state.wallet, "seller-2", COMMANDS).await;
    assert!(loads_as_replayed(db, "seller-2").await.payout_account().is_none());
    // A process that starts cold writes a snapshot at its first command when none is recent enough,
    // so the row is there however the first process kept its states.
    let first = restart(app).await;
    let at = commands::clock::now();
    execute(
        &first.state.wallet,
        "seller-2",
        WalletCommand::RequestTopUp {
            payment_id: "pay-a".into(),
            amount: Fen(5_00),
            at,
            simulated: false,
        },
    )
    .await;
    first.state.db.close().await;
    let (sequence, _) = snapshot_row(db, "seller-2").await.expect("a snapshot");
    assert!(sequence >= 200, "the snapshot is at event {sequence}");

    // Loads start from the snapshot: one that reads but says what no event did is believed (no
    // event of this wallet binds a payout account, so none after the snapshot undoes it).
    let good = snapshot_state(db, "seller-2").await;
    let mut lying: serde_json::Value = serde_json::from_str(&good).unwrap();
    lying["payout_account"] = serde_json::json!({"payee": "snapshot", "account": "only"});
    set_snapshot_state(db, "seller-2", &lying.to_string()).await;
    let believed = db.load::<Wallet>("seller-2").await.unwrap();
    assert_eq!(
        believed.payout_account().map(|p| p.payee.as_str()),
        Some("snapshot")
    );
    set_snapshot_state(db, "seller-2", &good).await;

    // A snapshot that does not read: the events are replayed, and a fresh process both accepts the
    // next command on the right state and writes a snapshot that reads in its place.
    set_snapshot_state(db, "seller-2", r#"{"broken":"#).await;
    loads_as_replayed(db, "seller-2").await;
    let after_broken = restart(app).await;
    execute(
        &after_broken.state.wallet,
        "seller-2",
        WalletCommand::CompleteTopUp {
            payment_id: "pay-a".into(),
            amount: Fen(5_00),
            at,
        },
    )
    .await;
    balance = Fen(balance.0 + 5_00);
    after_broken.state.db.close().await;
    let loaded = loads_as_replayed(db, "seller-2").await;
    assert_eq!(loaded.balance(), balance);
    let (_, events) = replayed(db, "seller-2").await;
    assert_eq!(
        snapshot_row(db, "seller-2").await,
        Some((events as i64, Wallet::SNAPSHOT_FORMAT)),
        "the broken snapshot is replaced"
    );
    serde_json::from_str::<Wallet>(&snapshot_state(db, "seller-2").await).expect("the new snapshot reads");

    // A snapshot of another format (an older shape of the state): ignored in the same way.
    set_snapshot_format(db, "seller-2", 999).await;
    loads_as_replayed(db, "seller-2").await;
    let after_format = restart(app).await;
    execute(
        &after_format.state.wallet,
        "seller-2",
        WalletCommand::DebitOrderPayment {
            order_id: "order-a".into(),
            amount: Fen(7_00),
            at,
        },
    )
    .await;
    balance = Fen(balance.0 - 7_00);
    after_format.state.db.close().await;
    let loaded = loads_as_replayed(db, "seller-2").await;
    assert_eq!(loaded.balance(), balance);
    assert_eq!(
        snapshot_row(db, "seller-2").await,
        Some((events as i64 + 1, Wallet::SNAPSHOT_FORMAT)),
        "the snapshot of another format is replaced"
    );
    let projected = balance_of(&db.pool, "seller-2").await.unwrap();
    assert_eq!(projected.balance, balance);
}

async fn two_servers_on_one_wallet_each_see_the_other_s_events(app: &TestApp) {
    let (_, other) = app.another_server(|_| {}).await;
    let servers = [&app.app.state.wallet, &other.state.wallet];
    let at = commands::clock::now();
    let mut balance = 0;
    let mut turn = 0;
    let mut next = || {
        turn += 1;
        servers[turn % 2]
    };
    // Turn by turn, so each command runs on the server that did not run the one before, and is
    // accepted only on a state that has it: a completion needs its request, a debit the money the
    // completion credited. Enough of them to cross a snapshot.
    for i in 0..40i64 {
        let (top_up, debit) = (10_00 + i, 5_00 + i);
        let payment_id = format!("pay-{i}");
        let commands = [
            WalletCommand::RequestTopUp {
                payment_id: payment_id.clone(),
                amount: Fen(top_up),
                at,
                simulated: false,
            },
            WalletCommand::CompleteTopUp {
                payment_id,
                amount: Fen(top_up),
                at,
            },
            WalletCommand::DebitOrderPayment {
                order_id: format!("order-{i}"),
                amount: Fen(debit),
                at,
            },
        ];
        for command in commands {
            execute(next(), "seller-3", command).await;
        }
        balance += top_up - debit;
        if i % 8 == 7 {
            // The balance each decides on is exactly what both wrote: spending one fen more is
            // refused, naming that balance.
            for server in servers {
                let refused = server
                    .execute(
                        "seller-3",
                        WalletCommand::DebitOrderPayment {
                            order_id: format!("order-{i}-more"),
                            amount: Fen(balance + 1),
                            at,
                        },
                    )
                    .await;
                assert!(
                    matches!(
                        refused,
                        Err(AggregateError::UserError(WalletError::InsufficientBalance { balance: b }))
                            if b == Fen(balance)
                    ),
                    "after round {i}: {refused:?}"
                );
            }
        }
        for server in servers {
            assert_eq!(server.state("seller-3").await.unwrap().balance(), Fen(balance));
        }
    }
    let db = app.db();
    let loaded = loads_as_replayed(db, "seller-3").await;
    assert_eq!(loaded.balance(), Fen(balance));
    assert_eq!(other.state.db.load::<Wallet>("seller-3").await.unwrap(), loaded);
    assert_eq!(
        balance_of(&db.pool, "seller-3").await.unwrap().balance,
        Fen(balance)
    );
    other.state.db.close().await;
}
