//! Which payment gateway takes top-ups and QR payments, with the merchant settings each needs.

use std::sync::Arc;

use anyhow::Context;

use super::alipay::Alipay;
use super::wechat_pay::WechatPay;
use super::{rsa_keys, sms};
use crate::config::GatewayChoice;

#[derive(Debug, Clone, Default)]
pub struct AlipaySettings {
    pub app_id: Option<String>,
    /// The app's private key (PEM or base64), or the path of a file holding it.
    pub private_key: Option<String>,
    /// Alipay's public key (PEM or base64), or the path of a file holding it.
    pub alipay_public_key: Option<String>,
    /// Unset: Alipay's production gateway.
    pub gateway_url: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct WechatSettings {
    pub mch_id: Option<String>,
    pub app_id: Option<String>,
    pub api_v3_key: Option<String>,
    /// Serial number of the merchant API certificate.
    pub mch_serial: Option<String>,
    /// The merchant API private key (PEM), or the path of a file holding it.
    pub private_key: Option<String>,
    /// WeChat Pay's public key (PEM), or the path of a file holding it.
    pub platform_key: Option<String>,
    /// The id of WeChat Pay's public key (`PUB_KEY_ID_…`) or its platform certificate's serial.
    pub platform_serial: Option<String>,
    /// Unset: WeChat Pay's API address.
    pub base_url: Option<String>,
}

fn set(value: &Option<String>) -> bool {
    value.as_deref().is_some_and(|v| !v.trim().is_empty())
}

fn value(value: &Option<String>) -> String {
    value.as_deref().unwrap_or("").trim().to_string()
}

/// The settings `choice` needs and lacks, by environment variable. Real gateways need the public
/// address their notifications are sent to.
pub fn missing(
    choice: GatewayChoice,
    alipay: &AlipaySettings,
    wechat: &WechatSettings,
    public_url: &Option<String>,
) -> Vec<&'static str> {
    let needed: Vec<(&'static str, bool)> = match choice {
        GatewayChoice::Simulator | GatewayChoice::None => return Vec::new(),
        GatewayChoice::Alipay => vec![
            ("JPMALL_ALIPAY_APP_ID", set(&alipay.app_id)),
            ("JPMALL_ALIPAY_PRIVATE_KEY", set(&alipay.private_key)),
            ("JPMALL_ALIPAY_PUBLIC_KEY", set(&alipay.alipay_public_key)),
        ],
        GatewayChoice::Wechat => vec![
            ("JPMALL_WECHAT_MCH_ID", set(&wechat.mch_id)),
            ("JPMALL_WECHAT_APP_ID", set(&wechat.app_id)),
            ("JPMALL_WECHAT_API_V3_KEY", set(&wechat.api_v3_key)),
            ("JPMALL_WECHAT_MCH_SERIAL", set(&wechat.mch_serial)),
            ("JPMALL_WECHAT_PRIVATE_KEY", set(&wechat.private_key)),
            ("JPMALL_WECHAT_PLATFORM_KEY", set(&wechat.platform_key)),
            ("JPMALL_WECHAT_PLATFORM_SERIAL", set(&wechat.platform_serial)),
        ],
    };
    let mut missing: Vec<&'static str> = needed.into_iter().filter(|(_, ok)| !ok).map(|(n, _)| n).collect();
    if !set(public_url) {
        missing.push("JPMALL_PUBLIC_URL");
    }
    missing
}

pub fn notify_url(public_url: &str, path: &str) -> String {
    format!("{}{path}", public_url.trim().trim_end_matches('/'))
}

pub fn alipay(settings: &AlipaySettings, public_url: &str) -> anyhow::Result<Alipay> {
    let private_key = rsa_keys::private_key(&rsa_keys::read_setting(&value(&settings.private_key))?)
        .context("JPMALL_ALIPAY_PRIVATE_KEY")?;
    let alipay_key = rsa_keys::public_key(&rsa_keys::read_setting(&value(&settings.alipay_public_key))?)
        .context("JPMALL_ALIPAY_PUBLIC_KEY")?;
    Ok(Alipay::new(
        value(&settings.app_id),
        private_key,
        alipay_key,
        settings
            .gateway_url
            .clone()
            .filter(|u| !u.trim().is_empty())
            .unwrap_or_else(|| super::alipay::GATEWAY_URL.into()),
        notify_url(public_url, super::alipay::NOTIFY_PATH),
    ))
}

pub fn wechat(settings: &WechatSettings, public_url: &str) -> anyhow::Result<WechatPay> {
    let api_v3_key = value(&settings.api_v3_key).into_bytes();
    if api_v3_key.len() != 32 {
        anyhow::bail!("JPMALL_WECHAT_API_V3_KEY must be the 32 characters set in the merchant platform");
    }
    Ok(WechatPay {
        mch_id: value(&settings.mch_id),
        app_id: value(&settings.app_id),
        api_v3_key,
        mch_serial: value(&settings.mch_serial),
        mch_key: rsa_keys::private_key(&rsa_keys::read_setting(&value(&settings.private_key))?)
            .context("JPMALL_WECHAT_PRIVATE_KEY")?,
        platform_key: rsa_keys::public_key(&rsa_keys::read_setting(&value(&settings.platform_key))?)
            .context("JPMALL_WECHAT_PLATFORM_KEY")?,
        platform_serial: value(&settings.platform_serial),
        base_url: settings
            .base_url
            .clone()
            .filter(|u| !u.trim().is_empty())
            .unwrap_or_else(|| super::wechat_pay::BASE_URL.into()),
        notify_url: notify_url(public_url, super::wechat_pay::NOTIFY_PATH),
        client: sms::client(),
    })
}

/// The gateway the server takes payments with, and the concrete adapters the webhooks need.
#[derive(Default)]
pub struct Gateways {
    pub chosen: Option<Arc<dyn commands::payments::PaymentGateway>>,
    pub alipay: Option<Arc<Alipay>>,
    pub wechat: Option<Arc<WechatPay>>,
}

pub fn build(
    choice: GatewayChoice,
    alipay_settings: &AlipaySettings,
    wechat_settings: &WechatSettings,
    public_url: &Option<String>,
) -> anyhow::Result<Gateways> {
    let missing = missing(choice, alipay_settings, wechat_settings, public_url);
    if !missing.is_empty() {
        anyhow::bail!(
            "the payment gateway {choice:?} lacks settings: {}",
            missing.join(", ")
        );
    }
    let public_url = value(public_url);
    Ok(match choice {
        GatewayChoice::None => Gateways::default(),
        GatewayChoice::Simulator => Gateways {
            chosen: Some(Arc::new(commands::payments::LocalQrGateway)),
            ..Default::default()
        },
        GatewayChoice::Alipay => {
            let alipay = Arc::new(alipay(alipay_settings, &public_url)?);
            Gateways {
                chosen: Some(alipay.clone()),
                alipay: Some(alipay),
                wechat: None,
            }
        }
        GatewayChoice::Wechat => {
            let wechat = Arc::new(wechat(wechat_settings, &public_url)?);
            Gateways {
                chosen: Some(wechat.clone()),
                alipay: None,
                wechat: Some(wechat),
            }
        }
    })
}
