//! Cross-site request forgery protection: double-submit token and Origin check.
//!
//! Every response to a client without the readable `helvetia_csrf` cookie sets one. Every
//! state-changing request must echo it in the `x-csrf-token` header, which another site cannot
//! read or set; and a request (or WebSocket upgrade) whose `Origin` names another host is refused.

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN, SET_COOKIE, UPGRADE};
use axum::http::{HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::auth::{cookie, set_cookie};
use crate::error::AppError;
use crate::{random_token, AppState};

/// Name of the readable token cookie.
pub const CSRF_COOKIE: &str = "helvetia_csrf";
/// Header that must repeat it.
pub const CSRF_HEADER: &str = "x-csrf-token";

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
    match (cookie(headers, CSRF_COOKIE), sent) {
        (Some(expected), Some(sent)) => constant_time_eq(expected.as_bytes(), sent.as_bytes()),
        _ => false,
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The middleware.
pub async fn protect(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let changes_state = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    let is_upgrade = headers.contains_key(UPGRADE);
    if (changes_state || is_upgrade) && !same_origin(headers) {
        return AppError::forbidden("cross-site request refused (foreign Origin)").into_response();
    }
    // An unsubscribe link carries its own secret and is posted from mail programs (RFC 8058),
    // which have no cookie.
    let capability_link = request.uri().path().starts_with("/unsubscribe/");
    if changes_state && !capability_link && !token_matches(headers) {
        return AppError::forbidden(
            "missing or wrong CSRF token: send the helvetia_csrf cookie's value in the x-csrf-token header",
        )
        .into_response();
    }
    let needs_cookie = cookie(headers, CSRF_COOKIE).is_none();
    let mut response = next.run(request).await;
    if needs_cookie {
        let value = set_cookie(
            CSRF_COOKIE,
            &random_token(),
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
