//! What a player's profile reads: their games and how they ended, and their ratings.

use sqlx::Row;

use super::games::GameFilter;
use super::{ListedGame, Store, StoreResult};

/// How a player's started games ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameCounts {
    /// Games started with them in a seat.
    pub played: i64,
    /// Of those, finished.
    pub finished: i64,
    /// Of those, given up: a bot still stands in for them (their clock ran out), or the
    /// players ended the game without a result.
    pub abandoned: i64,
}

/// A player's current rating at one player count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CurrentRating {
    /// The player count.
    pub players: u8,
    /// Rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Rated games played.
    pub games: i64,
}

impl Store {
    /// How `user_id`'s started games ended.
    ///
    /// # Errors
    /// Database failure.
    pub async fn game_counts(&self, user_id: &str) -> StoreResult<GameCounts> {
        let row = sqlx::query(
            "SELECT COUNT(*), \
             COALESCE(SUM(CASE WHEN g.status = 'finished' THEN 1 ELSE 0 END), 0), \
             COALESCE(SUM(CASE WHEN s.stand_in IS NOT NULL OR g.status = 'abandoned' \
             THEN 1 ELSE 0 END), 0) \
             FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE s.user_id = $1 AND g.status IN ('running', 'finished', 'abandoned')",
        )
        .bind(user_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(GameCounts {
            played: row.try_get(0)?,
            finished: row.try_get(1)?,
            abandoned: row.try_get(2)?,
        })
    }

    /// `user_id`'s current ratings, by player count.
    ///
    /// # Errors
    /// Database failure.
    pub async fn ratings_of(&self, user_id: &str) -> StoreResult<Vec<CurrentRating>> {
        let rows = sqlx::query(
            "SELECT players, rating, deviation, games FROM ratings WHERE user_id = $1 \
             ORDER BY players",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let players: i64 = row.try_get(0)?;
                Ok(CurrentRating {
                    players: players as u8,
                    rating: row.try_get(1)?,
                    deviation: row.try_get(2)?,
                    games: row.try_get(3)?,
                })
            })
            .collect()
    }

    /// How many running games wait for `user_id`'s decision (not counting seats a bot plays for
    /// them).
    ///
    /// # Errors
    /// Database failure.
    pub async fn games_waiting_for(&self, user_id: &str) -> StoreResult<i64> {
        let row = sqlx::query(
            "SELECT COUNT(*) FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = g.to_move \
             WHERE g.status = 'running' AND s.user_id = $1 AND s.stand_in IS NULL",
        )
        .bind(user_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get(0)?)
    }

    /// `user_id`'s latest started games.
    ///
    /// # Errors
    /// Database failure.
    pub async fn games_of(&self, user_id: &str) -> StoreResult<Vec<ListedGame>> {
        self.list_games(&GameFilter::Played {
            user_id: user_id.to_string(),
        })
        .await
    }
}
