//! Memory of a real `jpmall serve` while each spreadsheet import reads the worst files of a 10 MB
//! upload: one long shared string named by every cell the route allows (a file of
//! a megabyte that once expanded to gigabytes), text just under the sheet's text budget in the
//! columns the import reads (the worst file it accepts), and plain text that does not compress,
//! filling the upload. Each file is read by a fresh server, whose peak resident memory above what it
//! held before the upload is printed; the target is 200 MB.

use std::path::Path;
use std::time::{Duration, Instant};

use rand::Rng;
use serde_json::{json, Value};
use tests::sheets::{workbook, Cell};

use super::{memory_of, run_jpmall, serve_process};

const TARGET_MB: u64 = 200;
/// The longest cell any import takes.
const CELL_CHARS: usize = 2_000;
/// How long the background work an upload starts may run before it is measured anyway.
const SETTLE_WITHIN: Duration = Duration::from_secs(120);

struct Route {
    name: &'static str,
    /// Below the server's root.
    path: &'static str,
    /// Whose call it is: the seller's (`token`) or the operator's (`operator-token`).
    staff: bool,
    /// The rows (header included) and columns the route reads.
    rows: u32,
    columns: u32,
    header: Vec<String>,
    data_rows: u32,
}

fn routes() -> Vec<Route> {
    let codes = |columns: &[&str]| columns.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let douyin = "主订单编号,子订单编号,选购商品,商品规格,商品数量,商品ID,商家编码,商品单价,订单应付金额,收件人,收件人手机号,省,市,区,街道,详细地址,订单状态,订单提交时间";
    vec![
        Route {
            name: "platform orders",
            path: "/jpmall/addons/unishop/order/platform/import",
            staff: false,
            rows: api::excel::platform_file::MAX_LINES as u32 + 20,
            columns: 200,
            header: douyin.split(',').map(str::to_string).collect(),
            data_rows: api::excel::platform_file::MAX_LINES as u32,
        },
        Route {
            name: "batch upload",
            path: "/jpmall/addons/unishop/excel/import",
            staff: false,
            rows: api::excel::import::MAX_ROWS as u32 + 20,
            columns: 64,
            header: codes(&api::excel::template::COLUMNS),
            data_rows: api::excel::import::MAX_ROWS as u32,
        },
        Route {
            name: "product import",
            path: "/jpmall/admin/catalog/imports",
            staff: true,
            rows: api::excel::product_import::MAX_ROWS as u32 + 20,
            columns: 64,
            header: codes(&api::excel::product_import::COLUMNS),
            data_rows: api::excel::product_import::MAX_ROWS as u32,
        },
        Route {
            name: "tracking import",
            path: "/jpmall/admin/orders/ship_import",
            staff: true,
            rows: api::excel::tracking_import::MAX_ROWS as u32 + 20,
            columns: 64,
            header: codes(&["order_no", "courier", "tracking_no"]),
            data_rows: api::excel::tracking_import::MAX_ROWS as u32,
        },
    ]
}

/// The three files of a route: what they are, and their bytes.
fn worst_files(route: &Route) -> Vec<(String, Vec<u8>)> {
    let everywhere = workbook(&["长".repeat(CELL_CHARS)], route.rows, route.columns, |_, _| {
        Some(Cell::Shared(0))
    });
    // Under the text budget by 5 %, spread over every data row of the columns the import reads.
    let columns = route.header.len() as u32;
    let cells = (route.data_rows * columns) as usize;
    let chars = (api::excel::bounded::MAX_TEXT_BYTES * 95 / 100 / cells / "长".len()).min(CELL_CHARS);
    let mut shared = vec!["长".repeat(chars)];
    shared.extend(route.header.iter().cloned());
    let budget = workbook(&shared, route.data_rows + 1, columns, |row, column| {
        Some(Cell::Shared(if row == 0 { column as usize + 1 } else { 0 }))
    });
    // Distinct random letters, which deflate to about 60 %: a sheet of 15 MB (the largest part a
    // file may hold is 16) in a file of about 9.5 MB.
    let per_row = columns as usize * (CELL_CHARS + 40);
    let plain_rows = ((15 * 1024 * 1024 / per_row) as u32).min(route.data_rows);
    let mut random = rand::thread_rng();
    let texts: Vec<String> = (0..plain_rows * columns)
        .map(|_| {
            (0..CELL_CHARS)
                .map(|_| random.gen_range(b'a'..=b'z') as char)
                .collect()
        })
        .collect();
    let plain = workbook(&[], plain_rows + 1, columns, |row, column| {
        Some(Cell::Inline(if row == 0 {
            route.header[column as usize].clone()
        } else {
            texts[((row - 1) * columns + column) as usize].clone()
        }))
    });
    vec![
        (
            format!(
                "one {CELL_CHARS}-character shared string in all {} x {} cells",
                route.rows, route.columns
            ),
            everywhere,
        ),
        (
            format!(
                "{} rows of {chars}-character text shared by every cell read, 95 % of the text budget",
                route.data_rows
            ),
            budget,
        ),
        (
            format!("{plain_rows} rows of distinct {CELL_CHARS}-letter cells, no sharing"),
            plain,
        ),
    ]
}

/// The seller's token, on the data folder before its server starts.
async fn seller_token(dir: &Path) -> String {
    let db = commands::Database::connect(&dir.join("jpmall.db").display().to_string())
        .await
        .unwrap();
    commands::accounts::ensure_user(&db, "13800007777", "bench123")
        .await
        .unwrap();
    let session = commands::accounts::login(
        &db,
        commands::accounts::Login {
            mobile: "13800007777",
            password: commands::accounts::Password::Plain("bench123".into()),
            client_ip: "bench",
        },
    )
    .await
    .expect("the bench login works");
    db.close().await;
    session.token
}

/// Waits for the work an upload started in the background (a product check, a batch job).
async fn settled(client: &reqwest::Client, base: &str, route: &Route, auth: (&str, &str), reply: &Value) {
    let id = reply["data"]["id"].as_str().unwrap_or_default().to_string();
    if id.is_empty() {
        return;
    }
    let deadline = Instant::now() + SETTLE_WITHIN;
    while Instant::now() < deadline {
        let status = if route.staff {
            let url = format!("{base}/jpmall/admin/catalog/imports/detail?id={id}");
            let request = client.get(url).header(auth.0, auth.1);
            let job: Value = request.send().await.unwrap().json().await.unwrap_or_default();
            job["data"]["status"].as_str().unwrap_or_default().to_string()
        } else {
            let url = format!("{base}/jpmall/addons/unishop/excel/job");
            let request = client.post(url).header(auth.0, auth.1).json(&json!({ "id": id }));
            let job: Value = request.send().await.unwrap().json().await.unwrap_or_default();
            job["data"]["status"].as_str().unwrap_or_default().to_string()
        };
        if status != "checking" && status != "running" {
            return;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    println!(
        "    (still working after {} s; measured as it is)",
        SETTLE_WITHIN.as_secs()
    );
}

pub async fn imports_memory() {
    println!("\n== imports: server peak memory per upload (SQLite, jpmall serve in its own process) ==");
    let dir = tempfile::tempdir().unwrap();
    run_jpmall(dir.path(), &["migrate"]);
    let token = seller_token(dir.path()).await;
    let client = reqwest::Client::new();
    for route in routes() {
        for (what, file) in worst_files(&route) {
            let (mut server, port) = serve_process(dir.path()).await;
            let base = format!("http://127.0.0.1:{port}");
            let operator = std::fs::read_to_string(api::keys::operator_token_path(dir.path()))
                .unwrap_or_default()
                .trim()
                .to_string();
            let auth = if route.staff {
                ("operator-token", operator.as_str())
            } else {
                ("token", token.as_str())
            };
            let pid = server.id();
            let before = memory_of(pid, "VmRSS");
            let start = Instant::now();
            let size = file.len();
            let part = reqwest::multipart::Part::bytes(file).file_name("worst.xlsx");
            let response = client
                .post(format!("{base}{}", route.path))
                .header(auth.0, auth.1)
                .header("content-language", "en_US")
                .multipart(reqwest::multipart::Form::new().part("file", part))
                .timeout(Duration::from_secs(300))
                .send()
                .await;
            let (status, reply) = match response {
                Ok(response) => {
                    let status = response.status().as_u16().to_string();
                    (status, response.json::<Value>().await.unwrap_or_default())
                }
                Err(e) => (format!("no answer ({e})"), Value::Null),
            };
            let answered = start.elapsed();
            settled(&client, &base, &route, auth, &reply).await;
            let peak = memory_of(pid, "VmHWM");
            let growth = peak.saturating_sub(before) / 1024;
            let message = reply["msg"].as_str().unwrap_or_default();
            println!(
                "{:<16} {what} ({} KB): HTTP {status} in {:.1} s{}; server peak +{growth} MB {} (target <= {TARGET_MB} MB)",
                route.name,
                size / 1024,
                answered.as_secs_f64(),
                if message.is_empty() || message == "ok" {
                    String::new()
                } else {
                    format!(" \"{message}\"")
                },
                if growth <= TARGET_MB { "ok" } else { "OVER" },
            );
            let _ = server.kill();
            let _ = server.wait();
        }
    }
}
