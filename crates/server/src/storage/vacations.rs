//! Vacations: each person's, the changes their games' clocks still have to learn of, and the
//! times away a game's clock holds.
//!
//! Taking or ending a vacation is one transaction that first writes the person's
//! `vacation_syncs` row: on PostgreSQL its row lock, on SQLite the single writer, makes one
//! person's changes one at a time, so the rules (no overlap, days per year) are checked against
//! what is stored. The row stays until every game of theirs learnt of the change
//! ([`Store::vacation_synced`]), so a node that stops half-way leaves it for any other.

use std::collections::HashMap;

use sqlx::Row;

use super::game_changes::GameChange;
use super::stand_ins::claim_next_version;
use super::{Store, StoreError, StoreResult};
use crate::domain::clock::{Away, Clock};
use crate::domain::tokens::random_token;
use crate::domain::vacation::{
    self, check, day_of, first_day_of, year_of, Day, Ending, Refusal, Vacation, DAY_MS,
};

const COLUMNS: &str = "id, starts_day, days, taken_at, ended_at";

/// The SQL condition "the person to move in the `games` row `g` is away at `$1`, and the game
/// is one a vacation stops" (not a tournament's, as [`Store::times_away`]).
pub(super) const TO_MOVE_AWAY_AT_1: &str = "EXISTS (SELECT 1 FROM seats vs \
     JOIN vacations v ON v.user_id = vs.user_id \
     WHERE vs.game_id = g.id AND vs.seat = g.to_move \
     AND v.starts_day * 86400000 <= $1 AND v.taken_at <= $1 \
     AND (v.starts_day + v.days) * 86400000 > $1 AND (v.ended_at IS NULL OR v.ended_at > $1) \
     AND NOT EXISTS (SELECT 1 FROM tournament_seats vt WHERE vt.game_id = g.id))";

fn parse(row: &sqlx::any::AnyRow, at: usize) -> StoreResult<Vacation> {
    let days: i64 = row.try_get(at + 2)?;
    Ok(Vacation {
        id: row.try_get(at)?,
        starts_day: row.try_get(at + 1)?,
        days: u32::try_from(days).unwrap_or(0),
        taken_at_ms: row.try_get(at + 3)?,
        ended_at_ms: row.try_get(at + 4)?,
    })
}

/// `$from, $from+1, …` for `count` values.
fn placeholders(from: usize, count: usize) -> String {
    (from..from + count)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Marks `user_id`'s games as having a vacation change to learn of, within `tx`: the first
/// write of a change, which holds the person's other changes back until it commits.
async fn mark_change(tx: &mut sqlx::AnyConnection, user_id: &str) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO vacation_syncs (user_id, changes) VALUES ($1, 1) \
         ON CONFLICT (user_id) DO UPDATE SET changes = vacation_syncs.changes + 1",
    )
    .bind(user_id)
    .execute(tx)
    .await?;
    Ok(())
}

/// `user_id`'s vacations that end on or after `since_day`, earliest first, within `tx`.
async fn vacations_within(
    tx: &mut sqlx::AnyConnection,
    user_id: &str,
    since_day: Day,
) -> StoreResult<Vec<Vacation>> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM vacations WHERE user_id = $1 AND starts_day + days > $2 \
         ORDER BY starts_day"
    ))
    .bind(user_id)
    .bind(since_day)
    .fetch_all(tx)
    .await?;
    rows.iter().map(|row| parse(row, 0)).collect()
}

/// The first day of the year of `now_ms`: vacations that end before it count for nothing now.
fn first_day_of_this_year(now_ms: i64) -> Day {
    first_day_of(year_of(day_of(now_ms)))
}

impl Store {
    /// `user_id`'s vacations of this year and later (at `now_ms`), earliest first.
    ///
    /// # Errors
    /// Database failure.
    pub async fn vacations(&self, user_id: &str, now_ms: i64) -> StoreResult<Vec<Vacation>> {
        let mut conn = self.pool.acquire().await?;
        vacations_within(&mut conn, user_id, first_day_of_this_year(now_ms)).await
    }

    /// Takes a vacation of `days` from `starts_day` for `user_id` at `now_ms`, if it keeps the
    /// rules ([`vacation::check`]) with `per_year` days; the person's games are marked to
    /// learn of it.
    ///
    /// # Errors
    /// Database failure; nothing is written then, nor when the vacation is refused.
    pub async fn take_vacation(
        &self,
        user_id: &str,
        (starts_day, days): (Day, u32),
        now_ms: i64,
        per_year: u32,
    ) -> StoreResult<Result<Vacation, Refusal>> {
        let mut tx = self.pool.begin().await?;
        mark_change(&mut tx, user_id).await?;
        let taken = vacations_within(&mut tx, user_id, first_day_of_this_year(now_ms)).await?;
        if let Err(refusal) = check(starts_day, days, now_ms, &taken, per_year) {
            tx.rollback().await?;
            return Ok(Err(refusal));
        }
        let new = Vacation {
            id: random_token()[..16].to_string(),
            starts_day,
            days,
            taken_at_ms: now_ms,
            ended_at_ms: None,
        };
        sqlx::query(&format!(
            "INSERT INTO vacations (user_id, {COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)"
        ))
        .bind(user_id)
        .bind(&new.id)
        .bind(new.starts_day)
        .bind(i64::from(new.days))
        .bind(new.taken_at_ms)
        .bind(new.ended_at_ms)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Ok(new))
    }

    /// Ends `user_id`'s vacation `id` (or, without one, the vacation they are on) at `now_ms`:
    /// one not begun is removed, one begun keeps the days begun ([`vacation::end`]). `None`
    /// when there is no such vacation that is not over.
    ///
    /// # Errors
    /// Database failure; nothing is written then, nor when there is nothing to end.
    pub async fn end_vacation(
        &self,
        user_id: &str,
        id: Option<&str>,
        now_ms: i64,
    ) -> StoreResult<Option<Ending>> {
        let mut tx = self.pool.begin().await?;
        mark_change(&mut tx, user_id).await?;
        let vacations = vacations_within(&mut tx, user_id, day_of(now_ms) - 1).await?;
        let chosen = vacations.iter().find(|v| match id {
            Some(id) => v.id == id,
            None => v.is_on(now_ms),
        });
        let Some((chosen, ending)) =
            chosen.and_then(|v| vacation::end(v, now_ms).map(|ending| (v, ending)))
        else {
            tx.rollback().await?;
            return Ok(None);
        };
        match ending {
            Ending::Cancelled => {
                sqlx::query("DELETE FROM vacations WHERE id = $1")
                    .bind(&chosen.id)
                    .execute(&mut *tx)
                    .await?;
            }
            Ending::Shortened { days, ended_at_ms } => {
                sqlx::query("UPDATE vacations SET days = $1, ended_at = $2 WHERE id = $3")
                    .bind(i64::from(days))
                    .bind(ended_at_ms)
                    .bind(&chosen.id)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(Some(ending))
    }

    /// Up to `limit` people whose games have a vacation change to learn of, with the count of
    /// changes seen.
    ///
    /// # Errors
    /// Database failure.
    pub async fn vacation_changes_to_sync(&self, limit: i64) -> StoreResult<Vec<(String, i64)>> {
        let rows = sqlx::query("SELECT user_id, changes FROM vacation_syncs LIMIT $1")
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
            .collect()
    }

    /// Every game of `user_id` learnt of their vacation changes up to `changes`; a change made
    /// since keeps the mark.
    ///
    /// # Errors
    /// Database failure.
    pub async fn vacation_synced(&self, user_id: &str, changes: i64) -> StoreResult<()> {
        sqlx::query("DELETE FROM vacation_syncs WHERE user_id = $1 AND changes = $2")
            .bind(user_id)
            .bind(changes)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The count of vacation changes of `user_id` that their games have not learnt of yet
    /// (0 when none).
    ///
    /// # Errors
    /// Database failure.
    pub async fn vacation_changes_of(&self, user_id: &str) -> StoreResult<i64> {
        let row = sqlx::query("SELECT changes FROM vacation_syncs WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(row) => row.try_get(0)?,
            None => 0,
        })
    }

    /// The running games with a clock in which `user_id` has a seat, but a tournament's:
    /// those whose clock a vacation of theirs may stop.
    ///
    /// # Errors
    /// Database failure.
    pub async fn running_games_with_clock_of(&self, user_id: &str) -> StoreResult<Vec<String>> {
        let rows = sqlx::query(
            "SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id \
             WHERE s.user_id = $1 AND g.status = 'running' AND g.clock IS NOT NULL \
             AND NOT EXISTS (SELECT 1 FROM tournament_seats t WHERE t.game_id = g.id)",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok(row.try_get(0)?))
            .collect::<StoreResult<_>>()
    }

    /// The times away of the people in `seats` (seat, account) of game `game_id` that end
    /// after `since_ms`: none for a tournament's game, whose clocks a vacation does not stop
    /// (`docs/tournaments.md`: a round waits for its last table, so one person's vacation
    /// would hold up everyone).
    ///
    /// # Errors
    /// Database failure.
    pub async fn times_away(
        &self,
        game_id: &str,
        seats: &[(u8, String)],
        since_ms: i64,
    ) -> StoreResult<Vec<Away>> {
        if seats.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT user_id, {COLUMNS} FROM vacations \
             WHERE starts_day + days > $1 AND user_id IN ({}) \
             AND NOT EXISTS (SELECT 1 FROM tournament_seats WHERE game_id = $2)",
            placeholders(3, seats.len())
        );
        let mut query = sqlx::query(&sql).bind(day_of(since_ms)).bind(game_id);
        for (_, user_id) in seats {
            query = query.bind(user_id);
        }
        let rows = query.fetch_all(&self.pool).await?;
        let mut away = Vec::new();
        for row in &rows {
            let user_id: String = row.try_get(0)?;
            let vacation = parse(row, 1)?;
            for (seat, _) in seats.iter().filter(|(_, id)| *id == user_id) {
                away.extend(vacation.away(*seat).filter(|a| a.until_ms > since_ms));
            }
        }
        Ok(away)
    }

    /// Who of `user_ids` is away at `now_ms`, and until when (milliseconds since the epoch).
    ///
    /// # Errors
    /// Database failure.
    pub async fn away_now(
        &self,
        user_ids: &[String],
        now_ms: i64,
    ) -> StoreResult<HashMap<String, Vacation>> {
        if user_ids.is_empty() {
            return Ok(HashMap::new());
        }
        let sql = format!(
            "SELECT user_id, {COLUMNS} FROM vacations \
             WHERE starts_day <= $1 AND starts_day + days > $1 AND user_id IN ({})",
            placeholders(2, user_ids.len())
        );
        let mut query = sqlx::query(&sql).bind(day_of(now_ms));
        for user_id in user_ids {
            query = query.bind(user_id);
        }
        let mut away = HashMap::new();
        for row in &query.fetch_all(&self.pool).await? {
            let vacation = parse(row, 1)?;
            if vacation.is_on(now_ms) {
                away.insert(row.try_get(0)?, vacation);
            }
        }
        Ok(away)
    }

    /// Stores `clock` for running game `game_id` at `expected_version` as the next version
    /// (its people's times away changed), and tells the other nodes.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the game is no longer running at `expected_version`
    /// (nothing was written), or a database failure.
    pub async fn change_clock(
        &self,
        game_id: &str,
        expected_version: u64,
        clock: &Clock,
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        if !claim_next_version(&mut tx, game_id, expected_version, Some(clock)).await? {
            return Err(StoreError::Conflict);
        }
        self.commit_change(tx, GameChange::quiet(game_id, expected_version + 1))
            .await
    }
}

/// Milliseconds a day, as the SQL above writes it.
const _: () = assert!(DAY_MS == 86_400_000);
