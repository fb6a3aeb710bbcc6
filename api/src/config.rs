use std::path::PathBuf;

/// Everything the server reads from its environment. Flags of the CLI fill it; see README.
#[derive(Debug, Clone)]
pub struct Config {
    pub data_dir: PathBuf,
    /// Unset: SQLite at `<data_dir>/jpmall.db`. `postgres://…`: PostgreSQL.
    pub database_url: Option<String>,
    /// The built web to serve from a folder; unset: the web built into the binary.
    pub web_dist: Option<PathBuf>,
    pub operator_token: Option<String>,
    /// No SMS outbox and no payment simulator; the server refuses to start without a real SMS provider.
    pub production: bool,
    /// Key of the payment callbacks' HMAC; made in the data folder when not given.
    pub payment_secret: Option<String>,
    /// The address payers' phones reach this server at, for QR codes; unset: the request's Host.
    pub public_url: Option<String>,
    /// Caps on one top-up and one withdrawal.
    pub wallet_limits: domain::wallet::WalletServices,
    /// Days after shipping before an order completes on its own.
    pub auto_complete_days: i64,
    /// Where top-ups are paid. The simulator is a development tool and never runs in production.
    pub payment_gateway: GatewayChoice,
    /// Who sends verification codes, with which templates.
    pub sms: crate::providers::sms::SmsSettings,
    pub alipay: crate::providers::gateways::AlipaySettings,
    pub wechat: crate::providers::gateways::WechatSettings,
    pub operations: Operations,
}

/// How the server runs behind proxies, reports and stops.
#[derive(Debug, Clone)]
pub struct Operations {
    /// Peers whose `X-Forwarded-For` names the client; empty: none is believed.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// A second address serving `/metrics`, `/healthz` and `/readyz` without the operator token.
    pub metrics_addr: Option<std::net::SocketAddr>,
    pub shutdown_grace_seconds: u64,
    /// The most events a projection may trail the log by while `/readyz` says ready.
    pub ready_max_lag: i64,
}

impl Default for Operations {
    fn default() -> Self {
        Self {
            trusted_proxies: Vec::new(),
            metrics_addr: None,
            shutdown_grace_seconds: 30,
            ready_max_lag: 1_000,
        }
    }
}

/// `JPMALL_PAYMENT_GATEWAY`: `simulator` (the default outside production), `none` (no top-ups or
/// QR payments; the default in production until a real gateway is configured), `alipay` or `wechat`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GatewayChoice {
    Simulator,
    None,
    /// Alipay face-to-face payment (precreate, RSA2-signed notifications).
    Alipay,
    /// WeChat Pay API v3 Native payment.
    Wechat,
}

impl Config {
    pub fn database_url(&self) -> String {
        match self.database_url.as_deref().map(str::trim) {
            Some(url) if !url.is_empty() => url.to_string(),
            _ => self.data_dir.join("jpmall.db").display().to_string(),
        }
    }

    pub fn uploads_dir(&self) -> PathBuf {
        self.data_dir.join("uploads")
    }

    /// Shipping labels: never under `uploads_dir`, which is served to anyone.
    pub fn labels_dir(&self) -> PathBuf {
        self.data_dir.join("labels")
    }
}
