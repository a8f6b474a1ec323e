//! A streak, as Lichess's Streak: puzzles of rising rating, one after another, until the first
//! mistake ends the run; unrated. The run is carried from page to page in the address (the last
//! puzzle and how many were solved in a row): nothing of it is stored, and a person who edits
//! the address only changes the count they are shown.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use helvetia_web::pages::{PuzzleMode, STREAK_PATH};
use helvetia_web::Lang;
use rand_core::RngCore;
use serde::Deserialize;
use serde_json::json;

use super::next::question;
use super::page::render;
use crate::accounts::auth::MaybeUser;
use crate::accounts::page_context::PageContext;
use crate::http::error::{AppError, AppResult};
use crate::http::language::LangQuery;
use crate::state::AppState;

/// Where a run stands: the last puzzle solved and how many in a row (none at the start).
#[derive(Debug, Default, Deserialize)]
pub struct StreakQuery {
    /// The id of the run's last puzzle.
    pub after: Option<String>,
    /// Puzzles solved in a row so far.
    #[serde(default)]
    pub solved: u32,
}

/// `GET /api/puzzles/streak?after=ID`: the next puzzle of a run after puzzle `ID` (the first
/// of a run without it), as `/api/puzzles/next` puts a puzzle; `404 no-puzzle` when no puzzle
/// is rated above it.
pub async fn next_in_streak(
    State(app): State<AppState>,
    query: Result<Query<StreakQuery>, QueryRejection>,
) -> AppResult<Json<serde_json::Value>> {
    let query = query?;
    let found = app
        .store
        .streak_puzzle(query.after.as_deref(), rand_core::OsRng.next_u64())
        .await?
        .ok_or_else(|| AppError::not_found("no-puzzle"))?;
    Ok(Json(question(&found)))
}

/// `GET /puzzles/streak?after=ID&solved=N`: the run's next puzzle on its table, with the
/// count so far.
pub async fn page(
    State(app): State<AppState>,
    headers: HeaderMap,
    Query(lang): Query<LangQuery>,
    query: Result<Query<StreakQuery>, QueryRejection>,
    user: MaybeUser,
) -> Response {
    let page = PageContext::new(&headers, &lang, user);
    let query = match query {
        Ok(Query(query)) => query,
        Err(rejection) => return page.error(&rejection.into()),
    };
    let found = app
        .store
        .streak_puzzle(query.after.as_deref(), rand_core::OsRng.next_u64())
        .await;
    match found {
        Ok(next) => render(
            &page,
            &PuzzleMode::Streak {
                solved: query.solved,
            },
            next.as_ref(),
            None,
        ),
        Err(error) => page.error(&error.into()),
    }
}

/// What an attempt in a run does to it → `{"solved", "over", "next", "label"}`: the count in a
/// row after it, whether the run ended, the address to go on to (the next puzzle, or a new
/// run) and that link's words; and the sentence said of it.
pub fn after_attempt(
    id: &str,
    solved_before: u32,
    solved: bool,
    lang: Lang,
) -> (serde_json::Value, String) {
    if solved {
        let count = solved_before.saturating_add(1);
        let said = lang.tr_args("puzzles-streak-run", &[("solved", count.into())]);
        let next = format!("{STREAK_PATH}?after={id}&solved={count}");
        let answer =
            json!({"solved": count, "over": false, "next": next, "label": lang.tr("puzzles-next")});
        (answer, said)
    } else {
        let said = lang.tr_args("puzzles-streak-over", &[("solved", solved_before.into())]);
        let answer = json!({"solved": solved_before, "over": true, "next": STREAK_PATH, "label": lang.tr("puzzles-streak-new")});
        (answer, said)
    }
}
