//! Vacations: a person away for whole UTC days, their turn-based clocks standing still
//! meanwhile (`crate::domain::vacation` holds the rules, `crate::domain::clock` the clock's
//! times away). The requests of the settings API (`requests.rs`), the clocks of a person's
//! games brought up to date with their vacations through the one write path (`clocks.rs`), and
//! the settings page's part (`settings.rs`). The lobby, the table and the profile show who is
//! away; the deadline worker gives a vacation a last look before a bot stands in.

pub mod clocks;
pub mod requests;
pub mod settings;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

/// The routes of vacations: taking one, and ending it early.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/settings/vacation",
            get(requests::get).post(requests::take),
        )
        .route("/api/settings/vacation/end", post(requests::end))
}
