//! Opening the application: storage, migrations, secrets, event-sourced frameworks and their
//! projections (caught up before serving), and the router.

use std::sync::Arc;

use anyhow::Context;
use commands::after_sales::manager::AfterSaleManager;
use commands::after_sales::AfterSaleQueue;
use commands::coupons::CouponQueue;
use commands::listing::ListingQueue;
use commands::orders::manager::OrderManager;
use commands::orders::OrderQueue;
use commands::sms::SmsProvider;
use commands::wallet::WalletQueue;
use commands::Database;
use domain::after_sale::AfterSale;
use domain::coupon::Coupon;
use domain::listing::record::Listing;
use domain::order::Order;
use domain::wallet::{Wallet, WalletServices};
use domain::wave::Wave;
use projections::after_sales::AfterSaleBook;
use projections::coupons::CouponBook;
use projections::listing_notices::ListingNotices;
use projections::listings::ListingBook;
use projections::messages::{AfterSaleMessages, CouponMessages, OrderMessages, WalletMessages};
use projections::orders::OrderBook;
use projections::ranking::{PokeOnOrders, RankingFollower};
use projections::wallet::{WalletBalances, WalletLedger, WalletWithdrawals};
use projections::waves::WaveBook;
use projections::{Replayable, Runner};

use crate::config::{Config, GatewayChoice};
use crate::keys::{operator_token, payment_secret, PasswordKey};
use crate::live::live;
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
    commands::catalog::search_index::add_readings_if_missing(&db)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))
        .context("adding pinyin readings to the search index")?;
    let data_folder = crate::data_folder::ThisFolder::load_or_create(&config.data_dir)?;
    data_folder.record(&db).await?;
    crate::operations::recorder();

    let sms: Arc<dyn SmsProvider> = config.sms.build(&db, config.production)?;
    let password_key = PasswordKey::load_or_create(&config.data_dir)?;
    let operator_token = operator_token(&config.data_dir, config.operator_token.as_deref())?;

    let balances = Runner::new(db.pool.clone(), WalletBalances);
    let ledger = Runner::new(db.pool.clone(), WalletLedger);
    let withdrawals = Runner::new(db.pool.clone(), WalletWithdrawals);
    let wallet_messages = Runner::new(db.pool.clone(), WalletMessages);
    let coupon_messages = Runner::new(db.pool.clone(), CouponMessages);
    let order_messages = Runner::new(db.pool.clone(), OrderMessages);
    let after_sale_messages = Runner::new(db.pool.clone(), AfterSaleMessages);
    if config.production && config.payment_gateway == GatewayChoice::Simulator {
        anyhow::bail!("the payment simulator is a development tool and cannot run in production mode");
    }
    let simulator = config.payment_gateway == GatewayChoice::Simulator;
    // Money the simulator credited is never withdrawable in a server that does not run it.
    let wallet_limits = WalletServices {
        simulated_money_withdrawable: simulator,
        ..config.wallet_limits
    };
    let wallet = Arc::new(db.cqrs_live::<Wallet>(
        vec![
            live(&balances),
            live(&ledger),
            live(&withdrawals),
            live(&wallet_messages),
        ],
        vec![],
        wallet_limits,
    ));
    let wallets = Arc::new(WalletQueue::new(wallet.clone(), db.pool.clone()));
    let coupon_book = Runner::new(db.pool.clone(), CouponBook);
    let coupon_queue = Arc::new(CouponQueue::new(
        Arc::new(db.cqrs_live::<Coupon>(vec![live(&coupon_book), live(&coupon_messages)], vec![], ())),
        db.pool.clone(),
    ));
    let order_book = Runner::new(db.pool.clone(), OrderBook);
    // The ranking may lag: it follows the order log on its own, woken by each order committed here.
    let ranking = RankingFollower::new(db.pool.clone(), db.engine == commands::db::Engine::Postgres);
    let orders = Arc::new(db.cqrs_live::<Order>(
        vec![live(&order_book), live(&order_messages)],
        // After the commit, so a refund it credits follows the order's own rows.
        vec![
            Box::new(OrderManager::new(
                db.clone(),
                wallets.clone(),
                coupon_queue.clone(),
            )),
            Box::new(PokeOnOrders(ranking.clone())),
        ],
        (),
    ));
    let order_queue = Arc::new(OrderQueue::new(orders, db.pool.clone()));
    let after_sale_book = Runner::new(db.pool.clone(), AfterSaleBook);
    let after_sales = Arc::new(db.cqrs_live::<AfterSale>(
        vec![live(&after_sale_book), live(&after_sale_messages)],
        // After the commit, so the after-sale row is there when the credit shows in the ledger.
        vec![Box::new(AfterSaleManager::new(
            db.clone(),
            order_queue.clone(),
            wallets.clone(),
        ))],
        (),
    ));
    let wave_book = Runner::new(db.pool.clone(), WaveBook);
    let waves = Arc::new(commands::waves::WaveQueue::new(
        Arc::new(db.cqrs_live::<Wave>(vec![live(&wave_book)], vec![], ())),
        db.pool.clone(),
    ));
    let listing_book = Runner::new(db.pool.clone(), ListingBook);
    let listings = Arc::new(ListingQueue::new(
        Arc::new(db.cqrs_live::<Listing>(vec![live(&listing_book)], vec![], ())),
        db.pool.clone(),
    ));
    // The listings' notices follow the catalogue's change log on their own.
    let listing_notices = ListingNotices::new(db.pool.clone(), db.engine == commands::db::Engine::Postgres);
    let projections: Vec<Arc<dyn Replayable>> = vec![
        Arc::new(balances),
        Arc::new(ledger),
        Arc::new(withdrawals),
        Arc::new(order_book),
        ranking.clone(),
        Arc::new(after_sale_book),
        Arc::new(coupon_book),
        Arc::new(wallet_messages),
        Arc::new(coupon_messages),
        Arc::new(order_messages),
        Arc::new(after_sale_messages),
        Arc::new(wave_book),
        Arc::new(listing_book),
        listing_notices.clone(),
    ];
    // Only the simulator signs callbacks with this key: where it does not run (production among
    // others) no key is kept, and its webhook is not routed.
    let simulator_secret = match simulator {
        true => Some(payment_secret(&config.data_dir, config.payment_secret.as_deref())?.into_bytes()),
        false => None,
    };
    let gateways = crate::providers::gateways::build(
        config.payment_gateway,
        &config.alipay,
        &config.wechat,
        &config.public_url,
    )?;
    let payments = Payments::new(gateways, simulator_secret, config.public_url.clone());

    let pool = db.pool.clone();
    let sms_outbox = config.sms.provider == crate::providers::sms::SmsChoice::Outbox;
    let state = AppState {
        db,
        outbox_enabled: sms_outbox,
        config: Arc::new(config),
        password_key: Arc::new(password_key),
        data_folder: Arc::new(data_folder),
        operator_token: Arc::new(operator_token),
        sms,
        wallets,
        orders: order_queue,
        coupons: coupon_queue,
        after_sales: Arc::new(AfterSaleQueue::new(after_sales, pool.clone())),
        waves,
        listings,
        wallet,
        wallet_limits,
        payments: Arc::new(payments),
        projections: Arc::new(projections.clone()),
        ranking,
        listing_notices,
        jobs: tokio_util::task::TaskTracker::new(),
        same_style: Arc::default(),
        list_totals: Arc::default(),
        vocabulary: Arc::default(),
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
        let refunds = commands::orders::manager::settle_refunds(
            &state.db,
            state.wallets.clone(),
            state.coupons.clone(),
        )
        .await?;
        let coupons =
            commands::coupons::settle_coupons(&state.db, &state.coupons, RESERVATION_GRACE_SECONDS, now)
                .await?;
        let payments =
            commands::orders::payment::settle_open_payments(&state.db, &state.orders, &state.wallets, now)
                .await?;
        let after_sales = commands::after_sales::manager::settle_after_sales(
            &state.db,
            state.orders.clone(),
            state.wallets.clone(),
            RESERVATION_GRACE_SECONDS,
            now,
        )
        .await?;
        let mut waves = 0;
        for id in projections::waves::closing(&state.db.pool).await? {
            commands::waves::settle(&state.db, &state.waves, &state.orders, &id, now).await?;
            waves += 1;
        }
        if placed + released + refunds + payments + after_sales + coupons + waves > 0 {
            tracing::info!(
                placed,
                released,
                refunds,
                payments,
                after_sales,
                coupons,
                waves,
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
