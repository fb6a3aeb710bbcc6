//! The door of every call under `/jpmall/admin/`: who is calling (a staff member by the `admin-token`
//! header, or the machine credential by `operator-token`), and whether the call's permission is theirs.
//! The caller is then the actor of every write the call makes (`commands::actor`).

use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use commands::actor::{acting_as, Actor};
use commands::clock::now;
use domain::staff::{Permission, Role};
use projections::staff::StaffRow;

use crate::error::AppError;
use crate::keys::same_secret;
use crate::state::AppState;

/// Who is calling a staff route.
#[derive(Debug, Clone)]
pub enum StaffCaller {
    /// The operator token: scripts and the CLI; every permission, recorded as the operator.
    Operator,
    Staff {
        staff: StaffRow,
        role: Role,
    },
}

impl StaffCaller {
    pub fn actor(&self) -> Actor {
        match self {
            StaffCaller::Operator => Actor::Operator,
            StaffCaller::Staff { staff, .. } => Actor::Staff { id: staff.id.clone() },
        }
    }

    pub fn may(&self, permission: Permission) -> bool {
        match self {
            StaffCaller::Operator => true,
            StaffCaller::Staff { role, .. } => role.may(permission),
        }
    }

    /// The stalls a stall account is limited to; `None` for everyone else.
    pub fn stall_scope(&self) -> Option<&[String]> {
        match self {
            StaffCaller::Staff { staff, role } if role.is_stall_scoped() => Some(&staff.stall_ids),
            _ => None,
        }
    }
}

fn header<'a>(request: &'a Request, name: &str) -> &'a str {
    request
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .trim()
}

/// Without any credential the answer is 403 (what lies under `/jpmall/admin` is not revealed); with
/// an `admin-token` that is unknown, expired or of a disabled account it is 401, so the console
/// knows to sign in again.
pub async fn gate(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let operator = header(&request, "operator-token");
    let caller = if !operator.is_empty() {
        if !same_secret(operator, &state.operator_token) {
            return AppError::Forbidden.into_response();
        }
        StaffCaller::Operator
    } else {
        let token = header(&request, "admin-token");
        if token.is_empty() {
            return AppError::Forbidden.into_response();
        }
        let hash = commands::accounts::hash_token(token);
        match projections::staff::session_staff(&state.db.pool, &hash, now()).await {
            Ok(Some(staff)) => match Role::parse(&staff.role) {
                Ok(role) => StaffCaller::Staff { staff, role },
                Err(_) => {
                    return AppError::Internal(anyhow::anyhow!("staff {} has an unknown role", staff.id))
                        .into_response()
                }
            },
            Ok(None) => return AppError::StaffUnauthorized.into_response(),
            Err(e) => return AppError::from(e).into_response(),
        }
    };
    let actor = caller.actor();
    request.extensions_mut().insert(caller);
    acting_as(actor, next.run(request)).await
}

async fn require(State(permission): State<Permission>, request: Request, next: Next) -> Response {
    match request.extensions().get::<StaffCaller>() {
        Some(caller) if caller.may(permission) => next.run(request).await,
        _ => AppError::NotPermitted.into_response(),
    }
}

/// `route` answers only callers holding `permission`; others get 403 and nothing runs.
pub fn needs(permission: Permission, route: MethodRouter<AppState>) -> MethodRouter<AppState> {
    route.route_layer(middleware::from_fn_with_state(permission, require))
}

impl FromRequestParts<AppState> for StaffCaller {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &AppState) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<StaffCaller>()
            .cloned()
            .ok_or(AppError::Forbidden)
    }
}
