//! Which SMS provider sends verification codes, and the templates and sign names each code kind uses.

use std::sync::Arc;

use commands::sms::{OutboxProvider, SmsEvent, SmsProvider};
use commands::Database;

use super::{aliyun_sms::AliyunSms, tencent_sms::TencentSms};

/// `JPMALL_SMS_PROVIDER`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum SmsChoice {
    /// Development: codes go to the outbox `jpmall ops outbox` prints; refused in production.
    #[default]
    Outbox,
    /// Aliyun SMS (dysmsapi `SendSms`, RPC signature HMAC-SHA1).
    Aliyun,
    /// Tencent Cloud SMS (`SendSms` 2021-01-11, TC3-HMAC-SHA256).
    Tencent,
}

/// The template (and, when it differs from the default, the sign name) of one kind of code.
#[derive(Debug, Clone, Default)]
pub struct EventTemplate {
    pub template: Option<String>,
    pub sign_name: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct SmsSettings {
    pub provider: SmsChoice,
    /// Aliyun AccessKey ID, or Tencent SecretId.
    pub key_id: Option<String>,
    /// Aliyun AccessKey secret, or Tencent SecretKey.
    pub key_secret: Option<String>,
    /// Tencent's SmsSdkAppId (Aliyun has none).
    pub app_id: Option<String>,
    /// Unset: cn-hangzhou (Aliyun), ap-guangzhou (Tencent).
    pub region: Option<String>,
    /// Unset: the provider's public endpoint. Tests point it at a local server.
    pub endpoint: Option<String>,
    /// The sign name of every code kind that names none of its own.
    pub sign_name: Option<String>,
    pub register: EventTemplate,
    pub reset_password: EventTemplate,
    pub change_mobile: EventTemplate,
    pub payout_account: EventTemplate,
}

/// What one send needs besides the phone and the code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    pub sign_name: String,
    pub template: String,
}

/// The template of each code kind, complete.
#[derive(Debug, Clone)]
pub struct Templates {
    register: Template,
    reset_password: Template,
    change_mobile: Template,
    payout_account: Template,
}

impl Templates {
    pub fn of(&self, event: SmsEvent) -> &Template {
        match event {
            SmsEvent::Register => &self.register,
            SmsEvent::ResetPassword => &self.reset_password,
            SmsEvent::ChangeMobile => &self.change_mobile,
            SmsEvent::PayoutAccount => &self.payout_account,
        }
    }
}

impl SmsSettings {
    fn events(&self) -> [(&'static str, &EventTemplate); 4] {
        [
            ("REGISTER", &self.register),
            ("RESETPWD", &self.reset_password),
            ("CHANGEMOBILE", &self.change_mobile),
            ("PAYOUT_ACCOUNT", &self.payout_account),
        ]
    }

    /// The settings the chosen provider needs and lacks, by the environment variable that gives each.
    pub fn missing(&self) -> Vec<String> {
        if self.provider == SmsChoice::Outbox {
            return Vec::new();
        }
        let set = |v: &Option<String>| v.as_deref().is_some_and(|v| !v.trim().is_empty());
        let mut missing = Vec::new();
        if !set(&self.key_id) {
            missing.push("JPMALL_SMS_KEY_ID".to_string());
        }
        if !set(&self.key_secret) {
            missing.push("JPMALL_SMS_KEY_SECRET".to_string());
        }
        if self.provider == SmsChoice::Tencent && !set(&self.app_id) {
            missing.push("JPMALL_SMS_APP_ID".to_string());
        }
        for (name, event) in self.events() {
            if !set(&event.template) {
                missing.push(format!("JPMALL_SMS_TEMPLATE_{name}"));
            }
            if !set(&event.sign_name) && !set(&self.sign_name) {
                missing.push(format!("JPMALL_SMS_SIGN_NAME (or JPMALL_SMS_SIGN_NAME_{name})"));
            }
        }
        missing
    }

    fn templates(&self) -> Templates {
        let of = |event: &EventTemplate| Template {
            sign_name: event
                .sign_name
                .clone()
                .filter(|s| !s.trim().is_empty())
                .or_else(|| self.sign_name.clone())
                .unwrap_or_default()
                .trim()
                .to_string(),
            template: event.template.clone().unwrap_or_default().trim().to_string(),
        };
        Templates {
            register: of(&self.register),
            reset_password: of(&self.reset_password),
            change_mobile: of(&self.change_mobile),
            payout_account: of(&self.payout_account),
        }
    }

    /// The configured provider, or what it lacks. Production refuses the outbox.
    pub fn build(&self, db: &Database, production: bool) -> anyhow::Result<Arc<dyn SmsProvider>> {
        let missing = self.missing();
        if !missing.is_empty() {
            anyhow::bail!(
                "the SMS provider {:?} lacks settings: {}",
                self.provider,
                missing.join(", ")
            );
        }
        let key_id = self.key_id.clone().unwrap_or_default().trim().to_string();
        let secret = self.key_secret.clone().unwrap_or_default().trim().to_string();
        let endpoint = self.endpoint.clone().filter(|e| !e.trim().is_empty());
        let region = self.region.clone().filter(|r| !r.trim().is_empty());
        Ok(match self.provider {
            SmsChoice::Outbox if production => anyhow::bail!(
                "production mode needs an SMS provider: set JPMALL_SMS_PROVIDER to aliyun or tencent \
                 (see docs/deployment.md)"
            ),
            SmsChoice::Outbox => Arc::new(OutboxProvider { db: db.clone() }),
            SmsChoice::Aliyun => Arc::new(AliyunSms::new(
                key_id,
                secret,
                endpoint.unwrap_or_else(|| super::aliyun_sms::ENDPOINT.into()),
                region.unwrap_or_else(|| super::aliyun_sms::REGION.into()),
                self.templates(),
            )),
            SmsChoice::Tencent => Arc::new(TencentSms::new(
                key_id,
                secret,
                self.app_id.clone().unwrap_or_default().trim().to_string(),
                endpoint.unwrap_or_else(|| super::tencent_sms::ENDPOINT.into()),
                region.unwrap_or_else(|| super::tencent_sms::REGION.into()),
                self.templates(),
            )),
        })
    }
}

/// One HTTP client per provider: connection reuse, and a bound on how long a send may hang a request.
pub(crate) fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(std::time::Duration::from_secs(5))
        .timeout(std::time::Duration::from_secs(15))
        .build()
        .expect("a TLS-less HTTP client builds")
}
