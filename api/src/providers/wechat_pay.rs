//! WeChat Pay API v3, Native payment: `POST /v3/pay/transactions/native` answers the `code_url` the
//! payer scans. Requests are signed with the merchant's RSA key (`WECHATPAY2-SHA256-RSA2048`); answers
//! and notifications are signed by WeChat Pay over `timestamp\nnonce\nbody\n`, and a notification's
//! resource is encrypted with AES-256-GCM under the merchant's API v3 key.

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use anyhow::Context;
use async_trait::async_trait;
use base64::Engine as _;
use commands::payments::{CallbackRejection, Confirmation, NewPayment, PaymentGateway};
use rsa::{RsaPrivateKey, RsaPublicKey};
use serde::Deserialize;

use super::{rsa_keys, utc};

pub const BASE_URL: &str = "https://api.mch.weixin.qq.com";
pub const NOTIFY_PATH: &str = "/jpmall/payment/notify/wechat";
const NATIVE_PATH: &str = "/v3/pay/transactions/native";
/// WeChat Pay refuses to act on signatures older than five minutes; so does jpmall.
const SIGNATURE_MAX_AGE_SECONDS: i64 = 300;

/// The message WeChat Pay signs in answers and notifications.
pub fn answer_message(timestamp: &str, nonce: &str, body: &str) -> String {
    format!("{timestamp}\n{nonce}\n{body}\n")
}

/// The message a merchant signs in a request.
pub fn request_message(method: &str, path: &str, timestamp: i64, nonce: &str, body: &str) -> String {
    format!("{method}\n{path}\n{timestamp}\n{nonce}\n{body}\n")
}

/// Decrypts a notification's resource: AES-256-GCM, the tag being the ciphertext's last 16 bytes.
pub fn decrypt_resource(
    api_v3_key: &[u8],
    nonce: &str,
    associated_data: &str,
    ciphertext_b64: &str,
) -> Option<Vec<u8>> {
    if api_v3_key.len() != 32 || nonce.len() != 12 {
        return None;
    }
    let ciphertext = base64::engine::general_purpose::STANDARD
        .decode(ciphertext_b64)
        .ok()?;
    let cipher = Aes256Gcm::new_from_slice(api_v3_key).ok()?;
    cipher
        .decrypt(
            Nonce::from_slice(nonce.as_bytes()),
            Payload {
                msg: &ciphertext,
                aad: associated_data.as_bytes(),
            },
        )
        .ok()
}

/// The signature headers of an answer or notification.
#[derive(Debug, Clone, Default)]
pub struct SignedBy {
    pub timestamp: String,
    pub nonce: String,
    pub signature: String,
    pub serial: String,
}

impl SignedBy {
    pub fn from_headers(headers: &axum::http::HeaderMap) -> Self {
        let get = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string()
        };
        Self {
            timestamp: get("wechatpay-timestamp"),
            nonce: get("wechatpay-nonce"),
            signature: get("wechatpay-signature"),
            serial: get("wechatpay-serial"),
        }
    }
}

pub struct WechatPay {
    pub mch_id: String,
    pub app_id: String,
    pub api_v3_key: Vec<u8>,
    /// The serial number of the merchant's API certificate, named in each request.
    pub mch_serial: String,
    pub mch_key: RsaPrivateKey,
    /// WeChat Pay's public key (or platform certificate key) and its id / serial number.
    pub platform_key: RsaPublicKey,
    pub platform_serial: String,
    pub base_url: String,
    pub notify_url: String,
    pub client: reqwest::Client,
}

#[derive(Deserialize)]
struct Notification {
    #[serde(default)]
    event_type: String,
    resource: Resource,
}

#[derive(Deserialize)]
struct Resource {
    algorithm: String,
    ciphertext: String,
    #[serde(default)]
    associated_data: String,
    nonce: String,
}

#[derive(Deserialize)]
struct Transaction {
    #[serde(default)]
    appid: String,
    #[serde(default)]
    mchid: String,
    #[serde(default)]
    out_trade_no: String,
    #[serde(default)]
    trade_state: String,
    #[serde(default)]
    success_time: String,
    amount: Amount,
}

#[derive(Deserialize)]
struct Amount {
    total: i64,
}

impl WechatPay {
    /// Checks that headers and body were signed by WeChat Pay's key, recently.
    pub fn verify_signed(&self, signed: &SignedBy, body: &str, now: i64) -> Result<(), CallbackRejection> {
        if signed.serial != self.platform_serial {
            return Err(CallbackRejection::NotOurs {
                field: "Wechatpay-Serial",
                expected: self.platform_serial.clone(),
                given: signed.serial.clone(),
            });
        }
        let message = answer_message(&signed.timestamp, &signed.nonce, body);
        if !rsa_keys::verify(&self.platform_key, message.as_bytes(), &signed.signature) {
            return Err(CallbackRejection::BadSignature);
        }
        let signed_at: i64 = signed
            .timestamp
            .parse()
            .map_err(|_| CallbackRejection::BadSignature)?;
        if (now - signed_at).abs() > SIGNATURE_MAX_AGE_SECONDS {
            return Err(CallbackRejection::Stale {
                signed_at,
                received_at: now,
            });
        }
        Ok(())
    }

    /// Verifies, decrypts and reads a payment notification. `Ok(None)`: a genuine notification of
    /// something other than a successful payment.
    pub fn verify_notification(
        &self,
        signed: &SignedBy,
        body: &[u8],
        now: i64,
    ) -> Result<Option<Confirmation>, CallbackRejection> {
        let text = std::str::from_utf8(body).map_err(|_| CallbackRejection::Malformed("not UTF-8".into()))?;
        self.verify_signed(signed, text, now)?;
        let note: Notification =
            serde_json::from_str(text).map_err(|e| CallbackRejection::Malformed(e.to_string()))?;
        if note.event_type != "TRANSACTION.SUCCESS" {
            return Ok(None);
        }
        if note.resource.algorithm != "AEAD_AES_256_GCM" {
            return Err(CallbackRejection::Malformed(format!(
                "resource algorithm {:?}",
                note.resource.algorithm
            )));
        }
        let plain = decrypt_resource(
            &self.api_v3_key,
            &note.resource.nonce,
            &note.resource.associated_data,
            &note.resource.ciphertext,
        )
        .ok_or_else(|| {
            CallbackRejection::Malformed("the resource does not decrypt under the API v3 key".into())
        })?;
        let trade: Transaction =
            serde_json::from_slice(&plain).map_err(|e| CallbackRejection::Malformed(e.to_string()))?;
        for (field, expected, given) in [
            ("appid", &self.app_id, &trade.appid),
            ("mchid", &self.mch_id, &trade.mchid),
        ] {
            if expected != given {
                return Err(CallbackRejection::NotOurs {
                    field,
                    expected: expected.clone(),
                    given: given.clone(),
                });
            }
        }
        if trade.trade_state != "SUCCESS" {
            return Ok(None);
        }
        let paid_at = utc::parse_rfc3339(&trade.success_time).ok_or_else(|| {
            CallbackRejection::Malformed(format!("success_time {:?} is not a time", trade.success_time))
        })?;
        Ok(Some(Confirmation {
            payment_id: trade.out_trade_no,
            amount: trade.amount.total,
            paid_at,
        }))
    }

    /// The body of a Native order for `payment`.
    pub fn order_body(&self, payment: &NewPayment) -> String {
        serde_json::json!({
            "appid": self.app_id,
            "mchid": self.mch_id,
            "description": format!("jpmall {}", payment.id),
            "out_trade_no": payment.id,
            // WeChat Pay closes the order when jpmall's payment expires, so nobody pays a dead code.
            "time_expire": utc::china_rfc3339(payment.expires_at),
            "notify_url": self.notify_url,
            "amount": { "total": payment.amount.0, "currency": "CNY" },
        })
        .to_string()
    }

    pub fn authorization(&self, method: &str, path: &str, timestamp: i64, nonce: &str, body: &str) -> String {
        let signature = rsa_keys::sign(
            &self.mch_key,
            request_message(method, path, timestamp, nonce, body).as_bytes(),
        );
        format!(
            "WECHATPAY2-SHA256-RSA2048 mchid=\"{}\",nonce_str=\"{nonce}\",signature=\"{signature}\",\
             timestamp=\"{timestamp}\",serial_no=\"{}\"",
            self.mch_id, self.mch_serial
        )
    }
}

#[derive(Deserialize)]
struct NativeAnswer {
    #[serde(default)]
    code_url: String,
    #[serde(default)]
    code: String,
    #[serde(default)]
    message: String,
}

#[async_trait]
impl PaymentGateway for WechatPay {
    fn name(&self) -> &'static str {
        "wechat"
    }

    async fn create(&self, payment: &NewPayment, _public_base: &str) -> anyhow::Result<String> {
        let body = self.order_body(payment);
        let timestamp = commands::clock::now();
        let nonce = uuid::Uuid::new_v4().simple().to_string().to_uppercase();
        let response = self
            .client
            .post(format!("{}{NATIVE_PATH}", self.base_url.trim_end_matches('/')))
            .header(
                reqwest::header::AUTHORIZATION,
                self.authorization("POST", NATIVE_PATH, timestamp, &nonce, &body),
            )
            .header(reqwest::header::ACCEPT, "application/json")
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(
                reqwest::header::USER_AGENT,
                concat!("jpmall/", env!("CARGO_PKG_VERSION")),
            )
            .body(body)
            .send()
            .await
            .context("WeChat Pay could not be reached")?;
        let status = response.status();
        let request_id = response
            .headers()
            .get("request-id")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("-")
            .to_string();
        let signed = SignedBy::from_headers(response.headers());
        let text = response.text().await.context("WeChat Pay's answer unread")?;
        let answer: NativeAnswer = serde_json::from_str(&text).with_context(|| {
            format!("WeChat Pay answered HTTP {status} (request {request_id}) with no JSON")
        })?;
        if !status.is_success() || answer.code_url.is_empty() {
            anyhow::bail!(
                "WeChat Pay refused the Native order {} (HTTP {status}, request {request_id}): {} {}",
                payment.id,
                answer.code,
                answer.message
            );
        }
        // The code decides where the payer's money goes: it must come signed by WeChat Pay.
        self.verify_signed(&signed, &text, commands::clock::now())
            .map_err(|e| {
                anyhow::anyhow!(
                    "WeChat Pay's answer for {} (request {request_id}): {e}",
                    payment.id
                )
            })?;
        Ok(answer.code_url)
    }
}
