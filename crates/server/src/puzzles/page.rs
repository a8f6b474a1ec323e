//! `GET /puzzles`: the next puzzle for the reader, of the theme they picked, as a table to
//! answer on; and the drawing of any puzzles page ([`render`]), which the streak and the puzzle
//! of the day share.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use helvetia_ai::puzzles::Theme;
use helvetia_web::pages::{self as web, PuzzleMode};

use super::next::ThemeQuery;
use super::table::{seat_names, table_html};
use crate::accounts::auth::MaybeUser;
use crate::accounts::page_context::PageContext;
use crate::domain::rating::starting_rating;
use crate::http::error::AppResult;
use crate::http::language::LangQuery;
use crate::state::AppState;
use crate::storage::StoredPuzzle;

/// The page of the puzzle nearest the reader's puzzle rating that they have not tried, of the
/// theme picked (`?theme=`).
pub async fn page(
    State(app): State<AppState>,
    headers: HeaderMap,
    Query(lang): Query<LangQuery>,
    query: Result<Query<ThemeQuery>, QueryRejection>,
    user: MaybeUser,
) -> Response {
    let viewer = user.0.clone();
    let page = PageContext::new(&headers, &lang, user);
    let theme = match query.map_err(Into::into).and_then(|query| query.picked()) {
        Ok(theme) => theme,
        Err(error) => return page.error(&error),
    };
    let found = async {
        let rating = match &viewer {
            Some(user) => Some(app.store.puzzle_rating(&user.id).await?.0.rating),
            None => None,
        };
        let near = rating.unwrap_or_else(|| starting_rating().rating);
        let next = app
            .store
            .next_puzzle(viewer.as_ref().map(|user| user.id.as_str()), near, theme)
            .await?;
        AppResult::Ok((next, rating))
    };
    let names: Vec<&str> = Theme::ALL.iter().map(|theme| theme.name()).collect();
    let mode = PuzzleMode::Next {
        theme: theme.map(Theme::name),
        themes: &names,
    };
    match found.await {
        Ok((next, rating)) => render(&page, &mode, next.as_ref(), rating),
        Err(error) => page.error(&error),
    }
}

/// A puzzles page of `mode` putting `puzzle` (or saying none is left), for a reader whose
/// puzzle rating is `rating` (`None` for a visitor, or where it is not shown).
pub(crate) fn render(
    page: &PageContext,
    mode: &PuzzleMode,
    puzzle: Option<&StoredPuzzle>,
    rating: Option<f64>,
) -> Response {
    let drawn = puzzle.map(|stored| {
        let mover = stored.puzzle.mover();
        let name = seat_names(&stored.puzzle, page.lang)
            .into_iter()
            .nth(mover.index())
            .unwrap_or_default();
        (
            stored,
            table_html(
                &stored.id,
                &stored.puzzle,
                &stored.puzzle.view,
                page.lang,
                page.text_mode,
            ),
            name,
        )
    });
    let question = drawn
        .as_ref()
        .map(|(stored, table, name)| web::PuzzleQuestion {
            id: &stored.id,
            table_html: table,
            text: page.text_mode,
            mover: (stored.puzzle.mover().0, name),
            steps: stored.puzzle.steps(),
            rating: stored.rating.rating.round() as i64,
            your_rating: rating.map(|rating| rating.round() as i64),
        });
    page.ok(web::puzzles(
        page.lang,
        page.user(),
        &page.csrf,
        mode,
        question.as_ref(),
    ))
}
