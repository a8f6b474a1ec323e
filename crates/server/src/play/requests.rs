//! The HTTP routes of play: submit an action or take one back (through [`crate::live::write_path`], like
//! the WebSocket and the bots), the game state, and replays.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use helvetia_engine::Action;
use serde::Deserialize;
use serde_json::json;

use crate::accounts::auth::{MaybeUser, User};
use crate::domain::game_state::Choice;
use crate::domain::seats::GameStatus;
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::http::language::lang_of;
use crate::live::cache::find;
use crate::live::write_path::{self, Actor, Caller};
use crate::play::presenter::{self, ReplayTable};
use crate::play::updates::UpdateFormat;
use crate::state::AppState;
use helvetia_web::{Lang, Layout};

/// Body of `POST /api/games/{id}/actions`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionBody {
    version: u64,
    action: Option<Action>,
    index: Option<usize>,
}

impl ActionBody {
    fn choice(&self) -> AppResult<Choice> {
        match (self.action, self.index) {
            (Some(action), None) => Ok(Choice::Action(action)),
            (None, Some(index)) => Ok(Choice::Index(index)),
            _ => Err(AppError::bad_request("choice-unreadable")),
        }
    }
}

/// Body of `POST /api/games/{id}/undo`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UndoBody {
    version: u64,
}

/// `POST /api/games/{id}/actions`.
pub async fn post_action(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
    JsonBody(body): JsonBody<ActionBody>,
) -> AppResult<Json<serde_json::Value>> {
    let choice = body.choice()?;
    let live = find(&app, &id).await?;
    // The HTTP layer carries a request that changes something to its end (`run_to_the_end`).
    let (actor, caller) = (Actor::User(user.id), Caller::Detached);
    let version = write_path::submit(&app, &live, actor, (body.version, choice), caller).await?;
    Ok(Json(json!({ "version": version })))
}

/// `POST /api/games/{id}/undo`.
pub async fn post_undo(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
    JsonBody(body): JsonBody<UndoBody>,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id).await?;
    let (actor, caller) = (Actor::User(user.id), Caller::Detached);
    let version = write_path::undo(&app, &live, actor, body.version, caller).await?;
    Ok(Json(json!({ "version": version })))
}

/// `GET /api/games/{id}`: the game as this user may see it; anyone, logged in or not, may
/// watch (as a spectator, without the hidden tiles like everyone).
pub async fn get_game(
    State(app): State<AppState>,
    Path(id): Path<String>,
    MaybeUser(user): MaybeUser,
    headers: HeaderMap,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id).await?;
    let lang = lang_of(&headers);
    let (snapshot, log, actions) = {
        let mut state = live.lock().await;
        let end = state.history().len();
        let actions: Vec<Action> = state.history().iter().map(|e| e.action).collect();
        (live.snapshot(), state.log_lines(lang, 0, end), actions)
    };
    let viewer = user.and_then(|user| snapshot.seat_of(&user.id));
    Ok(Json(presenter::game_state(
        &snapshot, viewer, log, actions, lang,
    )))
}

/// The replay frame of a finished game.
///
/// # Errors
/// 404 for an unknown game or step, 409 while the game is not finished.
pub async fn frame(
    app: &AppState,
    id: &str,
    step: usize,
    (lang, table): (Lang, ReplayTable),
) -> AppResult<(serde_json::Value, String, usize)> {
    let live = find(app, id).await?;
    let mut state = live.lock().await;
    if state.status != GameStatus::Finished {
        return Err(AppError::conflict("replay-needs-finished"));
    }
    let total = state.history().len();
    if step > total {
        return Err(AppError::not_found("no-such-step")
            .with("step", step)
            .with("total", total));
    }
    let log = (state.log_lines(lang, 0, step), state.story(lang, step));
    let game = state.game_at(step);
    drop(state);
    let (json, html) = presenter::replay_frame(&live.snapshot(), &game, step, log, (lang, table));
    Ok((json, html, total))
}

/// A replay frame's query: `?layout=narrow` for a phone's table (`wide` by default), or
/// `?format=text` for the text mode's table (its `html`), as the person asking sees it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayQuery {
    #[serde(default)]
    layout: Layout,
    #[serde(default)]
    format: UpdateFormat,
}

/// `GET /api/games/{id}/replay/{step}`.
pub async fn get_replay(
    State(app): State<AppState>,
    Path((id, step)): Path<(String, usize)>,
    query: Result<Query<ReplayQuery>, QueryRejection>,
    headers: HeaderMap,
    MaybeUser(user): MaybeUser,
) -> AppResult<Response> {
    let Query(query) = query?;
    let table = match query.format {
        UpdateFormat::Text => {
            let viewer = match &user {
                Some(user) => find(&app, &id).await?.snapshot().seat_of(&user.id),
                None => None,
            };
            ReplayTable::Text(viewer)
        }
        UpdateFormat::Json | UpdateFormat::JsonChanges | UpdateFormat::Html => {
            ReplayTable::Board(query.layout)
        }
    };
    let (json, _, _) = frame(&app, &id, step, (lang_of(&headers), table)).await?;
    Ok(Json(json).into_response())
}
