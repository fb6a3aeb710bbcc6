//! Excel export and batch upload over HTTP on both engines: exports are real `.xlsx` files opened
//! here with calamine (sheets, headers in the request's language, money as numbers, times as
//! date-times, row counts), recorded in the history and downloadable again; the platform-order
//! import places good rows, reports bad ones by row number and reason, and never imports a
//! platform order twice.

use std::io::Cursor;
use std::time::Duration;

use calamine::{open_workbook_from_rs, Data, Reader, Xlsx};
use reqwest::StatusCode;
use rust_xlsxwriter::Workbook;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, platform_order_sheet as workbook, TestApp, UNISHOP};

async fn call(app: &TestApp, token: &str, lang: &str, path: &str, body: Value) -> (StatusCode, Value) {
    app.unishop(token, lang, path, body).await
}

async fn data(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    app.unishop_data(token, "en_US", path, body).await
}

/// Waits for a job to end and answers it.
async fn finished(app: &TestApp, token: &str, lang: &str, id: &Value) -> Value {
    for _ in 0..300 {
        let (status, reply) = call(app, token, lang, "excel/job", json!({"id": id})).await;
        assert_eq!(status, StatusCode::OK, "{reply}");
        if reply["data"]["status"] != "running" {
            return reply["data"].clone();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("job {id} still running after 30 s");
}

async fn download(app: &TestApp, token: &str, id: &Value) -> (String, Vec<u8>) {
    let response = app
        .client
        .post(app.url(&format!("{UNISHOP}/excel/download")))
        .header("token", token)
        .json(&json!({"id": id}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    );
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_string();
    (disposition, response.bytes().await.unwrap().to_vec())
}

/// Every sheet of a workbook: (name, rows of cells).
fn sheets(bytes: &[u8]) -> Vec<(String, Vec<Vec<Data>>)> {
    let mut book: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes.to_vec())).expect("a real xlsx");
    book.sheet_names()
        .into_iter()
        .map(|name| {
            let range = book.worksheet_range(&name).unwrap();
            let rows = range.rows().map(|r| r.to_vec()).collect();
            (name, rows)
        })
        .collect()
}

fn texts(row: &[Data]) -> Vec<String> {
    row.iter().map(|c| c.to_string()).collect()
}

async fn export(app: &TestApp, token: &str, lang: &str, table: &str, filters: Value) -> Value {
    let (status, reply) = call(
        app,
        token,
        lang,
        "excel/export",
        json!({"table": table, "filters": filters}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    finished(app, token, lang, &reply["data"]["id"]).await
}

async fn order(app: &TestApp, token: &str, sku: &str, quantity: i64) -> String {
    let placed = data(
        app,
        token,
        "order/submit",
        json!({"source": "manual", "lines": [{"sku_id": sku, "quantity": quantity}], "type": "domestic",
               "address": {"recipient": "李四", "phone": "13900001111", "province": "广东省", "city": "广州市",
                           "district": "白云区", "detail": "三元里大道 1 号"},
               "courier": "zto", "qc_level": "basic", "value_added": []}),
    )
    .await;
    placed["order"]["order_no"].as_str().unwrap().to_string()
}

on_both_engines!(
    orders_ledger_and_after_sales_export_to_xlsx_in_the_request_language,
    export_filters_are_checked_and_jobs_are_the_owners_only,
    platform_orders_import_row_by_row_and_never_twice,
    files_that_cannot_be_imported_are_refused_before_any_work,
    the_template_has_the_columns_in_both_languages,
);

async fn orders_ledger_and_after_sales_export_to_xlsx_in_the_request_language(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800001001", "abc12345").await;
    app.top_up(&token, "500").await;
    let skus: Vec<String> = sqlx::query("SELECT id FROM skus WHERE stock >= 10 ORDER BY id LIMIT 2")
        .fetch_all(&app.db().pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get("id"))
        .collect();
    let paid = order(app, &token, &skus[0], 2).await;
    data(
        app,
        &token,
        "order/pay",
        json!({"order_no": paid, "method": "wallet"}),
    )
    .await;
    let unpaid = order(app, &token, &skus[1], 1).await;

    // orders, in English: two sheets, one row per order and one per line
    let job = export(app, &token, "en_US", "orders", json!({"tab": "all"})).await;
    assert_eq!(job["status"], "done", "{job}");
    assert_eq!(job["row_count"], 2);
    assert_eq!(job["table_name"], "Orders");
    assert_eq!(job["table_type"], "Export");
    assert_eq!(job["progress"], json!({"done": 2, "total": 2}));
    let (disposition, bytes) = download(app, &token, &job["id"]).await;
    assert!(disposition.contains("filename*=UTF-8''Orders_"), "{disposition}");
    let book = sheets(&bytes);
    assert_eq!(
        book.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        ["Orders", "Items"]
    );
    let orders = &book[0].1;
    assert_eq!(orders.len(), 3, "header and two orders");
    let header = texts(&orders[0]);
    assert_eq!(
        &header[..6],
        [
            "Order no.",
            "Order type",
            "Platform",
            "Source order no.",
            "Status",
            "Ordered at"
        ]
    );
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let paid_row = orders.iter().find(|r| r[0].to_string() == paid).unwrap();
    assert_eq!(paid_row[column("Status")].to_string(), "to be shipped");
    assert!(
        matches!(paid_row[column("Ordered at")], Data::DateTime(_)),
        "{:?}",
        paid_row[5]
    );
    assert!(matches!(paid_row[column("Paid at")], Data::DateTime(_)));
    let detail = data(app, &token, "order/detail", json!({"order_no": paid})).await;
    let total = domain::money::Fen::parse_yuan(detail["fees"]["total"].as_str().unwrap())
        .unwrap()
        .0;
    assert_eq!(paid_row[column("Total")], Data::Float(total as f64 / 100.0));
    assert_eq!(paid_row[column("Paid")], Data::Float(total as f64 / 100.0));
    assert_eq!(
        paid_row[column("Address")].to_string(),
        "广东省广州市白云区三元里大道 1 号"
    );
    let unpaid_row = orders.iter().find(|r| r[0].to_string() == unpaid).unwrap();
    assert_eq!(unpaid_row[column("Paid at")], Data::Empty);
    let items = &book[1].1;
    assert_eq!(texts(&items[0])[..3], ["Order no.", "Item no.", "Product"]);
    assert_eq!(items.len(), 3);
    let line = items.iter().find(|r| r[0].to_string() == paid).unwrap();
    assert_eq!(line[6], Data::Float(2.0), "quantity");

    // the same table in Chinese, narrowed by the list's tab
    let job = export(app, &token, "zh_CN", "orders", json!({"tab": "pending_payment"})).await;
    assert_eq!(job["row_count"], 1);
    assert_eq!(job["table_name"], "订单列表");
    let (_, bytes) = download(app, &token, &job["id"]).await;
    let book = sheets(&bytes);
    assert_eq!(book[0].0, "订单");
    assert_eq!(book[1].0, "商品明细");
    assert_eq!(texts(&book[0].1[0])[..2], ["订单号", "订单类型"]);
    assert_eq!(book[0].1.len(), 2);
    assert_eq!(book[0].1[1][0].to_string(), unpaid);
    assert_eq!(book[0].1[1][4].to_string(), "待付款");

    // the ledger: top-up and payment, signed
    let job = export(app, &token, "en_US", "ledger", json!({})).await;
    assert_eq!(job["row_count"], 2);
    let (_, bytes) = download(app, &token, &job["id"]).await;
    let ledger = &sheets(&bytes)[0];
    assert_eq!(ledger.0, "Ledger");
    assert_eq!(
        texts(&ledger.1[0]),
        ["Time", "Type", "Amount", "Balance", "Frozen", "Reference"]
    );
    let payment = ledger.1.iter().find(|r| r[1] == "Order payment").unwrap();
    assert_eq!(payment[2], Data::Float(-(total as f64) / 100.0));
    assert_eq!(payment[5].to_string(), paid);
    let filtered = export(app, &token, "en_US", "ledger", json!({"type": "top_up"})).await;
    assert_eq!(filtered["row_count"], 1);

    // after-sales: one applied
    data(
        app,
        &token,
        "aftersale/apply",
        json!({"order_no": paid, "kind": "refund_unshipped", "reason": "no_longer_needed",
               "lines": [{"sku_id": skus[0], "quantity": 1}]}),
    )
    .await;
    let job = export(app, &token, "en_US", "after_sales", json!({"status": "all"})).await;
    assert_eq!(job["row_count"], 1);
    let (_, bytes) = download(app, &token, &job["id"]).await;
    let sales = &sheets(&bytes)[0];
    assert_eq!(sales.0, "After-sales");
    assert_eq!(sales.1[1][1].to_string(), paid);
    assert_eq!(sales.1[1][2].to_string(), "Refund before shipping");
    assert_eq!(sales.1[1][3].to_string(), "pending review");
    // the reason code of the apply dialog in the reader's words
    assert_eq!(
        sales.1[1][10].to_string(),
        "No longer needed or ordered by mistake"
    );

    // every export is in the history, newest first, in the reader's language
    let (_, history) = call(app, &token, "zh_CN", "excel/history", json!({"kind": "export"})).await;
    let list = history["data"]["list"].as_array().unwrap();
    assert_eq!(history["data"]["total"], 5);
    assert_eq!(list[0]["table_name"], "售后列表");
    assert_eq!(list[0]["table_type"], "导出");
    assert_eq!(list[4]["table_name"], "订单列表");
    assert!(list
        .iter()
        .all(|j| j["status"] == "done" && j["finished_at"].is_i64()));
}

async fn export_filters_are_checked_and_jobs_are_the_owners_only(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800001002", "abc12345").await;
    let other = app.register("13800001003", "abc12345").await;
    for (body, field) in [
        (
            json!({"table": "orders", "filters": {"start_time": 200, "end_time": 100}}),
            "end_time",
        ),
        (json!({"table": "orders", "filters": {"tab": "lost"}}), "tab"),
        (json!({"table": "ledger", "filters": {"type": "gift"}}), "type"),
        (
            json!({"table": "after_sales", "filters": {"status": "lost"}}),
            "status",
        ),
        (json!({"table": "stalls"}), "table"),
    ] {
        let (status, reply) = call(app, &token, "en_US", "excel/export", body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {reply}");
        assert_eq!(reply["data"]["field"], field, "{body}");
    }
    let (_, history) = call(app, &token, "en_US", "excel/history", json!({})).await;
    assert_eq!(history["data"]["total"], 0, "refused exports record nothing");

    let job = export(app, &token, "en_US", "orders", json!({})).await;
    assert_eq!(job["row_count"], 0);
    let (_, bytes) = download(app, &token, &job["id"]).await;
    assert_eq!(sheets(&bytes)[0].1.len(), 1, "the header alone");
    let (status, _) = call(app, &other, "en_US", "excel/job", json!({"id": job["id"]})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(app, &other, "en_US", "excel/download", json!({"id": job["id"]})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, history) = call(app, &other, "en_US", "excel/history", json!({})).await;
    assert_eq!(history["data"]["total"], 0);
    let (status, _) = app
        .post(&format!("{UNISHOP}/excel/export"), json!({"table": "orders"}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

/// A spreadsheet with the template's Chinese headers and these rows.
async fn upload(app: &TestApp, token: &str, lang: &str, bytes: Vec<u8>, name: &str) -> (StatusCode, Value) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_string());
    app.send(
        app.client
            .post(app.url(&format!("{UNISHOP}/excel/import")))
            .header("token", token)
            .header("content-language", lang)
            .multipart(reqwest::multipart::Form::new().part("file", part)),
    )
    .await
}

async fn import(app: &TestApp, token: &str, bytes: Vec<u8>) -> Value {
    let (status, reply) = upload(app, token, "en_US", bytes, "orders.xlsx").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["data"]["kind"], "import");
    finished(app, token, "en_US", &reply["data"]["id"]).await
}

async fn platform_orders_import_row_by_row_and_never_twice(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800001004", "abc12345").await;
    let row = sqlx::query(
        "SELECT p.item_no, k.color, k.size, k.id, k.stock FROM products p JOIN skus k ON k.product_id = p.id \
         WHERE k.stock >= 10 ORDER BY k.id LIMIT 1",
    )
    .fetch_one(&app.db().pool)
    .await
    .unwrap();
    let (item_no, color, size, sku, stock): (String, String, String, String, i64) = (
        row.get("item_no"),
        row.get("color"),
        row.get("size"),
        row.get("id"),
        row.get("stock"),
    );
    let (i, c, s) = (item_no.as_str(), color.as_str(), size.as_str());
    let address = "广东省广州市白云区机场路2号";
    let file = workbook(&[
        [
            "抖音",
            "DY-1001",
            i,
            c,
            s,
            "2",
            "王五",
            "13900002222",
            address,
            "中通快递",
            "加急",
        ],
        [
            "TikTok",
            "TT-2002",
            i,
            c,
            s,
            "1",
            "赵六",
            "13900003333",
            "广东 深圳 南山区 科技园 8 号",
            "sf",
            "",
        ],
        [
            "抖音",
            "DY-1003",
            "NO-SUCH-ITEM",
            c,
            s,
            "1",
            "王五",
            "13900002222",
            address,
            "中通快递",
            "",
        ],
        [
            "抖音",
            "DY-1004",
            i,
            c,
            s,
            "1",
            "王五",
            "12ab",
            address,
            "中通快递",
            "",
        ],
        [
            "抖音",
            "DY-1005",
            i,
            c,
            s,
            "1",
            "王五",
            "13900002222",
            address,
            "",
            "",
        ],
        [
            "抖音",
            "DY-1006",
            i,
            c,
            s,
            "0",
            "王五",
            "13900002222",
            address,
            "中通快递",
            "",
        ],
        [
            "TikTok",
            "TT-2002",
            i,
            c,
            s,
            "1",
            "赵六",
            "13900003333",
            address,
            "sf",
            "again",
        ],
    ]);
    let job = import(app, &token, file.clone()).await;
    assert_eq!(job["status"], "done", "{job}");
    assert_eq!(job["table_name"], "Platform order import");
    assert_eq!(job["table_type"], "Import");
    assert_eq!(job["row_count"], 7);
    let report = &job["report"];
    assert_eq!(
        (
            report["created"].clone(),
            report["failed"].clone(),
            report["duplicate"].clone()
        ),
        (json!(2), json!(4), json!(1))
    );
    let rows = report["rows"].as_array().unwrap();
    let at = |n: i64| {
        rows.iter()
            .find(|r| r["row"] == n)
            .unwrap_or_else(|| panic!("row {n} in {report}"))
    };
    assert_eq!(at(2)["outcome"], "created");
    assert_eq!(at(3)["outcome"], "created");
    for (n, field, reason) in [
        (4, "item_no", "No product with this item number."),
        (5, "phone", "Incorrect phone number."),
        (6, "courier", "Please choose a courier."),
        (7, "quantity", "The quantity must be at least 1."),
    ] {
        assert_eq!(at(n)["outcome"], "failed", "row {n}");
        assert_eq!(at(n)["field"], field, "row {n}: {}", at(n));
        assert!(
            at(n)["reason"]
                .as_str()
                .unwrap()
                .to_lowercase()
                .contains(&reason.to_lowercase()),
            "row {n}: {}",
            at(n)
        );
    }
    assert_eq!(at(8)["outcome"], "duplicate");
    assert_eq!(at(8)["order_no"], at(3)["order_no"]);
    assert!(at(8)["reason"].as_str().unwrap().contains("TT-2002"));

    // the two orders exist, unpaid, shipped to the row's buyer; the stock of three pieces is taken
    let first = data(
        app,
        &token,
        "order/detail",
        json!({"order_no": at(2)["order_no"]}),
    )
    .await;
    assert_eq!(first["type"], "platform");
    assert_eq!(first["platform"], "douyin");
    assert_eq!(first["source_order_no"], "DY-1001");
    assert_eq!(first["status"], "pending_payment");
    assert_eq!(first["courier"], "zto");
    assert_eq!(first["remark"], "加急");
    assert_eq!(first["items"][0]["quantity"], 2);
    assert_eq!(
        first["address"],
        json!({"recipient": "王五", "phone": "13900002222", "province": "广东省", "city": "广州市",
               "district": "白云区", "detail": "机场路2号"})
    );
    let second = data(
        app,
        &token,
        "order/detail",
        json!({"order_no": at(3)["order_no"]}),
    )
    .await;
    assert_eq!(second["address"]["city"], "深圳市");
    assert_eq!(second["courier"], "sf");
    let left: i64 = sqlx::query_scalar("SELECT stock FROM skus WHERE id = $1")
        .bind(&sku)
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(left, stock - 3);
    let listed = data(app, &token, "order/lists", json!({"tab": "pending_payment"})).await;
    assert_eq!(listed["total"], 2);

    // uploading the same file again places nothing
    let again = import(app, &token, file.clone()).await;
    let report = &again["report"];
    assert_eq!(
        (
            report["created"].clone(),
            report["failed"].clone(),
            report["duplicate"].clone()
        ),
        (json!(0), json!(4), json!(3))
    );
    assert_eq!(
        data(app, &token, "order/lists", json!({"tab": "all"})).await["total"],
        2
    );
    // and neither does the manual entry of the same platform order
    let (status, reply) = call(
        app,
        &token,
        "en_US",
        "order/submit",
        json!({"source": "manual", "lines": [{"sku_id": sku, "quantity": 1}], "type": "platform", "platform": "douyin",
               "source_order_no": "DY-1001", "courier": "zto", "label_file": "/uploads/x.jpg"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["data"]["field"], "source_order_no");

    // the import is in the history and its file downloads as it was uploaded
    let (_, history) = call(app, &token, "zh_CN", "excel/history", json!({"kind": "import"})).await;
    assert_eq!(history["data"]["total"], 2);
    assert_eq!(history["data"]["list"][0]["table_type"], "导入");
    let listed = &history["data"]["list"][1];
    assert_eq!(listed["report"]["created"], 2, "the record lists the counts");
    assert_eq!(
        listed["report"]["rows"],
        json!([]),
        "and leaves the rows to excel/job"
    );
    let (_, first_job) = call(app, &token, "zh_CN", "excel/job", json!({"id": listed["id"]})).await;
    let zh_rows = first_job["data"]["report"]["rows"].as_array().unwrap();
    assert!(
        zh_rows.iter().any(|r| r["reason"] == "请选择快递公司"),
        "reasons in the reader's language"
    );
    let (_, bytes) = download(app, &token, &job["id"]).await;
    assert_eq!(bytes, file);
    // the other seller's platform order with the same number is theirs to place
    let other = app.register("13800001005", "abc12345").await;
    let theirs = import(
        app,
        &other,
        workbook(&[[
            "抖音",
            "DY-1001",
            i,
            c,
            s,
            "1",
            "王五",
            "13900002222",
            address,
            "中通快递",
            "",
        ]]),
    )
    .await;
    assert_eq!(theirs["report"]["created"], 1);
}

async fn files_that_cannot_be_imported_are_refused_before_any_work(app: &TestApp) {
    app.seed(10).await;
    let token = app.register("13800001006", "abc12345").await;
    let (status, reply) = upload(
        app,
        &token,
        "en_US",
        b"order_no,qty\nJP1,2\n".to_vec(),
        "orders.csv",
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["msg"], "The file is not an Excel spreadsheet (.xlsx).");
    assert_eq!(reply["data"]["field"], "file");
    let (status, reply) = upload(app, &token, "zh_CN", b"PK\x03\x04 not really".to_vec(), "x.xlsx").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "文件不是 Excel 表格（.xlsx）");

    let (status, reply) = upload(app, &token, "en_US", workbook(&[]), "empty.xlsx").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "The spreadsheet has no rows to import.");

    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    for (c, h) in [
        "Platform",
        "Source order no.",
        "Item no.",
        "Colour",
        "Size",
        "Quantity",
        "Recipient",
        "Phone",
        "Address",
    ]
    .iter()
    .enumerate()
    {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    sheet.write_string(1, 0, "douyin").unwrap();
    let (status, reply) = upload(app, &token, "en_US", book.save_to_buffer().unwrap(), "x.xlsx").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "Column Courier is missing.");

    let many: Vec<[&str; 11]> = (0..1001)
        .map(|_| ["抖音", "x", "x", "x", "x", "1", "x", "x", "x", "x", ""])
        .collect();
    let (status, reply) = upload(app, &token, "en_US", workbook(&many), "many.xlsx").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "At most 1000 rows per file.");

    let (_, history) = call(app, &token, "en_US", "excel/history", json!({})).await;
    assert_eq!(history["data"]["total"], 0, "nothing started");
}

async fn the_template_has_the_columns_in_both_languages(app: &TestApp) {
    for (lang, sheet, first, instructions) in [
        ("zh_CN", "平台订单", ["平台", "来源订单号", "货号"], "说明"),
        (
            "en_US",
            "Platform orders",
            ["Platform", "Source order no.", "Item no."],
            "Instructions",
        ),
    ] {
        let response = app
            .client
            .get(app.url(&format!("{UNISHOP}/excel/template?language={lang}")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let bytes = response.bytes().await.unwrap().to_vec();
        let book = sheets(&bytes);
        assert_eq!(book[0].0, sheet);
        assert_eq!(book[0].1.len(), 1, "headers only: nothing to import by mistake");
        assert_eq!(texts(&book[0].1[0]).len(), 11);
        assert_eq!(texts(&book[0].1[0])[..3], first);
        assert_eq!(book[1].0, instructions);
        assert_eq!(book[1].1.len(), 12);
        // Recipient, phone and address say when they are needed: not for a row that ships on a label.
        for row in &book[1].1[7..10] {
            let help = &texts(row)[1];
            let (needed, label) = if lang == "zh_CN" {
                ("按地址发货时必填", "随面单发货时可留空")
            } else {
                ("Required when the order ships to an address", "ships on a label")
            };
            assert!(help.starts_with(needed) && help.contains(label), "{lang}: {help}");
        }
    }
    // the template as downloaded, with nothing filled in, is refused as empty
    let token = app.register("13800001007", "abc12345").await;
    let template = app
        .client
        .get(app.url(&format!("{UNISHOP}/excel/template?language=en_US")))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap()
        .to_vec();
    let (status, reply) = upload(app, &token, "en_US", template, "template.xlsx").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "The spreadsheet has no rows to import.");
}
