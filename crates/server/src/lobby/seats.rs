//! Seats before the start: a person takes an open seat or the one an invitation keeps, or
//! gives theirs back (the creator leaving cancels the game); each change of a seat goes through
//! the write path's commit, guarded by the seat's occupant.

use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use serde_json::json;

use super::status::set_status;
use crate::accounts::auth::User;
use crate::domain::game_state::{Leaving, SeatChange};
use crate::domain::seats::GameStatus;
use crate::http::error::{AppResult, JsonBody};
use crate::live::announce::ChangeKind;
use crate::live::cache::find;
use crate::live::follow::lock_fresh;
use crate::live::held_game::HeldGame;
use crate::live::live_game::LiveGame;
use crate::live::write_path::commit;
use crate::state::AppState;

/// Body of `POST /api/games/{id}/join`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct JoinBody {
    seat: Option<u8>,
    invite: Option<String>,
}

/// `POST /api/games/{id}/join`: takes an open seat, or the seat an invitation reserves.
pub async fn join(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
    JsonBody(body): JsonBody<JoinBody>,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id).await?;
    take_seat(&app, &live, &user, &body).await
}

async fn take_seat(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    user: &User,
    body: &JoinBody,
) -> AppResult<Json<serde_json::Value>> {
    let mut state = lock_fresh(app, live).await?;
    let change = state.try_take_seat((&user.id, &user.name), body.seat, body.invite.as_deref())?;
    let seat = change.seat.seat;
    change_seat(app, live, &mut state, change).await?;
    Ok(Json(json!({ "seat": seat })))
}

/// `POST /api/games/{id}/leave`: gives a seat back before the start; the creator leaving
/// cancels the game.
pub async fn leave(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id).await?;
    give_seat_back(&app, &live, &user).await
}

pub(crate) async fn give_seat_back(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    user: &User,
) -> AppResult<Json<serde_json::Value>> {
    let mut state = lock_fresh(app, live).await?;
    match state.try_leave(&user.id)? {
        Leaving::Cancel => {
            set_status(app, live, &mut state, GameStatus::Cancelled).await?;
            drop(state);
            app.games.remove(&live.id);
            Ok(Json(json!({ "cancelled": true })))
        }
        Leaving::Seat(change) => {
            change_seat(app, live, &mut state, change).await?;
            Ok(Json(json!({ "cancelled": false })))
        }
    }
}

/// Commits a seat change decided by the domain through the write path: stored only if the
/// seat still holds the occupant it was decided on; on a conflict the game is reloaded from the
/// database.
pub(super) async fn change_seat(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    state: &mut HeldGame,
    change: SeatChange,
) -> AppResult<()> {
    let (seat, old) = (change.seat.clone(), change.old.clone());
    let stored = app.store.update_seat(&live.id, &seat, &old, change.unrate);
    commit(app, live, state, ChangeKind::Seat, stored, |state, ()| {
        state.apply_seat(change)
    })
    .await?;
    Ok(())
}
