//! Every account rule of spec section 5 answers its message, in both languages, and changes nothing.

use reqwest::StatusCode;
use serde_json::{json, Value};
use tests::{on_both_engines, TestApp, OPERATOR_TOKEN, UNISHOP};

const REGISTER: &str = "/jpmall/addons/unishop/user/register";

on_both_engines!(
    registration_rules_answer_their_messages_in_both_languages,
    malformed_bodies_name_the_problem,
    every_list_call_refuses_a_page_past_the_last_by_name
);

async fn registration_rules_answer_their_messages_in_both_languages(app: &TestApp) {
    let good = |app: &TestApp| app.registration("13800138000", "abc123", "123456");
    let with = |app: &TestApp, field: &str, value: Value| {
        let mut body = good(app);
        body[field] = value;
        body
    };
    let cases: Vec<(Value, &str, &str, &str)> = vec![
        (
            with(app, "mobile", json!("")),
            "mobile",
            "手机号不能为空",
            "Mobile number cannot be empty.",
        ),
        (
            with(app, "mobile", json!("12345678901")),
            "mobile",
            "手机号格式不正确",
            "Incorrect mobile number format.",
        ),
        (
            with(app, "password", json!("")),
            "password",
            "密码不能为空",
            "Password cannot be empty.",
        ),
        (
            json!({"mobile": "13800138000", "password": app.encrypt("abcdef"), "repassword": app.encrypt("abcdef"), "code": "1", "agree": true}),
            "password",
            "密码须为6-18位，且包含数字和字母",
            "Password must be 6-18 characters including numbers and letters.",
        ),
        (
            json!({"mobile": "13800138000", "password": app.encrypt("ab1"), "repassword": app.encrypt("ab1"), "code": "1", "agree": true}),
            "password",
            "密码须为6-18位，且包含数字和字母",
            "Password must be 6-18 characters including numbers and letters.",
        ),
        (
            json!({"mobile": "13800138000", "password": app.encrypt("abc123"), "repassword": app.encrypt("abc124"), "code": "1", "agree": true}),
            "repassword",
            "两次输入的密码不一致",
            "The two passwords do not match.",
        ),
        (
            with(app, "code", json!("")),
            "code",
            "验证码不能为空",
            "Verification code cannot be empty.",
        ),
        (
            with(app, "agree", json!(false)),
            "agree",
            "请先阅读并同意用户协议",
            "Please read and accept the user agreement first.",
        ),
    ];
    for (body, field, zh, en) in cases {
        for (lang, text) in [("zh_CN", zh), ("en_US", en)] {
            let (status, reply) = app.post_lang(REGISTER, lang, body.clone()).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
            assert_eq!(reply["code"], 0);
            assert_eq!(reply["msg"], text, "{lang} {field}");
            assert_eq!(reply["data"]["field"], field);
        }
    }
    let (status, body) = app
        .post_lang(
            "/jpmall/addons/unishop/user/login",
            "en_US",
            json!({"mobile": "1380013800"}),
        )
        .await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("Incorrect mobile number format.")
        )
    );
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(users, 0, "refused requests change nothing");
}

async fn malformed_bodies_name_the_problem(app: &TestApp) {
    let raw = |body: &'static str, lang: &'static str| {
        app.send(
            app.client
                .post(app.url("/jpmall/addons/unishop/user/login"))
                .header("content-type", "application/json")
                .header("content-language", lang)
                .body(body),
        )
    };
    let (status, body) = raw("{\"mobile\": ", "en_US").await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("The request body is not valid JSON.")
        )
    );
    let (status, body) = raw("{\"mobile\": 13800138000}", "en_US").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // The field is named as a person knows it.
    assert_eq!(body["msg"], "The field mobile number has the wrong type.");
    assert_eq!(body["data"]["field"], "mobile");
    let (_, body) = raw("{\"mobile\": \"13800138000\", \"password\": []}", "zh_CN").await;
    assert_eq!(body["msg"], "字段 password 的类型不正确");

    let huge = format!("{{\"mobile\": \"{}\"}}", "1".repeat(2 * 1024 * 1024));
    let response = app
        .client
        .post(app.url("/jpmall/addons/unishop/user/login"))
        .body(huge)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["msg"], "请求内容过大");
}

/// Every call that takes `page`: the seller's (POST with a JSON body, and one GET) and the staff's
/// (GET with a query).
const SELLER_LISTS: [&str; 15] = [
    "product/lists",
    "shop/lists",
    "product/favorites",
    "notice/lists",
    "fund/withdrawals",
    "fund/ledger",
    "order/lists",
    "order/out_stock",
    "order/abnormal",
    "order/platform/imports",
    "order/platform/links",
    "aftersale/lists",
    "excel/history",
    "message/lists",
    "coupon/lists",
];
const STAFF_LISTS: [&str; 17] = [
    "withdrawals",
    "orders",
    "aftersales",
    "waves",
    "orders/to_ship",
    "orders/abnormal",
    "orders/shortages",
    "ledger",
    "coupons/templates",
    "notices",
    "coupons",
    "staff/list",
    "audit",
    "catalog/products",
    "catalog/stock/changes",
    "catalog/stalls",
    "catalog/imports",
];

/// `page=9223372036854775807` skipped more rows than a number holds: PostgreSQL was handed a
/// negative `OFFSET` and answered 500. Every list call answers 422 naming the page.
async fn every_list_call_refuses_a_page_past_the_last_by_name(app: &TestApp) {
    app.seed(3).await;
    let token = app.register("13800138000", "abc12345").await;
    let huge = i64::MAX;
    let mut wrong = Vec::new();
    let mut check = |call: String, status: StatusCode, reply: Value, message: &str| {
        let answer = (status, reply["data"]["field"].as_str(), reply["msg"].as_str());
        if answer != (StatusCode::UNPROCESSABLE_ENTITY, Some("page"), Some(message)) {
            wrong.push(format!("{call}: {status} {reply}"));
        }
    };
    let english = "Page must be between 1 and 1000000.";
    for path in SELLER_LISTS {
        for (body, lang, message) in [
            (json!({"page": huge}), "en_US", english),
            (
                json!({"page": huge, "pagesize": 100}),
                "zh_CN",
                "页码须在 1 到 1000000 之间",
            ),
            (json!({"page": 1_000_001}), "en_US", english),
        ] {
            let (status, reply) = app.unishop(&token, lang, path, body.clone()).await;
            check(format!("{path} {body} {lang}"), status, reply, message);
        }
    }
    let keyword = json!({"page": huge, "keyword": "T恤"});
    let (status, reply) = app.unishop(&token, "en_US", "product/lists", keyword).await;
    check("product/lists with a keyword".into(), status, reply, english);
    let shop_like = app
        .client
        .get(app.url(&format!("{UNISHOP}/shop/shop_like?page={huge}")))
        .header("token", &token)
        .header("content-language", "en_US");
    let (status, reply) = app.send(shop_like).await;
    check("shop/shop_like".into(), status, reply, english);
    for path in STAFF_LISTS {
        let url = app.url(&format!("/jpmall/admin/{path}?page={huge}&pagesize=100"));
        let request = app
            .client
            .get(url)
            .header("operator-token", OPERATOR_TOKEN)
            .header("content-language", "en_US");
        let (status, reply) = app.send(request).await;
        check(format!("admin {path}"), status, reply, english);
    }
    assert!(
        wrong.is_empty(),
        "{} list calls:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // The last page that can be asked for still answers, empty.
    let (status, reply) = app
        .unishop(
            &token,
            "en_US",
            "order/lists",
            json!({"page": 1_000_000, "pagesize": 100}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["data"]["list"], json!([]));
}
