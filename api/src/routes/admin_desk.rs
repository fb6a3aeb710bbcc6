//! The service, finance and marketing desks' reading calls, and the console home's figures: one
//! after-sale with its timeline, a seller's ledger beside the withdrawals queue, the day's payout
//! list, published coupons with their take-up, the announcements on show, and the 30-day trend.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use commands::clock::now;
use commands::Refusal;
use domain::calendar::china_day;
use projections::after_sales::AfterSaleView;
use projections::catalog::Page;
use projections::desk::{self as read, OrderParcel, StaffNotice, TemplateView, TrendDay};
use projections::orders::TimelineEntry;
use projections::wallet::LedgerFilter;
use serde::{Deserialize, Serialize};
use sqlx::Row;

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::excel::sheet::{Book, Cell};
use crate::extract::QueryArgs;
use crate::i18n::{language_of, message, Language};
use crate::paging::Paging;
use crate::routes::fund::{ledger_view, LedgerView};
use crate::state::AppState;

fn given(value: Option<String>) -> String {
    value.map(|v| v.trim().to_string()).unwrap_or_default()
}

async fn mobile_of(state: &AppState, user_id: &str) -> Result<Option<String>, AppError> {
    let row = sqlx::query("SELECT mobile FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(&state.db.pool)
        .await?;
    Ok(row.map(|r| r.get("mobile")))
}

#[derive(Deserialize)]
pub struct IdQuery {
    id: Option<String>,
}

#[derive(Serialize)]
pub struct AfterSaleDetail {
    #[serde(flatten)]
    after_sale: AfterSaleView,
    timeline: Vec<TimelineEntry>,
    mobile: String,
    return_address: crate::routes::address::ReturnAddress,
    /// The refund as it would be paid now, while it can be refunded: what the refund dialog shows
    /// and sends back as `amount`.
    refund_quote: Option<projections::after_sales::BreakdownView>,
    /// The after-sale's own order, as far as the desk needs it (its parcel): the desk reads orders
    /// only through their after-sales.
    order: Option<OrderParcel>,
}

pub async fn aftersale_detail(
    State(state): State<AppState>,
    headers: HeaderMap,
    QueryArgs(query): QueryArgs<IdQuery>,
) -> ApiResult<AfterSaleDetail> {
    let id = given(query.id);
    if id.is_empty() {
        return Err(Refusal::new("aftersale.id_required").on("id").into());
    }
    let (mut after_sale, timeline) = projections::after_sales::detail(&state.db.pool, None, &id)
        .await?
        .ok_or(AppError::NotFound("aftersale.not_found"))?;
    let lang = crate::i18n::language_of(&headers);
    // the claimed lines' titles, colours and sizes in the reader's language, as the seller reads them
    projections::after_sales::in_language(&state.db.pool, std::slice::from_mut(&mut after_sale), lang)
        .await?;
    let mobile = mobile_of(&state, &after_sale.user_id).await?.unwrap_or_default();
    let refund_quote = commands::after_sales::steps::refund_quote(&state.db, &id)
        .await?
        .map(|quote| projections::after_sales::BreakdownView::from(&quote));
    let order = read::order_parcel(&state.db.pool, &after_sale.order_no).await?;
    Ok(ok(AfterSaleDetail {
        after_sale,
        timeline,
        mobile,
        refund_quote,
        order,
        return_address: crate::routes::address::return_address(lang),
    }))
}

#[derive(Deserialize)]
pub struct LedgerQuery {
    user_id: Option<String>,
    page: Option<i64>,
    pagesize: Option<i64>,
}

#[derive(Serialize)]
pub struct SellerLedger {
    user_id: String,
    mobile: String,
    balance: String,
    frozen: String,
    list: Vec<LedgerView>,
    total: i64,
    page: i64,
    pagesize: i64,
}

pub async fn ledger(
    State(state): State<AppState>,
    QueryArgs(query): QueryArgs<LedgerQuery>,
) -> ApiResult<SellerLedger> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let user_id = given(query.user_id);
    if user_id.is_empty() {
        return Err(Refusal::new("staff.user_required").on("user_id").into());
    }
    let mobile = mobile_of(&state, &user_id)
        .await?
        .ok_or(AppError::NotFound("user.not_found"))?;
    let pool = &state.db.pool;
    let balance = projections::wallet::balance_of(pool, &user_id).await?;
    let found =
        projections::wallet::ledger_page(pool, &user_id, &LedgerFilter::default(), page, pagesize).await?;
    Ok(ok(SellerLedger {
        user_id,
        mobile,
        balance: balance.balance.to_yuan(),
        frozen: balance.frozen.to_yuan(),
        list: found.list.iter().map(ledger_view).collect(),
        total: found.total,
        page,
        pagesize,
    }))
}

#[derive(Deserialize)]
pub struct DayQuery {
    date: Option<String>,
}

/// `YYYY-MM-DD` as a China day number.
fn day_of(text: &str) -> Option<i64> {
    let mut parts = text.split('-').map(|p| p.parse::<i64>().ok());
    let (Some(Some(y)), Some(Some(m)), Some(Some(d)), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    let at = crate::audit::parse_as_of(&format!("{y:04}-{m:02}-{d:02}")).ok()?;
    Some(china_day(at))
}

/// A payout sheet: one row per withdrawal with the payee and account in full, as the money is sent.
/// `sheet` names it: the day's paid sheet or the sheet of withdrawals to pay.
pub fn payouts_workbook(
    rows: &[projections::wallet::WithdrawalRow],
    lang: Language,
    sheet: &str,
) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    let mut book = Book::new();
    let columns = [
        "id",
        "mobile",
        "payee",
        "account",
        "amount",
        "requested_at",
        "paid_at",
    ];
    let titles: Vec<String> = columns
        .iter()
        .map(|c| message(lang, &format!("payout.col.{c}"), &[]))
        .collect();
    let sheet = book.add_sheet(sheet, &titles, &[24.0, 14.0, 14.0, 26.0, 12.0, 20.0, 20.0])?;
    for w in rows {
        book.write_row(
            sheet,
            &[
                Cell::Text(w.id.clone()),
                Cell::Text(w.mobile.clone()),
                Cell::Text(w.payee.clone()),
                Cell::Text(w.account.clone()),
                Cell::Money(w.amount),
                Cell::Time(Some(w.requested_at)),
                Cell::Time(w.decided_at),
            ],
        )?;
    }
    book.to_bytes()
}

async fn workbook_response(
    rows: Vec<projections::wallet::WithdrawalRow>,
    lang: Language,
    sheet: String,
    file_name: String,
) -> Result<Response, AppError> {
    let bytes = tokio::task::spawn_blocking(move || payouts_workbook(&rows, lang, &sheet))
        .await
        .map_err(|e| AppError::Internal(e.into()))?
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(crate::routes::excel::xlsx_response(bytes, &file_name))
}

/// The withdrawals paid on a day (today by default), for the books (payees.read: it shows each
/// payee in full, so the look is recorded).
pub async fn payouts(
    State(state): State<AppState>,
    headers: HeaderMap,
    QueryArgs(query): QueryArgs<DayQuery>,
) -> Result<Response, AppError> {
    let lang = language_of(&headers);
    let text = given(query.date);
    let day = if text.is_empty() {
        china_day(now())
    } else {
        day_of(&text).ok_or_else(|| Refusal::new("payout.date_invalid").on("date"))?
    };
    let rows = read::payouts_of_day(&state.db.pool, day).await?;
    let (y, m, d) = domain::calendar::civil_from_days(day);
    commands::actor::record_look(
        &state.db,
        commands::actor::Action {
            action: "withdrawal.paid_sheet",
            object_type: "withdrawal",
            object_id: "",
            detail: serde_json::json!({"day": format!("{y:04}-{m:02}-{d:02}"), "count": rows.len()}),
        },
    )
    .await?;
    let sheet = message(lang, "payout.sheet", &[]);
    let name = format!("{sheet}_{y:04}{m:02}{d:02}.xlsx");
    workbook_response(rows, lang, sheet, name).await
}

/// The withdrawals waiting to be paid, oldest first, with where to send each (payees.read). The
/// look is recorded in the audit trail with the withdrawals it showed.
pub async fn payouts_to_pay(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, AppError> {
    let lang = language_of(&headers);
    let rows = read::withdrawals_to_pay(&state.db.pool).await?;
    let ids: Vec<&str> = rows.iter().map(|w| w.id.as_str()).collect();
    let total: i64 = rows.iter().map(|w| w.amount.0).sum();
    commands::actor::record_look(
        &state.db,
        commands::actor::Action {
            action: "withdrawal.payout_sheet",
            object_type: "withdrawal",
            object_id: "",
            detail: serde_json::json!({"count": rows.len(), "amount": total, "ids": ids}),
        },
    )
    .await?;
    let (y, m, d) = domain::calendar::civil_from_days(china_day(now()));
    let sheet = message(lang, "payout.sheet_to_pay", &[]);
    let name = format!("{sheet}_{y:04}{m:02}{d:02}.xlsx");
    workbook_response(rows, lang, sheet, name).await
}

#[derive(Deserialize)]
pub struct RevealBody {
    #[serde(default)]
    id: String,
}

/// A withdrawal's payee and account in full.
#[derive(Serialize)]
pub struct Payee {
    id: String,
    payee: String,
    account: String,
}

/// One withdrawal's payee and account in full, for finance to send the money (payees.read); the
/// look is recorded in the audit trail.
pub async fn reveal_payee(
    State(state): State<AppState>,
    crate::extract::JsonBody(body): crate::extract::JsonBody<RevealBody>,
) -> ApiResult<Payee> {
    let id = body.id.trim();
    if id.is_empty() {
        return Err(Refusal::new("catalog.id_required").on("id").into());
    }
    let Some(found) = projections::wallet::withdrawal_by_id(&state.db.pool, id).await? else {
        return Err(AppError::NotFound("withdrawal.not_found"));
    };
    commands::actor::record_look(
        &state.db,
        commands::actor::Action {
            action: "withdrawal.reveal",
            object_type: "withdrawal",
            object_id: &found.id,
            detail: serde_json::json!({"user_id": found.user_id, "amount": found.amount.0, "status": found.status}),
        },
    )
    .await?;
    Ok(ok(Payee {
        id: found.id,
        payee: found.payee,
        account: found.account,
    }))
}

#[derive(Deserialize)]
pub struct PageQuery {
    page: Option<i64>,
    pagesize: Option<i64>,
}

fn paging(query: &PageQuery) -> Result<(i64, i64), AppError> {
    Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()
}

pub async fn coupon_templates(
    State(state): State<AppState>,
    QueryArgs(query): QueryArgs<PageQuery>,
) -> ApiResult<Page<TemplateView>> {
    let (page, pagesize) = paging(&query)?;
    Ok(ok(read::coupon_templates(&state.db.pool, page, pagesize).await?))
}

pub async fn notices(
    State(state): State<AppState>,
    QueryArgs(query): QueryArgs<PageQuery>,
) -> ApiResult<Page<StaffNotice>> {
    let (page, pagesize) = paging(&query)?;
    Ok(ok(read::notices(&state.db.pool, page, pagesize).await?))
}

#[derive(Serialize)]
pub struct Trend {
    days: Vec<TrendDay>,
}

pub async fn trend(State(state): State<AppState>) -> ApiResult<Trend> {
    Ok(ok(Trend {
        days: read::trend(&state.db.pool, now()).await?,
    }))
}
