//! The outbox's events told to a person's devices (Web Push): which are due, a node's claim on
//! one (a guarded update: one node sends each; one that stops leaves its claim to run out, and
//! another sends it then), and what came of it.

use sqlx::Row;

use super::outbox::Outbox;
use super::{MailKey, Store, StoreResult};
use crate::domain::mail_event::MailKind;

/// How telling an event to the devices ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PushOutcome {
    /// At least one device's push service took it.
    Sent,
    /// Not sent, and never will be: why.
    Dropped(String),
    /// No device's push service took it; try again at this time (milliseconds).
    Retry {
        /// When.
        at_ms: i64,
    },
    /// It failed too often.
    Failed,
}

impl PushOutcome {
    /// The stored state, and the name metrics count it under.
    pub fn name(&self) -> &'static str {
        match self {
            PushOutcome::Sent => "sent",
            PushOutcome::Dropped(_) => "dropped",
            PushOutcome::Retry { .. } => "queued",
            PushOutcome::Failed => "failed",
        }
    }
}

const KEY_WHERE: &str = "user_id = $1 AND game_id = $2 AND kind = $3 AND event_key = $4";

/// The devices' columns of the outbox's rows.
const DEVICES: Outbox = Outbox {
    table: "mail_outbox",
    key_where: KEY_WHERE,
    state: "push",
    claimed_until: "push_claimed_until_ms",
    claimed_by: None,
    attempts: "push_attempts",
};

impl Store {
    /// Up to `limit` events due to be told to devices at `now_ms` and claimed by no node.
    ///
    /// # Errors
    /// Database failure.
    pub async fn due_push_events(&self, now_ms: i64, limit: i64) -> StoreResult<Vec<MailKey>> {
        let rows = sqlx::query(
            "SELECT user_id, game_id, kind, event_key FROM mail_outbox \
             WHERE push = 'queued' AND push_after_ms <= $1 AND push_claimed_until_ms < $1 \
             ORDER BY created_at LIMIT $2",
        )
        .bind(now_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .filter_map(|row| {
                Some(MailKey {
                    user_id: row.try_get(0).ok()?,
                    game_id: row.try_get(1).ok()?,
                    kind: MailKind::parse(&row.try_get::<String, _>(2).ok()?)?,
                    event_key: row.try_get(3).ok()?,
                })
            })
            .collect())
    }

    /// Claims the event `key` until `until_ms`; whether this node won it (answers the attempts
    /// that failed before).
    ///
    /// # Errors
    /// Database failure.
    pub async fn claim_push_event(
        &self,
        key: &MailKey,
        now_ms: i64,
        until_ms: i64,
    ) -> StoreResult<Option<u32>> {
        let key = (
            key.user_id.as_str(),
            key.game_id.as_str(),
            key.kind.as_str(),
            key.event_key,
        );
        self.claim_from(&DEVICES, key, now_ms, until_ms).await
    }

    /// Stores what came of telling `key` to the devices.
    ///
    /// # Errors
    /// Database failure.
    pub async fn finish_push_event(&self, key: &MailKey, outcome: &PushOutcome) -> StoreResult<()> {
        let (after, failed) = match outcome {
            PushOutcome::Retry { at_ms } => (Some(*at_ms), 1),
            PushOutcome::Failed => (None, 1),
            _ => (None, 0),
        };
        sqlx::query(&format!(
            "UPDATE mail_outbox SET push = $5, push_after_ms = COALESCE($6, push_after_ms), \
             push_attempts = push_attempts + $7, push_claimed_until_ms = 0 WHERE {KEY_WHERE}"
        ))
        .bind(&key.user_id)
        .bind(&key.game_id)
        .bind(key.kind.as_str())
        .bind(key.event_key)
        .bind(outcome.name())
        .bind(after)
        .bind(failed)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
