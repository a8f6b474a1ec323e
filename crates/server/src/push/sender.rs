//! One message to one device: encrypted for it, signed with the server's key, posted to its
//! push service (RFC 8030 §5). A subscription the push service no longer knows (404, 410) is
//! forgotten; any other failure is the caller's to retry.

use crate::domain::push::message::PushMessage;
use crate::domain::push::subscription::Subscription;
use crate::domain::time::now;
use crate::domain::webhook_address::check_url;
use crate::http::outbound::{post_for_status, Post};
use crate::state::AppState;

/// How long a push service keeps a message for a device that is offline: a day, as a turn
/// waits that long at least.
pub const TIME_TO_LIVE_SECS: u64 = 86_400;

/// What became of a message.
#[derive(Debug, PartialEq, Eq)]
pub enum Sent {
    /// The push service took it.
    Delivered,
    /// The push service no longer knows the device: its subscription was forgotten.
    Gone,
    /// It failed (network, or the service refused): try again later.
    Failed(String),
}

/// Sends `message` to `device`, only to a public address unless the operator allows private
/// ones (`--push-allow-private`).
pub async fn send(app: &AppState, device: &Subscription, message: &PushMessage) -> Sent {
    let url = match check_url(&device.endpoint, app.config.push_allow_private) {
        Ok(url) => url,
        Err(problem) => return Sent::Failed(format!("refused: {}", problem.code())),
    };
    let body = match message.encrypted_for(device) {
        Ok(body) => body,
        Err(error) => return Sent::Failed(format!("cannot encrypt: {error}")),
    };
    let authorization =
        match app
            .vapid
            .authorization(&device.endpoint, &app.config.vapid_subject(), now())
        {
            Ok(header) => header,
            Err(error) => return Sent::Failed(error),
        };
    let post = Post {
        body,
        content_type: "application/octet-stream",
        headers: vec![
            ("TTL", TIME_TO_LIVE_SECS.to_string()),
            ("Content-Encoding", "aes128gcm".to_string()),
            ("Urgency", "normal".to_string()),
            ("Topic", topic(&message.tag)),
            ("Authorization", authorization),
        ],
    };
    match post_for_status(&url, post, app.config.push_allow_private).await {
        Ok(status) if (200..300).contains(&status) => {
            if let Err(error) = app.store.push_sent(&device.endpoint, now()).await {
                tracing::warn!("push: cannot note a delivery: {error}");
            }
            Sent::Delivered
        }
        Ok(404 | 410) => match app.store.forget_push_endpoint(&device.endpoint).await {
            Ok(()) => Sent::Gone,
            Err(error) => Sent::Failed(format!("cannot forget a subscription: {error}")),
        },
        Ok(status) => Sent::Failed(format!("the push service answered {status}")),
        Err(error) => Sent::Failed(format!("the push service is unreachable: {error}")),
    }
}

/// The `Topic` header (RFC 8030 §5.4: at most 32 base64url characters): a newer message of the
/// same game replaces one the push service still holds for an offline device.
fn topic(tag: &str) -> String {
    tag.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(32)
        .collect()
}
