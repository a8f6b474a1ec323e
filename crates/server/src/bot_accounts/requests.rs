//! The routes of bot accounts: becoming one, and its tokens (listed, created and revoked by the
//! account's own session; a token never manages tokens).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use serde::Deserialize;
use serde_json::json;

use crate::accounts::auth::{open_session, Credential, User};
use crate::domain::time::now;
use crate::domain::tokens::{api_token_hash, new_api_token, random_token};
use crate::domain::typed_text::{self, Typed};
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::state::AppState;
use crate::storage::ApiTokenRow;

/// Live tokens one bot account may hold.
pub const MAX_LIVE_TOKENS: usize = 10;
/// Longest name of a token, in characters.
pub const MAX_TOKEN_NAME: usize = 40;

/// Body of `POST /api/account/bot`: the person says they know it is for good.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BecomeBotBody {
    for_good: bool,
}

/// `POST /api/account/bot`: turns the person's fresh account into a bot account. Every session
/// of the account ends (on every node); the answer opens the bot account's own session.
///
/// # Errors
/// 400 without `for_good`; 409 once the account has played or waits for a game.
pub async fn become_bot(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<BecomeBotBody>,
) -> AppResult<Response> {
    if !body.for_good {
        return Err(AppError::bad_request("bot-for-good"));
    }
    if user.by != Credential::PersonSession {
        return Err(AppError::conflict("bot-account-already"));
    }
    if !app.store.make_bot_account(&user.id).await? {
        return Err(AppError::conflict("played-already"));
    }
    for token in app.store.delete_sessions_of(&user.id).await? {
        app.sessions.forget(&token);
    }
    let bot = User {
        by: Credential::BotSession,
        ..user
    };
    open_session(&app, bot, StatusCode::OK).await
}

/// The account behind a request that manages tokens: a bot account's own session.
fn bot_session(user: &User) -> AppResult<()> {
    match user.by {
        Credential::BotSession => Ok(()),
        Credential::PersonSession => Err(AppError::forbidden("not-a-bot-account")),
        Credential::ApiToken => Err(AppError::forbidden("api-token-only-plays")),
    }
}

fn listed(token: &ApiTokenRow) -> serde_json::Value {
    json!({
        "id": token.id,
        "name": token.name,
        "created_at": token.created_at,
        "last_used_at": token.last_used_at,
        "revoked_at": token.revoked_at,
    })
}

/// `GET /api/bot/tokens`: the account's tokens, newest first, without their secrets.
pub async fn list(State(app): State<AppState>, user: User) -> AppResult<Json<serde_json::Value>> {
    bot_session(&user)?;
    let tokens = app.store.api_tokens(&user.id).await?;
    Ok(Json(json!({
        "tokens": tokens.iter().map(listed).collect::<Vec<_>>()
    })))
}

/// Body of `POST /api/bot/tokens`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTokenBody {
    name: String,
}

/// `POST /api/bot/tokens`: a new token; its secret is in this answer and nowhere else.
///
/// # Errors
/// 400 for an empty or long name; 409 with [`MAX_LIVE_TOKENS`] live tokens already.
pub async fn create(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<NewTokenBody>,
) -> AppResult<(StatusCode, Json<serde_json::Value>)> {
    bot_session(&user)?;
    let name = typed_text::checked(&body.name, Typed::Name, 1, MAX_TOKEN_NAME)
        .map_err(|_| AppError::bad_request("api-token-name"))?;
    let live = app
        .store
        .api_tokens(&user.id)
        .await?
        .iter()
        .filter(|token| token.revoked_at.is_none())
        .count();
    if live >= MAX_LIVE_TOKENS {
        return Err(AppError::conflict("too-many-api-tokens"));
    }
    let secret = new_api_token();
    let token = ApiTokenRow {
        id: random_token()[..16].to_string(),
        name,
        created_at: now(),
        last_used_at: None,
        revoked_at: None,
    };
    app.store
        .create_api_token(&user.id, &token, &api_token_hash(&secret))
        .await?;
    let mut answer = listed(&token);
    answer["token"] = json!(secret);
    Ok((StatusCode::CREATED, Json(answer)))
}

/// `POST /api/bot/tokens/{id}/revoke`: the token is refused from now on, on every node, and
/// the streams open with it end.
///
/// # Errors
/// 404 if the account has no live token of that id.
pub async fn revoke(
    State(app): State<AppState>,
    user: User,
    Path(id): Path<String>,
) -> AppResult<Json<serde_json::Value>> {
    bot_session(&user)?;
    if !app.store.revoke_api_token(&user.id, &id, now()).await? {
        return Err(AppError::not_found("no-such-api-token"));
    }
    // Its open streams here end now; the other nodes' when they hear the notice.
    app.open_streams.revoke(&id);
    Ok(Json(json!({ "id": id, "revoked": true })))
}
