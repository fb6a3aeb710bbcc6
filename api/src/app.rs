//! Opening the application: storage, migrations, secrets, event-sourced frameworks and their
//! projections (caught up before serving), and the router.

use std::sync::Arc;

use anyhow::Context;
use commands::orders::manager::OrderManager;
use commands::orders::OrderDesk;
use commands::sms::{OutboxProvider, SmsProvider};
use commands::wallet::WalletDesk;
use commands::Database;
use domain::order::Order;
use domain::wallet::Wallet;
use projections::orders::OrderBook;
use projections::ranking::{DailySales, RankingReplay};
use projections::wallet::{WalletBalances, WalletLedger, WalletWithdrawals};
use projections::{Replayable, Runner};

use crate::config::Config;
use crate::keys::{operator_token, payment_secret, PasswordKey};
use crate::state::{AppState, Payments};

pub struct App {
    pub state: AppState,
    pub projections: Vec<Arc<dyn Replayable>>,
}

pub async fn open(config: Config) -> anyhow::Result<App> {
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("cannot create the data folder {}", config.data_dir.display()))?;
    let db = Database::connect(&config.database_url()).await?;
    db.migrate().await.context("migrations failed")?;

    let sms: Arc<dyn SmsProvider> = if config.production {
        anyhow::bail!(
            "production mode needs an SMS provider, and none is configured (see README, Configuration)"
        );
    } else {
        Arc::new(OutboxProvider { db: db.clone() })
    };
    let password_key = PasswordKey::load_or_create(&config.data_dir)?;
    let operator_token = operator_token(&config.data_dir, config.operator_token.as_deref())?;

    let balances = Runner::new(db.pool.clone(), WalletBalances);
    let ledger = Runner::new(db.pool.clone(), WalletLedger);
    let withdrawals = Runner::new(db.pool.clone(), WalletWithdrawals);
    let wallet_limits = config.wallet_limits;
    let wallet = Arc::new(db.cqrs::<Wallet>(
        vec![
            Box::new(balances.clone()),
            Box::new(ledger.clone()),
            Box::new(withdrawals.clone()),
        ],
        wallet_limits,
    ));
    let desk = Arc::new(WalletDesk::new(wallet.clone()));
    let order_book = Runner::new(db.pool.clone(), OrderBook);
    let daily_sales = Runner::new(db.pool.clone(), DailySales);
    let orders = Arc::new(db.cqrs::<Order>(
        vec![
            Box::new(order_book.clone()),
            Box::new(daily_sales.clone()),
            // After the projections, so a refund it credits follows the order's own rows.
            Box::new(OrderManager::new(db.clone(), desk.clone())),
        ],
        (),
    ));
    let projections: Vec<Arc<dyn Replayable>> = vec![
        Arc::new(balances),
        Arc::new(ledger),
        Arc::new(withdrawals),
        Arc::new(order_book),
        Arc::new(RankingReplay::new(db.pool.clone(), daily_sales)),
    ];
    let secret = payment_secret(&config.data_dir, config.payment_secret.as_deref())?;
    let payments = Payments::new(
        Box::new(commands::payments::LocalQrGateway),
        secret.into_bytes(),
        config.public_url.clone(),
    );

    let state = AppState {
        db,
        outbox_enabled: !config.production,
        config: Arc::new(config),
        password_key: Arc::new(password_key),
        operator_token: Arc::new(operator_token),
        sms,
        desk,
        orders: Arc::new(OrderDesk::new(orders)),
        wallet,
        wallet_limits,
        payments: Arc::new(payments),
        same_style: Arc::default(),
        list_totals: Arc::default(),
    };
    let app = App { state, projections };
    app.catch_up().await?;
    app.settle().await?;
    Ok(app)
}

/// A reservation younger than this may still be on its way to becoming an order in another process.
pub const RESERVATION_GRACE_SECONDS: i64 = 60;

impl App {
    /// Finishes what a crash cut off between two steps of an order: reservations never placed,
    /// refunds never credited, debits never marked paid.
    pub async fn settle(&self) -> anyhow::Result<()> {
        let state = &self.state;
        let now = commands::clock::now();
        let (placed, released) =
            commands::orders::placing::settle_reservations(&state.db, RESERVATION_GRACE_SECONDS, now).await?;
        let refunds = commands::orders::manager::settle_refunds(&state.db, state.desk.clone()).await?;
        let payments =
            commands::orders::payment::settle_open_payments(&state.db, &state.orders, &state.desk, now)
                .await?;
        if placed + released + refunds + payments > 0 {
            tracing::info!(
                placed,
                released,
                refunds,
                payments,
                "settled interrupted order steps"
            );
        }
        Ok(())
    }

    /// Applies whatever the projections missed (a crash between a commit and its projection).
    pub async fn catch_up(&self) -> anyhow::Result<()> {
        for projection in &self.projections {
            let applied = projection.catch_up(&|_, _| {}).await?;
            if applied > 0 {
                tracing::info!(
                    projection = projection.name(),
                    applied,
                    "caught up from the event log"
                );
            }
        }
        Ok(())
    }
}
