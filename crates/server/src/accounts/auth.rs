//! Accounts and sessions: registration, log-in with argon2id hashes, session cookies, and the
//! extractors that name the user behind a request.

use std::net::IpAddr;

use axum::extract::{FromRequestParts, State};
use axum::http::header::{AUTHORIZATION, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;

use crate::accounts::passwords::{hash_password, verify_password, verify_unknown};
use crate::domain::time::now;
use crate::domain::tokens::{api_token_hash, random_token};
use crate::domain::usernames;
use crate::http::client_ip::ClientIp;
use crate::http::cookies::{cookie, set_cookie};
use crate::http::error::{AppError, AppResult, JsonBody};
pub use crate::live::sessions::{Credential, User};
use crate::state::AppState;
use crate::storage::UserRecord;

/// Name of the session cookie.
pub const SESSION_COOKIE: &str = "helvetia_session";
/// How long a session lasts.
pub const SESSION_DAYS: i64 = 30;
/// The secret of a request's `Authorization: Bearer …` header, if it sends one.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, secret) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| secret.trim())
        .filter(|secret| !secret.is_empty())
}

/// Looks up who a request from `client` comes from: a bot account's API token
/// (`Authorization: Bearer …`), otherwise the session cookie.
///
/// Wrong tokens count against the address's log-in attempts (`--auth-per-minute`); once those
/// are spent, every token from the address is refused with 429, without a lookup, until the
/// budget allows another try.
///
/// # Errors
/// 401 if there is neither, or an unknown, revoked or expired one; 429 as above.
pub async fn user_of(state: &AppState, headers: &HeaderMap, client: IpAddr) -> AppResult<User> {
    if let Some(secret) = bearer(headers) {
        let address = crate::http::client_ip::limit_key(client);
        let refused = |wait: std::time::Duration| {
            AppError::too_many("too-many-attempts", wait.as_secs().max(1))
        };
        if let Some(wait) = state
            .blocked_token_addresses
            .refuses(address, std::time::Instant::now())
        {
            return Err(refused(wait));
        }
        let Some((id, name, token_id)) = state
            .store
            .bot_by_api_token(&api_token_hash(secret), now())
            .await?
        else {
            return Err(match state.auth_limiter.check_key(&address) {
                Ok(()) => AppError::unauthorized("unknown-api-token"),
                Err(not_until) => {
                    use governor::clock::{Clock, DefaultClock};
                    let wait = not_until.wait_time_from(DefaultClock::default().now());
                    state
                        .blocked_token_addresses
                        .block(address, std::time::Instant::now() + wait);
                    refused(wait)
                }
            });
        };
        state.api_limiter.check_key(&id).map_err(|not_until| {
            use governor::clock::{Clock, DefaultClock};
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            AppError::too_many("too-many-api-requests", wait.as_secs().max(1))
        })?;
        return Ok(User {
            id,
            name,
            by: Credential::ApiToken,
            token: Some(token_id),
        });
    }
    let token =
        cookie(headers, SESSION_COOKIE).ok_or_else(|| AppError::unauthorized("not-logged-in"))?;
    let token = token.as_str();
    let (user, expires) = match state.sessions.get(token) {
        Some(found) => found,
        None => {
            let (id, name, expires, bot) = state
                .store
                .session(token)
                .await?
                .ok_or_else(|| AppError::unauthorized("unknown-session"))?;
            let by = if bot {
                Credential::BotSession
            } else {
                Credential::PersonSession
            };
            let user = User {
                id,
                name,
                by,
                token: None,
            };
            state.sessions.put(token, user.clone(), expires);
            (user, expires)
        }
    };
    if expires <= now() {
        state.sessions.forget(token);
        return Err(AppError::unauthorized("session-expired"));
    }
    Ok(user)
}

/// The person whose session a request showed, as the credential scope found it
/// ([`super::scope`]): the handler's extractor takes it from there instead of looking again.
#[derive(Clone)]
pub(super) struct LookedUp(pub User);

impl FromRequestParts<AppState> for User {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<User> {
        if let Some(LookedUp(user)) = parts.extensions.get::<LookedUp>() {
            return Ok(user.clone());
        }
        let ClientIp(client) = ClientIp::of(&parts.extensions, &parts.headers, state);
        user_of(state, &parts.headers, client).await
    }
}

/// The user behind a request, if logged in. A request that shows an API token must show a
/// live one: a program is told its token is refused, not served as a visitor.
pub struct MaybeUser(pub Option<User>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<MaybeUser> {
        if let Some(LookedUp(user)) = parts.extensions.get::<LookedUp>() {
            return Ok(MaybeUser(Some(user.clone())));
        }
        let ClientIp(client) = ClientIp::of(&parts.extensions, &parts.headers, state);
        match user_of(state, &parts.headers, client).await {
            Ok(user) => Ok(MaybeUser(Some(user))),
            Err(error)
                if error.status == StatusCode::UNAUTHORIZED && bearer(&parts.headers).is_none() =>
            {
                Ok(MaybeUser(None))
            }
            Err(error) => Err(error),
        }
    }
}

/// The body of register and log-in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    username: String,
    password: String,
}

fn check_password(password: &str) -> AppResult<()> {
    let length = password.chars().count();
    if !(8..=128).contains(&length) {
        return Err(AppError::bad_request("password-length"));
    }
    Ok(())
}

/// A fresh session for `user`, answered with its cookie.
pub async fn open_session(state: &AppState, user: User, status: StatusCode) -> AppResult<Response> {
    let token = random_token();
    let expires = now() + SESSION_DAYS * 86_400;
    state
        .store
        .create_session(&token, &user.id, expires)
        .await?;
    state.sessions.put(&token, user.clone(), expires);
    let cookie = set_cookie(
        SESSION_COOKIE,
        &token,
        SESSION_DAYS * 86_400,
        true,
        state.config.secure_cookies,
    );
    Ok((
        status,
        [(SET_COOKIE, cookie)],
        Json(json!({ "id": user.id, "username": user.name })),
    )
        .into_response())
}

fn check_rate(state: &AppState, ip: IpAddr) -> AppResult<()> {
    state
        .auth_limiter
        .check_key(&crate::http::client_ip::limit_key(ip))
        .map_err(|_| AppError::too_many("too-many-attempts", 60))
}

/// Log-in attempts are limited per account too, whatever addresses they come from.
fn check_account_rate(state: &AppState, username: &str) -> AppResult<()> {
    state
        .login_limiter
        .check_key(&usernames::key(username))
        .map_err(|_| AppError::too_many("too-many-account-attempts", 60))
}

/// `POST /api/register`: creates an account and logs it in. Its mails (once it gives an
/// address) are in the language of the page it registered from.
pub async fn register(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    JsonBody(body): JsonBody<Credentials>,
) -> AppResult<Response> {
    check_rate(&state, ip)?;
    let username = usernames::checked(&body.username).map_err(AppError::bad_request)?;
    check_password(&body.password)?;
    let user = UserRecord {
        id: random_token()[..16].to_string(),
        username,
        password_hash: hash_password(body.password).await?,
        bot: false,
    };
    let language = crate::http::language::lang_of(&headers);
    match state.store.create_user(&user, language.code(), now()).await {
        Err(crate::storage::StoreError::Conflict) => {
            return Err(AppError::conflict("username-taken"))
        }
        other => other?,
    }
    let user = User {
        id: user.id,
        name: user.username,
        by: Credential::PersonSession,
        token: None,
    };
    open_session(&state, user, StatusCode::CREATED).await
}

/// `POST /api/login`: checks the password and opens a session.
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    JsonBody(body): JsonBody<Credentials>,
) -> AppResult<Response> {
    check_rate(&state, ip)?;
    check_account_rate(&state, &body.username)?;
    let wrong = || AppError::unauthorized("wrong-login");
    let Some(record) = state.store.user_by_name(&body.username).await? else {
        // As much work as for a known name: the answer's timing does not tell which names exist.
        verify_unknown(body.password).await?;
        return Err(wrong());
    };
    if !verify_password(body.password, record.password_hash).await? {
        return Err(wrong());
    }
    let by = if record.bot {
        Credential::BotSession
    } else {
        Credential::PersonSession
    };
    let user = User {
        id: record.id,
        name: record.username,
        by,
        token: None,
    };
    open_session(&state, user, StatusCode::OK).await
}

/// `POST /api/logout`: ends the session (idempotent).
pub async fn logout(State(state): State<AppState>, headers: HeaderMap) -> AppResult<Response> {
    if let Some(token) = cookie(&headers, SESSION_COOKIE) {
        state.store.delete_session(&token).await?;
        state.sessions.forget(&token);
    }
    let cookie = set_cookie(SESSION_COOKIE, "", 0, true, state.config.secure_cookies);
    Ok(([(SET_COOKIE, cookie)], Json(json!({ "ok": true }))).into_response())
}

/// `GET /api/me`: who is logged in.
pub async fn me(
    State(app): State<AppState>,
    user: User,
) -> crate::http::error::AppResult<Json<serde_json::Value>> {
    let waiting = app.store.games_waiting_for(&user.id).await?;
    let bot = user.by != Credential::PersonSession;
    Ok(Json(
        json!({ "id": user.id, "username": user.name, "waiting": waiting, "bot": bot }),
    ))
}
