//! Cross-site request forgery protection: a token bound to the session, and an Origin check.
//!
//! Every state-changing request must echo a token in the `x-csrf-token` header, which another
//! site cannot read or set. With a session the token is a hash of the session's secret, so a
//! token planted in a cookie by a neighbouring site, or taken before logging in, is worthless.
//! Before a session exists (registering, logging in) it is the double-submit value of the
//! readable `helvetia_csrf` cookie. The server keeps that cookie equal to the token the client
//! must send, so the browser script simply reads it. A request (or WebSocket upgrade) whose
//! `Origin` names another host is refused.

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN, SET_COOKIE, UPGRADE};
use axum::http::{HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::accounts::auth::{bearer, SESSION_COOKIE};
use crate::domain::tokens::hex;
use crate::domain::tokens::random_token;
use crate::http::cookies::{cookie, set_cookie};
use crate::http::error::AppError;
use crate::http::run_to_the_end::changes_state;
use crate::state::AppState;

/// Name of the readable token cookie.
pub const CSRF_COOKIE: &str = "helvetia_csrf";
/// Header that must repeat it.
pub const CSRF_HEADER: &str = "x-csrf-token";

/// The token bound to a session: a hash of its secret, which the HttpOnly cookie keeps from
/// scripts (the hash reveals nothing of it).
fn session_bound(session: &str) -> String {
    let digest = Sha256::new()
        .chain_update(b"helvetia csrf token\0")
        .chain_update(session.as_bytes())
        .finalize();
    hex(&digest)
}

/// The token a request with these headers must send, if it can send any.
pub fn expected_token(headers: &HeaderMap) -> Option<String> {
    match cookie(headers, SESSION_COOKIE) {
        Some(session) => Some(session_bound(&session)),
        None => cookie(headers, CSRF_COOKIE),
    }
}

/// Whether the request's `Origin`, if any, is this server.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(ORIGIN) else {
        return true;
    };
    let (Ok(origin), Some(Ok(host))) = (origin.to_str(), headers.get(HOST).map(|h| h.to_str()))
    else {
        return false;
    };
    origin
        .split_once("://")
        .is_some_and(|(scheme, rest)| matches!(scheme, "http" | "https") && rest == host)
}

fn token_matches(headers: &HeaderMap) -> bool {
    let sent = headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok());
    match (expected_token(headers), sent) {
        (Some(expected), Some(sent)) => constant_time_eq(expected.as_bytes(), sent.as_bytes()),
        _ => false,
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The session a response leaves the client with: `Some(Some(secret))` for a new session,
/// `Some(None)` when it ends the session, `None` when it does not touch the session cookie.
fn session_set_by(response: &Response) -> Option<Option<String>> {
    response
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .filter_map(|value| value.split(';').next()?.split_once('='))
        .find(|(name, _)| *name == SESSION_COOKIE)
        .map(|(_, value)| (!value.is_empty()).then(|| value.to_string()))
}

/// The token cookie the client should hold after `response`, if it must change: the client
/// held `held` and sent the session `session` with its request.
fn token_cookie_after(
    held: Option<&str>,
    session: Option<&str>,
    response: &Response,
) -> Option<String> {
    let wanted = match (session_set_by(response), session) {
        (Some(Some(new_session)), _) => session_bound(&new_session),
        (Some(None), _) => random_token(),
        (None, Some(session)) => session_bound(session),
        (None, None) => held.map_or_else(random_token, str::to_string),
    };
    (held != Some(wanted.as_str())).then_some(wanted)
}

/// The middleware.
pub async fn protect(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let changes_state = changes_state(request.method());
    let is_upgrade = headers.contains_key(UPGRADE);
    if (changes_state || is_upgrade) && !same_origin(headers) {
        return AppError::forbidden("foreign-origin").into_response();
    }
    // An unsubscribe link carries its own secret and is posted from mail programs (RFC 8058),
    // which have no cookie.
    let capability_link = request.uri().path().starts_with("/unsubscribe/");
    // A program playing with an API token sends it in a header no other site can make a
    // browser send (it would need this server's consent to a cross-origin request).
    let by_token = bearer(headers).is_some();
    let refused = changes_state && !capability_link && !by_token && !token_matches(headers);
    let held = cookie(headers, CSRF_COOKIE);
    let session = cookie(headers, SESSION_COOKIE);
    // A refusal brings the right token too, so a page holding an outdated one recovers.
    let mut response = if refused {
        AppError::forbidden("csrf").into_response()
    } else {
        next.run(request).await
    };
    if let Some(token) = token_cookie_after(held.as_deref(), session.as_deref(), &response) {
        let value = set_cookie(
            CSRF_COOKIE,
            &token,
            365 * 86_400,
            false,
            state.config.secure_cookies,
        );
        if let Ok(value) = HeaderValue::from_str(&value) {
            response.headers_mut().append(SET_COOKIE, value);
        }
    }
    response
}
