//! The settings of the outside services (SMS, payment gateways) and of operations, as flags and
//! environment variables; the server reads them into [`crate::config::Config`].

use clap::Args;

use crate::providers::gateways::{AlipaySettings, WechatSettings};
use crate::providers::sms::{EventTemplate, SmsChoice, SmsSettings};

#[derive(Args, Debug, Clone)]
pub struct SmsArgs {
    /// Who sends verification codes: outbox (development), aliyun or tencent.
    #[arg(
        id = "sms-provider",
        long = "sms-provider",
        env = "JPMALL_SMS_PROVIDER",
        value_enum,
        default_value = "outbox",
        global = true
    )]
    provider: SmsChoice,
    /// Aliyun AccessKey ID / Tencent SecretId.
    #[arg(
        id = "sms-key-id",
        long = "sms-key-id",
        env = "JPMALL_SMS_KEY_ID",
        global = true
    )]
    key_id: Option<String>,
    /// Aliyun AccessKey secret / Tencent SecretKey.
    #[arg(
        id = "sms-key-secret",
        long = "sms-key-secret",
        env = "JPMALL_SMS_KEY_SECRET",
        hide_env_values = true,
        global = true
    )]
    key_secret: Option<String>,
    /// Tencent SmsSdkAppId.
    #[arg(
        id = "sms-app-id",
        long = "sms-app-id",
        env = "JPMALL_SMS_APP_ID",
        global = true
    )]
    app_id: Option<String>,
    #[arg(
        id = "sms-region",
        long = "sms-region",
        env = "JPMALL_SMS_REGION",
        global = true
    )]
    region: Option<String>,
    /// The provider's API address; unset: its public endpoint.
    #[arg(
        id = "sms-endpoint",
        long = "sms-endpoint",
        env = "JPMALL_SMS_ENDPOINT",
        global = true
    )]
    endpoint: Option<String>,
    /// Sign name (签名) of every code kind that names none of its own.
    #[arg(
        id = "sms-sign-name",
        long = "sms-sign-name",
        env = "JPMALL_SMS_SIGN_NAME",
        global = true
    )]
    sign_name: Option<String>,
    /// Template of the registration code; it has one parameter, the code.
    #[arg(
        id = "sms-template-register",
        long = "sms-template-register",
        env = "JPMALL_SMS_TEMPLATE_REGISTER",
        global = true
    )]
    template_register: Option<String>,
    #[arg(
        id = "sms-sign-name-register",
        long = "sms-sign-name-register",
        env = "JPMALL_SMS_SIGN_NAME_REGISTER",
        global = true
    )]
    sign_name_register: Option<String>,
    /// Template of the password-reset code.
    #[arg(
        id = "sms-template-resetpwd",
        long = "sms-template-resetpwd",
        env = "JPMALL_SMS_TEMPLATE_RESETPWD",
        global = true
    )]
    template_resetpwd: Option<String>,
    #[arg(
        id = "sms-sign-name-resetpwd",
        long = "sms-sign-name-resetpwd",
        env = "JPMALL_SMS_SIGN_NAME_RESETPWD",
        global = true
    )]
    sign_name_resetpwd: Option<String>,
    /// Template of the change-of-phone code.
    #[arg(
        id = "sms-template-changemobile",
        long = "sms-template-changemobile",
        env = "JPMALL_SMS_TEMPLATE_CHANGEMOBILE",
        global = true
    )]
    template_changemobile: Option<String>,
    #[arg(
        id = "sms-sign-name-changemobile",
        long = "sms-sign-name-changemobile",
        env = "JPMALL_SMS_SIGN_NAME_CHANGEMOBILE",
        global = true
    )]
    sign_name_changemobile: Option<String>,
    /// Template of the code that changing the payout account asks for.
    #[arg(
        id = "sms-template-payout-account",
        long = "sms-template-payout-account",
        env = "JPMALL_SMS_TEMPLATE_PAYOUT_ACCOUNT",
        global = true
    )]
    template_payout_account: Option<String>,
    #[arg(
        id = "sms-sign-name-payout-account",
        long = "sms-sign-name-payout-account",
        env = "JPMALL_SMS_SIGN_NAME_PAYOUT_ACCOUNT",
        global = true
    )]
    sign_name_payout_account: Option<String>,
}

impl SmsArgs {
    pub fn settings(self) -> SmsSettings {
        SmsSettings {
            provider: self.provider,
            key_id: self.key_id,
            key_secret: self.key_secret,
            app_id: self.app_id,
            region: self.region,
            endpoint: self.endpoint,
            sign_name: self.sign_name,
            register: EventTemplate {
                template: self.template_register,
                sign_name: self.sign_name_register,
            },
            reset_password: EventTemplate {
                template: self.template_resetpwd,
                sign_name: self.sign_name_resetpwd,
            },
            change_mobile: EventTemplate {
                template: self.template_changemobile,
                sign_name: self.sign_name_changemobile,
            },
            payout_account: EventTemplate {
                template: self.template_payout_account,
                sign_name: self.sign_name_payout_account,
            },
        }
    }
}

#[derive(Args, Debug, Clone)]
pub struct AlipayArgs {
    /// The Alipay app's APPID.
    #[arg(
        id = "alipay-app-id",
        long = "alipay-app-id",
        env = "JPMALL_ALIPAY_APP_ID",
        global = true
    )]
    app_id: Option<String>,
    /// The app's private key (PEM or base64), or the path of a file holding it.
    #[arg(
        id = "alipay-private-key",
        long = "alipay-private-key",
        env = "JPMALL_ALIPAY_PRIVATE_KEY",
        hide_env_values = true,
        global = true
    )]
    private_key: Option<String>,
    /// Alipay's public key (not the app's), or the path of a file holding it.
    #[arg(
        id = "alipay-public-key",
        long = "alipay-public-key",
        env = "JPMALL_ALIPAY_PUBLIC_KEY",
        global = true
    )]
    public_key: Option<String>,
    /// Unset: https://openapi.alipay.com/gateway.do.
    #[arg(
        id = "alipay-gateway-url",
        long = "alipay-gateway-url",
        env = "JPMALL_ALIPAY_GATEWAY_URL",
        global = true
    )]
    gateway_url: Option<String>,
}

impl AlipayArgs {
    pub fn settings(self) -> AlipaySettings {
        AlipaySettings {
            app_id: self.app_id,
            private_key: self.private_key,
            alipay_public_key: self.public_key,
            gateway_url: self.gateway_url,
        }
    }
}

#[derive(Args, Debug, Clone)]
pub struct WechatArgs {
    /// Merchant id (商户号).
    #[arg(
        id = "wechat-mch-id",
        long = "wechat-mch-id",
        env = "JPMALL_WECHAT_MCH_ID",
        global = true
    )]
    mch_id: Option<String>,
    /// The AppID bound to the merchant.
    #[arg(
        id = "wechat-app-id",
        long = "wechat-app-id",
        env = "JPMALL_WECHAT_APP_ID",
        global = true
    )]
    app_id: Option<String>,
    /// The API v3 key (32 characters) that encrypts notifications.
    #[arg(
        id = "wechat-api-v3-key",
        long = "wechat-api-v3-key",
        env = "JPMALL_WECHAT_API_V3_KEY",
        hide_env_values = true,
        global = true
    )]
    api_v3_key: Option<String>,
    /// Serial number of the merchant API certificate.
    #[arg(
        id = "wechat-mch-serial",
        long = "wechat-mch-serial",
        env = "JPMALL_WECHAT_MCH_SERIAL",
        global = true
    )]
    mch_serial: Option<String>,
    /// The merchant API private key (apiclient_key.pem), or the path of a file holding it.
    #[arg(
        id = "wechat-private-key",
        long = "wechat-private-key",
        env = "JPMALL_WECHAT_PRIVATE_KEY",
        hide_env_values = true,
        global = true
    )]
    private_key: Option<String>,
    /// WeChat Pay's public key (PEM), or the path of a file holding it.
    #[arg(
        id = "wechat-platform-key",
        long = "wechat-platform-key",
        env = "JPMALL_WECHAT_PLATFORM_KEY",
        global = true
    )]
    platform_key: Option<String>,
    /// The id of WeChat Pay's public key (PUB_KEY_ID_…) or of its platform certificate.
    #[arg(
        id = "wechat-platform-serial",
        long = "wechat-platform-serial",
        env = "JPMALL_WECHAT_PLATFORM_SERIAL",
        global = true
    )]
    platform_serial: Option<String>,
    /// Unset: https://api.mch.weixin.qq.com.
    #[arg(
        id = "wechat-base-url",
        long = "wechat-base-url",
        env = "JPMALL_WECHAT_BASE_URL",
        global = true
    )]
    base_url: Option<String>,
}

impl WechatArgs {
    pub fn settings(self) -> WechatSettings {
        WechatSettings {
            mch_id: self.mch_id,
            app_id: self.app_id,
            api_v3_key: self.api_v3_key,
            mch_serial: self.mch_serial,
            private_key: self.private_key,
            platform_key: self.platform_key,
            platform_serial: self.platform_serial,
            base_url: self.base_url,
        }
    }
}

#[derive(Args, Debug, Clone)]
pub struct OperationsArgs {
    /// Reverse proxies whose X-Forwarded-For is believed (addresses or CIDR blocks, comma-separated).
    /// Unset: the socket's address is the client's, and X-Forwarded-For is ignored.
    #[arg(
        id = "trusted-proxies",
        long = "trusted-proxies",
        env = "JPMALL_TRUSTED_PROXIES",
        value_delimiter = ',',
        value_parser = address_or_block,
        global = true
    )]
    trusted_proxies: Vec<ipnet::IpNet>,
    /// Serve /metrics (and the health checks) on this address too, without the operator token; keep
    /// it off the public network. Unset: /metrics on the main address, behind the operator token.
    #[arg(
        id = "metrics-addr",
        long = "metrics-addr",
        env = "JPMALL_METRICS_ADDR",
        global = true
    )]
    metrics_addr: Option<std::net::SocketAddr>,
    /// Seconds a stopping server gives in-flight requests and background jobs to finish.
    #[arg(id = "shutdown-grace", long = "shutdown-grace", env = "JPMALL_SHUTDOWN_GRACE", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=600), global = true)]
    shutdown_grace: u64,
    /// /readyz reports not ready while a projection is more than this many events behind the log.
    #[arg(
        id = "ready-max-lag",
        long = "ready-max-lag",
        env = "JPMALL_READY_MAX_LAG",
        default_value_t = 1_000,
        global = true
    )]
    ready_max_lag: i64,
}

impl OperationsArgs {
    pub fn settings(self) -> crate::config::Operations {
        crate::config::Operations {
            trusted_proxies: self.trusted_proxies,
            metrics_addr: self.metrics_addr,
            shutdown_grace_seconds: self.shutdown_grace,
            ready_max_lag: self.ready_max_lag,
        }
    }
}

/// `10.0.0.0/8`, or one address as its own block.
fn address_or_block(text: &str) -> Result<ipnet::IpNet, String> {
    let text = text.trim();
    text.parse::<ipnet::IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| format!("{text:?} is neither an IP address nor a CIDR block"))
}
