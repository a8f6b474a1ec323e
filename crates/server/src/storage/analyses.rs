//! Post-game analyses in the database: asked for once per finished game, claimed by one node
//! at a time with a guarded update (`claimed_until` must have run out), their progress and
//! result written where every node reads them.

use sqlx::Row;

use super::{Store, StoreError, StoreResult};

/// Where an analysis stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisState {
    /// Asked for; no node works on it yet.
    Queued,
    /// A node works on it (or did, until its claim runs out).
    Running,
    /// Finished: the result is stored.
    Done,
    /// The record could not be analysed.
    Failed,
}

impl AnalysisState {
    fn as_str(self) -> &'static str {
        match self {
            AnalysisState::Queued => "queued",
            AnalysisState::Running => "running",
            AnalysisState::Done => "done",
            AnalysisState::Failed => "failed",
        }
    }

    fn parse(text: &str) -> StoreResult<AnalysisState> {
        match text {
            "queued" => Ok(AnalysisState::Queued),
            "running" => Ok(AnalysisState::Running),
            "done" => Ok(AnalysisState::Done),
            "failed" => Ok(AnalysisState::Failed),
            other => Err(StoreError::Database(sqlx::Error::Decode(
                format!("unknown analysis state {other:?}").into(),
            ))),
        }
    }
}

/// An analysis as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisRow {
    /// Where it stands.
    pub state: AnalysisState,
    /// Turns analysed so far.
    pub done_turns: u32,
    /// Turns to analyse (0 until a node has started).
    pub total_turns: u32,
    /// The analysis as JSON, once done.
    pub result: Option<String>,
}

/// An analysis this node has claimed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisJob {
    /// The game.
    pub game_id: String,
    /// Search iterations per turn, as asked.
    pub iterations: u32,
}

impl Store {
    /// Asks for the analysis of `game_id` (a finished game: the caller checks). True if this
    /// call asked; false if it had been asked for already.
    ///
    /// # Errors
    /// Database failure.
    pub async fn request_analysis(
        &self,
        game_id: &str,
        user_id: &str,
        iterations: u32,
        now: i64,
    ) -> StoreResult<bool> {
        let inserted = sqlx::query(
            "INSERT INTO analyses (game_id, requested_by, requested_at, iterations) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game_id)
        .bind(user_id)
        .bind(now)
        .bind(i64::from(iterations))
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(inserted == 1)
    }

    /// The analysis of `game_id`, if asked for.
    ///
    /// # Errors
    /// Database failure.
    pub async fn analysis(&self, game_id: &str) -> StoreResult<Option<AnalysisRow>> {
        let row = sqlx::query(
            "SELECT state, done_turns, total_turns, result FROM analyses WHERE game_id = $1",
        )
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            Ok(AnalysisRow {
                state: AnalysisState::parse(&row.try_get::<String, _>("state")?)?,
                done_turns: row.try_get::<i64, _>("done_turns")? as u32,
                total_turns: row.try_get::<i64, _>("total_turns")? as u32,
                result: row.try_get("result")?,
            })
        })
        .transpose()
    }

    /// Claims the oldest analysis nobody works on (or whose worker's claim ran out) until
    /// `until`.
    ///
    /// # Errors
    /// Database failure.
    pub async fn claim_analysis(&self, now: i64, until: i64) -> StoreResult<Option<AnalysisJob>> {
        let candidates = sqlx::query(
            "SELECT game_id, iterations FROM analyses \
             WHERE state IN ('queued', 'running') AND claimed_until < $1 \
             ORDER BY requested_at LIMIT 4",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        for row in candidates {
            let game_id: String = row.try_get("game_id")?;
            let claimed = sqlx::query(
                "UPDATE analyses SET state = 'running', claimed_by = $1, claimed_until = $2 \
                 WHERE game_id = $3 AND state IN ('queued', 'running') AND claimed_until < $4",
            )
            .bind(self.node())
            .bind(until)
            .bind(&game_id)
            .bind(now)
            .execute(&self.pool)
            .await?
            .rows_affected();
            if claimed == 1 {
                let iterations = row.try_get::<i64, _>("iterations")?;
                return Ok(Some(AnalysisJob {
                    game_id,
                    iterations: iterations.clamp(1, i64::from(u32::MAX)) as u32,
                }));
            }
        }
        Ok(None)
    }

    /// Records progress on a claimed analysis and keeps the claim until `until`. False if this
    /// node no longer holds the claim.
    ///
    /// # Errors
    /// Database failure.
    pub async fn analysis_progress(
        &self,
        game_id: &str,
        done: u32,
        total: u32,
        until: i64,
    ) -> StoreResult<bool> {
        let updated = sqlx::query(
            "UPDATE analyses SET done_turns = $1, total_turns = $2, claimed_until = $3 \
             WHERE game_id = $4 AND claimed_by = $5 AND state = 'running'",
        )
        .bind(i64::from(done))
        .bind(i64::from(total))
        .bind(until)
        .bind(game_id)
        .bind(self.node())
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(updated == 1)
    }

    /// Ends a claimed analysis: `Done` with its result and number of turns, or `Failed`.
    ///
    /// # Errors
    /// Database failure.
    pub async fn finish_analysis(
        &self,
        game_id: &str,
        state: AnalysisState,
        result: Option<(&str, u32)>,
        now: i64,
    ) -> StoreResult<()> {
        let turns = result.map_or(0, |(_, turns)| i64::from(turns));
        sqlx::query(
            "UPDATE analyses SET state = $1, result = $2, done_turns = $3, total_turns = $3, \
             finished_at = $4, claimed_until = 0 \
             WHERE game_id = $5 AND claimed_by = $6 AND state = 'running'",
        )
        .bind(state.as_str())
        .bind(result.map(|(json, _)| json))
        .bind(turns)
        .bind(now)
        .bind(game_id)
        .bind(self.node())
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
