//! Bots from anywhere: a bot account's program plays through its API token. It follows its
//! events (invitations to a seat, games started and finished) and each of its games as lines
//! of JSON over one long HTTP answer, answers invitations, and sends actions and undos to the
//! same routes as people (`/api/games/{id}/actions`, `/undo`). It only ever receives its own
//! seat's view, built by the one presenter every client's payload comes from.
//!
//! - [`invitations`]: `POST /api/bot/games/{id}/accept` and `/decline`.
//! - [`event_stream`]: `GET /api/bot/events`.
//! - [`game_stream`]: `GET /api/bot/games/{id}/stream`.
//! - [`ndjson`]: the answer both streams are sent as.

pub mod event_stream;
pub mod game_stream;
pub mod invitations;
pub mod ndjson;

use axum::routing::{get, post};
use axum::Router;

use crate::accounts::auth::{Credential, User};
use crate::http::error::{AppError, AppResult};
use crate::state::AppState;

/// Refuses anyone but a bot account's token: these routes are a program's, not a person's.
fn bot_token(user: &User) -> AppResult<()> {
    match user.by {
        Credential::ApiToken => Ok(()),
        Credential::PersonSession => Err(AppError::forbidden("not-a-bot-account")),
        // A bot account's own session is for its settings (refused before this by the scope).
        Credential::BotSession => Err(AppError::forbidden("bot-account")),
    }
}

/// The routes of bots at the table: the event stream, invitations, a game's stream.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/bot/events", get(event_stream::events))
        .route("/api/bot/games/{id}/accept", post(invitations::accept))
        .route("/api/bot/games/{id}/decline", post(invitations::decline))
        .route("/api/bot/games/{id}/stream", get(game_stream::stream))
}
