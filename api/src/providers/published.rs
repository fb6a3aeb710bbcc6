//! The providers' published signature examples: fixed inputs, the signature each document gives.
//! Sources in `api/tests/fixtures/providers/README.md`.

use std::collections::BTreeMap;

use rsa::traits::PublicKeyParts;
use rsa::RsaPublicKey;

use super::{alipay, aliyun_sms, rsa_keys, tencent_sms, wechat_pay};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/providers/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn params(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn aliyun_send_sms_example() {
    let params = params(&[
        ("AccessKeyId", "testId"),
        ("Action", "SendSms"),
        ("Format", "XML"),
        ("OutId", "123"),
        ("PhoneNumbers", "15300000001"),
        ("RegionId", "cn-hangzhou"),
        ("SignName", "阿里云短信测试专用"),
        ("SignatureMethod", "HMAC-SHA1"),
        ("SignatureNonce", "45e25e9b-0a6f-4070-8c85-2956eda1b466"),
        ("SignatureVersion", "1.0"),
        ("TemplateCode", "SMS_71390007"),
        ("TemplateParam", "{\"customer\":\"test\"}"),
        ("Timestamp", "2017-07-12T02:42:19Z"),
        ("Version", "2017-05-25"),
    ]);
    let to_sign = aliyun_sms::string_to_sign("GET", &params);
    assert!(
        to_sign.starts_with("GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms"),
        "{to_sign}"
    );
    assert!(to_sign.ends_with("%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25"));
    assert_eq!(
        aliyun_sms::signature("testSecret", &to_sign),
        "zJDF+Lrzhj/ThnlvIToysFRq6t4="
    );
    assert_eq!(aliyun_sms::pop_encode("a b*c~d/"), "a%20b%2Ac~d%2F");
}

#[test]
fn aliyun_describe_regions_example() {
    let params = params(&[
        ("AccessKeyId", "testid"),
        ("Action", "DescribeRegions"),
        ("Format", "XML"),
        ("SignatureMethod", "HMAC-SHA1"),
        ("SignatureNonce", "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf"),
        ("SignatureVersion", "1.0"),
        ("Timestamp", "2016-02-23T12:46:24Z"),
        ("Version", "2014-05-26"),
    ]);
    let to_sign = aliyun_sms::string_to_sign("GET", &params);
    assert_eq!(
        aliyun_sms::signature("testsecret", &to_sign),
        "OLeaidS1JvxuMvnyHOwuJ+uX5qY="
    );
}

#[test]
fn tencent_tc3_example() {
    let payload = r#"{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}"#;
    let canonical = tencent_sms::canonical_request(
        "application/json; charset=utf-8",
        "cvm.tencentcloudapi.com",
        payload,
    );
    assert!(canonical.ends_with("35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064"));
    let to_sign = tencent_sms::string_to_sign(1_551_113_065, "cvm", &canonical);
    assert_eq!(
        to_sign,
        "TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n\
         5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031"
    );
    let signature =
        tencent_sms::signature("Gu5t9xGARNpq86cd98joQYCN3*******", 1_551_113_065, "cvm", &to_sign);
    assert_eq!(
        signature,
        "2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c"
    );
    assert_eq!(
        tencent_sms::authorization("AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******", 1_551_113_065, "cvm", &signature),
        "TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, \
         SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c"
    );
}

#[test]
fn alipay_notification_example_verifies_without_sign_and_sign_type() {
    let key = rsa_keys::public_key(&fixture("alipay_notify_public_key.pem")).unwrap();
    let fields: BTreeMap<String, String> = fixture("alipay_notify_fields.txt")
        .lines()
        .filter_map(|line| line.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let content = alipay::notification_content(&fields);
    assert!(
        content.starts_with("app_id=2019073166072302&auth_app_id="),
        "{content}"
    );
    assert!(!content.contains("sign_type"));
    assert!(rsa_keys::verify(&key, content.as_bytes(), &fields["sign"]));
    // Alipay's rule: sign_type is not signed; keeping it breaks the signature.
    let with_type = format!("{content}&sign_type=RSA2");
    assert!(!rsa_keys::verify(&key, with_type.as_bytes(), &fields["sign"]));
    let mut tampered = fields.clone();
    tampered.insert("total_amount".into(), "100.10".into());
    assert!(!rsa_keys::verify(
        &key,
        alipay::notification_content(&tampered).as_bytes(),
        &fields["sign"]
    ));
}

#[test]
fn alipay_answer_example_is_signed_over_its_raw_json() {
    let key = rsa_keys::public_key(&fixture("alipay_response_public_key.pem")).unwrap();
    let raw = fixture("alipay_response.json");
    let answer: serde_json::Value = serde_json::from_str(&raw).unwrap();
    let content = r#"{"code":"10000","msg":"Success","file_id":"CAxAToWB1JsAAAAAAAAAAAAADgSLAQBr"}"#;
    assert!(raw.contains(content));
    assert!(rsa_keys::verify(
        &key,
        content.as_bytes(),
        answer["sign"].as_str().unwrap()
    ));
}

#[test]
fn alipay_precreate_parameters_sign_as_the_sdk_key_signs_them() {
    let key = rsa_keys::private_key(&fixture("alipay_sdk_app_private_key.pem")).unwrap();
    let params = params(&[
        ("app_id", "2021000000000000"),
        ("method", "alipay.trade.precreate"),
        ("format", "JSON"),
        ("charset", "utf-8"),
        ("sign_type", "RSA2"),
        ("timestamp", "2014-07-24 03:07:50"),
        ("version", "1.0"),
        ("notify_url", "https://example.com/alipay/notify"),
        (
            "biz_content",
            r#"{"out_trade_no":"20150320010101001","total_amount":"88.88","subject":"Iphone6 16G"}"#,
        ),
    ]);
    // Requests sign sign_type too (only notifications leave it out): the SDK's rule.
    let content = alipay::request_content(&params);
    assert_eq!(
        content,
        "app_id=2021000000000000&biz_content={\"out_trade_no\":\"20150320010101001\",\"total_amount\":\"88.88\",\
         \"subject\":\"Iphone6 16G\"}&charset=utf-8&format=JSON&method=alipay.trade.precreate&\
         notify_url=https://example.com/alipay/notify&sign_type=RSA2&timestamp=2014-07-24 03:07:50&version=1.0"
    );
    assert_eq!(
        rsa_keys::sign(&key, content.as_bytes()),
        fixture("alipay_precreate_sign.txt").trim()
    );
}

#[test]
fn wechat_pay_signer_example() {
    let key = rsa_keys::private_key(&fixture("wechatpay_test_private_key.pem")).unwrap();
    assert_eq!(
        rsa_keys::sign(&key, b"source"),
        fixture("wechatpay_signer_signature.txt").trim()
    );
}

#[test]
fn wechat_pay_notification_example_verifies() {
    let key = rsa_keys::private_key(&fixture("wechatpay_test_private_key.pem")).unwrap();
    let public = RsaPublicKey::from(&key);
    assert_eq!(public.size(), 256);
    let headers: BTreeMap<String, String> = fixture("wechatpay_notify_headers.txt")
        .lines()
        .filter_map(|line| line.split_once(": "))
        .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
        .collect();
    let body = fixture("wechatpay_notify_body.json");
    let message = wechat_pay::answer_message(
        &headers["wechatpay-timestamp"],
        &headers["wechatpay-nonce"],
        &body,
    );
    assert!(rsa_keys::verify(
        &public,
        message.as_bytes(),
        &headers["wechatpay-signature"]
    ));
    let forged = body.replace("签约成功", "签约失败");
    let message = wechat_pay::answer_message(
        &headers["wechatpay-timestamp"],
        &headers["wechatpay-nonce"],
        &forged,
    );
    assert!(!rsa_keys::verify(
        &public,
        message.as_bytes(),
        &headers["wechatpay-signature"]
    ));
}

#[test]
fn wechat_pay_resource_decryption_example() {
    let plain = wechat_pay::decrypt_resource(
        b"a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb",
        "uluk4a9R25RW",
        "associatedData",
        "ulwSiIajGClcvcOYvOQ7+l+0PAbzzwI=",
    );
    assert_eq!(plain.as_deref(), Some(&b"message"[..]));
    // Another associated text, or another key, does not decrypt.
    assert!(wechat_pay::decrypt_resource(
        b"a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb",
        "uluk4a9R25RW",
        "associated",
        "ulwSiIajGClcvcOYvOQ7+l+0PAbzzwI="
    )
    .is_none());
    assert!(wechat_pay::decrypt_resource(
        b"b7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb",
        "uluk4a9R25RW",
        "associatedData",
        "ulwSiIajGClcvcOYvOQ7+l+0PAbzzwI="
    )
    .is_none());
}
