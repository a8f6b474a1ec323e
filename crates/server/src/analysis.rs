//! The HTTP routes of post-game analysis: ask for the analysis of a finished game, and read
//! where it stands (and its result). The work itself is done by [`crate::analysis_worker`] on
//! whichever node claims it.
//!
//! Only finished games are analysed: during a game, an analysis would tell its players what
//! to play.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use crate::auth::User;
use crate::error::{AppError, AppResult};
use crate::hub::find;
use crate::model::GameStatus;
use crate::storage::{AnalysisRow, AnalysisState};
use crate::{now, AppState};

/// The refusal for a game that is not finished.
fn not_finished() -> AppError {
    AppError::conflict(
        "only a finished game can be analysed: during play it would tell its players what to play",
    )
}

/// Fails unless the game `id` exists and is finished.
async fn finished_game(app: &AppState, id: &str) -> AppResult<()> {
    let live = find(app, id).await?;
    let status = live.lock().await.status;
    match status {
        GameStatus::Finished => Ok(()),
        _ => Err(not_finished()),
    }
}

/// `POST /api/games/{id}/analysis`: asks for the analysis (once; asking again changes
/// nothing) and answers with where it stands.
pub async fn request(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Response> {
    finished_game(&app, &id).await?;
    let asked = app
        .store
        .request_analysis(&id, &user.id, app.config.analysis_iterations, now())
        .await?;
    let row = app.store.analysis(&id).await?;
    let status = if asked {
        StatusCode::ACCEPTED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(standing(row.as_ref()))).into_response())
}

/// `GET /api/games/{id}/analysis`: where the analysis stands, with the result once done.
pub async fn get(State(app): State<AppState>, Path(id): Path<String>) -> AppResult<Json<Value>> {
    finished_game(&app, &id).await?;
    let row = app.store.analysis(&id).await?;
    Ok(Json(standing(row.as_ref())))
}

/// The JSON of an analysis's standing: `state` (none, queued, running, done or failed), the
/// turns done of the total, and the analysis once done.
pub fn standing(row: Option<&AnalysisRow>) -> Value {
    let Some(row) = row else {
        return json!({ "state": "none" });
    };
    let state = match row.state {
        AnalysisState::Queued => "queued",
        AnalysisState::Running => "running",
        AnalysisState::Done => "done",
        AnalysisState::Failed => "failed",
    };
    let analysis = row
        .result
        .as_deref()
        .and_then(|text| serde_json::from_str::<Value>(text).ok());
    json!({
        "state": state,
        "done": row.done_turns,
        "total": row.total_turns,
        "analysis": analysis,
    })
}
