//! Resigning: a person seated in a running game gives it up (`POST /api/games/{id}/resign`).
//!
//! What follows was chosen when the game was created ([`OnResign`]): a bot plays the seat from
//! then on (the same stand-in a seat gets when its clock runs out, but for good), or the game
//! ends at once. Once only one person is left playing, the game ends whatever was chosen: there
//! is nobody left to play against but bots. Whoever resigned ranks last, which a rated game
//! counts as a loss against everyone else. Like every change, the resignation is stored with a
//! guarded update before anyone sees it ([`crate::storage::Store::resign`]).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use helvetia_engine::Seat;
use serde_json::json;

use crate::accounts::auth::User;
use crate::domain::clock::now_ms;
use crate::domain::game_state::{GameState, Refusal};
use crate::domain::seats::{BotLevel, GameStatus, OnResign};
use crate::http::error::{AppError, AppResult};
use crate::live::cache::{find, lock_fresh, LiveGame};
use crate::live::write_path::commit;
use crate::state::AppState;
use crate::storage::Resignation;

/// The bot that plays a resigned seat in a game without a clock (one with a clock uses its
/// stand-in): quick, and good enough to keep the game going for those still playing.
const BOT_FOR_RESIGNED_SEAT: BotLevel = BotLevel::Greedy;

/// `POST /api/games/{id}/resign`: the asking person resigns from the running game they sit in.
/// Answers whether the game ended and its new version.
pub async fn resign(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id).await?;
    let mut state = lock_fresh(&app, &live).await?;
    let seat = state
        .seat_of(&user.id)
        .ok_or_else(|| AppError::from(Refusal::NotSeated))?;
    if state.status != GameStatus::Running {
        return Err(Refusal::NotRunning.into());
    }
    if state.has_resigned(seat) {
        return Err(Refusal::Resigned.into());
    }
    let resignation = work_out(&state, seat);
    store(&app, &live, &mut state, &resignation).await?;
    tracing::info!(game = %live.id, "seat {seat} resigned");
    Ok(Json(json!({
        "ended": resignation.ends_with_winners.is_some(),
        "version": state.version(),
    })))
}

/// What `seat` resigning from `state` (running, `seat` a person who has not resigned) changes.
pub fn work_out(state: &GameState, seat: Seat) -> Resignation {
    let people_left = state
        .seats
        .iter()
        .filter(|s| s.occupant.user_id().is_some() && s.resigned_at.is_none() && s.seat != seat.0)
        .count();
    let ends = state.on_resign == OnResign::End || people_left <= 1;
    let at_step = state.history().len() as u64;
    if ends {
        let mut resignations = state.resignations();
        resignations.seats.push(seat);
        resignations.ended_game = true;
        let winners = resignations
            .standings(state.game().position())
            .iter()
            .filter(|s| s.rank == 1)
            .map(|s| s.seat)
            .collect();
        let clock = state.clock.clone().map(|mut clock| {
            clock.running = None;
            clock
        });
        return Resignation {
            seat,
            at_step,
            stand_in: None,
            clock,
            ends_with_winners: Some(winners),
        };
    }
    let level = state
        .seats
        .get(seat.index())
        .and_then(|s| s.stand_in)
        .or_else(|| state.clock.as_ref().map(|clock| clock.control.stand_in))
        .unwrap_or(BOT_FOR_RESIGNED_SEAT);
    // The seat's turn, if timed, ends: a bot's turns are not timed.
    let to_move = state.to_move();
    let timed = to_move.is_some_and(|decider| decider != seat && !state.is_bot(decider));
    let clock = state
        .clock
        .as_ref()
        .map(|clock| clock.passed_to(to_move, timed, now_ms()));
    Resignation {
        seat,
        at_step,
        stand_in: Some(level),
        clock,
        ends_with_winners: None,
    }
}

/// Commits `resignation` through the write path (the workers then move the bot if it is its
/// turn, and rate a rated game that ended). On a conflict the game is reloaded and nothing
/// changes.
async fn store(
    app: &AppState,
    live: &Arc<LiveGame>,
    state: &mut GameState,
    resignation: &Resignation,
) -> AppResult<()> {
    let stored = app.store.resign(&live.id, state.version(), resignation);
    commit(app, live, state, stored, |state, ()| {
        state.apply_resignation(resignation)
    })
    .await?;
    Ok(())
}
