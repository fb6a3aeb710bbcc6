//! The address book over HTTP on both engines: the division data, every rule, default and favourite
//! handling, the 50-address cap, and ownership.

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tests::{on_both_engines, TestApp};

const ADDRESS: &str = "/jpmall/addons/unishop/address";

async fn call(app: &TestApp, token: &str, name: &str, body: Value) -> (StatusCode, Value) {
    app.post_as(&format!("{ADDRESS}/{name}"), token, "zh_CN", body)
        .await
}

fn baiyun(recipient: &str) -> Value {
    json!({
        "recipient": recipient, "phone": "13900001111", "province": "广东省", "city": "广州市",
        "district": "白云区", "detail": "三元里大道 1 号"
    })
}

async fn add(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, reply) = call(app, token, "add", body).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    reply["data"].clone()
}

async fn list(app: &TestApp, token: &str) -> Vec<Value> {
    let (status, reply) = call(app, token, "lists", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    reply["data"].as_array().unwrap().clone()
}

on_both_engines!(
    the_region_picker_walks_real_divisions,
    the_book_keeps_exactly_one_default,
    every_address_rule_is_named_in_both_languages,
    the_book_holds_at_most_fifty_even_when_added_in_parallel,
    another_users_addresses_are_out_of_reach,
);

async fn the_region_picker_walks_real_divisions(app: &TestApp) {
    let (status, provinces) = app.post(&format!("{ADDRESS}/area"), json!({"pid": 0})).await;
    assert_eq!(status, StatusCode::OK);
    let provinces = provinces["data"].as_array().unwrap().clone();
    assert_eq!(provinces.len(), 31);
    let guangdong = provinces.iter().find(|p| p["name"] == "广东省").unwrap();
    let (_, cities) = app
        .post(&format!("{ADDRESS}/area"), json!({"pid": guangdong["id"]}))
        .await;
    let guangzhou = cities["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "广州市")
        .unwrap()
        .clone();
    assert_eq!(guangzhou["id"], "4401");
    let (_, districts) = app.post(&format!("{ADDRESS}/area"), json!({"pid": "4401"})).await;
    assert!(districts["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["name"] == "白云区"));
    let (_, nothing) = app.post(&format!("{ADDRESS}/area"), json!({"pid": "99"})).await;
    assert_eq!(nothing["data"], json!([]));

    let (status, back) = app.get("/addons/unishop/home/refund_address", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(back["data"]["city"], "广州市");
}

async fn the_book_keeps_exactly_one_default(app: &TestApp) {
    let token = app.register("13800000201", "abc12345").await;
    assert!(list(app, &token).await.is_empty());
    let first = add(app, &token, baiyun("李四")).await;
    assert_eq!(first["is_default"], true, "the first address is the default");
    let mut second = baiyun("王五");
    second["is_default"] = json!(true);
    second["district"] = json!("天河区");
    let second = add(app, &token, second).await;
    let book = list(app, &token).await;
    assert_eq!(book[0]["id"], second["id"]);
    assert_eq!(book.iter().filter(|a| a["is_default"] == true).count(), 1);

    let (_, third) = call(app, &token, "add", baiyun("赵六")).await;
    let third_id = third["data"]["id"].clone();
    let (_, fav) = call(app, &token, "favorite", json!({"id": third_id, "favorite": true})).await;
    assert_eq!(fav["data"]["is_favorite"], true);
    let book = list(app, &token).await;
    let names: Vec<&str> = book.iter().map(|a| a["recipient"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["王五", "赵六", "李四"],
        "default, then favourites, then newest"
    );

    let (status, edited) = call(
        app,
        &token,
        "edit",
        json!({"id": first["id"], "recipient": "李四改", "phone": "020-8888 0000", "province": "北京市",
               "city": "市辖区", "district": "东城区", "detail": "王府井大街 2 号"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(
        (
            edited["data"]["city"].as_str(),
            edited["data"]["is_default"].as_bool()
        ),
        (Some("市辖区"), Some(false))
    );

    let (_, made) = call(app, &token, "set_default", json!({"id": first["id"]})).await;
    assert_eq!(made["data"]["is_default"], true);
    let (status, _) = call(app, &token, "delete", json!({"id": first["id"]})).await;
    assert_eq!(status, StatusCode::OK);
    let book = list(app, &token).await;
    assert_eq!(book.len(), 2);
    assert_eq!(
        book.iter().filter(|a| a["is_default"] == true).count(),
        1,
        "the newest takes over the default"
    );
    assert_eq!(book[0]["recipient"], "赵六");
}

async fn every_address_rule_is_named_in_both_languages(app: &TestApp) {
    let token = app.register("13800000202", "abc12345").await;
    let with = |field: &str, value: Value| {
        let mut body = baiyun("李四");
        body[field] = value;
        body
    };
    let cases = [
        (
            with("recipient", json!(" ")),
            "recipient",
            "请输入收货人",
            "Please enter the recipient.",
        ),
        (
            with("phone", json!("")),
            "phone",
            "请输入手机号码",
            "Please enter the phone number.",
        ),
        (
            with("phone", json!("12ab")),
            "phone",
            "手机号码格式不正确",
            "Incorrect phone number.",
        ),
        (
            with("phone", json!("1381234")),
            "phone",
            "手机号码格式不正确",
            "Incorrect phone number.",
        ),
        (
            with("city", json!("")),
            "city",
            "请选择省市区",
            "Please choose province, city and district.",
        ),
        (
            with("province", json!("火星")),
            "province",
            "所选地区不存在",
            "The region does not exist.",
        ),
        (
            with("district", json!("南山区")),
            "district",
            "所选地区不存在",
            "The region does not exist.",
        ),
        (
            with("detail", json!("")),
            "detail",
            "请输入详细地址",
            "Please enter the detailed address.",
        ),
    ];
    for (body, field, zh, en) in cases {
        let (status, reply) = call(app, &token, "add", body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            (reply["msg"].as_str(), reply["data"]["field"].as_str()),
            (Some(zh), Some(field))
        );
        let (_, reply) = app
            .post_as(&format!("{ADDRESS}/add"), &token, "en_US", body)
            .await;
        assert_eq!(reply["msg"], en);
    }
    assert!(
        list(app, &token).await.is_empty(),
        "a refused address is not saved"
    );
    let (status, _) = app.post(&format!("{ADDRESS}/lists"), json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

async fn the_book_holds_at_most_fifty_even_when_added_in_parallel(app: &TestApp) {
    let token = app.register("13800000203", "abc12345").await;
    for i in 0..45 {
        add(app, &token, baiyun(&format!("收货人{i}"))).await;
    }
    let attempts = (0..10).map(|i| {
        let token = token.clone();
        async move { call(app, &token, "add", baiyun(&format!("并发{i}"))).await }
    });
    let results = join_all(attempts).await;
    assert_eq!(results.iter().filter(|(s, _)| *s == StatusCode::OK).count(), 5);
    for (status, reply) in &results {
        if *status != StatusCode::OK {
            assert_eq!(reply["msg"], "最多只能保存 50 个地址");
        }
    }
    let book = list(app, &token).await;
    assert_eq!(book.len(), 50);
    assert_eq!(book.iter().filter(|a| a["is_default"] == true).count(), 1);
}

async fn another_users_addresses_are_out_of_reach(app: &TestApp) {
    let owner = app.register("13800000204", "abc12345").await;
    let other = app.register("13800000205", "abc12345").await;
    let mine = add(app, &owner, baiyun("李四")).await;
    assert!(list(app, &other).await.is_empty());
    let mut edit = baiyun("改");
    edit["id"] = mine["id"].clone();
    for (name, body) in [
        ("edit", edit),
        ("delete", json!({"id": mine["id"]})),
        ("set_default", json!({"id": mine["id"]})),
        ("favorite", json!({"id": mine["id"], "favorite": true})),
    ] {
        let (status, reply) = call(app, &other, name, body).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{name}: {reply}");
    }
    let book = list(app, &owner).await;
    assert_eq!((book.len(), book[0]["recipient"].as_str()), (1, Some("李四")));
}
