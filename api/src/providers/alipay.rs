//! Alipay face-to-face payment (当面付): `alipay.trade.precreate` answers the `qr_code` the payer
//! scans; Alipay then posts an asynchronous notification, form-encoded and signed RSA2 over its sorted
//! parameters. jpmall answers `success` only once the credit is stored, so Alipay retries until then.

use std::collections::BTreeMap;

use anyhow::Context;
use async_trait::async_trait;
use commands::payments::{CallbackRejection, Confirmation, NewPayment, PaymentGateway};
use domain::money::Fen;
use rsa::{RsaPrivateKey, RsaPublicKey};
use serde::Deserialize;
use serde_json::value::RawValue;

use super::{rsa_keys, utc};

pub const GATEWAY_URL: &str = "https://openapi.alipay.com/gateway.do";
pub const NOTIFY_PATH: &str = "/jpmall/payment/notify/alipay";

/// The string Alipay signs: every non-empty parameter but those left out, sorted by name, as
/// `name=value` joined with `&`, values as they are (not encoded).
fn content(params: &BTreeMap<String, String>, left_out: &[&str]) -> String {
    params
        .iter()
        .filter(|(k, v)| !left_out.contains(&k.as_str()) && !v.is_empty())
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("&")
}

/// What a request signs: everything but `sign` (its `sign_type` included).
pub fn request_content(params: &BTreeMap<String, String>) -> String {
    content(params, &["sign"])
}

/// What a notification is signed over: everything but `sign` and `sign_type`.
pub fn notification_content(params: &BTreeMap<String, String>) -> String {
    content(params, &["sign", "sign_type"])
}

pub struct Alipay {
    app_id: String,
    private_key: RsaPrivateKey,
    alipay_key: RsaPublicKey,
    gateway_url: String,
    notify_url: String,
    client: reqwest::Client,
}

#[derive(Deserialize)]
struct PrecreateEnvelope<'a> {
    #[serde(borrow, default)]
    alipay_trade_precreate_response: Option<&'a RawValue>,
    #[serde(borrow, default)]
    error_response: Option<&'a RawValue>,
    #[serde(default)]
    sign: Option<String>,
}

#[derive(Deserialize, Default)]
struct PrecreateAnswer {
    #[serde(default)]
    code: String,
    #[serde(default)]
    msg: String,
    #[serde(default)]
    sub_code: String,
    #[serde(default)]
    sub_msg: String,
    #[serde(default)]
    out_trade_no: String,
    #[serde(default)]
    qr_code: String,
}

impl Alipay {
    pub fn new(
        app_id: String,
        private_key: RsaPrivateKey,
        alipay_key: RsaPublicKey,
        gateway_url: String,
        notify_url: String,
    ) -> Self {
        Self {
            app_id,
            private_key,
            alipay_key,
            gateway_url,
            notify_url,
            client: super::sms::client(),
        }
    }

    /// The signed parameters of one precreate call.
    pub fn precreate_params(&self, payment: &NewPayment, at: i64) -> BTreeMap<String, String> {
        let subject = format!("jpmall {}", payment.id);
        let biz = serde_json::json!({
            "out_trade_no": payment.id,
            "total_amount": payment.amount.to_yuan(),
            "subject": subject,
            // Alipay closes the trade when jpmall's payment expires, so nobody pays a dead code.
            "time_expire": utc::china_datetime(payment.expires_at),
        });
        let mut params: BTreeMap<String, String> = [
            ("app_id", self.app_id.as_str()),
            ("method", "alipay.trade.precreate"),
            ("format", "JSON"),
            ("charset", "utf-8"),
            ("sign_type", "RSA2"),
            ("version", "1.0"),
            ("notify_url", self.notify_url.as_str()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        params.insert("timestamp".into(), utc::china_datetime(at));
        params.insert("biz_content".into(), biz.to_string());
        let sign = rsa_keys::sign(&self.private_key, request_content(&params).as_bytes());
        params.insert("sign".into(), sign);
        params
    }

    /// Checks a notification's signature and that it is about this app, then reads what it says.
    /// `Ok(None)`: a genuine notification of something other than a payment (waiting, closed).
    pub fn verify_notification(&self, body: &[u8]) -> Result<Option<Confirmation>, CallbackRejection> {
        let params: BTreeMap<String, String> = form_urlencoded::parse(body).into_owned().collect();
        let signature = params.get("sign").map(String::as_str).unwrap_or("");
        if !rsa_keys::verify(
            &self.alipay_key,
            notification_content(&params).as_bytes(),
            signature,
        ) {
            return Err(CallbackRejection::BadSignature);
        }
        let field = |name: &str| params.get(name).map(String::as_str).unwrap_or("");
        if field("app_id") != self.app_id {
            return Err(CallbackRejection::NotOurs {
                field: "app_id",
                expected: self.app_id.clone(),
                given: field("app_id").to_string(),
            });
        }
        if !matches!(field("trade_status"), "TRADE_SUCCESS" | "TRADE_FINISHED") {
            return Ok(None);
        }
        let amount = Fen::parse_yuan(field("total_amount")).map_err(|_| {
            CallbackRejection::Malformed(format!(
                "total_amount {:?} is not an amount",
                field("total_amount")
            ))
        })?;
        let paid_at = utc::parse_china_datetime(field("gmt_payment")).ok_or_else(|| {
            CallbackRejection::Malformed(format!("gmt_payment {:?} is not a time", field("gmt_payment")))
        })?;
        Ok(Some(Confirmation {
            payment_id: field("out_trade_no").to_string(),
            amount: amount.0,
            paid_at,
        }))
    }
}

#[async_trait]
impl PaymentGateway for Alipay {
    fn name(&self) -> &'static str {
        "alipay"
    }

    async fn create(&self, payment: &NewPayment, _public_base: &str) -> anyhow::Result<String> {
        let params = self.precreate_params(payment, commands::clock::now());
        let body = form_urlencoded::Serializer::new(String::new())
            .extend_pairs(params.iter())
            .finish();
        let response = self
            .client
            .post(format!("{}?charset=utf-8", self.gateway_url))
            .header(
                reqwest::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded;charset=utf-8",
            )
            .body(body)
            .send()
            .await
            .context("Alipay could not be reached")?;
        let status = response.status();
        let text = response.text().await.context("Alipay's answer unread")?;
        let envelope: PrecreateEnvelope = serde_json::from_str(&text)
            .with_context(|| format!("Alipay answered HTTP {status} with no JSON: {text:.200}"))?;
        let (raw, signed) = match (envelope.alipay_trade_precreate_response, envelope.error_response) {
            (Some(raw), _) => (raw, true),
            (None, Some(raw)) => (raw, false),
            (None, None) => anyhow::bail!("Alipay answered HTTP {status} without a precreate response"),
        };
        let answer: PrecreateAnswer =
            serde_json::from_str(raw.get()).context("Alipay's precreate response")?;
        if answer.code != "10000" {
            anyhow::bail!(
                "Alipay refused the precreate of {}: {} {} ({} {})",
                payment.id,
                answer.code,
                answer.msg,
                answer.sub_code,
                answer.sub_msg
            );
        }
        // A success must come signed by Alipay: the QR code is where the payer's money goes.
        let verified = signed
            && envelope
                .sign
                .as_deref()
                .is_some_and(|sign| rsa_keys::verify(&self.alipay_key, raw.get().as_bytes(), sign));
        if !verified {
            anyhow::bail!(
                "Alipay's precreate answer for {} is not signed by Alipay's key",
                payment.id
            );
        }
        if answer.out_trade_no != payment.id || answer.qr_code.is_empty() {
            anyhow::bail!(
                "Alipay's precreate answer is for {:?}, not {}, or has no qr_code",
                answer.out_trade_no,
                payment.id
            );
        }
        Ok(answer.qr_code)
    }
}
