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
    a_stall_account_reaches_only_its_own_stalls
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
            format!("not enough stock: {} left", stock + 50),
        ),
        (
            json!({"sku_id": sku_id, "expected": stock, "stock": 10, "reason": "盘点"}),
            format!(
                "the stock changed meanwhile and is now {}; refresh and try again",
                stock + 50
            ),
        ),
        (
            json!({"sku_id": sku_id, "stock": 10, "reason": "盘点"}),
            "give either a change, or the stock you saw and the new stock".to_string(),
        ),
        (
            json!({"sku_id": sku_id, "delta": 5, "reason": " "}),
            "please give a reason for the stock change".to_string(),
        ),
        (
            json!({"sku_id": sku_id, "delta": 0, "reason": "x"}),
            "the change cannot be 0".to_string(),
        ),
        (
            json!({"sku_id": sku_id, "expected": stock + 50, "stock": 2_000_000, "reason": "x"}),
            "stock must be between 0 and 1000000".to_string(),
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
    let ordered: i64 =
        sqlx::query("SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM order_items WHERE sku_id = $1")
            .bind(&sku)
            .fetch_one(&app.db().pool)
            .await
            .unwrap()
            .get(0);
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
        (row.get(0), row.get(1))
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
    assert_eq!(reply["msg"], "this product is no longer on sale");
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
        "SELECT p.stall_id, MIN(p.id) FROM products p GROUP BY p.stall_id ORDER BY p.stall_id LIMIT 2",
    )
    .fetch_all(&app.db().pool)
    .await
    .unwrap()
    .iter()
    .map(|r| (r.get(0), r.get(1)))
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
