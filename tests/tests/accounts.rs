use reqwest::StatusCode;
use serde_json::json;
use tests::{on_both_engines, TestApp};

const U: &str = "/jpmall/addons/unishop";

on_both_engines!(
    a_seller_registers_logs_in_edits_the_profile_and_logs_out,
    reset_password_changes_the_password_and_ends_every_session,
    wrong_password_and_unknown_phone_get_the_same_message_and_are_slowed,
    a_password_that_is_not_rsa_is_refused_like_a_wrong_one,
    a_used_sms_code_cannot_be_used_again,
    five_wrong_codes_end_a_code,
    an_expired_token_is_401_with_the_login_message,
    sms_are_refused_within_the_cooldown_and_for_the_wrong_event,
    a_wrong_captcha_answer_ends_the_captcha,
    profile_edits_are_validated_and_usernames_are_unique,
    a_seller_moves_the_account_to_a_new_phone_with_a_code_sent_there,
);

async fn a_seller_registers_logs_in_edits_the_profile_and_logs_out(app: &TestApp) {
    let (key, answer) = app.solved_captcha().await;
    let (status, body) = app
        .post(
            &format!("{U}/sms/check"),
            json!({"captcha_key": key, "captcha": answer.to_lowercase()}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app
        .post(
            &format!("{U}/sms/sendSmsText"),
            json!({"mobile": "13800138000", "event": "register", "captcha_key": key, "captcha": answer}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"], json!({"cooldown": 60, "expires_in": 300}));
    assert_eq!(body["msg"], "验证码已发送");
    let code = app.last_code("13800138000").await;
    assert_eq!(code.len(), 6);

    let (status, body) = app
        .post(
            &format!("{U}/user/register"),
            app.registration("13800138000", "abc123", &code),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let userinfo = &body["data"]["userinfo"];
    assert_eq!(userinfo["mobile"], "13800138000");
    assert_eq!(userinfo["nickname"], "138****8000");
    let first_token = userinfo["token"].as_str().unwrap().to_string();

    let (status, body) = app.login("13800138000", "abc123").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let token = body["data"]["token"].as_str().unwrap().to_string();
    assert_ne!(token, first_token);

    let (status, body) = app.get("/addons/unishop/user/user_info", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["mobile"], "13800138000");
    assert!(body["data"].get("token").is_none());

    let (status, body) = app
        .post_as(
            &format!("{U}/user/edit"),
            &token,
            "en_US",
            json!({"nickname": "Xiao Wang", "qq": "12345678", "email": "wang@example.com"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["nickname"], "Xiao Wang");
    assert_eq!(body["data"]["qq"], "12345678");

    let (status, body) = app.get(&format!("{U}/user/user_message"), Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["user"]["email"], "wang@example.com");
    assert!(body["data"]["registered_at"].as_i64().unwrap() > 0);
    assert!(body["data"]["last_login_at"].as_i64().unwrap() > 0);

    let (status, _) = app
        .post_as(&format!("{U}/user/logout"), &token, "zh_CN", json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = app.get("/addons/unishop/user/user_info", Some(&token)).await;
    assert_eq!(
        (status, body["code"].as_i64()),
        (StatusCode::UNAUTHORIZED, Some(401))
    );
    // The registration session is a different one and lives on.
    let (status, _) = app
        .get("/addons/unishop/user/user_info", Some(&first_token))
        .await;
    assert_eq!(status, StatusCode::OK);
}

async fn reset_password_changes_the_password_and_ends_every_session(app: &TestApp) {
    let token = app.register("13900139000", "first123").await;
    app.a_minute_passes().await;
    let (status, body) = app.request_code("13900139000", "resetpwd").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let code = app.last_code("13900139000").await;
    let body = json!({
        "mobile": "13900139000",
        "password": app.encrypt("second456"),
        "repassword": app.encrypt("second456"),
        "code": code,
    });
    let (status, reply) = app.post(&format!("{U}/user/resetpwd"), body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(
        app.get("/addons/unishop/user/user_info", Some(&token)).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.login("13900139000", "first123").await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(app.login("13900139000", "second456").await.0, StatusCode::OK);
    // The same code again is refused.
    let (status, reply) = app.post(&format!("{U}/user/resetpwd"), body).await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("验证码已失效，请重新获取"))
    );
}

async fn wrong_password_and_unknown_phone_get_the_same_message_and_are_slowed(app: &TestApp) {
    app.register("13700137000", "abc123").await;
    let (status, wrong) = app.login("13700137000", "abc999").await;
    let (_, unknown) = app.login("13711111111", "abc123").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong["msg"], "手机号或密码错误");
    assert_eq!(wrong["msg"], unknown["msg"]);
    for _ in 0..4 {
        app.login("13700137000", "abc999").await;
    }
    // Five failures: even the right password waits now.
    let (status, body) = app.login("13700137000", "abc123").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(body["msg"].as_str().unwrap().contains("15 分钟"), "{body}");
}

async fn a_password_that_is_not_rsa_is_refused_like_a_wrong_one(app: &TestApp) {
    app.register("13600136000", "abc123").await;
    let (status, body) = app
        .post(
            &format!("{U}/user/login"),
            json!({"mobile": "13600136000", "password": "abc123"}),
        )
        .await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("手机号或密码错误"))
    );
}

async fn a_used_sms_code_cannot_be_used_again(app: &TestApp) {
    app.request_code("13500135000", "register").await;
    let code = app.last_code("13500135000").await;
    let body = app.registration("13500135000", "abc123", &code);
    assert_eq!(
        app.post(&format!("{U}/user/register"), body.clone()).await.0,
        StatusCode::OK
    );
    let (status, reply) = app.post(&format!("{U}/user/register"), body).await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("该手机号已注册"))
    );
    // And for another purpose the code is simply wrong.
    let (status, reply) = app
        .post(&format!("{U}/user/resetpwd"), json!({"mobile": "13500135000", "password": app.encrypt("abc456"), "repassword": app.encrypt("abc456"), "code": code}))
        .await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("验证码不正确"))
    );
}

async fn five_wrong_codes_end_a_code(app: &TestApp) {
    app.request_code("13400134000", "register").await;
    let code = app.last_code("13400134000").await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..5 {
        let (_, reply) = app
            .post(
                &format!("{U}/user/register"),
                app.registration("13400134000", "abc123", wrong),
            )
            .await;
        assert_eq!(reply["msg"], "验证码不正确");
    }
    let (_, reply) = app
        .post(
            &format!("{U}/user/register"),
            app.registration("13400134000", "abc123", &code),
        )
        .await;
    assert_eq!(reply["msg"], "验证码错误次数过多，请重新获取");
}

async fn an_expired_token_is_401_with_the_login_message(app: &TestApp) {
    let token = app.register("13300133000", "abc123").await;
    sqlx::query("UPDATE sessions SET expires_at = $1")
        .bind(commands::clock::now() - 1)
        .execute(&app.db().pool)
        .await
        .unwrap();
    let (status, body) = app.get("/addons/unishop/user/user_info", Some(&token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["code"], 401);
    assert_eq!(body["msg"], "未登录或登录已过期，请重新登录");
    let english = app
        .send(
            app.client
                .get(app.url("/addons/unishop/user/user_info"))
                .header("token", &token)
                .header("content-language", "en_US"),
        )
        .await
        .1;
    assert_eq!(
        english["msg"],
        "Not logged in or login expired, please log in again."
    );
    let (status, _) = app.get("/addons/unishop/user/user_info", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

async fn sms_are_refused_within_the_cooldown_and_for_the_wrong_event(app: &TestApp) {
    assert_eq!(
        app.request_code("13200132000", "register").await.0,
        StatusCode::OK
    );
    let (status, body) = app.request_code("13200132000", "register").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        body["msg"].as_str().unwrap().starts_with("发送过于频繁"),
        "{body}"
    );
    let (status, body) = app.request_code("13211111111", "resetpwd").await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("该手机号尚未注册"))
    );
    let (status, body) = app.request_code("13211111111", "login").await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("event"))
    );
}

async fn a_wrong_captcha_answer_ends_the_captcha(app: &TestApp) {
    let (key, answer) = app.solved_captcha().await;
    let (status, body) = app
        .post(
            &format!("{U}/sms/check"),
            json!({"captcha_key": key, "captcha": "zzzz"}),
        )
        .await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("图形验证码不正确，请重新获取")
        )
    );
    let (status, body) = app
        .post(
            &format!("{U}/sms/sendSmsText"),
            json!({"mobile": "13100131000", "event": "register", "captcha_key": key, "captcha": answer}),
        )
        .await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("图形验证码已失效，请重新获取")
        )
    );
}

async fn profile_edits_are_validated_and_usernames_are_unique(app: &TestApp) {
    let first = app.register("15000150000", "abc123").await;
    let second = app.register("15100151000", "abc123").await;
    let edit = |token: &str, body| {
        let token = token.to_string();
        async move {
            app.post_as(&format!("{U}/user/edit"), &token, "en_US", body)
                .await
        }
    };
    assert_eq!(
        edit(&first, json!({"username": "seller_one"})).await.0,
        StatusCode::OK
    );
    let (status, body) = edit(&second, json!({"username": "seller_one"})).await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("This username is already taken.")
        )
    );
    let (_, body) = edit(&second, json!({"email": "not-an-email"})).await;
    assert_eq!(body["data"]["field"], "email");
    let (_, body) = edit(&second, json!({"qq": "12"})).await;
    assert_eq!(body["msg"], "QQ number must be 5-11 digits.");
    let (_, body) = edit(&second, json!({"avatar": "/uploads/someone-elses.jpg"})).await;
    assert_eq!(body["msg"], "The avatar must be an image you uploaded.");
    let (_, info) = app.get("/addons/unishop/user/user_info", Some(&second)).await;
    assert_eq!(info["data"]["email"], "", "a refused edit changes nothing");
}

async fn a_seller_moves_the_account_to_a_new_phone_with_a_code_sent_there(app: &TestApp) {
    let token = app.register("13800138000", "abc123").await;
    app.register("13900139000", "abc123").await;
    app.a_minute_passes().await;
    let (status, body) = app.request_code("13900139000", "changemobile").await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("该手机号已注册"))
    );

    assert_eq!(
        app.request_code("15800158000", "changemobile").await.0,
        StatusCode::OK
    );
    let code = app.last_code("15800158000").await;
    let change = |code: &str| json!({"mobile": "15800158000", "code": code});
    let (status, body) = app
        .post_as(
            &format!("{U}/user/changemobile"),
            &token,
            "zh_CN",
            change("000000x"),
        )
        .await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("验证码不正确"))
    );
    let (status, body) = app
        .post_as(&format!("{U}/user/changemobile"), &token, "zh_CN", change(&code))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["mobile"], "15800158000");
    assert_eq!(app.login("15800158000", "abc123").await.0, StatusCode::OK);
    assert_eq!(
        app.login("13800138000", "abc123").await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let (status, _) = app.post(&format!("{U}/user/changemobile"), change(&code)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
