//! Chat beside the table: lines, quick phrases, mutes and their limits.

pub mod lines;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

/// The routes of the chat: a game's lines, and muting a player.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/chat", get(lines::list).post(lines::post))
        .route("/api/players/{name}/mute", post(lines::mute))
        .route("/api/players/{name}/unmute", post(lines::unmute))
}
