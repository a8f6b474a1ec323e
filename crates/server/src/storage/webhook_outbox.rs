//! Webhook deliveries: an outbox event's delivery to each of its person's hooks, and their
//! sending.
//!
//! The event is planned with its change (`mail_outbox`, its `hooks` column `queued`). A sender
//! makes its deliveries, one per hook that is not paused, in one transaction with a guarded
//! update of the event (`hooks` from `queued` to `planned`: one node makes them), and claims
//! each due delivery as the mail sender claims mails (`claimed_until_ms` must have passed), so
//! one node sends each; a node that stops after claiming leaves the claim to run out and
//! another node sends the delivery then.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::outbox::Outbox;
use super::{MailJob, MailKey, Store, StoreResult};
use crate::domain::mail_event::MailKind;

/// One delivery: an event to one hook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeliveryKey {
    /// The hook.
    pub hook_id: String,
    /// The game the event is about.
    pub game_id: String,
    /// What it tells of.
    pub kind: MailKind,
    /// Which event (the game's version, a deadline, a place).
    pub event_key: i64,
}

/// A claimed delivery with its hook and its event as they are now.
#[derive(Clone, Debug)]
pub struct DeliveryJob {
    /// The delivery.
    pub key: DeliveryKey,
    /// Sending attempts that failed so far.
    pub attempts: u32,
    /// Where it goes.
    pub url: String,
    /// The format's name.
    pub format: String,
    /// The secret it is signed with.
    pub secret: String,
    /// Whether the hook was paused since.
    pub paused: bool,
    /// The event, with its person, game and seat as they are now.
    pub event: MailJob,
}

/// How handling a claimed delivery ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeliveryOutcome {
    /// The receiver took it (a 2xx answer).
    Sent,
    /// Not sent, and never will be: why.
    Dropped(String),
    /// Sending failed; try again at this time (milliseconds since the epoch).
    Retry {
        /// When.
        at_ms: i64,
        /// The failure.
        error: String,
    },
    /// Sending failed too often.
    Failed(String),
}

impl DeliveryOutcome {
    /// The name metrics count it under.
    pub fn name(&self) -> &'static str {
        match self {
            DeliveryOutcome::Sent => "sent",
            DeliveryOutcome::Dropped(_) => "dropped",
            DeliveryOutcome::Retry { .. } => "retry",
            DeliveryOutcome::Failed(_) => "failed",
        }
    }
}

const KEY_WHERE: &str = "hook_id = $1 AND game_id = $2 AND kind = $3 AND event_key = $4";

/// The deliveries' outbox.
const DELIVERIES: Outbox = Outbox {
    table: "webhook_deliveries",
    key_where: KEY_WHERE,
    state: "state",
    claimed_until: "claimed_until_ms",
    claimed_by: Some("claimed_by"),
    attempts: "attempts",
};

impl Store {
    /// Makes the deliveries of up to `limit` events whose deliveries are still to be made: one
    /// for each hook of the event's person that is not paused, due at once (a "your turn" event
    /// after `your_turn_delay_ms`, so that a person at the table who moves at once gets none).
    /// Answers how many events it took.
    ///
    /// # Errors
    /// Database failure.
    pub async fn make_deliveries(&self, your_turn_delay_ms: i64, limit: i64) -> StoreResult<usize> {
        let events = sqlx::query(
            "SELECT user_id, game_id, kind, event_key, created_at FROM mail_outbox \
             WHERE hooks = 'queued' ORDER BY created_at LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        for event in &events {
            let user_id: String = event.try_get(0)?;
            let game_id: String = event.try_get(1)?;
            let kind: String = event.try_get(2)?;
            let event_key: i64 = event.try_get(3)?;
            let created_at: i64 = event.try_get(4)?;
            let delay = if kind == MailKind::YourTurn.as_str() {
                your_turn_delay_ms
            } else {
                0
            };
            let mut tx = self.pool.begin().await?;
            let taken = sqlx::query(
                "UPDATE mail_outbox SET hooks = 'planned' WHERE user_id = $1 AND game_id = $2 \
                 AND kind = $3 AND event_key = $4 AND hooks = 'queued'",
            )
            .bind(&user_id)
            .bind(&game_id)
            .bind(&kind)
            .bind(event_key)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if taken == 1 {
                sqlx::query(
                    "INSERT INTO webhook_deliveries (hook_id, user_id, game_id, kind, event_key, \
                     created_at, send_after_ms) SELECT h.id, $1, $2, $3, $4, $5, $6 \
                     FROM webhooks h WHERE h.user_id = $1 AND h.paused_at IS NULL \
                     ON CONFLICT DO NOTHING",
                )
                .bind(&user_id)
                .bind(&game_id)
                .bind(&kind)
                .bind(event_key)
                .bind(created_at)
                .bind(created_at * 1000 + delay)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
        }
        Ok(events.len())
    }

    /// Up to `limit` queued deliveries due at `now_ms` that nobody holds a claim on.
    ///
    /// # Errors
    /// Database failure.
    pub async fn due_deliveries(&self, now_ms: i64, limit: i64) -> StoreResult<Vec<DeliveryKey>> {
        let rows = sqlx::query(
            "SELECT hook_id, game_id, kind, event_key FROM webhook_deliveries \
             WHERE state = 'queued' AND claimed_until_ms < $1 AND send_after_ms <= $1 \
             ORDER BY send_after_ms LIMIT $2",
        )
        .bind(now_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().filter_map(parse_key).collect())
    }

    /// Claims a queued delivery for this node until `until_ms`: true if no other node holds it.
    ///
    /// # Errors
    /// Database failure.
    pub async fn claim_delivery(
        &self,
        key: &DeliveryKey,
        now_ms: i64,
        until_ms: i64,
    ) -> StoreResult<bool> {
        let key = (
            key.hook_id.as_str(),
            key.game_id.as_str(),
            key.kind.as_str(),
            key.event_key,
        );
        Ok(self
            .claim_from(&DELIVERIES, key, now_ms, until_ms)
            .await?
            .is_some())
    }

    /// The claimed delivery `key` with its hook and event; none if the hook was deleted since.
    ///
    /// # Errors
    /// Database failure.
    pub async fn delivery_job(&self, key: &DeliveryKey) -> StoreResult<Option<DeliveryJob>> {
        let row = sqlx::query(&format!(
            "SELECT d.user_id, d.attempts, h.url, h.format, h.secret, h.paused_at \
             FROM webhook_deliveries d JOIN webhooks h ON h.id = d.hook_id \
             WHERE d.{}",
            KEY_WHERE.replace(" AND ", " AND d.")
        ))
        .bind(&key.hook_id)
        .bind(&key.game_id)
        .bind(key.kind.as_str())
        .bind(key.event_key)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let event_key = MailKey {
            user_id: row.try_get(0)?,
            game_id: key.game_id.clone(),
            kind: key.kind,
            event_key: key.event_key,
        };
        let Some(event) = self.mail_job(&event_key).await? else {
            return Ok(None);
        };
        Ok(Some(DeliveryJob {
            key: key.clone(),
            attempts: row.try_get::<i64, _>(1)?.max(0) as u32,
            url: row.try_get(2)?,
            format: row.try_get(3)?,
            secret: row.try_get(4)?,
            paused: row.try_get::<Option<i64>, _>(5)?.is_some(),
            event,
        }))
    }

    /// Records how handling the claimed delivery `key` ended and gives up the claim; a failure
    /// counts against its hook, which is paused at `pause_after` failures in a row, and a
    /// delivery that arrived clears the count.
    ///
    /// # Errors
    /// Database failure.
    pub async fn finish_delivery(
        &self,
        key: &DeliveryKey,
        outcome: &DeliveryOutcome,
        now_ms: i64,
        pause_after: u32,
    ) -> StoreResult<()> {
        let now = now_ms.div_euclid(1000);
        let (state, sent_at, send_after_ms, note, failed) = match outcome {
            DeliveryOutcome::Sent => ("sent", Some(now), None, None, 0),
            DeliveryOutcome::Dropped(why) => ("dropped", None, None, Some(why.as_str()), 0),
            DeliveryOutcome::Retry { at_ms, error } => {
                ("queued", None, Some(*at_ms), Some(error.as_str()), 1)
            }
            DeliveryOutcome::Failed(error) => ("failed", None, None, Some(error.as_str()), 1),
        };
        let mut tx = self.pool.begin().await?;
        sqlx::query(&format!(
            "UPDATE webhook_deliveries SET state = $5, sent_at = $6, \
             send_after_ms = COALESCE($7, send_after_ms), note = $8, attempts = attempts + $9, \
             claimed_until_ms = 0 WHERE {KEY_WHERE}"
        ))
        .bind(&key.hook_id)
        .bind(&key.game_id)
        .bind(key.kind.as_str())
        .bind(key.event_key)
        .bind(state)
        .bind(sent_at)
        .bind(send_after_ms)
        .bind(note)
        .bind(failed)
        .execute(&mut *tx)
        .await?;
        match outcome {
            DeliveryOutcome::Sent => {
                sqlx::query(
                    "UPDATE webhooks SET failures = 0, last_error = NULL, last_sent_at = $1 \
                     WHERE id = $2",
                )
                .bind(now)
                .bind(&key.hook_id)
                .execute(&mut *tx)
                .await?;
            }
            DeliveryOutcome::Retry { error, .. } | DeliveryOutcome::Failed(error) => {
                sqlx::query(
                    "UPDATE webhooks SET failures = failures + 1, last_error = $1, \
                     paused_at = CASE WHEN paused_at IS NULL AND failures + 1 >= $2 \
                     THEN $3 ELSE paused_at END WHERE id = $4",
                )
                .bind(error)
                .bind(i64::from(pause_after))
                .bind(now)
                .bind(&key.hook_id)
                .execute(&mut *tx)
                .await?;
            }
            DeliveryOutcome::Dropped(_) => {}
        }
        tx.commit().await?;
        Ok(())
    }
}

fn parse_key(row: &AnyRow) -> Option<DeliveryKey> {
    let kind: String = row.try_get(2).ok()?;
    let Some(kind) = MailKind::parse(&kind) else {
        tracing::warn!("outbox: unknown webhook event kind {kind:?} left queued");
        return None;
    };
    Some(DeliveryKey {
        hook_id: row.try_get(0).ok()?,
        game_id: row.try_get(1).ok()?,
        kind,
        event_key: row.try_get(3).ok()?,
    })
}
