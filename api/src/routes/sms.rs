use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};

use crate::envelope::{ok, Done};
use crate::error::ApiResult;
use crate::extract::JsonBody;
use crate::i18n::{language_of, message};
use crate::state::AppState;

#[derive(Serialize)]
pub struct CaptchaReply {
    captcha_key: String,
    image: String,
}

pub async fn captcha(State(state): State<AppState>) -> ApiResult<CaptchaReply> {
    let captcha = commands::captcha::issue(&state.db).await?;
    Ok(ok(CaptchaReply {
        captcha_key: captcha.key,
        image: captcha.image,
    }))
}

#[derive(Deserialize)]
pub struct CaptchaCheck {
    #[serde(default)]
    captcha_key: String,
    #[serde(default)]
    captcha: String,
}

#[derive(Serialize)]
pub struct CaptchaChecked {
    captcha_key: String,
}

pub async fn check(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<CaptchaCheck>,
) -> ApiResult<CaptchaChecked> {
    commands::captcha::check(&state.db, &body.captcha_key, &body.captcha)
        .await
        .map_err(|e| match e {
            commands::Error::Invalid(r) => commands::Error::Invalid(r.on("captcha")),
            other => other,
        })?;
    Ok(ok(CaptchaChecked {
        captcha_key: body.captcha_key,
    }))
}

#[derive(Deserialize)]
pub struct SendSms {
    #[serde(default)]
    mobile: String,
    #[serde(default)]
    event: String,
    #[serde(default)]
    captcha_key: String,
    #[serde(default)]
    captcha: String,
}

#[derive(Serialize)]
pub struct SmsSent {
    cooldown: i64,
    expires_in: i64,
}

pub async fn send(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<SendSms>,
) -> ApiResult<SmsSent> {
    let template = message(language_of(&headers), "sms.template", &[]);
    commands::sms::send_code(
        &state.db,
        &state.sms,
        commands::sms::SendCode {
            mobile: body.mobile.trim(),
            event: body.event.trim(),
            captcha_key: &body.captcha_key,
            captcha: &body.captcha,
            template: &template,
        },
    )
    .await?;
    let sent = SmsSent {
        cooldown: domain::constants::SMS_COOLDOWN_SECONDS,
        expires_in: domain::constants::SMS_CODE_VALIDITY_SECONDS,
    };
    Ok(Done(sent, "sms.sent"))
}
