//! `POST /api/puzzles/{id}/attempt`: a player's answer to a puzzle. The first attempt of a
//! logged-in person is rated (theirs and the puzzle's rating move, once, on any node); later
//! attempts and visitors' are answered the same, unrated.

use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use serde_json::json;

use crate::accounts::auth::MaybeUser;
use crate::domain::game_state::Refusal;
use crate::domain::rating::Rating;
use crate::domain::time::now;
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::state::AppState;

/// The answer: the index of an action in the puzzle's `legal` list.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttemptBody {
    /// Which legal action.
    pub action: usize,
}

/// → `{"solved", "solution", "accepted", "best", "rated", "rating", "puzzle_rating"}`:
/// whether the action solves the puzzle's first decision, the best line, every first action
/// accepted, the index of the best in `legal`, and for a rated attempt the ratings before and
/// after (`{"before", "after"}`, else null). `404 no-puzzle`; `422 illegal` for an index that
/// is no legal action (nothing is stored).
pub async fn attempt(
    State(app): State<AppState>,
    Path(id): Path<String>,
    MaybeUser(user): MaybeUser,
    JsonBody(body): JsonBody<AttemptBody>,
) -> AppResult<Json<serde_json::Value>> {
    let stored = app
        .store
        .puzzle(&id)
        .await?
        .ok_or_else(|| AppError::not_found("no-puzzle"))?;
    let puzzle = &stored.puzzle;
    let legal = puzzle.view.legal_actions();
    let Some(action) = legal.get(body.action) else {
        return Err(Refusal::Illegal(format!(
            "no legal action number {}; there are {}",
            body.action,
            legal.len()
        ))
        .into());
    };
    let solved = puzzle.accepts(action);
    let rated = match &user {
        Some(user) => {
            app.store
                .rate_puzzle_attempt(&user.id, &id, solved, now())
                .await?
        }
        None => None,
    };
    let shown = |(before, after): (Rating, Rating)| json!({"before": before.rating.round(), "after": after.rating.round()});
    Ok(Json(json!({
        "solved": solved,
        "solution": puzzle.solution,
        "accepted": puzzle.accepted,
        "best": legal.iter().position(|a| Some(a) == puzzle.solution.first()),
        "rated": rated.is_some(),
        "rating": rated.map(|r| shown(r.person)),
        "puzzle_rating": rated.map(|r| shown(r.puzzle)),
    })))
}
