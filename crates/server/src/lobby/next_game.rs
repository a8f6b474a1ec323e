//! "Next game": the game awaiting the person's decision that comes after the one they look at,
//! in the order of their list (the game that has waited longest first), so that a player of
//! many turn-based games moves through all of them one click (or key) at a time.

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::lists::{summaries, ListKind};
use crate::accounts::auth::{MaybeUser, User};
use crate::accounts::page_context::PageContext;
use crate::http::error::{AppError, AppResult};
use crate::http::language::LangQuery;
use crate::state::AppState;

/// Query of `/next` and `GET /api/games/next`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NextQuery {
    /// The game the person looks at now.
    from: Option<String>,
}

/// Where "next game" leads, and how many games await the person.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct NextGame {
    /// The game to open, if one awaits the person other than the one they look at.
    pub game: Option<String>,
    /// How many games await the person's decision, the one they look at included.
    pub waiting: usize,
}

/// Picks from `waiting` (oldest first) the game after `from`, going round to the first; the
/// first if `from` is not among them; none if `from` is the only one.
pub fn after(waiting: &[String], from: Option<&str>) -> Option<String> {
    let position = from.and_then(|from| waiting.iter().position(|id| id == from));
    let next = match position {
        Some(at) => waiting
            .iter()
            .cycle()
            .nth(at + 1)
            .filter(|id| Some(id.as_str()) != from),
        None => waiting.first(),
    };
    next.cloned()
}

/// The next game for `user` after `from`.
///
/// # Errors
/// Database failure.
pub async fn next_for(app: &AppState, user: &User, from: Option<&str>) -> AppResult<NextGame> {
    let list = summaries(app, ListKind::Mine, Some(user), helvetia_web::Lang::En).await?;
    let waiting: Vec<String> = list
        .into_iter()
        .filter(|listed| listed.game.your_turn)
        .map(|listed| listed.game.id)
        .collect();
    Ok(NextGame {
        game: after(&waiting, from),
        waiting: waiting.len(),
    })
}

/// `GET /api/games/next?from=ID`.
pub async fn api(
    State(app): State<AppState>,
    user: User,
    query: Result<Query<NextQuery>, axum::extract::rejection::QueryRejection>,
) -> AppResult<Json<NextGame>> {
    let Query(query) = query.map_err(|_| AppError::bad_request("bad-address"))?;
    Ok(Json(next_for(&app, &user, query.from.as_deref()).await?))
}

/// Query of the page `/next`: the game looked at, and the language of an error page.
#[derive(Deserialize)]
pub struct NextPageQuery {
    /// The game the person looks at now.
    from: Option<String>,
    /// The language asked for.
    lang: Option<String>,
}

/// `GET /next?from=ID`: opens the next game awaiting the person, or the lobby when none does.
pub async fn page(
    State(app): State<AppState>,
    user: MaybeUser,
    headers: HeaderMap,
    Query(query): Query<NextPageQuery>,
) -> Response {
    let Some(person) = user.0.clone() else {
        return Redirect::to(&helvetia_web::pages::with_next("/login", Some("/next")))
            .into_response();
    };
    match next_for(&app, &person, query.from.as_deref()).await {
        Ok(NextGame { game: Some(id), .. }) => {
            Redirect::to(&format!("/games/{id}")).into_response()
        }
        Ok(NextGame { game: None, .. }) => Redirect::to("/lobby").into_response(),
        Err(error) => {
            let lang = LangQuery {
                lang: query.lang,
                table: None,
            };
            PageContext::new(&headers, &lang, user).error(&error)
        }
    }
}
