//! Web Push: a person's devices are told of their games while no page of the site is open (the
//! phone's lock screen). A device subscribes through its browser's push service with the
//! server's VAPID public key, and hands the subscription to the server; messages are encrypted
//! for that device alone and signed with the server's key (`domain/push`).
//!
//! - [`requests`]: the server's public key, and each person's devices (add, list, remove).
//! - [`sender`]: one message to one device, and what the push service's answer means.
//! - [`service_worker`]: the script the browser runs for the site when a message comes.
//! - [`settings`]: the settings page's part: the person's devices.

pub mod requests;
pub mod sender;
pub mod service_worker;
pub mod settings;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

/// The routes of Web Push: the server's key, a person's devices, the service worker.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/push/key", get(requests::key))
        .route("/api/push/devices", get(requests::list).post(requests::add))
        .route("/api/push/devices/seen", post(requests::seen))
        .route("/api/push/devices/{id}/remove", post(requests::remove))
        .route("/sw.js", get(service_worker::script))
}
