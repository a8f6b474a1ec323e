//! Players: the leaderboard and profiles.

pub mod leaderboard;
pub mod profiles;

use axum::routing::get;
use axum::Router;

use crate::state::AppState;

/// The routes of players: the leaderboards and profiles, as data and as pages.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/leaderboard", get(leaderboard::leaderboard_json))
        .route("/api/leaderboard/bots", get(leaderboard::bot_ladder_json))
        .route("/api/players/{name}", get(profiles::profile_json))
        .route("/leaderboard", get(leaderboard::leaderboard_page))
        .route("/leaderboard/bots", get(leaderboard::bot_ladder_page))
        .route("/players/{name}", get(profiles::profile_page))
}
