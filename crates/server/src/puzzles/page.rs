//! `GET /puzzles`: the next puzzle for the reader, as a table to answer on.

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use helvetia_web::pages as web;

use super::table::{seat_names, table_html};
use crate::accounts::auth::MaybeUser;
use crate::accounts::page_context::PageContext;
use crate::domain::rating::starting_rating;
use crate::http::error::AppResult;
use crate::http::language::LangQuery;
use crate::state::AppState;
use crate::storage::StoredPuzzle;

/// The page of the puzzle nearest the reader's puzzle rating that they have not tried.
pub async fn page(
    State(app): State<AppState>,
    headers: HeaderMap,
    Query(lang): Query<LangQuery>,
    user: MaybeUser,
) -> Response {
    let viewer = user.0.clone();
    let page = PageContext::new(&headers, &lang, user);
    let found = async {
        let rating = match &viewer {
            Some(user) => Some(app.store.puzzle_rating(&user.id).await?.0),
            None => None,
        };
        let near = rating.unwrap_or_else(starting_rating).rating;
        let next = app
            .store
            .next_puzzle(viewer.as_ref().map(|user| user.id.as_str()), near)
            .await?;
        AppResult::Ok((next, rating))
    };
    match found.await {
        Ok((next, rating)) => {
            let html = next
                .as_ref()
                .map(|stored| question(stored, page.lang, rating));
            let question = html
                .as_ref()
                .map(|(table, mover, stored, yours)| web::PuzzleQuestion {
                    id: &stored.id,
                    table_html: table,
                    mover: (stored.puzzle.mover().0, mover),
                    rating: stored.rating.rating.round() as i64,
                    your_rating: *yours,
                });
            page.ok(web::puzzles(
                page.lang,
                page.user(),
                &page.csrf,
                question.as_ref(),
            ))
        }
        Err(error) => page.error(&error),
    }
}

/// The table, the mover's name, the puzzle and the reader's rating, for the page.
fn question(
    stored: &StoredPuzzle,
    lang: helvetia_web::Lang,
    rating: Option<crate::domain::rating::Rating>,
) -> (String, String, &StoredPuzzle, Option<i64>) {
    let mover = stored.puzzle.mover();
    let name = seat_names(&stored.puzzle, lang)
        .into_iter()
        .nth(mover.index())
        .unwrap_or_default();
    (
        table_html(&stored.id, &stored.puzzle, lang),
        name,
        stored,
        rating.map(|rating| rating.rating.round() as i64),
    )
}
