//! "Learn by playing": `POST /api/tutorial` opens a tutorial game and starts it at once, and
//! `GET /tutorial` is the page that offers it. A tutorial game is a game like any other (the
//! same creation and start, the same caps on open and running bot games), with three
//! differences: its seats are fixed (the person in seat 0, the casual bot in seat 1), it is
//! dealt from a fixed seed, so that every learner meets the same first rounds, and it is marked
//! as a tutorial, so its table carries the coach (`helvetia_web`'s `tutorial` module).

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use serde_json::json;

use crate::accounts::auth::{MaybeUser, User};
use crate::accounts::page_context::PageContext;
use crate::http::error::AppResult;
use crate::http::language::LangQuery;
use crate::live::cache::find;
use crate::lobby::create::{open_game, CreateBody, Kind};
use crate::lobby::seats::give_seat_back;
use crate::lobby::status::start_now;
use crate::state::AppState;
use helvetia_web::pages as web;

/// The seed of every tutorial game. Chosen among the first few thousand so that the learner
/// makes the first choice of the draft and, playing at random against the casual bot, soon
/// makes a good to deliver and pays for a building, and the first round ends early. The seed
/// still never leaves the server (a tutorial game is never rated either way).
pub const TUTORIAL_SEED: u64 = 1879;

/// `POST /api/tutorial` → `201 {"id": game}`: a running tutorial game for the person asking.
///
/// # Errors
/// 401 for a visitor; the caps on open and running bot games as for any game. A game that could
/// not start is cancelled, so nothing is left behind.
pub async fn start(
    State(app): State<AppState>,
    user: User,
) -> AppResult<(StatusCode, Json<serde_json::Value>)> {
    let body = CreateBody::tutorial();
    let kind = Kind::Tutorial {
        seed: TUTORIAL_SEED,
    };
    let (id, _) = open_game(&app, &user, &body, kind).await?;
    let live = find(&app, &id).await?;
    if let Err(error) = start_now(&app, &live, &user).await {
        // The creator leaving an open game cancels it.
        let _ = give_seat_back(&app, &live, &user).await;
        return Err(error);
    }
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))))
}

/// `GET /tutorial`: what the tutorial is, and the button that starts it (or the way to an
/// account that comes back here).
pub async fn page(headers: HeaderMap, Query(q): Query<LangQuery>, user: MaybeUser) -> Response {
    let page = PageContext::new(&headers, &q, user);
    page.ok(web::tutorial(page.lang, page.user(), &page.csrf))
}
