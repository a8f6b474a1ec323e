//! Each account's webhooks: listed (never with their secrets), added within the account's cap,
//! deleted (with their deliveries), and resumed after failures paused them.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::account_limits::{within_cap, AccountCap};
use super::{Store, StoreResult};

/// A webhook as its person sees it listed: never the secret, which is shown only in the answer
/// that made the hook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebhookRow {
    /// Its id.
    pub id: String,
    /// Where it posts.
    pub url: String,
    /// The format's name (`json`, `discord`, `slack`, `ntfy`).
    pub format: String,
    /// When it was made (seconds since the epoch).
    pub created_at: i64,
    /// Failed deliveries in a row.
    pub failures: u32,
    /// When failures paused it, if they did.
    pub paused_at: Option<i64>,
    /// The last failure, while it is not followed by a delivery.
    pub last_error: Option<String>,
    /// When a delivery last arrived.
    pub last_sent_at: Option<i64>,
}

/// A webhook to add.
#[derive(Clone, Debug)]
pub struct NewWebhook {
    /// Its id.
    pub id: String,
    /// Where it posts (checked).
    pub url: String,
    /// The format's name.
    pub format: String,
    /// The secret its deliveries are signed with.
    pub secret: String,
    /// When it is made.
    pub created_at: i64,
}

const COLUMNS: &str = "id, url, format, created_at, failures, paused_at, last_error, last_sent_at";

fn webhook_row(row: &AnyRow) -> StoreResult<WebhookRow> {
    Ok(WebhookRow {
        id: row.try_get(0)?,
        url: row.try_get(1)?,
        format: row.try_get(2)?,
        created_at: row.try_get(3)?,
        failures: row.try_get::<i64, _>(4)?.max(0) as u32,
        paused_at: row.try_get(5)?,
        last_error: row.try_get(6)?,
        last_sent_at: row.try_get(7)?,
    })
}

impl Store {
    /// The webhooks of `user_id`, oldest first.
    ///
    /// # Errors
    /// Database failure.
    pub async fn webhooks(&self, user_id: &str) -> StoreResult<Vec<WebhookRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM webhooks WHERE user_id = $1 ORDER BY created_at, id"
        ))
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(webhook_row).collect()
    }

    /// Adds `hook` to the webhooks of `cap`'s account, unless it holds as many as the cap
    /// allows: counted under the account's lock, so two requests cannot both slip under it.
    ///
    /// # Errors
    /// [`super::StoreError::OverLimit`] at the cap (nothing is written), or a database failure.
    pub async fn add_webhook(&self, cap: &AccountCap, hook: &NewWebhook) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        within_cap(&mut tx, cap).await?;
        sqlx::query(
            "INSERT INTO webhooks (id, user_id, url, format, secret, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&hook.id)
        .bind(&cap.user_id)
        .bind(&hook.url)
        .bind(&hook.format)
        .bind(&hook.secret)
        .bind(hook.created_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Deletes the webhook `id` of `user_id` and its deliveries; false if it has none such.
    ///
    /// # Errors
    /// Database failure.
    pub async fn delete_webhook(&self, user_id: &str, id: &str) -> StoreResult<bool> {
        let mut tx = self.pool.begin().await?;
        // Said here rather than left to the foreign key's cascade: SQLite cascades only with
        // its foreign keys turned on, which a tool opening the file may not do.
        sqlx::query(
            "DELETE FROM webhook_deliveries WHERE hook_id = $1 \
             AND hook_id IN (SELECT id FROM webhooks WHERE user_id = $2)",
        )
        .bind(id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        let deleted = sqlx::query("DELETE FROM webhooks WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok(deleted == 1)
    }

    /// Resumes the webhook `id` of `user_id`: no failures counted, not paused; events from now
    /// on reach it (those while it was paused do not). False if it has none such.
    ///
    /// # Errors
    /// Database failure.
    pub async fn resume_webhook(&self, user_id: &str, id: &str) -> StoreResult<bool> {
        let resumed = sqlx::query(
            "UPDATE webhooks SET paused_at = NULL, failures = 0, last_error = NULL \
             WHERE id = $1 AND user_id = $2",
        )
        .bind(id)
        .bind(user_id)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(resumed == 1)
    }
}
