//! The HTTP routes of post-game analysis: ask for the analysis of a finished game, and read
//! where it stands (and its result). The work itself is done by [`crate::workers::analyses`] on
//! whichever node claims it.
//!
//! Only finished games are analysed: during a game, an analysis would tell its players what
//! to play.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use helvetia_ai::analysis::Analysis;
use helvetia_ai::ProspectTerm;
use helvetia_engine::Seat;
use helvetia_web::pages::{AnalysisStanding, AnalysisSummary, ChartPoint, CostlyTurn};
use helvetia_web::Namer;

use crate::accounts::auth::User;
use crate::domain::seats::GameStatus;
use crate::domain::time::now;
use crate::http::error::{AppError, AppResult};
use crate::live::cache::find;
use crate::live::live_game::LiveGame;
use crate::state::AppState;
use crate::storage::{AnalysisRow, AnalysisState};
use helvetia_web::Lang;

/// The refusal for a game that is not finished.
fn not_finished() -> AppError {
    AppError::conflict("analysis-needs-finished")
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

/// Where the analysis of the finished game `live` stands, in words for the replay page.
///
/// # Errors
/// Database failure.
pub async fn for_page(
    app: &AppState,
    live: &LiveGame,
    lang: Lang,
    logged_in: bool,
) -> AppResult<AnalysisStanding> {
    let Some(row) = app.store.analysis(&live.id).await? else {
        return Ok(AnalysisStanding::None { can_ask: logged_in });
    };
    let analysis = match (row.state, row.result.as_deref()) {
        (AnalysisState::Queued | AnalysisState::Running, _) => {
            return Ok(AnalysisStanding::Pending {
                done: row.done_turns,
                total: row.total_turns,
            })
        }
        (AnalysisState::Failed, _) | (AnalysisState::Done, None) => {
            return Ok(AnalysisStanding::Failed)
        }
        (AnalysisState::Done, Some(json)) => serde_json::from_str::<Analysis>(json),
    };
    let Ok(analysis) = analysis else {
        return Ok(AnalysisStanding::Failed);
    };
    let state = live.lock().await;
    let names = state.seat_names(lang);
    let costly = analysis
        .costliest(COSTLIEST)
        .into_iter()
        .map(|turn| {
            let before = state.game_at(turn.start).view();
            let namer = Namer {
                lang,
                names: &names,
                position: Some(&before.position),
            };
            let seat = Some(Seat(turn.seat));
            let words = |actions: &[helvetia_engine::Action]| {
                actions.iter().map(|a| namer.action(a, seat)).collect()
            };
            CostlyTurn {
                step: turn.start,
                round: turn.round,
                seat: turn.seat,
                lost: turn.loss(),
                played: words(&turn.played),
                preferred: words(&turn.preferred),
                why: turn
                    .why
                    .iter()
                    .map(|&(term, points)| (term_key(term), points))
                    .collect(),
            }
        })
        .collect();
    Ok(AnalysisStanding::Done(AnalysisSummary {
        names,
        points: chart_points(&analysis),
        costly,
        iterations: analysis.settings.iterations,
    }))
}

/// How many of the costliest turns the page names.
const COSTLIEST: usize = 3;

/// Each player's chance at the first turn of every round, then the outcome.
fn chart_points(analysis: &Analysis) -> Vec<ChartPoint> {
    let mut points: Vec<ChartPoint> = Vec::new();
    for turn in &analysis.turns {
        if points.last().is_none_or(|p| p.round != Some(turn.round)) {
            points.push(ChartPoint {
                round: Some(turn.round),
                chances: turn.before.clone(),
            });
        }
    }
    points.push(ChartPoint {
        round: None,
        chances: analysis.outcome.clone(),
    });
    points
}

/// The translation key's last part for an evaluation term.
pub fn term_key(term: ProspectTerm) -> &'static str {
    match term {
        ProspectTerm::Score => "score",
        ProspectTerm::Goods => "goods",
        ProspectTerm::Branches => "branches",
        ProspectTerm::Characters => "characters",
        ProspectTerm::Coins => "coins",
        ProspectTerm::Workers => "workers",
        ProspectTerm::Family => "family",
        ProspectTerm::Buildings => "buildings",
        ProspectTerm::Village => "village",
    }
}
