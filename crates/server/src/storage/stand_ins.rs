//! Deadlines and stand-ins: which games' clocks have run out, and the seat changes that follow
//! (a bot stands in for a person whose time ran out; the person takes the seat back; the other
//! players vote to end the game without a result).
//!
//! Every node looks for due deadlines. A stand-in is stored with a guarded update of the games
//! row (the version the node saw moves to the next), so exactly one node's change takes effect
//! however many look at the same deadline at once, on PostgreSQL or on SQLite; the others find
//! the version moved on, and reload.

use sqlx::Row;

use super::game_changes::GameChange;
use super::games::clock_column;
use super::{Store, StoreError, StoreResult};
use crate::domain::clock::Clock;
use crate::domain::mail_event::{MailEvent, MailKind};
use crate::domain::seats::BotLevel;

/// Moves running game `game_id` from `expected_version` to the next with `clock`, within `tx`;
/// false if it is no longer running at that version (another node or request was first).
pub(super) async fn claim_next_version(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game_id: &str,
    expected_version: u64,
    clock: Option<&Clock>,
) -> StoreResult<bool> {
    let claimed = sqlx::query(
        "UPDATE games SET version = $1, clock = $2, deadline = $3 \
         WHERE id = $4 AND version = $5 AND status = 'running'",
    )
    .bind(expected_version as i64 + 1)
    .bind(clock_column(clock))
    .bind(clock.and_then(Clock::deadline_ms))
    .bind(game_id)
    .bind(expected_version as i64)
    .execute(&mut **tx)
    .await?
    .rows_affected()
        == 1;
    Ok(claimed)
}

/// Most due deadlines [`Store::due_deadlines`] answers at once.
pub const DUE_DEADLINES_BATCH: usize = 100;

impl Store {
    /// Running games whose clock has run out at `now_ms`, the earliest
    /// [`DUE_DEADLINES_BATCH`].
    ///
    /// # Errors
    /// Database failure.
    pub async fn due_deadlines(&self, now_ms: i64) -> StoreResult<Vec<String>> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE deadline <= $1 AND status = 'running' \
             ORDER BY deadline LIMIT $2",
        )
        .bind(now_ms)
        .bind(DUE_DEADLINES_BATCH as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok(row.try_get(0)?))
            .collect::<StoreResult<_>>()
    }

    /// Puts `stand_in` (a bot level, or nobody) into `seat` of a running game at
    /// `expected_version`, with the clock that follows, as the next version; tells the other
    /// nodes.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the game is no longer at `expected_version` (nothing was
    /// written), or a database failure.
    pub async fn change_stand_in(
        &self,
        game_id: &str,
        expected_version: u64,
        seat: u8,
        stand_in: Option<BotLevel>,
        clock: Option<&Clock>,
    ) -> StoreResult<()> {
        let next_version = expected_version + 1;
        let mut tx = self.pool.begin().await?;
        if !claim_next_version(&mut tx, game_id, expected_version, clock).await? {
            return Err(StoreError::Conflict);
        }
        sqlx::query("UPDATE seats SET stand_in = $1 WHERE game_id = $2 AND seat = $3")
            .bind(stand_in.map(BotLevel::as_str))
            .bind(game_id)
            .bind(i64::from(seat))
            .execute(&mut *tx)
            .await?;
        self.commit_change(tx, GameChange::quiet(game_id, next_version))
            .await
    }

    /// Records `seat`'s vote to end running game `game_id` at `expected_version`, as the next
    /// version; with `ends`, the game ends without a result (abandoned). Tells the other nodes.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the game is no longer at `expected_version` (nothing was
    /// written), or a database failure.
    pub async fn vote_to_end(
        &self,
        game_id: &str,
        expected_version: u64,
        seat: u8,
        ends: bool,
    ) -> StoreResult<()> {
        let next_version = expected_version + 1;
        let mut tx = self.pool.begin().await?;
        let sql = if ends {
            "UPDATE games SET version = $1, status = 'abandoned', to_move = NULL, deadline = NULL \
             WHERE id = $2 AND version = $3 AND status = 'running'"
        } else {
            "UPDATE games SET version = $1 WHERE id = $2 AND version = $3 AND status = 'running'"
        };
        let claimed = sqlx::query(sql)
            .bind(next_version as i64)
            .bind(game_id)
            .bind(expected_version as i64)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1;
        if !claimed {
            return Err(StoreError::Conflict);
        }
        sqlx::query("UPDATE seats SET voted_to_end = 1 WHERE game_id = $1 AND seat = $2")
            .bind(game_id)
            .bind(i64::from(seat))
            .execute(&mut *tx)
            .await?;
        let ended = MailEvent::to_everyone(MailKind::GameEnded, None);
        let change = GameChange {
            game_id,
            version: next_version,
            event: ends.then_some((&ended, next_version as i64)),
        };
        self.commit_change(tx, change).await
    }
}
