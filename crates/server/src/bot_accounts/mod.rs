//! Bot accounts: a person turns a fresh account into a bot, for good, and gives it API tokens
//! that programs play with (`Authorization: Bearer …`). What a bot account's session and its
//! tokens may reach is decided in [`crate::accounts::scope`].
//!
//! - [`requests`]: `POST /api/account/bot`, and `GET`/`POST /api/bot/tokens` with
//!   `POST /api/bot/tokens/{id}/revoke`.
//! - [`settings`]: its part of the settings page (the tokens, or whether it may become a bot).

pub mod requests;
pub mod settings;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

/// The routes of bot accounts: becoming one, and its API tokens.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/account/bot", post(requests::become_bot))
        .route(
            "/api/bot/tokens",
            get(requests::list).post(requests::create),
        )
        .route("/api/bot/tokens/{id}/revoke", post(requests::revoke))
}
