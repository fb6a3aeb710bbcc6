//! Opening the application: storage, migrations, secrets, event-sourced frameworks and their
//! projections (caught up before serving), and the router.

use std::sync::Arc;

use anyhow::Context;
use commands::sms::{OutboxProvider, SmsProvider};
use commands::Database;
use domain::wallet::Wallet;
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
    let projections: Vec<Arc<dyn Replayable>> =
        vec![Arc::new(balances), Arc::new(ledger), Arc::new(withdrawals)];
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
        desk: Arc::new(commands::wallet::WalletDesk::new(wallet.clone())),
        wallet,
        wallet_limits,
        payments: Arc::new(payments),
        same_style: Arc::default(),
        list_totals: Arc::default(),
    };
    let app = App { state, projections };
    app.catch_up().await?;
    Ok(app)
}

impl App {
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
