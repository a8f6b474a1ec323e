//! Playing: submit an action or take one back, durably, and the HTTP routes for game state and
//! replays. The WebSocket and the bots use the same two operations.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use helvetia_engine::{Action, Seat};
use serde::Deserialize;
use serde_json::json;

use crate::auth::User;
use crate::error::{AppError, AppResult, JsonBody};
use crate::live::{LiveGame, Refusal};
use crate::model::GameStatus;
use crate::pages::lang_of;
use crate::render::Lang;
use crate::{bots, outbound, AppState};

/// What a player chose: an action, or its index in their current legal list.
#[derive(Clone, Copy, Debug)]
pub enum Choice {
    /// The action itself.
    Action(Action),
    /// Index into the legal actions.
    Index(usize),
}

/// The game with this id.
///
/// # Errors
/// 404 if there is none.
pub fn find(app: &AppState, id: &str) -> AppResult<Arc<LiveGame>> {
    app.hub.get(id).ok_or_else(AppError::no_game)
}

/// Plays `choice` for `seat` if the game is at `version`; answers after the action is committed.
/// Returns the new version.
///
/// # Errors
/// Not seated, not their turn, a stale version, an illegal action or index (nothing changes),
/// or a storage failure (nothing is applied).
pub async fn submit(
    app: &AppState,
    live: &Arc<LiveGame>,
    seat: Option<Seat>,
    version: u64,
    choice: Choice,
) -> AppResult<u64> {
    let mut state = live.state.lock().await;
    let action = match choice {
        Choice::Action(action) => action,
        Choice::Index(index) => {
            state.check_turn(seat, version)?;
            let legal = state.legal_for(seat);
            *legal.get(index).ok_or_else(|| {
                AppError::from(Refusal::Illegal(format!(
                    "no legal action number {index}; there are {}",
                    legal.len()
                )))
            })?
        }
    };
    let seat = seat.ok_or(Refusal::NotSeated)?;
    let finished = state.check_action(Some(seat), version, action)?;
    app.store
        .append_action(&live.id, version, seat.0, &action, finished)
        .await?;
    state.push(action).map_err(AppError::internal)?;
    let revision = state.revision;
    let bot_next = state.to_move().is_some_and(|s| state.is_bot(s));
    drop(state);
    live.notify(revision);
    if bot_next {
        bots::wake(app, live);
    }
    Ok(version + 1)
}

/// Takes back the last action of `seat`'s current turn if the game is at `version`; answers after
/// the removal is committed. Returns the new version.
///
/// # Errors
/// Not their turn, a stale version, nothing of the current turn left, or a storage failure.
pub async fn undo(
    app: &AppState,
    live: &Arc<LiveGame>,
    seat: Option<Seat>,
    version: u64,
) -> AppResult<u64> {
    let mut state = live.state.lock().await;
    state.check_undo(seat, version)?;
    app.store.remove_last_action(&live.id, version - 1).await?;
    state.pop();
    let revision = state.revision;
    drop(state);
    live.notify(revision);
    Ok(version - 1)
}

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
            _ => Err(AppError::bad_request(
                "send exactly one of \"action\" and \"index\"",
            )),
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
    let live = find(&app, &id)?;
    let choice = body.choice()?;
    let seat = live.state.lock().await.seat_of(&user.id);
    let version = submit(&app, &live, seat, body.version, choice).await?;
    Ok(Json(json!({ "version": version })))
}

/// `POST /api/games/{id}/undo`.
pub async fn post_undo(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
    JsonBody(body): JsonBody<UndoBody>,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id)?;
    let seat = live.state.lock().await.seat_of(&user.id);
    let version = undo(&app, &live, seat, body.version).await?;
    Ok(Json(json!({ "version": version })))
}

/// `GET /api/games/{id}`: the game as this user may see it.
pub async fn get_game(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
    headers: HeaderMap,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id)?;
    let state = live.state.lock().await;
    if state.status == GameStatus::Cancelled {
        return Err(AppError::no_game());
    }
    let viewer = state.seat_of(&user.id);
    Ok(Json(outbound::game_state(
        &live,
        &state,
        viewer,
        lang_of(&headers),
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
    lang: Lang,
) -> AppResult<(serde_json::Value, String, usize)> {
    let live = find(app, id)?;
    let state = live.state.lock().await;
    if state.status != GameStatus::Finished {
        return Err(AppError::conflict("only finished games can be replayed"));
    }
    let total = state.history().len();
    if step > total {
        return Err(AppError::not_found(format!(
            "no step {step}: the game has {total} actions"
        )));
    }
    let (json, html) = outbound::replay_frame(&live, &state, step, lang);
    Ok((json, html, total))
}

/// `GET /api/games/{id}/replay/{step}`.
pub async fn get_replay(
    State(app): State<AppState>,
    Path((id, step)): Path<(String, usize)>,
    headers: HeaderMap,
) -> AppResult<Response> {
    let (json, _, _) = frame(&app, &id, step, lang_of(&headers)).await?;
    Ok(Json(json).into_response())
}
