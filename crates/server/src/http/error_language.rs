//! Errors in the reader's language: every error answer leaves its [`AppError`] in the
//! response's extensions, and this layer, outermost, writes its body again in the language of
//! the request (the `lang` cookie, then `Accept-Language`, as pages choose). Being a layer, it
//! also covers the refusals of the other layers (CSRF, body size) and of extractors.

use axum::body::Body;
use axum::extract::Request;
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use axum::middleware::Next;
use axum::response::Response;

use crate::http::error::AppError;
use crate::http::language::lang_of;

/// Puts an error answer in the words of the request's language.
pub async fn translate(request: Request, next: Next) -> Response {
    let lang = lang_of(request.headers());
    let mut response = next.run(request).await;
    let Some(error) = response.extensions_mut().remove::<AppError>() else {
        return response;
    };
    let is_json = response
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if is_json {
        response.headers_mut().remove(CONTENT_LENGTH);
        *response.body_mut() = Body::from(error.body(lang));
    }
    response
}
