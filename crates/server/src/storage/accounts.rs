//! Accounts and sessions in the database.

use sqlx::Row;

use super::{Store, StoreResult, UserRecord};
use crate::notices::Notice;

impl Store {
    /// Creates an account.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the name (case-insensitively) is taken.
    pub async fn create_user(&self, user: &UserRecord, now: i64) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO users (id, username, username_key, password_hash, created_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&user.id)
        .bind(&user.username)
        .bind(user.username.to_lowercase())
        .bind(&user.password_hash)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The account with this name (case-insensitively).
    ///
    /// # Errors
    /// Database failure.
    pub async fn user_by_name(&self, username: &str) -> StoreResult<Option<UserRecord>> {
        let row =
            sqlx::query("SELECT id, username, password_hash FROM users WHERE username_key = $1")
                .bind(username.to_lowercase())
                .fetch_optional(&self.pool)
                .await?;
        row.map(|row| {
            Ok(UserRecord {
                id: row.try_get(0)?,
                username: row.try_get(1)?,
                password_hash: row.try_get(2)?,
            })
        })
        .transpose()
    }

    /// Stores a session token.
    ///
    /// # Errors
    /// Database failure.
    pub async fn create_session(
        &self,
        token: &str,
        user_id: &str,
        expires_at: i64,
    ) -> StoreResult<()> {
        sqlx::query("INSERT INTO sessions (token, user_id, expires_at) VALUES ($1, $2, $3)")
            .bind(token)
            .bind(user_id)
            .bind(expires_at)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The user id, name and expiry of a session.
    ///
    /// # Errors
    /// Database failure.
    pub async fn session(&self, token: &str) -> StoreResult<Option<(String, String, i64)>> {
        let row = sqlx::query(
            "SELECT u.id, u.username, s.expires_at FROM sessions s \
             JOIN users u ON u.id = s.user_id WHERE s.token = $1",
        )
        .bind(token)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?)))
            .transpose()
    }

    /// Ends a session, on every node at once.
    ///
    /// # Errors
    /// Database failure.
    pub async fn delete_session(&self, token: &str) -> StoreResult<()> {
        sqlx::query("DELETE FROM sessions WHERE token = $1")
            .bind(token)
            .execute(&self.pool)
            .await?;
        self.announce(&Notice::LoggedOut {
            token: token.to_string(),
        })
        .await
    }

    /// Deletes sessions that expired before `now`.
    ///
    /// # Errors
    /// Database failure.
    pub async fn delete_expired_sessions(&self, now: i64) -> StoreResult<u64> {
        let result = sqlx::query("DELETE FROM sessions WHERE expires_at < $1")
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(result.rows_affected())
    }
}
