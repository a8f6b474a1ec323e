//! Accounts and sessions in the database.

use sqlx::Row;
use unicode_normalization::UnicodeNormalization;

use super::{Store, StoreResult, UserRecord};
use crate::domain::notice::Notice;
use crate::domain::usernames;

impl Store {
    /// Creates an account whose mails will be in `language`.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the name, or one that looks the same, is taken.
    pub async fn create_user(
        &self,
        user: &UserRecord,
        language: &str,
        now: i64,
    ) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO users (id, username, username_key, password_hash, created_at, \
             key_version, language) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&user.id)
        .bind(&user.username)
        .bind(usernames::key(&user.username))
        .bind(&user.password_hash)
        .bind(now)
        .bind(USERNAME_KEY_VERSION)
        .bind(language)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The name of account `user_id`, if it exists.
    ///
    /// # Errors
    /// Database failure.
    pub async fn username_of(&self, user_id: &str) -> StoreResult<Option<String>> {
        let row = sqlx::query("SELECT username FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|row| row.try_get(0)).transpose()?)
    }

    /// The account with this name: exactly as typed, else the one whose name looks the same
    /// (an older account that another looks like keeps logging in by its exact name).
    ///
    /// # Errors
    /// Database failure.
    pub async fn user_by_name(&self, username: &str) -> StoreResult<Option<UserRecord>> {
        let exact: String = username.nfc().collect();
        let row = sqlx::query(
            "SELECT id, username, password_hash, bot FROM users \
             WHERE username = $1 OR username_key = $2 \
             ORDER BY CASE WHEN username = $1 THEN 0 ELSE 1 END LIMIT 1",
        )
        .bind(exact)
        .bind(usernames::key(username))
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            Ok(UserRecord {
                id: row.try_get(0)?,
                username: row.try_get(1)?,
                password_hash: row.try_get(2)?,
                bot: row.try_get::<i64, _>(3)? != 0,
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

    /// The user id, name and expiry of a session, and whether its account is a bot account.
    ///
    /// # Errors
    /// Database failure.
    pub async fn session(&self, token: &str) -> StoreResult<Option<(String, String, i64, bool)>> {
        let row = sqlx::query(
            "SELECT u.id, u.username, s.expires_at, u.bot FROM sessions s \
             JOIN users u ON u.id = s.user_id WHERE s.token = $1",
        )
        .bind(token)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            let bot: i64 = row.try_get(3)?;
            Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?, bot != 0))
        })
        .transpose()
    }

    /// Ends every session of `user_id`, on every other node at once; answers their tokens, for
    /// this node to forget.
    ///
    /// # Errors
    /// Database failure.
    pub async fn delete_sessions_of(&self, user_id: &str) -> StoreResult<Vec<String>> {
        let tokens: Vec<String> =
            sqlx::query_scalar("DELETE FROM sessions WHERE user_id = $1 RETURNING token")
                .bind(user_id)
                .fetch_all(&self.pool)
                .await?;
        for token in &tokens {
            self.announce(&Notice::LoggedOut {
                token: token.clone(),
            })
            .await?;
        }
        Ok(tokens)
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

    /// Gives every account stored under an older name key the current one (run at start; a
    /// no-op once done), in one transaction. The old keys are first moved aside, so that only
    /// current keys compete; then, oldest account first, each gets its key unless an account
    /// already holds it: such a look-alike keeps its name and logs in by it exactly, under the
    /// key `KEY#ID`, and no new account can take it. Answers how many accounts looked alike.
    ///
    /// # Errors
    /// Database failure.
    pub async fn rekey_usernames(&self) -> StoreResult<usize> {
        let mut tx = self.pool.begin().await?;
        let rows = sqlx::query(
            "SELECT id, username FROM users WHERE key_version < $1 ORDER BY created_at, id",
        )
        .bind(USERNAME_KEY_VERSION)
        .fetch_all(&mut *tx)
        .await?;
        if rows.is_empty() {
            return Ok(0);
        }
        sqlx::query("UPDATE users SET username_key = '#old#' || id WHERE key_version < $1")
            .bind(USERNAME_KEY_VERSION)
            .execute(&mut *tx)
            .await?;
        let mut alike = 0;
        for row in &rows {
            let (id, name): (String, String) = (row.try_get(0)?, row.try_get(1)?);
            let key = usernames::key(&name);
            let taken = sqlx::query("SELECT 1 FROM users WHERE username_key = $1")
                .bind(&key)
                .fetch_optional(&mut *tx)
                .await?
                .is_some();
            let key = if taken {
                alike += 1;
                tracing::warn!(
                    "account {name:?} looks like an older one: it keeps its name, logs in by it \
                     exactly, and no new account can take it"
                );
                format!("{key}#{id}")
            } else {
                key
            };
            sqlx::query("UPDATE users SET username_key = $1, key_version = $2 WHERE id = $3")
                .bind(key)
                .bind(USERNAME_KEY_VERSION)
                .bind(&id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(alike)
    }
}

/// The version of [`usernames::key`] that `users.username_key` holds: 1 was lower case only,
/// 2 did not fold the skeleton's capitals.
const USERNAME_KEY_VERSION: i64 = 3;
