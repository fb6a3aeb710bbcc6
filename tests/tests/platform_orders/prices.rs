//! The price the buyer paid, the file's currency, margins at the
//! seller's rate, an unrecognised layout named as such, and foreign addresses kept whole.

use super::*;

tests::on_both_engines!(
    a_shopee_export_is_priced_as_the_buyer_paid_in_pesos_and_its_margin_in_yuan_at_the_sellers_rate,
    a_douyin_export_stays_in_yuan,
    a_file_that_is_no_platforms_export_is_refused_naming_every_platform_and_the_closest,
);

/// `order/platform/import` with `query` (`?platform=douyin`) in `lang`.
async fn import_as(
    app: &TestApp,
    token: &str,
    bytes: Vec<u8>,
    query: &str,
    lang: &str,
) -> (StatusCode, Value) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name("orders.csv");
    app.send(
        app.client
            .post(app.url(&format!("{UNISHOP}/order/platform/import{query}")))
            .header("token", token)
            .header("content-language", lang)
            .multipart(reqwest::multipart::Form::new().part("file", part)),
    )
    .await
}

async fn sku_price(app: &TestApp, sku_id: &str) -> i64 {
    sqlx::query_scalar("SELECT price FROM skus WHERE id = $1")
        .bind(sku_id)
        .fetch_one(&app.db().pool)
        .await
        .unwrap()
}

fn line_of<'a>(preview: &'a Value, source: &str) -> &'a Value {
    &order_of(preview, source)["lines"][0]
}

async fn a_shopee_export_is_priced_as_the_buyer_paid_in_pesos_and_its_margin_in_yuan_at_the_sellers_rate(
    app: &TestApp,
) {
    app.seed(10).await;
    let p = app.walked_product().await;
    let token = app.register("13800004501", "abc12345").await;
    let other = app.register("13800004502", "abc12345").await;
    let file = as_xlsx(&p.fixture("shopee-walked.csv"));
    let (status, reply) = import(app, &token, file.clone(), "shopee.xlsx").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let id = reply["data"]["id"].clone();
    let (c1, c2) = (&p.colours[0].1, &p.colours[1].1);
    for (variation, sku) in [
        (format!("{c1},M"), p.sku(1, "M")),
        (format!("{c2},L"), p.sku(2, "L")),
    ] {
        data(
            app,
            &token,
            "order/platform/link",
            json!({"platform": "shopee", "item_key": p.item_no, "sku_key": variation, "sku_id": sku,
                   "title": "Women Knit Cardigan", "variation": variation}),
        )
        .await;
    }
    let preview = data(app, &token, "order/platform/preview", json!({"id": id})).await;
    assert_eq!(preview["currency"], "PHP", "{preview}");
    let imports = data(app, &token, "order/platform/imports", json!({})).await;
    assert_eq!(imports["list"][0]["currency"], "PHP");

    // The Deal Price the buyer paid, not the Original Price before it, in the file's centavos.
    let first = line_of(&preview, "2612010001PHPH");
    let second = line_of(&preview, "2612010002PHPH");
    assert_eq!(
        (&first["platform_price"], &first["currency"]),
        (&json!(29900), &json!("PHP")),
        "{first}"
    );
    assert_eq!(second["platform_price"], 28900, "{second}");
    assert_eq!(second["quantity"], 2);
    assert!(first["sku"].is_object(), "linked: {first}");

    // No rate: amounts stay in pesos, no margin, a hint to set the rate; totals never mixed.
    assert_eq!(preview["rate"], Value::Null);
    assert_eq!(preview["margin_hint_key"], "platform.rate_missing");
    let hint = preview["margin_hint"].as_str().unwrap();
    assert!(hint.contains("PHP") && hint.contains("Shopee"), "{hint}");
    assert_eq!(first["margin"], Value::Null);
    assert_eq!(first["platform_price_cny"], Value::Null);
    let order = order_of(&preview, "2612010001PHPH");
    assert_eq!(
        (&order["margin"], &order["currency"]),
        (&Value::Null, &json!("PHP"))
    );
    assert_eq!(order["platform_amount"], 29900);
    let totals = &preview["totals"];
    assert_eq!(totals["margin"], Value::Null, "{totals}");
    assert_eq!(totals["platform_amount_cny"], Value::Null);
    assert_eq!(
        totals["platform_amount"],
        29900 + 2 * 28900,
        "the two orders to ship, in centavos"
    );
    let zh = app
        .unishop_data(&token, "zh_CN", "order/platform/preview", json!({"id": id}))
        .await;
    assert!(
        zh["margin_hint"].as_str().unwrap().contains("汇率"),
        "{}",
        zh["margin_hint"]
    );

    // Bad rates are refused, localised, and change nothing.
    for (rate, currency) in [
        (json!("0"), "PHP"),
        (json!("-0.1"), "PHP"),
        (json!("0.12345"), "PHP"),
        (json!("abc"), "PHP"),
        (json!("1000.5"), "PHP"),
        (json!("0.125"), "PESO"),
    ] {
        let body = json!({"rates": [{"platform": "shopee", "currency": currency, "rate": rate}]});
        let (status, reply) = app
            .unishop(&token, "zh_CN", "forward/platform_rates/save", body.clone())
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {reply}");
        let msg = reply["msg"].as_str().unwrap();
        assert!(msg.contains("汇率") || msg.contains("币种"), "{msg}");
        let field = reply["data"]["field"].as_str().unwrap_or_default().to_string();
        assert!(["rate", "currency"].contains(&field.as_str()), "{reply}");
    }
    let (status, reply) = app
        .unishop(
            &token,
            "en_US",
            "forward/platform_rates/save",
            json!({"rates": [{"platform": "shopee", "currency": "PHP", "rate": "0"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        reply["msg"].as_str().unwrap().starts_with("The rate must be"),
        "{reply}"
    );
    let rates = data(app, &token, "forward/platform_rates", json!({})).await;
    assert_eq!(rates["rates"], json!([]), "nothing saved");

    // PHP at 0.125 yuan: each deal price in fen (half up) beside the pesos, the margin in fen.
    let saved = data(
        app,
        &token,
        "forward/platform_rates/save",
        json!({"rates": [{"platform": "shopee", "currency": "php", "rate": "0.125"}]}),
    )
    .await;
    assert_eq!(
        saved["rates"],
        json!([{"platform": "shopee", "currency": "PHP", "rate": "0.1250", "micro_cny": 125000}])
    );
    let preview = data(app, &token, "order/platform/preview", json!({"id": id})).await;
    assert_eq!(preview["rate"], "0.1250");
    assert_eq!(preview["margin_hint_key"], "");
    let (price_1, price_2) = (
        sku_price(app, &p.sku(1, "M")).await,
        sku_price(app, &p.sku(2, "L")).await,
    );
    let first = line_of(&preview, "2612010001PHPH");
    let second = line_of(&preview, "2612010002PHPH");
    assert_eq!(first["platform_price"], 29900, "the pesos are kept");
    assert_eq!(first["platform_price_cny"], 3738, "₱299.00 × 0.125 = ¥37.375");
    assert_eq!(first["margin"], 3738 - price_1);
    assert_eq!(second["platform_price_cny"], 3613, "₱289.00 × 0.125 = ¥36.125");
    assert_eq!(second["margin"], (3613 - price_2) * 2);
    let totals = &preview["totals"];
    assert_eq!(totals["platform_amount"], 29900 + 2 * 28900);
    assert_eq!(totals["platform_amount_cny"], 3738 + 2 * 3613);
    assert_eq!(totals["jpmall_amount"], price_1 + 2 * price_2);
    assert_eq!(
        totals["margin"],
        3738 + 2 * 3613 - price_1 - 2 * price_2,
        "{totals}"
    );
    assert_eq!(
        order_of(&preview, "2612010002PHPH")["margin"],
        (3613 - price_2) * 2
    );

    // Another seller never sees the rate: the same file is theirs without one.
    assert_eq!(
        data(app, &other, "forward/platform_rates", json!({})).await["rates"],
        json!([])
    );
    let (status, reply) = import(app, &other, file, "shopee.xlsx").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["data"]["margin_hint_key"], "platform.rate_missing");
    assert_eq!(reply["data"]["totals"]["margin"], Value::Null);

    // The buyer's whole address: Town, District, Province, Country and Zip kept, small to large.
    assert_eq!(
        order_of(&preview, "2612010001PHPH")["address"],
        "12 Rizal Ave, Poblacion, Makati City, Metro Manila, Philippines, 1210"
    );
    assert_eq!(
        order_of(&preview, "2612010003PHPH")["address"],
        "7 Luna St, San Roque, Cebu City, Cebu, Philippines, 6000"
    );

    // An empty list removes the rates.
    let cleared = data(app, &token, "forward/platform_rates/save", json!({"rates": []})).await;
    assert_eq!(cleared["rates"], json!([]));
}

async fn a_douyin_export_stays_in_yuan(app: &TestApp) {
    app.seed(10).await;
    let p = app.walked_product().await;
    let token = app.register("13800004511", "abc12345").await;
    let (status, reply) = import(app, &token, p.fixture("douyin-walked.csv"), "douyin.csv").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let id = reply["data"]["id"].clone();
    let line = line_of(&reply["data"], "6930000000000000001");
    data(
        app,
        &token,
        "order/platform/link",
        json!({"platform": "douyin", "item_key": line["item_key"], "sku_key": line["sku_key"],
               "sku_id": p.sku(1, "M"), "title": line["title"], "variation": line["variation"]}),
    )
    .await;
    let preview = data(app, &token, "order/platform/preview", json!({"id": id})).await;
    assert_eq!(
        (
            &preview["currency"],
            &preview["rate"],
            &preview["margin_hint_key"]
        ),
        (&json!("CNY"), &json!("1.0000"), &json!(""))
    );
    let line = line_of(&preview, "6930000000000000001");
    assert_eq!(line["platform_price"], 5900, "{line}");
    assert_eq!(line["platform_price_cny"], 5900);
    let price = sku_price(app, &p.sku(1, "M")).await;
    assert_eq!(line["margin"], 5900 - price, "yuan less yuan, as before");
    let mut linked = 0;
    for order in preview["orders"].as_array().unwrap() {
        assert_eq!(order["currency"], "CNY");
        for line in order["lines"].as_array().unwrap() {
            if line["sku"].is_object() {
                linked += 1;
                let margin = (line["platform_price"].as_i64().unwrap()
                    - line["sku"]["price"].as_i64().unwrap())
                    * line["quantity"].as_i64().unwrap();
                assert_eq!(line["margin"], margin, "{line}");
            }
        }
    }
    assert!(linked >= 1);
    assert!(preview["totals"]["margin"].is_i64(), "{}", preview["totals"]);
    let imports = data(app, &token, "order/platform/imports", json!({})).await;
    assert_eq!(imports["list"][0]["currency"], "CNY");
}

async fn a_file_that_is_no_platforms_export_is_refused_naming_every_platform_and_the_closest(app: &TestApp) {
    let token = app.register("13800004521", "abc12345").await;
    let erp = "订单号,收货人,联系电话,收货地址,商品编码,数量\nE1,张三,13800138000,广东省深圳市南山区科技园路1号,JP1001,1\n";
    let (status, reply) = import_as(app, &token, erp.as_bytes().to_vec(), "", "en_US").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    let msg = reply["msg"].as_str().unwrap();
    assert!(
        msg.starts_with("No platform's order export was recognised in this file."),
        "{msg}"
    );
    for needs in [
        "Douyin needs the columns 主订单编号",
        "TikTok needs the columns Order ID",
        "Shopee needs the columns Order ID",
        "Lazada needs the columns Order Number",
    ] {
        assert!(msg.contains(needs), "{needs}: {msg}");
    }
    assert!(
        msg.ends_with("It looks most like Douyin's, which lacks the columns 商品ID."),
        "{msg}"
    );
    let quoted = reply["data"]["quoted"].as_array().unwrap();
    assert!(
        quoted.contains(&json!("Receiver Name")) && quoted.contains(&json!("收件人")),
        "{reply}"
    );

    let (_, reply) = import_as(app, &token, erp.as_bytes().to_vec(), "", "zh_CN").await;
    let msg = reply["msg"].as_str().unwrap();
    assert!(msg.starts_with("没有识别出任何平台的订单导出文件。"), "{msg}");
    for name in [
        "抖音需要列",
        "TikTok",
        "Shopee",
        "Lazada",
        "最接近的是抖音，缺少列 商品ID",
    ] {
        assert!(msg.contains(name), "{name}: {msg}");
    }

    // A chosen platform keeps its own refusal.
    let (status, reply) = import_as(app, &token, erp.as_bytes().to_vec(), "?platform=douyin", "zh_CN").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "不是可识别的抖音订单导出文件：缺少列 商品ID");
}
