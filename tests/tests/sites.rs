use reqwest::StatusCode;
use serde_json::json;
use tests::{on_both_engines, TestApp};

on_both_engines!(
    site_info_names_the_default_site_and_its_public_key,
    an_unknown_site_is_a_shopfront_that_does_not_exist,
    area_sites_and_the_agreement_follow_the_language,
    unknown_api_paths_answer_404_in_the_envelope_and_pages_get_the_storefront,
);

async fn site_info_names_the_default_site_and_its_public_key(app: &TestApp) {
    for site in [json!({"site": ""}), json!({}), json!({"site": "default"})] {
        let (status, body) = app.post("/jpmall/addons/unishop/index/site", site).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["code"], 1);
        assert_eq!(body["data"]["site"], "default");
        assert_eq!(body["data"]["default_language"], "zh_CN");
        assert_eq!(body["data"]["name"], "jpmall 一件代发");
        assert!(body["data"]["service"]["phone"]
            .as_str()
            .unwrap()
            .starts_with("400"));
        assert!(body["data"]["rsa_public_key"]
            .as_str()
            .unwrap()
            .starts_with("-----BEGIN PUBLIC KEY-----"));
        assert!(body["time"].as_i64().unwrap() > 1_700_000_000);
    }
    let (_, english) = app
        .post_lang("/jpmall/addons/unishop/index/site", "en_US", json!({}))
        .await;
    assert_eq!(english["data"]["name"], "jpmall Drop-shipping");
}

async fn an_unknown_site_is_a_shopfront_that_does_not_exist(app: &TestApp) {
    let (status, body) = app
        .post("/jpmall/addons/unishop/index/site", json!({"site": "nowhere"}))
        .await;
    assert_eq!((status, body["code"].as_i64()), (StatusCode::NOT_FOUND, Some(0)));
    assert_eq!(body["msg"], "店铺不存在");
    let (_, body) = app
        .post_lang(
            "/jpmall/addons/unishop/index/site",
            "en_US",
            json!({"site": "nowhere"}),
        )
        .await;
    assert_eq!(body["msg"], "Shopfront does not exist.");
}

async fn area_sites_and_the_agreement_follow_the_language(app: &TestApp) {
    let (status, body) = app
        .get("/jpmall/addons/unishop/areaSite/getAreaSites", None)
        .await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<_> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["中国站", "东南亚站", "国际站"]);
    let english = app
        .send(
            app.client
                .get(app.url("/jpmall/addons/unishop/areaSite/getAreaSites"))
                .header("content-language", "en_US"),
        )
        .await
        .1;
    assert_eq!(english["data"][1], json!({"id": "sea", "name": "Southeast Asia"}));

    let (_, zh) = app.get("/jpmall/addons/unishop/index/agreement", None).await;
    assert!(zh["data"]["title"].as_str().unwrap().contains("用户服务协议"));
    assert!(zh["data"]["content"].as_str().unwrap().contains("30 天"));
    let en = app
        .send(
            app.client
                .get(app.url("/jpmall/addons/unishop/index/agreement"))
                .header("content-language", "en_US"),
        )
        .await
        .1;
    assert!(en["data"]["content"].as_str().unwrap().contains("within 30 days"));
}

async fn unknown_api_paths_answer_404_in_the_envelope_and_pages_get_the_storefront(app: &TestApp) {
    let (status, body) = app.get("/jpmall/addons/unishop/nothing/here", None).await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (StatusCode::NOT_FOUND, Some("请求错误，未找到该资源"))
    );
    let page = app
        .client
        .get(app.url("/moduleOrder/orderList?site=default"))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(page.headers()["cache-control"], "no-cache");
    assert!(page.text().await.unwrap().contains("jpmall test shell"));
    let missing_asset = app
        .client
        .get(app.url("/assets/gone-1234.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing_asset.status(), StatusCode::NOT_FOUND);
}
