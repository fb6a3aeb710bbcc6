//! The `jpmall` command line: serve, migrate, rebuild and operator commands.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{ArgAction, Parser, Subcommand};
use commands::Database;
use indicatif::{ProgressBar, ProgressStyle};

use crate::config::Config;

mod after_sales;
mod coupons;
mod data_folder;
mod database_ops;
mod listing;
mod notices;
mod orders;
mod rebuild;
mod seed;
mod serve;
mod staff;
mod warehouse;
mod withdrawals;

use self::after_sales::{after_sale_ops, AfterSaleOps};
use self::coupons::{coupon_ops, CouponOps};
use self::data_folder::DataFolderOps;
use self::database_ops::ops;
use self::notices::NoticeOps;
use self::orders::{order_ops, OrderOps};
use self::rebuild::rebuild;
use self::seed::seed;
use self::serve::serve;
use self::staff::StaffOps;
use self::withdrawals::{withdrawal_ops, WithdrawalOps};

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
    /// Listing in a seller's own shops: the package the storefront downloads, and what changed since.
    Listing {
        #[command(subcommand)]
        command: listing::ListingOps,
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
        command: warehouse::WaveOps,
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
        Command::Listing { command } => listing::listing_ops(config, command).await,
        // Whatever an `ops` command changes is recorded as done by the operator (the machine credential).
        Command::Ops { command } => {
            commands::actor::acting_as(commands::actor::Actor::Operator, async {
                match command {
                    Ops::Withdrawal { command } => withdrawal_ops(config, command).await,
                    Ops::Order {
                        command: OrderOps::ShipBatch { file, apply },
                    } => warehouse::ship_batch(config, file, apply).await,
                    Ops::Order { command } => order_ops(config, command).await,
                    Ops::Wave { command } => warehouse::wave_ops(config, command).await,
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

fn progress_bar(label: &str) -> ProgressBar {
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template("{msg:>18} [{bar:40}] {pos}/{len} ({elapsed})")
            .expect("a valid progress template")
            .progress_chars("=> "),
    );
    bar.set_message(label.to_string());
    bar
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
