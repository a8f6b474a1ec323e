//! Each node's analysis worker: claims one asked-for analysis at a time, runs it on a blocking
//! thread (off the async runtime, one turn after another on one core), writes its progress
//! every second and its result at the end.
//!
//! The claim lasts [`CLAIM_SECS`] and is renewed with each progress write, so an analysis whose
//! node stops is taken up by another once the claim runs out.

use std::time::Duration;

use helvetia_ai::analysis::{analyse, AnalysisSettings};
use helvetia_engine::GameRecord;

use crate::domain::time::now;
use crate::state::AppState;
use crate::storage::{AnalysisJob, AnalysisState};

/// How long a claim holds without renewal, in seconds.
const CLAIM_SECS: i64 = 60;

/// How often the progress is written.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// Looks for work every `every` and does it, one analysis at a time, until the node stops.
pub async fn work_on_analyses(app: AppState, every: Duration) {
    let mut tick = tokio::time::interval(every);
    loop {
        tick.tick().await;
        if app.is_stopping() {
            return;
        }
        match app.store.claim_analysis(now(), now() + CLAIM_SECS).await {
            Ok(Some(job)) => run(&app, job).await,
            Ok(None) => {}
            Err(error) => tracing::warn!("cannot claim an analysis: {error}"),
        }
    }
}

/// Runs one claimed analysis to its end and stores the outcome.
async fn run(app: &AppState, job: AnalysisJob) {
    let (state, result) = match analysed(app, &job).await {
        Ok(done) => (AnalysisState::Done, Some(done)),
        Err(reason) => {
            tracing::warn!(game = %job.game_id, "analysis failed: {reason}");
            (AnalysisState::Failed, None)
        }
    };
    let stored = app
        .store
        .finish_analysis(
            &job.game_id,
            state,
            result.as_ref().map(|(json, turns)| (json.as_str(), *turns)),
            now(),
        )
        .await;
    if let Err(error) = stored {
        tracing::warn!(game = %job.game_id, "cannot store the analysis: {error}");
    }
}

/// The analysis of the job's game as JSON with its number of turns, or why there is none.
async fn analysed(app: &AppState, job: &AnalysisJob) -> Result<(String, u32), String> {
    let row = app
        .store
        .load_game(&job.game_id)
        .await
        .map_err(|error| error.to_string())?
        .ok_or("the game is gone")?;
    let record = GameRecord {
        options: row.options,
        seed: row.seed,
        actions: row.actions.iter().map(|&(_, action)| action).collect(),
    };
    let settings = AnalysisSettings {
        iterations: job.iterations,
        seed: 0,
    };
    let (progress, watched) = tokio::sync::watch::channel((0usize, 0usize));
    let mut work = tokio::task::spawn_blocking(move || {
        let report = |done: usize, total: usize| {
            progress.send_replace((done, total));
        };
        analyse(&record, settings, 1, &report)
    });
    let analysis = loop {
        tokio::select! {
            finished = &mut work => break finished,
            () = tokio::time::sleep(PROGRESS_EVERY) => {
                let (done, total) = *watched.borrow();
                let kept = app
                    .store
                    .analysis_progress(&job.game_id, done as u32, total as u32, now() + CLAIM_SECS)
                    .await;
                if let Err(error) = kept {
                    tracing::warn!(game = %job.game_id, "cannot write analysis progress: {error}");
                }
            }
        }
    };
    let analysis = analysis
        .map_err(|error| format!("the analysis stopped: {error}"))?
        .map_err(|error| error.to_string())?;
    let json = serde_json::to_string(&analysis).expect("an analysis serialises");
    Ok((json, analysis.turns.len() as u32))
}
