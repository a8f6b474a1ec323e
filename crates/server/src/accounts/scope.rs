//! What each credential may reach, decided once for every request from the route it was routed
//! to, so that no handler can forget it. A person's session reaches everything. A bot account
//! plays through its API tokens, which reach only who it is, a game's state, its actions and
//! undos, taking its seat back from a stand-in, the bot routes (its events, its games'
//! streams, its answers to invitations) and the open data (the export, open to anyone); its own session (its person logging in with its password) reaches only its
//! settings and tokens. Pages asked for by a bot account's session lead to its settings.

use axum::extract::{MatchedPath, Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};

use super::auth::{bearer, user_of, Credential, LookedUp, SESSION_COOKIE};
use crate::http::client_ip::ClientIp;
use crate::http::cookies::cookie;
use crate::http::error::AppError;
use crate::state::AppState;

/// The routes an API token may use.
const TOKEN_ROUTES: &[&str] = &[
    "/api/me",
    "/api/games/{id}",
    "/api/games/{id}/actions",
    "/api/games/{id}/undo",
    "/api/games/{id}/return",
    "/api/bot/events",
    "/api/bot/games/{id}/accept",
    "/api/bot/games/{id}/decline",
    "/api/bot/games/{id}/stream",
    "/api/games/export",
];

/// The routes a bot account's own session may use.
const BOT_SESSION_ROUTES: &[&str] = &[
    "/api/me",
    "/api/login",
    "/api/logout",
    "/api/account/bot",
    "/api/bot/tokens",
    "/api/bot/tokens/{id}/revoke",
    "/api/settings",
    "/api/settings/forced-steps",
    "/api/settings/export",
    "/api/games/export",
    "/settings",
    "/static/app.js",
    "/static/app.css",
    "/static/icon.svg",
    "/favicon.ico",
    "/sw.js",
    "/healthz",
    "/readyz",
    "/metrics",
];

/// The middleware.
pub async fn limit(State(app): State<AppState>, mut request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|matched| matched.as_str().to_string());
    let allowed_in = |routes: &[&str]| route.as_deref().is_some_and(|r| routes.contains(&r));
    if bearer(request.headers()).is_some() {
        if !allowed_in(TOKEN_ROUTES) {
            return AppError::forbidden("api-token-only-plays").into_response();
        }
        return next.run(request).await;
    }
    let has_session = cookie(request.headers(), SESSION_COOKIE).is_some();
    if has_session && !allowed_in(BOT_SESSION_ROUTES) {
        // A lookup that fails for another reason than an unknown session refuses: a bot's
        // session must not pass as a person's because the database did not answer.
        let ClientIp(client) = ClientIp::of(request.extensions(), request.headers(), &app);
        let is_bot = match user_of(&app, request.headers(), client).await {
            Ok(user) => {
                let is_bot = user.by == Credential::BotSession;
                // Found once: the handler's extractor takes it from here.
                request.extensions_mut().insert(LookedUp(user));
                is_bot
            }
            Err(error) if error.status == StatusCode::UNAUTHORIZED => false,
            Err(error) => return error.into_response(),
        };
        if is_bot {
            let page = route.as_deref().is_none_or(|r| !r.starts_with("/api/"));
            if page && request.method() == Method::GET {
                return Redirect::to("/settings").into_response();
            }
            return AppError::forbidden("bot-account").into_response();
        }
    }
    next.run(request).await
}
