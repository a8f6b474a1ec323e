//! The request body limit: `tower-http` refuses a body declared (or found) larger than
//! [`MAX_BODY`] before reading it, and its answer is turned into the documented JSON error.

use axum::http::header::CONTENT_TYPE;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::limit::RequestBodyLimitLayer;

use crate::http::error::AppError;

/// Largest request body accepted (JSON bodies are small).
pub const MAX_BODY: usize = 64 * 1024;

/// Adds the limit to every route of `router`.
pub fn add(router: Router) -> Router {
    router
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(axum::middleware::map_response(as_json_error))
}

/// `tower-http` answers 413 in plain text; every error of ours is JSON.
async fn as_json_error(response: Response) -> Response {
    let is_json = response
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"application/json"));
    if response.status() == StatusCode::PAYLOAD_TOO_LARGE && !is_json {
        return AppError::new(StatusCode::PAYLOAD_TOO_LARGE, "body-too-large")
            .with("kib", MAX_BODY / 1024)
            .into_response();
    }
    response
}
