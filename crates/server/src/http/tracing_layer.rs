//! Request tracing: every request gets an id, and every log line written while it is handled
//! (in its handler, its write-path task, the storage calls it makes) carries the id, method and
//! path, through `tower-http`'s `TraceLayer` and a span per request (`RUST_LOG` or
//! `--log-level debug` shows them).

use std::sync::atomic::{AtomicU64, Ordering};

use axum::http::{Request, Response};
use axum::Router;
use tower_http::trace::TraceLayer;
use tracing::Span;

/// The next request's number on this node.
static NEXT: AtomicU64 = AtomicU64::new(1);

/// Adds the tracing layer: a span named `request` with the id, method and path, and a debug
/// line when the answer leaves with its status and time.
pub fn add(router: Router) -> Router {
    router.layer(
        TraceLayer::new_for_http()
            .make_span_with(|request: &Request<_>| {
                let id = NEXT.fetch_add(1, Ordering::Relaxed);
                tracing::info_span!(
                    "request",
                    id,
                    method = %request.method(),
                    path = %request.uri().path(),
                )
            })
            .on_request(())
            .on_response(
                |response: &Response<_>, latency: std::time::Duration, _span: &Span| {
                    tracing::debug!(status = response.status().as_u16(), ?latency, "answered");
                },
            ),
    )
}
