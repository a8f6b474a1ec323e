//! Sending webhooks: every node, at each look, plans clock warnings, makes the deliveries of
//! new events (one per hook that is not paused), claims the due deliveries with a guarded update
//! (one node wins each), decides whether each should still go, and posts it.
//!
//! A delivery that fails is tried again after a backoff that doubles (from `--webhook-retry-ms`,
//! a minute by default) up to [`MAX_ATTEMPTS`] attempts; every failure counts against its hook,
//! and [`PAUSE_AFTER`] failures in a row pause the hook until its person resumes it on the
//! settings page. Unlike mail there is no hourly limit: a chat is told of every turn, but a
//! "your turn" waits as its mail does, so that a person at the table who moves at once causes
//! none.

use std::time::Duration;

use futures_util::future::join_all;
use helvetia_web::Lang;

use crate::domain::backoff::Backoff;
use crate::domain::clock::now_ms;
use crate::domain::time::{now, rfc3339};
use crate::domain::webhook_address::check_url;
use crate::domain::webhook_payload::{
    body, delivery_id, signature, HookFormat, HookMessage, SIGNATURE_HEADER,
};
use crate::http::outbound::{self, Post, TIMEOUT};
use crate::state::AppState;
use crate::storage::{DeliveryJob, DeliveryKey, DeliveryOutcome, StoreError};
use crate::webhooks::compose::compose;

use super::mail_sender::{still_holds, CLOCK_WARNING_MS, STALE_SECS};

/// Failed deliveries in a row that pause a hook.
pub const PAUSE_AFTER: u32 = 10;
/// Attempts before a delivery is given up (with a minute's backoff: after about two hours).
pub const MAX_ATTEMPTS: u32 = 8;
/// How long a node's claim on a delivery lasts: if the node stops while sending, another sends
/// it after this (it may then arrive twice, never not at all).
const CLAIM_MS: i64 = 6 * TIMEOUT.as_millis() as i64;
/// Events taken, and deliveries sent, in one look.
const BATCH: i64 = 50;

/// How this node sends webhooks.
#[derive(Clone, Debug)]
pub struct WebhookConfig {
    /// The site's address as people reach it, for the links (no trailing slash).
    pub public_url: String,
    /// Seconds a "your turn" delivery waits, in case the person moves at once.
    pub your_turn_delay_secs: u64,
    /// The first retry's wait in milliseconds; each later one waits twice as long.
    pub retry_ms: u64,
    /// Whether hooks may reach private addresses (`--webhooks-allow-private`).
    pub allow_private: bool,
}

impl WebhookConfig {
    /// Tries again after `retry_ms`, doubling, up to [`MAX_ATTEMPTS`] attempts.
    fn retry(&self) -> Backoff {
        let first_ms = i64::try_from(self.retry_ms).unwrap_or(i64::MAX);
        Backoff {
            first_ms,
            longest_ms: first_ms.saturating_mul(1 << (MAX_ATTEMPTS - 2)),
            attempts: MAX_ATTEMPTS,
        }
    }
}

/// Every `interval`: plans clock warnings, makes the deliveries of new events and sends the
/// due ones, for as long as the server runs.
pub async fn send_webhooks(app: AppState, config: WebhookConfig, interval: Duration) {
    let mut ticks = tokio::time::interval(interval);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let mut without_failure = true;
        if let Err(error) = app
            .store
            .plan_clock_warnings(now_ms(), CLOCK_WARNING_MS)
            .await
        {
            tracing::warn!("cannot plan clock warnings: {error}");
            without_failure = false;
        }
        let delay_ms = config.your_turn_delay_secs as i64 * 1000;
        let made = match app.store.make_deliveries(delay_ms, BATCH).await {
            Ok(made) => made,
            Err(error) => {
                tracing::warn!("cannot make webhook deliveries: {error}");
                continue;
            }
        };
        let due = match app.store.due_deliveries(now_ms(), BATCH).await {
            Ok(due) => due,
            Err(error) => {
                tracing::warn!("cannot read the webhook deliveries: {error}");
                continue;
            }
        };
        // A full batch may have left events or due deliveries for the next look.
        let saw_all = made < BATCH as usize && due.len() < BATCH as usize;
        let handled = join_all(due.iter().map(|key| handle(&app, &config, key))).await;
        for (key, result) in due.iter().zip(handled) {
            if let Err(error) = result {
                tracing::warn!(game = %key.game_id, "webhook delivery not handled: {error}");
                without_failure = false;
            }
        }
        if without_failure && saw_all {
            crate::live::metrics::worker_looked("webhooks", app.store.node());
        }
    }
}

/// Claims one delivery and sends it, drops it or puts it off.
async fn handle(
    app: &AppState,
    config: &WebhookConfig,
    key: &DeliveryKey,
) -> Result<(), StoreError> {
    let start = now_ms();
    if !app
        .store
        .claim_delivery(key, start, start + CLAIM_MS)
        .await?
    {
        return Ok(());
    }
    let Some(job) = app.store.delivery_job(key).await? else {
        return Ok(());
    };
    let outcome = match decide(&job, now()) {
        Err(outcome) => outcome,
        Ok(()) => send(config, &job).await,
    };
    crate::live::metrics::webhook_handled(outcome.name());
    tracing::debug!(game = %key.game_id, kind = key.kind.as_str(), "webhook: {outcome:?}");
    app.store
        .finish_delivery(key, &outcome, now_ms(), PAUSE_AFTER)
        .await
}

/// Whether `job` should go now; if not, what happens to it instead.
///
/// # Errors
/// The outcome instead of sending: dropped (the hook is paused, the event a day old or no
/// longer true).
pub fn decide(job: &DeliveryJob, now: i64) -> Result<(), DeliveryOutcome> {
    let drop = |why: &str| Err(DeliveryOutcome::Dropped(why.to_string()));
    if job.paused {
        return drop("the hook is paused");
    }
    if now - job.event.created_at > STALE_SECS {
        return drop("not sent within a day");
    }
    still_holds(&job.event).or_else(drop)
}

/// Writes, signs and posts the delivery; what came of it.
async fn send(config: &WebhookConfig, job: &DeliveryJob) -> DeliveryOutcome {
    let url = match check_url(&job.url, config.allow_private) {
        Ok(url) => url,
        // Stored when the server allowed private addresses, refused now.
        Err(problem) => return DeliveryOutcome::Failed(format!("refused: {}", problem.code())),
    };
    let event = &job.event;
    let lang = Lang::from_code(&event.language).unwrap_or(Lang::En);
    let (text, link) = compose(lang, event, &config.public_url);
    let format = HookFormat::parse(&job.format).unwrap_or(HookFormat::Json);
    let kind = job.key.kind.as_str();
    let at = rfc3339(event.created_at);
    let body = body(
        format,
        &HookMessage {
            event: kind,
            text: &text,
            url: &link,
            game_id: &job.key.game_id,
            username: &event.username,
            at: &at,
        },
    );
    let mut headers = vec![
        (SIGNATURE_HEADER, signature(&job.secret, &body)),
        ("X-Helvetia-Event", kind.to_string()),
        (
            "X-Helvetia-Delivery",
            delivery_id(&job.key.hook_id, &job.key.game_id, kind, job.key.event_key),
        ),
    ];
    if format == HookFormat::Ntfy {
        // ntfy opens this link when the notification is tapped.
        headers.push(("Click", link.clone()));
    }
    let post = Post {
        body,
        content_type: format.content_type(),
        headers,
    };
    match outbound::send(&url, post, config.allow_private).await {
        Ok(()) => DeliveryOutcome::Sent,
        Err(error) => match config.retry().next_wait_ms(job.attempts) {
            Some(wait_ms) => DeliveryOutcome::Retry {
                at_ms: now_ms() + wait_ms,
                error,
            },
            None => DeliveryOutcome::Failed(error),
        },
    }
}
