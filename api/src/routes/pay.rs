//! The local QR payment simulator's pages, and jpmall's payment webhook.
//!
//! The pages stand in for a gateway's: `/pay/<id>` is what the QR opens, and confirming there makes the
//! "gateway" deliver a signed callback to the webhook over HTTP, exactly as a real one would. The
//! webhook trusts nothing but the signature, and checks amount and expiry against its own record.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use commands::clock::now;
use commands::payments::{self, CallbackOutcome, SIGNATURE_HEADER};
use serde_json::json;

use crate::envelope::{ok, reply, Reply};
use crate::error::AppError;
use crate::i18n::{message, Language};
use crate::state::AppState;

/// A phone opening the QR sends no content-language; its browser's Accept-Language decides.
fn page_language(headers: &HeaderMap) -> Language {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .or_else(|| headers.get("content-language"))
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if accept.trim().to_ascii_lowercase().starts_with("en") {
        Language::EnUs
    } else {
        Language::ZhCn
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn page(lang: Language, title: &str, body: &str) -> Html<String> {
    let html_lang = match lang {
        Language::ZhCn => "zh-CN",
        Language::EnUs => "en",
    };
    Html(format!(
        "<!doctype html><html lang=\"{html_lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>\
         <style>body{{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;text-align:center;color:#222}}\
         .amount{{font-size:2.5rem;font-weight:600;margin:1rem 0}}button{{font-size:1.1rem;padding:.7rem 2.5rem;border:0;border-radius:6px;background:#1677ff;color:#fff;cursor:pointer}}\
         .note{{color:#888;font-size:.85rem;margin-top:2rem}}\
         .simulator{{background:#fff1f0;border:2px solid #cf1322;color:#a8071a;font-weight:600;padding:.8rem;border-radius:6px}}</style></head><body>{body}</body></html>",
        title = escape(title)
    ))
}

fn status_page(lang: Language, key: &str, payment: &payments::Payment) -> Html<String> {
    let title = message(lang, key, &[]);
    page(
        lang,
        &title,
        &format!(
            "<h1 id=\"payment-status\">{}</h1><p class=\"amount\">¥{}</p><p class=\"note\">{}</p>",
            escape(&title),
            payment.amount.to_yuan(),
            escape(&payment.id)
        ),
    )
}

fn not_found_page(lang: Language) -> Response {
    let title = message(lang, "payment.unknown", &[]);
    let body = format!("<h1>{}</h1>", escape(&title));
    (StatusCode::NOT_FOUND, page(lang, &title, &body)).into_response()
}

/// `GET /pay/<id>`: "pay ¥x" and a confirm button, or where the payment stands.
pub async fn pay_page(State(state): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    let lang = page_language(&headers);
    if !state.payments.simulator_on() {
        return not_found_page(lang);
    }
    let payment = match payments::find(&state.db, &id, now()).await {
        Ok(Some(p)) => p,
        Ok(None) => return not_found_page(lang),
        Err(e) => return AppError::from(e).into_response(),
    };
    match payment.status.as_str() {
        "paid" => return status_page(lang, "payment.already_paid", &payment).into_response(),
        "expired" => return status_page(lang, "payment.expired", &payment).into_response(),
        _ => {}
    }
    let title = message(lang, "payment.page_title", &[]);
    let body = format!(
        "<p class=\"simulator\" id=\"simulator-warning\" role=\"alert\">{warning}</p>\
         <h1>{title}</h1><p class=\"amount\">{pay}</p>\
         <form method=\"post\" action=\"/pay/{id}/confirm\"><button type=\"submit\" id=\"confirm-payment\">{confirm}</button></form>\
         <p class=\"note\">{note}</p>",
        title = escape(&title),
        pay = escape(&message(lang, "payment.pay_amount", &[("amount", payment.amount.to_yuan())])),
        id = escape(&payment.id),
        confirm = escape(&message(lang, "payment.confirm", &[])),
        note = escape(&message(lang, "payment.simulator_note", &[])),
        warning = escape(&message(lang, "payment.simulator_warning", &[])),
    );
    page(lang, &title, &body).into_response()
}

/// `POST /pay/<id>/confirm`: the simulated gateway takes the money and notifies jpmall's webhook.
pub async fn confirm(State(state): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    let lang = page_language(&headers);
    // Off whenever the simulator is not the configured gateway: its confirmations need no payer.
    if !state.payments.simulator_on() {
        return not_found_page(lang);
    }
    let at = now();
    let payment = match payments::find(&state.db, &id, at).await {
        Ok(Some(p)) => p,
        Ok(None) => return not_found_page(lang),
        Err(e) => return AppError::from(e).into_response(),
    };
    let Some(secret) = state.payments.simulator_secret() else {
        return not_found_page(lang);
    };
    let (body, signature) = match payments::simulated_callback(&payment, secret, at) {
        Ok(signed) => signed,
        Err(key) => return status_page(lang, key, &payment).into_response(),
    };
    let delivered = reqwest::Client::new()
        .post(&payment.notify_url)
        .header(header::CONTENT_TYPE, "application/json")
        .header(SIGNATURE_HEADER, signature)
        .body(body)
        .timeout(std::time::Duration::from_secs(30))
        .send()
        .await;
    match delivered {
        Ok(response) if response.status().is_success() => {
            status_page(lang, "payment.paid", &payment).into_response()
        }
        Ok(response) => {
            tracing::warn!(payment_id = %payment.id, status = %response.status(), "the webhook refused the simulated callback");
            status_page(lang, "payment.failed", &payment).into_response()
        }
        Err(e) => {
            tracing::error!(payment_id = %payment.id, error = %e, "the simulated gateway could not reach the webhook");
            status_page(lang, "payment.failed", &payment).into_response()
        }
    }
}

/// `POST /jpmall/payment/notify`: the simulator's signed callback. Routed only while the simulator is
/// the gateway; the check here is a second line behind the router.
pub async fn notify(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let Some(secret) = state.payments.simulator_secret() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let signature = headers
        .get(SIGNATURE_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let settled = payments::handle_callback(&state.db, &state.wallets, secret, &body, signature, now()).await;
    match honour(&state, settled).await {
        Ok(Some(payment_id)) => ok(json!({"result": "ok", "payment_id": payment_id})).into_response(),
        Ok(None) => ok(json!({"result": "ok"})).into_response(),
        Err(AppError::Invalid(refusal)) => reply(Reply {
            status: StatusCode::BAD_REQUEST,
            code: 0,
            key: refusal.key,
            params: refusal.params,
            field: None,
            data: serde_json::Value::Null,
        }),
        Err(e) => e.into_response(),
    }
}

/// `POST /jpmall/payment/notify/alipay`: Alipay's asynchronous notification. Alipay reads `success`
/// as "stop sending"; anything else makes it send again later.
pub async fn notify_alipay(State(state): State<AppState>, body: Bytes) -> Response {
    let Some(alipay) = state.payments.alipay() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let verdict = alipay.verify_notification(&body);
    let settled = payments::settle_notification(&state.db, &state.wallets, "alipay", verdict, now()).await;
    match honour(&state, settled).await {
        Ok(_) => (StatusCode::OK, "success").into_response(),
        Err(AppError::Internal(error)) => {
            tracing::error!("Alipay notification not stored: {error:#}");
            (StatusCode::INTERNAL_SERVER_ERROR, "failure").into_response()
        }
        Err(_) => (StatusCode::BAD_REQUEST, "failure").into_response(),
    }
}

/// `POST /jpmall/payment/notify/wechat`: WeChat Pay's notification. An empty 204 acknowledges it; a
/// 4xx/5xx with `{"code": "FAIL"}` makes WeChat Pay send it again later.
pub async fn notify_wechat(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let Some(wechat) = state.payments.wechat() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let signed = crate::providers::wechat_pay::SignedBy::from_headers(&headers);
    let verdict = wechat.verify_notification(&signed, &body, now());
    let settled = payments::settle_notification(&state.db, &state.wallets, "wechat", verdict, now()).await;
    let fail = |status: StatusCode, message: &str| {
        (status, axum::Json(json!({"code": "FAIL", "message": message}))).into_response()
    };
    match honour(&state, settled).await {
        Ok(_) => StatusCode::NO_CONTENT.into_response(),
        Err(AppError::Internal(error)) => {
            tracing::error!("WeChat Pay notification not stored: {error:#}");
            fail(StatusCode::INTERNAL_SERVER_ERROR, "not stored, send again")
        }
        Err(_) => fail(StatusCode::BAD_REQUEST, "refused"),
    }
}

/// After a gateway's notification was settled: a payment for an order pays the order from the wallet
/// it just topped up. When the order can no longer be paid the money stays in the wallet; the
/// gateway's part is done either way. Answers the payment id a payment notification was about.
async fn honour(
    state: &AppState,
    settled: Result<CallbackOutcome, commands::Error>,
) -> Result<Option<String>, AppError> {
    let payment_id = match settled {
        Ok(CallbackOutcome::Credited { payment_id }) => {
            tracing::info!(payment_id, "payment confirmed, top-up credited");
            payment_id
        }
        Ok(CallbackOutcome::AlreadyPaid { payment_id }) => {
            tracing::info!(payment_id, "repeated payment callback ignored");
            payment_id
        }
        Ok(CallbackOutcome::Ignored) => return Ok(None),
        Err(commands::Error::Invalid(refusal)) => {
            return Err(AppError::Invalid(refusal));
        }
        Err(e) => return Err(e.into()),
    };
    match commands::orders::payment::after_callback(
        &state.db,
        &state.orders,
        &state.wallets,
        &payment_id,
        now(),
    )
    .await
    {
        Ok(()) => {}
        Err(commands::Error::Invalid(refusal)) => {
            tracing::warn!(
                payment_id,
                key = refusal.key,
                "the order could not be paid; the money stays in the wallet"
            );
        }
        Err(e) => return Err(e.into()),
    }
    Ok(Some(payment_id))
}
