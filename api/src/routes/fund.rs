//! Fund calls: the wallet summary, QR top-up, payout account, withdrawals and the ledger. Each acts
//! on the caller's own wallet; money moves only through wallet commands.

use axum::extract::State;
use axum::http::HeaderMap;
use commands::clock::now;
use commands::payments;
use commands::Refusal;
use domain::accounts::mask_mobile;
use domain::money::Fen;
use domain::wallet::{mask_account, mask_payee, WalletCommand};
use projections::catalog::Page;
use projections::wallet::{self as read, LedgerFilter, LedgerRow, WithdrawalRow};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::envelope::{ok, Done};
use crate::error::{ApiResult, AppError};
use crate::extract::{CurrentUser, JsonBody};
use crate::i18n::{language_of, message};
use crate::paging::Paging;
use crate::state::AppState;

pub const LEDGER_TYPES: [&str; 7] = [
    "top_up",
    "withdrawal",
    "withdrawal_paid",
    "withdrawal_rejected",
    "order_payment",
    "order_payment_reversed",
    "refund",
];
const WITHDRAWAL_STATUSES: [&str; 3] = ["pending", "paid", "rejected"];

/// Yuan given as a string or a number; at most two decimals, since rounding money hides mistakes.
pub fn amount_of(value: &Value, not_positive: &'static str) -> Result<Fen, AppError> {
    let text = match value {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        Value::Null => return Err(Refusal::new(not_positive).on("amount").into()),
        _ => String::new(),
    };
    if text.is_empty() {
        return Err(Refusal::new(not_positive).on("amount").into());
    }
    let fen = Fen::parse_yuan(&text).map_err(|_| Refusal::new("fund.amount_invalid").on("amount"))?;
    if !fen.is_positive() {
        return Err(Refusal::new(not_positive).on("amount").into());
    }
    Ok(fen)
}

#[derive(Serialize)]
pub struct PayoutAccountView {
    payee: String,
    account: String,
}

impl PayoutAccountView {
    fn masked(payee: &str, account: &str) -> Self {
        Self {
            payee: mask_payee(payee),
            account: mask_account(account),
        }
    }
}

#[derive(Serialize)]
pub struct Summary {
    balance: String,
    frozen: String,
    total_in: String,
    total_out: String,
    payout_account: Option<PayoutAccountView>,
    max_top_up: String,
    max_withdrawal: String,
}

pub async fn index(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Summary> {
    let s = read::summary_of(&state.db.pool, &user.id).await?;
    Ok(ok(Summary {
        balance: s.balance.to_yuan(),
        frozen: s.frozen.to_yuan(),
        total_in: s.total_in.to_yuan(),
        total_out: s.total_out.to_yuan(),
        payout_account: s
            .payout_account
            .as_ref()
            .map(|(payee, account)| PayoutAccountView::masked(payee, account)),
        max_top_up: state.wallet_limits.max_top_up.to_yuan(),
        max_withdrawal: state.wallet_limits.max_withdrawal.to_yuan(),
    }))
}

#[derive(Deserialize)]
pub struct AmountBody {
    #[serde(default)]
    amount: Value,
    request_id: Option<String>,
}

#[derive(Serialize)]
pub struct PaymentView {
    payment_id: String,
    amount: String,
    status: String,
    expires_at: i64,
    paid_at: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pay_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qr: Option<String>,
}

pub fn payment_view(p: &payments::Payment) -> PaymentView {
    PaymentView {
        payment_id: p.id.clone(),
        amount: p.amount.to_yuan(),
        status: p.status.clone(),
        expires_at: p.expires_at,
        paid_at: p.paid_at,
        pay_url: None,
        qr: None,
    }
}

/// The base URL a payer's phone reaches: configured, else what this request was addressed to.
pub fn public_base(state: &AppState, headers: &HeaderMap) -> String {
    if let Some(url) = state
        .payments
        .public_url
        .as_deref()
        .filter(|u| !u.trim().is_empty())
    {
        return url.trim_end_matches('/').to_string();
    }
    let host = headers
        .get("x-forwarded-host")
        .or_else(|| headers.get("host"))
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            h.chars()
                .all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c))
        })
        .unwrap_or("127.0.0.1:8080");
    let scheme = match headers.get("x-forwarded-proto").and_then(|h| h.to_str().ok()) {
        Some("https") => "https",
        _ => "http",
    };
    format!("{scheme}://{host}")
}

pub fn qr_data_url(text: &str) -> Result<String, AppError> {
    use base64::Engine as _;
    let code = qrcode::QrCode::new(text.as_bytes()).map_err(|e| anyhow::anyhow!("QR code: {e}"))?;
    let svg = code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(220, 220)
        .quiet_zone(true)
        .build();
    Ok(format!(
        "data:image/svg+xml;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(svg)
    ))
}

pub async fn recharge(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<AmountBody>,
) -> ApiResult<PaymentView> {
    let amount = amount_of(&body.amount, "fund.top_up_not_positive")?;
    let gateway = state.payments.gateway()?;
    let payment = payments::request_top_up(
        &state.db,
        &state.wallets,
        &user.id,
        amount,
        &state.payments.notify_url(),
        gateway.is_simulator(),
        now(),
    )
    .await?;
    Ok(ok(pay_link(&state, &headers, gateway, &payment).await?))
}

/// Registers a payment with the gateway and answers its view with the QR code the payer scans. A
/// gateway that cannot be reached leaves the payment pending, to expire unpaid: nothing was taken.
pub async fn pay_link(
    state: &AppState,
    headers: &HeaderMap,
    gateway: &dyn payments::PaymentGateway,
    payment: &payments::Payment,
) -> Result<PaymentView, AppError> {
    let registered = gateway
        .create(
            &payments::NewPayment {
                id: payment.id.clone(),
                amount: payment.amount,
                expires_at: payment.expires_at,
                notify_url: payment.notify_url.clone(),
            },
            &public_base(state, headers),
        )
        .await;
    let pay_url = registered.map_err(|error| {
        tracing::error!(
            gateway = gateway.name(),
            payment_id = %payment.id,
            "the payment gateway did not register the payment: {error:#}"
        );
        AppError::Unavailable(commands::Refusal::new("payment.gateway_failed"))
    })?;
    let mut view = payment_view(payment);
    view.qr = Some(qr_data_url(&pay_url)?);
    view.pay_url = Some(pay_url);
    Ok(view)
}

#[derive(Deserialize)]
pub struct PaymentBody {
    #[serde(default)]
    payment_id: String,
}

pub async fn payment_status(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<PaymentBody>,
) -> ApiResult<PaymentView> {
    let id = body.payment_id.trim();
    if id.is_empty() {
        return Err(Refusal::new("fund.payment_id_required").on("payment_id").into());
    }
    match payments::find(&state.db, id, now()).await? {
        Some(p) if p.user_id == user.id => Ok(ok(payment_view(&p))),
        _ => Err(AppError::NotFound("payment.unknown")),
    }
}

#[derive(Deserialize)]
pub struct BindBody {
    #[serde(default)]
    payee: String,
    #[serde(default)]
    account: String,
    /// The `payout_account` code sent to the seller's phone: needed to replace a bound account.
    #[serde(default)]
    code: String,
}

#[derive(Serialize)]
pub struct Bound {
    payout_account: PayoutAccountView,
}

pub async fn bind_account(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<BindBody>,
) -> ApiResult<Bound> {
    let (payee, account) = (body.payee.trim(), body.account.trim());
    if payee.is_empty() {
        return Err(Refusal::new("fund.payee_required").on("payee").into());
    }
    if account.is_empty() {
        return Err(Refusal::new("fund.account_required").on("account").into());
    }
    if payee.chars().count() > 40 {
        return Err(Refusal::new("fund.payee_too_long").on("payee").into());
    }
    if account.chars().count() > 64 {
        return Err(Refusal::new("fund.account_too_long").on("account").into());
    }
    commands::wallet::bind_payout_account(
        &state.db,
        &state.wallets,
        &user.id,
        payee,
        account,
        &body.code,
        now(),
    )
    .await?;
    Ok(ok(Bound {
        payout_account: PayoutAccountView::masked(payee, account),
    }))
}

#[derive(Serialize)]
pub struct PayoutCodeSent {
    cooldown: i64,
    expires_in: i64,
    /// The seller's phone the code went to, masked.
    mobile: String,
}

/// Sends the code that changing the payout account asks for, to the signed-in seller's own phone.
pub async fn payout_code(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
) -> ApiResult<PayoutCodeSent> {
    let template = message(language_of(&headers), "sms.template_payout_account", &[]);
    let mobile = commands::sms::send_code_to_user(
        &state.db,
        &state.sms,
        &user.id,
        commands::sms::SmsEvent::PayoutAccount,
        &template,
    )
    .await?;
    let sent = PayoutCodeSent {
        cooldown: domain::constants::SMS_COOLDOWN_SECONDS,
        expires_in: domain::constants::SMS_CODE_VALIDITY_SECONDS,
        mobile: mask_mobile(&mobile),
    };
    Ok(Done(sent, "sms.sent"))
}

#[derive(Serialize)]
pub struct WithdrawalView {
    id: String,
    amount: String,
    status: String,
    payee: String,
    account: String,
    reason: String,
    requested_at: i64,
    decided_at: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    user_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mobile: Option<String>,
}

pub fn withdrawal_view(w: &WithdrawalRow, for_operator: bool) -> WithdrawalView {
    WithdrawalView {
        id: w.id.clone(),
        amount: w.amount.to_yuan(),
        status: w.status.clone(),
        payee: mask_payee(&w.payee),
        account: mask_account(&w.account),
        reason: w.reason.clone(),
        requested_at: w.requested_at,
        decided_at: w.decided_at,
        user_id: for_operator.then(|| w.user_id.clone()),
        mobile: for_operator.then(|| w.mobile.clone()),
    }
}

#[derive(Serialize)]
pub struct Withdrawn {
    withdrawal: WithdrawalView,
}

pub async fn withdraw(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<AmountBody>,
) -> ApiResult<Withdrawn> {
    let amount = amount_of(&body.amount, "fund.withdrawal_not_positive")?;
    let id = commands::wallet::withdrawal_id(&user.id, body.request_id.as_deref());
    state
        .wallets
        .execute(
            &user.id,
            WalletCommand::RequestWithdrawal {
                withdrawal_id: id.clone(),
                amount,
                at: now(),
            },
        )
        .await
        .map_err(|e| match e {
            // The wallet's rule is about any spending; the fund screen words it for withdrawals.
            commands::Error::Invalid(mut r) if r.key == "wallet.insufficient_balance" => {
                r.key = "fund.withdrawal_above_balance";
                commands::Error::Invalid(r)
            }
            other => other,
        })?;
    let row = read::withdrawal_by_id(&state.db.pool, &id)
        .await?
        .filter(|w| w.user_id == user.id)
        .ok_or_else(|| anyhow::anyhow!("withdrawal {id} was accepted but is not in the read table"))?;
    Ok(ok(Withdrawn {
        withdrawal: withdrawal_view(&row, false),
    }))
}

#[derive(Deserialize)]
pub struct WithdrawalsQuery {
    page: Option<i64>,
    pagesize: Option<i64>,
    status: Option<String>,
}

pub fn status_filter(status: Option<&str>) -> Result<Option<String>, AppError> {
    match status.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) if WITHDRAWAL_STATUSES.contains(&s) => Ok(Some(s.to_string())),
        Some(_) => Err(Refusal::new("fund.status_invalid").on("status").into()),
    }
}

pub async fn withdrawals(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(query): JsonBody<WithdrawalsQuery>,
) -> ApiResult<Page<WithdrawalView>> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let status = status_filter(query.status.as_deref())?;
    let found =
        read::withdrawals_page(&state.db.pool, Some(&user.id), status.as_deref(), page, pagesize).await?;
    Ok(ok(Page {
        list: found.list.iter().map(|w| withdrawal_view(w, false)).collect(),
        total: found.total,
        page,
        pagesize,
    }))
}

#[derive(Deserialize, Default)]
pub struct LedgerQuery {
    page: Option<i64>,
    pagesize: Option<i64>,
    #[serde(rename = "type")]
    kind: Option<String>,
    start_time: Option<i64>,
    end_time: Option<i64>,
}

#[derive(Serialize)]
pub struct LedgerView {
    id: i64,
    #[serde(rename = "type")]
    kind: String,
    amount: String,
    balance_after: String,
    frozen_after: String,
    reference: String,
    at: i64,
}

pub fn ledger_view(r: &LedgerRow) -> LedgerView {
    LedgerView {
        id: r.sequence,
        kind: r.kind.clone(),
        amount: r.amount.to_yuan(),
        balance_after: r.balance_after.to_yuan(),
        frozen_after: r.frozen_after.to_yuan(),
        reference: r.reference.clone(),
        at: r.at,
    }
}

/// The ledger filter of a request, checked (the ledger screen and its Excel export).
pub fn ledger_filter(query: &LedgerQuery) -> Result<LedgerFilter, AppError> {
    let kind = match query.kind.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        None => None,
        Some(k) if LEDGER_TYPES.contains(&k) => Some(k.to_string()),
        Some(_) => return Err(Refusal::new("fund.type_invalid").on("type").into()),
    };
    if let (Some(start), Some(end)) = (query.start_time, query.end_time) {
        if end < start {
            return Err(Refusal::new("fund.end_before_start").on("end_time").into());
        }
    }
    Ok(LedgerFilter {
        kind,
        start: query.start_time,
        end: query.end_time,
    })
}

pub async fn ledger(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(query): JsonBody<LedgerQuery>,
) -> ApiResult<Page<LedgerView>> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let filter = ledger_filter(&query)?;
    let found = read::ledger_page(&state.db.pool, &user.id, &filter, page, pagesize).await?;
    Ok(ok(Page {
        list: found.list.iter().map(ledger_view).collect(),
        total: found.total,
        page,
        pagesize,
    }))
}
