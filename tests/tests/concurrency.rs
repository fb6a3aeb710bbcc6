use futures::future::join_all;
use reqwest::StatusCode;
use tests::{on_both_engines, TestApp};

on_both_engines!(twenty_parallel_registrations_of_one_phone_make_exactly_one_account);

async fn twenty_parallel_registrations_of_one_phone_make_exactly_one_account(app: &TestApp) {
    app.request_code("13800138000", "register").await;
    let code = app.last_code("13800138000").await;
    let attempts = (0..20).map(|i| {
        let body = app.registration("13800138000", &format!("pass{i:02}word"), &code);
        async move { app.post("/jpmall/addons/unishop/user/register", body).await }
    });
    let results = join_all(attempts).await;
    let succeeded = results
        .iter()
        .filter(|(status, _)| *status == StatusCode::OK)
        .count();
    assert_eq!(succeeded, 1, "{results:?}");
    for (status, body) in &results {
        assert!(
            *status == StatusCode::OK || *status == StatusCode::UNPROCESSABLE_ENTITY,
            "a racing registration is refused, never a server error: {status} {body}"
        );
    }
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE mobile = '13800138000'")
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
    assert_eq!(users, 1);
}
