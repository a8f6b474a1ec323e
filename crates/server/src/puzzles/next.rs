//! `GET /api/puzzles/next`: the puzzle to try next. Everything a player needs to solve it (the
//! public view of the decision, whose it is, the legal actions), never its answer.

use axum::extract::State;
use axum::Json;
use serde_json::json;

use crate::accounts::auth::MaybeUser;
use crate::domain::rating::starting_rating;
use crate::http::error::{AppError, AppResult};
use crate::state::AppState;
use crate::storage::StoredPuzzle;

/// The puzzle nearest the person's puzzle rating that they have not tried (a visitor: near a
/// newcomer's rating) → `{"id", "view", "mover", "legal", "themes", "phase", "rating",
/// "plays", "your_rating"}`; `404 no-puzzle` when there is none left.
pub async fn next(
    State(app): State<AppState>,
    MaybeUser(user): MaybeUser,
) -> AppResult<Json<serde_json::Value>> {
    let (rating, user_id) = match &user {
        Some(user) => (app.store.puzzle_rating(&user.id).await?.0, Some(&user.id)),
        None => (starting_rating(), None),
    };
    let found = app
        .store
        .next_puzzle(user_id.map(String::as_str), rating.rating)
        .await?
        .ok_or_else(|| AppError::not_found("no-puzzle"))?;
    let mut answer = question(&found);
    answer["your_rating"] = user.map(|_| rating.rating.round()).into();
    Ok(Json(answer))
}

/// A puzzle as it is put to a player: without its solution and the actions it accepts.
pub fn question(stored: &StoredPuzzle) -> serde_json::Value {
    let puzzle = &stored.puzzle;
    json!({
        "id": stored.id,
        "view": puzzle.view,
        "mover": puzzle.mover().0,
        "legal": puzzle.view.legal_actions().to_vec(),
        "themes": puzzle.themes,
        "phase": puzzle.phase,
        "rating": stored.rating.rating.round(),
        "plays": stored.plays,
    })
}
