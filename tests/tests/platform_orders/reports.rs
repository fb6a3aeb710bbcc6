//! Ordering reports that fill their rows and count
//! skipped orders as skipped, the platform and file name as the seller gave them, and a template
//! that says when each column is needed.

use super::*;

tests::on_both_engines!(
    ordering_the_walked_douyin_file_reports_every_order_by_its_row_and_skipped_ones_as_skipped,
    a_batch_row_in_english_colours_is_ordered_and_reported_under_the_sellers_file_name,
);

fn row_of<'a>(report: &'a Value, source: &str) -> &'a Value {
    report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["source_order_no"] == source)
        .unwrap_or_else(|| panic!("{source} in {report}"))
}

async fn ordering_the_walked_douyin_file_reports_every_order_by_its_row_and_skipped_ones_as_skipped(
    app: &TestApp,
) {
    app.seed(10).await;
    let p = app.walked_product().await;
    let token = app.register("13800004521", "abc12345").await;
    let (status, reply) = import(app, &token, p.fixture("douyin-walked.csv"), "抖店订单_1201.csv").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let preview = reply["data"].clone();
    // Seven orders in the file, two of them shipped or closed on the platform: the preview and the
    // import record count the same seven.
    assert_eq!(
        (
            preview["totals"]["orders"].as_i64(),
            preview["totals"]["skipped"].as_i64()
        ),
        (Some(7), Some(2)),
        "{preview}"
    );
    let imports = data(app, &token, "order/platform/imports", json!({})).await;
    assert_eq!(imports["list"][0]["orders"], 7);
    assert_eq!(imports["list"][0]["file_name"], "抖店订单_1201.csv");

    let job = data(
        app,
        &token,
        "order/platform/order",
        json!({"id": preview["id"], "courier": "zto"}),
    )
    .await;
    let job = job_done(app, &token, &job["id"]).await;
    assert_eq!(job["file_name"], "抖店订单_1201.csv", "{job}");
    let report = &job["report"];
    assert_eq!(
        (
            report["created"].as_i64(),
            report["skipped"].as_i64(),
            report["failed"].as_i64()
        ),
        (Some(3), Some(2), Some(2)),
        "the masked and the encrypted buyer need their labels: {report}"
    );
    let shipped = row_of(report, "6930000000000000005");
    assert_eq!(
        (&shipped["outcome"], &shipped["row"], &shipped["platform_name"]),
        (&json!("skipped"), &json!(7), &json!("Douyin")),
        "{shipped}"
    );
    assert!(
        shipped["reason"].as_str().unwrap().starts_with("Row 7:"),
        "{shipped}"
    );
    for row in report["rows"].as_array().unwrap() {
        let reason = row["reason"].as_str().unwrap();
        assert!(!reason.contains('{'), "every placeholder filled: {row}");
        assert!(
            !reason.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "English throughout: {row}"
        );
        assert_eq!(row["platform_name"], "Douyin");
    }
    let masked = row_of(report, "6930000000000000003");
    assert_eq!(masked["outcome"], "failed");

    // The same report read in Chinese.
    let zh = app
        .unishop_data(&token, "zh_CN", "excel/job", json!({"id": job["id"]}))
        .await;
    let closed = row_of(&zh["report"], "6930000000000000007");
    assert_eq!(closed["platform_name"], "抖音");
    assert_eq!(
        closed["reason"], "第 9 行：平台显示该订单不是待发货状态",
        "{closed}"
    );
}

async fn a_batch_row_in_english_colours_is_ordered_and_reported_under_the_sellers_file_name(app: &TestApp) {
    app.seed(10).await;
    let p = app.walked_product().await;
    let token = app.register("13800004522", "abc12345").await;
    let (en1, en2) = (p.colours[0].1.clone(), p.colours[1].1.clone());
    let spec = format!("{en2} L");
    let address = "广东省广州市白云区机场路2号";
    let sheet = platform_order_sheet(&[
        [
            "抖音",
            "DY-EN1",
            &p.item_no,
            &en1,
            "M",
            "1",
            "王五",
            "13900002222",
            address,
            "中通",
            "",
        ],
        [
            "Douyin",
            "DY-EN2",
            &p.item_no,
            &spec,
            "",
            "1",
            "王五",
            "13900002222",
            address,
            "中通",
            "",
        ],
        [
            "抖音",
            "DY-EN3",
            &p.item_no,
            &en1,
            "9XL",
            "1",
            "王五",
            "13900002222",
            address,
            "中通",
            "",
        ],
    ]);
    let part = reqwest::multipart::Part::bytes(sheet).file_name("batch_orders.xlsx");
    let (status, reply) = app
        .send(
            app.client
                .post(app.url(&format!("{UNISHOP}/excel/import")))
                .header("token", &token)
                .header("content-language", "zh_CN")
                .multipart(reqwest::multipart::Form::new().part("file", part)),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let job = job_done(app, &token, &reply["data"]["id"]).await;
    assert_eq!(job["file_name"], "batch_orders.xlsx", "{job}");
    let report = &job["report"];
    assert_eq!(
        (report["created"].as_i64(), report["failed"].as_i64()),
        (Some(2), Some(1)),
        "{report}"
    );
    for source in ["DY-EN1", "DY-EN2"] {
        let row = row_of(report, source);
        assert_eq!(row["outcome"], "created", "{row}");
        assert_eq!(row["platform_name"], "Douyin");
        let order = data(app, &token, "order/detail", json!({"order_no": row["order_no"]})).await;
        let want = if source == "DY-EN1" {
            p.sku(1, "M")
        } else {
            p.sku(2, "L")
        };
        assert_eq!(order["items"][0]["sku_id"], json!(want), "{order}");
    }
    let xl = row_of(report, "DY-EN3");
    assert_eq!(xl["field"], "color_size", "{xl}");
    let history = data(app, &token, "excel/history", json!({"kind": "import"})).await;
    assert_eq!(history["list"][0]["file_name"], "batch_orders.xlsx", "{history}");
}
