//! Aliyun SMS: `SendSms` of dysmsapi 2017-05-25, RPC style, signed with HMAC-SHA1 over the sorted,
//! percent-encoded parameters ("POP" signature version 1.0).

use std::collections::BTreeMap;

use anyhow::Context;
use async_trait::async_trait;
use base64::Engine as _;
use commands::sms::{SmsMessage, SmsProvider};
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha1::Sha1;

use super::sms::Templates;

pub const ENDPOINT: &str = "https://dysmsapi.aliyuncs.com/";
pub const REGION: &str = "cn-hangzhou";

/// RFC 3986 percent-encoding as the POP signature wants it: only `A-Z a-z 0-9 - _ . ~` stay, so a
/// space is `%20`, `*` is `%2A` and `~` is kept (unlike form encoding).
pub fn pop_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// The sorted `key=value&…` of every parameter but the signature, each side encoded.
pub fn canonical_query(params: &BTreeMap<String, String>) -> String {
    params
        .iter()
        .map(|(k, v)| format!("{}={}", pop_encode(k), pop_encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

pub fn string_to_sign(method: &str, params: &BTreeMap<String, String>) -> String {
    format!(
        "{method}&{}&{}",
        pop_encode("/"),
        pop_encode(&canonical_query(params))
    )
}

/// Base64 of HMAC-SHA1 keyed with the AccessKey secret and `&`.
pub fn signature(secret: &str, string_to_sign: &str) -> String {
    let mut mac = Hmac::<Sha1>::new_from_slice(format!("{secret}&").as_bytes()).expect("HMAC takes any key");
    mac.update(string_to_sign.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

pub struct AliyunSms {
    key_id: String,
    secret: String,
    endpoint: String,
    region: String,
    templates: Templates,
    client: reqwest::Client,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Answer {
    #[serde(default)]
    code: String,
    #[serde(default)]
    message: String,
    #[serde(default)]
    request_id: String,
}

impl AliyunSms {
    pub fn new(
        key_id: String,
        secret: String,
        endpoint: String,
        region: String,
        templates: Templates,
    ) -> Self {
        Self {
            key_id,
            secret,
            endpoint,
            region,
            templates,
            client: super::sms::client(),
        }
    }

    /// Every parameter of one `SendSms` call, signed.
    pub fn signed_params(&self, message: &SmsMessage<'_>, nonce: &str, at: i64) -> BTreeMap<String, String> {
        let template = self.templates.of(message.event);
        let mut params: BTreeMap<String, String> = [
            ("AccessKeyId", self.key_id.as_str()),
            ("Action", "SendSms"),
            ("Format", "JSON"),
            ("RegionId", self.region.as_str()),
            ("SignatureMethod", "HMAC-SHA1"),
            ("SignatureNonce", nonce),
            ("SignatureVersion", "1.0"),
            ("Version", "2017-05-25"),
            ("PhoneNumbers", message.mobile),
            ("SignName", template.sign_name.as_str()),
            ("TemplateCode", template.template.as_str()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        params.insert("Timestamp".into(), super::utc::iso8601(at));
        params.insert(
            "TemplateParam".into(),
            serde_json::json!({ "code": message.code }).to_string(),
        );
        let signature = signature(&self.secret, &string_to_sign("POST", &params));
        params.insert("Signature".into(), signature);
        params
    }
}

#[async_trait]
impl SmsProvider for AliyunSms {
    fn name(&self) -> &'static str {
        "aliyun"
    }

    async fn send(&self, message: SmsMessage<'_>) -> anyhow::Result<()> {
        let nonce = uuid::Uuid::new_v4().to_string();
        let params = self.signed_params(&message, &nonce, commands::clock::now());
        let body = canonical_query(&params);
        let response = self
            .client
            .post(&self.endpoint)
            .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .context("Aliyun SendSms could not be reached")?;
        let status = response.status();
        let text = response.text().await.context("Aliyun SendSms answer unread")?;
        let answer: Answer = serde_json::from_str(&text)
            .with_context(|| format!("Aliyun SendSms answered HTTP {status} with no JSON: {text:.200}"))?;
        if answer.code == "OK" {
            tracing::info!(provider = "aliyun", request_id = %answer.request_id, "SMS sent");
            return Ok(());
        }
        anyhow::bail!(
            "Aliyun SendSms refused (HTTP {status}, request {}): {}: {}",
            answer.request_id,
            answer.code,
            answer.message
        )
    }
}
