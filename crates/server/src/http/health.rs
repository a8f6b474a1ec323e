//! Health checks for a load balancer or reverse proxy: liveness (the process answers) and
//! readiness (the node can serve: its database answers and it is not stopping); and the
//! node's metrics for Prometheus.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::Router;

use crate::state::AppState;

/// `GET /healthz`: the process is up and answering.
pub async fn live() -> &'static str {
    "ok"
}

/// `GET /readyz`: 200 while the node can serve requests; 503 while it stops or its database does
/// not answer, so that the proxy sends requests to other nodes.
pub async fn ready(State(app): State<AppState>) -> (StatusCode, &'static str) {
    if app.is_stopping() {
        return (StatusCode::SERVICE_UNAVAILABLE, "stopping");
    }
    match app.store.ping().await {
        Ok(()) => (StatusCode::OK, "ready"),
        Err(error) => {
            tracing::warn!("not ready: {error}");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable")
        }
    }
}

/// `GET /metrics`: every metric, with the gauges of this moment.
pub async fn metrics(State(app): State<AppState>) -> String {
    crate::live::metrics::render(&app)
}

/// The routes an operator's tools read: liveness, readiness and the metrics.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(live))
        .route("/readyz", get(ready))
        .route("/metrics", get(metrics))
}
