//! Tournaments: anyone creates one, people enter before its start (`requests.rs`), and every
//! node's tournament worker (`crate::workers::tournaments`) plays its Swiss rounds
//! (`rounds.rs`): each round's tables are seated in games created once through the one write
//! path, as "play now" seats its tables. `view.rs` builds what the API and the pages show;
//! the rules are `crate::domain::tournament` and `docs/tournaments.md`.

pub mod pages;
pub mod requests;
pub mod rounds;
pub mod view;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

/// The routes of tournaments: the API and the pages.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/tournaments",
            get(requests::list).post(requests::create),
        )
        .route("/api/tournaments/{id}", get(requests::get))
        .route("/api/tournaments/{id}/enter", post(requests::enter))
        .route("/api/tournaments/{id}/withdraw", post(requests::withdraw))
        .route("/tournaments", get(pages::list_page))
        .route("/tournaments/{id}", get(pages::tournament_page))
}
