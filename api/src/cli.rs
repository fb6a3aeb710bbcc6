//! The `jpmall` command line: serve, migrate, rebuild and operator commands.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{ArgAction, Parser, Subcommand};
use commands::Database;
use indicatif::{ProgressBar, ProgressStyle};

use crate::app;
use crate::config::Config;

#[derive(Parser)]
#[command(
    name = "jpmall",
    version,
    about = "jpmall wholesale and drop-shipping storefront"
)]
struct Cli {
    /// Folder for the SQLite database, keys, uploads and the operator token.
    #[arg(long, env = "JPMALL_DATA_DIR", default_value = "data", global = true)]
    data_dir: PathBuf,
    /// Unset: SQLite in the data folder. postgres://… : PostgreSQL.
    #[arg(long, env = "DATABASE_URL", global = true)]
    database_url: Option<String>,
    /// Serve the built storefront and console from this folder (development); unset: the web built
    /// into this binary.
    #[arg(long, env = "JPMALL_WEB_DIST", global = true)]
    web_dist: Option<PathBuf>,
    /// Operator token for /jpmall/admin/…; made in the data folder when not given.
    #[arg(long, env = "JPMALL_OPERATOR_TOKEN", hide_env_values = true, global = true)]
    operator_token: Option<String>,
    /// Production mode: no SMS outbox, and a real SMS provider is required.
    #[arg(long, env = "JPMALL_PRODUCTION", action = ArgAction::SetTrue, value_parser = clap::builder::BoolishValueParser::new(), global = true)]
    production: bool,
    /// Key that signs payment callbacks; made in the data folder when not given.
    #[arg(long, env = "JPMALL_PAYMENT_SECRET", hide_env_values = true, global = true)]
    payment_secret: Option<String>,
    /// Base URL payers' phones reach this server at (QR codes); unset: the request's Host header.
    #[arg(long, env = "JPMALL_PUBLIC_URL", global = true)]
    public_url: Option<String>,
    /// Most yuan one top-up may bring in.
    #[arg(long, env = "JPMALL_MAX_TOP_UP", default_value = "50000", value_parser = yuan, global = true)]
    max_top_up: domain::money::Fen,
    /// Most yuan one withdrawal may take out.
    #[arg(long, env = "JPMALL_MAX_WITHDRAWAL", default_value = "50000", value_parser = yuan, global = true)]
    max_withdrawal: domain::money::Fen,
    /// Days after shipping before an order completes on its own.
    #[arg(long, env = "JPMALL_AUTO_COMPLETE_DAYS", default_value_t = commands::orders::operator::AUTO_COMPLETE_DAYS, value_parser = clap::value_parser!(i64).range(1..=365), global = true)]
    auto_complete_days: i64,
    /// Where top-ups and QR payments are paid: `alipay`, `wechat`, `simulator` (a local development
    /// tool in which anyone "pays" any amount; refused in production) or `none`. Unset: simulator, or
    /// none in production.
    #[arg(long, env = "JPMALL_PAYMENT_GATEWAY", value_enum, global = true)]
    payment_gateway: Option<crate::config::GatewayChoice>,
    #[command(flatten)]
    sms: crate::settings::SmsArgs,
    #[command(flatten)]
    alipay: crate::settings::AlipayArgs,
    #[command(flatten)]
    wechat: crate::settings::WechatArgs,
    #[command(flatten)]
    operations: crate::settings::OperationsArgs,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate, catch projections up, and serve the API and the storefront.
    Serve {
        #[arg(long, env = "JPMALL_ADDR", default_value = "127.0.0.1:8080")]
        addr: SocketAddr,
    },
    /// Run the migrations of the configured engine.
    Migrate,
    /// Seed the deterministic demo market and the demo login; running it again changes nothing.
    Seed {
        #[arg(long, default_value_t = 1_500)]
        products: usize,
    },
    /// Drop and replay projections from the event log (all, or the one named).
    Rebuild { name: Option<String> },
    /// Replay history from the event log and compare it with the read tables.
    Audit {
        #[command(subcommand)]
        command: Audit,
    },
    /// Write a consistent copy of the SQLite database to FILE while the server runs (PostgreSQL:
    /// use pg_dump).
    Backup { file: PathBuf },
    /// Put a backup in place of the SQLite database (the server stopped), keeping the previous one.
    Restore { file: PathBuf },
    /// The configuration as this server would run it.
    Config {
        #[command(subcommand)]
        command: ConfigCommand,
    },
    /// Operator commands.
    Ops {
        #[command(subcommand)]
        command: Ops,
    },
}

#[derive(Subcommand)]
enum ConfigCommand {
    /// Print the effective configuration with secrets masked and what production mode still lacks;
    /// fails when `serve` would not start with it.
    Check,
}

#[derive(Subcommand)]
enum Audit {
    /// Replay wallets, print each ledger and balance, and fail on any difference from the read tables.
    Wallet {
        /// User id or phone number.
        user: Option<String>,
        #[arg(long)]
        all: bool,
        /// Show the wallets as they stood then: YYYY-MM-DD (end of day, UTC+8), 'YYYY-MM-DD HH:MM' or unix seconds.
        #[arg(long)]
        as_of: Option<String>,
    },
    /// Replay every order, after-sale and wallet event; fail on any refund paid twice, above what
    /// its order was paid, or not matching the wallet credits.
    Refunds,
}

#[derive(Subcommand)]
enum WithdrawalOps {
    /// Withdrawals newest first, with full payout details.
    List {
        #[arg(long)]
        status: Option<String>,
    },
    /// Mark a pending withdrawal paid (after paying it out).
    Approve { id: String },
    /// Reject a pending withdrawal, releasing its amount to the balance.
    Reject {
        id: String,
        #[arg(long)]
        reason: String,
    },
}

#[derive(Subcommand)]
enum Ops {
    /// Print the development SMS outbox and the open captcha answers, newest first.
    Outbox {
        #[arg(long)]
        mobile: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// End every session of the account with this phone number.
    Logout {
        #[arg(long)]
        mobile: String,
    },
    /// Withdrawals: list, approve or reject.
    Withdrawal {
        #[command(subcommand)]
        command: WithdrawalOps,
    },
    /// Orders: list, and the warehouse's steps.
    Order {
        #[command(subcommand)]
        command: OrderOps,
    },
    /// Pick waves: make one, show its pick list, close it.
    Wave {
        #[command(subcommand)]
        command: crate::warehouse_cli::WaveOps,
    },
    /// After-sales: list, and the operator's steps.
    Aftersale {
        #[command(subcommand)]
        command: AfterSaleOps,
    },
    /// Coupons: issue one to a seller, publish claimable ones, list.
    Coupon {
        #[command(subcommand)]
        command: CouponOps,
    },
    /// Announcements on the home page and in the notice list: publish, list, withdraw.
    Notice {
        #[command(subcommand)]
        command: NoticeOps,
    },
    /// Staff accounts of the console: add (the first owner is made here), list, role, disable.
    Staff {
        #[command(subcommand)]
        command: StaffOps,
    },
    /// The data folders servers opened this database from, and which one they are to share.
    DataFolder {
        #[command(subcommand)]
        command: DataFolderOps,
    },
}

#[derive(Subcommand)]
enum DataFolderOps {
    /// Every data folder recorded, the one the servers share first.
    List,
    /// Make this command's data folder (`--data-dir`) the one the servers share, after moving the
    /// data there on purpose; servers on the folder before then report it on /readyz.
    Claim,
}

#[derive(Subcommand)]
enum StaffOps {
    /// Create a staff account that signs in to the console at /admin.
    Add {
        #[arg(long)]
        mobile: String,
        #[arg(long)]
        password: String,
        /// owner, catalogue, warehouse, service, finance, marketing or stall.
        #[arg(long)]
        role: String,
        /// The name shown in the console and the audit trail; the phone number when left out.
        #[arg(long)]
        name: Option<String>,
        /// For role `stall`: the stall it supplies (repeat for more than one).
        #[arg(long = "stall")]
        stalls: Vec<String>,
    },
    /// Every staff account.
    List,
    /// Give an account another role (and, for `stall`, its stalls).
    Role {
        #[arg(long)]
        mobile: String,
        #[arg(long)]
        role: String,
        #[arg(long = "stall")]
        stalls: Vec<String>,
    },
    /// Disable an account, ending its sessions (`--enable` turns it back on).
    Disable {
        #[arg(long)]
        mobile: String,
        #[arg(long)]
        enable: bool,
    },
}

#[derive(Subcommand)]
enum NoticeOps {
    /// Publish an announcement now.
    Publish {
        #[arg(long)]
        title: String,
        #[arg(long)]
        content: String,
        /// Shown to English readers; the Chinese title when left out.
        #[arg(long, default_value = "")]
        title_en: String,
        #[arg(long, default_value = "")]
        content_en: String,
        /// Listed before the others.
        #[arg(long)]
        pinned: bool,
    },
    /// Announcements, pinned first then newest.
    List {
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
    /// Take an announcement down.
    Withdraw { id: String },
}

/// The terms of a coupon, as `ops coupon issue` and `publish` take them.
#[derive(clap::Args)]
struct CouponTermsArgs {
    /// The Chinese name.
    #[arg(long)]
    name: String,
    /// The English name sellers reading English see.
    #[arg(long)]
    name_en: String,
    /// product, service or shipping.
    #[arg(long = "type")]
    kind: String,
    /// Yuan the part of the order must reach (0: no threshold).
    #[arg(long, default_value = "0")]
    threshold: String,
    /// Yuan off (a full reduction).
    #[arg(long, conflicts_with = "percent_off")]
    amount: Option<String>,
    /// Per cent off (a discount), 1 to 99.
    #[arg(long)]
    percent_off: Option<u8>,
    /// Valid from now for this many days.
    #[arg(long, default_value_t = 30)]
    days: i64,
}

impl CouponTermsArgs {
    fn body(self, mobile: String, quantity: i64) -> crate::routes::coupon::CouponBody {
        let (discount_type, amount, percent_off) = match (self.amount, self.percent_off) {
            (_, Some(p)) => ("discount", serde_json::Value::Null, serde_json::json!(p)),
            (a, None) => (
                "full_reduction",
                serde_json::json!(a.unwrap_or_default()),
                serde_json::Value::Null,
            ),
        };
        crate::routes::coupon::CouponBody {
            mobile,
            name: self.name,
            name_en: self.name_en,
            kind: self.kind,
            discount_type: discount_type.into(),
            threshold: serde_json::json!(self.threshold),
            amount,
            percent_off,
            valid_from: None,
            valid_to: None,
            quantity: serde_json::json!(quantity),
        }
        .for_days(self.days)
    }
}

#[derive(Subcommand)]
enum CouponOps {
    /// Issue one coupon to the seller with this phone number.
    Issue {
        #[arg(long)]
        mobile: String,
        #[command(flatten)]
        terms: CouponTermsArgs,
    },
    /// Publish a coupon sellers can claim, one each, while any are left.
    Publish {
        #[arg(long)]
        quantity: i64,
        #[command(flatten)]
        terms: CouponTermsArgs,
    },
    /// Issued coupons newest first.
    List {
        #[arg(long)]
        mobile: Option<String>,
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
}

#[derive(Subcommand)]
enum AfterSaleOps {
    /// After-sales newest first (status: pending_review, approved, awaiting_return, …).
    List {
        #[arg(long)]
        status: Option<String>,
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
    /// Approve a request under review (a refund before shipping whose parcel left starts an interception).
    Approve { id: String },
    /// Reject a request under review.
    Reject {
        id: String,
        #[arg(long)]
        reason: String,
    },
    /// Record the interception's result (succeeded unless --failed).
    Intercept {
        id: String,
        #[arg(long)]
        failed: bool,
    },
    /// The returned parcel arrived.
    Receive {
        id: String,
        #[arg(long)]
        wrong_item: bool,
        #[arg(long)]
        wrong_station: bool,
    },
    /// Refund to the wallet (once, however often it is run).
    Refund { id: String },
    /// Ship the exchange or resend parcel.
    Ship {
        id: String,
        #[arg(long)]
        courier: String,
        #[arg(long)]
        tracking: String,
    },
}

#[derive(Subcommand)]
enum OrderOps {
    /// Orders newest first (tab: pending_payment, to_be_shipped, shipped, completed, cancelled, …).
    List {
        #[arg(long)]
        status: Option<String>,
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
    /// The stock of a paid order is ready.
    Prepare { order_no: String },
    /// Items the warehouse cannot supply, as SKU:QUANTITY; they are refunded to the wallet.
    Short {
        order_no: String,
        #[arg(required = true)]
        items: Vec<String>,
        /// Names this report: running the command again with it reports nothing new.
        #[arg(long)]
        report_id: Option<String>,
    },
    /// Flag an order abnormal.
    Flag {
        order_no: String,
        #[arg(long)]
        reason: String,
    },
    /// Resolve an abnormal order.
    Resolve {
        order_no: String,
        #[arg(long)]
        resolution: String,
    },
    /// Ship an order whose stock is prepared.
    Ship {
        order_no: String,
        #[arg(long)]
        courier: String,
        #[arg(long)]
        tracking: String,
    },
    /// Complete shipped orders past the automatic-completion days.
    CompleteDue,
    /// Ship orders from a sheet of order number, courier and tracking number: prints the preview, and
    /// with --apply ships.
    ShipBatch {
        file: PathBuf,
        #[arg(long)]
        apply: bool,
    },
}

/// A positive amount of yuan with at most two decimals.
fn yuan(text: &str) -> Result<domain::money::Fen, String> {
    match domain::money::Fen::parse_yuan(text.trim()) {
        Ok(fen) if fen.is_positive() => Ok(fen),
        _ => Err(format!(
            "{text:?} is not a positive amount of yuan with at most two decimals"
        )),
    }
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging(matches!(cli.command, Command::Serve { .. }));
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("jpmall: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn init_logging(serving: bool) {
    use tracing_subscriber::EnvFilter;
    let default = if serving {
        "info,sqlx=warn"
    } else {
        "warn,sqlx=error"
    };
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if std::env::var("JPMALL_LOG_FORMAT").as_deref() == Ok("json") {
        builder.json().init();
    } else {
        builder.init();
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let config = Config {
        data_dir: cli.data_dir,
        database_url: cli.database_url,
        web_dist: cli.web_dist,
        operator_token: cli.operator_token,
        production: cli.production,
        payment_secret: cli.payment_secret,
        public_url: cli.public_url,
        wallet_limits: domain::wallet::WalletServices {
            max_top_up: cli.max_top_up,
            max_withdrawal: cli.max_withdrawal,
            simulated_money_withdrawable: true,
        },
        auto_complete_days: cli.auto_complete_days,
        payment_gateway: cli.payment_gateway.unwrap_or(if cli.production {
            crate::config::GatewayChoice::None
        } else {
            crate::config::GatewayChoice::Simulator
        }),
        sms: cli.sms.settings(),
        alipay: cli.alipay.settings(),
        wechat: cli.wechat.settings(),
        operations: cli.operations.settings(),
    };
    match cli.command {
        Command::Serve { addr } => serve(config, addr).await,
        Command::Config {
            command: ConfigCommand::Check,
        } => {
            let (report, ready) = crate::config_check::report(&config);
            print!("{report}");
            if ready {
                Ok(())
            } else {
                anyhow::bail!("the configuration is not ready")
            }
        }
        Command::Backup { file } => crate::backup::backup(&config, &file).await,
        Command::Restore { file } => crate::backup::restore(&config, &file).await,
        Command::Migrate => {
            let db = open_database(&config).await?;
            println!("migrations applied to {}", describe(&config));
            db.close().await;
            Ok(())
        }
        Command::Rebuild { name } => rebuild(config, name.as_deref()).await,
        Command::Seed { products } => seed(config, products).await,
        // Whatever an `ops` command changes is recorded as done by the operator (the machine credential).
        Command::Ops { command } => {
            commands::actor::acting_as(commands::actor::Actor::Operator, async {
                match command {
                    Ops::Withdrawal { command } => withdrawal_ops(config, command).await,
                    Ops::Order {
                        command: OrderOps::ShipBatch { file, apply },
                    } => crate::warehouse_cli::ship_batch(config, file, apply).await,
                    Ops::Order { command } => order_ops(config, command).await,
                    Ops::Wave { command } => crate::warehouse_cli::wave_ops(config, command).await,
                    Ops::Aftersale { command } => after_sale_ops(config, command).await,
                    Ops::Coupon { command } => coupon_ops(config, command).await,
                    command => ops(config, command).await,
                }
            })
            .await
        }
        Command::Audit {
            command: Audit::Wallet { user, all, as_of },
        } => {
            let db = open_database(&config).await?;
            let result = crate::audit::wallets(&db, user.as_deref(), all, as_of.as_deref()).await;
            db.close().await;
            result
        }
        Command::Audit {
            command: Audit::Refunds,
        } => {
            let db = open_database(&config).await?;
            let result = crate::audit::refunds(&db).await;
            db.close().await;
            result
        }
    }
}

fn describe(config: &Config) -> String {
    if config
        .database_url
        .as_deref()
        .is_some_and(|u| u.starts_with("postgres"))
    {
        "PostgreSQL".to_string()
    } else {
        format!("SQLite {}", config.database_url())
    }
}

async fn open_database(config: &Config) -> anyhow::Result<Database> {
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("cannot create the data folder {}", config.data_dir.display()))?;
    let db = Database::connect(&config.database_url()).await?;
    db.migrate().await.context("migrations failed")?;
    Ok(db)
}

async fn serve(config: Config, addr: SocketAddr) -> anyhow::Result<()> {
    let engine = describe(&config);
    let token_note = match &config.operator_token {
        Some(_) => "operator token: from JPMALL_OPERATOR_TOKEN".to_string(),
        None => format!(
            "operator token: in {}",
            crate::keys::operator_token_path(&config.data_dir).display()
        ),
    };
    // Every server on a data folder holds this shared, so a restore cannot swap the database under one.
    let lock = crate::backup::serve_lock(&config.data_dir)?;
    if lock.try_lock_shared().is_err() {
        anyhow::bail!("a restore is running on {}", config.data_dir.display());
    }
    let app = app::open(config).await?;
    if let Ok(Some(problem)) = app.state.data_folder.problem(&app.state.db).await {
        // Logged as it opened; said here too, where an operator starting it by hand looks.
        println!("WARNING: {problem}");
    }
    let cut_off = commands::excel_jobs::fail_unfinished(&app.state.db, commands::clock::now()).await?;
    if cut_off > 0 {
        tracing::warn!(
            jobs = cut_off,
            "Excel jobs cut off by the last stop marked failed"
        );
    }
    let imports_cut_off =
        commands::catalog::import_record::fail_unfinished(&app.state.db, commands::clock::now()).await?;
    if imports_cut_off > 0 {
        tracing::warn!(
            imports = imports_cut_off,
            "product imports cut off by the last stop marked failed"
        );
    }
    let router = crate::routes::router(app.state.clone());
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    let local = listener.local_addr()?;
    app.state.payments.serving_at(&format!("http://{local}"));
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let on_stop = |mut stopping: tokio::sync::watch::Receiver<bool>| async move {
        let _ = stopping.wait_for(|stop| *stop).await;
    };
    let housekeeping = tokio::spawn(complete_due_orders(app.state.clone(), stopping.clone()));
    tokio::spawn(app.state.ranking.clone().follow(stopping.clone()));
    println!("jpmall serving http://{local} on {engine}");
    println!("{token_note}");
    if let Some(metrics_addr) = app.state.config.operations.metrics_addr {
        let listener = tokio::net::TcpListener::bind(metrics_addr)
            .await
            .with_context(|| format!("cannot listen on {metrics_addr} for metrics"))?;
        println!(
            "metrics and health checks on http://{}/metrics",
            listener.local_addr()?
        );
        let private = crate::operations::private_router(app.state.clone());
        let until = on_stop(stopping.clone());
        tokio::spawn(async move { axum::serve(listener, private).with_graceful_shutdown(until).await });
    }
    if app.state.payments.simulator_on() {
        let warning = "PAYMENT SIMULATOR ON: top-ups and QR payments are confirmed on this server's own /pay \
                       pages, where anyone can 'pay' any amount. It is a development tool: set \
                       JPMALL_PAYMENT_GATEWAY=none (or configure a real gateway) on a server that holds real money";
        println!("{warning}");
        tracing::warn!("{warning}");
    }
    let server = axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(on_stop(stopping.clone()));
    let mut server = tokio::spawn(async move { server.await });
    tokio::select! {
        ended = &mut server => {
            ended.context("the server task failed")?.context("the server stopped")?;
        }
        () = shutdown_signal() => {
            stop_gracefully(&app, stop, server, housekeeping).await;
        }
    }
    app.state.db.close().await;
    drop(lock);
    println!("jpmall stopped");
    Ok(())
}

/// After SIGTERM or Ctrl-C: no new connections; in-flight requests, then background jobs, get the
/// shutdown grace to finish. What is cut off after that is settled at the next start.
async fn stop_gracefully(
    app: &app::App,
    stop: tokio::sync::watch::Sender<bool>,
    server: tokio::task::JoinHandle<std::io::Result<()>>,
    housekeeping: tokio::task::JoinHandle<()>,
) {
    let grace = std::time::Duration::from_secs(app.state.config.operations.shutdown_grace_seconds);
    let deadline = tokio::time::Instant::now() + grace;
    tracing::info!(
        grace_seconds = grace.as_secs(),
        "stopping: finishing in-flight requests and background jobs"
    );
    let _ = stop.send(true);
    if tokio::time::timeout_at(deadline, server).await.is_err() {
        tracing::warn!("requests still running when the grace ran out; stopping anyway");
    }
    let jobs = &app.state.jobs;
    jobs.close();
    if tokio::time::timeout_at(deadline, jobs.wait()).await.is_err() {
        tracing::warn!(
            jobs = jobs.len(),
            "background jobs cut off when the grace ran out; they are marked failed at the next start"
        );
    }
    let _ = tokio::time::timeout_at(deadline, housekeeping).await;
    tracing::info!("stopped");
}

/// How often shipped orders past their days are completed.
const AUTO_COMPLETE_INTERVAL: std::time::Duration = std::time::Duration::from_secs(600);

/// The order housekeeping of a serving process, every ten minutes: automatic completion, and stock
/// reservations a crashed process left behind.
async fn complete_due_orders(
    state: crate::state::AppState,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) {
    let mut ticks = tokio::time::interval(AUTO_COMPLETE_INTERVAL);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            _ = stopping.wait_for(|stop| *stop) => return,
        }
        let now = commands::clock::now();
        match commands::orders::placing::settle_reservations(
            &state.db,
            crate::app::RESERVATION_GRACE_SECONDS,
            now,
        )
        .await
        {
            Ok((0, 0)) => {}
            Ok((placed, released)) => tracing::info!(placed, released, "settled stock reservations"),
            Err(error) => tracing::error!("settling stock reservations failed: {error:#}"),
        }
        let days = state.config.auto_complete_days;
        match commands::orders::operator::complete_due(&state.db, &state.orders, days, commands::clock::now())
            .await
        {
            Ok(0) => {}
            Ok(completed) => tracing::info!(completed, "orders completed automatically"),
            Err(error) => tracing::error!("automatic completion failed: {error:#}"),
        }
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

/// What `jpmall rebuild search` rebuilds: the keyword index, from the products (not the log).
const SEARCH_INDEX: &str = "search";

async fn rebuild(config: Config, name: Option<&str>) -> anyhow::Result<()> {
    let app = app::open(config).await?;
    let chosen: Vec<_> = app
        .projections
        .iter()
        .filter(|p| name.is_none_or(|n| n == p.name()))
        .collect();
    let search = name.is_none_or(|n| n == SEARCH_INDEX);
    if chosen.is_empty() && !search {
        let mut names: Vec<_> = app.projections.iter().map(|p| p.name()).collect();
        names.push(SEARCH_INDEX);
        anyhow::bail!(
            "no projection named {:?}; there are: {}",
            name.unwrap_or(""),
            names.join(", ")
        );
    }
    for projection in chosen {
        let bar = progress_bar(projection.name());
        projection.reset().await?;
        let applied = projection
            .catch_up(&|done, total| {
                bar.set_length(total);
                bar.set_position(done);
            })
            .await
            .with_context(|| format!("rebuilding {}", projection.name()))?;
        bar.finish();
        println!("{}: replayed {applied} events", projection.name());
    }
    if search {
        let bar = progress_bar(SEARCH_INDEX);
        let terms = commands::catalog::search_index::rebuild(&app.state.db, &|done, total| {
            bar.set_length(total);
            bar.set_position(done);
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))
        .context("rebuilding the search index")?;
        bar.finish();
        println!("{SEARCH_INDEX}: indexed {terms} terms of the products on the shelf");
    }
    app.state.db.close().await;
    Ok(())
}

fn progress_bar(label: &str) -> ProgressBar {
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template("{msg:>18} [{bar:40}] {pos}/{len} ({elapsed})")
            .expect("a valid progress template")
            .progress_chars("=> "),
    );
    bar.set_message(label.to_string());
    bar
}

async fn seed(config: Config, products: usize) -> anyhow::Result<()> {
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
    let desks = commands::orders::history::HistoryDesks {
        orders: &app.state.orders,
        coupons: &app.state.coupons,
        wallet: &app.state.desk,
        after_sales: &app.state.after_sales,
    };
    let placed = commands::orders::history::seed_history(
        &app.state.db,
        desks,
        crate::routes::address::divisions(),
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

async fn withdrawal_ops(config: Config, command: WithdrawalOps) -> anyhow::Result<()> {
    use crate::routes::admin::{decide_withdrawal, Decision};
    let app = app::open(config).await?;
    let state = &app.state;
    let decided = |row: projections::wallet::WithdrawalRow| {
        println!(
            "{} {} yuan of {} is now {}{}",
            row.id,
            row.amount.to_yuan(),
            row.mobile,
            row.status,
            if row.reason.is_empty() {
                String::new()
            } else {
                format!(": {}", row.reason)
            }
        );
    };
    let explain = |e: crate::error::AppError| anyhow::anyhow!("{}", e.message(crate::i18n::Language::EnUs));
    let result = match command {
        WithdrawalOps::List { status } => {
            let page = projections::wallet::withdrawals_page(&state.db.pool, None, status.as_deref(), 1, 100)
                .await?;
            println!(
                "{} withdrawal(s){}",
                page.total,
                if page.total > 100 {
                    ", newest 100 shown"
                } else {
                    ""
                }
            );
            for w in &page.list {
                println!(
                    "{}  {:<8} {:>12}  {}  payee {} account {}  requested {}{}",
                    w.id,
                    w.status,
                    w.amount.to_yuan(),
                    w.mobile,
                    w.payee,
                    w.account,
                    w.requested_at,
                    if w.reason.is_empty() {
                        String::new()
                    } else {
                        format!("  reason: {}", w.reason)
                    }
                );
            }
            Ok(())
        }
        WithdrawalOps::Approve { id } => decide_withdrawal(state, &id, Decision::Approve)
            .await
            .map(decided)
            .map_err(explain),
        WithdrawalOps::Reject { id, reason } => decide_withdrawal(state, &id, Decision::Reject(reason))
            .await
            .map(decided)
            .map_err(explain),
    };
    state.db.close().await;
    result
}

async fn ops(config: Config, command: Ops) -> anyhow::Result<()> {
    let db = open_database(&config).await?;
    let result = match command {
        Ops::Outbox { mobile, json } => print_outbox(&config, &db, mobile.as_deref(), json).await,
        Ops::Notice { command } => notice_ops(&db, command).await,
        Ops::Staff { command } => staff_ops(&db, command).await,
        Ops::DataFolder { command } => data_folder_ops(&config, &db, command).await,
        Ops::Withdrawal { .. }
        | Ops::Order { .. }
        | Ops::Wave { .. }
        | Ops::Aftersale { .. }
        | Ops::Coupon { .. } => {
            unreachable!("withdrawal and order commands open the whole application")
        }
        Ops::Logout { mobile } => {
            let ended = commands::accounts::logout_everywhere(&db, &mobile)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))
                .with_context(|| format!("cannot end the sessions of {mobile}"))?;
            println!("ended {ended} session(s) of {mobile}");
            Ok(())
        }
    };
    db.close().await;
    result
}

async fn data_folder_ops(config: &Config, db: &Database, command: DataFolderOps) -> anyhow::Result<()> {
    if let DataFolderOps::Claim = command {
        if !config.data_dir.join("rsa_private_key.pem").is_file() {
            anyhow::bail!(
                "{} is not a data folder a server has used (it has no rsa_private_key.pem)",
                config.data_dir.display()
            );
        }
        let folder = crate::data_folder::ThisFolder::load_or_create(&config.data_dir)?;
        commands::data_folders::claim(db, &folder.id, &folder.path, commands::clock::now()).await?;
        println!(
            "the servers on {} are to share {} (id {}) now",
            describe(config),
            folder.path,
            folder.id
        );
    }
    for folder in commands::data_folders::list(db).await? {
        println!(
            "{} {}  {}  first seen {}, last seen {}",
            if folder.chosen { "*" } else { " " },
            folder.id,
            folder.path,
            crate::providers::utc::china_datetime(folder.first_seen_at),
            crate::providers::utc::china_datetime(folder.last_seen_at)
        );
    }
    Ok(())
}

async fn staff_ops(db: &Database, command: StaffOps) -> anyhow::Result<()> {
    use domain::staff::Role;
    let explain = |e: commands::Error| {
        anyhow::anyhow!(crate::error::AppError::from(e).message(crate::i18n::Language::EnUs))
    };
    let role_of = |name: &str| {
        Role::parse(name).map_err(|_| anyhow::anyhow!("unknown role {name}: use one of owner, catalogue, warehouse, service, finance, marketing, stall"))
    };
    match command {
        StaffOps::Add {
            mobile,
            password,
            role,
            name,
            stalls,
        } => {
            let role = role_of(&role)?;
            let name = name.unwrap_or_else(|| mobile.clone());
            commands::staff::add(
                db,
                commands::staff::NewStaff {
                    mobile: &mobile,
                    name: &name,
                    password: commands::accounts::Password::Plain(password),
                    role,
                    stall_ids: &stalls,
                },
            )
            .await
            .map_err(explain)?;
            println!("staff {mobile} added as {}; sign in at /admin/login", role.name());
        }
        StaffOps::List => {
            let page = projections::staff::list(&db.pool, 1, 1000).await?;
            println!(
                "{:<13} {:<10} {:<9} {:<20} name",
                "mobile", "role", "status", "stalls"
            );
            for staff in page.list {
                let status = if staff.disabled { "disabled" } else { "active" };
                println!(
                    "{:<13} {:<10} {:<9} {:<20} {}",
                    staff.mobile,
                    staff.role,
                    status,
                    staff.stall_ids.join(","),
                    staff.name
                );
            }
        }
        StaffOps::Role { mobile, role, stalls } => {
            let role = role_of(&role)?;
            let id = commands::staff::id_by_mobile(db, &mobile)
                .await
                .map_err(explain)?;
            commands::staff::change_role(db, &id, role, &stalls)
                .await
                .map_err(explain)?;
            println!("staff {mobile} is now {}", role.name());
        }
        StaffOps::Disable { mobile, enable } => {
            let id = commands::staff::id_by_mobile(db, &mobile)
                .await
                .map_err(explain)?;
            commands::staff::set_disabled(db, &id, !enable)
                .await
                .map_err(explain)?;
            println!("staff {mobile} {}", if enable { "enabled" } else { "disabled" });
        }
    }
    Ok(())
}

async fn print_outbox(
    config: &Config,
    db: &Database,
    mobile: Option<&str>,
    json: bool,
) -> anyhow::Result<()> {
    if config.production || config.sms.provider != crate::providers::sms::SmsChoice::Outbox {
        anyhow::bail!(
            "there is no SMS outbox: codes go out through the {:?} SMS provider",
            config.sms.provider
        );
    }
    let (sms, captchas) = commands::sms::outbox(db, mobile)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    if json {
        println!("{}", serde_json::json!({ "sms": sms, "captchas": captchas }));
        return Ok(());
    }
    println!("SMS (newest first)");
    for m in &sms {
        println!(
            "  {}  {:<12}  {:<13}  code {}  {}",
            m.sent_at, m.mobile, m.event, m.code, m.text
        );
    }
    println!("Captchas not yet used (newest first)");
    for c in &captchas {
        println!("  {}  {}  answer {}", c.created_at, c.captcha_key, c.answer);
    }
    Ok(())
}

async fn order_ops(config: Config, command: OrderOps) -> anyhow::Result<()> {
    use crate::i18n::Language;
    use crate::routes::admin_orders::{take_step, Step};
    let app = app::open(config).await?;
    let state = &app.state;
    let lang = Language::EnUs;
    let shown = |order: projections::orders::OrderView| {
        println!(
            "{}  {}  stock {}  {}{}  total {}  {}",
            order.order_no,
            order.status,
            order.stock_status,
            if order.abnormal { "abnormal  " } else { "" },
            order.item_count,
            order.fees.total,
            order.tracking_no
        );
    };
    let step = match command {
        OrderOps::List { status, limit } => {
            let body =
                crate::routes::order::ListBody::for_tab(status.unwrap_or_default(), limit.clamp(1, 100));
            let (filter, page, pagesize) =
                crate::routes::order::filter_of(&body, None).map_err(|e| anyhow::anyhow!(e.message(lang)))?;
            let found = projections::orders::list(&state.db.pool, &filter, page, pagesize, lang).await?;
            println!("{} orders", found.total);
            for order in found.list {
                shown(order);
            }
            app.state.db.close().await;
            return Ok(());
        }
        OrderOps::CompleteDue => {
            let completed = commands::orders::operator::complete_due(
                &state.db,
                &state.orders,
                state.config.auto_complete_days,
                commands::clock::now(),
            )
            .await?;
            println!("{completed} orders completed");
            app.state.db.close().await;
            return Ok(());
        }
        OrderOps::ShipBatch { .. } => unreachable!("ship-batch is run by warehouse_cli"),
        OrderOps::Prepare { order_no } => (order_no, Step::PrepareStock),
        OrderOps::Short {
            order_no,
            items,
            report_id,
        } => {
            let mut shortages = Vec::new();
            for item in items {
                let (sku, quantity) = item
                    .rsplit_once(':')
                    .and_then(|(s, q)| Some((s.to_string(), q.parse::<i64>().ok()?)))
                    .ok_or_else(|| anyhow::anyhow!("{item:?} is not SKU:QUANTITY"))?;
                shortages.push((sku, quantity));
            }
            (order_no, Step::OutOfStock { shortages, report_id })
        }
        OrderOps::Flag { order_no, reason } => (order_no, Step::FlagAbnormal(reason)),
        OrderOps::Resolve { order_no, resolution } => (order_no, Step::ResolveAbnormal(resolution)),
        OrderOps::Ship {
            order_no,
            courier,
            tracking,
        } => (
            order_no,
            Step::Ship {
                courier,
                tracking_no: tracking,
            },
        ),
    };
    let result = take_step(state, &step.0, step.1, lang).await;
    app.state.db.close().await;
    match result {
        Ok(order) => {
            shown(order);
            Ok(())
        }
        Err(e) => anyhow::bail!(e.message(lang)),
    }
}

async fn after_sale_ops(config: Config, command: AfterSaleOps) -> anyhow::Result<()> {
    use crate::i18n::Language;
    use commands::after_sales::steps::Step;
    let app = app::open(config).await?;
    let state = &app.state;
    let lang = Language::EnUs;
    let shown = |a: &projections::after_sales::AfterSaleView| {
        println!(
            "{}  {}  {}  {}  qty {}  refund {}{}",
            a.id,
            a.order_no,
            a.kind,
            a.status,
            a.quantity,
            a.refund_amount,
            if a.return_tracking_no.is_empty() {
                String::new()
            } else {
                format!("  return {} {}", a.return_courier, a.return_tracking_no)
            }
        );
    };
    let (id, step) = match command {
        AfterSaleOps::List { status, limit } => {
            let status = match status.as_deref().map(str::trim) {
                None | Some("") | Some("all") => None,
                Some(code) => Some(
                    domain::after_sale::AfterSaleStatus::from_code(code)
                        .ok_or_else(|| anyhow::anyhow!("unknown status {code:?}"))?,
                ),
            };
            let filter = projections::after_sales::AfterSaleFilter {
                status,
                ..Default::default()
            };
            let found =
                projections::after_sales::list(&state.db.pool, &filter, 1, limit.clamp(1, 100)).await?;
            println!("{} after-sales", found.total);
            for a in &found.list {
                shown(a);
            }
            app.state.db.close().await;
            return Ok(());
        }
        AfterSaleOps::Approve { id } => (id, Step::Approve),
        AfterSaleOps::Reject { id, reason } => (id, Step::Reject { reason }),
        AfterSaleOps::Intercept { id, failed } => (id, Step::Intercept { succeeded: !failed }),
        AfterSaleOps::Receive {
            id,
            wrong_item,
            wrong_station,
        } => (
            id,
            Step::Receive {
                wrong_item,
                wrong_station,
            },
        ),
        AfterSaleOps::Refund { id } => (id, Step::Refund { expected: None }),
        AfterSaleOps::Ship {
            id,
            courier,
            tracking,
        } => (
            id,
            Step::Ship {
                courier,
                tracking_no: tracking,
            },
        ),
    };
    let result = crate::routes::aftersale::take_step(state, &id, step).await;
    app.state.db.close().await;
    match result {
        Ok(after_sale) => {
            shown(&after_sale);
            Ok(())
        }
        Err(e) => anyhow::bail!(e.message(lang)),
    }
}

async fn coupon_ops(config: Config, command: CouponOps) -> anyhow::Result<()> {
    use crate::i18n::Language;
    let app = app::open(config).await?;
    let state = &app.state;
    let lang = Language::EnUs;
    let shown = |c: &projections::coupons::CouponView| {
        let discount = if c.discount_type == "discount" {
            format!("{}% off", c.percent_off)
        } else {
            format!("{} off", c.amount)
        };
        println!(
            "{}  {}  {} / {}  {}  from {}  {}  {}  {}",
            c.id, c.user_id, c.name_zh, c.name_en, c.kind, c.threshold, discount, c.status, c.order_no
        );
    };
    let result = match command {
        CouponOps::Issue { mobile, terms } => {
            crate::routes::coupon::issue_coupon(state, &terms.body(mobile, 0), lang)
                .await
                .map(|c| shown(&c))
        }
        CouponOps::Publish { quantity, terms } => {
            crate::routes::coupon::publish_coupon(state, &terms.body(String::new(), quantity))
                .await
                .map(|p| println!("{}", serde_json::to_string(&p).unwrap_or_default()))
        }
        CouponOps::List { mobile, limit } => {
            let user_id = match mobile {
                Some(m) => sqlx::query_scalar::<_, String>("SELECT id FROM users WHERE mobile = $1")
                    .bind(m.trim())
                    .fetch_optional(&state.db.pool)
                    .await?
                    .map(Some)
                    .ok_or_else(|| anyhow::anyhow!("no seller has the phone number {m}"))?,
                None => None,
            };
            let filter = projections::coupons::CouponFilter {
                user_id,
                ..Default::default()
            };
            let found = projections::coupons::list(
                &state.db.pool,
                &filter,
                1,
                limit.clamp(1, 100),
                commands::clock::now(),
            )
            .await?;
            println!("{} coupons", found.total);
            for c in &found.list {
                shown(c);
            }
            Ok(())
        }
    };
    app.state.db.close().await;
    result.map_err(|e| anyhow::anyhow!(e.message(lang)))
}

async fn notice_ops(db: &commands::Database, command: NoticeOps) -> anyhow::Result<()> {
    use commands::catalog::notices::{publish, withdraw, NewNotice};
    let explain = |e: commands::Error| match e {
        commands::Error::Invalid(r) => anyhow::anyhow!(crate::i18n::message(
            crate::i18n::Language::EnUs,
            r.key,
            &r.params
        )),
        other => anyhow::anyhow!(other),
    };
    match command {
        NoticeOps::Publish {
            title,
            content,
            title_en,
            content_en,
            pinned,
        } => {
            let notice = NewNotice {
                title,
                content,
                title_en,
                content_en,
                pinned,
            };
            let id = publish(db, notice, commands::clock::now())
                .await
                .map_err(explain)?;
            println!("published {id}");
        }
        NoticeOps::List { limit } => {
            let page =
                projections::catalog::notices(&db.pool, 1, limit.clamp(1, 100), crate::i18n::Language::ZhCn)
                    .await?;
            println!("{} notices", page.total);
            for n in &page.list {
                let pin = if n.pinned { "pinned" } else { "" };
                println!("{}  {}  {}  {}", n.id, n.published_at, pin, n.title);
            }
        }
        NoticeOps::Withdraw { id } => {
            if !withdraw(db, &id).await.map_err(explain)? {
                anyhow::bail!("no announcement has the id {id}");
            }
            println!("withdrew {id}");
        }
    }
    Ok(())
}

/// Two coupons for the demo seller and one published for anyone to claim, on an empty coupon book.
async fn demo_coupons(state: &crate::state::AppState) -> anyhow::Result<usize> {
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
    let days = |n: i64| now + n * 86_400;
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

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn every_flag_and_variable_names_one_setting() {
        // Flattened settings share field names (app_id, private_key): clap checks the ids are unique
        // only in debug builds, so the check runs here.
        super::Cli::command().debug_assert();
    }

    #[test]
    fn each_provider_reads_its_own_app_id() {
        let cli = <super::Cli as clap::Parser>::try_parse_from([
            "jpmall",
            "--alipay-app-id",
            "2021",
            "--wechat-app-id",
            "wx1",
            "--sms-app-id",
            "1400",
            "--trusted-proxies",
            "127.0.0.1,10.0.0.0/8",
            "migrate",
        ])
        .unwrap();
        assert_eq!(cli.alipay.settings().app_id.as_deref(), Some("2021"));
        assert_eq!(cli.wechat.settings().app_id.as_deref(), Some("wx1"));
        assert_eq!(cli.sms.settings().app_id.as_deref(), Some("1400"));
        assert_eq!(cli.operations.settings().trusted_proxies.len(), 2);
    }
}
