//! Operator calls under `/jpmall/admin/`: the SMS outbox, the withdrawals queue and notices.
//! `staff_gate` guards every path there.

use axum::extract::State;
use commands::sms::{CaptchaAnswer, OutboxMessage};
use serde::{Deserialize, Serialize};

use crate::actions::withdrawals::{decide_withdrawal, Decision};
use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::{JsonBody, QueryArgs};
use crate::routes::fund;
use crate::state::AppState;

#[derive(Deserialize)]
pub struct OutboxQuery {
    mobile: Option<String>,
}

#[derive(Serialize)]
pub struct Outbox {
    pub sms: Vec<OutboxMessage>,
    pub captchas: Vec<CaptchaAnswer>,
}

pub async fn outbox(
    State(state): State<AppState>,
    QueryArgs(query): QueryArgs<OutboxQuery>,
) -> ApiResult<Outbox> {
    if !state.outbox_enabled {
        return Err(AppError::NotFound("outbox.disabled"));
    }
    let (sms, captchas) =
        commands::sms::outbox(&state.db, query.mobile.as_deref().filter(|m| !m.is_empty())).await?;
    Ok(ok(Outbox { sms, captchas }))
}

#[derive(Deserialize)]
pub struct WithdrawalQueue {
    status: Option<String>,
    page: Option<i64>,
    pagesize: Option<i64>,
}

/// Every user's withdrawals, newest first (the operator's queue).
pub async fn withdrawals(
    State(state): State<AppState>,
    QueryArgs(query): QueryArgs<WithdrawalQueue>,
) -> ApiResult<projections::catalog::Page<fund::WithdrawalView>> {
    let (page, pagesize) = crate::paging::Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let status = fund::status_filter(query.status.as_deref())?;
    let found =
        projections::wallet::withdrawals_page(&state.db.pool, None, status.as_deref(), page, pagesize)
            .await?;
    Ok(ok(projections::catalog::Page {
        list: found
            .list
            .iter()
            .map(|w| fund::withdrawal_view(w, true))
            .collect(),
        total: found.total,
        page,
        pagesize,
    }))
}

#[derive(Deserialize)]
pub struct DecisionBody {
    #[serde(default)]
    id: String,
    #[serde(default)]
    reason: String,
}

pub async fn approve_withdrawal(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<DecisionBody>,
) -> ApiResult<fund::WithdrawalView> {
    let row = decide_withdrawal(&state, &body.id, Decision::Approve).await?;
    Ok(ok(fund::withdrawal_view(&row, true)))
}

pub async fn reject_withdrawal(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<DecisionBody>,
) -> ApiResult<fund::WithdrawalView> {
    let row = decide_withdrawal(&state, &body.id, Decision::Reject(body.reason)).await?;
    Ok(ok(fund::withdrawal_view(&row, true)))
}

#[derive(Deserialize, Default)]
pub struct NoticeBody {
    #[serde(default)]
    title: String,
    #[serde(default)]
    content: String,
    #[serde(default)]
    title_en: String,
    #[serde(default)]
    content_en: String,
    #[serde(default)]
    pinned: bool,
}

/// Publishes an announcement (home page and notice list); answers it as sellers see it in Chinese.
pub async fn publish_notice(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<NoticeBody>,
) -> ApiResult<projections::catalog::Notice> {
    let id = commands::catalog::notices::publish(
        &state.db,
        commands::catalog::notices::NewNotice {
            title: body.title,
            content: body.content,
            title_en: body.title_en,
            content_en: body.content_en,
            pinned: body.pinned,
        },
        commands::clock::now(),
    )
    .await?;
    let notice = projections::catalog::notice_by_id(&state.db.pool, &id, crate::i18n::Language::ZhCn)
        .await?
        .ok_or(AppError::NotFound("notice.not_found"))?;
    Ok(ok(notice))
}

#[derive(Deserialize, Default)]
pub struct NoticeIdBody {
    #[serde(default)]
    id: String,
}

#[derive(Serialize)]
pub struct Withdrawn {
    id: String,
}

pub async fn withdraw_notice(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<NoticeIdBody>,
) -> ApiResult<Withdrawn> {
    if !commands::catalog::notices::withdraw(&state.db, &body.id).await? {
        return Err(AppError::NotFound("notice.not_found"));
    }
    Ok(ok(Withdrawn {
        id: body.id.trim().to_string(),
    }))
}
