use std::sync::{Arc, OnceLock};

use commands::after_sales::AfterSaleQueue;
use commands::coupons::CouponQueue;
use commands::db::Cqrs;
use commands::orders::OrderQueue;
use commands::payments::PaymentGateway;
use commands::sms::SmsProvider;
use commands::wallet::WalletQueue;
use commands::Database;
use domain::wallet::{Wallet, WalletServices};

use crate::config::Config;
use crate::keys::PasswordKey;

#[derive(Clone)]
pub struct AppState {
    pub db: Database,
    pub config: Arc<Config>,
    pub password_key: Arc<PasswordKey>,
    /// This server's data folder, which `/readyz` compares with the one its database's servers use.
    pub data_folder: Arc<crate::data_folder::ThisFolder>,
    pub operator_token: Arc<String>,
    /// False in production mode, where no SMS outbox exists.
    pub outbox_enabled: bool,
    pub sms: Arc<dyn SmsProvider>,
    pub wallet: Arc<Cqrs<Wallet>>,
    /// Every wallet command goes through its queue (queued per wallet, conflicts retried).
    pub wallets: Arc<WalletQueue>,
    /// Every order command goes through this queue.
    pub orders: Arc<OrderQueue>,
    /// Every coupon command goes through this queue.
    pub coupons: Arc<CouponQueue>,
    /// Every after-sale command goes through this queue.
    pub after_sales: Arc<AfterSaleQueue>,
    /// Every pick-wave command goes through this queue.
    pub waves: Arc<commands::waves::WaveQueue>,
    /// Every listing-record command goes through this queue.
    pub listings: Arc<commands::listing::ListingQueue>,
    pub wallet_limits: WalletServices,
    pub payments: Arc<Payments>,
    /// Every projection, for the readiness check and the lag metric.
    pub projections: Arc<Vec<Arc<dyn projections::Replayable>>>,
    /// Follows the order log behind the commands; `serve` runs it.
    pub ranking: Arc<projections::ranking::RankingFollower>,
    /// Follows the catalogue's changes into the listings' to-act-on lists and messages.
    pub listing_notices: Arc<projections::listing_notices::ListingNotices>,
    /// Background jobs (Excel exports and imports, product imports): a stopping server waits for them.
    pub jobs: tokio_util::task::TaskTracker,
    pub same_style: Arc<projections::catalog::SameStyleIndex>,
    pub list_totals: Arc<projections::catalog::ListTotals>,
    /// The names suggested as a seller types a keyword.
    pub vocabulary: Arc<projections::search::suggest::Vocabulary>,
}

/// The payment gateway and what the webhooks need to trust its callbacks.
pub struct Payments {
    /// `None`: no gateway is configured, and top-ups and QR payments are refused.
    gateway: Option<Arc<dyn PaymentGateway>>,
    alipay: Option<Arc<crate::providers::alipay::Alipay>>,
    wechat: Option<Arc<crate::providers::wechat_pay::WechatPay>>,
    /// The HMAC key of the simulator's callbacks; `None` wherever the simulator does not run, so no
    /// key exists there that a callback could be signed with.
    simulator_secret: Option<Vec<u8>>,
    /// Where the local gateway delivers callbacks: this server's own listening address.
    local_url: OnceLock<String>,
    pub public_url: Option<String>,
}

impl Payments {
    pub fn new(
        gateways: crate::providers::gateways::Gateways,
        simulator_secret: Option<Vec<u8>>,
        public_url: Option<String>,
    ) -> Self {
        Self {
            gateway: gateways.chosen,
            alipay: gateways.alipay,
            wechat: gateways.wechat,
            simulator_secret,
            local_url: OnceLock::new(),
            public_url,
        }
    }

    /// The configured gateway, or the refusal that says payments are unavailable.
    pub fn gateway(&self) -> Result<&dyn PaymentGateway, commands::Refusal> {
        self.gateway
            .as_deref()
            .ok_or_else(|| commands::Refusal::new("payment.unavailable"))
    }

    /// The Alipay adapter, when Alipay is the gateway (its webhook answers 404 otherwise).
    pub fn alipay(&self) -> Option<&crate::providers::alipay::Alipay> {
        self.alipay.as_deref()
    }

    /// The WeChat Pay adapter, when WeChat Pay is the gateway.
    pub fn wechat(&self) -> Option<&crate::providers::wechat_pay::WechatPay> {
        self.wechat.as_deref()
    }

    /// Whether the local simulator's pages take "payments" (a development tool).
    pub fn simulator_on(&self) -> bool {
        self.gateway.as_ref().is_some_and(|g| g.is_simulator())
    }

    /// The key the simulator signs its callbacks with, while it is the gateway.
    pub fn simulator_secret(&self) -> Option<&[u8]> {
        self.simulator_secret.as_deref().filter(|_| self.simulator_on())
    }

    /// Called once the server listens, so the webhook address is one this process answers on.
    pub fn serving_at(&self, base: &str) {
        let _ = self.local_url.set(base.trim_end_matches('/').to_string());
    }

    pub fn notify_url(&self) -> String {
        let base = self
            .local_url
            .get()
            .map(String::as_str)
            .unwrap_or("http://127.0.0.1:8080");
        format!("{base}{}", commands::payments::NOTIFY_PATH)
    }
}
