//! Cookies through the `cookie` crate: the value of one cookie in a request, and the
//! `Set-Cookie` value of ours (path `/`, `SameSite=Lax`, a lifetime, `HttpOnly` and `Secure`
//! as asked).

use axum::http::header::COOKIE;
use axum::http::HeaderMap;
use cookie::{Cookie, SameSite};

/// The value of cookie `name` in the request headers (the first one that is not empty).
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|cookie| cookie.name() == name && !cookie.value().trim().is_empty())
        .map(|cookie| cookie.value().trim().to_string())
}

/// A `Set-Cookie` value with the attributes every cookie of ours carries; `max_age` in seconds
/// (0 removes the cookie).
pub fn set_cookie(name: &str, value: &str, max_age: i64, http_only: bool, secure: bool) -> String {
    Cookie::build((name, value))
        .path("/")
        .same_site(SameSite::Lax)
        .max_age(cookie::time::Duration::seconds(max_age))
        .http_only(http_only)
        .secure(secure)
        .build()
        .to_string()
}
