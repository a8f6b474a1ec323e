//! When a person's clock runs out, a bot stands in: the game goes on, the person is told on the
//! table, and they may take their seat back (`POST /api/games/{id}/return`).
//!
//! Deadlines live in the database, so they survive restarts and every node sees them. Each node
//! looks for due deadlines every second (`crate::workers::deadlines`); the guarded update in
//! [`crate::storage::Store::change_stand_in`] lets exactly one node's stand-in take effect.
//! A person on vacation is never stood in for: their clock stands still, and the vacations
//! get a last look before a stand-in.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use helvetia_engine::Seat;
use serde_json::json;

use crate::accounts::auth::User;
use crate::domain::clock::now_ms;
use crate::domain::game_state::{GameState, Refusal};
use crate::domain::seats::{BotLevel, GameStatus};
use crate::http::error::{AppError, AppResult};
use crate::live::cache::{find, lock_fresh, reload, LiveGame};
use crate::live::write_path::commit;
use crate::state::AppState;
use crate::vacations::clocks::bring_up_to_date;

/// Hands the seat whose time ran out to its stand-in, if the database agrees it ran out.
pub async fn run_out(app: &AppState, live: &Arc<LiveGame>) -> AppResult<()> {
    let mut state = live.lock().await;
    if !is_due(&state) {
        // This node's copy may be behind: another node may have moved, or handled the deadline.
        reload(app, live, &mut state).await?;
        if !is_due(&state) {
            return Ok(());
        }
    }
    // A vacation the clock has not learnt of yet (taken a moment ago, or while the node that
    // should have told this game stopped) stops it all the same: a last look before a bot
    // stands in, so that none ever plays for a person on vacation.
    if bring_up_to_date(app, live, &mut state).await? && !is_due(&state) {
        return Ok(());
    }
    let clock = state.clock.as_ref().expect("a due game has a clock");
    let seat = Seat(clock.running.expect("a due clock runs").seat);
    let level = clock.control.stand_in;
    let after = clock.ran_out();
    store_stand_in(app, live, &mut state, seat, Some(level), after).await?;
    tracing::info!(game = %live.id, "seat {seat}: time ran out, a {} bot stands in", level.as_str());
    crate::live::metrics::clock_ran_out(app.store.node());
    Ok(())
}

fn is_due(state: &GameState) -> bool {
    state.status == GameStatus::Running
        && state
            .clock
            .as_ref()
            .and_then(|clock| clock.deadline_ms())
            .is_some_and(|deadline| deadline <= now_ms())
}

/// `POST /api/games/{id}/return`: a person whose time ran out takes their seat back from the
/// bot standing in; their turn is timed again (with a quarter of the starting bank, at least).
pub async fn take_seat_back(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id).await?;
    let mut state = live.lock().await;
    let seat = state
        .seat_of(&user.id)
        .ok_or_else(|| AppError::from(Refusal::NotSeated))?;
    if !state.is_stood_in(seat) {
        reload(&app, &live, &mut state).await?;
    }
    if state.status != GameStatus::Running {
        return Err(Refusal::NotRunning.into());
    }
    if state.has_resigned(seat) {
        return Err(Refusal::Resigned.into());
    }
    if !state.is_stood_in(seat) {
        return Err(AppError::conflict("already-playing-seat"));
    }
    let decides = state.to_move() == Some(seat);
    let after = state
        .clock
        .as_ref()
        .map(|clock| clock.taken_back(seat, decides, now_ms()));
    let Some(after) = after else {
        return Err(AppError::conflict("no-clock"));
    };
    store_stand_in(&app, &live, &mut state, seat, None, after).await?;
    Ok(Json(json!({ "seat": seat.0, "version": state.version() })))
}

/// `POST /api/games/{id}/end-vote`: a person still playing votes to end the game without a
/// result, once clocks ran out for more than one seat (or for every other person's seat); the
/// last vote of those still playing ends it.
pub async fn vote_to_end(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id).await?;
    let mut state = lock_fresh(&app, &live).await?;
    let seat = state
        .seat_of(&user.id)
        .ok_or_else(|| AppError::from(Refusal::NotSeated))?;
    if !state.may_vote_to_end(seat) {
        return Err(AppError::conflict("end-vote-not-possible"));
    }
    let ends = state.vote_would_end(seat);
    let stored = app
        .store
        .vote_to_end(&live.id, state.version(), seat.0, ends);
    commit(&app, &live, &mut state, stored, |state, ()| {
        state.apply_vote(seat, ends)
    })
    .await?;
    Ok(Json(json!({ "ended": ends, "version": state.version() })))
}

/// Commits a stand-in change through the write path.
async fn store_stand_in(
    app: &AppState,
    live: &Arc<LiveGame>,
    state: &mut GameState,
    seat: Seat,
    stand_in: Option<BotLevel>,
    clock: crate::domain::clock::Clock,
) -> AppResult<()> {
    let applied = clock.clone();
    let stored =
        app.store
            .change_stand_in(&live.id, state.version(), seat.0, stand_in, Some(&clock));
    commit(app, live, state, stored, |state, ()| {
        state.apply_stand_in(seat, stand_in, Some(applied))
    })
    .await?;
    Ok(())
}
