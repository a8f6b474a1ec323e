//! The site's pages and static files.

pub mod pages;
pub mod settings;

use axum::routing::get;
use axum::Router;

use crate::state::AppState;

/// The routes of the site's own pages and files: home, log-in, lobby, rules, a game and its replay, settings, the script, style and icon.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(pages::home))
        .route("/login", get(pages::login))
        .route("/register", get(pages::register))
        .route("/lobby", get(pages::lobby))
        .route("/rules", get(pages::rules))
        .route("/games/{id}", get(pages::game))
        .route("/games/{id}/replay", get(pages::replay))
        .route("/settings", get(settings::page))
        .route("/static/app.js", get(pages::script))
        .route("/static/text.js", get(pages::text_script))
        .route("/static/app.css", get(pages::style))
        .route("/static/icon.svg", get(pages::icon))
        .route("/favicon.ico", get(pages::icon))
}
