use axum::extract::State;
use commands::accounts::{self, Login, PasswordReset, ProfileEdit, Registration, Session};
use projections::accounts::{AccountInfo, User};
use serde::{Deserialize, Serialize};

use crate::envelope::{ok, Done};
use crate::error::{ApiResult, AppError};
use crate::extract::{ClientIp, CurrentUser, JsonBody};
use crate::state::AppState;

#[derive(Serialize)]
pub struct UserWithToken {
    #[serde(flatten)]
    user: User,
    token: String,
}

async fn with_token(state: &AppState, session: Session) -> Result<UserWithToken, AppError> {
    let user = projections::accounts::user_by_id(&state.db.pool, &session.user_id)
        .await?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("session {} names no user", session.user_id)))?;
    Ok(UserWithToken {
        user,
        token: session.token,
    })
}

#[derive(Deserialize)]
pub struct RegisterBody {
    #[serde(default)]
    mobile: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    repassword: String,
    #[serde(default)]
    code: String,
    #[serde(default)]
    agree: bool,
}

#[derive(Serialize)]
pub struct Registered {
    userinfo: UserWithToken,
}

pub async fn register(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    JsonBody(body): JsonBody<RegisterBody>,
) -> ApiResult<Registered> {
    let key = &state.password_key;
    let session = accounts::register(
        &state.db,
        Registration {
            mobile: body.mobile.trim(),
            password: key.password(&body.password),
            repassword: key.password(&body.repassword),
            code: &body.code,
            agree: body.agree,
            client_ip: &ip,
        },
    )
    .await?;
    Ok(ok(Registered {
        userinfo: with_token(&state, session).await?,
    }))
}

#[derive(Deserialize)]
pub struct LoginBody {
    #[serde(default)]
    mobile: String,
    #[serde(default)]
    password: String,
}

pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    JsonBody(body): JsonBody<LoginBody>,
) -> ApiResult<UserWithToken> {
    let session = accounts::login(
        &state.db,
        Login {
            mobile: body.mobile.trim(),
            password: state.password_key.password(&body.password),
            client_ip: &ip,
        },
    )
    .await?;
    Ok(ok(with_token(&state, session).await?))
}

#[derive(Deserialize)]
pub struct ResetBody {
    #[serde(default)]
    mobile: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    repassword: String,
    #[serde(default)]
    code: String,
}

pub async fn reset_password(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<ResetBody>,
) -> ApiResult<()> {
    let key = &state.password_key;
    accounts::reset_password(
        &state.db,
        PasswordReset {
            mobile: body.mobile.trim(),
            password: key.password(&body.password),
            repassword: key.password(&body.repassword),
            code: &body.code,
        },
    )
    .await?;
    Ok(Done((), "password.reset_done"))
}

pub async fn logout(State(state): State<AppState>, user: CurrentUser) -> ApiResult<()> {
    accounts::logout(&state.db, &user.token).await?;
    Ok(Done((), "logout.done"))
}

async fn load_user(state: &AppState, id: &str) -> Result<User, AppError> {
    projections::accounts::user_by_id(&state.db.pool, id)
        .await?
        .ok_or(AppError::Unauthorized)
}

pub async fn user_info(State(state): State<AppState>, user: CurrentUser) -> ApiResult<User> {
    Ok(ok(load_user(&state, &user.id).await?))
}

#[derive(Deserialize)]
pub struct EditBody {
    nickname: Option<String>,
    avatar: Option<String>,
    qq: Option<String>,
    email: Option<String>,
    username: Option<String>,
}

pub async fn edit(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<EditBody>,
) -> ApiResult<User> {
    let trim = |v: Option<String>| v.map(|s| s.trim().to_string());
    let edit = ProfileEdit {
        nickname: trim(body.nickname),
        avatar: trim(body.avatar),
        qq: trim(body.qq),
        email: trim(body.email),
        username: trim(body.username),
    };
    accounts::edit_profile(&state.db, &user.id, edit).await?;
    Ok(ok(load_user(&state, &user.id).await?))
}

#[derive(Serialize)]
pub struct AccountMessage {
    #[serde(flatten)]
    info: AccountInfo,
    /// Yuan available in the wallet, from the wallet balance projection.
    balance: String,
    frozen: String,
}

pub async fn user_message(State(state): State<AppState>, user: CurrentUser) -> ApiResult<AccountMessage> {
    let info = projections::accounts::account_info(&state.db.pool, &user.id)
        .await?
        .ok_or(AppError::Unauthorized)?;
    let wallet = projections::wallet::balance_of(&state.db.pool, &user.id).await?;
    Ok(ok(AccountMessage {
        info,
        balance: wallet.balance.to_yuan(),
        frozen: wallet.frozen.to_yuan(),
    }))
}

#[derive(Deserialize)]
pub struct ChangeMobileBody {
    #[serde(default)]
    mobile: String,
    #[serde(default)]
    code: String,
}

pub async fn change_mobile(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonBody(body): JsonBody<ChangeMobileBody>,
) -> ApiResult<User> {
    accounts::change_mobile(&state.db, &user.id, body.mobile.trim(), &body.code).await?;
    Ok(ok(load_user(&state, &user.id).await?))
}
