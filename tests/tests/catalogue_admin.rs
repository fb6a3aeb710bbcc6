//! The catalogue's staff calls over HTTP on both engines: stock changes as deltas or compare-and-set
//! with their log, a restock racing parallel checkouts, shelving in batches and what an off-shelf
//! product does in the storefront, and a stall account kept to its own stalls.

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, product_id_of, TestApp, UNISHOP as U};

on_both_engines!(
    stock_changes_are_deltas_or_compare_and_set_and_each_is_logged,
    a_restock_racing_parallel_checkouts_neither_oversells_nor_loses_units,
    an_off_shelf_product_leaves_the_storefront_but_its_order_and_favourite_stay,
    a_stall_account_reaches_only_its_own_stalls,
    staff_shape_the_market_with_markets_categories_and_stalls,
    a_product_made_in_the_console_is_sold_in_the_storefront,
    a_closed_stall_leaves_the_market_and_its_products_leave_the_shelf
);

async fn skus_of(app: &TestApp, token: &str, product: &str) -> Vec<Value> {
    let (status, reply) = app
        .as_staff(token, &format!("catalog/product?id={product}"), Value::Null)
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    reply["data"]["skus"].as_array().unwrap().clone()
}

async fn stock_change(app: &TestApp, token: &str, body: Value) -> (StatusCode, Value) {
    app.as_staff(token, "catalog/stock/change", body).await
}

async fn stock_changes_are_deltas_or_compare_and_set_and_each_is_logged(app: &TestApp) {
    app.seed(2).await;
    let warehouse = app.staff("13900007001", "warehouse", &[]).await;
    let product = product_id_of(1);
    let sku = skus_of(app, &warehouse, &product).await[0].clone();
    let sku_id = sku["id"].as_str().unwrap().to_string();
    let stock = sku["stock"].as_i64().unwrap();

    let (status, reply) = stock_change(
        app,
        &warehouse,
        json!({"sku_id": sku_id, "delta": 50, "reason": "到货 50 件"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(
        reply["data"],
        json!({"sku_id": sku_id, "before": stock, "after": stock + 50})
    );

    // A write-off below zero, a stale compare-and-set and an unclear change are refused, and change nothing.
    for (body, msg) in [
        (
            json!({"sku_id": sku_id, "delta": -(stock + 51), "reason": "盘亏"}),
            format!("Not enough stock: {} left.", stock + 50),
        ),
        (
            json!({"sku_id": sku_id, "expected": stock, "stock": 10, "reason": "盘点"}),
            format!(
                "The stock changed meanwhile and is now {}; refresh and try again.",
                stock + 50
            ),
        ),
        (
            json!({"sku_id": sku_id, "stock": 10, "reason": "盘点"}),
            "Give either a change, or the stock you saw and the new stock.".to_string(),
        ),
        (
            json!({"sku_id": sku_id, "delta": 5, "reason": " "}),
            "Please give a reason for the stock change.".to_string(),
        ),
        (
            json!({"sku_id": sku_id, "delta": 0, "reason": "x"}),
            "The change cannot be 0.".to_string(),
        ),
        (
            json!({"sku_id": sku_id, "expected": stock + 50, "stock": 2_000_000, "reason": "x"}),
            "Stock must be between 0 and 1000000.".to_string(),
        ),
    ] {
        let (status, reply) = stock_change(app, &warehouse, body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {reply}");
        assert_eq!(reply["msg"], msg.as_str());
    }
    let (status, _) = stock_change(
        app,
        &warehouse,
        json!({"sku_id": "nope", "delta": 1, "reason": "x"}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(app.stock_of(&sku_id).await, stock + 50);

    let (status, reply) = stock_change(
        app,
        &warehouse,
        json!({"sku_id": sku_id, "expected": stock + 50, "stock": 7, "reason": "盘点"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(app.stock_of(&sku_id).await, 7);

    // The log, newest first, names who and why.
    let (status, log) = app
        .as_staff(
            &warehouse,
            &format!("catalog/stock/changes?product_id={product}"),
            Value::Null,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{log}");
    let list = log["data"]["list"].as_array().unwrap();
    assert_eq!(list.len(), 2, "{log}");
    assert_eq!(
        (list[0]["before"].as_i64(), list[0]["after"].as_i64()),
        (Some(stock + 50), Some(7))
    );
    assert_eq!(list[0]["reason"], "盘点");
    assert_eq!(list[1]["reason"], "到货 50 件");
    assert_eq!(list[1]["actor_name"], "warehouse 13900007001");
    assert_eq!(list[1]["actor_kind"], "staff");
    // The machine credential's changes are logged as the operator's.
    let (status, _) = app
        .admin(
            "catalog/stock/change",
            json!({"sku_id": sku_id, "delta": 1, "reason": "脚本补货"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, log) = app
        .as_staff(
            &warehouse,
            &format!("catalog/stock/changes?product_id={product}"),
            Value::Null,
        )
        .await;
    assert_eq!(log["data"]["list"][0]["actor_kind"], "operator");
    assert_eq!(log["data"]["list"][0]["actor_name"], Value::Null);
}

/// A seller with an address, ready to check out.
async fn seller_with_address(app: &TestApp, mobile: &str) -> (String, Value) {
    let token = app.register(mobile, "abc123").await;
    let address = app
        .unishop_data(
            &token,
            "en_US",
            "address/add",
            json!({"recipient": "李四", "phone": "13900001111", "province": "广东省", "city": "广州市",
                   "district": "白云区", "detail": "三元里大道 1 号"}),
        )
        .await["id"]
        .clone();
    (token, address)
}

async fn a_restock_racing_parallel_checkouts_neither_oversells_nor_loses_units(app: &TestApp) {
    app.seed(2).await;
    let catalogue = app.staff("13900007101", "catalogue", &[]).await;
    let sku = skus_of(app, &catalogue, &product_id_of(1)).await[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    // Five in stock, twenty checkouts of one each, and ten restocks of one each in between.
    let (status, reply) = app
        .admin(
            "catalog/stock/change",
            json!({"sku_id": sku, "expected": app.stock_of(&sku).await, "stock": 5, "reason": "test"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let (seller, address) = seller_with_address(app, "13800137100").await;
    let checkouts = (0..20).map(|_| {
        app.unishop(
            &seller,
            "en_US",
            "order/submit",
            json!({"source": "manual", "lines": [{"sku_id": sku, "quantity": 1}], "type": "domestic",
                   "address_id": address, "courier": "zto", "qc_level": "basic", "value_added": []}),
        )
    });
    let restocks = (0..10).map(|n| {
        stock_change(
            app,
            &catalogue,
            json!({"sku_id": sku, "delta": 1, "reason": format!("补货 {n}")}),
        )
    });
    let (placed, restocked) = futures::join!(join_all(checkouts), join_all(restocks));
    assert!(
        restocked.iter().all(|(s, _)| *s == StatusCode::OK),
        "{restocked:?}"
    );
    for (status, reply) in placed.iter().filter(|(s, _)| *s != StatusCode::OK) {
        assert_eq!(
            *status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "a checkout fails only for stock: {reply}"
        );
    }
    let placed = placed.iter().filter(|(s, _)| *s == StatusCode::OK).count() as i64;
    let left = app.stock_of(&sku).await;
    assert!(left >= 0);
    assert_eq!(placed + left, 15, "every unit is either sold or still in stock");
    assert!(placed >= 5, "the five in stock at the start were sold");
    let ordered: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM order_items WHERE sku_id = $1",
    )
    .bind(&sku)
    .fetch_one(&app.db().pool)
    .await
    .unwrap();
    assert_eq!(ordered, placed);
}

async fn shop_count(app: &TestApp, stall: &str) -> i64 {
    app.post(&format!("{U}/shop/detail"), json!({"id": stall}))
        .await
        .1["data"]["product_count"]
        .as_i64()
        .unwrap()
}

async fn listed(app: &TestApp, keyword: &str) -> i64 {
    let (status, reply) = app
        .post(&format!("{U}/product/lists"), json!({"keyword": keyword}))
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    reply["data"]["total"].as_i64().unwrap()
}

async fn an_off_shelf_product_leaves_the_storefront_but_its_order_and_favourite_stay(app: &TestApp) {
    app.seed(3).await;
    let catalogue = app.staff("13900007201", "catalogue", &[]).await;
    let product = product_id_of(1);
    let (item_no, stall): (String, String) = {
        let row = sqlx::query("SELECT item_no, stall_id FROM products WHERE id = $1")
            .bind(&product)
            .fetch_one(&app.db().pool)
            .await
            .unwrap();
        (row.get("item_no"), row.get("stall_id"))
    };
    let sku = skus_of(app, &catalogue, &product).await[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (seller, address) = seller_with_address(app, "13800137200").await;
    let order = app
        .unishop_data(
            &seller,
            "en_US",
            "order/submit",
            json!({"source": "manual", "lines": [{"sku_id": sku, "quantity": 1}], "type": "domestic",
                   "address_id": address, "courier": "zto", "qc_level": "basic", "value_added": []}),
        )
        .await["order"]["order_no"]
        .as_str()
        .unwrap()
        .to_string();
    app.unishop_data(&seller, "en_US", "product/favorite", json!({"id": product}))
        .await;
    let before = shop_count(app, &stall).await;
    assert_eq!(listed(app, &item_no).await, 1);

    let (status, reply) = app
        .as_staff(
            &catalogue,
            "catalog/products/shelf",
            json!({"ids": [product], "on_shelf": false}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["data"]["changed"], 1);
    // Again: nothing more to do.
    let (_, reply) = app
        .as_staff(
            &catalogue,
            "catalog/products/shelf",
            json!({"ids": [product], "on_shelf": false}),
        )
        .await;
    assert_eq!(reply["data"]["changed"], 0);

    assert_eq!(listed(app, &item_no).await, 0, "gone from search and lists");
    assert_eq!(shop_count(app, &stall).await, before - 1);
    let similar = app
        .post(
            &format!("{U}/product/same_style"),
            json!({"id": product_id_of(2)}),
        )
        .await
        .1;
    assert!(
        similar["data"]["list"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["id"] != product.as_str()),
        "{similar}"
    );
    let (status, reply) = app
        .unishop(
            &seller,
            "en_US",
            "cart/add",
            json!({"sku_id": sku, "quantity": 1}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "This product is no longer on sale.");
    // Its order and the favourite stay, the favourite marked as off the shelf.
    let detail = app
        .unishop_data(&seller, "en_US", "order/detail", json!({"order_no": order}))
        .await;
    assert_eq!(detail["order_no"], order.as_str());
    let favourites = app
        .unishop_data(&seller, "en_US", "product/favorites", json!({}))
        .await;
    assert_eq!(favourites["list"][0]["id"], product.as_str());
    assert_eq!(favourites["list"][0]["off_shelf"], true);
    // The staff table still has it, off the shelf.
    let (_, table) = app
        .as_staff(&catalogue, "catalog/products?shelf=off", Value::Null)
        .await;
    assert_eq!(table["data"]["total"], 1);
    assert_eq!(table["data"]["list"][0]["id"], product.as_str());

    // Back on the shelf in a batch with one already there.
    let (status, reply) = app
        .as_staff(
            &catalogue,
            "catalog/products/shelf",
            json!({"ids": [product, product_id_of(2)], "on_shelf": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["data"]["changed"], 1);
    assert_eq!(listed(app, &item_no).await, 1);
    // A batch naming an unknown product moves nothing.
    let (status, _) = app
        .as_staff(
            &catalogue,
            "catalog/products/shelf",
            json!({"ids": [product, "nope"], "on_shelf": false}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(listed(app, &item_no).await, 1);
}

async fn a_stall_account_reaches_only_its_own_stalls(app: &TestApp) {
    app.seed(30).await;
    let stalls: Vec<(String, String)> = sqlx::query(
        "SELECT p.stall_id, MIN(p.id) AS product_id FROM products p \
         GROUP BY p.stall_id ORDER BY p.stall_id LIMIT 2",
    )
    .fetch_all(&app.db().pool)
    .await
    .unwrap()
    .iter()
    .map(|r| (r.get("stall_id"), r.get("product_id")))
    .collect();
    let (own_stall, own_product) = &stalls[0];
    let (_, other_product) = &stalls[1];
    let supplier = app.staff("13900007301", "stall", &[own_stall]).await;

    let (status, table) = app
        .as_staff(&supplier, "catalog/products?pagesize=100", Value::Null)
        .await;
    assert_eq!(status, StatusCode::OK, "{table}");
    let list = table["data"]["list"].as_array().unwrap();
    assert!(!list.is_empty());
    assert!(
        list.iter().all(|p| p["stall_id"] == own_stall.as_str()),
        "{table}"
    );
    // Asking for another stall by filter still shows only its own.
    let (_, filtered) = app
        .as_staff(
            &supplier,
            &format!("catalog/products?stall_id={}", stalls[1].0),
            Value::Null,
        )
        .await;
    assert_eq!(filtered["data"]["total"], 0);

    let (status, _) = app
        .as_staff(
            &supplier,
            &format!("catalog/product?id={other_product}"),
            Value::Null,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let catalogue = app.staff("13900007302", "catalogue", &[]).await;
    let other_sku = skus_of(app, &catalogue, other_product).await[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let other_stock = app.stock_of(&other_sku).await;
    let (status, _) = stock_change(
        app,
        &supplier,
        json!({"sku_id": other_sku, "delta": 5, "reason": "x"}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(app.stock_of(&other_sku).await, other_stock);
    let (status, _) = app
        .as_staff(
            &supplier,
            "catalog/products/shelf",
            json!({"ids": [own_product, other_product], "on_shelf": false}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, off) = app
        .as_staff(&catalogue, "catalog/products?shelf=off", Value::Null)
        .await;
    assert_eq!(off["data"]["total"], 0, "nothing moved");
    let (status, _) = app
        .as_staff(
            &supplier,
            &format!("catalog/stock/changes?product_id={other_product}"),
            Value::Null,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Its own products it changes.
    let own_sku = skus_of(app, &supplier, own_product).await[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, reply) = stock_change(
        app,
        &supplier,
        json!({"sku_id": own_sku, "delta": 5, "reason": "补货"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let (status, reply) = app
        .as_staff(
            &supplier,
            "catalog/products/shelf",
            json!({"ids": [own_product], "on_shelf": false}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    // And never a seller's data or another role's queue.
    for path in ["orders", "aftersales", "withdrawals", "staff/list", "audit"] {
        assert_eq!(
            app.as_staff(&supplier, path, Value::Null).await.0,
            StatusCode::FORBIDDEN,
            "{path}"
        );
    }
}

async fn save(app: &TestApp, token: &str, path: &str, body: Value) -> String {
    let (status, reply) = app.as_staff(token, path, body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{path} {body}: {reply}");
    reply["data"]["id"].as_str().unwrap().to_string()
}

async fn staff_shape_the_market_with_markets_categories_and_stalls(app: &TestApp) {
    let catalogue = app.staff("13900007401", "catalogue", &[]).await;
    let (_, sites) = app.as_staff(&catalogue, "catalog/area_sites", Value::Null).await;
    let site = sites["data"][0]["id"].as_str().unwrap().to_string();
    let market = save(
        app,
        &catalogue,
        "catalog/markets/save",
        json!({"area_site_id": site, "name_zh": "四季青", "name_en": "Sijiqing", "sort": 1}),
    )
    .await;
    let women = save(
        app,
        &catalogue,
        "catalog/categories/save",
        json!({"name_zh": "女装", "name_en": "Women", "sort": 1}),
    )
    .await;
    let dresses = save(
        app,
        &catalogue,
        "catalog/categories/save",
        json!({"parent_id": women, "name_zh": "连衣裙", "name_en": "Dresses", "sort": 1}),
    )
    .await;
    for (path, body, msg) in [
        (
            "catalog/categories/save",
            json!({"parent_id": dresses, "name_zh": "长裙"}),
            "Categories have two levels: the parent must be a top-level category.",
        ),
        (
            "catalog/categories/save",
            json!({"id": women, "parent_id": dresses, "name_zh": "女装"}),
            "Categories have two levels: the parent must be a top-level category.",
        ),
        (
            "catalog/markets/save",
            json!({"area_site_id": site, "name_zh": " "}),
            "Please fill in Chinese name.",
        ),
        (
            "catalog/markets/save",
            json!({"area_site_id": "nowhere", "name_zh": "x"}),
            "No such area site.",
        ),
        (
            "catalog/stalls/save",
            json!({"market_id": market, "name": "A", "floor": "1F", "number": "101", "category_id": "none"}),
            "No such category.",
        ),
        (
            "catalog/stalls/save",
            json!({"market_id": market, "name": "A", "floor": "", "number": "101", "category_id": dresses}),
            "Please fill in floor.",
        ),
    ] {
        let (status, reply) = app.as_staff(&catalogue, path, body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {reply}");
        assert_eq!(reply["msg"], msg, "{body}");
    }
    let stall = save(
        app,
        &catalogue,
        "catalog/stalls/save",
        json!({"market_id": market, "name": "阿美服饰", "floor": "2F", "number": "A201", "contact": "王姐",
               "wechat": "amei01", "category_id": dresses}),
    )
    .await;
    let other = save(
        app,
        &catalogue,
        "catalog/stalls/save",
        json!({"market_id": market, "name": "小林女装", "floor": "2F", "number": "A202", "category_id": dresses}),
    )
    .await;
    // New stalls rank after the stalls there are, in the order they were added.
    let ranks: Vec<(String, i64)> =
        sqlx::query("SELECT id, ranking FROM stalls ORDER BY ranking DESC, id LIMIT 2")
            .fetch_all(&app.db().pool)
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get("id"), r.get("ranking")))
            .collect();
    assert_eq!(ranks[0].0, other);
    assert_eq!(ranks[1].0, stall);
    assert_eq!(ranks[0].1, ranks[1].1 + 1, "{ranks:?}");
    let (_, markets) = app.as_staff(&catalogue, "catalog/markets", Value::Null).await;
    let listed = markets["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == market.as_str())
        .cloned();
    assert_eq!(listed.unwrap()["stall_count"], 2);
    let (_, categories) = app.as_staff(&catalogue, "catalog/categories", Value::Null).await;
    let child = categories["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == dresses.as_str())
        .cloned();
    assert_eq!(child.unwrap()["parent_id"], women.as_str());
    // The storefront's category tree and stall page show them.
    let tree = app.post(&format!("{U}/category/tree"), json!({})).await.1;
    assert!(tree.to_string().contains("连衣裙"), "{tree}");
    let shop = app
        .post(&format!("{U}/shop/detail"), json!({"id": stall}))
        .await
        .1;
    assert_eq!(shop["data"]["name"], "阿美服饰", "{shop}");

    // The supplier of one stall edits its contacts, and nothing else.
    let supplier = app.staff("13900007402", "stall", &[&stall]).await;
    save(
        app,
        &supplier,
        "catalog/stalls/save",
        json!({"id": stall, "market_id": market, "name": "阿美服饰", "floor": "2F", "number": "A201",
               "contact": "王姐 13512345678", "wechat": "amei02", "category_id": dresses}),
    )
    .await;
    let (_, own) = app.as_staff(&supplier, "catalog/stalls", Value::Null).await;
    assert_eq!(own["data"]["total"], 1);
    assert_eq!(own["data"]["list"][0]["wechat"], "amei02");
    let (status, _) = app
        .as_staff(
            &supplier,
            "catalog/stalls/save",
            json!({"id": other, "market_id": market, "name": "x", "floor": "1", "number": "1", "category_id": dresses}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, reply) = app
        .as_staff(
            &supplier,
            "catalog/stalls/save",
            json!({"market_id": market, "name": "x", "floor": "1", "number": "1", "category_id": dresses}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "A stall account cannot create stalls.");
    let (status, _) = app
        .as_staff(
            &supplier,
            "catalog/markets/save",
            json!({"area_site_id": site, "name_zh": "x"}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Each change is in the trail.
    let owner = app.staff("13900007403", "owner", &[]).await;
    let (_, trail) = app
        .as_staff(
            &owner,
            &format!("audit?object_type=stall&object_id={stall}"),
            Value::Null,
        )
        .await;
    let actions: Vec<&str> = trail["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["stall.update", "stall.create"]);
    assert_eq!(trail["data"]["list"][0]["actor_name"], "stall 13900007402");
}

/// A PNG of `width` × `height` whose colours depend on `seed`, uploaded as a catalogue picture.
async fn upload_picture(app: &TestApp, token: &str, width: u32, height: u32, seed: u8) -> Value {
    use image::{ImageFormat, Rgba, RgbaImage};
    let mut png = Vec::new();
    RgbaImage::from_fn(width, height, |x, y| {
        Rgba([(x / 7) as u8 ^ seed, (y / 5) as u8, seed.wrapping_mul(3), 255])
    })
    .write_to(&mut std::io::Cursor::new(&mut png), ImageFormat::Png)
    .unwrap();
    let part = reqwest::multipart::Part::bytes(png).file_name("front.png");
    let (status, reply) = app
        .send(
            app.client
                .post(app.url("/jpmall/admin/catalog/pictures/upload"))
                .header("admin-token", token)
                .header("content-language", "en_US")
                .multipart(reqwest::multipart::Form::new().part("file", part)),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    reply["data"].clone()
}

async fn a_product_made_in_the_console_is_sold_in_the_storefront(app: &TestApp) {
    app.seed(5).await;
    let catalogue = app.staff("13900007501", "catalogue", &[]).await;
    let (stall, category): (String, String) = {
        let row = sqlx::query("SELECT stall_id, category_id FROM products ORDER BY id LIMIT 1")
            .fetch_one(&app.db().pool)
            .await
            .unwrap();
        (row.get("stall_id"), row.get("category_id"))
    };
    let front = upload_picture(app, &catalogue, 2000, 1000, 1).await;
    assert_eq!(
        (front["width"].as_u64(), front["height"].as_u64()),
        (Some(1600), Some(800)),
        "kept up to 1,600 px"
    );
    let back = upload_picture(app, &catalogue, 800, 800, 2).await;
    let red = upload_picture(app, &catalogue, 400, 400, 3).await;
    let detail = upload_picture(app, &catalogue, 750, 1000, 4).await;
    let product = |skus: Value| {
        json!({"item_no": "JP-8801", "title_zh": "法式碎花连衣裙", "title_en": "French floral dress",
               "category_id": category, "stall_id": stall, "price": "59.00",
               "colours": [{"name_zh": "红色", "name_en": "Red", "picture": red["url"]},
                           {"name_zh": "蓝色", "name_en": "Blue"}],
               "sizes": ["S", "M"], "skus": skus,
               "main_pictures": [front["url"], back["url"]], "detail_pictures": [detail["url"]],
               "is_hot": true, "is_sea": false})
    };
    let four = json!([{"color": "红色", "size": "S", "stock": 10}, {"color": "红色", "size": "M", "stock": 10},
                      {"color": "蓝色", "size": "S", "stock": 5, "price": "61.00"}, {"color": "蓝色", "size": "M", "stock": 0}]);

    // What a person gets wrong is named, and nothing is made.
    let mut bad = Vec::new();
    bad.push((
        product(
            json!([{"color": "红色", "size": "S", "stock": 1}, {"color": "红色", "size": "S", "stock": 2}]),
        ),
        "The SKU 红色/S is given twice.",
    ));
    bad.push((
        product(json!([{"color": "绿色", "size": "S", "stock": 1}])),
        "The SKU 绿色/S is not among the colours and sizes.",
    ));
    let mut negative = product(four.clone());
    negative["price"] = json!("-5");
    bad.push((negative, "The price must be above 0 and at most 100000.00 yuan."));
    let mut unknown = product(four.clone());
    unknown["category_id"] = json!("nope");
    bad.push((unknown, "No such category."));
    let mut no_picture = product(four.clone());
    no_picture["main_pictures"] = json!(["/uploads/catalog/0123456789abcdef0123456789abcdef.jpg"]);
    bad.push((
        no_picture,
        "The picture /uploads/catalog/0123456789abcdef0123456789abcdef.jpg does not exist; upload it again.",
    ));
    for (body, msg) in bad {
        let (status, reply) = app.as_staff(&catalogue, "catalog/products/save", body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
        assert_eq!(reply["msg"], msg);
    }
    assert_eq!(listed(app, "JP-8801").await, 0);

    let (status, made) = app
        .as_staff(&catalogue, "catalog/products/save", product(four.clone()))
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let id = made["data"]["id"].as_str().unwrap().to_string();
    assert_eq!(
        made["data"]["on_shelf"], false,
        "a new product waits off the shelf"
    );
    assert_eq!(made["data"]["skus"].as_array().unwrap().len(), 4);
    assert_eq!(made["data"]["stock_total"], 25);
    assert_eq!(listed(app, "JP-8801").await, 0);
    let (status, reply) = app
        .as_staff(&catalogue, "catalog/products/save", product(four.clone()))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "This stall already has item number JP-8801.");

    let (status, _) = app
        .as_staff(
            &catalogue,
            "catalog/products/shelf",
            json!({"ids": [id], "on_shelf": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    // The storefront: list and search, detail with colours, sizes and SKUs, its pictures.
    assert_eq!(listed(app, "JP-8801").await, 1);
    assert_eq!(listed(app, "floral dress").await, 1);
    let detail = app
        .post_lang(&format!("{U}/product/detail"), "en_US", json!({"id": id}))
        .await
        .1;
    assert_eq!(detail["data"]["title"], "French floral dress", "{detail}");
    assert_eq!(detail["data"]["colors"][0]["name"], "Red");
    assert_eq!(detail["data"]["images"].as_array().unwrap().len(), 2);
    assert_eq!(detail["data"]["details"].as_array().unwrap().len(), 1);
    let blue_s = detail["data"]["skus"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["color"] == "Blue" && s["size"] == "S")
        .cloned()
        .unwrap();
    assert_eq!(blue_s["price"], "61.00");
    let served = app
        .client
        .get(app.url(&format!("/media/p/{id}/main-1.jpg")))
        .send()
        .await
        .unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    let served = image::load_from_memory(&served.bytes().await.unwrap()).unwrap();
    assert_eq!(
        (served.width(), served.height()),
        (1600, 800),
        "the uploaded picture, not a drawn one"
    );
    let colour = app
        .client
        .get(app.url(&format!("/media/p/{id}/color-1.jpg")))
        .send()
        .await
        .unwrap();
    let colour = image::load_from_memory(&colour.bytes().await.unwrap()).unwrap();
    assert_eq!(colour.width(), 400, "the red colour's own picture");

    // Same style: a second product with the same front is its nearest look-alike.
    let mut twin = product(four.clone());
    twin["item_no"] = json!("JP-8802");
    let twin_id = app.as_staff(&catalogue, "catalog/products/save", twin).await.1["data"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    app.as_staff(
        &catalogue,
        "catalog/products/shelf",
        json!({"ids": [twin_id], "on_shelf": true}),
    )
    .await;
    let similar = app
        .post(&format!("{U}/product/same_style"), json!({"id": id}))
        .await
        .1;
    assert_eq!(similar["data"]["list"][0]["id"], twin_id.as_str(), "{similar}");
    assert_eq!(similar["data"]["list"][0]["distance"], 0);

    // A seller orders it.
    let (seller, address) = seller_with_address(app, "13800137500").await;
    let red_m = made["data"]["skus"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["color"] == "红色" && s["size"] == "M")
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let placed = app
        .unishop_data(
            &seller,
            "en_US",
            "order/submit",
            json!({"source": "manual", "lines": [{"sku_id": red_m, "quantity": 3}], "type": "domestic",
                   "address_id": address, "courier": "zto", "qc_level": "basic", "value_added": []}),
        )
        .await;
    assert!(placed["order"]["order_no"].is_string());
    assert_eq!(app.stock_of(&red_m).await, 7);

    // An edit changes prices and adds a SKU, keeps the stock checkouts left, and removes none.
    let mut edit = product(
        json!([{"color": "红色", "size": "S", "stock": 99}, {"color": "红色", "size": "M", "stock": 99},
                                  {"color": "蓝色", "size": "S", "stock": 5}, {"color": "蓝色", "size": "M", "stock": 0},
                                  {"color": "红色", "size": "L", "stock": 4}]),
    );
    edit["id"] = json!(id);
    edit["sizes"] = json!(["S", "M", "L"]);
    edit["price"] = json!("55.00");
    let (status, edited) = app
        .as_staff(&catalogue, "catalog/products/save", edit.clone())
        .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(edited["data"]["skus"].as_array().unwrap().len(), 5);
    assert_eq!(app.stock_of(&red_m).await, 7, "an edit never overwrites stock");
    edit["skus"] = json!([{"color": "红色", "size": "S", "stock": 1}]);
    let (status, reply) = app.as_staff(&catalogue, "catalog/products/save", edit).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        reply["msg"].as_str().unwrap().contains("cannot be removed"),
        "{reply}"
    );
    // A file that is not a picture is refused before it is kept.
    let part = reqwest::multipart::Part::bytes(b"not a picture".to_vec()).file_name("x.png");
    let (status, _) = app
        .send(
            app.client
                .post(app.url("/jpmall/admin/catalog/pictures/upload"))
                .header("admin-token", &catalogue)
                .multipart(reqwest::multipart::Form::new().part("file", part)),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

async fn a_closed_stall_leaves_the_market_and_its_products_leave_the_shelf(app: &TestApp) {
    app.seed(3).await;
    let catalogue = app.staff("13900007601", "catalogue", &[]).await;
    let product = product_id_of(1);
    let row = sqlx::query(
        "SELECT s.id, s.market_id, s.name, s.floor, s.number, s.category_id, p.item_no \
         FROM products p JOIN stalls s ON s.id = p.stall_id WHERE p.id = $1",
    )
    .bind(&product)
    .fetch_one(&app.db().pool)
    .await
    .unwrap();
    let (stall, item_no): (String, String) = (row.get("id"), row.get("item_no"));
    let body = |status: &str| {
        json!({"id": stall, "market_id": row.get::<String, _>("market_id"), "name": row.get::<String, _>("name"),
               "floor": row.get::<String, _>("floor"), "number": row.get::<String, _>("number"),
               "category_id": row.get::<String, _>("category_id"), "status": status})
    };
    let shops_before = stalls_listed(app).await;
    assert_eq!(listed(app, &item_no).await, 1);

    // A supplier cannot close or open its own stall.
    let supplier = app.staff("13900007602", "stall", &[&stall]).await;
    let (status, reply) = app
        .as_staff(&supplier, "catalog/stalls/save", body("closed"))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        reply["msg"],
        "Opening and closing a stall is the platform's decision."
    );
    let (status, reply) = app
        .as_staff(&catalogue, "catalog/stalls/save", body("resting"))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "A stall is open or closed.");
    assert_eq!(listed(app, &item_no).await, 1, "a refused change changes nothing");

    let (status, reply) = app
        .as_staff(&catalogue, "catalog/stalls/save", body("closed"))
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(stalls_listed(app).await, shops_before - 1);
    assert_eq!(listed(app, &item_no).await, 0);
    let (_, own) = app.as_staff(&supplier, "catalog/stalls", Value::Null).await;
    assert_eq!(own["data"]["list"][0]["status"], "closed");
    // Nothing of a closed stall goes back on the shelf.
    let (status, reply) = app
        .as_staff(
            &catalogue,
            "catalog/products/shelf",
            json!({"ids": [product], "on_shelf": true}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert!(
        reply["msg"].as_str().unwrap().contains("stall is closed"),
        "{reply}"
    );
    assert_eq!(listed(app, &item_no).await, 0);

    // Opened again, it is listed; its products wait for staff to shelve them.
    let (status, _) = app
        .as_staff(&catalogue, "catalog/stalls/save", body("open"))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(stalls_listed(app).await, shops_before);
    assert_eq!(listed(app, &item_no).await, 0);
    let owner = app.staff("13900007603", "owner", &[]).await;
    let (_, trail) = app
        .as_staff(
            &owner,
            &format!("audit?object_type=stall&object_id={stall}"),
            Value::Null,
        )
        .await;
    let actions: Vec<&str> = trail["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        ["stall.update", "stall.open", "stall.update", "stall.close"]
    );
}

async fn stalls_listed(app: &TestApp) -> i64 {
    let (status, reply) = app
        .post(&format!("{U}/shop/lists"), json!({"pagesize": 100}))
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    reply["data"]["total"].as_i64().unwrap()
}
