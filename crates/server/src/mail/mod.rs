//! E-mail notifications: "your turn", "a game you are in started / ended", "your clock runs out
//! within the hour", in each person's language, only the kinds they want, at most one mail per
//! game and hour, each with a link that unsubscribes without logging in.
//!
//! A mail is planned in the database in the same transaction as the change it tells of (the
//! outbox, [`crate::storage::Store::plan_mail`]), so a change is never committed without its
//! mail nor a mail planned for a change that did not happen. Every node with `--smtp-url` sends
//! from the outbox (`crate::workers::mail_sender`); a guarded claim lets exactly one node send each mail. Without
//! `--smtp-url` nothing is planned or sent and the server says so when it starts.
//!
//! This folder holds the mails' words and their transport, and the mail settings (their API,
//! their part of the settings page, and the unsubscribe link).

pub mod compose;
pub mod settings;
pub mod transport;

use axum::routing::get;
use axum::Router;

use crate::state::AppState;

/// The routes of mail: its settings, and unsubscribing from a mail's link.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/settings", get(settings::get).post(settings::save))
        .route(
            "/unsubscribe/{token}",
            get(settings::ask_to_unsubscribe).post(settings::unsubscribe),
        )
}
