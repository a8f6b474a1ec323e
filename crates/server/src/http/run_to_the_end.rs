//! Every state-changing request (any method but GET, HEAD and OPTIONS) is handled in a task of
//! its own, from its extractors to its answer, and counted as in flight: a client that hangs up
//! cannot stop a change between its commit and its publication.

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tracing::Instrument;

use super::error::AppError;
use crate::state::AppState;

/// Middleware: a state-changing request (any method but GET, HEAD and OPTIONS) is handled in a
/// task of its own, from its extractors to its answer, and counted as in flight. If the client
/// hangs up, hyper drops only the wait for that task: the request is carried out in full (or
/// refused in full), never stopped between its commit and its publication.
pub async fn run_to_the_end(State(app): State<AppState>, request: Request, next: Next) -> Response {
    if matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) {
        return next.run(request).await;
    }
    let guard = app.in_flight.enter();
    let handled = tokio::spawn(
        async move {
            let _guard = guard;
            next.run(request).await
        }
        .in_current_span(),
    );
    match handled.await {
        Ok(response) => response,
        Err(error) => AppError::internal(error).into_response(),
    }
}
