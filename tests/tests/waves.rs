//! Marking a pick wave over HTTP on both engines: a stall's or the whole wave's unmarked lines got in
//! one call that leaves the lines marked missed as they were and finds nothing to mark a second
//! time, a miss cleared only by saying so, the short count the close then uses, and the calls
//! behind the warehouse's and the owner's roles.

use std::collections::BTreeMap;

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, TestApp};

use crate::warehouse::{ok_data, paid_order, seller, skus_by_stall};

on_both_engines!(a_stall_is_marked_got_in_one_call_and_a_miss_is_cleared_only_on_purpose);

/// A staff call in Chinese.
async fn in_chinese(app: &TestApp, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
    app.send(
        app.client
            .post(app.url(&format!("/jpmall/admin/{path}")))
            .json(&body)
            .header("admin-token", token)
            .header("content-language", "zh_CN"),
    )
    .await
}

/// Each line's mark by SKU (null while unmarked).
fn marks(wave: &Value) -> BTreeMap<String, Value> {
    wave["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["sku_id"].as_str().unwrap().to_string(), l["missed"].clone()))
        .collect()
}

async fn a_stall_is_marked_got_in_one_call_and_a_miss_is_cleared_only_on_purpose(app: &TestApp) {
    app.seed(60).await;
    let stalls: Vec<(String, Vec<String>)> = skus_by_stall(app, 2, 2).await.into_iter().collect();
    assert_eq!(stalls.len(), 2, "the demo market has stalls with stock");
    let (stall_a, a) = &stalls[0];
    let (stall_b, b) = &stalls[1];
    let who = seller(app, "13800000061").await;
    // One order per SKU: a0 × 2, a1 × 3, b0 × 1, b1 × 2.
    let mut orders = BTreeMap::new();
    for (sku, quantity) in [(&a[0], 2), (&a[1], 3), (&b[0], 1), (&b[1], 2)] {
        orders.insert(sku.clone(), paid_order(app, &who, &[(sku, quantity)]).await);
    }
    let warehouse = app.staff("13900000161", "warehouse", &[]).await;
    let owner = app.staff("13900000162", "owner", &[]).await;
    let wave = ok_data(app, &warehouse, "waves/create", json!({})).await;
    let id = wave["id"].as_str().unwrap().to_string();
    assert_eq!(wave["line_count"], 4, "{wave}");

    // a1 missing 1 of 3 and b1 missing 2 of 2, marked line by line.
    ok_data(
        app,
        &warehouse,
        "waves/mark",
        json!({"id": id, "sku_id": a[1], "missed": 1}),
    )
    .await;
    ok_data(
        app,
        &warehouse,
        "waves/mark",
        json!({"id": id, "sku_id": b[1], "missed": 2}),
    )
    .await;

    // Stall a marked got in one call, sent twice at once: one marks a0 and keeps a1's miss, the
    // other finds nothing left to mark and changes nothing.
    let body = json!({"id": id, "stall_id": stall_a});
    let answers = join_all([0, 1].map(|_| app.as_staff(&warehouse, "waves/mark_all", body.clone()))).await;
    let done: Vec<&Value> = answers
        .iter()
        .filter(|(status, _)| *status == StatusCode::OK)
        .map(|(_, reply)| &reply["data"])
        .collect();
    assert_eq!(done.len(), 1, "{answers:?}");
    assert_eq!(done[0]["marked"], 1, "{}", done[0]);
    assert_eq!(done[0]["kept_missed"], 1, "{}", done[0]);
    let refused = answers
        .iter()
        .find(|(status, _)| *status != StatusCode::OK)
        .unwrap();
    assert_eq!(refused.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.1);
    assert_eq!(refused.1["msg"], "Every line here is marked already.");
    let now = ok_data(app, &warehouse, &format!("waves/detail?id={id}"), Value::Null).await;
    let marked = marks(&now);
    assert_eq!(marked[&a[0]], 0);
    assert_eq!(marked[&a[1]], 1, "the miss is left as it was");
    assert_eq!(marked[&b[0]], Value::Null, "the other stall is untouched");
    assert_eq!(marked[&b[1]], 2);
    assert_eq!(now["missed"], 3);
    // Again, in Chinese: still nothing to mark.
    let (status, reply) = in_chinese(app, &warehouse, "waves/mark_all", body.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "这里的每一行都已标记");
    // A stall not on the list is named.
    let (status, reply) = app
        .as_staff(
            &warehouse,
            "waves/mark_all",
            json!({"id": id, "stall_id": "no-such-stall"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["data"]["field"], "stall_id");

    // Only the warehouse and the owner mark; every other role is refused and changes nothing.
    for (n, role) in ["service", "finance", "marketing", "catalogue"]
        .iter()
        .enumerate()
    {
        let token = app.staff(&format!("1390000017{n}"), role, &[]).await;
        for (path, body) in [
            ("waves/mark_all", json!({"id": id})),
            ("waves/clear_miss", json!({"id": id, "sku_id": b[1]})),
        ] {
            let (status, reply) = app.as_staff(&token, path, body).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{role} {path}: {reply}");
        }
    }
    let stall_account = app.staff("13900000179", "stall", &[stall_b.as_str()]).await;
    let (status, _) = app
        .as_staff(
            &stall_account,
            "waves/mark_all",
            json!({"id": id, "stall_id": stall_b}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let seller_token = &who.token;
    let (status, _) = app
        .as_staff(seller_token, "waves/mark_all", json!({"id": id}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // The owner marks the rest of the wave: b0 only; both misses are kept.
    let rest = ok_data(app, &owner, "waves/mark_all", json!({"id": id})).await;
    assert_eq!(
        (rest["marked"].as_i64(), rest["kept_missed"].as_i64()),
        (Some(1), Some(2)),
        "{rest}"
    );
    assert_eq!(marks(&rest["wave"])[&b[0]], 0);

    // Marking a missed line got is refused with what it was marked; the miss stays.
    let (status, reply) = app
        .as_staff(
            &warehouse,
            "waves/mark",
            json!({"id": id, "sku_id": b[1], "missed": 0}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["data"]["field"], "missed");
    assert_eq!(
        reply["msg"],
        format!(
            "{} was marked missing 2 of 2; clear the miss to mark it got.",
            b[1]
        )
    );
    let (_, reply) = in_chinese(
        app,
        &warehouse,
        "waves/mark",
        json!({"id": id, "sku_id": b[1], "missed": 0}),
    )
    .await;
    assert_eq!(
        reply["msg"],
        format!("{} 已标记缺 2 / 2，请先清除缺货再标记拿到", b[1])
    );
    // Cleared on purpose: b1 got, the short count falls to a1's one piece; clearing again is nothing.
    let cleared = ok_data(
        app,
        &warehouse,
        "waves/clear_miss",
        json!({"id": id, "sku_id": b[1]}),
    )
    .await;
    assert_eq!(marks(&cleared)[&b[1]], 0);
    assert_eq!(cleared["missed"], 1);
    let again = ok_data(
        app,
        &warehouse,
        "waves/clear_miss",
        json!({"id": id, "sku_id": b[1]}),
    )
    .await;
    assert_eq!(again["missed"], 1);
    // A line never marked missed has no miss to clear.
    let (status, reply) = app
        .as_staff(
            &warehouse,
            "waves/clear_miss",
            json!({"id": id, "sku_id": "no-such-sku"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["data"]["field"], "sku_id");

    // Closed with a1's one piece short: its order is short of it, the others prepared.
    let closed = ok_data(app, &warehouse, "waves/close", json!({"id": id})).await;
    assert_eq!(closed["missed"], 1, "{closed}");
    let outcome = |sku: &String| {
        closed["orders"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["order_no"] == orders[sku].as_str())
            .unwrap()["outcome"]
            .clone()
    };
    assert_eq!(outcome(&a[1]), "short");
    for sku in [&a[0], &b[0], &b[1]] {
        assert_eq!(outcome(sku), "prepared", "{sku}");
    }
    // A closed wave takes no batch and no correction.
    for (path, body) in [
        ("waves/mark_all", json!({"id": id})),
        ("waves/clear_miss", json!({"id": id, "sku_id": a[1]})),
    ] {
        let (status, reply) = app.as_staff(&warehouse, path, body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {reply}");
        assert_eq!(reply["msg"], "The wave is closed.");
    }

    // The events and the audit trail say what was done, once each.
    let events: Vec<String> = sqlx::query(
        "SELECT event_type FROM events WHERE aggregate_type = 'wave' AND aggregate_id = $1 ORDER BY sequence",
    )
    .bind(&id)
    .fetch_all(&app.db().pool)
    .await
    .unwrap()
    .iter()
    .map(|r| r.get("event_type"))
    .collect();
    assert_eq!(
        events,
        [
            "WaveCreated",
            "LineMarked",
            "LineMarked",
            "LinesMarkedGot",
            "LinesMarkedGot",
            "MissCleared",
            "WaveClosed",
            "WaveSettled"
        ],
    );
    let actions: Vec<String> =
        sqlx::query("SELECT action FROM staff_actions WHERE object_id = $1 ORDER BY id")
            .bind(&id)
            .fetch_all(&app.db().pool)
            .await
            .unwrap()
            .iter()
            .map(|r| r.get("action"))
            .collect();
    assert!(actions.contains(&"wave.mark_all_got".to_string()), "{actions:?}");
    assert!(actions.contains(&"wave.clear_miss".to_string()), "{actions:?}");
}
