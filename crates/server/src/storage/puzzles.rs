//! Puzzles in the database: adding them (once each, by the hash of their JSON), the next one
//! near a person's puzzle rating (of a theme, if one is picked), the next of a streak, the
//! puzzle of the day, and rating a person's first attempt at one: the attempt, the person's
//! rating and the puzzle's, in one transaction that counts it once on any node.

use helvetia_ai::puzzles::{initial_rating, Puzzle, Theme};
use sqlx::any::AnyRow;
use sqlx::Row;

use super::{decode_error, Store, StoreError, StoreResult};
use crate::domain::puzzle_rating::{after_attempt, puzzle_id, puzzle_starting};
use crate::domain::rating::{starting_rating, Rating};

/// Times an attempt's rating is tried again when another attempt moved a rating it read.
const RATING_TRIES: usize = 8;

/// A streak's next puzzle is rated at least this much above the last where there is one, so
/// that a run climbs the set rather than walking it puzzle by puzzle.
const STREAK_STEP: f64 = 50.0;

/// A streak's next puzzle is one of this many candidates, so that two runs differ.
const STREAK_CHOICE: i64 = 3;

/// A puzzle as stored, with its rating.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredPuzzle {
    /// Its id.
    pub id: String,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its rating now.
    pub rating: Rating,
    /// First attempts at it so far.
    pub plays: i64,
    /// How many of those solved it.
    pub solved: i64,
}

/// What a rated attempt did: the person's rating and the puzzle's, before and after.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedAttempt {
    /// The person's rating before and after.
    pub person: (Rating, Rating),
    /// The puzzle's rating before and after.
    pub puzzle: (Rating, Rating),
}

/// A person's attempt at a puzzle, the first (the rated one).
#[derive(Clone, Debug, PartialEq)]
pub struct TriedPuzzle {
    /// The puzzle's id.
    pub puzzle_id: String,
    /// Whether they solved it.
    pub solved: bool,
    /// Their puzzle rating before and after it.
    pub before: f64,
    /// After.
    pub after: f64,
    /// When, seconds since the epoch.
    pub at: i64,
}

/// The names of `puzzle`'s themes and of its phase, as stored (the JSON's names).
fn names_of(puzzle: &Puzzle) -> (String, String) {
    let themes: Vec<&str> = puzzle.themes.iter().map(|theme| theme.name()).collect();
    let phase = serde_json::to_value(puzzle.phase).unwrap_or_default();
    (
        themes.join(" "),
        phase.as_str().unwrap_or_default().to_string(),
    )
}

const PUZZLE_COLUMNS: &str = "id, body, rating, deviation, volatility, plays, solved";

fn parse_puzzle(row: &AnyRow) -> StoreResult<StoredPuzzle> {
    let body: String = row.try_get(1)?;
    Ok(StoredPuzzle {
        id: row.try_get(0)?,
        puzzle: serde_json::from_str(&body).map_err(|error| decode_error(&error))?,
        rating: rating_at(row, 2)?,
        plays: row.try_get(5)?,
        solved: row.try_get(6)?,
    })
}

impl Store {
    /// Adds `puzzles` (one already stored is kept as it is); answers how many were new. A new
    /// puzzle's rating starts from its margin and the length of its line.
    ///
    /// # Errors
    /// Database failure.
    pub async fn add_puzzles(&self, puzzles: &[Puzzle], now: i64) -> StoreResult<usize> {
        let mut added = 0;
        let mut tx = self.pool.begin().await?;
        for puzzle in puzzles {
            let body = serde_json::to_string(puzzle).map_err(|error| decode_error(&error))?;
            let rating = puzzle_starting(initial_rating(puzzle.margin, puzzle.solution.len()));
            let (themes, phase) = names_of(puzzle);
            added += sqlx::query(
                "INSERT INTO puzzles (id, body, themes, phase, rating, deviation, volatility, \
                 created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING",
            )
            .bind(puzzle_id(&body))
            .bind(&body)
            .bind(themes)
            .bind(phase)
            .bind(rating.rating)
            .bind(rating.deviation)
            .bind(rating.volatility)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected() as usize;
        }
        tx.commit().await?;
        Ok(added)
    }

    /// The puzzle `id`.
    ///
    /// # Errors
    /// Database failure, or a stored puzzle that does not read.
    pub async fn puzzle(&self, id: &str) -> StoreResult<Option<StoredPuzzle>> {
        let row = sqlx::query(&format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(parse_puzzle).transpose()
    }

    /// At most `count` puzzles by id, after the puzzle `after` (from the first with `None`): a
    /// page of the open puzzle set.
    ///
    /// # Errors
    /// Database failure, or a stored puzzle that does not read.
    pub async fn puzzles_after(
        &self,
        after: Option<&str>,
        count: usize,
    ) -> StoreResult<Vec<StoredPuzzle>> {
        let rows = sqlx::query(&format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id > $1 ORDER BY id LIMIT $2"
        ))
        .bind(after.unwrap_or(""))
        .bind(i64::try_from(count).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(parse_puzzle).collect()
    }

    /// Every puzzle, by id (the open puzzle set).
    ///
    /// # Errors
    /// Database failure, or a stored puzzle that does not read.
    pub async fn all_puzzles(&self) -> StoreResult<Vec<StoredPuzzle>> {
        let rows = sqlx::query(&format!("SELECT {PUZZLE_COLUMNS} FROM puzzles ORDER BY id"))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(parse_puzzle).collect()
    }

    /// The puzzle rated nearest `near` that `user_id` has not tried yet (any, for a visitor),
    /// of `theme` if one is given.
    ///
    /// # Errors
    /// Database failure, or a stored puzzle that does not read.
    pub async fn next_puzzle(
        &self,
        user_id: Option<&str>,
        near: f64,
        theme: Option<Theme>,
    ) -> StoreResult<Option<StoredPuzzle>> {
        // Themes are stored as their names between spaces: a theme's name is a whole word.
        let of_theme = if theme.is_some() {
            "AND (' ' || p.themes || ' ') LIKE $3"
        } else {
            ""
        };
        // The puzzle is chosen by id from the index of ratings and themes, then read: a
        // choice among whole rows would read every puzzle's body.
        let sql = format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = (SELECT p.id FROM puzzles p \
             WHERE NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = p.id AND \
             a.user_id = $1) {of_theme} ORDER BY ABS(p.rating - $2), p.id LIMIT 1)"
        );
        let row = sqlx::query(&sql).bind(user_id.unwrap_or("")).bind(near);
        let row = match theme {
            Some(theme) => row.bind(format!("% {} %", theme.name())),
            None => row,
        };
        let row = row.fetch_optional(&self.pool).await?;
        row.as_ref().map(parse_puzzle).transpose()
    }

    /// The next puzzle of a streak after puzzle `after` (`None` at its start, or for a puzzle
    /// not found): rated above it, by [`STREAK_STEP`] or more where there is such a puzzle;
    /// at the start among the lowest rated. `pick` chooses among the [`STREAK_CHOICE`] lowest
    /// candidates. `None` when no puzzle is rated above it.
    ///
    /// # Errors
    /// Database failure, or a stored puzzle that does not read.
    pub async fn streak_puzzle(
        &self,
        after: Option<&str>,
        pick: u64,
    ) -> StoreResult<Option<StoredPuzzle>> {
        let last = match after {
            Some(id) => self.puzzle(id).await?,
            None => None,
        };
        let rows = match &last {
            Some(last) => {
                sqlx::query(&format!(
                    "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE rating > $1 OR \
                     (rating = $1 AND id > $2) ORDER BY CASE WHEN rating >= $3 THEN 0 ELSE 1 \
                     END, rating, id LIMIT $4"
                ))
                .bind(last.rating.rating)
                .bind(&last.id)
                .bind(last.rating.rating + STREAK_STEP)
                .bind(STREAK_CHOICE)
                .fetch_all(&self.pool)
                .await?
            }
            None => {
                sqlx::query(&format!(
                    "SELECT {PUZZLE_COLUMNS} FROM puzzles ORDER BY rating, id LIMIT $1"
                ))
                .bind(STREAK_CHOICE)
                .fetch_all(&self.pool)
                .await?
            }
        };
        if rows.is_empty() {
            return Ok(None);
        }
        parse_puzzle(&rows[(pick % rows.len() as u64) as usize]).map(Some)
    }

    /// The puzzle of the UTC day that starts at `day_start` (seconds since the epoch): one of
    /// the puzzles stored before that day (on a set's first day, of those stored first), chosen
    /// from the day alone, counted in the order of the index of creation (no sort, no body
    /// read). Puzzles are only ever added, each at the time it is added, so that choice holds
    /// all day: every person and every node shows the same puzzle.
    ///
    /// # Errors
    /// Database failure, or a stored puzzle that does not read.
    pub async fn daily_puzzle(&self, day_start: i64) -> StoreResult<Option<StoredPuzzle>> {
        let count_before = |bound: i64| async move {
            let row = sqlx::query("SELECT COUNT(*) FROM puzzles WHERE created_at < $1")
                .bind(bound)
                .fetch_one(&self.pool)
                .await?;
            StoreResult::Ok(row.try_get::<i64, _>(0)?)
        };
        let mut bound = day_start;
        let mut count = count_before(bound).await?;
        if count == 0 {
            let first: Option<i64> = sqlx::query("SELECT MIN(created_at) FROM puzzles")
                .fetch_one(&self.pool)
                .await?
                .try_get(0)?;
            let Some(first) = first else {
                return Ok(None);
            };
            bound = first + 1;
            count = count_before(bound).await?;
        }
        let day = (day_start.div_euclid(86_400)) as u64;
        let offset = (helvetia_ai::mix(day) % count.max(1) as u64) as i64;
        let row = sqlx::query(&format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = (SELECT id FROM puzzles \
             WHERE created_at < $1 ORDER BY created_at, id LIMIT 1 OFFSET $2)"
        ))
        .bind(bound)
        .bind(offset)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(parse_puzzle).transpose()
    }

    /// `user_id`'s latest `limit` first attempts at puzzles, the latest first.
    ///
    /// # Errors
    /// Database failure.
    pub async fn puzzle_history(&self, user_id: &str, limit: i64) -> StoreResult<Vec<TriedPuzzle>> {
        let rows = sqlx::query(
            "SELECT puzzle_id, solved, before_rating, after_rating, at FROM puzzle_attempts \
             WHERE user_id = $1 ORDER BY at DESC, puzzle_id LIMIT $2",
        )
        .bind(user_id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(TriedPuzzle {
                    puzzle_id: row.try_get(0)?,
                    solved: row.try_get::<i64, _>(1)? != 0,
                    before: row.try_get(2)?,
                    after: row.try_get(3)?,
                    at: row.try_get(4)?,
                })
            })
            .collect()
    }

    /// Takes the oldest finished game not yet mined for puzzles, for this node alone (a guarded
    /// update: another node that looked at the same moment takes the next one).
    ///
    /// # Errors
    /// Database failure.
    pub async fn game_to_mine(&self) -> StoreResult<Option<String>> {
        loop {
            let row = sqlx::query(
                "SELECT id FROM games WHERE puzzles_mined = 0 AND status = 'finished' \
                 ORDER BY created_at, id LIMIT 1",
            )
            .fetch_optional(&self.pool)
            .await?;
            let Some(row) = row else {
                return Ok(None);
            };
            let id: String = row.try_get(0)?;
            let taken = sqlx::query(
                "UPDATE games SET puzzles_mined = 1 WHERE id = $1 AND puzzles_mined = 0",
            )
            .bind(&id)
            .execute(&self.pool)
            .await?
            .rows_affected();
            if taken == 1 {
                return Ok(Some(id));
            }
        }
    }

    /// A person's puzzle rating, and how many puzzles they have tried.
    ///
    /// # Errors
    /// Database failure.
    pub async fn puzzle_rating(&self, user_id: &str) -> StoreResult<(Rating, i64)> {
        let mut conn = self.pool.acquire().await?;
        Ok(person_rating(&mut conn, user_id)
            .await?
            .unwrap_or((starting_rating(), 0)))
    }

    /// Rates `user_id`'s attempt at puzzle `id` if it is their first: the attempt is stored
    /// and both ratings move, in one transaction; `None` if they tried it before, or there is
    /// no such puzzle (nothing changes).
    ///
    /// # Errors
    /// A database failure, or ratings moved by other attempts every time they were read.
    pub async fn rate_puzzle_attempt(
        &self,
        user_id: &str,
        id: &str,
        solved: bool,
        now: i64,
    ) -> StoreResult<Option<RatedAttempt>> {
        for _ in 0..RATING_TRIES {
            match self.try_rate_attempt(user_id, id, solved, now).await {
                Err(StoreError::Conflict) => continue,
                done => return done,
            }
        }
        Err(StoreError::Conflict)
    }

    /// One try of [`Store::rate_puzzle_attempt`]: [`StoreError::Conflict`] when another
    /// attempt moved a rating it read (nothing written).
    async fn try_rate_attempt(
        &self,
        user_id: &str,
        id: &str,
        solved: bool,
        now: i64,
    ) -> StoreResult<Option<RatedAttempt>> {
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(&format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(puzzle) = row.as_ref().map(parse_puzzle).transpose()? else {
            return Ok(None);
        };
        let known = person_rating(&mut tx, user_id).await?;
        let (person_before, attempts) = known.unwrap_or((starting_rating(), 0));
        let (person_after, puzzle_after) = after_attempt(&person_before, &puzzle.rating, solved);
        let first = sqlx::query(
            "INSERT INTO puzzle_attempts (user_id, puzzle_id, solved, before_rating, \
             after_rating, at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
        )
        .bind(user_id)
        .bind(id)
        .bind(i64::from(solved))
        .bind(person_before.rating)
        .bind(person_after.rating)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !first {
            return Ok(None);
        }
        // Each rating is written only if nobody moved it since it was read.
        let moved = sqlx::query(
            "UPDATE puzzles SET rating = $1, deviation = $2, volatility = $3, plays = plays + 1, \
             solved = solved + $4 WHERE id = $5 AND plays = $6",
        )
        .bind(puzzle_after.rating)
        .bind(puzzle_after.deviation)
        .bind(puzzle_after.volatility)
        .bind(i64::from(solved))
        .bind(id)
        .bind(puzzle.plays)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        let person_sql = if known.is_some() {
            "UPDATE puzzle_ratings SET rating = $2, deviation = $3, volatility = $4, \
             attempts = attempts + 1 WHERE user_id = $1 AND attempts = $5"
        } else {
            "INSERT INTO puzzle_ratings (user_id, rating, deviation, volatility, attempts) \
             VALUES ($1, $2, $3, $4, 1 + $5) ON CONFLICT DO NOTHING"
        };
        let person_moved = sqlx::query(person_sql)
            .bind(user_id)
            .bind(person_after.rating)
            .bind(person_after.deviation)
            .bind(person_after.volatility)
            .bind(attempts)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if moved != 1 || person_moved != 1 {
            return Err(StoreError::Conflict);
        }
        tx.commit().await?;
        Ok(Some(RatedAttempt {
            person: (person_before, person_after),
            puzzle: (puzzle.rating, puzzle_after),
        }))
    }
}

/// A person's stored puzzle rating and attempts, if they have tried a puzzle.
async fn person_rating(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
) -> StoreResult<Option<(Rating, i64)>> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility, attempts FROM puzzle_ratings WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    row.map(|row| Ok((rating_at(&row, 0)?, row.try_get(3)?)))
        .transpose()
}

/// The rating in `row`'s columns `first` (rating), `first + 1` (deviation) and `first + 2`
/// (volatility), as both puzzles and people store theirs.
fn rating_at(row: &AnyRow, first: usize) -> StoreResult<Rating> {
    Ok(Rating {
        rating: row.try_get(first)?,
        deviation: row.try_get(first + 1)?,
        volatility: row.try_get(first + 2)?,
    })
}
