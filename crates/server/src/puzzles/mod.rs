//! Puzzles from real games: a decision where one action is clearly the best, found by the
//! bots' search from what its player could see (`helvetia_ai::puzzles`). A person is given the
//! next puzzle near their puzzle rating ([`next`]) and tries it once for the rating
//! ([`attempts`]): a rated game between them and the puzzle; a puzzle of several decisions of
//! one turn is answered a decision at a time ([`line`]). Visitors may try puzzles too,
//! unrated. The page ([`page`]) puts the puzzle on the game's own table ([`table`]), of a theme
//! the reader picks; a [`streak`] runs puzzles of rising rating until a mistake, unrated; the
//! puzzle of the [`daily`] is the same for everyone on a UTC day. A new site starts with the
//! [`first_set`], shipped with the server.

pub mod attempts;
pub mod daily;
pub mod export;
pub mod first_set;
pub mod import;
pub mod line;
pub mod next;
pub mod page;
pub mod streak;
pub mod table;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

/// The routes of puzzles: the API, the open data and the pages.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/puzzles/export", get(export::export))
        .route("/api/puzzles/next", get(next::next))
        .route("/api/puzzles/daily", get(daily::daily))
        .route("/api/puzzles/streak", get(streak::next_in_streak))
        .route("/api/puzzles/{id}/attempt", post(attempts::attempt))
        .route("/puzzles", get(page::page))
        .route("/puzzles/daily", get(daily::page))
        .route("/puzzles/streak", get(streak::page))
}
