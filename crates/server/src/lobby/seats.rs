//! Seats before the start: a person takes an open seat or the one an invitation keeps, or
//! gives theirs back (the creator leaving cancels the game); each change of a seat goes through
//! the write path's commit, guarded by the seat's occupant.

use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use serde_json::json;

use super::status::set_status;
use crate::accounts::auth::User;
use crate::domain::game_state::GameState;
use crate::domain::seats::{GameStatus, Occupant, SeatRecord};
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::live::cache::{find, lock_fresh, LiveGame};
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
    if state.status != GameStatus::Open {
        return Err(AppError::conflict("already-started"));
    }
    if state.seat_of(&user.id).is_some() {
        return Err(AppError::conflict("already-seated"));
    }
    let fits = |s: &&SeatRecord| match (&s.occupant, &body.invite) {
        (Occupant::Invite { token }, Some(invite)) => token == invite,
        (Occupant::Open, None) => true,
        _ => false,
    };
    let chosen = match body.seat {
        Some(n) => state.seats.iter().find(|s| s.seat == n).filter(fits),
        None => state.seats.iter().find(fits),
    };
    let Some(chosen) = chosen else {
        return Err(match (&body.invite, body.seat) {
            (Some(_), _) => AppError::forbidden("invitation-invalid"),
            (None, Some(n)) => AppError::conflict("seat-not-open").with("n", u32::from(n) + 1),
            (None, None) => AppError::conflict("no-open-seat"),
        });
    };
    let old = chosen.occupant.clone();
    let seat = chosen.seat;
    let taken = SeatRecord::new(
        chosen.seat,
        Occupant::Human {
            user_id: user.id.clone(),
            username: user.name.clone(),
            invite: body.invite.clone(),
        },
    );
    change_seat(app, live, &mut state, taken, &old).await?;
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
    if state.status != GameStatus::Open {
        return Err(AppError::conflict("cannot-leave-started"));
    }
    if state.creator_id == user.id {
        set_status(app, live, &mut state, GameStatus::Cancelled).await?;
        drop(state);
        app.games.remove(&live.id);
        return Ok(Json(json!({ "cancelled": true })));
    }
    let seat = state
        .seat_of(&user.id)
        .ok_or_else(|| AppError::conflict("not-seated"))?;
    let old = state.seats[seat.index()].occupant.clone();
    let freed = SeatRecord::new(
        seat.0,
        match &old {
            Occupant::Human {
                invite: Some(token),
                ..
            } => Occupant::Invite {
                token: token.clone(),
            },
            _ => Occupant::Open,
        },
    );
    change_seat(app, live, &mut state, freed, &old).await?;
    Ok(Json(json!({ "cancelled": false })))
}

/// Commits a seat's new occupant through the write path if the seat still holds `old`; on a
/// conflict the game is reloaded from the database.
pub(super) async fn change_seat(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    state: &mut GameState,
    seat: SeatRecord,
    old: &Occupant,
) -> AppResult<()> {
    let unrate = state.rated && !old.keeps_rating_when_it_becomes(&seat.occupant);
    let stored = app.store.update_seat(&live.id, &seat, old, unrate);
    let index = usize::from(seat.seat);
    let seated = seat.clone();
    commit(app, live, state, stored, |state, ()| {
        state.seats[index] = seated;
        state.rated &= !unrate;
    })
    .await?;
    Ok(())
}
