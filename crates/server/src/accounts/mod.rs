//! Accounts: registration, log-in and sessions, passwords, CSRF protection, per-account caps,
//! what each credential may reach (a person's session, a bot account's session or its API
//! tokens), and what every page knows of its viewer.

pub mod auth;
pub mod csrf;
pub mod limits;
pub mod page_context;
pub mod passwords;
pub mod scope;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

/// The routes of accounts: registering, logging in and out, who is logged in.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/register", post(auth::register))
        .route("/api/login", post(auth::login))
        .route("/api/logout", post(auth::logout))
        .route("/api/me", get(auth::me))
}
