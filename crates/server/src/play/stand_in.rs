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
use serde_json::json;

use crate::accounts::auth::User;
use crate::domain::clock::now_ms;
use crate::domain::game_state::{StandInChange, Vote};
use crate::http::error::AppResult;
use crate::live::announce::ChangeKind;
use crate::live::cache::find;
use crate::live::follow::{lock_fresh, reload};
use crate::live::held_game::HeldGame;
use crate::live::live_game::LiveGame;
use crate::live::write_path::commit;
use crate::state::AppState;
use crate::vacations::clocks::bring_up_to_date;

/// Hands the seat whose time ran out to its stand-in, if the database agrees it ran out.
pub async fn run_out(app: &AppState, live: &Arc<LiveGame>) -> AppResult<()> {
    let mut state = live.lock().await;
    if state.stand_in_due(now_ms()).is_none() {
        // This node's copy may be behind: another node may have moved, or handled the deadline.
        reload(app, live, &mut state).await?;
    }
    // A vacation the clock has not learnt of yet (taken a moment ago, or while the node that
    // should have told this game stopped) stops it all the same: a last look before a bot
    // stands in, so that none ever plays for a person on vacation.
    if state.stand_in_due(now_ms()).is_some() {
        bring_up_to_date(app, live, &mut state).await?;
    }
    let Some(change) = state.stand_in_due(now_ms()) else {
        return Ok(());
    };
    let (seat, level) = (
        change.seat,
        change.stand_in.map_or("", |level| level.as_str()),
    );
    store_stand_in(app, live, &mut state, change).await?;
    tracing::info!(game = %live.id, "seat {seat}: time ran out, a {level} bot stands in");
    crate::live::metrics::clock_ran_out(app.store.node());
    Ok(())
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
    let change = match state.try_take_seat_back(&user.id, now_ms()) {
        Ok(change) => change,
        Err(_) => {
            // This node's copy may be behind (a stand-in another node made): decided again on
            // the database's game.
            reload(&app, &live, &mut state).await?;
            state.try_take_seat_back(&user.id, now_ms())?
        }
    };
    let seat = change.seat;
    store_stand_in(&app, &live, &mut state, change).await?;
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
    let Vote { seat, ends } = state.try_vote_to_end(&user.id)?;
    let stored = app
        .store
        .vote_to_end(&live.id, state.version(), seat.0, ends);
    commit(
        &app,
        &live,
        &mut state,
        ChangeKind::Vote,
        stored,
        |state, ()| state.apply_vote(seat, ends),
    )
    .await?;
    Ok(Json(json!({ "ended": ends, "version": state.version() })))
}

/// Commits a stand-in change decided by the domain through the write path.
async fn store_stand_in(
    app: &AppState,
    live: &Arc<LiveGame>,
    state: &mut HeldGame,
    change: StandInChange,
) -> AppResult<()> {
    let StandInChange {
        seat,
        stand_in,
        clock,
    } = change;
    let applied = clock.clone();
    let stored =
        app.store
            .change_stand_in(&live.id, state.version(), seat.0, stand_in, Some(&clock));
    commit(
        app,
        live,
        state,
        ChangeKind::StandIn,
        stored,
        |state, ()| state.apply_stand_in(seat, stand_in, Some(applied)),
    )
    .await?;
    Ok(())
}
