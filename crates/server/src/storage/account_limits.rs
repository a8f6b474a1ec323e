//! What one account holds open or running, for the per-account limits.

use sqlx::Row;

use super::{Store, StoreResult};

impl Store {
    /// Games `user_id` created that are still open (waiting for players).
    ///
    /// # Errors
    /// Database failure.
    pub async fn open_games_of(&self, user_id: &str) -> StoreResult<i64> {
        let row =
            sqlx::query("SELECT COUNT(*) FROM games WHERE creator_id = $1 AND status = 'open'")
                .bind(user_id)
                .fetch_one(&self.pool)
                .await?;
        Ok(row.try_get(0)?)
    }

    /// Running games `user_id` created with a bot in a seat: the games whose searches the
    /// account starts.
    ///
    /// # Errors
    /// Database failure.
    pub async fn running_bot_games_of(&self, user_id: &str) -> StoreResult<i64> {
        let row = sqlx::query(
            "SELECT COUNT(*) FROM games g WHERE g.creator_id = $1 AND g.status = 'running' \
             AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'bot')",
        )
        .bind(user_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get(0)?)
    }
}
