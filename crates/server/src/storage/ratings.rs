//! Ratings in the database: rating a finished game once (whichever node finishes it, and again
//! after a crash between the finishing move and its rating), the leaderboard, and each player's
//! rating history.

use helvetia_engine::Seat;
use sqlx::Row;

use super::game_changes::GameChange;
use super::{RatingChange, Store, StoreResult};
use crate::domain::rating::{after_game, starting_rating, Rater, Rating};

/// One line of the leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardRow {
    /// The player's name.
    pub username: String,
    /// Their rating.
    pub rating: f64,
    /// Its deviation (uncertainty).
    pub deviation: f64,
    /// Rated games played at this player count.
    pub games: i64,
}

/// One point of a player's rating history.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryPoint {
    /// The game's player count.
    pub players: u8,
    /// When the game was rated (seconds since the epoch).
    pub at: i64,
    /// The rating after it.
    pub rating: f64,
}

impl Store {
    /// Rates finished game `game_id` for its `players` (seat, who it rates, rank; rank 1 wins)
    /// unless it is not rated or was rated already: the accounts' ratings move, anchors' do
    /// not. Returns the changes it made.
    ///
    /// # Errors
    /// Database failure (then nothing is stored, and the game is rated later).
    pub async fn rate_game(
        &self,
        game_id: &str,
        players: &[(Seat, Rater, u8)],
        now: i64,
    ) -> StoreResult<Vec<RatingChange>> {
        let count = players.len() as i64;
        let mut tx = self.pool.begin().await?;
        let claimed = sqlx::query(
            "UPDATE games SET rating_done = 1 \
             WHERE id = $1 AND rated = 1 AND rating_done = 0 AND status = 'finished'",
        )
        .bind(game_id)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !claimed {
            return Ok(Vec::new());
        }
        let mut before = Vec::with_capacity(players.len());
        for (_, rater, rank) in players {
            let user_id = match rater {
                Rater::Account(user_id) => user_id,
                Rater::Anchor(rating) => {
                    before.push((*rating, *rank));
                    continue;
                }
            };
            let row = sqlx::query(
                "SELECT rating, deviation, volatility FROM ratings \
                 WHERE user_id = $1 AND players = $2",
            )
            .bind(user_id)
            .bind(count)
            .fetch_optional(&mut *tx)
            .await?;
            let rating = match row {
                Some(row) => Rating {
                    rating: row.try_get(0)?,
                    deviation: row.try_get(1)?,
                    volatility: row.try_get(2)?,
                },
                None => starting_rating(),
            };
            before.push((rating, *rank));
        }
        let after = after_game(&before);
        let mut changes = Vec::with_capacity(players.len());
        for (((seat, rater, _), (old, _)), new) in players.iter().zip(&before).zip(&after) {
            let Rater::Account(user_id) = rater else {
                continue;
            };
            sqlx::query(
                "INSERT INTO ratings (user_id, players, rating, deviation, volatility, games) \
                 VALUES ($1, $2, $3, $4, $5, 1) \
                 ON CONFLICT (user_id, players) DO UPDATE SET rating = $3, deviation = $4, \
                 volatility = $5, games = ratings.games + 1",
            )
            .bind(user_id)
            .bind(count)
            .bind(new.rating)
            .bind(new.deviation)
            .bind(new.volatility)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO rating_changes \
                 (game_id, user_id, players, seat, before_rating, after_rating, at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(game_id)
            .bind(user_id)
            .bind(count)
            .bind(i64::from(seat.0))
            .bind(old.rating)
            .bind(new.rating)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            changes.push(RatingChange {
                seat: *seat,
                user_id: user_id.clone(),
                before: old.rating,
                after: new.rating,
            });
        }
        self.commit_change(tx, GameChange::quiet(game_id, 0))
            .await?;
        Ok(changes)
    }

    /// What game `game_id` did to its players' ratings, by seat (empty if it was not rated).
    ///
    /// # Errors
    /// Database failure.
    pub async fn rating_changes(&self, game_id: &str) -> StoreResult<Vec<RatingChange>> {
        let rows = sqlx::query(
            "SELECT seat, user_id, before_rating, after_rating FROM rating_changes \
             WHERE game_id = $1 ORDER BY seat",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let seat: i64 = row.try_get(0)?;
                Ok(RatingChange {
                    seat: Seat(seat as u8),
                    user_id: row.try_get(1)?,
                    before: row.try_get(2)?,
                    after: row.try_get(3)?,
                })
            })
            .collect()
    }

    /// Finished rated games not rated yet (their node stopped between the last move and the
    /// rating).
    ///
    /// # Errors
    /// Database failure.
    pub async fn games_to_rate(&self) -> StoreResult<Vec<String>> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE rating_done = 0 AND rated = 1 AND status = 'finished'",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok(row.try_get(0)?))
            .collect::<StoreResult<_>>()
    }

    /// The best `limit` ratings for games of `players`: people's, or on the bot ladder, bot
    /// accounts'. (A bot account plays rated games only on the ladder, a person never does.)
    ///
    /// # Errors
    /// Database failure.
    pub async fn leaderboard(
        &self,
        players: u8,
        limit: i64,
        bots: bool,
    ) -> StoreResult<Vec<LeaderboardRow>> {
        let rows = sqlx::query(
            "SELECT u.username, r.rating, r.deviation, r.games FROM ratings r \
             JOIN users u ON u.id = r.user_id WHERE r.players = $1 AND u.bot = $3 \
             ORDER BY r.rating DESC, u.username LIMIT $2",
        )
        .bind(i64::from(players))
        .bind(limit)
        .bind(i64::from(bots))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(LeaderboardRow {
                    username: row.try_get(0)?,
                    rating: row.try_get(1)?,
                    deviation: row.try_get(2)?,
                    games: row.try_get(3)?,
                })
            })
            .collect()
    }

    /// `user_id`'s rating after each rated game, oldest first.
    ///
    /// # Errors
    /// Database failure.
    pub async fn rating_history(&self, user_id: &str) -> StoreResult<Vec<HistoryPoint>> {
        let rows = sqlx::query(
            "SELECT players, at, after_rating FROM rating_changes WHERE user_id = $1 \
             ORDER BY at, game_id",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let players: i64 = row.try_get(0)?;
                Ok(HistoryPoint {
                    players: players as u8,
                    at: row.try_get(1)?,
                    rating: row.try_get(2)?,
                })
            })
            .collect()
    }
}
