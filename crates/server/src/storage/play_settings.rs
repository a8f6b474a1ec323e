//! Each account's settings of play: whether forced steps are played for them.

use sqlx::Row;

use super::{Store, StoreResult};

impl Store {
    /// Whether the account wants its forced steps played for it; `None` if there is no such
    /// account.
    ///
    /// # Errors
    /// Database failure.
    pub async fn plays_forced_steps(&self, user_id: &str) -> StoreResult<Option<bool>> {
        let row = sqlx::query("SELECT play_forced_steps FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| Ok(row.try_get::<i64, _>(0)? != 0))
            .transpose()
    }

    /// Stores whether the account wants its forced steps played for it.
    ///
    /// # Errors
    /// Database failure.
    pub async fn set_plays_forced_steps(&self, user_id: &str, on: bool) -> StoreResult<()> {
        sqlx::query("UPDATE users SET play_forced_steps = $1 WHERE id = $2")
            .bind(i64::from(on))
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
