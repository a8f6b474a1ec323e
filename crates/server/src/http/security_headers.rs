//! Headers every response carries, set by `tower-http` layers: the page may run only this
//! server's script and style sheet, may not be framed by another site (clickjacking), and its
//! content types are not to be guessed.

use axum::http::header::{
    CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::HeaderValue;
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;

/// Only our own script, style sheet and WebSocket; images may be inline SVG data; no framing,
/// no plugins, no foreign form targets or base URL.
pub const CONTENT_SECURITY_POLICY_VALUE: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Adds the security headers to every response of `router` (unless a handler set its own).
pub fn add(router: Router) -> Router {
    let header = |name, value: &'static str| {
        SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
    };
    router
        .layer(header(
            CONTENT_SECURITY_POLICY,
            CONTENT_SECURITY_POLICY_VALUE,
        ))
        .layer(header(X_FRAME_OPTIONS, "DENY"))
        .layer(header(X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(header(REFERRER_POLICY, "same-origin"))
}
