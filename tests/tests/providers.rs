//! The production providers over HTTP on both engines: verification codes through Aliyun SMS and
//! Tencent Cloud SMS, and payments through Alipay and WeChat Pay. Each provider is a local server in
//! the test that checks the wire format its documents give (parameters, headers, signatures) and
//! answers as the provider does; no test reaches the network. The signing code itself is checked
//! against the providers' published examples in `api/src/providers/published.rs`.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use api::providers::{alipay, aliyun_sms, rsa_keys, tencent_sms, wechat_pay};
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode as AxumStatus};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use base64::Engine as _;
use reqwest::StatusCode;
use rsa::pkcs8::{EncodePrivateKey, EncodePublicKey, LineEnding};
use rsa::{RsaPrivateKey, RsaPublicKey};
use serde_json::{json, Value};
use tests::{on_both_engines, Engine, TestApp, UNISHOP};

const KEY_ID: &str = "test-key-id";
const KEY_SECRET: &str = "test-key-secret";
const TENCENT_APP: &str = "1400006666";
const ALIPAY_APP: &str = "2021000000000001";
const MCH_ID: &str = "1230000109";
const WECHAT_APP: &str = "wxd678efh567hg6787";
const API_V3_KEY: &str = "0123456789abcdef0123456789ABCDEF";
const MCH_SERIAL: &str = "5157F09EFDC096DE15EBE81A47057A72";
const PLATFORM_SERIAL: &str = "PUB_KEY_ID_0112345678";

/// The merchant's and the provider's key pairs, made once per test process.
struct Keys {
    merchant: RsaPrivateKey,
    provider: RsaPrivateKey,
    stranger: RsaPrivateKey,
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rng = rand::thread_rng();
        let mut key = || RsaPrivateKey::new(&mut rng, 2048).expect("an RSA key");
        Keys {
            merchant: key(),
            provider: key(),
            stranger: key(),
        }
    })
}

fn private_pem(key: &RsaPrivateKey) -> String {
    key.to_pkcs8_pem(LineEnding::LF).unwrap().to_string()
}

fn public_pem(key: &RsaPrivateKey) -> String {
    RsaPublicKey::from(key).to_public_key_pem(LineEnding::LF).unwrap()
}

/// What a fake provider saw and how it should answer next.
#[derive(Default)]
struct Seen {
    /// (phone, template, code) of each delivered message.
    sent: Vec<(String, String, String)>,
    /// Requests that broke the documented format, by what was wrong.
    malformed: Vec<String>,
    /// Answer the next requests with the provider's failure.
    failing: bool,
    /// (out_trade_no, amount in the provider's unit) of each payment registered.
    trades: Vec<(String, String)>,
}

type Shared = Arc<Mutex<Seen>>;

async fn listen(router: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{addr}")
}

fn now() -> i64 {
    commands::clock::now()
}

fn check(seen: &Shared, ok: bool, what: impl Into<String>) -> bool {
    if !ok {
        seen.lock().unwrap().malformed.push(what.into());
    }
    ok
}

// ---- Aliyun SMS -------------------------------------------------------------------------------

async fn aliyun_send_sms(seen: Shared, body: Bytes) -> Response {
    let params: BTreeMap<String, String> = form_urlencoded::parse(&body).into_owned().collect();
    let field = |k: &str| params.get(k).cloned().unwrap_or_default();
    let mut unsigned = params.clone();
    unsigned.remove("Signature");
    let expected = aliyun_sms::signature(KEY_SECRET, &aliyun_sms::string_to_sign("POST", &unsigned));
    let timestamp_ok =
        api::providers::utc::parse_rfc3339(&field("Timestamp")).is_some_and(|t| (t - now()).abs() < 300);
    let template_param: Value = serde_json::from_str(&field("TemplateParam")).unwrap_or(Value::Null);
    let well_formed = check(&seen, field("Signature") == expected, "Signature")
        & check(&seen, field("AccessKeyId") == KEY_ID, "AccessKeyId")
        & check(&seen, field("Action") == "SendSms", "Action")
        & check(&seen, field("Version") == "2017-05-25", "Version")
        & check(&seen, field("Format") == "JSON", "Format")
        & check(&seen, field("RegionId") == "cn-hangzhou", "RegionId")
        & check(&seen, field("SignatureMethod") == "HMAC-SHA1", "SignatureMethod")
        & check(&seen, field("SignatureVersion") == "1.0", "SignatureVersion")
        & check(&seen, field("SignatureNonce").len() >= 16, "SignatureNonce")
        & check(&seen, timestamp_ok, "Timestamp")
        & check(&seen, field("SignName") == "集品商城", "SignName")
        & check(
            &seen,
            template_param["code"].as_str().is_some_and(|c| c.len() == 6),
            "TemplateParam",
        );
    if !well_formed {
        return (
            AxumStatus::BAD_REQUEST,
            axum::Json(json!({"Code": "SignatureDoesNotMatch", "Message": "Specified signature is not matched.", "RequestId": "A1"})),
        )
            .into_response();
    }
    let mut seen = seen.lock().unwrap();
    if seen.failing {
        return axum::Json(json!({"Message": "触发天级流控Permits:10", "RequestId": "C0A0BE93-B44F-4350", "Code": "isv.BUSINESS_LIMIT_CONTROL"}))
            .into_response();
    }
    seen.sent.push((
        field("PhoneNumbers"),
        field("TemplateCode"),
        template_param["code"].as_str().unwrap().to_string(),
    ));
    axum::Json(json!({"RequestId": "F655A8D5-B967-440B", "Message": "OK", "BizId": "9006197469364984", "Code": "OK"}))
        .into_response()
}

// ---- Tencent Cloud SMS --------------------------------------------------------------------------

async fn tencent_send_sms(seen: Shared, headers: HeaderMap, body: Bytes) -> Response {
    let header = |k: &str| {
        headers
            .get(k)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string()
    };
    let payload = String::from_utf8_lossy(&body).to_string();
    let timestamp: i64 = header("x-tc-timestamp").parse().unwrap_or(0);
    let canonical = tencent_sms::canonical_request(&header("content-type"), &header("host"), &payload);
    let signature = tencent_sms::signature(
        KEY_SECRET,
        timestamp,
        "sms",
        &tencent_sms::string_to_sign(timestamp, "sms", &canonical),
    );
    let expected = tencent_sms::authorization(KEY_ID, timestamp, "sms", &signature);
    let request: Value = serde_json::from_str(&payload).unwrap_or(Value::Null);
    let code = request["TemplateParamSet"][0].as_str().unwrap_or("").to_string();
    let well_formed = check(&seen, header("authorization") == expected, "Authorization")
        & check(
            &seen,
            header("content-type") == "application/json; charset=utf-8",
            "Content-Type",
        )
        & check(&seen, header("x-tc-action") == "SendSms", "X-TC-Action")
        & check(&seen, header("x-tc-version") == "2021-01-11", "X-TC-Version")
        & check(&seen, header("x-tc-region") == "ap-guangzhou", "X-TC-Region")
        & check(&seen, (timestamp - now()).abs() < 300, "X-TC-Timestamp")
        & check(&seen, request["SmsSdkAppId"] == TENCENT_APP, "SmsSdkAppId")
        & check(&seen, request["SignName"] == "集品商城", "SignName")
        & check(&seen, code.len() == 6, "TemplateParamSet");
    if !well_formed {
        return axum::Json(
            json!({"Response": {"Error": {"Code": "AuthFailure.SignatureFailure",
            "Message": "The provided credentials could not be validated."}, "RequestId": "ed93f3cb"}}),
        )
        .into_response();
    }
    let mut seen = seen.lock().unwrap();
    let phone = request["PhoneNumberSet"][0].as_str().unwrap_or("").to_string();
    if seen.failing {
        return axum::Json(
            json!({"Response": {"SendStatusSet": [{"SerialNo": "", "PhoneNumber": phone, "Fee": 0,
            "Code": "LimitExceeded.PhoneNumberDailyLimit", "Message": "the number exceeds the daily limit"}],
            "RequestId": "a0aabda6"}}),
        )
        .into_response();
    }
    seen.sent.push((
        phone.clone(),
        request["TemplateId"].as_str().unwrap_or("").to_string(),
        code,
    ));
    axum::Json(json!({"Response": {"SendStatusSet": [{"SerialNo": "5000:104571066915705365784949", "PhoneNumber": phone,
        "Fee": 1, "SessionContext": "", "Code": "Ok", "Message": "send success", "IsoCode": "CN"}],
        "RequestId": "a0aabda6-cf91-4f3e"}}))
    .into_response()
}

fn sms_settings(
    provider: api::providers::sms::SmsChoice,
    endpoint: &str,
) -> api::providers::sms::SmsSettings {
    use api::providers::sms::{EventTemplate, SmsSettings};
    let template = |t: &str| EventTemplate {
        template: Some(t.into()),
        sign_name: None,
    };
    SmsSettings {
        provider,
        key_id: Some(KEY_ID.into()),
        key_secret: Some(KEY_SECRET.into()),
        app_id: Some(TENCENT_APP.into()),
        region: None,
        endpoint: Some(endpoint.into()),
        sign_name: Some("集品商城".into()),
        register: template("SMS_REGISTER"),
        reset_password: template("SMS_RESETPWD"),
        change_mobile: template("SMS_CHANGEMOBILE"),
        payout_account: template("SMS_PAYOUT_ACCOUNT"),
    }
}

async fn send(app: &TestApp, request: reqwest::RequestBuilder) -> (StatusCode, Value) {
    app.send(request).await
}

async fn request_code(app: &TestApp, base: &str, mobile: &str, event: &str) -> (StatusCode, Value) {
    let (captcha_key, captcha) = app.solved_captcha().await;
    send(
        app,
        app.client
            .post(format!("{base}{UNISHOP}/sms/sendSmsText"))
            .json(&json!({"mobile": mobile, "event": event, "captcha_key": captcha_key, "captcha": captcha})),
    )
    .await
}

fn delivered(seen: &Shared, phone_suffix: &str) -> Vec<(String, String)> {
    seen.lock()
        .unwrap()
        .sent
        .iter()
        .filter(|(phone, _, _)| phone.ends_with(phone_suffix))
        .map(|(_, template, code)| (template.clone(), code.clone()))
        .collect()
}

async fn sms_provider_delivers_codes_and_a_failure_leaves_the_earlier_code_usable(
    app: &TestApp,
    provider: api::providers::sms::SmsChoice,
    mobiles: [&str; 2],
) {
    let seen: Shared = Arc::default();
    let fake = match provider {
        api::providers::sms::SmsChoice::Aliyun => {
            let s = seen.clone();
            axum::Router::new().route("/", post(move |body| aliyun_send_sms(s.clone(), body)))
        }
        _ => {
            let s = seen.clone();
            axum::Router::new().route(
                "/",
                post(move |headers, body| tencent_send_sms(s.clone(), headers, body)),
            )
        }
    };
    let endpoint = format!("{}/", listen(fake).await);
    let (base, server) = app
        .another_server(|c| c.sms = sms_settings(provider, &endpoint))
        .await;
    let [first, second] = mobiles;

    // A code reaches the phone through the provider, with the registration template.
    let (status, body) = request_code(app, &base, first, "register").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let codes = delivered(&seen, first);
    assert_eq!(codes.len(), 1, "{codes:?}");
    assert_eq!(codes[0].0, "SMS_REGISTER");
    let earlier = codes[0].1.clone();
    assert!(
        seen.lock().unwrap().malformed.is_empty(),
        "{:?}",
        seen.lock().unwrap().malformed
    );

    // The provider refuses the next one: the seller is told in their language, and the code they
    // already have still registers them.
    app.a_minute_passes().await;
    seen.lock().unwrap().failing = true;
    let (status, body) = request_code(app, &base, first, "register").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["msg"], "短信发送失败，请稍后重试；之前收到的验证码仍然有效");
    let (captcha_key, captcha) = app.solved_captcha().await;
    let (status, body) = send(
        app,
        app.client
            .post(format!("{base}{UNISHOP}/sms/sendSmsText"))
            .header("content-language", "en_US")
            .json(&json!({"mobile": first, "event": "register", "captcha_key": captcha_key, "captcha": captcha})),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(
        body["msg"]
            .as_str()
            .unwrap()
            .starts_with("The SMS could not be sent"),
        "{body}"
    );
    let (status, body) = send(
        app,
        app.client
            .post(format!("{base}{UNISHOP}/user/register"))
            .json(&app.registration(first, "abc12345", &earlier)),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // A failed send starts no cooldown: once the provider is back, the seller asks again at once.
    let (status, _) = request_code(app, &base, second, "register").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    seen.lock().unwrap().failing = false;
    let (status, body) = request_code(app, &base, second, "register").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let code = delivered(&seen, second)[0].1.clone();
    let (status, body) = send(
        app,
        app.client
            .post(format!("{base}{UNISHOP}/user/register"))
            .json(&app.registration(second, "abc12345", &code)),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Password reset uses its own template; a real provider leaves no outbox for anyone to read.
    app.a_minute_passes().await;
    let (status, body) = request_code(app, &base, second, "resetpwd").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(delivered(&seen, second).last().unwrap().0, "SMS_RESETPWD");
    assert!(
        seen.lock().unwrap().malformed.is_empty(),
        "{:?}",
        seen.lock().unwrap().malformed
    );
    let outbox = send(
        app,
        app.client
            .get(format!("{base}/jpmall/admin/sms/outbox"))
            .header("operator-token", tests::OPERATOR_TOKEN),
    )
    .await;
    assert_eq!(outbox.0, StatusCode::NOT_FOUND, "{}", outbox.1);
    server.state.db.close().await;
}

async fn aliyun_sms_sends_codes_in_its_documented_format(app: &TestApp) {
    sms_provider_delivers_codes_and_a_failure_leaves_the_earlier_code_usable(
        app,
        api::providers::sms::SmsChoice::Aliyun,
        ["13800001701", "13800001702"],
    )
    .await;
}

async fn tencent_sms_sends_codes_in_its_documented_format(app: &TestApp) {
    sms_provider_delivers_codes_and_a_failure_leaves_the_earlier_code_usable(
        app,
        api::providers::sms::SmsChoice::Tencent,
        ["13800001703", "13800001704"],
    )
    .await;
}

// ---- Alipay -----------------------------------------------------------------------------------

async fn alipay_gateway(seen: Shared, body: Bytes) -> Response {
    let params: BTreeMap<String, String> = form_urlencoded::parse(&body).into_owned().collect();
    let field = |k: &str| params.get(k).cloned().unwrap_or_default();
    let merchant = RsaPublicKey::from(&keys().merchant);
    let biz: Value = serde_json::from_str(&field("biz_content")).unwrap_or(Value::Null);
    let signed = rsa_keys::verify(
        &merchant,
        alipay::request_content(&params).as_bytes(),
        &field("sign"),
    );
    let well_formed = check(&seen, signed, "sign")
        & check(&seen, field("app_id") == ALIPAY_APP, "app_id")
        & check(&seen, field("method") == "alipay.trade.precreate", "method")
        & check(&seen, field("charset") == "utf-8", "charset")
        & check(&seen, field("sign_type") == "RSA2", "sign_type")
        & check(&seen, field("version") == "1.0", "version")
        & check(
            &seen,
            api::providers::utc::parse_china_datetime(&field("timestamp")).is_some(),
            "timestamp",
        )
        & check(
            &seen,
            field("notify_url").ends_with("/jpmall/payment/notify/alipay"),
            "notify_url",
        )
        & check(&seen, biz["out_trade_no"].is_string(), "out_trade_no")
        & check(&seen, biz["subject"].is_string(), "subject")
        & check(
            &seen,
            biz["time_expire"]
                .as_str()
                .and_then(api::providers::utc::parse_china_datetime)
                .is_some(),
            "time_expire",
        )
        & check(
            &seen,
            biz["total_amount"].as_str().is_some_and(|a| a.contains('.')),
            "total_amount",
        );
    let provider = &keys().provider;
    let answer = if !well_formed {
        json!({"code": "40002", "msg": "Invalid Arguments", "sub_code": "isv.invalid-signature", "sub_msg": "验签出错"})
    } else if seen.lock().unwrap().failing {
        json!({"code": "20000", "msg": "Service Currently Unavailable", "sub_code": "ACQ.SYSTEM_ERROR", "sub_msg": "系统错误"})
    } else {
        let no = biz["out_trade_no"].as_str().unwrap().to_string();
        seen.lock()
            .unwrap()
            .trades
            .push((no.clone(), biz["total_amount"].as_str().unwrap().to_string()));
        json!({"code": "10000", "msg": "Success", "out_trade_no": no, "qr_code": format!("https://qr.alipay.com/bax{no}")})
    };
    let raw = answer.to_string();
    let sign = rsa_keys::sign(provider, raw.as_bytes());
    format!("{{\"alipay_trade_precreate_response\":{raw},\"sign\":\"{sign}\"}}").into_response()
}

/// A trade notification as Alipay posts it, signed with `key`.
fn alipay_notification(key: &RsaPrivateKey, fields: &[(&str, &str)]) -> String {
    let mut params: BTreeMap<String, String> = [
        ("notify_time", api::providers::utc::china_datetime(now())),
        ("notify_type", "trade_status_sync".to_string()),
        ("notify_id", uuid::Uuid::new_v4().simple().to_string()),
        ("charset", "utf-8".to_string()),
        ("version", "1.0".to_string()),
        ("sign_type", "RSA2".to_string()),
        ("trade_no", "2026112622001468450512505578".to_string()),
        ("buyer_logon_id", "xud***@126.com".to_string()),
        ("gmt_create", api::providers::utc::china_datetime(now() - 5)),
        ("gmt_payment", api::providers::utc::china_datetime(now())),
        ("trade_status", "TRADE_SUCCESS".to_string()),
        ("app_id", ALIPAY_APP.to_string()),
        ("auth_app_id", ALIPAY_APP.to_string()),
        ("subject", "jpmall 充值".to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    for (k, v) in fields {
        params.insert(k.to_string(), v.to_string());
    }
    let sign = rsa_keys::sign(key, alipay::notification_content(&params).as_bytes());
    params.insert("sign".into(), sign);
    form_urlencoded::Serializer::new(String::new())
        .extend_pairs(params.iter())
        .finish()
}

async fn notify_alipay(app: &TestApp, base: &str, body: String) -> (StatusCode, String) {
    let response = app
        .client
        .post(format!("{base}{}", alipay::NOTIFY_PATH))
        .header("content-type", "application/x-www-form-urlencoded; charset=utf-8")
        .body(body)
        .send()
        .await
        .unwrap();
    (response.status(), response.text().await.unwrap())
}

async fn balance(app: &TestApp, base: &str, token: &str) -> String {
    let (_, body) = send(
        app,
        app.client
            .post(format!("{base}{UNISHOP}/fund/index"))
            .header("token", token)
            .json(&json!({})),
    )
    .await;
    body["data"]["balance"].as_str().unwrap().to_string()
}

async fn call(app: &TestApp, base: &str, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
    send(
        app,
        app.client
            .post(format!("{base}{UNISHOP}/{path}"))
            .header("token", token)
            .json(&body),
    )
    .await
}

async fn alipay_server(app: &TestApp) -> (String, tests::App, Shared) {
    alipay_server_with(app, |_| {}).await
}

/// Another server on the test's database paying through a local Alipay, with `change` made.
async fn alipay_server_with(
    app: &TestApp,
    change: impl FnOnce(&mut api::config::Config),
) -> (String, tests::App, Shared) {
    let seen: Shared = Arc::default();
    let s = seen.clone();
    let gateway =
        listen(axum::Router::new().route("/gateway.do", post(move |body| alipay_gateway(s.clone(), body))))
            .await;
    let (base, server) = app
        .another_server(|c| {
            c.payment_gateway = api::config::GatewayChoice::Alipay;
            c.public_url = Some("https://shop.example.com".into());
            c.alipay = api::providers::gateways::AlipaySettings {
                app_id: Some(ALIPAY_APP.into()),
                private_key: Some(private_pem(&keys().merchant)),
                alipay_public_key: Some(public_pem(&keys().provider)),
                gateway_url: Some(format!("{gateway}/gateway.do")),
            };
            change(c);
        })
        .await;
    (base, server, seen)
}

async fn alipay_takes_top_ups_and_trusts_only_its_own_notifications(app: &TestApp) {
    let token = app.register("13800001711", "abc12345").await;
    let (base, server, seen) = alipay_server(app).await;

    let (status, body) = call(app, &base, &token, "fund/recharge", json!({"amount": "88.88"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let payment = body["data"].clone();
    let id = payment["payment_id"].as_str().unwrap().to_string();
    assert_eq!(payment["pay_url"], format!("https://qr.alipay.com/bax{id}"));
    assert!(payment["qr"]
        .as_str()
        .unwrap()
        .starts_with("data:image/svg+xml;base64,"));
    assert_eq!(seen.lock().unwrap().trades, [(id.clone(), "88.88".to_string())]);
    assert!(
        seen.lock().unwrap().malformed.is_empty(),
        "{:?}",
        seen.lock().unwrap().malformed
    );

    let genuine = |fields: &[(&str, &str)]| alipay_notification(&keys().provider, fields);
    // Forged (signed by someone else), tampered, the wrong amount, another app: all refused, nothing
    // credited, and Alipay is not told "success".
    for (body, why) in [
        (
            alipay_notification(
                &keys().stranger,
                &[("out_trade_no", &id), ("total_amount", "88.88")],
            ),
            "forged",
        ),
        (
            genuine(&[("out_trade_no", &id), ("total_amount", "88.88")])
                .replace("total_amount=88.88", "total_amount=8888.00"),
            "tampered",
        ),
        (
            genuine(&[("out_trade_no", &id), ("total_amount", "8.88")]),
            "wrong amount",
        ),
        (
            genuine(&[
                ("out_trade_no", &id),
                ("total_amount", "88.88"),
                ("app_id", "2021000000000999"),
            ]),
            "wrong app",
        ),
        (
            genuine(&[("out_trade_no", "P-unknown"), ("total_amount", "88.88")]),
            "unknown payment",
        ),
    ] {
        let (status, text) = notify_alipay(app, &base, body).await;
        assert_eq!(
            (status, text.as_str()),
            (StatusCode::BAD_REQUEST, "failure"),
            "{why}"
        );
    }
    assert_eq!(balance(app, &base, &token).await, "0.00");

    // "Waiting for the buyer" is acknowledged and changes nothing.
    let waiting = genuine(&[
        ("out_trade_no", &id),
        ("total_amount", "88.88"),
        ("trade_status", "WAIT_BUYER_PAY"),
    ]);
    assert_eq!(
        notify_alipay(app, &base, waiting).await,
        (StatusCode::OK, "success".to_string())
    );
    assert_eq!(balance(app, &base, &token).await, "0.00");

    // The real one credits once, however often Alipay repeats it, in parallel or not.
    let paid = genuine(&[("out_trade_no", &id), ("total_amount", "88.88")]);
    let answers = futures::future::join_all((0..4).map(|_| notify_alipay(app, &base, paid.clone()))).await;
    for answer in answers {
        assert_eq!(answer, (StatusCode::OK, "success".to_string()));
    }
    assert_eq!(
        notify_alipay(app, &base, paid).await,
        (StatusCode::OK, "success".to_string())
    );
    assert_eq!(balance(app, &base, &token).await, "88.88");
    let (_, status) = call(
        app,
        &base,
        &token,
        "fund/payment_status",
        json!({"payment_id": id}),
    )
    .await;
    assert_eq!(status["data"]["status"], "paid");

    // A notification that arrives late (after the payment's window closed) for a payment made in
    // time still credits it.
    let (_, body) = call(app, &base, &token, "fund/recharge", json!({"amount": "10"})).await;
    let late_id = body["data"]["payment_id"].as_str().unwrap().to_string();
    let (requested_at,): (i64,) = sqlx::query_as("SELECT created_at FROM payments WHERE id = $1")
        .bind(&late_id)
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    sqlx::query("UPDATE payments SET expires_at = $1 WHERE id = $2")
        .bind(requested_at)
        .bind(&late_id)
        .execute(&app.db().pool)
        .await
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(1_100)).await;
    let gmt_payment = api::providers::utc::china_datetime(requested_at);
    let late = genuine(&[
        ("out_trade_no", &late_id),
        ("total_amount", "10.00"),
        ("gmt_payment", &gmt_payment),
    ]);
    assert_eq!(
        notify_alipay(app, &base, late).await,
        (StatusCode::OK, "success".to_string())
    );
    assert_eq!(balance(app, &base, &token).await, "98.88");

    // Alipay down: the seller hears so, and nothing is taken.
    seen.lock().unwrap().failing = true;
    let (status, body) = call(app, &base, &token, "fund/recharge", json!({"amount": "5"})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["msg"], "支付服务暂时无法连接，请稍后重试，未产生任何扣款");
    assert_eq!(balance(app, &base, &token).await, "98.88");

    // Every notification is on record with its outcome.
    let outcomes: Vec<(String, i64)> =
        sqlx::query_as("SELECT outcome, COUNT(*) FROM payment_callbacks GROUP BY outcome ORDER BY outcome")
            .fetch_all(&app.db().pool)
            .await
            .unwrap();
    let count = |o: &str| {
        outcomes
            .iter()
            .find(|(k, _)| k == o)
            .map(|(_, n)| *n)
            .unwrap_or(0)
    };
    assert_eq!(
        (count("credited"), count("refused"), count("ignored")),
        (2, 5, 1),
        "{outcomes:?}"
    );
    assert_eq!(count("repeat"), 4, "{outcomes:?}");
    server.state.db.close().await;
}

async fn an_order_paid_through_alipay_then_cancelled_keeps_the_money_in_the_wallet(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800001712", "abc12345").await;
    let sku = crate::orders::skus(app).await[0].clone();
    let (base, server, _seen) = alipay_server(app).await;

    // Paid by QR: the order is paid the moment Alipay's notification is stored.
    let order_no = crate::orders::place(app, &token, json!([{"sku_id": sku.0, "quantity": 1}])).await;
    let total = crate::orders::detail(app, &token, &order_no).await["fees"]["total"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, body) = call(
        app,
        &base,
        &token,
        "order/pay",
        json!({"order_no": order_no, "method": "qr"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["data"]["payment"]["payment_id"]
        .as_str()
        .unwrap()
        .to_string();
    let paid = alipay_notification(
        &keys().provider,
        &[("out_trade_no", &id), ("total_amount", &total)],
    );
    assert_eq!(
        notify_alipay(app, &base, paid).await,
        (StatusCode::OK, "success".to_string())
    );
    let shown = crate::orders::detail(app, &token, &order_no).await;
    assert_eq!(shown["status"], "to_be_shipped");

    // Another order's QR is paid after the seller cancelled it: the money stays in the wallet.
    let order_no = crate::orders::place(app, &token, json!([{"sku_id": sku.0, "quantity": 1}])).await;
    let (_, body) = call(
        app,
        &base,
        &token,
        "order/pay",
        json!({"order_no": order_no, "method": "qr"}),
    )
    .await;
    let id = body["data"]["payment"]["payment_id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, body) = call(app, &base, &token, "order/cancel", json!({"order_no": order_no})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let paid = alipay_notification(
        &keys().provider,
        &[("out_trade_no", &id), ("total_amount", &total)],
    );
    assert_eq!(
        notify_alipay(app, &base, paid).await,
        (StatusCode::OK, "success".to_string())
    );
    assert_eq!(
        crate::orders::detail(app, &token, &order_no).await["status"],
        "cancelled"
    );
    assert_eq!(balance(app, &base, &token).await, total);
    server.state.db.close().await;
}

// ---- WeChat Pay -------------------------------------------------------------------------------

/// Signs `body` as WeChat Pay signs its answers and notifications.
fn wechat_signed(key: &RsaPrivateKey, body: &str, at: i64) -> Vec<(&'static str, String)> {
    let nonce = uuid::Uuid::new_v4().simple().to_string();
    let message = wechat_pay::answer_message(&at.to_string(), &nonce, body);
    vec![
        ("Wechatpay-Timestamp", at.to_string()),
        ("Wechatpay-Nonce", nonce),
        ("Wechatpay-Signature", rsa_keys::sign(key, message.as_bytes())),
        ("Wechatpay-Serial", PLATFORM_SERIAL.to_string()),
        (
            "Wechatpay-Signature-Type",
            "WECHATPAY2-SHA256-RSA2048".to_string(),
        ),
    ]
}

fn authorization_fields(header: &str) -> BTreeMap<String, String> {
    header
        .strip_prefix("WECHATPAY2-SHA256-RSA2048 ")
        .unwrap_or("")
        .split(',')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim_matches('"').to_string()))
        .collect()
}

async fn wechat_native(seen: Shared, headers: HeaderMap, body: Bytes) -> Response {
    let header = |k: &str| {
        headers
            .get(k)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string()
    };
    let text = String::from_utf8_lossy(&body).to_string();
    let auth = authorization_fields(&header("authorization"));
    let field = |k: &str| auth.get(k).cloned().unwrap_or_default();
    let timestamp: i64 = field("timestamp").parse().unwrap_or(0);
    let message = wechat_pay::request_message(
        "POST",
        "/v3/pay/transactions/native",
        timestamp,
        &field("nonce_str"),
        &text,
    );
    let merchant = RsaPublicKey::from(&keys().merchant);
    let order: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    let well_formed = check(
        &seen,
        rsa_keys::verify(&merchant, message.as_bytes(), &field("signature")),
        "signature",
    ) & check(&seen, field("mchid") == MCH_ID, "mchid")
        & check(&seen, field("serial_no") == MCH_SERIAL, "serial_no")
        & check(&seen, (timestamp - now()).abs() < 300, "timestamp")
        & check(
            &seen,
            header("content-type") == "application/json",
            "Content-Type",
        )
        & check(&seen, header("accept") == "application/json", "Accept")
        & check(&seen, !header("user-agent").is_empty(), "User-Agent")
        & check(
            &seen,
            order["appid"] == WECHAT_APP && order["mchid"] == MCH_ID,
            "appid/mchid",
        )
        & check(
            &seen,
            order["amount"]["currency"] == "CNY" && order["amount"]["total"].is_i64(),
            "amount",
        )
        & check(
            &seen,
            order["notify_url"]
                .as_str()
                .is_some_and(|u| u.starts_with("https://") && u.ends_with("/jpmall/payment/notify/wechat")),
            "notify_url",
        )
        & check(
            &seen,
            order["time_expire"]
                .as_str()
                .and_then(api::providers::utc::parse_rfc3339)
                .is_some(),
            "time_expire",
        )
        & check(
            &seen,
            order["description"].is_string() && order["out_trade_no"].is_string(),
            "description",
        );
    let (status, answer) = if !well_formed {
        (
            AxumStatus::UNAUTHORIZED,
            json!({"code": "SIGN_ERROR", "message": "签名错误"}),
        )
    } else if seen.lock().unwrap().failing {
        (
            AxumStatus::INTERNAL_SERVER_ERROR,
            json!({"code": "SYSTEM_ERROR", "message": "系统错误"}),
        )
    } else {
        let no = order["out_trade_no"].as_str().unwrap().to_string();
        seen.lock()
            .unwrap()
            .trades
            .push((no.clone(), order["amount"]["total"].to_string()));
        (
            AxumStatus::OK,
            json!({"code_url": format!("weixin://wxpay/bizpayurl?pr={no}")}),
        )
    };
    let body = answer.to_string();
    let mut response = (status, body.clone()).into_response();
    for (name, value) in wechat_signed(&keys().provider, &body, now()) {
        response.headers_mut().insert(name, value.parse().unwrap());
    }
    response
        .headers_mut()
        .insert("request-id", "08F78BB5AF0610D302".parse().unwrap());
    response
}

/// A notification as WeChat Pay posts it: the transaction encrypted under `api_v3_key`.
fn wechat_notification(api_v3_key: &str, event: &str, transaction: Value) -> String {
    let nonce = "fdasflkja484";
    let cipher = Aes256Gcm::new_from_slice(api_v3_key.as_bytes()).unwrap();
    let sealed = cipher
        .encrypt(
            Nonce::from_slice(nonce.as_bytes()),
            Payload {
                msg: transaction.to_string().as_bytes(),
                aad: b"transaction",
            },
        )
        .unwrap();
    json!({
        "id": "EV-2018022511223320873",
        "create_time": api::providers::utc::china_rfc3339(now()),
        "resource_type": "encrypt-resource",
        "event_type": event,
        "summary": "支付成功",
        "resource": {
            "original_type": "transaction",
            "algorithm": "AEAD_AES_256_GCM",
            "ciphertext": base64::engine::general_purpose::STANDARD.encode(sealed),
            "associated_data": "transaction",
            "nonce": nonce,
        }
    })
    .to_string()
}

fn transaction(id: &str, total: i64) -> Value {
    json!({
        "appid": WECHAT_APP, "mchid": MCH_ID, "out_trade_no": id,
        "transaction_id": "4200001234202611260123456789", "trade_type": "NATIVE", "trade_state": "SUCCESS",
        "trade_state_desc": "支付成功", "bank_type": "CMC", "success_time": api::providers::utc::china_rfc3339(now()),
        "payer": {"openid": "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"},
        "amount": {"total": total, "payer_total": total, "currency": "CNY", "payer_currency": "CNY"}
    })
}

async fn notify_wechat(
    app: &TestApp,
    base: &str,
    body: &str,
    signed: Vec<(&'static str, String)>,
) -> StatusCode {
    let mut request = app
        .client
        .post(format!("{base}{}", wechat_pay::NOTIFY_PATH))
        .header("content-type", "application/json")
        .body(body.to_string());
    for (name, value) in signed {
        request = request.header(name, value);
    }
    request.send().await.unwrap().status()
}

async fn wechat_pay_takes_top_ups_and_trusts_only_its_own_notifications(app: &TestApp) {
    let token = app.register("13800001721", "abc12345").await;
    let seen: Shared = Arc::default();
    let s = seen.clone();
    let api_base = listen(axum::Router::new().route(
        "/v3/pay/transactions/native",
        post(move |headers, body| wechat_native(s.clone(), headers, body)),
    ))
    .await;
    let (base, server) = app
        .another_server(|c| {
            c.payment_gateway = api::config::GatewayChoice::Wechat;
            c.public_url = Some("https://shop.example.com".into());
            c.wechat = api::providers::gateways::WechatSettings {
                mch_id: Some(MCH_ID.into()),
                app_id: Some(WECHAT_APP.into()),
                api_v3_key: Some(API_V3_KEY.into()),
                mch_serial: Some(MCH_SERIAL.into()),
                private_key: Some(private_pem(&keys().merchant)),
                platform_key: Some(public_pem(&keys().provider)),
                platform_serial: Some(PLATFORM_SERIAL.into()),
                base_url: Some(api_base.clone()),
            };
        })
        .await;

    let (status, body) = call(app, &base, &token, "fund/recharge", json!({"amount": "66.60"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["data"]["payment_id"].as_str().unwrap().to_string();
    assert_eq!(
        body["data"]["pay_url"],
        format!("weixin://wxpay/bizpayurl?pr={id}")
    );
    assert_eq!(seen.lock().unwrap().trades, [(id.clone(), "6660".to_string())]);
    assert!(
        seen.lock().unwrap().malformed.is_empty(),
        "{:?}",
        seen.lock().unwrap().malformed
    );

    let provider = &keys().provider;
    let genuine = wechat_notification(API_V3_KEY, "TRANSACTION.SUCCESS", transaction(&id, 6660));
    let refused = [
        (
            genuine.clone(),
            wechat_signed(&keys().stranger, &genuine, now()),
            "forged",
        ),
        (
            genuine.clone(),
            wechat_signed(provider, &genuine, now() - 600),
            "stale",
        ),
        (
            genuine.replace("\"TRANSACTION.SUCCESS\"", "\"TRANSACTION.SUCCESS\" "),
            wechat_signed(provider, &genuine, now()),
            "tampered",
        ),
        {
            let body = wechat_notification(API_V3_KEY, "TRANSACTION.SUCCESS", transaction(&id, 666));
            let signed = wechat_signed(provider, &body, now());
            (body, signed, "wrong amount")
        },
        {
            let mut other = transaction(&id, 6660);
            other["mchid"] = json!("1900000109");
            let body = wechat_notification(API_V3_KEY, "TRANSACTION.SUCCESS", other);
            let signed = wechat_signed(provider, &body, now());
            (body, signed, "another merchant")
        },
        {
            let body = wechat_notification(
                "ffffffffffffffffffffffffffffffff",
                "TRANSACTION.SUCCESS",
                transaction(&id, 6660),
            );
            let signed = wechat_signed(provider, &body, now());
            (body, signed, "another API v3 key")
        },
    ];
    for (body, signed, why) in refused {
        let status = notify_wechat(app, &base, &body, signed).await;
        assert!(status.is_client_error(), "{why}: {status}");
    }
    assert_eq!(balance(app, &base, &token).await, "0.00");

    // The real one credits once, however often WeChat Pay repeats it.
    for _ in 0..3 {
        let status = notify_wechat(app, &base, &genuine, wechat_signed(provider, &genuine, now())).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
    }
    assert_eq!(balance(app, &base, &token).await, "66.60");

    // WeChat Pay down: refused with the reason, nothing taken.
    seen.lock().unwrap().failing = true;
    let (status, body) = call(app, &base, &token, "fund/recharge", json!({"amount": "5"})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(balance(app, &base, &token).await, "66.60");
    server.state.db.close().await;
}

// ---- production mode ----------------------------------------------------------------------------

async fn production_starts_only_with_a_real_sms_provider_and_no_simulator(app: &TestApp) {
    let url = match app.engine {
        Engine::Sqlite => None,
        Engine::Postgres => Some(app.database_url.clone()),
    };
    let production = || {
        let mut c = tests::config(app.data_dir.path(), url.clone(), &app.web_dist);
        c.production = true;
        c.payment_gateway = api::config::GatewayChoice::None;
        c
    };
    let refused = api::app::open(production())
        .await
        .err()
        .expect("the outbox is refused");
    assert!(
        format!("{refused:#}").contains("JPMALL_SMS_PROVIDER"),
        "{refused:#}"
    );

    let mut lacking = production();
    lacking.sms = sms_settings(api::providers::sms::SmsChoice::Tencent, "http://127.0.0.1:9/");
    lacking.sms.app_id = None;
    let refused = api::app::open(lacking)
        .await
        .err()
        .expect("an incomplete provider is refused");
    assert!(
        format!("{refused:#}").contains("JPMALL_SMS_APP_ID"),
        "{refused:#}"
    );

    let mut alipay_without_address = production();
    alipay_without_address.sms = sms_settings(api::providers::sms::SmsChoice::Aliyun, "http://127.0.0.1:9/");
    alipay_without_address.payment_gateway = api::config::GatewayChoice::Alipay;
    alipay_without_address.alipay = api::providers::gateways::AlipaySettings {
        app_id: Some(ALIPAY_APP.into()),
        private_key: Some(private_pem(&keys().merchant)),
        alipay_public_key: Some(public_pem(&keys().provider)),
        gateway_url: None,
    };
    let refused = api::app::open(alipay_without_address.clone())
        .await
        .err()
        .expect("no public address");
    assert!(
        format!("{refused:#}").contains("JPMALL_PUBLIC_URL"),
        "{refused:#}"
    );

    let mut ready = alipay_without_address;
    ready.public_url = Some("https://shop.example.com".into());
    let opened = api::app::open(ready)
        .await
        .expect("production opens with real providers");
    assert!(!opened.state.outbox_enabled);
    assert!(!opened.state.payments.simulator_on());
    opened.state.db.close().await;
}

/// Production with Alipay, the simulator's key left to the data folder (as `jpmall serve` runs).
fn production_with_alipay(c: &mut api::config::Config) {
    c.production = true;
    c.payment_secret = None;
    c.sms = sms_settings(api::providers::sms::SmsChoice::Aliyun, "http://127.0.0.1:9/");
}

async fn in_production_a_correctly_signed_simulator_callback_credits_nothing(app: &TestApp) {
    let token = app.register("13800001721", "abc12345").await;
    // The key a simulator callback would be signed with, where the simulator keeps it.
    let secret_file = app.data_dir.path().join("payment-secret");
    std::fs::write(&secret_file, "planted-secret").unwrap();
    let (base, server, _) = alipay_server_with(app, production_with_alipay).await;
    let (status, body) = call(app, &base, &token, "fund/recharge", json!({"amount": "88.88"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["data"]["payment_id"].as_str().unwrap().to_string();

    for secret in ["planted-secret", "test-payment-secret"] {
        let callback =
            serde_json::to_vec(&json!({"payment_id": id, "amount": 8888, "paid_at": now(), "nonce": secret}))
                .unwrap();
        let answer = app
            .client
            .post(format!("{base}{}", commands::payments::NOTIFY_PATH))
            .header("content-type", "application/json")
            .header(
                commands::payments::SIGNATURE_HEADER,
                commands::payments::sign(secret.as_bytes(), &callback),
            )
            .body(callback)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::NOT_FOUND, "signed with {secret}");
    }
    let page = app.client.get(format!("{base}/pay/{id}")).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::NOT_FOUND);
    let confirm = app
        .client
        .post(format!("{base}/pay/{id}/confirm"))
        .send()
        .await
        .unwrap();
    assert_eq!(confirm.status(), StatusCode::NOT_FOUND);
    assert_eq!(balance(app, &base, &token).await, "0.00");
    let (_, status) = call(
        app,
        &base,
        &token,
        "fund/payment_status",
        json!({"payment_id": id}),
    )
    .await;
    assert_eq!(status["data"]["status"], "pending", "{status}");

    // Alipay's own notification still pays it.
    let paid = alipay_notification(
        &keys().provider,
        &[("out_trade_no", &id), ("total_amount", "88.88")],
    );
    assert_eq!(
        notify_alipay(app, &base, paid).await,
        (StatusCode::OK, "success".to_string())
    );
    assert_eq!(balance(app, &base, &token).await, "88.88");
    server.state.db.close().await;

    // Nor does production make the simulator a key.
    std::fs::remove_file(&secret_file).unwrap();
    let (_, again, _) = alipay_server_with(app, production_with_alipay).await;
    assert!(!secret_file.exists(), "production made {}", secret_file.display());
    again.state.db.close().await;
}

on_both_engines!(
    in_production_a_correctly_signed_simulator_callback_credits_nothing,
    aliyun_sms_sends_codes_in_its_documented_format,
    tencent_sms_sends_codes_in_its_documented_format,
    alipay_takes_top_ups_and_trusts_only_its_own_notifications,
    an_order_paid_through_alipay_then_cancelled_keeps_the_money_in_the_wallet,
    wechat_pay_takes_top_ups_and_trusts_only_its_own_notifications,
    production_starts_only_with_a_real_sms_provider_and_no_simulator,
);
