//! "Play now": people wait in pools by player count and pace (`requests.rs`); every node's
//! pairing worker (`crate::workers::play_now`) pairs the pools, one node at a time, and
//! seats each table it made in a game created once through the one write path (`tables.rs`).

pub mod requests;
pub mod tables;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

/// The routes of "play now": joining a pool, its status, leaving it.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/play-now", get(requests::status).post(requests::join))
        .route("/api/play-now/cancel", post(requests::cancel))
}
