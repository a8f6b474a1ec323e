//! A handler that panics is answered 500, like any internal failure, from inside every other
//! layer: the answer is JSON in the client's language, carries the security headers and is
//! traced, and the connection stays open for the client's next request. The panic's message
//! goes to the log only. (`tower-http`'s `CatchPanicLayer`, innermost, around the routes.)

use std::any::Any;

use axum::response::{IntoResponse, Response};
use tower_http::catch_panic::CatchPanicLayer;

use super::error::AppError;

/// How a panic is answered.
pub type PanicAnswer = fn(Box<dyn Any + Send + 'static>) -> Response;

/// The layer that turns a handler's panic into a 500 answer.
pub fn answered() -> CatchPanicLayer<PanicAnswer> {
    CatchPanicLayer::custom(internal_error)
}

fn internal_error(panic: Box<dyn Any + Send + 'static>) -> Response {
    let message = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("a panic without a message");
    AppError::internal(format_args!("a handler panicked: {message}")).into_response()
}
