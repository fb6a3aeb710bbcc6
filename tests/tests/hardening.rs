//! What a new seller and an attacker found, over HTTP on both engines: spreadsheets that
//! name far cells or hold huge strings, text with control characters or without end, a failure in
//! the middle of placing an order, the payment simulator, parallel guesses, repeated operator
//! decisions, headers on static answers, compression, and view counting.

use std::io::{Cursor, Write};
use std::net::IpAddr;

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, Engine, TestApp, UNISHOP};

async fn call(app: &TestApp, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
    app.unishop(token, "zh_CN", path, body).await
}

async fn data(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    app.unishop_data(token, "zh_CN", path, body).await
}

/// A SKU priced at 50.00 or more with stock: (sku, stock).
async fn pricey_sku(app: &TestApp) -> (String, i64) {
    let row =
        sqlx::query("SELECT id, stock FROM skus WHERE price >= 5000 AND stock >= 10 ORDER BY id LIMIT 1")
            .fetch_one(&app.db().pool)
            .await
            .unwrap();
    (row.get("id"), row.get("stock"))
}

async fn saved_address(app: &TestApp, token: &str) -> Value {
    data(
        app,
        token,
        "address/add",
        json!({"recipient": "李四", "phone": "13900001111", "province": "广东省", "city": "广州市",
               "district": "白云区", "detail": "三元里大道 1 号"}),
    )
    .await["id"]
        .clone()
}

/// A seller with a goods coupon (满50减5) and an order request for one pricey SKU using it.
async fn seller_with_coupon(app: &TestApp, mobile: &str) -> (String, String, String, Value) {
    app.seed(10).await;
    let token = app.register(mobile, "abc12345").await;
    let (status, issued) = app
        .admin(
            "coupons/issue",
            json!({"mobile": mobile, "name": "满50减5", "name_en": "¥5 off over ¥50", "type": "product", "discount_type": "full_reduction",
                   "threshold": "50", "amount": "5", "valid_to": commands::clock::now() + 86_400}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{issued}");
    let coupon = issued["data"]["id"].as_str().unwrap().to_string();
    let (sku, _) = pricey_sku(app).await;
    let address_id = saved_address(app, &token).await;
    let request = json!({"source": "manual", "lines": [{"sku_id": sku, "quantity": 1}], "type": "domestic",
                         "address_id": address_id, "courier": "zto", "qc_level": "none", "value_added": [],
                         "coupon_ids": [coupon]});
    (token, sku, coupon, request)
}

async fn unused_coupons(app: &TestApp, token: &str) -> i64 {
    data(
        app,
        token,
        "coupon/lists",
        json!({"type": "all", "discount_type": "all", "status": "unused"}),
    )
    .await["total"]
        .as_i64()
        .unwrap()
}

/// A minimal `.xlsx` of the given sheet XML (its `<sheetData>` content) and shared strings part.
fn workbook(sheet_data: &str, shared_strings: Option<&str>) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
    let rels = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    let mut parts = vec![
        (
            "[Content_Types].xml".to_string(),
            r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#.to_string(),
        ),
        (
            "_rels/.rels".to_string(),
            format!(r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="{rels}/officeDocument" Target="xl/workbook.xml"/></Relationships>"#),
        ),
        (
            "xl/workbook.xml".to_string(),
            format!(r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{main}" xmlns:r="{rels}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>"#),
        ),
        (
            "xl/_rels/workbook.xml.rels".to_string(),
            format!(r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="{rels}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#),
        ),
        (
            "xl/worksheets/sheet1.xml".to_string(),
            format!(r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{main}"><sheetData>{sheet_data}</sheetData></worksheet>"#),
        ),
    ];
    if let Some(strings) = shared_strings {
        parts.push(("xl/sharedStrings.xml".to_string(), strings.to_string()));
    }
    for (name, text) in parts {
        zip.start_file(name, options).unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

fn inline_cell(reference: &str, text: &str) -> String {
    format!(r#"<c r="{reference}" t="inlineStr"><is><t>{text}</t></is></c>"#)
}

async fn import(app: &TestApp, token: &str, lang: &str, bytes: Vec<u8>) -> (StatusCode, Value) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name("orders.xlsx");
    app.send(
        app.client
            .post(app.url(&format!("{UNISHOP}/excel/import")))
            .header("token", token)
            .header("content-language", lang)
            .multipart(reqwest::multipart::Form::new().part("file", part)),
    )
    .await
}

on_both_engines!(
    spreadsheets_that_name_far_cells_or_hold_huge_strings_are_refused_before_reading,
    text_with_control_characters_is_refused_naming_the_field_and_takes_nothing,
    text_beyond_its_limit_is_refused_in_every_call,
    a_database_failure_while_placing_gives_back_the_stock_and_the_coupon,
    the_payment_simulator_says_what_it_is_and_is_off_with_any_other_gateway,
    parallel_guesses_are_counted_before_they_are_checked,
    a_repeated_operator_decision_answers_the_first_result,
    static_and_api_answers_carry_the_security_headers_and_are_compressed,
    a_product_view_counts_once_per_visitor_a_day,
    lines_show_the_picture_of_their_colour,
    unknown_things_are_named_in_their_not_found_message,
);

async fn spreadsheets_that_name_far_cells_or_hold_huge_strings_are_refused_before_reading(app: &TestApp) {
    let token = app.register("13800001401", "abc12345").await;
    let far_corner = workbook(
        &format!(
            r#"<row r="1">{}</row><row r="1048576">{}</row>"#,
            inline_cell("A1", "平台"),
            inline_cell("XFD1048576", "x")
        ),
        None,
    );
    assert!(
        far_corner.len() < 4_000,
        "a small file: {} bytes",
        far_corner.len()
    );
    let (status, reply) = import(app, &token, "zh_CN", far_corner).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["data"]["field"], "file");
    assert_eq!(reply["msg"], "每个文件最多 1000 行");

    let far_row = workbook(
        &format!(
            r#"<row r="1">{}</row><row r="100000">{}</row>"#,
            inline_cell("A1", "平台"),
            inline_cell("AX100000", "x")
        ),
        None,
    );
    let (status, reply) = import(app, &token, "en_US", far_row).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["msg"], "At most 1000 rows per file.");

    let wide = workbook(&format!(r#"<row r="1">{}</row>"#, inline_cell("ZZ1", "x")), None);
    let (status, reply) = import(app, &token, "en_US", wide).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["msg"], "The sheet has too many columns: at most 64.");

    // One 40 MB shared string deflates to a few tens of kilobytes.
    let huge = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>{}</t></si></sst>"#,
        "A".repeat(40 * 1024 * 1024)
    );
    let bomb = workbook(r#"<row r="1"><c r="A1" t="s"><v>0</v></c></row>"#, Some(&huge));
    assert!(bomb.len() < 200_000, "{} bytes", bomb.len());
    let (status, reply) = import(app, &token, "en_US", bomb).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(
        reply["msg"],
        "The file is too large or damaged: its contents exceed the limit when unpacked."
    );

    // A table that claims billions of strings would be reserved up front.
    let claims = r#"<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="4000000000000"><si><t>平台</t></si></sst>"#;
    let claimed = workbook(r#"<row r="1"><c r="A1" t="s"><v>0</v></c></row>"#, Some(claims));
    let (status, reply) = import(app, &token, "en_US", claimed).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");

    let control = workbook(
        &format!(r#"<row r="1">{}</row>"#, inline_cell("B1", "平&#x1;台")),
        None,
    );
    let (status, reply) = import(app, &token, "zh_CN", control).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["msg"], "第 1 行 B 列含有不允许的控制字符");

    // The server is still there, and nothing was started.
    let history = data(app, &token, "excel/history", json!({})).await;
    assert_eq!(history["total"], 0, "{history}");
}

async fn text_with_control_characters_is_refused_naming_the_field_and_takes_nothing(app: &TestApp) {
    let (token, sku, _, request) = seller_with_coupon(app, "13800001402").await;
    let stock = app.stock_of(&sku).await;
    let nul = "张\u{0}三";
    let mut remark = request.clone();
    remark["remark"] = json!(nul);
    let mut typed = request.clone();
    typed["address_id"] = Value::Null;
    typed["address"] = json!({"recipient": nul, "phone": "13900001111", "province": "广东省", "city": "广州市",
                              "district": "白云区", "detail": "三元里大道 1 号"});
    let mut detail = typed.clone();
    detail["address"]["recipient"] = json!("李四");
    detail["address"]["detail"] = json!("三元里\u{0}大道");
    let mut platform = request.clone();
    platform["type"] = json!("platform");
    platform["platform"] = json!("douyin");
    platform["source_order_no"] = json!("DY\u{0}1");
    let cases: Vec<(&str, Value, &str)> = vec![
        ("order/submit", remark, "remark"),
        ("order/submit", typed, "address.recipient"),
        ("order/submit", detail, "address.detail"),
        ("order/submit", platform, "source_order_no"),
        (
            "order/cancel",
            json!({"order_no": "JP1", "reason": nul}),
            "reason",
        ),
        (
            "order/review",
            json!({"order_no": "JP1", "rating": 5, "content": nul}),
            "content",
        ),
        (
            "aftersale/apply",
            json!({"order_no": "JP1", "kind": "refund_only", "reason": nul}),
            "reason",
        ),
        (
            "aftersale/return",
            json!({"id": "SH1", "courier": "zto", "tracking_no": "ZT\u{0}1"}),
            "tracking_no",
        ),
        (
            "fund/bind_account",
            json!({"payee": nul, "account": "13800001111"}),
            "payee",
        ),
        ("product/lists", json!({"keyword": "卫\u{0}衣"}), "keyword"),
        (
            "address/add",
            json!({"recipient": "李四\u{7}", "phone": "13900001111"}),
            "recipient",
        ),
        // A line break is a control character in a one-line field.
        (
            "fund/bind_account",
            json!({"payee": "张\n三", "account": "13800001111"}),
            "payee",
        ),
    ];
    for (path, body, field) in cases {
        let (status, reply) = call(app, &token, path, body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {reply}");
        assert_eq!(reply["data"]["field"], field, "{path}: {reply}");
        assert!(
            reply["msg"].as_str().unwrap().contains("控制字符"),
            "{path}: {reply}"
        );
    }
    let (_, english) = app
        .unishop(&token, "en_US", "order/submit", {
            let mut r = request.clone();
            r["remark"] = json!("a\u{0}b");
            r
        })
        .await;
    assert_eq!(
        english["msg"],
        "Remark contains control characters, which are not allowed."
    );
    // A remark may span lines.
    let mut multiline = request.clone();
    multiline["remark"] = json!("第一行\n第二行");
    let (status, reply) = call(app, &token, "order/preview", multiline).await;
    assert_eq!(status, StatusCode::OK, "{reply}");

    assert_eq!(app.stock_of(&sku).await, stock, "no stock taken");
    assert_eq!(unused_coupons(app, &token).await, 1, "no coupon taken");
    let orders = data(app, &token, "order/lists", json!({})).await;
    assert_eq!(orders["total"], 0);
}

async fn text_beyond_its_limit_is_refused_in_every_call(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800001403", "abc12345").await;
    let huge = "9".repeat(100_000);
    let cases: Vec<(&str, Value, &str, &str)> = vec![
        (
            "order/lists",
            json!({"order_no": "J".repeat(60)}),
            "order_no",
            "订单号 过长，最多 32 个字符",
        ),
        (
            "order/lists",
            json!({"order_no": huge}),
            "order_no",
            "订单号 过长，最多 32 个字符",
        ),
        (
            "order/lists",
            json!({"source_order_no": huge}),
            "source_order_no",
            "来源订单号 过长，最多 64 个字符",
        ),
        (
            "product/lists",
            json!({"keyword": huge}),
            "keyword",
            "关键词 过长，最多 50 个字符",
        ),
        (
            "shop/lists",
            json!({"keyword": huge}),
            "keyword",
            "关键词 过长，最多 50 个字符",
        ),
        (
            "fund/withdraw",
            json!({"amount": "1", "request_id": huge}),
            "request_id",
            "请求编号 过长，最多 64 个字符",
        ),
        (
            "order/preview",
            json!({"source": "manual", "type": "domestic", "lines": [],
                   "address": {"recipient": "李四", "detail": huge}}),
            "address.detail",
            "详细地址 过长，最多 200 个字符",
        ),
        (
            "address/add",
            json!({"recipient": "李".repeat(201)}),
            "recipient",
            "收件人 过长，最多 200 个字符",
        ),
    ];
    for (path, body, field, msg) in cases {
        let (status, reply) = call(app, &token, path, body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {reply}");
        assert_eq!(reply["data"]["field"], field, "{path}");
        assert_eq!(reply["msg"], msg, "{path}");
    }
    let (_, english) = app
        .unishop(
            &token,
            "en_US",
            "order/lists",
            json!({"order_no": "J".repeat(60)}),
        )
        .await;
    assert_eq!(english["msg"], "Order number is too long: at most 32 characters.");
    // At the limit the filters answer (empty lists), never 500.
    for (path, body) in [
        (
            "order/lists",
            json!({"order_no": "J".repeat(32), "source_order_no": "%_\\".repeat(21)}),
        ),
        ("product/lists", json!({"keyword": "%".repeat(50)})),
        ("shop/lists", json!({"keyword": "_".repeat(50)})),
    ] {
        let (status, reply) = call(app, &token, path, body).await;
        assert_eq!(status, StatusCode::OK, "{path}: {reply}");
        assert_eq!(reply["data"]["total"], 0, "{path}: {reply}");
    }
    // A field name nobody sends is not echoed back.
    let mut strange = json!({});
    strange["k".repeat(1_000)] = json!("x");
    let (status, reply) = call(app, &token, "order/lists", strange).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["msg"], "请求内容不是有效的 JSON");
    // Query strings pass the same rules.
    let (status, reply) = app
        .send(
            app.client
                .get(app.url(&format!("/jpmall/admin/orders?order_no={}", "J".repeat(40))))
                .header("operator-token", tests::OPERATOR_TOKEN),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["data"]["field"], "order_no");
}

/// Makes the database refuse every order event, as a full disk or a dropped connection would.
async fn break_order_events(app: &TestApp) {
    let statements: &[&str] = match app.engine {
        Engine::Sqlite => &["CREATE TRIGGER refuse_orders BEFORE INSERT ON events WHEN NEW.aggregate_type = 'order' \
             BEGIN SELECT RAISE(ABORT, 'injected failure'); END"],
        Engine::Postgres => &[
            "CREATE FUNCTION refuse_orders() RETURNS trigger AS $$ BEGIN \
             IF NEW.aggregate_type = 'order' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$ \
             LANGUAGE plpgsql",
            "CREATE TRIGGER refuse_orders BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_orders()",
        ],
    };
    for statement in statements {
        sqlx::query(statement).execute(&app.db().pool).await.unwrap();
    }
}

async fn a_database_failure_while_placing_gives_back_the_stock_and_the_coupon(app: &TestApp) {
    let (token, sku, _, request) = seller_with_coupon(app, "13800001404").await;
    let stock = app.stock_of(&sku).await;
    break_order_events(app).await;
    let (status, reply) = call(app, &token, "order/submit", request.clone()).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{reply}");
    assert_eq!(app.stock_of(&sku).await, stock, "the reservation was given back");
    assert_eq!(unused_coupons(app, &token).await, 1, "the coupon was given back");
    let held: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stock_reservations WHERE state = 'reserved'")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(held, 0);
    // Once the database is well again, the same request places the order.
    sqlx::query("DROP TRIGGER refuse_orders")
        .execute(&app.db().pool)
        .await
        .ok();
    if app.engine == Engine::Postgres {
        sqlx::query("DROP TRIGGER IF EXISTS refuse_orders ON events")
            .execute(&app.db().pool)
            .await
            .unwrap();
    }
    let placed = data(app, &token, "order/submit", request).await;
    assert_eq!(placed["order"]["fees"]["coupon_discount"], "5.00", "{placed}");
    assert_eq!(app.stock_of(&sku).await, stock - 1);
}

async fn the_payment_simulator_says_what_it_is_and_is_off_with_any_other_gateway(app: &TestApp) {
    let token = app.register("13800001405", "abc12345").await;
    let payment = data(app, &token, "fund/recharge", json!({"amount": "100"})).await;
    let pay_url = payment["pay_url"].as_str().unwrap().to_string();
    let page = app
        .client
        .get(&pay_url)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("id=\"simulator-warning\""), "{page}");
    assert!(page.contains("开发用支付模拟器"), "{page}");
    let page = app
        .client
        .get(&pay_url)
        .header("accept-language", "en")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("Development payment simulator"), "{page}");
    let confirmed = app
        .client
        .post(format!("{pay_url}/confirm"))
        .send()
        .await
        .unwrap();
    assert_eq!(confirmed.status(), StatusCode::OK);
    call(
        app,
        &token,
        "fund/bind_account",
        json!({"payee": "张三", "account": "13800001111"}),
    )
    .await;

    // The same database served with no simulator: its pages are gone, top-ups are refused, and the
    // simulator's money can be spent but not withdrawn.
    let (base, other) = app
        .another_server(|c| c.payment_gateway = api::config::GatewayChoice::None)
        .await;
    let path = pay_url.split_once("/pay/").unwrap().1;
    let gone = app.client.get(format!("{base}/pay/{path}")).send().await.unwrap();
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
    let gone = app
        .client
        .post(format!("{base}/pay/{path}/confirm"))
        .send()
        .await
        .unwrap();
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
    let post = |path: &str, body: Value| {
        app.client
            .post(format!("{base}{UNISHOP}/{path}"))
            .header("token", &token)
            .json(&body)
    };
    let (status, reply) = app.send(post("fund/recharge", json!({"amount": "100"}))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["msg"], "当前未配置支付渠道，暂不能充值或扫码支付");
    let (status, reply) = app
        .send(post(
            "fund/withdraw",
            json!({"amount": "50", "request_id": "w-1"}),
        ))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["msg"], "最多可提现 0.00 元：模拟支付充值的金额不能提现");
    assert_eq!(
        data(app, &token, "fund/index", json!({})).await["balance"],
        "100.00"
    );
    other.state.db.close().await;

    // The simulator never runs in production.
    let mut config = tests::config(app.data_dir.path(), None, &app.web_dist);
    config.production = true;
    config.payment_gateway = api::config::GatewayChoice::Simulator;
    assert!(api::app::open(config).await.is_err());
}

async fn login_from(app: &TestApp, client: &reqwest::Client, mobile: &str, password: &str) -> StatusCode {
    client
        .post(app.url(&format!("{UNISHOP}/user/login")))
        .json(&json!({"mobile": mobile, "password": app.encrypt(password)}))
        .send()
        .await
        .unwrap()
        .status()
}

async fn parallel_guesses_are_counted_before_they_are_checked(app: &TestApp) {
    let mobile = "13800001406";
    app.register(mobile, "abc12345").await;
    // All wrong: a right password among them, checked before the count ran out, would clear the
    // phone's count as a good login does, and let more guesses be checked after it.
    let guesses = (0..40).map(|n| {
        let password = format!("wrong{n:03}");
        async move { login_from(app, &app.client, mobile, &password).await }
    });
    let answers = join_all(guesses).await;
    let checked = answers
        .iter()
        .filter(|s| **s != StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert!(
        checked <= 5,
        "{checked} of 40 parallel logins were checked: {answers:?}"
    );
    assert_eq!(
        login_from(app, &app.client, mobile, "abc12345").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // The lock is the guesser's: the owner, from another address, logs in.
    let elsewhere = reqwest::Client::builder()
        .local_address(IpAddr::from([127, 0, 0, 2]))
        .build()
        .unwrap();
    assert_eq!(
        login_from(app, &elsewhere, mobile, "abc12345").await,
        StatusCode::OK
    );

    // Codes: 30 parallel resets with wrong codes get five looks between them.
    app.a_minute_passes().await;
    let (status, reply) = app.request_code(mobile, "resetpwd").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let code = app.last_code(mobile).await;
    let resets = (0..30).map(|n| {
        let wrong = format!("{:06}", (code.parse::<u32>().unwrap() + 1 + n) % 1_000_000);
        let body = json!({"mobile": mobile, "password": app.encrypt("new12345"),
                          "repassword": app.encrypt("new12345"), "code": wrong});
        async move { app.post(&format!("{UNISHOP}/user/resetpwd"), body).await }
    });
    let answers = join_all(resets).await;
    let compared = answers
        .iter()
        .filter(|(_, reply)| reply["msg"] == "验证码错误")
        .count();
    assert!(
        compared <= 5,
        "{compared} of 30 wrong codes were compared: {answers:?}"
    );
    let body = json!({"mobile": mobile, "password": app.encrypt("new12345"),
                      "repassword": app.encrypt("new12345"), "code": code});
    let (status, _) = app.post(&format!("{UNISHOP}/user/resetpwd"), body).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the code is spent after its tries"
    );

    // Captchas: parallel answers to one captcha get one look between them.
    let (key, answer) = app.solved_captcha().await;
    let tries = (0..10).map(|n| {
        let guess = if n == 9 { answer.clone() } else { format!("x{n}") };
        let key = key.clone();
        async move {
            app.post(
                &format!("{UNISHOP}/sms/check"),
                json!({"captcha_key": key, "captcha": guess}),
            )
            .await
        }
    });
    let answers = join_all(tries).await;
    let judged = answers
        .iter()
        .filter(|(_, reply)| reply["msg"] != "图形验证码已失效，请重新获取")
        .count();
    assert_eq!(judged, 1, "{answers:?}");
}

async fn a_repeated_operator_decision_answers_the_first_result(app: &TestApp) {
    let token = app.register("13800001407", "abc12345").await;
    app.top_up(&token, "1000").await;
    call(
        app,
        &token,
        "fund/bind_account",
        json!({"payee": "张三", "account": "13800001111"}),
    )
    .await;
    let w = data(
        app,
        &token,
        "fund/withdraw",
        json!({"amount": "30", "request_id": "w-1"}),
    )
    .await;
    let id = w["withdrawal"]["id"].clone();
    let approvals = (0..5).map(|_| app.admin("withdrawals/approve", json!({ "id": id })));
    for (status, reply) in join_all(approvals).await {
        assert_eq!(status, StatusCode::OK, "{reply}");
        assert_eq!(reply["data"]["status"], "paid");
    }
    let (status, reply) = app.admin("withdrawals/approve", json!({ "id": id })).await;
    assert_eq!(
        (status, &reply["data"]["status"]),
        (StatusCode::OK, &json!("paid")),
        "{reply}"
    );
    let (status, _) = app
        .admin("withdrawals/reject", json!({"id": id, "reason": "迟了"}))
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "another decision is refused"
    );
    assert_eq!(
        data(app, &token, "fund/index", json!({})).await["balance"],
        "970.00"
    );

    let rejected = data(
        app,
        &token,
        "fund/withdraw",
        json!({"amount": "20", "request_id": "w-2"}),
    )
    .await;
    let id = rejected["withdrawal"]["id"].clone();
    let rejections = (0..5).map(|_| app.admin("withdrawals/reject", json!({"id": id, "reason": "账号有误"})));
    for (status, reply) in join_all(rejections).await {
        assert_eq!(status, StatusCode::OK, "{reply}");
    }
    let (status, _) = app
        .admin("withdrawals/reject", json!({"id": id, "reason": "账号有误"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        data(app, &token, "fund/index", json!({})).await["balance"],
        "970.00"
    );

    // The warehouse's steps on an order.
    app.seed(10).await;
    let (sku, _) = pricey_sku(app).await;
    let address_id = saved_address(app, &token).await;
    let order = data(
        app,
        &token,
        "order/submit",
        json!({"source": "manual", "lines": [{"sku_id": sku, "quantity": 1}], "type": "domestic",
               "address_id": address_id}),
    )
    .await;
    let no = order["order"]["order_no"].clone();
    data(
        app,
        &token,
        "order/pay",
        json!({"order_no": no, "method": "wallet"}),
    )
    .await;
    for _ in 0..2 {
        let steps = (0..3).map(|_| app.admin("orders/prepare_stock", json!({ "order_no": no })));
        for (status, reply) in join_all(steps).await {
            assert_eq!(status, StatusCode::OK, "{reply}");
        }
    }
    let ship = json!({"order_no": no, "courier": "zto", "tracking_no": "731000001401"});
    let ships = (0..3).map(|_| app.admin("orders/ship", ship.clone()));
    for (status, reply) in join_all(ships).await {
        assert_eq!(status, StatusCode::OK, "{reply}");
    }
    let (status, reply) = app.admin("orders/ship", ship).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let (status, _) = app
        .admin(
            "orders/ship",
            json!({"order_no": no, "courier": "zto", "tracking_no": "731000009999"}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a different tracking number is refused"
    );
}

async fn static_and_api_answers_carry_the_security_headers_and_are_compressed(app: &TestApp) {
    let token = app.register("13800001408", "abc12345").await;
    let upload = app.upload_png(&token, 40, 30, "a.png").await;
    let answer = app.client.get(app.url(&upload)).send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::OK);
    assert_eq!(answer.headers()["x-content-type-options"], "nosniff");
    assert!(answer.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .contains("sandbox"));

    let script = "console.log('jpmall');".repeat(200);
    let assets = app.web_dist.join("assets");
    std::fs::write(assets.join("app.js"), &script).unwrap();
    std::fs::write(assets.join("app.js.br"), b"brotli bytes").unwrap();
    std::fs::write(assets.join("app.js.gz"), b"gzip bytes").unwrap();
    let get = |path: &str, encoding: &str| {
        app.client
            .get(app.url(path))
            .header("accept-encoding", encoding)
            .send()
    };
    let br = get("/assets/app.js", "gzip, deflate, br").await.unwrap();
    assert_eq!(br.headers()["content-encoding"], "br");
    assert!(br.headers()["vary"].to_str().unwrap().contains("accept-encoding"));
    assert_eq!(br.headers()["x-content-type-options"], "nosniff");
    assert_eq!(br.bytes().await.unwrap().as_ref(), b"brotli bytes");
    let gz = get("/assets/app.js", "gzip").await.unwrap();
    assert_eq!(gz.headers()["content-encoding"], "gzip");
    let plain = get("/assets/app.js", "identity").await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.text().await.unwrap(), script);

    let page = get("/orderList", "identity").await.unwrap();
    let policy = page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'"),
        "{policy}"
    );
    assert_eq!(page.headers()["x-content-type-options"], "nosniff");

    // A landing route's page names the chunks and styles of its first screen, so they load beside the entry;
    // a name that is not one of the build's assets never reaches the page.
    let shell = std::fs::read_to_string(app.web_dist.join("index.html")).unwrap();
    std::fs::write(
        app.web_dist.join("index.html"),
        "<!doctype html><html><head><title>jpmall</title></head><body></body></html>",
    )
    .unwrap();
    std::fs::write(
        app.web_dist.join("route-preloads.json"),
        r#"{"routes": {"/": ["/assets/home-1.js", "/assets/layout-1.js", "/assets/home-1.css", "/assets/x.js\"><script>", "/assets/x.txt"]},
            "catalogues": {"zh_CN": ["/assets/zh_CN-1.js"], "en_US": ["/assets/en_US-1.js"]},
            "default_language": "zh_CN"}"#,
    )
    .unwrap();
    let home = get("/", "identity").await.unwrap().text().await.unwrap();
    assert!(
        home.contains(r#"<link rel="modulepreload" crossorigin href="/assets/home-1.js">"#)
            && home.contains(r#"href="/assets/layout-1.js""#)
            && home.contains(r#"<link rel="stylesheet" crossorigin href="/assets/home-1.css">"#)
            && !home.contains("<script>")
            && !home.contains("x.txt"),
        "{home}"
    );
    // the catalogue of the reader's language (its cookie), else the default language's
    assert!(
        home.contains(r#"<link rel="modulepreload" crossorigin href="/assets/zh_CN-1.js">"#)
            && !home.contains("en_US-1.js"),
        "{home}"
    );
    let english = app
        .client
        .get(app.url("/"))
        .header("cookie", "site=; language=en_US")
        .header("accept-encoding", "identity")
        .send()
        .await
        .unwrap();
    assert!(english.headers()["vary"].to_str().unwrap().contains("cookie"));
    let english = english.text().await.unwrap();
    assert!(
        english.contains(r#"<link rel="modulepreload" crossorigin href="/assets/en_US-1.js">"#)
            && english.contains(r#"href="/assets/home-1.js""#)
            && !english.contains("zh_CN-1.js"),
        "{english}"
    );
    let other = get("/orderList", "identity").await.unwrap().text().await.unwrap();
    assert!(!other.contains("modulepreload"), "{other}");
    std::fs::remove_file(app.web_dist.join("route-preloads.json")).unwrap();
    std::fs::write(app.web_dist.join("index.html"), shell).unwrap();

    app.seed(40).await;
    let json = app
        .client
        .post(app.url(&format!("{UNISHOP}/product/lists")))
        .header("accept-encoding", "gzip")
        .json(&json!({"pagesize": 40}))
        .send()
        .await
        .unwrap();
    assert_eq!(json.headers()["content-encoding"], "gzip");
    assert!(json.headers()["vary"]
        .to_str()
        .unwrap()
        .contains("accept-encoding"));
    assert_eq!(json.headers()["x-content-type-options"], "nosniff");
}

async fn views_of(app: &TestApp, id: &str) -> i64 {
    sqlx::query_scalar("SELECT views FROM products WHERE id = $1")
        .bind(id)
        .fetch_one(&app.db().pool)
        .await
        .unwrap()
}

async fn a_product_view_counts_once_per_visitor_a_day(app: &TestApp) {
    app.seed(5).await;
    let id = tests::product_id_of(1);
    let before = views_of(app, &id).await;
    for _ in 0..10 {
        let (status, _) = app
            .post(&format!("{UNISHOP}/product/detail"), json!({ "id": id }))
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    assert_eq!(views_of(app, &id).await, before + 1, "one anonymous visitor");
    let token = app.register("13800001409", "abc12345").await;
    for _ in 0..3 {
        data(app, &token, "product/detail", json!({ "id": id })).await;
    }
    assert_eq!(views_of(app, &id).await, before + 2, "and one seller");
}

async fn lines_show_the_picture_of_their_colour(app: &TestApp) {
    app.seed(5).await;
    let token = app.register("13800001410", "abc12345").await;
    let id = tests::product_id_of(1);
    let detail = data(app, &token, "product/detail", json!({ "id": id })).await;
    let colours = detail["colors"].as_array().unwrap().clone();
    assert!(colours.len() >= 2, "{detail}");
    let second = colours[1].clone();
    let sku = detail["skus"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["color"] == second["name"] && s["stock"].as_i64().unwrap() > 0)
        .unwrap()
        .clone();
    data(
        app,
        &token,
        "cart/add",
        json!({"sku_id": sku["id"], "quantity": 1}),
    )
    .await;
    let cart = data(app, &token, "cart/lists", json!({})).await;
    let line = &cart["groups"][0]["items"][0];
    assert_eq!(line["image"], second["image"], "{cart}");
    assert!(line["image"].as_str().unwrap().ends_with("/color-2.jpg"));

    let address_id = saved_address(app, &token).await;
    let order = data(
        app,
        &token,
        "order/submit",
        json!({"source": "cart", "type": "domestic", "address_id": address_id}),
    )
    .await;
    assert_eq!(order["order"]["items"][0]["image"], second["image"], "{order}");

    // Manual entry's SKUs and an out-of-stock notice show the colour too.
    let item = data(app, &token, "order/item", json!({"item_no": detail["item_no"]})).await;
    let entry = item["skus"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["sku_id"] == sku["id"])
        .unwrap()
        .clone();
    assert_eq!(entry["image"], second["image"], "{item}");
    let no = order["order"]["order_no"].clone();
    app.top_up(&token, "1000").await;
    data(
        app,
        &token,
        "order/pay",
        json!({"order_no": no, "method": "wallet"}),
    )
    .await;
    let (status, reply) = app
        .admin(
            "orders/out_of_stock",
            json!({"order_no": no, "shortages": [{"sku_id": sku["id"], "quantity": 1}], "request_id": "R1"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let notices = data(app, &token, "order/out_stock", json!({})).await;
    assert_eq!(
        notices["list"][0]["items"][0]["image"], second["image"],
        "{notices}"
    );
    // The same report again is the same report: nothing more is refunded.
    let (status, _) = app
        .admin(
            "orders/out_of_stock",
            json!({"order_no": no, "shortages": [{"sku_id": sku["id"], "quantity": 1}], "request_id": "R1"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(data(app, &token, "order/out_stock", json!({})).await["total"], 1);
}

async fn unknown_things_are_named_in_their_not_found_message(app: &TestApp) {
    app.seed(5).await;
    let token = app.register("13800001411", "abc12345").await;
    for (path, body, zh, en) in [
        (
            "product/detail",
            json!({"id": "P999999"}),
            "商品不存在或已下架",
            "This product does not exist or is no longer on sale.",
        ),
        (
            "shop/detail",
            json!({"id": "S999"}),
            "档口不存在或已关闭",
            "This stall does not exist or is closed.",
        ),
        (
            "order/detail",
            json!({"order_no": "JP1"}),
            "订单不存在",
            "This order does not exist.",
        ),
        (
            "aftersale/detail",
            json!({"id": "SH1"}),
            "售后单不存在",
            "This after-sale request does not exist.",
        ),
    ] {
        let (status, reply) = call(app, &token, path, body.clone()).await;
        assert_eq!(
            (status, reply["msg"].as_str()),
            (StatusCode::NOT_FOUND, Some(zh)),
            "{path}"
        );
        let (_, reply) = app.unishop(&token, "en_US", path, body).await;
        assert_eq!(reply["msg"], en, "{path}");
    }
}
