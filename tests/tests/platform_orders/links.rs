//! A link belongs to the platform's SKU, a product-level code resolves each
//! line by its spec, and colours and sizes are found in either language.

use super::*;
use tests::WalkedProduct;

tests::on_both_engines!(
    a_product_code_over_three_specs_is_linked_spec_by_spec_and_a_relink_moves_only_its_own_lines,
    a_whole_item_link_or_a_jpmall_item_number_resolves_each_line_by_its_spec,
    a_colour_is_searched_in_either_language_and_a_size_only_as_itself,
);

/// A code that is no jpmall item number: every line needs the seller's link.
const FOREIGN_CODE: &str = "E120-1016";

fn foreign_file(p: &WalkedProduct) -> Vec<u8> {
    String::from_utf8(p.fixture("douyin-walked.csv"))
        .unwrap()
        .replace(&p.item_no, FOREIGN_CODE)
        .into_bytes()
}

/// Each line's row → the SKU id it orders (null when unlinked), from a preview.
fn skus_by_row(preview: &Value) -> std::collections::BTreeMap<i64, Value> {
    preview["orders"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|o| o["lines"].as_array().unwrap().iter())
        .map(|l| (l["row"].as_i64().unwrap(), l["sku"]["sku_id"].clone()))
        .collect()
}

async fn link_spec(app: &TestApp, token: &str, id: &Value, variation: &str, sku: &str) -> Value {
    data(
        app,
        token,
        "order/platform/link",
        json!({"platform": "douyin", "item_key": "3590000000001", "sku_key": FOREIGN_CODE,
               "sku_id": sku, "title": "女士针织开衫", "variation": variation, "id": id}),
    )
    .await
}

async fn a_product_code_over_three_specs_is_linked_spec_by_spec_and_a_relink_moves_only_its_own_lines(
    app: &TestApp,
) {
    app.seed(10).await;
    let p = app.walked_product().await;
    let token = app.register("13800004511", "abc12345").await;
    let (status, reply) = import(app, &token, foreign_file(&p), "抖店订单.csv").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let preview = reply["data"].clone();
    let id = preview["id"].clone();
    let (c1, c2, c3) = (&p.colours[0].0, &p.colours[1].0, &p.colours[2].0);

    // One unlinked item per spec, the long form 颜色分类:X;尺码:Y read as the same X;Y.
    let mut specs: Vec<String> = preview["unlinked"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["spec"].as_str().unwrap().to_string())
        .collect();
    specs.sort();
    let mut want = vec![format!("{c1};M"), format!("{c2};L"), format!("{c3};L")];
    want.sort();
    assert_eq!(specs, want, "{preview}");

    // Rows 2, 4, 5 and 8 are the 4 lines of c1;M (row 1 is the header).
    let linked = link_spec(app, &token, &id, &format!("{c1};M"), &p.sku(1, "M")).await;
    assert_eq!(linked["lines"], 4, "{linked}");
    assert_eq!(linked["rows"], json!([2, 4, 5, 8]));
    assert_eq!(linked["message"], "Linked 4 line(s).");
    let preview = data(app, &token, "order/platform/preview", json!({"id": id})).await;
    let by_row = skus_by_row(&preview);
    for row in [2, 4, 5, 8] {
        assert_eq!(by_row[&row], p.sku(1, "M"), "row {row}: {preview}");
    }
    for row in [3, 6, 7, 9] {
        assert_eq!(by_row[&row], Value::Null, "row {row} is another spec: {preview}");
    }
    // The purple line and the long-form haze line block their orders until they are linked.
    let first = order_of(&preview, "6930000000000000001");
    assert_eq!(
        (&first["state"], &first["reason_key"]),
        (&json!("blocked"), &json!("platform.unlinked"))
    );
    assert_eq!(
        first["reason"],
        "Row 3: the platform item is not linked to a jpmall item yet."
    );
    assert_eq!(preview["totals"]["unlinked"], 2);

    link_spec(app, &token, &id, &format!("{c2};L"), &p.sku(2, "L")).await;
    let long = link_spec(app, &token, &id, &format!("颜色分类:{c3};尺码:L"), &p.sku(3, "L")).await;
    assert_eq!(
        (long["lines"].as_i64(), &long["spec"]),
        (Some(2), &json!(format!("{c3};L")))
    );
    let preview = data(app, &token, "order/platform/preview", json!({"id": id})).await;
    assert_eq!(preview["totals"]["unlinked"], 0, "{preview}");
    let by_row = skus_by_row(&preview);
    assert_eq!(by_row[&3], p.sku(2, "L"));
    assert_eq!(by_row[&6], p.sku(3, "L"));

    // Relinking the purple spec (to its M) moves its 2 lines and no other.
    let relinked = link_spec(app, &token, &id, &format!("{c2};L"), &p.sku(2, "M")).await;
    assert_eq!(relinked["rows"], json!([3, 7]), "{relinked}");
    let after = skus_by_row(&data(app, &token, "order/platform/preview", json!({"id": id})).await);
    for (row, sku) in &after {
        let want = match row {
            3 | 7 => p.sku(2, "M"),
            6 | 9 => p.sku(3, "L"),
            _ => p.sku(1, "M"),
        };
        assert_eq!(sku, &json!(want), "row {row}");
    }

    // The links tab lists three per-SKU links, each with its spec.
    let links = data(app, &token, "order/platform/links", json!({})).await;
    assert_eq!(links["total"], 3, "{links}");
    for link in links["list"].as_array().unwrap() {
        assert_eq!(link["scope"], "sku");
        assert!(
            want.contains(&link["spec"].as_str().unwrap().to_string()),
            "{link}"
        );
    }
    // Unlinking one spec leaves the others linked.
    data(
        app,
        &token,
        "order/platform/unlink",
        json!({"platform": "douyin", "item_key": "3590000000001", "sku_key": FOREIGN_CODE,
               "scope": "sku", "variation": format!("{c2};L")}),
    )
    .await;
    let preview = data(app, &token, "order/platform/preview", json!({"id": id})).await;
    assert_eq!(preview["totals"]["unlinked"], 1, "{preview}");
    assert_eq!(skus_by_row(&preview)[&2], p.sku(1, "M"));
}

async fn a_whole_item_link_or_a_jpmall_item_number_resolves_each_line_by_its_spec(app: &TestApp) {
    app.seed(10).await;
    let p = app.walked_product().await;
    let token = app.register("13800004512", "abc12345").await;
    let (_, reply) = import(app, &token, foreign_file(&p), "a.csv").await;
    let id = reply["data"]["id"].clone();
    let linked = data(
        app,
        &token,
        "order/platform/link",
        json!({"platform": "douyin", "item_key": "3590000000001", "sku_key": FOREIGN_CODE,
               "sku_id": p.sku(1, "M"), "title": "女士针织开衫", "variation": "", "scope": "product",
               "id": id}),
    )
    .await;
    assert_eq!(
        (linked["lines"].as_i64(), linked["unresolved"].as_i64()),
        (Some(8), Some(0)),
        "{linked}"
    );
    let preview = data(app, &token, "order/platform/preview", json!({"id": id})).await;
    let by_row = skus_by_row(&preview);
    assert_eq!(by_row[&2], p.sku(1, "M"));
    assert_eq!(by_row[&3], p.sku(2, "L"));
    assert_eq!(by_row[&6], p.sku(3, "L"), "the long form is split");
    let line = &order_of(&preview, "6930000000000000001")["lines"][1];
    assert_eq!(line["linked_by"], "product", "{line}");
    let links = data(app, &token, "order/platform/links", json!({})).await;
    assert_eq!(
        (&links["list"][0]["scope"], &links["list"][0]["spec"]),
        (&json!("product"), &json!(""))
    );

    // A 商家编码 that is the jpmall item number needs no link at all.
    let other = app.register("13800004513", "abc12345").await;
    // (Its second buyer's mobile cut to seven digits: item 7 on the walked file.)
    let file = String::from_utf8(p.fixture("douyin-walked.csv"))
        .unwrap()
        .replace("13900139000", "1381234");
    let (_, reply) = import(app, &other, file.into_bytes(), "b.csv").await;
    let preview = reply["data"].clone();
    assert_eq!(preview["totals"]["unlinked"], 0, "{preview}");
    let short = order_of(&preview, "6930000000000000002");
    assert_eq!(
        (&short["state"], &short["reason_key"]),
        (&json!("blocked"), &json!("address.phone_invalid")),
        "a 7-digit phone is no Chinese mobile: {short}"
    );
    let by_row = skus_by_row(&preview);
    assert_eq!(by_row[&3], p.sku(2, "L"));
    assert_eq!(by_row[&9], p.sku(3, "L"));
    assert_eq!(
        order_of(&preview, "6930000000000000004")["lines"][0]["linked_by"],
        "item_no"
    );
}

async fn a_colour_is_searched_in_either_language_and_a_size_only_as_itself(app: &TestApp) {
    app.seed(10).await;
    let p = app.walked_product().await;
    let token = app.register("13800004514", "abc12345").await;
    let (zh, en) = p.colours[0].clone();
    for lang in ["zh_CN", "en_US"] {
        for colour in [zh.as_str(), en.as_str(), &en.to_lowercase()] {
            let found = app
                .unishop_data(
                    &token,
                    lang,
                    "order/platform/sku_search",
                    json!({"item_no": p.item_no, "color": colour, "size": "M"}),
                )
                .await;
            let ids: Vec<&str> = found
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["sku_id"].as_str().unwrap())
                .collect();
            assert_eq!(ids, vec![p.sku(1, "M").as_str()], "{lang} {colour}: {found}");
            let shown = if lang == "en_US" { &en } else { &zh };
            assert_eq!(&found[0]["color"], shown);
        }
    }
    let sized = app
        .unishop_data(
            &token,
            "zh_CN",
            "order/platform/sku_search",
            json!({"item_no": p.item_no, "size": "L"}),
        )
        .await;
    for sku in sized.as_array().unwrap() {
        assert_eq!(sku["size"], "L", "L lists no XL: {sized}");
    }
}
