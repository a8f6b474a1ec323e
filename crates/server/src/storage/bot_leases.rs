//! Which node runs the bot of a game: a lease on the games row, taken with a guarded update, so
//! that exactly one node thinks for a bot at a time, and another takes over when that node stops
//! renewing (it died). The log's version guard makes a bot's move apply once in any case; the
//! lease keeps two nodes from searching for it.

use sqlx::Row;

use super::{Store, StoreResult};

impl Store {
    /// Running games whose player to move is a bot (or a bot stands in for them), or a person
    /// who wants their forced steps played at one, and whose bot lease is free or expired at
    /// `now` (seconds since the epoch), or held by this node.
    ///
    /// # Errors
    /// Database failure.
    pub async fn bots_waiting(&self, now: i64) -> StoreResult<Vec<String>> {
        let rows = sqlx::query(
            "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = g.to_move \
             LEFT JOIN users u ON u.id = s.user_id \
             WHERE g.status = 'running' AND (s.kind = 'bot' OR s.stand_in IS NOT NULL \
             OR (g.forced_step = 1 AND u.play_forced_steps = 1)) \
             AND (g.bot_lease_until < $1 OR g.bot_node = $2)",
        )
        .bind(now)
        .bind(&*self.node)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok(row.try_get(0)?))
            .collect::<StoreResult<_>>()
    }

    /// Takes or renews the bot lease of a game until `until`, if it is free, expired at `now`,
    /// or already this node's. Tells whether this node holds it now.
    ///
    /// # Errors
    /// Database failure.
    pub async fn claim_bot(&self, game_id: &str, now: i64, until: i64) -> StoreResult<bool> {
        let result = sqlx::query(
            "UPDATE games SET bot_node = $1, bot_lease_until = $2 \
             WHERE id = $3 AND (bot_lease_until < $4 OR bot_node = $1)",
        )
        .bind(&*self.node)
        .bind(until)
        .bind(game_id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(result.rows_affected() == 1)
    }

    /// Gives a game's bot lease back, if this node holds it.
    ///
    /// # Errors
    /// Database failure.
    pub async fn release_bot(&self, game_id: &str) -> StoreResult<()> {
        sqlx::query("UPDATE games SET bot_lease_until = 0 WHERE id = $1 AND bot_node = $2")
            .bind(game_id)
            .bind(&*self.node)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Frees every bot lease (SQLite at start: there is only this node, and a lease left by a
    /// previous run must not hold its bots back).
    ///
    /// # Errors
    /// Database failure.
    pub async fn release_all_bots(&self) -> StoreResult<()> {
        sqlx::query("UPDATE games SET bot_lease_until = 0 WHERE bot_lease_until <> 0")
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
