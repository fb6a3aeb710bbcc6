//! Test harness: a real `jpmall` application on a real socket, on SQLite (a temp file) or on
//! PostgreSQL (a fresh database per test), driven over HTTP the way the storefront drives it.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use base64::Engine as _;
use reqwest::StatusCode;
use rsa::pkcs8::DecodePublicKey;
use rsa::{Pkcs1v15Encrypt, RsaPublicKey};
use serde_json::{json, Value};
use sqlx::Row;
use tempfile::TempDir;

pub use api::app::App;

pub mod sheets;
pub mod synthetic;

/// Below this path are the seller's calls.
pub const UNISHOP: &str = "/jpmall/addons/unishop";
/// The operator token every test server is started with.
pub const OPERATOR_TOKEN: &str = "test-operator-token";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// Runs one async test body on both engines, as `name::sqlite` and `name::postgres`.
#[macro_export]
macro_rules! on_both_engines {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let app = $crate::TestApp::spawn($crate::Engine::Sqlite).await;
                super::$name(&app).await;
                app.finish().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let app = $crate::TestApp::spawn($crate::Engine::Postgres).await;
                super::$name(&app).await;
                app.finish().await;
            }
        }
    )*};
}

/// The PostgreSQL server the tests create their databases on.
pub fn postgres_admin_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

/// The password of the staff accounts tests add.
pub const STAFF_PASSWORD: &str = "staff123";

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub app: App,
    pub engine: Engine,
    pub data_dir: TempDir,
    pub web_dist: PathBuf,
    /// The database URL handed to the app (a file path on SQLite).
    pub database_url: String,
    postgres_database: Option<String>,
    server: tokio::task::JoinHandle<()>,
    public_key: RsaPublicKey,
}

/// One RSA key for the whole test process: making a 2048-bit key per test would dominate the run.
fn shared_key_file() -> &'static Path {
    static KEY: OnceLock<PathBuf> = OnceLock::new();
    KEY.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("jpmall-test-key-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        api::keys::PasswordKey::load_or_create(&dir).expect("a test RSA key");
        dir.join("rsa_private_key.pem")
    })
}

pub fn config(data_dir: &Path, database_url: Option<String>, web_dist: &Path) -> api::config::Config {
    api::config::Config {
        data_dir: data_dir.to_path_buf(),
        database_url,
        web_dist: Some(web_dist.to_path_buf()),
        operator_token: Some(OPERATOR_TOKEN.into()),
        production: false,
        payment_secret: Some("test-payment-secret".into()),
        public_url: None,
        wallet_limits: Default::default(),
        auto_complete_days: 10,
        payment_gateway: api::config::GatewayChoice::Simulator,
        sms: Default::default(),
        alipay: Default::default(),
        wechat: Default::default(),
        operations: Default::default(),
    }
}

pub async fn create_postgres_database() -> (String, String) {
    let admin_url = postgres_admin_url();
    let name = format!("jpmall_test_{}", uuid::Uuid::new_v4().simple());
    let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&admin_url)
        .await
        .unwrap_or_else(|e| panic!("PostgreSQL must be reachable at {admin_url} for the Postgres half: {e}"));
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
    let base = admin_url
        .rsplit_once('/')
        .map(|(b, _)| b.to_string())
        .unwrap_or(admin_url.clone());
    (name.clone(), format!("{base}/{name}"))
}

pub async fn drop_postgres_database(name: &str) {
    if let Ok(mut conn) = <sqlx::PgConnection as sqlx::Connection>::connect(&postgres_admin_url()).await {
        let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .execute(&mut conn)
            .await;
    }
}

impl TestApp {
    pub async fn spawn(engine: Engine) -> TestApp {
        let data_dir = tempfile::tempdir().unwrap();
        std::fs::copy(shared_key_file(), data_dir.path().join("rsa_private_key.pem")).unwrap();
        let web_dist = data_dir.path().join("dist");
        std::fs::create_dir_all(web_dist.join("assets")).unwrap();
        std::fs::write(
            web_dist.join("index.html"),
            "<!doctype html><title>jpmall test shell</title>",
        )
        .unwrap();
        let (postgres_database, database_url) = match engine {
            Engine::Sqlite => (None, data_dir.path().join("jpmall.db").display().to_string()),
            Engine::Postgres => {
                let (name, url) = create_postgres_database().await;
                (Some(name), url)
            }
        };
        let url_setting = postgres_database.as_ref().map(|_| database_url.clone());
        let app = api::app::open(config(data_dir.path(), url_setting, &web_dist))
            .await
            .expect("the app opens");
        let (base, server) = serve(&app).await;
        let public_key = RsaPublicKey::from_public_key_pem(&app.state.password_key.public_pem).unwrap();
        TestApp {
            base,
            client: reqwest::Client::new(),
            app,
            engine,
            data_dir,
            web_dist,
            database_url,
            postgres_database,
            server,
            public_key,
        }
    }

    /// Stops the HTTP server and the ranking's follower beside it, leaving the application (a bench
    /// that drives a projection itself wants no second process at it).
    pub fn stop_serving(&self) {
        self.server.abort();
    }

    /// Stops the server and removes the test's database.
    pub async fn finish(self) {
        self.server.abort();
        self.app.state.db.close().await;
        if let Some(name) = &self.postgres_database {
            drop_postgres_database(name).await;
        }
    }

    /// Waits until the ranking, which follows the order log behind the commands, has applied every
    /// order event committed so far (as `/readyz` would show its lag at 0).
    pub async fn ranking_settled(&self) {
        use projections::Replayable;
        let ranking = &self.app.state.ranking;
        for _ in 0..200 {
            ranking.catch_up(&|_, _| {}).await.unwrap();
            if ranking.lag().await.unwrap() == 0 {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("the ranking did not catch up with the order log in 10 s");
    }

    pub fn db(&self) -> &commands::Database {
        &self.app.state.db
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub fn encrypt(&self, plain: &str) -> String {
        let cipher = self
            .public_key
            .encrypt(&mut rand::thread_rng(), Pkcs1v15Encrypt, plain.as_bytes())
            .unwrap();
        base64::engine::general_purpose::STANDARD.encode(cipher)
    }

    pub async fn send(&self, request: reqwest::RequestBuilder) -> (StatusCode, Value) {
        let response = request.send().await.expect("the server answers");
        let status = response.status();
        let text = response.text().await.unwrap();
        let body =
            serde_json::from_str(&text).unwrap_or_else(|_| panic!("not an envelope ({status}): {text}"));
        (status, body)
    }

    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.send(self.client.post(self.url(path)).json(&body)).await
    }

    pub async fn post_as(&self, path: &str, token: &str, lang: &str, body: Value) -> (StatusCode, Value) {
        self.send(
            self.client
                .post(self.url(path))
                .header("token", token)
                .header("content-language", lang)
                .json(&body),
        )
        .await
    }

    pub async fn post_lang(&self, path: &str, lang: &str, body: Value) -> (StatusCode, Value) {
        self.send(
            self.client
                .post(self.url(path))
                .header("content-language", lang)
                .json(&body),
        )
        .await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.header("token", token);
        }
        self.send(request).await
    }

    /// A seller's call below `/jpmall/addons/unishop` (`path` like `order/submit`) in `lang`.
    pub async fn unishop(&self, token: &str, lang: &str, path: &str, body: Value) -> (StatusCode, Value) {
        self.post_as(&format!("{UNISHOP}/{path}"), token, lang, body)
            .await
    }

    /// The same call, which must succeed; answers its `data`.
    pub async fn unishop_data(&self, token: &str, lang: &str, path: &str, body: Value) -> Value {
        let (status, reply) = self.unishop(token, lang, path, body.clone()).await;
        assert_eq!(status, StatusCode::OK, "{path} {body}: {reply}");
        reply["data"].clone()
    }

    /// An operator call below `/jpmall/admin` (`path` like `orders/ship`), in English.
    pub async fn admin(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.send(
            self.client
                .post(self.url(&format!("/jpmall/admin/{path}")))
                .header("operator-token", OPERATOR_TOKEN)
                .header("content-language", "en_US")
                .json(&body),
        )
        .await
    }

    /// An operator call without the operator token, as a seller's script would send it; answers the
    /// status (403).
    pub async fn admin_without_token(&self, path: &str, body: Value) -> StatusCode {
        let request = self
            .client
            .post(self.url(&format!("/jpmall/admin/{path}")))
            .json(&body);
        self.send(request).await.0
    }

    /// The same call, which must succeed; answers its `data`.
    pub async fn admin_data(&self, path: &str, body: Value) -> Value {
        let (status, reply) = self.admin(path, body.clone()).await;
        assert_eq!(status, StatusCode::OK, "{path} {body}: {reply}");
        reply["data"].clone()
    }

    /// Adds a staff account directly (as `jpmall ops staff add` does) with password `staff123`, signs
    /// it in over HTTP and answers its token.
    pub async fn staff(&self, mobile: &str, role: &str, stalls: &[&str]) -> String {
        let stall_ids: Vec<String> = stalls.iter().map(|s| s.to_string()).collect();
        commands::staff::add(
            self.db(),
            commands::staff::NewStaff {
                mobile,
                name: &format!("{role} {mobile}"),
                password: commands::accounts::Password::Plain(STAFF_PASSWORD.to_string()),
                role: domain::staff::Role::parse(role).expect("a role"),
                stall_ids: &stall_ids,
            },
        )
        .await
        .expect("the staff account is added");
        let (status, reply) = self.staff_login(mobile, STAFF_PASSWORD).await;
        assert_eq!(status, StatusCode::OK, "{reply}");
        reply["data"]["token"].as_str().unwrap().to_string()
    }

    /// Signs a staff member in with the password RSA-encrypted, as the console sends it.
    pub async fn staff_login(&self, mobile: &str, password: &str) -> (StatusCode, Value) {
        let body = serde_json::json!({"mobile": mobile, "password": self.encrypt(password)});
        self.send(
            self.client
                .post(self.url("/jpmall/admin/staff/login"))
                .header("content-language", "en_US")
                .json(&body),
        )
        .await
    }

    /// A staff call below `/jpmall/admin` with `admin-token`, in English: GET when `body` is null
    /// (`path` then carries the query), POST otherwise.
    pub async fn as_staff(&self, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
        let url = self.url(&format!("/jpmall/admin/{path}"));
        let request = if body.is_null() {
            self.client.get(url)
        } else {
            self.client.post(url).json(&body)
        };
        self.send(
            request
                .header("admin-token", token)
                .header("content-language", "en_US"),
        )
        .await
    }

    /// Tops the seller's wallet up the way a payer does: the QR page's confirm button.
    pub async fn top_up(&self, token: &str, amount: &str) {
        let payment = self
            .unishop_data(token, "zh_CN", "fund/recharge", json!({ "amount": amount }))
            .await;
        let confirm = format!("{}/confirm", payment["pay_url"].as_str().unwrap());
        let page = self.client.post(confirm).send().await.unwrap();
        assert_eq!(page.status(), StatusCode::OK);
    }

    /// Uploads a drawn `width`×`height` PNG as the seller (`category/upload`); answers its URL.
    pub async fn upload_png(&self, token: &str, width: u32, height: u32, name: &str) -> String {
        use image::{ImageFormat, Rgba, RgbaImage};
        let mut png = Vec::new();
        RgbaImage::from_fn(width, height, |x, y| {
            Rgba([(x * 7) as u8, (y * 5) as u8, 60, 255])
        })
        .write_to(&mut std::io::Cursor::new(&mut png), ImageFormat::Png)
        .unwrap();
        let part = reqwest::multipart::Part::bytes(png).file_name(name.to_string());
        let (status, reply) = self
            .send(
                self.client
                    .post(self.url("/addons/unishop/category/upload"))
                    .header("token", token)
                    .multipart(reqwest::multipart::Form::new().part("file", part)),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{reply}");
        reply["data"]["url"].as_str().unwrap().to_string()
    }

    /// Uploads a shipping label file as the seller (`order/label`); answers the status and reply.
    pub async fn upload_label(&self, token: &str, bytes: Vec<u8>, name: &str) -> (StatusCode, Value) {
        let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_string());
        self.send(
            self.client
                .post(self.url(&format!("{UNISHOP}/order/label")))
                .header("token", token)
                .header("content-language", "en_US")
                .multipart(reqwest::multipart::Form::new().part("file", part)),
        )
        .await
    }

    /// A small real PDF (header, one object, trailer) with binary bytes in it, as labels are.
    pub fn label_pdf(tag: &str) -> Vec<u8> {
        let mut pdf = b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".to_vec();
        pdf.extend_from_slice(format!("% {tag}\n").as_bytes());
        pdf.extend((0u8..=255).collect::<Vec<u8>>());
        pdf.extend_from_slice(b"\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
        pdf
    }

    /// Uploads [`Self::label_pdf`] and answers its URL.
    pub async fn a_label(&self, token: &str, tag: &str) -> String {
        let (status, reply) = self.upload_label(token, Self::label_pdf(tag), "label.pdf").await;
        assert_eq!(status, StatusCode::OK, "{reply}");
        reply["data"]["url"].as_str().unwrap().to_string()
    }

    /// What a SKU has in stock now.
    pub async fn stock_of(&self, sku: &str) -> i64 {
        sqlx::query_scalar("SELECT stock FROM skus WHERE id = $1")
            .bind(sku)
            .fetch_one(&self.db().pool)
            .await
            .unwrap()
    }

    /// Seeds the deterministic demo market with `products` products.
    pub async fn seed(&self, products: usize) -> commands::catalog::seed::SeedReport {
        commands::catalog::seed::seed(self.db(), products, &|_, _, _| {})
            .await
            .expect("the seed runs")
    }

    /// A captcha and its answer, as a person reads it off the image (here: from the outbox).
    pub async fn solved_captcha(&self) -> (String, String) {
        let (_, body) = self.get("/jpmall/addons/unishop/sms/get/captcha", None).await;
        let key = body["data"]["captcha_key"].as_str().unwrap().to_string();
        let (_, captchas) = commands::sms::outbox(self.db(), None).await.unwrap();
        let answer = captchas
            .into_iter()
            .find(|c| c.captcha_key == key)
            .expect("captcha in the outbox")
            .answer;
        (key, answer)
    }

    pub async fn request_code(&self, mobile: &str, event: &str) -> (StatusCode, Value) {
        let (captcha_key, captcha) = self.solved_captcha().await;
        self.post(
            "/jpmall/addons/unishop/sms/sendSmsText",
            json!({"mobile": mobile, "event": event, "captcha_key": captcha_key, "captcha": captcha}),
        )
        .await
    }

    /// Moves the SMS cooldown of every phone a minute into the past, as if a minute had passed.
    pub async fn a_minute_passes(&self) {
        sqlx::query("UPDATE sms_throttle SET last_sent_at = last_sent_at - 60")
            .execute(&self.db().pool)
            .await
            .unwrap();
    }

    /// The newest code sent to `mobile`, read from the development outbox.
    pub async fn last_code(&self, mobile: &str) -> String {
        let (sms, _) = commands::sms::outbox(self.db(), Some(mobile)).await.unwrap();
        sms.first().expect("an SMS in the outbox").code.clone()
    }

    /// Registers through captcha, SMS and register; answers the session token.
    pub async fn register(&self, mobile: &str, password: &str) -> String {
        let (status, body) = self.request_code(mobile, "register").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let code = self.last_code(mobile).await;
        let (status, body) = self
            .post(
                "/jpmall/addons/unishop/user/register",
                self.registration(mobile, password, &code),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["data"]["userinfo"]["token"].as_str().unwrap().to_string()
    }

    pub fn registration(&self, mobile: &str, password: &str, code: &str) -> Value {
        json!({
            "mobile": mobile,
            "password": self.encrypt(password),
            "repassword": self.encrypt(password),
            "code": code,
            "agree": true,
        })
    }

    pub async fn login(&self, mobile: &str, password: &str) -> (StatusCode, Value) {
        self.post(
            "/jpmall/addons/unishop/user/login",
            json!({"mobile": mobile, "password": self.encrypt(password)}),
        )
        .await
    }
}

impl TestApp {
    /// Uploads a platform's order export (`order/platform/import`) as `token`, in English.
    pub async fn import_platform_file(&self, token: &str, bytes: Vec<u8>, name: &str) -> (StatusCode, Value) {
        let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_string());
        self.send(
            self.client
                .post(self.url(&format!("{UNISHOP}/order/platform/import")))
                .header("token", token)
                .header("content-language", "en_US")
                .multipart(reqwest::multipart::Form::new().part("file", part)),
        )
        .await
    }

    /// The background job `id` (`excel/job`) once it no longer runs; fails after 30 s.
    pub async fn job_done(&self, token: &str, id: &Value) -> Value {
        for _ in 0..300 {
            let job = self
                .unishop_data(token, "en_US", "excel/job", json!({"id": id}))
                .await;
            if job["status"] != "running" {
                return job;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("job {id} still running");
    }
}

/// The files of a zip, by name, in the archive's order.
pub fn zip_entries(zip_bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    use std::io::Read;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip_bytes)).expect("a zip archive");
    (0..archive.len())
        .map(|i| {
            let mut file = archive.by_index(i).unwrap();
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).unwrap();
            (file.name().expect("a UTF-8 name").to_string(), bytes)
        })
        .collect()
}

pub async fn serve(app: &App) -> (String, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    app.state.payments.serving_at(&format!("http://{addr}"));
    let router = api::router(app.state.clone());
    // As `jpmall serve` does, the ranking follows the order log and the listing notices the
    // catalogue's changes beside the server, and stop with it.
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let ranking = app.state.ranking.clone().follow(stopping.clone());
    let notices = app.state.listing_notices.clone().follow(stopping);
    let follower = async move {
        tokio::join!(ranking, notices);
    };
    let server = tokio::spawn(async move {
        let _stop = stop;
        let serving = axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        );
        tokio::select! {
            served = serving => served.unwrap(),
            () = follower => {}
        }
    });
    (format!("http://{addr}"), server)
}

/// The `jpmall` binary built beside this executable: tests run from `target/<profile>/deps/`, the
/// bench from `target/<profile>/`.
pub fn jpmall_binary() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().expect("an executable has a folder");
    let profile_dir = if dir.ends_with("deps") {
        dir.parent().expect("target/<profile>")
    } else {
        dir
    };
    let bin = profile_dir.join("jpmall");
    assert!(
        bin.exists(),
        "{} is missing: build the workspace first (make test does)",
        bin.display()
    );
    bin
}

impl TestApp {
    /// Another server on this test's database and data folder, with `change` made to its settings:
    /// its base URL and its application (close its database when done).
    pub async fn another_server(&self, change: impl FnOnce(&mut api::config::Config)) -> (String, App) {
        let url = match self.engine {
            Engine::Sqlite => None,
            Engine::Postgres => Some(self.database_url.clone()),
        };
        let mut config = config(self.data_dir.path(), url, &self.web_dist);
        change(&mut config);
        let other = api::app::open(config).await.expect("the other server opens");
        let (base, _server) = serve(&other).await;
        (base, other)
    }

    /// Runs `jpmall` with this test's data folder and database; answers (success, stdout, stderr).
    pub fn run_cli(&self, args: &[&str]) -> (bool, String, String) {
        let mut command = std::process::Command::new(jpmall_binary());
        command
            .args(args)
            .env("JPMALL_DATA_DIR", self.data_dir.path())
            .env_remove("DATABASE_URL");
        if self.engine == Engine::Postgres {
            command.env("DATABASE_URL", &self.database_url);
        }
        let output = command.output().expect("jpmall runs");
        (
            output.status.success(),
            String::from_utf8_lossy(&output.stdout).into(),
            String::from_utf8_lossy(&output.stderr).into(),
        )
    }
}

/// The id of the demo market's product number `n`.
pub fn product_id_of(n: usize) -> String {
    commands::catalog::seed::product_id(n)
}

/// A batch-upload sheet of the platform-order template (Chinese headers) with these rows.
pub fn platform_order_sheet(rows: &[[&str; 11]]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    let headers = [
        "平台",
        "来源订单号",
        "货号",
        "颜色",
        "尺码",
        "数量",
        "收件人",
        "手机号",
        "收货地址",
        "快递",
        "备注",
    ];
    for (c, h) in headers.iter().enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            // quantities and phones typed as numbers, as a spreadsheet stores them
            match cell.parse::<f64>() {
                Ok(n) if c == 5 || c == 7 => sheet.write_number(r as u32 + 1, c as u16, n).unwrap(),
                _ => sheet.write_string(r as u32 + 1, c as u16, *cell).unwrap(),
            };
        }
    }
    book.save_to_buffer().unwrap()
}

/// A product of the seeded market with three colours, each sold in sizes M and L, that the walked
/// platform exports (`tests/fixtures/platform-exports/*-walked.csv`) are filled with: `{ITEM}` its
/// item number, `{C1}`..`{C3}` its colours in Chinese and `{C1_EN}`..`{C3_EN}` in English.
#[derive(Debug, Clone)]
pub struct WalkedProduct {
    pub product_id: String,
    pub item_no: String,
    /// (Chinese, English) of the three colours, in the product's order.
    pub colours: Vec<(String, String)>,
    /// The SKU id of each (Chinese colour, size).
    pub skus: std::collections::HashMap<(String, String), String>,
}

impl WalkedProduct {
    /// The SKU of colour `n` (1..=3) in `size`.
    pub fn sku(&self, n: usize, size: &str) -> String {
        let colour = &self.colours[n - 1].0;
        self.skus[&(colour.clone(), size.to_string())].clone()
    }

    /// A walked fixture's text with this product in place of its placeholders.
    pub fn fill(&self, text: &str) -> String {
        let mut text = text.replace("{ITEM}", &self.item_no);
        for (n, (zh, en)) in self.colours.iter().enumerate() {
            text = text
                .replace(&format!("{{C{}_EN}}", n + 1), en)
                .replace(&format!("{{C{}}}", n + 1), zh);
        }
        text
    }

    /// The walked fixture `name` (a file of `tests/fixtures/platform-exports`) filled with this
    /// product, byte for byte otherwise (its BOM and tabs kept).
    pub fn fixture(&self, name: &str) -> Vec<u8> {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/platform-exports")
            .join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        self.fill(&text).into_bytes()
    }
}

impl TestApp {
    /// The first seeded product whose item number is its own, with three colours that have English
    /// names, each in M and L with stock for a batch (seed at least 10 products first).
    pub async fn walked_product(&self) -> WalkedProduct {
        let rows = sqlx::query(
            "SELECT p.id AS product_id, p.item_no, p.colors, k.id AS sku_id, k.color, k.size FROM products p \
             JOIN skus k ON k.product_id = p.id \
             WHERE k.stock >= 20 AND k.size IN ('M', 'L') \
             AND (SELECT COUNT(*) FROM products q WHERE q.item_no = p.item_no) = 1 \
             ORDER BY p.id, k.sort",
        )
        .fetch_all(&self.db().pool)
        .await
        .unwrap();
        /// (SKU id, Chinese colour, size)
        type Skus = Vec<(String, String, String)>;
        let mut by_product: Vec<(String, String, String, Skus)> = Vec::new();
        for row in &rows {
            let id: String = row.get("product_id");
            if by_product.last().map(|p| &p.0) != Some(&id) {
                by_product.push((id, row.get("item_no"), row.get("colors"), Vec::new()));
            }
            by_product
                .last_mut()
                .unwrap()
                .3
                .push((row.get("sku_id"), row.get("color"), row.get("size")));
        }
        for (product_id, item_no, colours_json, skus) in by_product {
            let names: Vec<Value> = serde_json::from_str(&colours_json).unwrap_or_default();
            let mut colours = Vec::new();
            for name in &names {
                let (Some(zh), Some(en)) = (name["zh"].as_str(), name["en"].as_str()) else {
                    continue;
                };
                let sizes = skus.iter().filter(|k| k.1 == zh).count();
                if sizes == 2 && !en.is_empty() && colours.len() < 3 {
                    colours.push((zh.to_string(), en.to_string()));
                }
            }
            if colours.len() == 3 {
                let skus = skus
                    .into_iter()
                    .map(|(id, colour, size)| ((colour, size), id))
                    .collect();
                return WalkedProduct {
                    product_id,
                    item_no,
                    colours,
                    skus,
                };
            }
        }
        panic!("no seeded product has three colours in M and L; seed more products");
    }
}
