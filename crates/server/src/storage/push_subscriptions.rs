//! Web Push in the database: the server's VAPID key pair, made once and shared by every node,
//! and the devices each person asked to be told on.

use sqlx::Row;

use super::{Store, StoreResult};
use crate::domain::push::subscription::Subscription;
use crate::domain::push::vapid::VapidKeys;

/// One device of a person's, as listed on the settings page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushDevice {
    /// Its id (not the endpoint, which is the device's secret address).
    pub id: String,
    /// What the browser said it is (`Firefox on Linux`), to tell devices apart.
    pub label: String,
    /// When it was added (seconds since the epoch).
    pub created_at: i64,
    /// When a message last reached its push service.
    pub last_sent_at: Option<i64>,
    /// The subscription, to send to.
    pub subscription: Subscription,
}

impl Store {
    /// The server's VAPID key pair: the stored one, or `fresh` stored now if there is none yet.
    /// Two nodes starting at once store one of theirs and both read it back.
    ///
    /// # Errors
    /// Database failure, or a stored key that does not read.
    pub async fn vapid_keys(&self, fresh: VapidKeys, now: i64) -> StoreResult<VapidKeys> {
        sqlx::query(
            "INSERT INTO push_keys (id, private_key, public_key, created_at) \
             VALUES (1, $1, $2, $3) ON CONFLICT (id) DO NOTHING",
        )
        .bind(fresh.private_key())
        .bind(fresh.public_key())
        .bind(now)
        .execute(&self.pool)
        .await?;
        let stored: String = sqlx::query_scalar("SELECT private_key FROM push_keys WHERE id = 1")
            .fetch_one(&self.pool)
            .await?;
        VapidKeys::from_private(&stored).map_err(|e| super::decode_error(&e))
    }

    /// Adds a device of `user_id`'s, or hands an endpoint already stored to this person with
    /// its new keys (a browser that subscribes again). Answers the device's id.
    ///
    /// # Errors
    /// Database failure.
    pub async fn add_push_subscription(
        &self,
        user_id: &str,
        id: &str,
        subscription: &Subscription,
        label: &str,
        now: i64,
    ) -> StoreResult<String> {
        let id: String = sqlx::query_scalar(
            "INSERT INTO push_subscriptions \
             (id, user_id, endpoint, p256dh, auth, label, created_at, last_seen_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7) \
             ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, \
             p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label, \
             last_seen_at = excluded.last_seen_at \
             RETURNING id",
        )
        .bind(id)
        .bind(user_id)
        .bind(&subscription.endpoint)
        .bind(&subscription.p256dh)
        .bind(&subscription.auth)
        .bind(label)
        .bind(now)
        .fetch_one(&self.pool)
        .await?;
        Ok(id)
    }

    /// The devices of `user_id`, oldest first.
    ///
    /// # Errors
    /// Database failure.
    pub async fn push_devices(&self, user_id: &str) -> StoreResult<Vec<PushDevice>> {
        let rows = sqlx::query(
            "SELECT id, label, created_at, last_sent_at, endpoint, p256dh, auth \
             FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at, id",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(PushDevice {
                    id: row.try_get(0)?,
                    label: row.try_get(1)?,
                    created_at: row.try_get(2)?,
                    last_sent_at: row.try_get(3)?,
                    subscription: Subscription {
                        endpoint: row.try_get(4)?,
                        p256dh: row.try_get(5)?,
                        auth: row.try_get(6)?,
                    },
                })
            })
            .collect()
    }

    /// Removes a device of `user_id`'s; whether there was one.
    ///
    /// # Errors
    /// Database failure.
    pub async fn remove_push_device(&self, user_id: &str, id: &str) -> StoreResult<bool> {
        let removed = sqlx::query("DELETE FROM push_subscriptions WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(removed.rows_affected() == 1)
    }

    /// Forgets a subscription its push service no longer knows (it answered 404 or 410).
    ///
    /// # Errors
    /// Database failure.
    pub async fn forget_push_endpoint(&self, endpoint: &str) -> StoreResult<()> {
        sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1")
            .bind(endpoint)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Notes that `user_id` opened the site at `now` on the device of `endpoint`; whether it
    /// is one of theirs (a device removed in the settings stays removed).
    ///
    /// # Errors
    /// Database failure.
    pub async fn push_device_seen(
        &self,
        user_id: &str,
        endpoint: &str,
        now: i64,
    ) -> StoreResult<bool> {
        let seen = sqlx::query(
            "UPDATE push_subscriptions SET last_seen_at = $1 WHERE endpoint = $2 AND user_id = $3",
        )
        .bind(now)
        .bind(endpoint)
        .bind(user_id)
        .execute(&self.pool)
        .await?;
        Ok(seen.rows_affected() == 1)
    }

    /// Notes that a message reached the push service of `endpoint` at `now`.
    ///
    /// # Errors
    /// Database failure.
    pub async fn push_sent(&self, endpoint: &str, now: i64) -> StoreResult<()> {
        sqlx::query("UPDATE push_subscriptions SET last_sent_at = $1 WHERE endpoint = $2")
            .bind(now)
            .bind(endpoint)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
