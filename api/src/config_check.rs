//! `jpmall config check`: the effective configuration with every secret masked, and what the chosen
//! mode (and production mode) still lacks. Reads files and keys; reaches no provider.

use std::fmt::Write as _;

use crate::config::{Config, GatewayChoice};
use crate::providers::gateways;
use crate::providers::sms::SmsChoice;

/// `LTAI…56`: enough to tell two keys apart, too little to use one.
fn masked_id(value: &Option<String>) -> String {
    match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => "(unset)".into(),
        Some(v) if v.chars().count() <= 8 => "****".into(),
        Some(v) => {
            let head: String = v.chars().take(4).collect();
            let tail: String = v
                .chars()
                .rev()
                .take(2)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            format!("{head}…{tail}")
        }
    }
}

fn secret(value: &Option<String>) -> String {
    match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => "(unset)".into(),
        Some(v) => format!("set ({} characters, hidden)", v.chars().count()),
    }
}

fn plain(value: &Option<String>) -> String {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .unwrap_or("(unset)")
        .to_string()
}

/// A key setting: a file path is shown (and whether it reads as a key), an inline key only as set.
fn key(value: &Option<String>, private: bool) -> String {
    let Some(v) = value.as_deref().map(str::trim).filter(|v| !v.is_empty()) else {
        return "(unset)".into();
    };
    let source = if v.starts_with("-----BEGIN") || v.len() > 200 {
        "inline".to_string()
    } else {
        format!("file {v}")
    };
    let readable = crate::providers::rsa_keys::read_setting(v).and_then(|text| {
        if private {
            crate::providers::rsa_keys::private_key(&text).map(|_| ())
        } else {
            crate::providers::rsa_keys::public_key(&text).map(|_| ())
        }
    });
    match readable {
        Ok(()) => format!("{source}, a valid RSA key"),
        Err(e) => format!("{source}, NOT USABLE: {e:#}"),
    }
}

/// Hides the password of a database URL.
fn database(config: &Config) -> String {
    let url = config.database_url();
    if !url.starts_with("postgres") {
        return format!("SQLite {url}");
    }
    match reqwest::Url::parse(&url) {
        Ok(mut parsed) => {
            if parsed.password().is_some() {
                let _ = parsed.set_password(Some("****"));
            }
            format!("PostgreSQL {parsed}")
        }
        Err(_) => "PostgreSQL (unreadable URL)".into(),
    }
}

/// What the chosen providers lack, and what production mode would also need.
pub fn lacks(config: &Config) -> (Vec<String>, Vec<String>) {
    let mut now: Vec<String> = config.sms.missing();
    now.extend(
        gateways::missing(
            config.payment_gateway,
            &config.alipay,
            &config.wechat,
            &config.public_url,
        )
        .into_iter()
        .map(String::from),
    );
    let mut production = Vec::new();
    if config.sms.provider == SmsChoice::Outbox {
        production
            .push("an SMS provider: JPMALL_SMS_PROVIDER=aliyun or tencent, with its settings".to_string());
    }
    match config.payment_gateway {
        GatewayChoice::Simulator => production.push(
            "a payment gateway: JPMALL_PAYMENT_GATEWAY=alipay or wechat (the simulator never runs in production)"
                .to_string(),
        ),
        GatewayChoice::None => production.push(
            "a payment gateway: JPMALL_PAYMENT_GATEWAY=alipay or wechat (without one, top-ups and QR payments are off)"
                .to_string(),
        ),
        _ => {}
    }
    if config
        .public_url
        .as_deref()
        .is_some_and(|u| u.trim().starts_with("http://"))
    {
        production
            .push("JPMALL_PUBLIC_URL on https (payment notifications and QR codes need it)".to_string());
    }
    (now, production)
}

pub fn report(config: &Config) -> (String, bool) {
    let mut out = String::new();
    let line = |out: &mut String, name: &str, value: String| {
        let _ = writeln!(out, "  {name:<22} {value}");
    };
    let _ = writeln!(out, "jpmall {} configuration", env!("CARGO_PKG_VERSION"));
    line(
        &mut out,
        "mode",
        if config.production {
            "production"
        } else {
            "development"
        }
        .into(),
    );
    line(&mut out, "data folder", config.data_dir.display().to_string());
    line(&mut out, "database", database(config));
    line(
        &mut out,
        "web",
        match &config.web_dist {
            Some(dir) if dir.join("index.html").is_file() => format!("folder {}", dir.display()),
            Some(dir) => format!("folder {} (NO index.html there)", dir.display()),
            None if crate::web::embedded_files() > 0 => {
                format!("built into this binary ({} files)", crate::web::embedded_files())
            }
            None => "NONE: this binary was built without the web; set JPMALL_WEB_DIST".into(),
        },
    );
    line(
        &mut out,
        "operator token",
        match &config.operator_token {
            Some(_) => "from JPMALL_OPERATOR_TOKEN (hidden)".into(),
            None => format!(
                "kept in {}",
                crate::keys::operator_token_path(&config.data_dir).display()
            ),
        },
    );
    line(&mut out, "public address", plain(&config.public_url));
    let sms = &config.sms;
    line(
        &mut out,
        "SMS provider",
        format!("{:?}", sms.provider).to_lowercase(),
    );
    if sms.provider != SmsChoice::Outbox {
        line(&mut out, "  key id", masked_id(&sms.key_id));
        line(&mut out, "  key secret", secret(&sms.key_secret));
        if sms.provider == SmsChoice::Tencent {
            line(&mut out, "  SmsSdkAppId", plain(&sms.app_id));
        }
        line(&mut out, "  region", plain(&sms.region));
        line(&mut out, "  endpoint", plain(&sms.endpoint));
        line(&mut out, "  sign name", plain(&sms.sign_name));
        for (event, t) in [
            ("register", &sms.register),
            ("resetpwd", &sms.reset_password),
            ("changemobile", &sms.change_mobile),
            ("payout_account", &sms.payout_account),
        ] {
            let sign = t
                .sign_name
                .as_deref()
                .map(|s| format!(" (sign name {s})"))
                .unwrap_or_default();
            line(
                &mut out,
                &format!("  template {event}"),
                format!("{}{sign}", plain(&t.template)),
            );
        }
    }
    line(
        &mut out,
        "payment gateway",
        format!("{:?}", config.payment_gateway).to_lowercase(),
    );
    match config.payment_gateway {
        GatewayChoice::Alipay => {
            let a = &config.alipay;
            line(&mut out, "  app id", plain(&a.app_id));
            line(&mut out, "  app private key", key(&a.private_key, true));
            line(&mut out, "  Alipay public key", key(&a.alipay_public_key, false));
            line(&mut out, "  gateway", plain(&a.gateway_url));
        }
        GatewayChoice::Wechat => {
            let w = &config.wechat;
            line(&mut out, "  merchant id", plain(&w.mch_id));
            line(&mut out, "  app id", plain(&w.app_id));
            line(&mut out, "  API v3 key", secret(&w.api_v3_key));
            line(&mut out, "  merchant serial", plain(&w.mch_serial));
            line(&mut out, "  merchant key", key(&w.private_key, true));
            line(&mut out, "  WeChat Pay key", key(&w.platform_key, false));
            line(&mut out, "  WeChat Pay key id", plain(&w.platform_serial));
            line(&mut out, "  API address", plain(&w.base_url));
        }
        _ => {}
    }
    let ops = &config.operations;
    line(
        &mut out,
        "trusted proxies",
        if ops.trusted_proxies.is_empty() {
            "none (X-Forwarded-For is ignored)".into()
        } else {
            ops.trusted_proxies
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        },
    );
    line(
        &mut out,
        "metrics",
        match ops.metrics_addr {
            Some(addr) => format!("http://{addr}/metrics, no credential (keep it private)"),
            None => "/metrics behind the operator token".into(),
        },
    );
    line(
        &mut out,
        "shutdown grace",
        format!("{} s", ops.shutdown_grace_seconds),
    );
    let (now, production) = lacks(config);
    let mut ready = now.is_empty();
    if !now.is_empty() {
        let _ = writeln!(out, "\nThe configured providers lack: {}", now.join(", "));
    }
    if production.is_empty() {
        let _ = writeln!(out, "\nProduction mode: nothing lacking.");
    } else {
        let _ = writeln!(out, "\nProduction mode still lacks:");
        for lack in &production {
            let _ = writeln!(out, "  - {lack}");
        }
        if config.production {
            ready = false;
        }
    }
    let _ = writeln!(
        out,
        "\n{}",
        if ready {
            "jpmall serve can start with this configuration."
        } else {
            "jpmall serve will not start (or runs without payments) with this configuration."
        }
    );
    (out, ready)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_show_their_ends_and_secrets_nothing() {
        assert_eq!(masked_id(&Some("LTAI5tAbCdEfGh12".into())), "LTAI…12");
        assert_eq!(masked_id(&Some("short".into())), "****");
        assert_eq!(masked_id(&None), "(unset)");
        assert_eq!(secret(&Some("abcdef".into())), "set (6 characters, hidden)");
    }
}
