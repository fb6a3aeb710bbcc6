//! Tencent Cloud SMS: `SendSms` of API 2021-01-11, a JSON POST signed with TC3-HMAC-SHA256 (a
//! canonical request hashed into a string to sign, under a key derived from the date and service).

use anyhow::Context;
use async_trait::async_trait;
use commands::sms::{SmsMessage, SmsProvider};
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::sms::Templates;

pub const ENDPOINT: &str = "https://sms.tencentcloudapi.com/";
pub const REGION: &str = "ap-guangzhou";
const SERVICE: &str = "sms";
const VERSION: &str = "2021-01-11";
const CONTENT_TYPE: &str = "application/json; charset=utf-8";
pub const ALGORITHM: &str = "TC3-HMAC-SHA256";

fn sha256_hex(data: &[u8]) -> String {
    hex::encode(Sha256::digest(data))
}

fn hmac(key: &[u8], data: &str) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key");
    mac.update(data.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// The canonical request of a POST to `/` signing `content-type` and `host`.
pub fn canonical_request(content_type: &str, host: &str, payload: &str) -> String {
    format!(
        "POST\n/\n\ncontent-type:{content_type}\nhost:{host}\n\ncontent-type;host\n{}",
        sha256_hex(payload.as_bytes())
    )
}

pub fn string_to_sign(timestamp: i64, service: &str, canonical_request: &str) -> String {
    let date = super::utc::date(timestamp);
    format!(
        "{ALGORITHM}\n{timestamp}\n{date}/{service}/tc3_request\n{}",
        sha256_hex(canonical_request.as_bytes())
    )
}

/// Hex HMAC-SHA256 of the string to sign, keyed by `TC3<secret>` → date → service → `tc3_request`.
pub fn signature(secret_key: &str, timestamp: i64, service: &str, string_to_sign: &str) -> String {
    let date = super::utc::date(timestamp);
    let secret_date = hmac(format!("TC3{secret_key}").as_bytes(), &date);
    let secret_service = hmac(&secret_date, service);
    let secret_signing = hmac(&secret_service, "tc3_request");
    hex::encode(hmac(&secret_signing, string_to_sign))
}

pub fn authorization(secret_id: &str, timestamp: i64, service: &str, signature: &str) -> String {
    let date = super::utc::date(timestamp);
    format!(
        "{ALGORITHM} Credential={secret_id}/{date}/{service}/tc3_request, SignedHeaders=content-type;host, \
         Signature={signature}"
    )
}

pub struct TencentSms {
    secret_id: String,
    secret_key: String,
    app_id: String,
    endpoint: String,
    region: String,
    templates: Templates,
    client: reqwest::Client,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Envelope {
    response: Answer,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "PascalCase")]
struct Answer {
    #[serde(default)]
    error: Option<Failure>,
    #[serde(default)]
    send_status_set: Vec<Failure>,
    #[serde(default)]
    request_id: String,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "PascalCase")]
struct Failure {
    #[serde(default)]
    code: String,
    #[serde(default)]
    message: String,
}

impl TencentSms {
    pub fn new(
        secret_id: String,
        secret_key: String,
        app_id: String,
        endpoint: String,
        region: String,
        templates: Templates,
    ) -> Self {
        Self {
            secret_id,
            secret_key,
            app_id,
            endpoint,
            region,
            templates,
            client: super::sms::client(),
        }
    }

    /// The JSON body of one send: mainland numbers in E.164, the code as the template's only parameter.
    pub fn payload(&self, message: &SmsMessage<'_>) -> String {
        let template = self.templates.of(message.event);
        serde_json::json!({
            "PhoneNumberSet": [format!("+86{}", message.mobile)],
            "SmsSdkAppId": self.app_id,
            "SignName": template.sign_name,
            "TemplateId": template.template,
            "TemplateParamSet": [message.code],
        })
        .to_string()
    }
}

#[async_trait]
impl SmsProvider for TencentSms {
    fn name(&self) -> &'static str {
        "tencent"
    }

    async fn send(&self, message: SmsMessage<'_>) -> anyhow::Result<()> {
        let url = reqwest::Url::parse(&self.endpoint).context("JPMALL_SMS_ENDPOINT is not a URL")?;
        let host = match (url.host_str(), url.port()) {
            (Some(host), Some(port)) => format!("{host}:{port}"),
            (Some(host), None) => host.to_string(),
            _ => anyhow::bail!("JPMALL_SMS_ENDPOINT names no host"),
        };
        let payload = self.payload(&message);
        let timestamp = commands::clock::now();
        let canonical = canonical_request(CONTENT_TYPE, &host, &payload);
        let signed = signature(
            &self.secret_key,
            timestamp,
            SERVICE,
            &string_to_sign(timestamp, SERVICE, &canonical),
        );
        let response = self
            .client
            .post(url)
            .header(
                reqwest::header::AUTHORIZATION,
                authorization(&self.secret_id, timestamp, SERVICE, &signed),
            )
            .header(reqwest::header::CONTENT_TYPE, CONTENT_TYPE)
            .header(reqwest::header::HOST, &host)
            .header("X-TC-Action", "SendSms")
            .header("X-TC-Version", VERSION)
            .header("X-TC-Timestamp", timestamp.to_string())
            .header("X-TC-Region", &self.region)
            .body(payload)
            .send()
            .await
            .context("Tencent Cloud SendSms could not be reached")?;
        let status = response.status();
        let text = response
            .text()
            .await
            .context("Tencent Cloud SendSms answer unread")?;
        let Envelope { response: answer } = serde_json::from_str(&text).with_context(|| {
            format!("Tencent Cloud SendSms answered HTTP {status} with no JSON: {text:.200}")
        })?;
        let failure = match (answer.error, answer.send_status_set.into_iter().next()) {
            (Some(error), _) => error,
            (None, Some(sent)) if sent.code == "Ok" => {
                tracing::info!(provider = "tencent", request_id = %answer.request_id, "SMS sent");
                return Ok(());
            }
            (None, Some(refused)) => refused,
            (None, None) => Failure {
                code: "NoStatus".into(),
                message: "the answer has no send status".into(),
            },
        };
        anyhow::bail!(
            "Tencent Cloud SendSms refused (HTTP {status}, request {}): {}: {}",
            answer.request_id,
            failure.code,
            failure.message
        )
    }
}
