//! Message calls (`/mail`): the list with its read filter, the unread count for the layout's badge,
//! and marking one or all read. Messages are rendered here in the reader's language.

use axum::extract::State;
use axum::http::HeaderMap;
use commands::clock::now;
use commands::Refusal;
use projections::messages::{self as read, MessageRow, ReadFilter, Target};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::extract::{CurrentUser, JsonBody};
use crate::i18n::{language_of, message, Language};
use crate::paging::Paging;
use crate::state::AppState;

#[derive(Serialize)]
pub struct Link {
    #[serde(rename = "type")]
    kind: &'static str,
    id: String,
    path: String,
}

#[derive(Serialize)]
pub struct MessageView {
    id: String,
    kind: String,
    title: String,
    content: String,
    /// What `content` quotes as a person typed it (a reason staff wrote), in its own language.
    quoted: Vec<String>,
    link: Link,
    read: bool,
    created_at: i64,
}

fn link_of(row: &MessageRow) -> Link {
    let id = row.object_id.clone();
    let (kind, path) = match row.target {
        Target::Order => ("order", format!("/orderDetail?order_no={id}")),
        Target::OutOfStock => ("order", "/outStock".to_string()),
        Target::Abnormal => ("order", "/abnormal".to_string()),
        Target::AfterSale => ("after_sale", format!("/saleDetail?id={id}")),
        Target::Withdrawal => ("withdrawal", "/withdrawalStatus".to_string()),
        Target::Coupon => ("coupon", "/coupon".to_string()),
        Target::Listing => ("listing", "/myListings?filter=to_act_on".to_string()),
    };
    Link { kind, id, path }
}

/// The parameters that are free text a person typed, quoted as written in every language.
const TYPED: &[&str] = &["reason"];

fn view(row: &MessageRow, lang: Language) -> MessageView {
    let params: Vec<(&str, String)> = row
        .params
        .as_object()
        .map(|object| {
            object
                .iter()
                .map(|(name, value)| {
                    let text = match value {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    (name.as_str(), text)
                })
                .collect()
        })
        .unwrap_or_default();
    let quoted = params
        .iter()
        .filter(|(name, text)| TYPED.contains(name) && !text.trim().is_empty())
        .map(|(_, text)| text.clone())
        .collect();
    MessageView {
        id: row.id.clone(),
        kind: row.kind.clone(),
        title: message(lang, &format!("mail.{}.title", row.kind), &[]),
        content: message(lang, &format!("mail.{}.content", row.kind), &params),
        quoted,
        link: link_of(row),
        read: row.read,
        created_at: row.created_at,
    }
}

#[derive(Deserialize, Default)]
pub struct ListBody {
    page: Option<i64>,
    pagesize: Option<i64>,
    #[serde(default)]
    status: String,
}

#[derive(Serialize)]
pub struct MessagePage {
    list: Vec<MessageView>,
    total: i64,
    page: i64,
    pagesize: i64,
    unread: i64,
}

pub async fn lists(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<ListBody>,
) -> ApiResult<MessagePage> {
    let (page, pagesize) = Paging {
        page: body.page,
        pagesize: body.pagesize,
    }
    .checked()?;
    let filter = ReadFilter::from_code(&body.status)
        .ok_or_else(|| Refusal::new("mail.status_invalid").on("status"))?;
    let lang = language_of(&headers);
    let mut found = read::list(&state.db.pool, &user.id, filter, page, pagesize).await?;
    crate::routes::coupon::localize_messages(&state, &mut found.list, lang).await?;
    Ok(ok(MessagePage {
        list: found.list.iter().map(|m| view(m, lang)).collect(),
        total: found.total,
        page,
        pagesize,
        unread: found.unread,
    }))
}

#[derive(Serialize)]
pub struct Unread {
    unread: i64,
}

pub async fn unread_count(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Unread> {
    Ok(ok(Unread {
        unread: read::unread_count(&state.db.pool, &user.id).await?,
    }))
}

#[derive(Deserialize, Default)]
pub struct IdBody {
    #[serde(default)]
    id: String,
}

pub async fn mark_read(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> ApiResult<Unread> {
    let id = body.id.trim();
    if id.is_empty() {
        return Err(Refusal::new("mail.id_required").on("id").into());
    }
    if !read::owns(&state.db.pool, &user.id, id).await? {
        return Err(AppError::NotFound("mail.not_found"));
    }
    commands::messages::mark_read(&state.db, &user.id, id, now()).await?;
    unread_count(State(state), user).await
}

pub async fn mark_all_read(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Unread> {
    commands::messages::mark_all_read(&state.db, &user.id, now()).await?;
    unread_count(State(state), user).await
}
