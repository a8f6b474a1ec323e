//! Sending from the outbox: every node with `--smtp-url` looks for due mails, claims each with a
//! guarded update (one node wins), decides whether it should still go, and hands it to the SMTP
//! server.
//!
//! A mail is sent at most once per game and hour to a person: a later one waits until the hour
//! is over, and is dropped then if it no longer holds (it is no longer their turn). A "your turn"
//! mail waits a little first, so that a person at the table who moves at once gets none. An event
//! told by push to a device the person uses is not mailed.

use std::time::Duration;

use crate::domain::backoff::Backoff;
use crate::domain::clock::now_ms;
use crate::domain::mail_event::MailKind;
use crate::domain::seats::GameStatus;
use crate::domain::time::now;
use crate::mail::compose::{compose, Links};
use crate::mail::transport::Mailer;
use crate::state::AppState;
use crate::storage::{MailJob, MailKey, MailOutcome, OnDevices};
use helvetia_web::Lang;

/// At most one mail per game and hour to each person.
pub const PER_GAME_SECS: i64 = 3600;
/// A clock warning goes when a turn has less than this left.
pub const CLOCK_WARNING_MS: i64 = 3_600_000;
/// How long a node's claim on a mail lasts: if the node stops while sending, another sends the
/// mail after this (it may then arrive twice, never not at all).
const CLAIM_SECS: i64 = 120;
/// A mail that could not be sent for a day (the SMTP server was down) is dropped: it would
/// only tell of the past.
pub const STALE_SECS: i64 = 86_400;
/// Five attempts, the next after 1, 2, 4 and 8 minutes.
const RETRY: Backoff = Backoff {
    first_ms: 60_000,
    longest_ms: 8 * 60_000,
    attempts: 5,
};
/// How long a mail waits for its event's push to a device in use, before it goes anyway.
pub const PUSH_FIRST_SECS: i64 = 300;
/// How often a mail waiting for a push looks again.
const PUSH_LOOK_SECS: i64 = 10;
/// Mails taken from the outbox in one look.
const BATCH: i64 = 50;

/// How this node sends mail.
#[derive(Clone, Debug)]
pub struct MailConfig {
    /// The SMTP connection.
    pub mailer: Mailer,
    /// The site's address as people reach it, for the links in mails (no trailing slash).
    pub public_url: String,
    /// Seconds a "your turn" mail waits, in case the person moves at once.
    pub your_turn_delay_secs: u64,
}

/// Every `interval`: plans clock warnings and sends the mails that are due, for as long as the
/// server runs.
pub async fn send_mail(app: AppState, config: MailConfig, interval: Duration) {
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
        let delay = config.your_turn_delay_secs as i64;
        let due = match app.store.due_mails(now(), delay, BATCH).await {
            Ok(due) => due,
            Err(error) => {
                tracing::warn!("cannot read the mail outbox: {error}");
                continue;
            }
        };
        // A full batch may have left due mails for the next look.
        let saw_all_due = due.len() < BATCH as usize;
        for key in due {
            if let Err(error) = handle(&app, &config, &key).await {
                tracing::warn!(game = %key.game_id, "mail not handled: {error}");
                without_failure = false;
            }
        }
        if without_failure && saw_all_due {
            crate::live::metrics::worker_looked("mail", app.store.node());
        }
    }
}

/// Claims one mail and sends it, drops it or puts it off.
async fn handle(
    app: &AppState,
    config: &MailConfig,
    key: &MailKey,
) -> Result<(), crate::storage::StoreError> {
    let start = now();
    if !app.store.claim_mail(key, start, start + CLAIM_SECS).await? {
        return Ok(());
    }
    let Some(job) = app.store.mail_job(key).await? else {
        return Ok(());
    };
    let last_sent = app.store.last_mail_sent(&key.user_id, &key.game_id).await?;
    let outcome = match decide(&job, start, last_sent) {
        Err(outcome) => outcome,
        Ok(address) => send(config, &job, address).await,
    };
    crate::live::metrics::mail_handled(match outcome {
        MailOutcome::Sent(_) => "sent",
        MailOutcome::Dropped(_) => "dropped",
        MailOutcome::Deferred(_) => "deferred",
        MailOutcome::Retry { .. } => "retry",
        MailOutcome::Failed(_) => "failed",
    });
    tracing::debug!(game = %key.game_id, kind = key.kind.as_str(), "mail: {outcome:?}");
    app.store.finish_mail(key, &outcome).await
}

/// Writes and sends the mail; what came of it.
async fn send(config: &MailConfig, job: &MailJob, address: &str) -> MailOutcome {
    let lang = Lang::from_code(&job.language).unwrap_or(Lang::En);
    let base = &config.public_url;
    let token = job.unsubscribe_token.as_deref().unwrap_or_default();
    let links = Links {
        game: format!("{base}/games/{}", job.key.game_id),
        tournament: job
            .tournament
            .as_ref()
            .map(|t| format!("{base}/tournaments/{}", t.id)),
        settings: format!("{base}/settings"),
        unsubscribe: format!("{base}/unsubscribe/{token}"),
    };
    let letter = compose(lang, job, &links);
    match config
        .mailer
        .send(address, lang.code(), letter, &links.unsubscribe)
        .await
    {
        Ok(()) => MailOutcome::Sent(now()),
        Err(error) => match RETRY.next_wait_ms(job.attempts) {
            Some(wait_ms) => MailOutcome::Retry {
                at: now() + wait_ms / 1000,
                error,
            },
            None => MailOutcome::Failed(error),
        },
    }
}

/// The address to send `job` to now; or, if it should not go now, what happens to it instead.
pub fn decide(job: &MailJob, now: i64, last_sent: Option<i64>) -> Result<&str, MailOutcome> {
    let drop = |why: &str| Err(MailOutcome::Dropped(why.to_string()));
    let Some(address) = job.email.as_deref() else {
        return drop("no address");
    };
    if !job.wanted || job.unsubscribe_token.is_none() {
        return drop("turned off");
    }
    if now - job.created_at > STALE_SECS {
        return drop("not sent within a day");
    }
    if let Err(why) = still_holds(job) {
        return drop(why);
    }
    // Mail is the costly channel and the slow one: an event a device in use was told of is not
    // mailed too, and one still to be pushed there waits for the push (a while, not for ever).
    match job.on_devices {
        OnDevices::Told => return drop("told on a device"),
        OnDevices::Pending if now - job.created_at < PUSH_FIRST_SECS => {
            return Err(MailOutcome::Deferred(now + PUSH_LOOK_SECS));
        }
        OnDevices::Pending | OnDevices::NotTold => {}
    }
    // The end of a tournament and an invitation to play again go once (their keys) and are
    // not about the game they hang on, whose own "ended" mail has usually just gone.
    let limited = !matches!(job.key.kind, MailKind::TournamentEnded | MailKind::Rematch);
    if let Some(last) = last_sent.filter(|last| limited && now < last + PER_GAME_SECS) {
        return Err(MailOutcome::Deferred(last + PER_GAME_SECS));
    }
    Ok(address)
}

/// Whether what `job` tells is still true (for mails, webhooks and devices alike): a "your turn"
/// or a clock warning only while the turn is still the person's (and, for the warning, its
/// deadline the one warned of), an invitation to play again while the seat kept for them still
/// waits; the other kinds tell of what happened and stay true.
///
/// # Errors
/// Why it no longer holds.
pub fn still_holds(job: &MailJob) -> Result<(), &'static str> {
    if matches!(job.key.kind, MailKind::YourTurn | MailKind::ClockLow) {
        let deciding = job.status == GameStatus::Running
            && matches!(job.seat, Some((seat, false)) if job.to_move == Some(seat));
        if !deciding {
            return Err("no longer their turn");
        }
        if job.key.kind == MailKind::ClockLow && job.deadline_ms != Some(job.key.event_key) {
            return Err("the turn's deadline moved");
        }
    }
    if job.key.kind == MailKind::Rematch && !job.rematch.as_ref().is_some_and(|next| next.waits) {
        return Err("the seat kept for them no longer waits");
    }
    Ok(())
}
