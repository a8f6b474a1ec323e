//! `GET /api/puzzles/next`: the puzzle to try next, of a theme if one is picked. Everything a
//! player needs to solve it (the public view of the decision, whose it is, the legal actions),
//! never its answer.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::Json;
use helvetia_ai::puzzles::Theme;
use serde::Deserialize;
use serde_json::json;

use crate::accounts::auth::MaybeUser;
use crate::domain::rating::starting_rating;
use crate::http::error::{AppError, AppResult};
use crate::state::AppState;
use crate::storage::StoredPuzzle;

/// `?theme=`: a theme's name (`night_watchman`), or empty or absent for any theme.
#[derive(Debug, Default, Deserialize)]
pub struct ThemeQuery {
    /// The theme's name.
    pub theme: Option<String>,
}

impl ThemeQuery {
    /// The theme picked. `400 bad-address` for a name that is no theme.
    pub fn picked(&self) -> AppResult<Option<Theme>> {
        match self.theme.as_deref() {
            None | Some("") => Ok(None),
            Some(name) => Theme::named(name).map(Some).ok_or_else(|| {
                AppError::bad_request("bad-address").detailed(format!("no theme named {name:?}"))
            }),
        }
    }
}

/// The puzzle nearest the person's puzzle rating that they have not tried (a visitor: near a
/// newcomer's rating), of the theme asked for → `{"id", "steps", "view", "mover", "legal",
/// "themes", "phase", "rating", "plays", "your_rating"}`; `404 no-puzzle` when there is none left.
pub async fn next(
    State(app): State<AppState>,
    MaybeUser(user): MaybeUser,
    query: Result<Query<ThemeQuery>, QueryRejection>,
) -> AppResult<Json<serde_json::Value>> {
    let theme = query?.picked()?;
    let (rating, user_id) = match &user {
        Some(user) => (app.store.puzzle_rating(&user.id).await?.0, Some(&user.id)),
        None => (starting_rating(), None),
    };
    let found = app
        .store
        .next_puzzle(user_id.map(String::as_str), rating.rating, theme)
        .await?
        .ok_or_else(|| AppError::not_found("no-puzzle"))?;
    let mut answer = question(&found);
    answer["your_rating"] = user.map(|_| rating.rating.round()).into();
    Ok(Json(answer))
}

/// A puzzle as it is put to a player: without its solution and the actions it accepts; with
/// the number of decisions in its line (`"steps"`), the first of them put here.
pub fn question(stored: &StoredPuzzle) -> serde_json::Value {
    let puzzle = &stored.puzzle;
    json!({
        "id": stored.id,
        "steps": puzzle.steps(),
        "view": puzzle.view,
        "mover": puzzle.mover().0,
        "legal": puzzle.view.legal_actions().to_vec(),
        "themes": puzzle.themes,
        "phase": puzzle.phase,
        "rating": stored.rating.rating.round(),
        "plays": stored.plays,
    })
}
