//! Open data: every finished game can be downloaded as newline-delimited JSON, one game record
//! per line (`docs/notation.md`), by `GET /api/games/export` and by `helvetia export`, with
//! filters and a cursor; and the setting with which a person appears as "anonymous" there.
//!
//! - [`paging`]: the export read from the database a page at a time, in constant memory; the
//!   route and the command line both write it.
//! - [`requests`]: `GET /api/games/export`.
//! - [`settings`]: `GET`/`POST /api/settings/export`.

pub mod paging;
pub mod requests;
pub mod settings;

use axum::routing::get;
use axum::Router;

use crate::state::AppState;

/// The routes of open data: the finished games, and the setting to be anonymous in them.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/export", get(requests::export))
        .route(
            "/api/settings/export",
            get(settings::get).post(settings::save),
        )
}
