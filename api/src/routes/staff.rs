//! Staff calls of the console: sign in and out, the staff member's own account, the owner's staff
//! management, the home's waiting work and the audit trail.

use axum::extract::State;
use axum::http::HeaderMap;
use domain::staff::{Permission, Role};
use projections::catalog::Page;
use projections::staff::{AuditEntry, AuditFilter, StaffRow, StallOption};
use serde::{Deserialize, Serialize};

use crate::envelope::{ok, Done};
use crate::error::{ApiResult, AppError};
use crate::extract::{ClientIp, JsonBody, QueryArgs};
use crate::i18n::{language_of, Language};
use crate::paging::Paging;
use crate::staff_gate::StaffCaller;
use crate::state::AppState;

/// A staff account as the console shows it, with what its role allows.
#[derive(Serialize)]
pub struct StaffView {
    #[serde(flatten)]
    staff: StaffRow,
    permissions: Vec<&'static str>,
}

impl From<StaffRow> for StaffView {
    fn from(staff: StaffRow) -> Self {
        let permissions = Role::parse(&staff.role)
            .map(|role| role.permissions().iter().map(|p| p.name()).collect())
            .unwrap_or_default();
        StaffView { staff, permissions }
    }
}

async fn view(state: &AppState, id: &str) -> Result<StaffView, AppError> {
    projections::staff::by_id(&state.db.pool, id)
        .await?
        .map(StaffView::from)
        .ok_or(AppError::NotFound("staff.not_found"))
}

#[derive(Deserialize)]
pub struct LoginBody {
    #[serde(default)]
    mobile: String,
    #[serde(default)]
    password: String,
}

#[derive(Serialize)]
pub struct SignedIn {
    token: String,
    staff: StaffView,
}

pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    JsonBody(body): JsonBody<LoginBody>,
) -> ApiResult<SignedIn> {
    let password = state.password_key.password(&body.password);
    let session = commands::staff::login(&state.db, body.mobile.trim(), password, &ip).await?;
    Ok(ok(SignedIn {
        token: session.token,
        staff: view(&state, &session.staff_id).await?,
    }))
}

pub async fn me(caller: StaffCaller) -> ApiResult<StaffView> {
    match caller {
        StaffCaller::Staff { staff, .. } => Ok(ok(staff.into())),
        StaffCaller::Operator => Err(AppError::NotFound("staff.not_found")),
    }
}

pub async fn logout(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<()> {
    let token = headers
        .get("admin-token")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .trim();
    if !token.is_empty() {
        commands::staff::logout(&state.db, token).await?;
    }
    Ok(Done((), "logout.done"))
}

#[derive(Deserialize)]
pub struct ListQuery {
    page: Option<i64>,
    pagesize: Option<i64>,
}

pub async fn list(
    State(state): State<AppState>,
    QueryArgs(query): QueryArgs<ListQuery>,
) -> ApiResult<Page<StaffView>> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let found = projections::staff::list(&state.db.pool, page, pagesize).await?;
    Ok(ok(Page {
        list: found.list.into_iter().map(StaffView::from).collect(),
        total: found.total,
        page: found.page,
        pagesize: found.pagesize,
    }))
}

fn role_of(name: &str) -> Result<Role, AppError> {
    Ok(Role::parse(name.trim()).map_err(commands::Refusal::from)?)
}

#[derive(Deserialize)]
pub struct AddBody {
    #[serde(default)]
    mobile: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    role: String,
    #[serde(default)]
    stall_ids: Vec<String>,
}

pub async fn add(State(state): State<AppState>, JsonBody(body): JsonBody<AddBody>) -> ApiResult<StaffView> {
    let id = commands::staff::add(
        &state.db,
        commands::staff::NewStaff {
            mobile: body.mobile.trim(),
            name: &body.name,
            password: state.password_key.password(&body.password),
            role: role_of(&body.role)?,
            stall_ids: &body.stall_ids,
        },
    )
    .await?;
    Ok(ok(view(&state, &id).await?))
}

#[derive(Deserialize)]
pub struct RoleBody {
    #[serde(default)]
    id: String,
    #[serde(default)]
    role: String,
    #[serde(default)]
    stall_ids: Vec<String>,
}

pub async fn change_role(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<RoleBody>,
) -> ApiResult<StaffView> {
    let role = role_of(&body.role)?;
    commands::staff::change_role(&state.db, body.id.trim(), role, &body.stall_ids).await?;
    Ok(ok(view(&state, body.id.trim()).await?))
}

#[derive(Deserialize)]
pub struct DisableBody {
    #[serde(default)]
    id: String,
    #[serde(default)]
    disabled: bool,
}

pub async fn disable(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<DisableBody>,
) -> ApiResult<StaffView> {
    commands::staff::set_disabled(&state.db, body.id.trim(), body.disabled).await?;
    Ok(ok(view(&state, body.id.trim()).await?))
}

pub async fn stall_options(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Vec<StallOption>> {
    let english = language_of(&headers) == Language::EnUs;
    Ok(ok(
        projections::staff::stall_options(&state.db.pool, english).await?
    ))
}

/// The home of the console: what waits, counted only where the caller's role may look.
#[derive(Serialize, Default)]
pub struct Dashboard {
    #[serde(skip_serializing_if = "Option::is_none")]
    orders_to_prepare: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    orders_to_ship: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    aftersales_to_review: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    withdrawals_to_decide: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    orders_today: Option<i64>,
    /// Yuan paid for orders since midnight, China time.
    #[serde(skip_serializing_if = "Option::is_none")]
    paid_today: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    shipped_today: Option<i64>,
}

pub async fn dashboard(State(state): State<AppState>, caller: StaffCaller) -> ApiResult<Dashboard> {
    use projections::staff as read;
    let pool = &state.db.pool;
    let mut board = Dashboard::default();
    if caller.may(Permission::OrdersRead) {
        board.orders_to_prepare = Some(read::orders_to_prepare(pool).await?);
        board.orders_to_ship = Some(read::orders_to_ship(pool).await?);
    }
    if caller.may(Permission::FiguresRead) {
        let today = projections::desk::today(pool, commands::clock::now()).await?;
        board.orders_today = Some(today.orders);
        board.paid_today = Some(today.paid.to_yuan());
        board.shipped_today = Some(today.shipped);
    }
    if caller.may(Permission::AfterSalesRead) {
        board.aftersales_to_review = Some(read::aftersales_to_review(pool).await?);
    }
    if caller.may(Permission::WithdrawalsRead) {
        board.withdrawals_to_decide = Some(read::withdrawals_to_decide(pool).await?);
    }
    Ok(ok(board))
}

#[derive(Deserialize)]
pub struct AuditQuery {
    staff_id: Option<String>,
    actor_kind: Option<String>,
    object_type: Option<String>,
    object_id: Option<String>,
    page: Option<i64>,
    pagesize: Option<i64>,
}

fn given(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

pub async fn audit(
    State(state): State<AppState>,
    headers: HeaderMap,
    QueryArgs(query): QueryArgs<AuditQuery>,
) -> ApiResult<Page<AuditEntry>> {
    let (page, pagesize) = Paging {
        page: query.page,
        pagesize: query.pagesize,
    }
    .checked()?;
    let filter = AuditFilter {
        staff_id: given(query.staff_id),
        actor_kind: given(query.actor_kind),
        object_type: given(query.object_type),
        object_id: given(query.object_id),
    };
    Ok(ok(projections::staff::audit(
        &state.db.pool,
        &filter,
        page,
        pagesize,
        language_of(&headers) == Language::EnUs,
    )
    .await?))
}
