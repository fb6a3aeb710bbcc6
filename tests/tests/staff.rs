//! Staff accounts and roles over HTTP on both engines: the first owner from the CLI, signing in with
//! the RSA transport and its throttle, the owner managing staff, the permission of every staff call
//! for every role, seller and staff tokens kept apart, and the audit trail of who did what.

use domain::staff::{Permission, Role};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tests::{on_both_engines, TestApp, STAFF_PASSWORD};

on_both_engines!(
    the_first_owner_comes_from_the_cli_and_manages_the_rest,
    every_staff_call_checks_the_role_of_its_caller,
    seller_and_staff_sessions_never_open_each_other,
    staff_logins_are_throttled_apart_from_sellers,
    staff_actions_are_traceable_to_who_did_them,
    the_audit_trail_names_the_ids_of_each_row
);

/// Every staff call, with a body that changes nothing (null: a GET), and the permission it needs
/// (`None`: any signed-in staff member).
fn staff_calls() -> Vec<(&'static str, Value, Option<Permission>)> {
    use Permission as P;
    vec![
        ("staff/me", Value::Null, None),
        ("dashboard", Value::Null, None),
        ("staff/list", Value::Null, Some(P::StaffManage)),
        ("staff/add", json!({}), Some(P::StaffManage)),
        ("staff/role", json!({}), Some(P::StaffManage)),
        ("staff/disable", json!({}), Some(P::StaffManage)),
        ("stalls/options", Value::Null, Some(P::StaffManage)),
        ("audit", Value::Null, Some(P::AuditRead)),
        ("sms/outbox", Value::Null, Some(P::OutboxRead)),
        ("withdrawals", Value::Null, Some(P::WithdrawalsRead)),
        ("withdrawals/approve", json!({}), Some(P::WithdrawalsWrite)),
        ("withdrawals/reject", json!({}), Some(P::WithdrawalsWrite)),
        ("withdrawals/reveal", json!({}), Some(P::PayeesRead)),
        ("orders", Value::Null, Some(P::OrdersRead)),
        ("orders/prepare_stock", json!({}), Some(P::OrdersWrite)),
        ("orders/out_of_stock", json!({}), Some(P::OrdersWrite)),
        ("orders/flag_abnormal", json!({}), Some(P::OrdersWrite)),
        ("orders/resolve_abnormal", json!({}), Some(P::OrdersWrite)),
        ("orders/ship", json!({}), Some(P::OrdersWrite)),
        ("orders/complete_due", json!({}), Some(P::OrdersWrite)),
        ("aftersales", Value::Null, Some(P::AfterSalesRead)),
        ("aftersales/approve", json!({}), Some(P::AfterSalesWrite)),
        ("aftersales/reject", json!({}), Some(P::AfterSalesWrite)),
        ("aftersales/intercept", json!({}), Some(P::AfterSalesWrite)),
        ("aftersales/receive", json!({}), Some(P::AfterSalesWrite)),
        ("aftersales/refund", json!({}), Some(P::AfterSalesWrite)),
        ("aftersales/ship", json!({}), Some(P::AfterSalesWrite)),
        ("coupons", Value::Null, Some(P::CouponsRead)),
        ("coupons/issue", json!({}), Some(P::CouponsWrite)),
        ("coupons/publish", json!({}), Some(P::CouponsWrite)),
        ("notices/publish", json!({}), Some(P::NoticesWrite)),
        ("notices/withdraw", json!({}), Some(P::NoticesWrite)),
        ("catalog/products", Value::Null, Some(P::CatalogueRead)),
        ("catalog/product?id=nope", Value::Null, Some(P::CatalogueRead)),
        ("catalog/products/shelf", json!({}), Some(P::CatalogueWrite)),
        ("catalog/stock/change", json!({}), Some(P::StockWrite)),
        (
            "catalog/stock/changes?product_id=nope",
            Value::Null,
            Some(P::CatalogueRead),
        ),
        ("catalog/area_sites", Value::Null, Some(P::CatalogueRead)),
        ("catalog/markets", Value::Null, Some(P::CatalogueRead)),
        ("catalog/markets/save", json!({}), Some(P::CatalogueWrite)),
        ("catalog/categories", Value::Null, Some(P::CatalogueRead)),
        ("catalog/categories/save", json!({}), Some(P::CatalogueWrite)),
        ("catalog/stalls", Value::Null, Some(P::CatalogueRead)),
        ("catalog/stalls/save", json!({}), Some(P::CatalogueWrite)),
        ("catalog/products/save", json!({}), Some(P::CatalogueWrite)),
        ("catalog/imports", Value::Null, Some(P::ImportsWrite)),
        ("catalog/imports", json!({}), Some(P::ImportsWrite)),
        (
            "catalog/imports/detail?id=nope",
            Value::Null,
            Some(P::ImportsWrite),
        ),
        (
            "catalog/imports/confirm",
            json!({"id": "nope"}),
            Some(P::ImportsWrite),
        ),
    ]
}

/// Catalogue writes that are the platform's own: a stall account holds `catalogue.write` for its
/// stalls' products, not for markets and categories.
const PLATFORM_ONLY: [&str; 2] = ["catalog/markets/save", "catalog/categories/save"];

async fn the_first_owner_comes_from_the_cli_and_manages_the_rest(app: &TestApp) {
    app.seed(3).await;
    let (ok, stdout, stderr) = app.run_cli(&[
        "ops",
        "staff",
        "add",
        "--mobile",
        "13900009001",
        "--password",
        "owner123",
        "--role",
        "owner",
        "--name",
        "老板",
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("13900009001 added as owner"), "{stdout}");
    let (ok, _, stderr) = app.run_cli(&[
        "ops",
        "staff",
        "add",
        "--mobile",
        "13900009002",
        "--password",
        "x123456",
        "--role",
        "admin",
    ]);
    assert!(!ok);
    assert!(stderr.contains("unknown role admin"), "{stderr}");

    let (status, reply) = app.staff_login("13900009001", "owner123").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let owner = reply["data"]["token"].as_str().unwrap().to_string();
    assert_eq!(reply["data"]["staff"]["role"], "owner");
    assert_eq!(reply["data"]["staff"]["name"], "老板");
    let permissions = reply["data"]["staff"]["permissions"].as_array().unwrap();
    assert_eq!(permissions.len(), Permission::ALL.len());
    let (status, me) = app.as_staff(&owner, "staff/me", Value::Null).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["data"]["mobile"], "13900009001");
    assert!(me["data"]["last_login_at"].as_i64().is_some());

    // The owner adds a catalogue member in the console, password encrypted like every password.
    let add = |mobile: &str, role: &str, stalls: Value| {
        json!({"mobile": mobile, "name": format!("{role} staff"), "password": app.encrypt(STAFF_PASSWORD),
               "role": role, "stall_ids": stalls})
    };
    let (status, added) = app
        .as_staff(&owner, "staff/add", add("13900009003", "catalogue", json!([])))
        .await;
    assert_eq!(status, StatusCode::OK, "{added}");
    assert_eq!(added["data"]["role"], "catalogue");
    let catalogue_id = added["data"]["id"].as_str().unwrap().to_string();
    let (status, again) = app
        .as_staff(&owner, "staff/add", add("13900009003", "finance", json!([])))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(again["msg"], "This phone number already has a staff account.");

    // A stall account supplies at least one stall that exists; other roles supply none.
    let stalls = app.as_staff(&owner, "stalls/options", Value::Null).await.1["data"].clone();
    let stall = stalls[0]["id"].as_str().unwrap().to_string();
    for (body, msg) in [
        (
            add("13900009004", "stall", json!([])),
            "A stall account must supply at least one stall.",
        ),
        (
            add("13900009004", "stall", json!(["S-none"])),
            "Stall S-none does not exist.",
        ),
        (
            add("13900009004", "warehouse", json!([stall])),
            "Only a stall account can be linked to stalls.",
        ),
        (add("13900009004", "boss", json!([])), "Unknown role."),
        (
            add("13900009004", "finance", json!([]))
                .as_object()
                .cloned()
                .map(|mut b| {
                    b.insert("name".into(), json!(""));
                    Value::Object(b)
                })
                .unwrap(),
            "Please enter a name.",
        ),
    ] {
        let (status, reply) = app.as_staff(&owner, "staff/add", body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
        assert_eq!(reply["msg"], msg);
    }
    let (status, reply) = app
        .as_staff(&owner, "staff/add", add("13900009004", "stall", json!([stall])))
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["data"]["stall_ids"], json!([stall]));

    // The new member signs in and sees what the role allows.
    let (status, reply) = app.staff_login("13900009003", STAFF_PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let catalogue = reply["data"]["token"].as_str().unwrap().to_string();
    let names: Vec<&str> = reply["data"]["staff"]["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"catalogue.write") && !names.contains(&"staff.manage"),
        "{names:?}"
    );

    let (_, list) = app.as_staff(&owner, "staff/list", Value::Null).await;
    assert_eq!(list["data"]["total"], 3);
    assert_eq!(list["data"]["list"][0]["role"], "owner");

    // A role change takes effect on the next call of the same session.
    let (status, reply) = app
        .as_staff(
            &owner,
            "staff/role",
            json!({"id": catalogue_id, "role": "finance"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(
        app.as_staff(&catalogue, "withdrawals", Value::Null).await.0,
        StatusCode::OK
    );

    // Disabling ends the sessions and refuses the next sign-in.
    let (status, reply) = app
        .as_staff(
            &owner,
            "staff/disable",
            json!({"id": catalogue_id, "disabled": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["data"]["disabled"], true);
    let (status, reply) = app.as_staff(&catalogue, "staff/me", Value::Null).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        reply["msg"],
        "Your staff session has ended, please sign in again."
    );
    // A disabled account is answered exactly as a wrong password, so the answer never confirms
    // the password.
    let right = app.staff_login("13900009003", STAFF_PASSWORD).await;
    let wrong = app.staff_login("13900009003", "not-the-password").await;
    assert_eq!(right.0, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(right.1["msg"], "Incorrect phone number or password.");
    let answer = |(status, reply): &(StatusCode, Value)| {
        (
            *status,
            reply["code"].clone(),
            reply["msg"].clone(),
            reply["data"].clone(),
        )
    };
    assert_eq!(answer(&right), answer(&wrong));
    let (ok, stdout, stderr) =
        app.run_cli(&["ops", "staff", "disable", "--mobile", "13900009003", "--enable"]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("enabled"), "{stdout}");
    assert_eq!(
        app.staff_login("13900009003", STAFF_PASSWORD).await.0,
        StatusCode::OK
    );

    // There is always an owner who can sign in.
    let (_, me) = app.as_staff(&owner, "staff/me", Value::Null).await;
    let owner_id = me["data"]["id"].as_str().unwrap().to_string();
    let (status, reply) = app
        .as_staff(&owner, "staff/role", json!({"id": owner_id, "role": "finance"}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "At least one active owner account must remain.");
    let (status, reply) = app
        .as_staff(&owner, "staff/disable", json!({"id": owner_id, "disabled": true}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply["msg"], "You cannot disable your own account.");
    let (ok, _, stderr) = app.run_cli(&["ops", "staff", "disable", "--mobile", "13900009001"]);
    assert!(!ok);
    assert!(stderr.contains("At least one active owner"), "{stderr}");

    let (ok, stdout, stderr) = app.run_cli(&["ops", "staff", "list"]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("13900009004") && stdout.contains(&stall),
        "{stdout}"
    );

    // Signing out ends the session.
    assert_eq!(
        app.as_staff(&owner, "staff/logout", json!({})).await.0,
        StatusCode::OK
    );
    assert_eq!(
        app.as_staff(&owner, "staff/me", Value::Null).await.0,
        StatusCode::UNAUTHORIZED
    );
}

async fn every_staff_call_checks_the_role_of_its_caller(app: &TestApp) {
    app.seed(2).await;
    let stall: String = sqlx::query_scalar("SELECT id FROM stalls ORDER BY id LIMIT 1")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    for (n, role) in Role::ALL.into_iter().enumerate() {
        let stalls: Vec<&str> = if role == Role::Stall { vec![&stall] } else { vec![] };
        let token = app.staff(&format!("139000080{n:02}"), role.name(), &stalls).await;
        for (path, body, permission) in staff_calls() {
            let (status, reply) = app.as_staff(&token, path, body).await;
            let allowed = permission.is_none_or(|p| role.may(p))
                && !(role == Role::Stall && PLATFORM_ONLY.contains(&path));
            if allowed {
                assert!(
                    status != StatusCode::FORBIDDEN && status != StatusCode::UNAUTHORIZED,
                    "{role:?} {path}: {status} {reply}"
                );
            } else {
                assert_eq!(status, StatusCode::FORBIDDEN, "{role:?} {path}: {reply}");
                assert_eq!(reply["msg"], "Your role does not allow this.", "{role:?} {path}");
            }
        }
    }
    // A refused call changes nothing: a marketing member cannot touch staff, and a catalogue member
    // cannot publish a notice.
    let marketing = app.staff("13900008100", "marketing", &[]).await;
    let (status, _) = app
        .as_staff(
            &marketing,
            "staff/add",
            json!({"mobile": "13900008101", "name": "x", "password": app.encrypt("abc123"), "role": "owner"}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let catalogue = app.staff("13900008102", "catalogue", &[]).await;
    let (status, _) = app
        .as_staff(
            &catalogue,
            "notices/publish",
            json!({"title": "t", "content": "c"}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let count = |sql: &'static str| async move {
        sqlx::query_scalar::<_, i64>(sql)
            .fetch_one(&app.db().pool)
            .await
            .unwrap()
    };
    assert_eq!(
        count("SELECT COUNT(*) FROM staff WHERE mobile = '13900008101'").await,
        0
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM notices WHERE title_zh = 't'").await,
        0
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM staff_actions WHERE action IN ('staff.add', 'notice.publish') AND actor_kind = 'staff'").await,
        0
    );
}

async fn seller_and_staff_sessions_never_open_each_other(app: &TestApp) {
    let seller = app.register("13800138100", "abc123").await;
    let staff = app.staff("13900008200", "owner", &[]).await;
    for (path, body, _) in staff_calls() {
        let url = app.url(&format!("/jpmall/admin/{path}"));
        let request = if body.is_null() {
            app.client.get(url)
        } else {
            app.client.post(url).json(&body)
        };
        let (status, _) = app.send(request.header("token", &seller)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "a seller's token on {path}");
        // A seller's token put where a staff token goes names no staff session.
        let (status, _) = app.as_staff(&seller, path, body).await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "a seller's token as admin-token on {path}"
        );
    }
    let (status, _) = app.get("/addons/unishop/user/user_info", Some(&staff)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a staff token on a seller call");
    // The same phone may be a seller and a staff member; the two passwords and sessions stay apart.
    app.register("13900008200", "seller9").await;
    assert_eq!(
        app.login("13900008200", STAFF_PASSWORD).await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        app.staff_login("13900008200", "seller9").await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        app.staff_login("13900008200", STAFF_PASSWORD).await.0,
        StatusCode::OK
    );
}

async fn staff_logins_are_throttled_apart_from_sellers(app: &TestApp) {
    app.staff("13900008300", "finance", &[]).await;
    for _ in 0..5 {
        let (status, reply) = app.staff_login("13900008300", "wrong999").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    }
    let (status, reply) = app.staff_login("13900008300", STAFF_PASSWORD).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{reply}");
    // Sellers from the same address are counted on their own.
    app.register("13900008300", "seller9").await;
    assert_eq!(app.login("13900008300", "seller9").await.0, StatusCode::OK);
    // A password that cannot be decrypted is a wrong password, not a format error.
    let (status, reply) = app
        .send(
            app.client
                .post(app.url("/jpmall/admin/staff/login"))
                .header("content-language", "en_US")
                .json(&json!({"mobile": "13900008301", "password": "bm90IGVuY3J5cHRlZA=="})),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["data"]["field"], "password");
}

async fn staff_actions_are_traceable_to_who_did_them(app: &TestApp) {
    app.register("13800138400", "abc123").await;
    let owner = app.staff("13900008400", "owner", &[]).await;
    let marketing = app.staff("13900008401", "marketing", &[]).await;
    let marketing_id = app.as_staff(&marketing, "staff/me", Value::Null).await.1["data"]["id"]
        .as_str()
        .unwrap()
        .to_string();

    let now = commands::clock::now();
    let (status, issued) = app
        .as_staff(
            &marketing,
            "coupons/issue",
            json!({"mobile": "13800138400", "name": "满50减5", "name_en": "¥5 off over ¥50", "type": "product",
                   "discount_type": "full_reduction", "threshold": "50", "amount": "5",
                   "valid_from": now, "valid_to": now + 86_400}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{issued}");
    let coupon_id = issued["data"]["id"].as_str().unwrap().to_string();
    let (status, notice) = app
        .as_staff(
            &marketing,
            "notices/publish",
            json!({"title": "春季上新", "content": "新品到档"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{notice}");
    // The machine credential is recorded as the operator.
    let (status, _) = app
        .admin("notices/withdraw", json!({"id": notice["data"]["id"]}))
        .await;
    assert_eq!(status, StatusCode::OK);

    // The coupon's events carry the staff member in their metadata.
    let metadata: String = sqlx::query_scalar(
        "SELECT CAST(metadata AS TEXT) FROM events WHERE aggregate_type = 'coupon' AND aggregate_id = $1",
    )
    .bind(&coupon_id)
    .fetch_one(&app.db().pool)
    .await
    .unwrap();
    let metadata: Value = serde_json::from_str(&metadata).unwrap();
    assert_eq!(metadata["staff_id"], marketing_id.as_str());
    assert_eq!(metadata["actor_kind"], "staff");

    // The trail per staff member, newest first, and per object.
    let (status, trail) = app
        .as_staff(&owner, &format!("audit?staff_id={marketing_id}"), Value::Null)
        .await;
    assert_eq!(status, StatusCode::OK, "{trail}");
    let actions: Vec<&str> = trail["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["notice.publish", "coupon.issue"]);
    assert_eq!(trail["data"]["list"][1]["actor_name"], "marketing 13900008401");
    assert_eq!(trail["data"]["list"][1]["object_id"], coupon_id.as_str());
    assert_eq!(trail["data"]["list"][1]["detail"]["name"], "满50减5");
    let notice_id = notice["data"]["id"].as_str().unwrap();
    let (_, trail) = app
        .as_staff(
            &owner,
            &format!("audit?object_type=notice&object_id={notice_id}"),
            Value::Null,
        )
        .await;
    let entries = trail["data"]["list"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{trail}");
    assert_eq!(entries[0]["action"], "notice.withdraw");
    assert_eq!(entries[0]["actor_kind"], "operator");
    assert_eq!(entries[0]["actor_id"], Value::Null);
    assert_eq!(entries[1]["actor_kind"], "staff");
    // Staff management is in the trail too.
    let (_, trail) = app.as_staff(&owner, "audit?object_type=staff", Value::Null).await;
    assert_eq!(
        trail["data"]["total"], 0,
        "the accounts of this test were added outside any call"
    );
    // Sellers' own actions are not staff actions.
    let (_, trail) = app.as_staff(&owner, "audit", Value::Null).await;
    assert_eq!(trail["data"]["total"], 3, "{trail}");
}

/// The audit listing in `language`, as the owner reads it.
async fn audit_in(app: &TestApp, token: &str, query: &str, language: &str) -> Value {
    let (status, trail) = app
        .send(
            app.client
                .get(app.url(&format!("/jpmall/admin/audit?{query}")))
                .header("admin-token", token)
                .header("content-language", language),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{trail}");
    trail
}

async fn the_audit_trail_names_the_ids_of_each_row(app: &TestApp) {
    app.seed(2).await;
    app.register("13800138500", "abc123").await;
    sqlx::query("UPDATE users SET nickname = '小王服饰' WHERE mobile = '13800138500'")
        .execute(&app.db().pool)
        .await
        .unwrap();
    let owner = app.staff("13900008500", "owner", &[]).await;
    let product = tests::product_id_of(1);
    let (title_zh, title_en): (String, String) =
        sqlx::query_as("SELECT title_zh, title_en FROM products WHERE id = $1")
            .bind(&product)
            .fetch_one(&app.db().pool)
            .await
            .unwrap();
    let (sku, color, size, colors): (String, String, String, String) = sqlx::query_as(
        "SELECT k.id, k.color, k.size, p.colors FROM skus k JOIN products p ON p.id = k.product_id \
         WHERE k.product_id = $1 ORDER BY k.sort LIMIT 1",
    )
    .bind(&product)
    .fetch_one(&app.db().pool)
    .await
    .unwrap();
    let color_en = domain::variation::english_colour(&colors, &color);
    assert!(
        !color_en.is_empty(),
        "the demo product names its colours in English: {colors}"
    );
    let (stall, stall_name): (String, String) =
        sqlx::query_as("SELECT id, name FROM stalls ORDER BY id LIMIT 1")
            .fetch_one(&app.db().pool)
            .await
            .unwrap();

    // Three audited changes whose rows hold ids: a stock change (a product and its SKU), a stall
    // account (its stalls) and a coupon issued to a seller (the seller).
    let (status, reply) = app
        .as_staff(
            &owner,
            "catalog/stock/change",
            json!({"sku_id": sku, "delta": 5, "reason": "到货"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let (status, added) = app
        .as_staff(
            &owner,
            "staff/add",
            json!({"mobile": "13900008501", "name": "档口小李", "password": app.encrypt(STAFF_PASSWORD),
                   "role": "stall", "stall_ids": [stall]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{added}");
    let member = added["data"]["id"].as_str().unwrap().to_string();
    let now = commands::clock::now();
    let (status, issued) = app
        .as_staff(
            &owner,
            "coupons/issue",
            json!({"mobile": "13800138500", "name": "满50减5", "name_en": "¥5 off over ¥50", "type": "product",
                   "discount_type": "full_reduction", "threshold": "50", "amount": "5",
                   "valid_from": now, "valid_to": now + 86_400}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{issued}");
    let seller: String = sqlx::query_scalar("SELECT id FROM users WHERE mobile = '13800138500'")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();

    let sku_zh = format!("{title_zh} {color} {size}");
    let sku_en = format!("{title_en} {color_en} {size}");
    for (language, title, sku_name) in [("zh_CN", &title_zh, &sku_zh), ("en_US", &title_en, &sku_en)] {
        let trail = audit_in(app, &owner, "", language).await;
        let rows = trail["data"]["list"].as_array().unwrap();
        let row = |action: &str| {
            rows.iter()
                .find(|r| r["action"] == action)
                .unwrap_or_else(|| panic!("no {action} in {trail}"))
                .clone()
        };
        let issue = row("coupon.issue");
        assert_eq!(issue["detail"]["user_id"], seller.as_str());
        assert_eq!(
            issue["names"],
            json!({"user": {seller.as_str(): "小王服饰"}}),
            "{language}"
        );
        let added = row("staff.add");
        assert_eq!(
            added["names"],
            json!({"staff": {member.as_str(): "档口小李"}, "stall": {stall.as_str(): stall_name.as_str()}}),
            "{language}"
        );
        let stock = row("sku.stock");
        assert_eq!(stock["object_id"], product.as_str());
        assert_eq!(
            stock["names"],
            json!({"product": {product.as_str(): title.as_str()},
                   "sku": {sku.as_str(): sku_name.as_str()}}),
            "{language}"
        );
    }
    // The names follow the filter: one member's trail names only what its rows hold.
    let trail = audit_in(
        app,
        &owner,
        &format!("object_type=staff&object_id={member}"),
        "zh_CN",
    )
    .await;
    assert_eq!(trail["data"]["total"], 1, "{trail}");
    assert_eq!(
        trail["data"]["list"][0]["names"]["stall"][stall.as_str()],
        stall_name.as_str()
    );
}
