use std::collections::HashSet;

use commands::catalog::seed::{near_duplicate_source, product_id, NEAR_DUPLICATE_EVERY};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tests::{on_both_engines, zip_entries as entries, TestApp};

const U: &str = "/jpmall/addons/unishop";
const MARKET: usize = 120;

on_both_engines!(
    product_lists_filter_sort_and_page,
    bad_list_parameters_are_refused_by_name,
    a_product_detail_has_its_skus_and_pictures_and_counts_views,
    favourites_belong_to_their_seller,
    stalls_are_ranked_and_followed,
    home_notices_tutorials_and_resources,
    same_style_finds_the_planted_look_alikes_first,
    image_packages_list_and_zip_the_pictures,
    seeding_again_changes_nothing,
);

async fn list(app: &TestApp, body: Value) -> Value {
    let (status, reply) = app.post(&format!("{U}/product/lists"), body).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    reply["data"].clone()
}

fn prices(page: &Value) -> Vec<f64> {
    page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["price"].as_str().unwrap().parse().unwrap())
        .collect()
}

async fn product_lists_filter_sort_and_page(app: &TestApp) {
    app.seed(MARKET).await;
    let first = list(app, json!({})).await;
    assert_eq!(
        (
            first["total"].as_i64(),
            first["page"].as_i64(),
            first["pagesize"].as_i64()
        ),
        (Some(120), Some(1), Some(20))
    );
    assert_eq!(first["list"].as_array().unwrap().len(), 20);
    let shelf: Vec<i64> = first["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["shelf_at"].as_i64().unwrap())
        .collect();
    assert!(shelf.windows(2).all(|w| w[0] >= w[1]), "newest first by default");

    let page2 = list(app, json!({"page": 2, "pagesize": 50})).await;
    let page3 = list(app, json!({"page": 3, "pagesize": 50})).await;
    assert_eq!(page3["list"].as_array().unwrap().len(), 20);
    let ids: HashSet<_> = page2["list"]
        .as_array()
        .unwrap()
        .iter()
        .chain(page3["list"].as_array().unwrap())
        .map(|p| p["id"].clone())
        .collect();
    assert_eq!(ids.len(), 70, "pages do not overlap");

    let ascending = prices(&list(app, json!({"sort": "price_asc", "pagesize": 100})).await);
    assert!(ascending.windows(2).all(|w| w[0] <= w[1]));
    let descending = prices(&list(app, json!({"sort": "price_desc"})).await);
    assert!(descending.windows(2).all(|w| w[0] >= w[1]));

    for (scene, flag) in [("hot", "hot"), ("sea", "sea"), ("new", "new")] {
        let page = list(app, json!({"scene": scene, "pagesize": 100})).await;
        assert!(page["total"].as_i64().unwrap() > 0, "{scene}");
        assert!(
            page["list"].as_array().unwrap().iter().all(|p| p[flag] == true),
            "{scene}"
        );
    }
    let hot = list(app, json!({"scene": "hot", "pagesize": 100})).await;
    let popularity: Vec<i64> = hot["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["popularity"].as_i64().unwrap())
        .collect();
    assert!(
        popularity.windows(2).all(|w| w[0] >= w[1]),
        "hot items by popularity"
    );

    let women = list(app, json!({"category_id": "c1"})).await["total"]
        .as_i64()
        .unwrap();
    let mut children = 0;
    for leaf in ["c101", "c102", "c103", "c104", "c105", "c106", "c107"] {
        children += list(app, json!({"category_id": leaf})).await["total"]
            .as_i64()
            .unwrap();
    }
    assert_eq!(women, children, "a parent category holds its children");

    let stall = list(app, json!({"stall_id": "s01", "pagesize": 100})).await;
    assert!(stall["list"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["stall"]["id"] == "s01"));
    assert_eq!(stall["total"], 3);

    let ranged = prices(
        &list(
            app,
            json!({"price_min": "20", "price_max": "40.5", "pagesize": 100}),
        )
        .await,
    );
    assert!(!ranged.is_empty() && ranged.iter().all(|p| (20.0..=40.5).contains(p)));

    let target = &first["list"][3];
    let by_item = list(app, json!({"keyword": target["item_no"]})).await;
    assert!(by_item["list"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["id"] == target["id"]));
    assert_eq!(
        list(app, json!({"keyword": "%"})).await["total"],
        0,
        "wildcards are literal"
    );
    let english = list(app, json!({"keyword": "DRESS"})).await["total"]
        .as_i64()
        .unwrap();
    let chinese = list(app, json!({"keyword": "连衣裙"})).await["total"]
        .as_i64()
        .unwrap();
    assert!(
        english > 0 && english == chinese,
        "titles match in both languages, case-insensitively"
    );

    let mut by_area = 0;
    for area in ["cn", "sea", "global"] {
        let page = app
            .send(
                app.client
                    .post(app.url(&format!("{U}/product/lists")))
                    .header("areasite", area)
                    .json(&json!({})),
            )
            .await
            .1;
        by_area += page["data"]["total"].as_i64().unwrap();
    }
    assert_eq!(by_area, 120, "each product belongs to one area site");
    let (_, english_page) = app
        .post_lang(&format!("{U}/product/lists"), "en_US", json!({"pagesize": 1}))
        .await;
    assert!(english_page["data"]["list"][0]["title"]
        .as_str()
        .unwrap()
        .contains("(2026"));
}

async fn bad_list_parameters_are_refused_by_name(app: &TestApp) {
    app.seed(10).await;
    for (body, field, message) in [
        (json!({"page": 0}), "page", "Page must be between 1 and 1000000."),
        (
            json!({"pagesize": 0}),
            "pagesize",
            "Pagesize must be between 1 and 100.",
        ),
        (
            json!({"pagesize": 101}),
            "pagesize",
            "Pagesize must be between 1 and 100.",
        ),
        (
            json!({"pagesize": -5}),
            "pagesize",
            "Pagesize must be between 1 and 100.",
        ),
        (json!({"sort": "random"}), "sort", "Unknown sort order."),
        (json!({"scene": "old"}), "scene", "Unknown list type."),
        (
            json!({"price_min": "abc"}),
            "price_min",
            "Incorrect price format, for example 39.90.",
        ),
        (
            json!({"price_min": "50", "price_max": "10"}),
            "price_max",
            "The highest price cannot be below the lowest.",
        ),
        (
            json!({"page": "two"}),
            "page",
            "The field page has the wrong type.",
        ),
    ] {
        let (status, reply) = app
            .post_lang(&format!("{U}/product/lists"), "en_US", body.clone())
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            (reply["data"]["field"].as_str(), reply["msg"].as_str()),
            (Some(field), Some(message)),
            "{body}"
        );
    }
    let (status, reply) = app
        .send(
            app.client
                .get(app.url(&format!("{U}/shop/shop_like?page=0")))
                .header("token", "x"),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{reply}");
}

async fn a_product_detail_has_its_skus_and_pictures_and_counts_views(app: &TestApp) {
    app.seed(MARKET).await;
    let id = product_id(7);
    let (status, reply) = app.post(&format!("{U}/product/detail"), json!({"id": id})).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let detail = &reply["data"];
    let (colours, sizes) = (
        detail["colors"].as_array().unwrap().len(),
        detail["sizes"].as_array().unwrap().len(),
    );
    assert_eq!(detail["skus"].as_array().unwrap().len(), colours * sizes);
    assert!(detail["images"].as_array().unwrap().len() >= 3);
    assert_eq!(detail["favorited"], false);
    let card = list(app, json!({"keyword": detail["item_no"]})).await;
    let card = card["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id.as_str())
        .unwrap()
        .clone();
    assert_eq!(
        detail["stall"]["id"], card["stall"]["id"],
        "the detail names the product's own stall"
    );
    assert!(detail["stall"]["market"]["name"].as_str().unwrap().len() > 3);
    let sku_colours: HashSet<_> = detail["skus"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["color"].as_str().unwrap())
        .collect();
    let named: HashSet<_> = detail["colors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(sku_colours, named, "SKU colours are the named colours");
    let lowest = detail["skus"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["price"].as_str().unwrap().parse::<f64>().unwrap())
        .fold(f64::MAX, f64::min);
    assert_eq!(detail["price"].as_str().unwrap().parse::<f64>().unwrap(), lowest);

    let views = detail["views"].as_i64().unwrap();
    let again = app
        .post(
            &format!("{U}/product/detail"),
            json!({"id": id.parse::<i64>().unwrap()}),
        )
        .await
        .1;
    assert_eq!(
        again["data"]["views"].as_i64().unwrap(),
        views + 1,
        "a view is counted, ids may be numbers"
    );
    let english = app
        .post_lang(&format!("{U}/product/detail"), "en_US", json!({"id": id}))
        .await
        .1;
    assert!(english["data"]["colors"][0]["name"].as_str().unwrap().is_ascii());

    let picture = app
        .client
        .get(app.url(detail["images"][0].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(picture.headers()["content-type"], "image/jpeg");
    let img = image::load_from_memory(&picture.bytes().await.unwrap()).unwrap();
    assert_eq!((img.width(), img.height()), (800, 800));
    let colour = app
        .client
        .get(app.url(detail["colors"][0]["image"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(
        image::load_from_memory(&colour.bytes().await.unwrap())
            .unwrap()
            .width(),
        400
    );
    for missing in [
        format!("/media/p/{id}/main-9.jpg"),
        format!("/media/p/{id}/cover-1.jpg"),
        "/media/p/99999/main-1.jpg".into(),
    ] {
        assert_eq!(
            app.client.get(app.url(&missing)).send().await.unwrap().status(),
            StatusCode::NOT_FOUND,
            "{missing}"
        );
    }

    let (status, reply) = app
        .post(&format!("{U}/product/detail"), json!({"id": "424242"}))
        .await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (StatusCode::NOT_FOUND, Some("商品不存在或已下架"))
    );
    let (status, reply) = app
        .post_lang(&format!("{U}/product/detail"), "en_US", json!({}))
        .await;
    assert_eq!(
        (status, reply["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("id"))
    );
}

async fn favourites_belong_to_their_seller(app: &TestApp) {
    app.seed(MARKET).await;
    let alice = app.register("13800138000", "abc123").await;
    let bob = app.register("13900139000", "abc123").await;
    let id = product_id(3);
    let before = app
        .post(&format!("{U}/product/detail"), json!({"id": id}))
        .await
        .1["data"]["favorite_count"]
        .as_i64()
        .unwrap();

    let (status, reply) = app
        .post(&format!("{U}/product/favorite"), json!({"id": id}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{reply}");
    for _ in 0..2 {
        let reply = app
            .post_as(
                &format!("{U}/product/favorite"),
                &alice,
                "zh_CN",
                json!({"id": id}),
            )
            .await
            .1;
        assert_eq!(
            reply["data"],
            json!({"favorited": true, "favorite_count": before + 1}),
            "favouriting twice counts once"
        );
    }
    let mine = app
        .post_as(&format!("{U}/product/favorites"), &alice, "zh_CN", json!({}))
        .await
        .1;
    assert_eq!(mine["data"]["total"], 1);
    assert_eq!(mine["data"]["list"][0]["id"], id.as_str());
    assert!(mine["data"]["list"][0]["favorited_at"].as_i64().unwrap() > 0);
    let detail = app
        .post_as(&format!("{U}/product/detail"), &alice, "zh_CN", json!({"id": id}))
        .await
        .1;
    assert_eq!(detail["data"]["favorited"], true);

    let theirs = app
        .post_as(&format!("{U}/product/favorites"), &bob, "zh_CN", json!({}))
        .await
        .1;
    assert_eq!(
        theirs["data"]["total"], 0,
        "another seller's favourites are invisible"
    );
    let detail = app
        .post_as(&format!("{U}/product/detail"), &bob, "zh_CN", json!({"id": id}))
        .await
        .1;
    assert_eq!(detail["data"]["favorited"], false);
    // Bob removing what he never favourited changes nothing for Alice.
    let reply = app
        .post_as(
            &format!("{U}/product/unfavorite"),
            &bob,
            "zh_CN",
            json!({"id": id}),
        )
        .await
        .1;
    assert_eq!(
        reply["data"],
        json!({"favorited": false, "favorite_count": before + 1})
    );

    let reply = app
        .post_as(
            &format!("{U}/product/unfavorite"),
            &alice,
            "zh_CN",
            json!({"id": id}),
        )
        .await
        .1;
    assert_eq!(
        reply["data"],
        json!({"favorited": false, "favorite_count": before})
    );
    let (status, _) = app
        .post_as(
            &format!("{U}/product/favorite"),
            &alice,
            "zh_CN",
            json!({"id": "999999"}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn stalls_are_ranked_and_followed(app: &TestApp) {
    app.seed(MARKET).await;
    let token = app.register("13800138000", "abc123").await;
    let other = app.register("13900139000", "abc123").await;
    let stalls = app
        .post(&format!("{U}/shop/lists"), json!({"pagesize": 100}))
        .await
        .1;
    assert_eq!(stalls["data"]["total"], 40);
    let ranks: Vec<i64> = stalls["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["ranking"].as_i64().unwrap())
        .collect();
    assert_eq!(ranks, (1..=40).collect::<Vec<_>>());
    let top = &stalls["data"]["list"][0];
    assert!(top["product_count"].as_i64().unwrap() >= 3);
    assert!(top["logo"].as_str().unwrap().starts_with("/media/p/"));
    assert_eq!(top["followed"], false);
    let id = top["id"].as_str().unwrap();

    let (status, reply) = app.post(&format!("{U}/shop/follow"), json!({"id": id})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{reply}");
    let followed = app
        .post_as(&format!("{U}/shop/follow"), &token, "zh_CN", json!({"id": id}))
        .await
        .1;
    assert_eq!(followed["data"]["followed"], true);
    assert_eq!(
        followed["data"]["follow_count"].as_i64(),
        top["follow_count"].as_i64().map(|c| c + 1)
    );
    let detail = app
        .post_as(&format!("{U}/shop/detail"), &token, "zh_CN", json!({"id": id}))
        .await
        .1;
    assert_eq!(detail["data"]["followed"], true);

    let liked = app
        .send(
            app.client
                .get(app.url(&format!("{U}/shop/shop_like?page=1&pagesize=10")))
                .header("token", &token),
        )
        .await
        .1;
    assert_eq!(liked["data"]["total"], 1);
    assert_eq!(liked["data"]["list"][0]["id"], id);
    let theirs = app
        .send(
            app.client
                .get(app.url(&format!("{U}/shop/shop_like")))
                .header("token", &other),
        )
        .await
        .1;
    assert_eq!(theirs["data"]["total"], 0);

    let unfollowed = app
        .post_as(&format!("{U}/shop/unfollow"), &token, "zh_CN", json!({"id": id}))
        .await
        .1;
    assert_eq!(unfollowed["data"]["follow_count"], top["follow_count"]);
    let (status, reply) = app
        .post_lang(&format!("{U}/shop/detail"), "en_US", json!({"id": "s99"}))
        .await;
    assert_eq!(
        (status, reply["msg"].as_str()),
        (
            StatusCode::NOT_FOUND,
            Some("This stall does not exist or is closed.")
        )
    );
    let (status, _) = app
        .post_as(&format!("{U}/shop/follow"), &token, "zh_CN", json!({"id": "s99"}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let market = app
        .post(
            &format!("{U}/shop/lists"),
            json!({"market_id": "m3", "sort": "follows"}),
        )
        .await
        .1;
    let list = market["data"]["list"].as_array().unwrap();
    assert!(!list.is_empty() && list.iter().all(|s| s["market"]["id"] == "m3"));
    let follows: Vec<i64> = list.iter().map(|s| s["follow_count"].as_i64().unwrap()).collect();
    assert!(follows.windows(2).all(|w| w[0] >= w[1]));
    let sea = app
        .send(
            app.client
                .post(app.url(&format!("{U}/shop/lists")))
                .header("areasite", "sea")
                .json(&json!({"pagesize": 100})),
        )
        .await
        .1;
    assert!(sea["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| ["m3", "m4"].contains(&s["market"]["id"].as_str().unwrap())));
}

async fn home_notices_tutorials_and_resources(app: &TestApp) {
    app.seed(MARKET).await;
    let home = app.post(&format!("{U}/home/index"), json!({})).await.1["data"].clone();
    assert_eq!(home["banners"].as_array().unwrap().len(), 3);
    assert_eq!(home["categories"].as_array().unwrap().len(), 3);
    assert_eq!(home["categories"][0]["children"].as_array().unwrap().len(), 7);
    for row in ["hot", "new", "sea"] {
        let n = home[row].as_array().unwrap().len();
        assert!((1..=8).contains(&n), "{row}: {n}");
    }
    let notices = home["notices"].as_array().unwrap();
    assert_eq!(notices.len(), 5);
    assert_eq!(notices[0]["pinned"], true, "pinned notices first");

    let banner = app
        .client
        .get(app.url(home["banners"][0]["image"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    let img = image::load_from_memory(&banner.bytes().await.unwrap()).unwrap();
    assert_eq!((img.width(), img.height()), (1200, 400));

    let all = app
        .post_lang(
            &format!("{U}/notice/lists"),
            "en_US",
            json!({"pagesize": 3, "page": 2}),
        )
        .await
        .1;
    assert_eq!(
        (
            all["data"]["total"].as_i64(),
            all["data"]["list"].as_array().unwrap().len()
        ),
        (Some(6), 3)
    );
    let id = &all["data"]["list"][0]["id"];
    let detail = app
        .post_lang(&format!("{U}/notice/detail"), "en_US", json!({"id": id}))
        .await
        .1;
    assert!(detail["data"]["content"].as_str().unwrap().len() > 40);
    assert_eq!(
        app.post(&format!("{U}/notice/detail"), json!({"id": "n404"}))
            .await
            .0,
        StatusCode::NOT_FOUND
    );

    let sections = app.post(&format!("{U}/tutorial/lists"), json!({})).await.1;
    let sections = sections["data"].as_array().unwrap();
    assert_eq!(sections.len(), 3);
    let article = &sections[0]["articles"][0];
    let tutorial = app
        .post(&format!("{U}/tutorial/detail"), json!({"id": article["id"]}))
        .await
        .1;
    assert_eq!(tutorial["data"]["title"], article["title"]);
    let resources = app
        .post_lang(&format!("{U}/resources/lists"), "en_US", json!({}))
        .await
        .1;
    assert_eq!(resources["data"].as_array().unwrap().len(), 8);
    assert!(resources["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["url"].as_str().unwrap().starts_with("https://")));
    let tree = app
        .post_lang(&format!("{U}/category/tree"), "en_US", json!({}))
        .await
        .1;
    assert_eq!(tree["data"][2]["name"], "Kids");
}

async fn same_style_finds_the_planted_look_alikes_first(app: &TestApp) {
    app.seed(MARKET).await;
    let copy = NEAR_DUPLICATE_EVERY * 2 - 1;
    let original = near_duplicate_source(copy).unwrap();
    let reply = app
        .post(
            &format!("{U}/product/same_style"),
            json!({"id": product_id(copy)}),
        )
        .await
        .1;
    let list = reply["data"]["list"].as_array().unwrap();
    assert_eq!(list.len(), 24);
    assert_eq!(list[0]["id"], product_id(original), "{reply}");
    assert!(list[0]["distance"].as_u64().unwrap() <= 6);
    let distances: Vec<u64> = list.iter().map(|p| p["distance"].as_u64().unwrap()).collect();
    assert!(distances.windows(2).all(|w| w[0] <= w[1]), "nearest first");
    assert!(
        list.iter().all(|p| p["id"] != product_id(copy).as_str()),
        "the product itself is left out"
    );

    // By picture: the seller photographs (downloads) the original's main picture and searches with it.
    let token = app.register("13800138000", "abc123").await;
    let picture = app
        .client
        .get(app.url(&format!("/media/p/{}/main-1.jpg", product_id(original))))
        .send()
        .await
        .unwrap();
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(picture.bytes().await.unwrap().to_vec()).file_name("photo.jpg"),
    );
    let (status, reply) = app
        .send(
            app.client
                .post(app.url(&format!("{U}/product/same_style_image")))
                .header("token", &token)
                .multipart(form),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let found: Vec<&str> = reply["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .take(2)
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(found, [product_id(original), product_id(copy)], "{reply}");
    let (status, _) = app
        .post(&format!("{U}/product/same_style"), json!({"id": "424242"}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn download(app: &TestApp, token: &str, ids: Value) -> reqwest::Response {
    app.client
        .post(app.url(&format!("{U}/index/images_zip")))
        .header("token", token)
        .json(&json!({"id": ids}))
        .send()
        .await
        .unwrap()
}

async fn image_packages_list_and_zip_the_pictures(app: &TestApp) {
    app.seed(MARKET).await;
    let (one, two) = (product_id(4), product_id(5));
    let listed = app
        .post(
            &format!("{U}/index/all_images_download"),
            json!({"id": format!("{one},{two}")}),
        )
        .await
        .1;
    let sets = listed["data"].as_array().unwrap();
    assert_eq!(sets.len(), 2);
    assert!(sets[0]["main"].as_array().unwrap().len() >= 3);
    assert!(sets[0]["group"][0]["color"]
        .as_str()
        .unwrap()
        .ends_with("color-1.jpg"));
    assert!(!sets[0]["group"][0]["colorName"].as_str().unwrap().is_empty());
    let (status, _) = app
        .post(
            &format!("{U}/index/all_images_download"),
            json!({"id": [one, "999999"]}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let token = app.register("13800138000", "abc123").await;
    // A title with a path separator, dots and an emoji must become a safe folder name.
    sqlx::query("UPDATE products SET title_zh = $1 WHERE id = $2")
        .bind("../韩版/T恤 👗..")
        .bind(&one)
        .execute(&app.db().pool)
        .await
        .unwrap();
    let response = download(app, &token, json!(one)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/zip");
    assert!(response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .starts_with("attachment"));
    let files = entries(&response.bytes().await.unwrap());
    let set = &sets[0];
    assert_eq!(
        files.len(),
        set["main"].as_array().unwrap().len()
            + set["desc"].as_array().unwrap().len()
            + set["group"].as_array().unwrap().len()
    );
    for (name, bytes) in &files {
        assert!(name.starts_with("_韩版_T恤 👗/"), "{name}");
        assert!(
            !name.split('/').any(|part| part == ".." || part.is_empty()),
            "{name}"
        );
        assert!(image::load_from_memory(bytes).is_ok(), "{name} is a picture");
    }
    let folders: HashSet<_> = files
        .iter()
        .map(|(n, _)| n.split('/').nth(1).unwrap().to_string())
        .collect();
    assert_eq!(
        folders,
        HashSet::from(["main".to_string(), "detail".to_string(), "color".to_string()])
    );
    let colour_files: Vec<_> = files
        .iter()
        .filter(|(n, _)| n.contains("/color/"))
        .map(|(n, _)| n.rsplit('/').next().unwrap().to_string())
        .collect();
    let colour_names: Vec<_> = set["group"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| format!("{}.jpg", g["colorName"].as_str().unwrap()))
        .collect();
    assert_eq!(colour_files, colour_names, "colour files are named by colour");

    let several = entries(
        &download(app, &token, json!([one, two]))
            .await
            .bytes()
            .await
            .unwrap(),
    );
    let roots: HashSet<_> = several
        .iter()
        .map(|(n, _)| n.split('/').next().unwrap().to_string())
        .collect();
    assert_eq!(roots.len(), 1);
    let root = roots.into_iter().next().unwrap();
    assert!(
        root.starts_with("product-images-") && root.len() == "product-images-".len() + 14,
        "{root}"
    );
    let products: HashSet<_> = several
        .iter()
        .map(|(n, _)| n.split('/').nth(1).unwrap().to_string())
        .collect();
    assert_eq!(products.len(), 2);

    let anonymous = app
        .client
        .post(app.url(&format!("{U}/index/images_zip")))
        .json(&json!({"id": one}))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        download(app, &token, json!("999999")).await.status(),
        StatusCode::NOT_FOUND
    );
    let too_many: Vec<String> = (0..201).map(product_id).collect();
    let refused = download(app, &token, json!(too_many)).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

async fn seeding_again_changes_nothing(app: &TestApp) {
    let first = app.seed(60).await;
    assert_eq!(
        (first.products_added, first.products_total, first.stalls_total),
        (60, 60, 40)
    );
    assert!(first.demo_user_added);
    let again = app.seed(60).await;
    assert_eq!((again.products_added, again.products_total), (0, 60));
    assert!(!again.demo_user_added);
    let more = app.seed(80).await;
    assert_eq!((more.products_added, more.products_total), (20, 80));
    let (status, _) = app.login("13800000000", "demo1234").await;
    assert_eq!(status, StatusCode::OK, "the demo login works");
    let (ok, stdout, stderr) = app.run_cli(&["seed", "--products", "80"]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("80 products (0 added)") && stdout.contains("demo login: 13800000000 / demo1234"),
        "{stdout}"
    );
}
