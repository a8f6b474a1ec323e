//! The puzzle of the day: the same puzzle for everyone on a UTC day, chosen from the day
//! ([`crate::storage::Store::daily_puzzle`]). `GET /api/puzzles/daily` puts it as
//! `/api/puzzles/next` puts a puzzle, `/puzzles/daily` on its table, and the home page shows
//! its goal and rating ([`teaser`]). Answered as any puzzle: a person's first attempt is rated.

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use helvetia_web::pages::{DailyTeaser, PuzzleMode};
use helvetia_web::Lang;

use super::next::question;
use super::page::render;
use super::table::seat_names;
use crate::accounts::auth::MaybeUser;
use crate::accounts::page_context::PageContext;
use crate::domain::time::now;
use crate::http::error::{AppError, AppResult};
use crate::http::language::LangQuery;
use crate::state::AppState;
use crate::storage::StoredPuzzle;

/// The start of today (UTC), seconds since the epoch.
fn today() -> i64 {
    let now = now();
    now - now.rem_euclid(86_400)
}

/// `GET /api/puzzles/daily` → the puzzle of the day, with `"day"` (`2026-12-06`);
/// `404 no-puzzle` when there is no puzzle at all.
pub async fn daily(State(app): State<AppState>) -> AppResult<Json<serde_json::Value>> {
    let day = today();
    let found = app
        .store
        .daily_puzzle(day)
        .await?
        .ok_or_else(|| AppError::not_found("no-puzzle"))?;
    let mut answer = question(&found);
    answer["day"] = crate::domain::time::rfc3339(day)[..10].into();
    Ok(Json(answer))
}

/// `GET /puzzles/daily`: the puzzle of the day on its table.
pub async fn page(
    State(app): State<AppState>,
    headers: HeaderMap,
    Query(lang): Query<LangQuery>,
    user: MaybeUser,
) -> Response {
    let viewer = user.0.clone();
    let page = PageContext::new(&headers, &lang, user);
    let found = async {
        let puzzle = app.store.daily_puzzle(today()).await?;
        let rating = match &viewer {
            Some(user) => Some(app.store.puzzle_rating(&user.id).await?.0.rating),
            None => None,
        };
        AppResult::Ok((puzzle, rating))
    };
    match found.await {
        Ok((puzzle, rating)) => render(&page, &PuzzleMode::Daily, puzzle.as_ref(), rating),
        Err(error) => page.error(&error),
    }
}

/// The puzzle of the day for the home page, in `lang`; `None` when there is no puzzle, or the
/// database did not answer (the home page is shown without it).
pub async fn teaser(app: &AppState, lang: Lang) -> Option<(StoredPuzzle, String)> {
    let stored = match app.store.daily_puzzle(today()).await {
        Ok(found) => found?,
        Err(error) => {
            tracing::warn!("the puzzle of the day: {error}");
            return None;
        }
    };
    let name = seat_names(&stored.puzzle, lang)
        .into_iter()
        .nth(stored.puzzle.mover().index())
        .unwrap_or_default();
    Some((stored, name))
}

/// The home page's words of the puzzle of the day found by [`teaser`].
pub fn teaser_words<'a>(stored: &'a StoredPuzzle, mover: &'a str) -> DailyTeaser<'a> {
    DailyTeaser {
        mover,
        rating: stored.rating.rating.round() as i64,
        themes: stored
            .puzzle
            .themes
            .iter()
            .map(|theme| theme.name())
            .collect(),
    }
}
