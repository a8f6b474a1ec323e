//! Webhooks: a person's URLs (at most five) that are told of the same events as their mail
//! (their turn, a game of theirs started or ended, a clock running low, a tournament's end),
//! each as a signed `POST` in the format the person chose: plain JSON, Discord, Slack or ntfy.
//!
//! An event is planned in the outbox in the same transaction as the change it tells of
//! ([`crate::storage::Store::plan_event`], one row per person with any channel); a sender
//! (`crate::workers::webhook_sender`) on every node makes its deliveries, one per hook, and
//! claims and sends each (one node sends it). A delivery that fails is tried again later, and
//! ten failures in a row pause the hook until its person resumes it. Requests go only to public
//! addresses (the domain's `webhook_address`), checked after the name is resolved, and the
//! connection goes to the address that was checked (`crate::http::outbound`, which Web Push
//! shares).
//!
//! This folder holds the hooks' settings (their API and their part of the settings page) and
//! the words of a delivery.

pub mod compose;
pub mod settings;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

/// The routes of a person's webhooks.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/settings/webhooks",
            get(settings::list).post(settings::add),
        )
        .route("/api/settings/webhooks/{id}/delete", post(settings::delete))
        .route("/api/settings/webhooks/{id}/resume", post(settings::resume))
}
