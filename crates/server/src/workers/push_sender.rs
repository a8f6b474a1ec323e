//! Telling people's devices of their games (Web Push): every node, at each look, takes the
//! outbox's events due for devices, claims each with a guarded update (one node wins it),
//! decides whether it still holds (a turn no longer theirs is told to nobody), and sends it to
//! every device of the person at once, in their language. A "your turn" goes at once: a phone
//! in a pocket is the point, unlike a mail, which waits.
//!
//! An event that reached no device's push service is tried again after a backoff that doubles
//! (from two seconds) up to [`RETRY`]'s attempts; a device the push service no longer
//! knows is forgotten (`push::sender`).

use std::time::Duration;

use futures_util::future::join_all;
use helvetia_web::Lang;

use super::mail_sender::{still_holds, STALE_SECS};
use crate::domain::backoff::Backoff;
use crate::domain::clock::now_ms;
use crate::domain::push::message::PushMessage;
use crate::domain::time::now;
use crate::push::sender::{send, Sent};
use crate::state::AppState;
use crate::storage::{MailKey, PushOutcome, StoreError};
use crate::webhooks::compose::compose;

/// Attempts before an event is given up, the next after a wait from two seconds, doubling:
/// the last after about two and a quarter hours, about four and a half in all.
pub const RETRY: Backoff = Backoff {
    first_ms: 2_000,
    longest_ms: 2_000 << 12,
    attempts: 14,
};
/// How long a node's claim lasts: if the node stops while sending, another sends the event
/// after this (it may then reach a device twice, never not at all).
const CLAIM_MS: i64 = 60_000;
/// Events taken in one look.
const BATCH: i64 = 50;

/// Every `interval`: sends the events due for devices, for as long as the server runs.
/// `public_url` is the site's address, for the words of the message.
pub async fn send_pushes(app: AppState, public_url: String, interval: Duration) {
    let mut ticks = tokio::time::interval(interval);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let due = match app.store.due_push_events(now_ms(), BATCH).await {
            Ok(due) => due,
            Err(error) => {
                tracing::warn!("cannot read the events due for devices: {error}");
                continue;
            }
        };
        let handled = join_all(due.iter().map(|key| handle(&app, &public_url, key))).await;
        let mut without_failure = due.len() < BATCH as usize;
        for (key, result) in due.iter().zip(handled) {
            if let Err(error) = result {
                tracing::warn!(game = %key.game_id, "push not handled: {error}");
                without_failure = false;
            }
        }
        if without_failure {
            crate::live::metrics::worker_looked("push", app.store.node());
        }
    }
}

/// Claims one event and tells it to the person's devices, drops it or puts it off.
async fn handle(app: &AppState, public_url: &str, key: &MailKey) -> Result<(), StoreError> {
    let start = now_ms();
    let Some(attempts) = app
        .store
        .claim_push_event(key, start, start + CLAIM_MS)
        .await?
    else {
        return Ok(());
    };
    let outcome = match app.store.mail_job(key).await? {
        None => PushOutcome::Dropped("the event is gone".into()),
        Some(job) if now() - job.created_at > STALE_SECS => {
            PushOutcome::Dropped("not sent within a day".into())
        }
        Some(job) => match still_holds(&job) {
            Err(why) => PushOutcome::Dropped(why.into()),
            Ok(()) => {
                let lang = Lang::from_code(&job.language).unwrap_or(Lang::En);
                let (text, _link) = compose(lang, &job, public_url);
                let message = PushMessage {
                    title: "Helvetia Online".into(),
                    body: text,
                    url: format!("/games/{}", key.game_id),
                    tag: format!("game-{}", key.game_id),
                    game: key.game_id.clone(),
                    kind: key.kind.as_str().into(),
                };
                tell_devices(app, &key.user_id, &message, attempts).await?
            }
        },
    };
    crate::live::metrics::push_handled(outcome.name());
    tracing::debug!(game = %key.game_id, kind = key.kind.as_str(), "push: {outcome:?}");
    app.store.finish_push_event(key, &outcome).await
}

/// Sends `message` to every device of `user_id` at once.
async fn tell_devices(
    app: &AppState,
    user_id: &str,
    message: &PushMessage,
    attempts: u32,
) -> Result<PushOutcome, StoreError> {
    let devices = app.store.push_devices(user_id).await?;
    if devices.is_empty() {
        return Ok(PushOutcome::Dropped("no device".into()));
    }
    let sent = join_all(
        devices
            .iter()
            .map(|device| send(app, &device.subscription, message)),
    )
    .await;
    if sent.contains(&Sent::Delivered) {
        return Ok(PushOutcome::Sent);
    }
    if sent.iter().all(|sent| *sent == Sent::Gone) {
        return Ok(PushOutcome::Dropped("every device is gone".into()));
    }
    for failure in sent.iter().filter_map(|sent| match sent {
        Sent::Failed(why) => Some(why),
        _ => None,
    }) {
        tracing::info!("push not delivered: {failure}");
    }
    Ok(match RETRY.next_wait_ms(attempts) {
        Some(wait_ms) => PushOutcome::Retry {
            at_ms: now_ms() + wait_ms,
        },
        None => PushOutcome::Failed,
    })
}
