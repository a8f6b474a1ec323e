//! Every state-changing request (any method but GET, HEAD and OPTIONS) is handled in a task of
//! its own, from its extractors to its answer, and counted as in flight: a client that hangs up
//! cannot stop a change between its commit and its publication.

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::AppError;
use crate::live::write_path::detached;
use crate::state::AppState;

/// Middleware: a state-changing request (any method but GET, HEAD and OPTIONS) is handled by
/// the write path's [`detached`], from its extractors to its answer. If the client hangs up,
/// hyper drops only the wait for that task: the request is carried out in full (or refused in
/// full), never stopped between its commit and its publication.
pub async fn run_to_the_end(State(app): State<AppState>, request: Request, next: Next) -> Response {
    if matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) {
        return next.run(request).await;
    }
    detached(
        &app,
        async move { Ok::<_, AppError>(next.run(request).await) },
    )
    .await
    .unwrap_or_else(IntoResponse::into_response)
}
