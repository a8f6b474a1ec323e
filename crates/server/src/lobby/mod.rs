//! The lobby: games created, joined, left and started, bot accounts' answers to invitations,
//! rematches, tutorial games, and the next game awaiting a person.

pub mod bot_invitations;
pub mod create;
pub mod invitation;
pub mod lists;
pub mod next_game;
pub mod rematch;
pub mod seats;
pub mod status;
pub mod tutorial;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

/// The routes of the lobby: the lists, a new game, its seats and start, a rematch, the next game, the tutorial.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/tutorial", post(tutorial::start))
        .route("/api/games", get(lists::list).post(create::create))
        .route("/api/games/next", get(next_game::api))
        .route("/api/games/{id}/join", post(seats::join))
        .route("/api/games/{id}/leave", post(seats::leave))
        .route("/api/games/{id}/start", post(status::start))
        .route("/api/games/{id}/rematch", post(rematch::rematch))
        .route("/next", get(next_game::page))
        .route("/tutorial", get(tutorial::page))
}
