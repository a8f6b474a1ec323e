//! Playing a game: actions and undos over HTTP and WebSocket, the presenter that filters
//! everything sent, forced steps, hints, resigning, stand-ins and the vote to end.

pub mod forced_steps;
pub mod hints;
pub mod presenter;
pub mod requests;
pub mod resign;
pub mod socket;
pub mod stand_in;
pub mod updates;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

/// The routes of playing a game: its state, actions and undos, the socket, the replay, hints, resigning, stand-ins and the vote to end, the forced-steps setting.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}", get(requests::get_game))
        .route("/api/games/{id}/actions", post(requests::post_action))
        .route("/api/games/{id}/undo", post(requests::post_undo))
        .route("/api/games/{id}/return", post(stand_in::take_seat_back))
        .route("/api/games/{id}/end-vote", post(stand_in::vote_to_end))
        .route("/api/games/{id}/resign", post(resign::resign))
        .route("/api/games/{id}/replay/{step}", get(requests::get_replay))
        .route("/api/games/{id}/hint", post(hints::ask))
        .route("/api/games/{id}/ws", get(socket::upgrade))
        .route(
            "/api/settings/forced-steps",
            get(forced_steps::get).post(forced_steps::save),
        )
}
