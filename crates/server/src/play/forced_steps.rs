//! Forced steps played for people: when the person to move has exactly one legal action (and it
//! does not give up coins, see `helvetia_engine::forced_step`, nor end a turn they have begun,
//! see [`crate::domain::game_state::GameState::forced_step`]), the server plays it for them
//! after a short pause, so that they see what happened, unless their account turned it off.
//!
//! It takes the bots' path: the game's bot task plays it under the bot lease, through
//! [`write_path::submit`] guarded by the version it saw, so a step is committed once whichever
//! node sees it. The games row says whether a forced step waits (written with the action that
//! led to it), so that a node that took a lease over finds it without replaying the log. The
//! setting lives with the account and is read when the step is played: the database holds
//! the truth. An undo takes a forced step back together with the decision before it
//! ([`crate::domain::game_state::GameState::undoable`]), so it is not played again at once.
//!
//! Also here: the setting's routes, `GET`/`POST /api/settings/forced-steps`.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::Json;
use helvetia_engine::{Action, Seat};
use serde::Deserialize;
use serde_json::json;

use crate::accounts::auth::User;
use crate::domain::game_state::Choice;
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::live::live_game::LiveGame;
use crate::live::write_path::{self, Actor, Caller};
use crate::state::AppState;

/// How long a forced step stays on the table before it is played: long enough to see it.
pub const PAUSE: Duration = Duration::from_millis(600);

/// Plays the forced step `action` of the person in `seat` (account `user_id`) at `version`, if
/// they want it (the game's bot task calls it once the step waited [`PAUSE`] on the table).
/// Tells whether it was played.
pub async fn play(
    app: &AppState,
    live: &Arc<LiveGame>,
    version: u64,
    (seat, user_id, action): (Seat, String, Action),
) -> bool {
    match app.store.plays_forced_steps(&user_id).await {
        Ok(Some(true)) => {}
        Ok(_) => {
            crate::live::metrics::forced_step_decided("left", app.store.node());
            return false;
        }
        Err(error) => {
            tracing::warn!(game = %live.id, "cannot read the forced-step setting: {error}");
            return false;
        }
    }
    let played = write_path::submit(
        app,
        live,
        Actor::ForcedStep(seat),
        (version, Choice::Action(action)),
        Caller::MayBeDropped,
    )
    .await;
    match played {
        Ok(_) => {
            crate::live::metrics::forced_step_decided("played", app.store.node());
            true
        }
        Err(error) => {
            // The person played it first, or undid, or the game moved on another node.
            tracing::debug!(game = %live.id, "forced step not played: {error}");
            false
        }
    }
}

/// Body of `POST /api/settings/forced-steps`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForcedStepsBody {
    /// Whether forced steps are played for the account.
    play_forced_steps: bool,
}

/// `GET /api/settings/forced-steps`.
pub async fn get(State(app): State<AppState>, user: User) -> AppResult<Json<serde_json::Value>> {
    let on = app
        .store
        .plays_forced_steps(&user.id)
        .await?
        .ok_or_else(|| AppError::unauthorized("account-gone"))?;
    Ok(Json(json!({ "play_forced_steps": on })))
}

/// `POST /api/settings/forced-steps`: stores the setting; the games of the account find it at
/// their next forced step (and the bot watcher within a second for one waiting now).
pub async fn save(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<ForcedStepsBody>,
) -> AppResult<Json<serde_json::Value>> {
    app.store
        .set_plays_forced_steps(&user.id, body.play_forced_steps)
        .await?;
    Ok(Json(json!({ "play_forced_steps": body.play_forced_steps })))
}
