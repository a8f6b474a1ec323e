//! Post-game analysis: asking for it and reading it (`crate::workers::analyses` runs it).

pub mod requests;

use axum::routing::get;
use axum::Router;

use crate::state::AppState;

/// The routes of a finished game's analysis.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        "/api/games/{id}/analysis",
        get(requests::get).post(requests::request),
    )
}
