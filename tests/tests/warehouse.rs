//! The warehouse and service desk of the staff console over HTTP on both engines: pick
//! waves closed once however often and by however many, batch shipping that ships what it can,
//! tracking-number sheets previewed then applied, every new call behind its role, and the CLI steps.

use std::collections::{BTreeMap, HashSet};
use std::io::Cursor;

use calamine::{open_workbook_from_rs, Reader, Xlsx};
use futures::future::join_all;
use reqwest::StatusCode;
use rust_xlsxwriter::Workbook;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, TestApp};

on_both_engines!(
    a_wave_prepares_what_was_got_and_refunds_what_was_missed_once,
    a_wave_for_a_stall_or_market_takes_only_orders_wholly_from_it,
    a_batch_ships_what_it_can_and_reports_the_rest,
    a_tracking_sheet_is_previewed_applied_and_changes_nothing_again,
    every_new_call_follows_the_roles,
    the_cli_makes_shows_and_closes_waves_and_ships_from_a_sheet,
    the_desks_read_ledgers_payouts_coupons_notices_and_figures,
);

/// A seller with a saved address and money in the wallet.
pub(crate) struct Seller {
    pub(crate) token: String,
    pub(crate) address_id: String,
}

pub(crate) async fn seller(app: &TestApp, mobile: &str) -> Seller {
    let token = app.register(mobile, "abc123").await;
    let saved = app
        .unishop_data(
            &token,
            "zh_CN",
            "address/add",
            json!({"recipient": "李四", "phone": "13900001111", "province": "广东省", "city": "广州市",
                   "district": "白云区", "detail": "三元里大道 1 号"}),
        )
        .await;
    app.top_up(&token, "20000").await;
    Seller {
        token,
        address_id: saved["id"].as_str().unwrap().to_string(),
    }
}

/// A paid domestic order of `lines` (sku, quantity), ZTO, no QC.
pub(crate) async fn paid_order(app: &TestApp, seller: &Seller, lines: &[(&str, i64)]) -> String {
    let lines: Vec<Value> = lines
        .iter()
        .map(|(sku, quantity)| json!({"sku_id": sku, "quantity": quantity}))
        .collect();
    let placed = app
        .unishop_data(
            &seller.token,
            "zh_CN",
            "order/submit",
            json!({"source": "manual", "lines": lines, "type": "domestic", "address_id": seller.address_id,
                   "courier": "zto", "qc_level": "none", "value_added": []}),
        )
        .await;
    let order_no = placed["order"]["order_no"].as_str().unwrap().to_string();
    app.unishop_data(
        &seller.token,
        "zh_CN",
        "order/pay",
        json!({"order_no": order_no, "method": "wallet"}),
    )
    .await;
    order_no
}

/// `per_stall` SKUs with at least 50 in stock from each of `stalls` different stalls: stall → SKUs.
pub(crate) async fn skus_by_stall(
    app: &TestApp,
    stalls: usize,
    per_stall: usize,
) -> BTreeMap<String, Vec<String>> {
    let rows = sqlx::query(
        "SELECT p.stall_id, k.id FROM skus k JOIN products p ON p.id = k.product_id WHERE k.stock >= 50 \
         ORDER BY p.stall_id, k.id",
    )
    .fetch_all(&app.db().pool)
    .await
    .unwrap();
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for r in rows {
        let list = found.entry(r.get("stall_id")).or_default();
        if list.len() < per_stall {
            list.push(r.get("id"));
        }
    }
    found.retain(|_, list| list.len() == per_stall);
    found.into_iter().take(stalls).collect()
}

pub(crate) async fn ok_data(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    let (status, reply) = app.as_staff(token, path, body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{path} {body}: {reply}");
    reply["data"].clone()
}

async fn order_state(app: &TestApp, order_no: &str) -> (String, String, String) {
    let r = sqlx::query("SELECT status, stock_status, tracking_no FROM orders WHERE order_no = $1")
        .bind(order_no)
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    (r.get("status"), r.get("stock_status"), r.get("tracking_no"))
}

async fn refunds_of(app: &TestApp, order_no: &str) -> Vec<(String, i64)> {
    sqlx::query(
        "SELECT reference, amount FROM wallet_ledger WHERE kind = 'refund' AND reference LIKE $1 ORDER BY reference",
    )
    .bind(format!("{order_no}%"))
    .fetch_all(&app.db().pool)
    .await
    .unwrap()
    .iter()
    .map(|r| (r.get("reference"), r.get("amount")))
    .collect()
}

async fn a_wave_prepares_what_was_got_and_refunds_what_was_missed_once(app: &TestApp) {
    app.seed(60).await;
    let stalls = skus_by_stall(app, 5, 2).await;
    assert_eq!(stalls.len(), 5, "the demo market has five stalls with stock");
    let sellers = [
        seller(app, "13800000001").await,
        seller(app, "13800000002").await,
        seller(app, "13800000003").await,
    ];
    // 30 orders: six per stall, each of one or two SKUs of its stall, spread over the three sellers.
    let mut orders = Vec::new();
    for (s, skus) in stalls.values().enumerate() {
        for n in 0..6 {
            let lines: Vec<(&str, i64)> = if n % 2 == 0 {
                vec![(skus[0].as_str(), 1)]
            } else {
                vec![(skus[0].as_str(), 1), (skus[1].as_str(), 2)]
            };
            let who = &sellers[(s + n) % 3];
            orders.push((paid_order(app, who, &lines).await, (s + n) % 3, lines.len()));
        }
    }
    let warehouse = app.staff("13900000101", "warehouse", &[]).await;
    let other = app.staff("13900000102", "warehouse", &[]).await;
    let wave = ok_data(app, &warehouse, "waves/create", json!({})).await;
    let id = wave["id"].as_str().unwrap().to_string();
    assert_eq!(wave["status"], "open");
    assert_eq!(wave["order_count"], 30);
    let lines = wave["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 10, "one line per SKU: {wave}");
    assert_eq!(
        lines.iter().map(|l| l["quantity"].as_i64().unwrap()).sum::<i64>(),
        5 * (6 + 3 * 2),
        "every piece of every order"
    );
    let stall_order: Vec<&str> = lines.iter().map(|l| l["stall_id"].as_str().unwrap()).collect();
    let mut walked = stall_order.clone();
    walked.dedup();
    assert_eq!(walked.len(), 5, "a stall's lines stand together: {stall_order:?}");
    // A second wave finds nothing left: every waiting order is in this one.
    let (status, reply) = app.as_staff(&warehouse, "waves/create", json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["msg"], "No paid orders wait for stock here.");

    // Stall 1: its first SKU got but one piece missed; stall 2: its second SKU wholly missed.
    let stall_skus: Vec<&Vec<String>> = stalls.values().collect();
    let partly = stall_skus[0][0].clone();
    let wholly = stall_skus[1][1].clone();
    let marked = ok_data(
        app,
        &warehouse,
        "waves/mark",
        json!({"id": id, "sku_id": partly, "missed": 1}),
    )
    .await;
    let line = marked["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["sku_id"] == partly.as_str())
        .unwrap()
        .clone();
    assert_eq!(line["missed"], 1);
    let (status, reply) = app
        .as_staff(
            &warehouse,
            "waves/mark",
            json!({"id": id, "sku_id": partly, "missed": 99}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["data"]["field"], "missed");

    // Two staff close it at once, one of them twice; the missed line goes in with the close.
    let body = json!({"id": id, "missed": [{"sku_id": wholly, "quantity": 6}]});
    let closes = join_all(
        [&warehouse, &other, &warehouse].map(|token| app.as_staff(token, "waves/close", body.clone())),
    )
    .await;
    for (status, reply) in &closes {
        assert_eq!(*status, StatusCode::OK, "{reply}");
    }
    let closed = ok_data(app, &warehouse, &format!("waves/detail?id={id}"), Value::Null).await;
    assert_eq!(closed["status"], "closed", "{closed}");
    assert_eq!(closed["missed"], 7);
    // read in English, each line's colour and size are the product's English ones, as the storefront shows them
    for line in closed["lines"].as_array().unwrap() {
        let product = app
            .unishop_data("", "en_US", "product/detail", json!({"id": line["product_id"]}))
            .await;
        let sku = product["skus"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == line["sku_id"])
            .unwrap_or_else(|| panic!("{product}"));
        assert_eq!(
            (&line["color"], &line["size"]),
            (&sku["color"], &sku["size"]),
            "{line}"
        );
    }
    let outcomes: BTreeMap<String, String> = closed["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["order_no"].as_str().unwrap().to_string(),
                o["outcome"].as_str().unwrap().to_string(),
            )
        })
        .collect();

    // The missed piece of `partly` comes out of the order paid last among those that hold it.
    let holders_of = |sku: &str| -> Vec<String> {
        closed["lines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["sku_id"] == sku)
            .unwrap()["orders"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["order_no"].as_str().unwrap().to_string())
            .collect()
    };
    let partly_holders = holders_of(&partly);
    let last = partly_holders.last().unwrap().clone();
    let wholly_holders = holders_of(&wholly);
    for (order_no, seller_index, line_count) in &orders {
        let (status, stock, _) = order_state(app, order_no).await;
        let refunds = refunds_of(app, order_no).await;
        if wholly_holders.contains(order_no) {
            // Two pieces of a two-line order missed: short, refunded for them, prepared for the rest.
            assert_eq!(outcomes[order_no], "short", "{order_no}");
            assert_eq!(
                (status.as_str(), stock.as_str()),
                ("to_be_shipped", "stock_prepared")
            );
            assert_eq!(refunds.len(), 1, "{order_no}: {refunds:?}");
            assert_eq!(refunds[0].0, format!("{order_no}-short-1"));
        } else if order_no == &last {
            if *line_count == 1 {
                assert_eq!(outcomes[order_no], "cancelled");
                assert_eq!(status, "cancelled");
            } else {
                assert_eq!(outcomes[order_no], "short");
                assert_eq!(stock, "stock_prepared");
            }
            assert_eq!(refunds.len(), 1, "{order_no}: {refunds:?}");
        } else {
            assert_eq!(outcomes[order_no], "prepared", "{order_no}");
            assert_eq!(
                (status.as_str(), stock.as_str()),
                ("to_be_shipped", "stock_prepared")
            );
            assert!(refunds.is_empty(), "{order_no}: {refunds:?}");
        }
        let _ = seller_index;
    }
    // The sellers were told: an out-of-stock message for each short order.
    for order_no in wholly_holders.iter().chain([&last]) {
        let owner = &sellers[orders.iter().find(|o| &o.0 == order_no).unwrap().1];
        let messages = app
            .unishop_data(
                &owner.token,
                "en_US",
                "message/lists",
                json!({"page": 1, "pagesize": 100}),
            )
            .await;
        assert!(
            messages["list"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["kind"] == "out_of_stock" && m.to_string().contains(order_no.as_str())),
            "{order_no}: {messages}"
        );
    }
    // Closing once more changes nothing.
    let refunds_before: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM wallet_ledger WHERE kind = 'refund'")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    let again = ok_data(app, &other, "waves/close", json!({"id": id})).await;
    assert_eq!(again["status"], "closed");
    let refunds_after: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM wallet_ledger WHERE kind = 'refund'")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(refunds_before, refunds_after);
    assert_eq!(refunds_after as usize, wholly_holders.len() + 1);
    // Every step names its staff member: in the audit trail and in the order events' metadata.
    let audit = ok_data(app, &warehouse, "waves?status=closed", Value::Null).await;
    assert_eq!(audit["total"], 1);
    let actions: Vec<String> =
        sqlx::query("SELECT action FROM staff_actions WHERE object_id = $1 ORDER BY id")
            .bind(&id)
            .fetch_all(&app.db().pool)
            .await
            .unwrap()
            .iter()
            .map(|r| r.get("action"))
            .collect();
    assert!(actions.contains(&"wave.create".to_string()), "{actions:?}");
    assert!(actions.contains(&"wave.close".to_string()), "{actions:?}");
    let staff_events: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM events WHERE aggregate_type = 'order' AND event_type = 'StockPrepared' \
         AND CAST(metadata AS TEXT) LIKE '%staff_id%'",
    )
    .fetch_one(&app.db().pool)
    .await
    .unwrap();
    assert!(staff_events >= 28, "{staff_events}");
}

async fn a_wave_for_a_stall_or_market_takes_only_orders_wholly_from_it(app: &TestApp) {
    app.seed(40).await;
    let stalls = skus_by_stall(app, 2, 1).await;
    let (stall_ids, sku_lists): (Vec<&String>, Vec<&Vec<String>>) = stalls.iter().unzip();
    let (one, two) = (sku_lists[0][0].as_str(), sku_lists[1][0].as_str());
    let buyer = seller(app, "13800000061").await;
    let only_first = paid_order(app, &buyer, &[(one, 1)]).await;
    let only_second = paid_order(app, &buyer, &[(two, 1)]).await;
    let mixed = paid_order(app, &buyer, &[(one, 1), (two, 1)]).await;
    let warehouse = app.staff("13900000161", "warehouse", &[]).await;
    let (status, reply) = app
        .as_staff(&warehouse, "waves/create", json!({"market_id": "no-such-market"}))
        .await;
    assert_eq!(
        (status, reply["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("market_id"))
    );
    assert_eq!(reply["msg"], "No such market.");
    let wave = ok_data(app, &warehouse, "waves/create", json!({"stall_id": stall_ids[0]})).await;
    let orders: Vec<&str> = wave["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["order_no"].as_str().unwrap())
        .collect();
    assert_eq!(orders, [only_first.as_str()], "the mixed order is not split");
    assert_ne!(wave["stall_name"], "");
    // Its seller cancels it before the wave closes: the wave leaves it as it is and says why.
    app.unishop_data(
        &buyer.token,
        "zh_CN",
        "order/cancel",
        json!({"order_no": only_first}),
    )
    .await;
    let closed = ok_data(app, &warehouse, "waves/close", json!({"id": wave["id"]})).await;
    assert_eq!(closed["orders"][0]["outcome"], "skipped", "{closed}");
    assert!(
        closed["orders"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("cancelled"),
        "{closed}"
    );
    assert_eq!(closed["orders"][0]["status"], "cancelled");
    let market: String = sqlx::query_scalar("SELECT market_id FROM stalls WHERE id = $1")
        .bind(stall_ids[1])
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    let by_market = ok_data(app, &warehouse, "waves/create", json!({"market_id": market})).await;
    let taken: HashSet<&str> = by_market["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["order_no"].as_str().unwrap())
        .collect();
    assert!(taken.contains(only_second.as_str()), "{by_market}");
    assert!(!taken.contains(only_first.as_str()), "already in a wave");
    let rest = ok_data(app, &warehouse, "waves/create", json!({})).await;
    let rest: Vec<&str> = rest["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["order_no"].as_str().unwrap())
        .filter(|no| !taken.contains(no))
        .collect();
    assert!(rest.contains(&mixed.as_str()) || taken.contains(mixed.as_str()));
    let open = ok_data(app, &warehouse, "waves?status=open", Value::Null).await;
    assert_eq!(open["total"], 2, "the stall's wave is closed");
    assert!(
        open["list"][0].get("lines").is_none(),
        "the list leaves the lines out"
    );
}

/// Paid orders whose stock a wave prepared, one SKU each.
async fn prepared_orders(app: &TestApp, count: usize, sellers: &[Seller], warehouse: &str) -> Vec<String> {
    let skus = skus_by_stall(app, 3, 3).await;
    let skus: Vec<&String> = skus.values().flatten().collect();
    let mut orders = Vec::new();
    for n in 0..count {
        let sku = skus[n % skus.len()].as_str();
        orders.push(paid_order(app, &sellers[n % sellers.len()], &[(sku, 1)]).await);
    }
    let wave = ok_data(app, warehouse, "waves/create", json!({})).await;
    let closed = ok_data(app, warehouse, "waves/close", json!({"id": wave["id"]})).await;
    assert_eq!(closed["status"], "closed");
    orders
}

fn zto_number(n: usize) -> String {
    format!("7310{:08}", n)
}

async fn a_batch_ships_what_it_can_and_reports_the_rest(app: &TestApp) {
    app.seed(40).await;
    let sellers = [seller(app, "13800000011").await, seller(app, "13800000012").await];
    // The second seller ships several items as each is ready: her orders carry that priority.
    app.unishop_data(
        &sellers[1].token,
        "zh_CN",
        "forward/save",
        json!({"sender_name": "小王服饰", "sender_phone": "13800001111", "shipping_priority": "split"}),
    )
    .await;
    let warehouse = app.staff("13900000111", "warehouse", &[]).await;
    let orders = prepared_orders(app, 50, &sellers, &warehouse).await;
    let queue = ok_data(app, &warehouse, "orders/to_ship?pagesize=100", Value::Null).await;
    assert_eq!(queue["total"], 50);
    let split = ok_data(
        app,
        &warehouse,
        "orders/to_ship?priority=split&pagesize=100",
        Value::Null,
    )
    .await;
    assert_eq!(split["total"], 25);
    assert!(split["list"]
        .as_array()
        .unwrap()
        .iter()
        .all(|o| o["shipping_priority"] == "split" && o["mobile"] == "13800000012"));
    let (status, _) = app
        .as_staff(&warehouse, "orders/to_ship?priority=soon", Value::Null)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(queue["list"][0]["mobile"]
        .as_str()
        .unwrap()
        .starts_with("1380000001"));
    let filtered = ok_data(app, &warehouse, "orders/to_ship?courier=sf", Value::Null).await;
    assert_eq!(filtered["total"], 0);
    // Three orders are cancelled by their sellers meanwhile.
    let cancelled: Vec<&String> = [3, 17, 42].iter().map(|i| &orders[*i]).collect();
    for (i, order_no) in [3usize, 17, 42].iter().zip(&cancelled) {
        app.unishop_data(
            &sellers[i % 2].token,
            "zh_CN",
            "order/cancel",
            json!({"order_no": order_no, "reason": "买家不要了"}),
        )
        .await;
    }
    let shipments: Vec<Value> = orders
        .iter()
        .enumerate()
        .map(|(n, order_no)| json!({"order_no": order_no, "courier": "zto", "tracking_no": zto_number(n)}))
        .collect();
    let result = ok_data(
        app,
        &warehouse,
        "orders/ship_batch",
        json!({ "shipments": shipments }),
    )
    .await;
    assert_eq!(
        (result["shipped"].as_i64(), result["failed"].as_i64()),
        (Some(47), Some(3)),
        "{result}"
    );
    let results = result["results"].as_array().unwrap();
    assert_eq!(results.len(), 50);
    for (n, r) in results.iter().enumerate() {
        assert_eq!(r["order_no"], orders[n].as_str(), "results in the order given");
        if cancelled.contains(&&orders[n]) {
            assert_eq!(r["ok"], false);
            assert_eq!(r["message"], "Cannot ship: the order is cancelled.", "{r}");
        } else {
            assert_eq!(r["ok"], true, "{r}");
            let (status, _, tracking) = order_state(app, &orders[n]).await;
            assert_eq!((status.as_str(), tracking), ("shipped", zto_number(n)));
        }
    }
    // The seller sees the parcel and its number.
    let shown = app
        .unishop_data(
            &sellers[0].token,
            "zh_CN",
            "order/detail",
            json!({"order_no": orders[0]}),
        )
        .await;
    assert_eq!(shown["status"], "shipped");
    assert_eq!(shown["tracking_no"], zto_number(0));
    // The same batch again changes nothing; a number of the wrong shape is refused.
    let again = ok_data(
        app,
        &warehouse,
        "orders/ship_batch",
        json!({ "shipments": shipments }),
    )
    .await;
    assert_eq!(again["shipped"], 47);
    let bad = ok_data(
        app,
        &warehouse,
        "orders/ship_batch",
        json!({"shipments": [{"order_no": orders[0], "courier": "sf", "tracking_no": "12345"}]}),
    )
    .await;
    assert_eq!(
        bad["results"][0]["message"],
        "The tracking number does not look like a SF Express number."
    );
    let queue = ok_data(app, &warehouse, "orders/to_ship", Value::Null).await;
    assert_eq!(queue["total"], 0);
    // The home page's 30 days count the 50 orders and the 3 cancellations' refunds.
    let trend = ok_data(app, &warehouse, "dashboard/trend", Value::Null).await;
    let days = trend["days"].as_array().unwrap();
    let sum = |field: &str| days.iter().map(|d| d[field].as_i64().unwrap()).sum::<i64>();
    assert_eq!((sum("orders"), sum("refunds")), (50, 3), "{trend}");
    let board = ok_data(app, &warehouse, "dashboard", Value::Null).await;
    assert_eq!(board["orders_to_ship"], 0, "{board}");
    let (status, _) = app
        .as_staff(&warehouse, "orders/ship_batch", json!({"shipments": []}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

fn tracking_sheet(rows: &[[&str; 3]]) -> Vec<u8> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    for (c, title) in ["订单号", "快递公司", "快递单号"].iter().enumerate() {
        sheet.write_string(0, c as u16, *title).unwrap();
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            sheet.write_string(r as u32 + 1, c as u16, *cell).unwrap();
        }
    }
    book.save_to_buffer().unwrap()
}

async fn import(app: &TestApp, token: &str, sheet: Vec<u8>, apply: bool) -> Value {
    let mut form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(sheet).file_name("tracking.xlsx"),
    );
    if apply {
        form = form.text("apply", "1");
    }
    let (status, reply) = app
        .send(
            app.client
                .post(app.url("/jpmall/admin/orders/ship_import"))
                .header("admin-token", token)
                .header("content-language", "en_US")
                .multipart(form),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    reply["data"].clone()
}

async fn a_tracking_sheet_is_previewed_applied_and_changes_nothing_again(app: &TestApp) {
    app.seed(30).await;
    let sellers = [seller(app, "13800000021").await];
    let warehouse = app.staff("13900000121", "warehouse", &[]).await;
    let orders = prepared_orders(app, 5, &sellers, &warehouse).await;
    // orders[3] is shipped already, orders[4] cancelled.
    ok_data(
        app,
        &warehouse,
        "orders/ship",
        json!({"order_no": orders[3], "courier": "yto", "tracking_no": "YT1234567890123"}),
    )
    .await;
    app.unishop_data(
        &sellers[0].token,
        "zh_CN",
        "order/cancel",
        json!({"order_no": orders[4]}),
    )
    .await;
    let sheet = tracking_sheet(&[
        [&orders[0], "中通", "731000000001"],
        [&orders[1], "zto", "731000000002"],
        [&orders[2], "顺丰速运", "SF1234567890123"],
        ["JP00000000000000000000", "zto", "731000000004"],
        [&orders[3], "yto", "YT9999999999999"],
        [&orders[4], "zto", "731000000006"],
        [&orders[0], "zto", "731000000007"],
        ["JP11111111111111111111", "飞鸽", "731000000008"],
    ]);
    let preview = import(app, &warehouse, sheet.clone(), false).await;
    let actions: Vec<&str> = preview["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        ["ship", "ship", "ship", "refused", "refused", "refused", "refused", "refused"],
        "{preview}"
    );
    let reasons: Vec<&str> = preview["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons[3], "This order does not exist.");
    assert_eq!(
        reasons[4],
        "Already shipped with tracking number YT1234567890123."
    );
    assert_eq!(reasons[5], "Cannot ship: the order is cancelled.");
    assert_eq!(reasons[6], "This order is in the file twice.");
    assert_eq!(reasons[7], "Unknown courier '飞鸽'.");
    assert_eq!(
        preview["rows"][0]["row"], 2,
        "rows are named as the sheet numbers them"
    );
    assert_eq!(preview["applied"], false);
    assert_eq!(
        order_state(app, &orders[0]).await.0,
        "to_be_shipped",
        "a preview writes nothing"
    );

    let applied = import(app, &warehouse, sheet.clone(), true).await;
    assert_eq!(applied["counts"]["shipped"], 3, "{applied}");
    assert_eq!(applied["counts"]["refused"], 5);
    assert_eq!(order_state(app, &orders[2]).await.2, "SF1234567890123");
    assert_eq!(order_state(app, &orders[0]).await.0, "shipped");

    let again = import(app, &warehouse, sheet, true).await;
    assert_eq!(again["counts"]["shipped"], 0, "{again}");
    assert_eq!(again["counts"]["unchanged"], 3);
    let events: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM events WHERE aggregate_type = 'order' AND event_type = 'OrderShipped'",
    )
    .fetch_one(&app.db().pool)
    .await
    .unwrap();
    assert_eq!(events, 4, "three from the sheet, one by hand");

    // The template is a real workbook with the three columns.
    let (status, bytes) = {
        let response = app
            .client
            .get(app.url("/jpmall/admin/orders/ship_import/template"))
            .header("admin-token", &warehouse)
            .send()
            .await
            .unwrap();
        (response.status(), response.bytes().await.unwrap())
    };
    assert_eq!(status, StatusCode::OK);
    let mut book: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes.to_vec())).unwrap();
    let range = book.worksheet_range_at(0).unwrap().unwrap();
    assert_eq!(range.get((0, 0)).unwrap().to_string(), "订单号");
}

async fn every_new_call_follows_the_roles(app: &TestApp) {
    app.seed(10).await;
    let tokens = [
        ("warehouse", "13900000131"),
        ("service", "13900000132"),
        ("finance", "13900000133"),
        ("marketing", "13900000134"),
        ("catalogue", "13900000135"),
    ];
    let mut signed_in = BTreeMap::new();
    for (role, mobile) in tokens {
        signed_in.insert(role, app.staff(mobile, role, &[]).await);
    }
    let stall = app.staff("13900000136", "stall", &["s01"]).await;
    signed_in.insert("stall", stall);
    // (call, body (null: GET), roles allowed besides the owner). Orders and their buyers reach
    // only the warehouse, and a label's file only who ships (service, finance and the
    // catalogue read orders and downloaded labels before).
    let calls: Vec<(&str, Value, &[&str])> = vec![
        ("waves", Value::Null, &["warehouse"]),
        ("waves/detail?id=BC1", Value::Null, &["warehouse"]),
        ("waves/create", json!({}), &["warehouse"]),
        (
            "waves/mark",
            json!({"id": "BC1", "sku_id": "x", "missed": 0}),
            &["warehouse"],
        ),
        ("waves/mark_all", json!({"id": "BC1"}), &["warehouse"]),
        (
            "waves/clear_miss",
            json!({"id": "BC1", "sku_id": "x"}),
            &["warehouse"],
        ),
        ("waves/close", json!({"id": "BC1"}), &["warehouse"]),
        ("orders/to_ship", Value::Null, &["warehouse"]),
        ("orders/ship_batch", json!({"shipments": []}), &["warehouse"]),
        ("orders/label?order_no=JP1", Value::Null, &["warehouse"]),
        ("orders/labels", json!({"order_nos": []}), &["warehouse"]),
        ("orders/abnormal", Value::Null, &["warehouse"]),
        ("orders/shortages", Value::Null, &["warehouse"]),
        ("aftersales/detail?id=SH1", Value::Null, &["service"]),
        ("ledger?user_id=u1", Value::Null, &["finance"]),
        ("withdrawals/payouts?date=x", Value::Null, &["finance"]),
        ("withdrawals/reveal", json!({"id": "nope"}), &["finance"]),
        ("coupons/templates", Value::Null, &["marketing"]),
        ("notices", Value::Null, &["marketing"]),
        ("dashboard/trend", Value::Null, &["warehouse", "finance"]),
    ];
    for (call, body, allowed) in &calls {
        for (role, token) in &signed_in {
            let (status, reply) = app.as_staff(token, call, body.clone()).await;
            if allowed.contains(role) {
                assert_ne!(status, StatusCode::FORBIDDEN, "{role} {call}: {reply}");
            } else {
                assert_eq!(status, StatusCode::FORBIDDEN, "{role} {call}: {reply}");
                assert_eq!(reply["msg"], "Your role does not allow this.");
            }
        }
    }
    // The sheet of withdrawals to pay is a workbook, not an envelope: finance (and the owner) alone.
    for (role, token) in &signed_in {
        let status = app
            .client
            .get(app.url("/jpmall/admin/withdrawals/payouts/to_pay"))
            .header("admin-token", token.as_str())
            .send()
            .await
            .unwrap()
            .status();
        let expected = if ["owner", "finance"].contains(role) {
            StatusCode::OK
        } else {
            StatusCode::FORBIDDEN
        };
        assert_eq!(status, expected, "{role} withdrawals/payouts/to_pay");
    }
    // A seller's token opens none of them.
    let seller = app.register("13800000031", "abc123").await;
    for (call, body, _) in &calls {
        let (status, _) = app.as_staff(&seller, call, body.clone()).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{call}");
    }
    // The dashboard's figures follow the role too.
    let board = ok_data(app, &signed_in["marketing"], "dashboard", Value::Null).await;
    assert!(board.get("orders_today").is_none(), "{board}");
    let board = ok_data(app, &signed_in["warehouse"], "dashboard", Value::Null).await;
    assert_eq!(board["orders_today"], 0);
    assert_eq!(board["paid_today"], "0.00");
    // Finance sees the day's sums, not the order queues; the service desk neither.
    let board = ok_data(app, &signed_in["finance"], "dashboard", Value::Null).await;
    assert_eq!(board["paid_today"], "0.00", "{board}");
    assert!(board.get("orders_to_ship").is_none(), "{board}");
    let board = ok_data(app, &signed_in["service"], "dashboard", Value::Null).await;
    assert!(
        board.get("orders_today").is_none() && board.get("orders_to_ship").is_none(),
        "{board}"
    );
    assert!(board.get("aftersales_to_review").is_some(), "{board}");
}

async fn the_cli_makes_shows_and_closes_waves_and_ships_from_a_sheet(app: &TestApp) {
    app.seed(30).await;
    let sellers = [seller(app, "13800000041").await];
    let skus = skus_by_stall(app, 2, 1).await;
    let skus: Vec<&String> = skus.values().flatten().collect();
    let first = paid_order(app, &sellers[0], &[(skus[0], 2)]).await;
    let second = paid_order(app, &sellers[0], &[(skus[1], 1)]).await;
    let (ok, stdout, stderr) = app.run_cli(&["ops", "wave", "create"]);
    assert!(ok, "{stderr}");
    let id = stdout.trim().to_string();
    assert!(id.starts_with("BC"), "{stdout}");
    let xlsx = app.data_dir.path().join("wave.xlsx");
    let (ok, stdout, stderr) = app.run_cli(&["ops", "wave", "show", &id, "--xlsx", xlsx.to_str().unwrap()]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains(skus[0].as_str()), "{stdout}");
    let mut book: Xlsx<_> = open_workbook_from_rs(Cursor::new(std::fs::read(&xlsx).unwrap())).unwrap();
    let range = book.worksheet_range_at(0).unwrap().unwrap();
    assert_eq!(range.height(), 3, "a header and two lines");
    let (ok, stdout, stderr) =
        app.run_cli(&["ops", "wave", "close", &id, "--missed", &format!("{}:1", skus[0])]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("closed"), "{stdout}");
    assert_eq!(refunds_of(app, &first).await.len(), 1);
    assert_eq!(order_state(app, &second).await.1, "stock_prepared");
    let (ok, _, stderr) = app.run_cli(&["ops", "wave", "close", &id, "--missed", "x:y"]);
    assert!(!ok && stderr.contains("SKU:QUANTITY"), "{stderr}");

    let sheet_path = app.data_dir.path().join("tracking.xlsx");
    std::fs::write(
        &sheet_path,
        tracking_sheet(&[
            [&first, "zto", "731000000011"],
            [&second, "jt", "JT1234567890123"],
        ]),
    )
    .unwrap();
    let (ok, stdout, stderr) = app.run_cli(&["ops", "order", "ship-batch", sheet_path.to_str().unwrap()]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("preview: to ship 2"), "{stdout}");
    assert_eq!(order_state(app, &first).await.0, "to_be_shipped");
    let (ok, stdout, stderr) = app.run_cli(&[
        "ops",
        "order",
        "ship-batch",
        sheet_path.to_str().unwrap(),
        "--apply",
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("shipped 2"), "{stdout}");
    assert_eq!(order_state(app, &second).await.2, "JT1234567890123");
}

/// The rows of the sheet of withdrawals to pay, as text.
async fn to_pay_sheet(app: &TestApp, token: &str) -> Vec<Vec<String>> {
    let response = app
        .client
        .get(app.url("/jpmall/admin/withdrawals/payouts/to_pay"))
        .header("admin-token", token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.bytes().await.unwrap();
    let mut book: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes.to_vec())).unwrap();
    let range = book.worksheet_range_at(0).unwrap().unwrap();
    range
        .rows()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect()
}

async fn finance_id(app: &TestApp, mobile: &str) -> String {
    sqlx::query_scalar("SELECT id FROM staff WHERE mobile = $1")
        .bind(mobile)
        .fetch_one(&app.db().pool)
        .await
        .unwrap()
}

async fn the_desks_read_ledgers_payouts_coupons_notices_and_figures(app: &TestApp) {
    let owner = app.staff("13900000141", "owner", &[]).await;
    let finance = app.staff("13900000142", "finance", &[]).await;
    let token = app.register("13800000051", "abc123").await;
    app.top_up(&token, "300").await;
    app.unishop_data(
        &token,
        "zh_CN",
        "fund/bind_account",
        json!({"payee": "王五", "account": "6222020000001234567", "type": "bank"}),
    )
    .await;
    let (status, reply) = app
        .unishop(&token, "zh_CN", "fund/withdraw", json!({"amount": "120"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let pending = ok_data(app, &finance, "withdrawals?status=pending", Value::Null).await;
    let withdrawal = pending["list"][0].clone();
    let user_id = withdrawal["user_id"].as_str().unwrap().to_string();
    let ledger = ok_data(app, &finance, &format!("ledger?user_id={user_id}"), Value::Null).await;
    assert_eq!(ledger["mobile"], "13800000051");
    assert_eq!(ledger["balance"], "180.00");
    assert_eq!(ledger["frozen"], "120.00");
    assert_eq!(ledger["total"], 2);
    // The queue masks the payee; finance sees where to send the money before saying it sent it:
    // the sheet of withdrawals to pay, or one row revealed, each look recorded in the audit trail.
    assert_ne!(withdrawal["account"], "6222020000001234567", "{withdrawal}");
    let to_pay = to_pay_sheet(app, &finance).await;
    assert_eq!(
        to_pay.len(),
        2,
        "the header and the one withdrawal to pay: {to_pay:?}"
    );
    assert_eq!(to_pay[1][0], withdrawal["id"].as_str().unwrap());
    assert_eq!(to_pay[1][1], "13800000051");
    assert_eq!(to_pay[1][2], "王五");
    assert_eq!(to_pay[1][3], "6222020000001234567");
    assert_eq!(to_pay[1][4], "120");
    assert_eq!(to_pay[1][6], "", "not paid yet");
    let revealed = ok_data(
        app,
        &finance,
        "withdrawals/reveal",
        json!({"id": withdrawal["id"]}),
    )
    .await;
    assert_eq!(
        (revealed["payee"].as_str(), revealed["account"].as_str()),
        (Some("王五"), Some("6222020000001234567"))
    );
    let (status, _) = app
        .as_staff(&finance, "withdrawals/reveal", json!({"id": "W-nope"}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let trail = ok_data(app, &owner, "audit?object_type=withdrawal", Value::Null).await;
    let actions: Vec<(&str, &str)> = trail["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["action"].as_str().unwrap(), a["object_id"].as_str().unwrap()))
        .collect();
    let id = withdrawal["id"].as_str().unwrap();
    assert!(actions.contains(&("withdrawal.reveal", id)), "{trail}");
    assert!(actions.contains(&("withdrawal.payout_sheet", "")), "{trail}");
    let sheet_look = trail["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["action"] == "withdrawal.payout_sheet")
        .unwrap();
    assert_eq!(
        sheet_look["actor_id"],
        finance_id(app, "13900000142").await,
        "{sheet_look}"
    );

    ok_data(
        app,
        &finance,
        "withdrawals/approve",
        json!({"id": withdrawal["id"]}),
    )
    .await;
    assert_eq!(to_pay_sheet(app, &finance).await.len(), 1, "nothing left to pay");
    let response = app
        .client
        .get(app.url("/jpmall/admin/withdrawals/payouts"))
        .header("admin-token", &finance)
        .header("content-language", "en_US")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.bytes().await.unwrap();
    let mut book: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes.to_vec())).unwrap();
    let range = book.worksheet_range_at(0).unwrap().unwrap();
    assert_eq!(range.height(), 2, "the header and today's one payout");
    assert_eq!(
        range.get((1, 3)).unwrap().to_string(),
        "6222020000001234567",
        "the full account, to pay it"
    );
    assert_eq!(range.get((1, 4)).unwrap().to_string(), "120");
    let (status, reply) = app
        .as_staff(&finance, "withdrawals/payouts?date=2026-13-01", Value::Null)
        .await;
    assert_eq!(
        (status, reply["data"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("date"))
    );

    ok_data(
        app,
        &owner,
        "coupons/publish",
        json!({"name": "满100减10", "name_en": "¥10 off over ¥100", "type": "product", "discount_type": "full_reduction", "threshold": "100",
               "amount": "10", "valid_to": commands::clock::now() + 86_400, "quantity": 5}),
    )
    .await;
    let claimable = app
        .unishop_data(&token, "zh_CN", "coupon/claimable", json!({}))
        .await;
    app.unishop_data(
        &token,
        "zh_CN",
        "coupon/claim",
        json!({"template_id": claimable["list"][0]["template_id"]}),
    )
    .await;
    let templates = ok_data(app, &owner, "coupons/templates", Value::Null).await;
    assert_eq!(templates["list"][0]["quantity"], 5);
    assert_eq!(templates["list"][0]["claimed"], 1);
    assert_eq!(templates["list"][0]["used"], 0);

    ok_data(
        app,
        &owner,
        "notices/publish",
        json!({"title": "双十二", "content": "全场包邮", "title_en": "Double 12"}),
    )
    .await;
    let notices = ok_data(app, &owner, "notices", Value::Null).await;
    assert_eq!(notices["list"][0]["title"], "双十二");
    assert_eq!(notices["list"][0]["title_en"], "Double 12");
    let id = notices["list"][0]["id"].clone();
    ok_data(app, &owner, "notices/withdraw", json!({ "id": id })).await;
    assert_eq!(ok_data(app, &owner, "notices", Value::Null).await["total"], 0);

    let trend = ok_data(app, &owner, "dashboard/trend", Value::Null).await;
    let days = trend["days"].as_array().unwrap();
    assert_eq!(days.len(), 30);
    let today: HashSet<&str> = [days[29]["day"].as_str().unwrap()].into();
    assert_eq!(today.len(), 1);
    assert_eq!(days[29]["orders"], 0);
    let (status, _) = app
        .as_staff(&owner, "aftersales/detail?id=SH0", Value::Null)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
