//! `GET /api/puzzles/export`: the whole puzzle set as open data, one puzzle a line
//! (newline-delimited JSON, docs/notation.md "Puzzles"): each puzzle as it is stored (the
//! public view of its decision, its solution and the actions accepted, themes, phase, source),
//! with its id, rating and plays. Like every view, no puzzle holds the seed or the order of the
//! face-down stacks. `helvetia export --puzzles` writes the same lines with [`line`].

use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};

use crate::http::error::AppResult;
use crate::state::AppState;
use crate::storage::StoredPuzzle;

/// The content type of the export.
pub const NDJSON: &str = "application/x-ndjson";

/// Every puzzle, by id, a line each.
pub async fn export(State(app): State<AppState>) -> AppResult<Response> {
    let puzzles = app.store.all_puzzles().await?;
    let body: String = puzzles.iter().map(line).collect();
    Ok(([(CONTENT_TYPE, NDJSON)], body).into_response())
}

/// One puzzle's line: the stored puzzle's fields, then `id`, `rating`, `rating_deviation`,
/// `plays` and `solved`.
pub fn line(stored: &StoredPuzzle) -> String {
    let mut value = serde_json::to_value(&stored.puzzle).expect("a puzzle serialises");
    value["id"] = stored.id.clone().into();
    value["rating"] = stored.rating.rating.round().into();
    value["rating_deviation"] = stored.rating.deviation.round().into();
    value["plays"] = stored.plays.into();
    value["solved"] = stored.solved.into();
    let mut line = value.to_string();
    line.push('\n');
    line
}
