//! The clocks of a person's games learn of their vacations: each game's clock holds its
//! people's times away as the database has them (the deadline column follows from it), written
//! through the one write path as a new version, so every node sees it and the deadline worker
//! scans the moved deadline.
//!
//! Three moments bring a clock up to date: a vacation taken or ended (every running game of
//! that person, [`sync_games_of`], by the request and, should it not finish, by any node's
//! vacations worker), a game's start (its people's vacations, [`clock_at_start`]), and a
//! deadline that fell due (the stand-in waits for a last look, [`bring_up_to_date`]).

use std::sync::Arc;

use crate::domain::clock::{now_ms, Clock};
use crate::domain::seats::{GameStatus, SeatRecord};
use crate::live::announce::ChangeKind;
use crate::live::cache::find;
use crate::live::error::{LiveError, LiveResult};
use crate::live::held_game::HeldGame;
use crate::live::live_game::LiveGame;
use crate::live::write_path::commit;
use crate::state::AppState;

/// How often one game is tried again when another change came first.
const TRIES: usize = 4;

/// The people of `seats`: seat and account.
fn people(seats: &[SeatRecord]) -> Vec<(u8, String)> {
    seats
        .iter()
        .filter_map(|seat| Some((seat.seat, seat.occupant.user_id()?.to_string())))
        .collect()
}

/// `clock` of game `game_id` with `seats`' times away as stored, at `now`.
async fn with_vacations(
    app: &AppState,
    game_id: &str,
    seats: &[SeatRecord],
    clock: &Clock,
    now: i64,
) -> LiveResult<Clock> {
    if !clock.control.is_turn_based() {
        return Ok(clock.clone());
    }
    let since = clock
        .running
        .map_or(now, |running| running.since_ms.min(now));
    let away = app.store.times_away(game_id, &people(seats), since).await?;
    Ok(clock.with_away(&away, now))
}

/// The clock a game starts with (`clock`, its first turn running) once its people's vacations
/// are in it: a game that starts during one waits for its end.
///
/// # Errors
/// Database failure.
pub async fn clock_at_start(
    app: &AppState,
    game_id: &str,
    seats: &[SeatRecord],
    clock: Option<Clock>,
) -> LiveResult<Option<Clock>> {
    match clock {
        Some(clock) => Ok(Some(
            with_vacations(app, game_id, seats, &clock, now_ms()).await?,
        )),
        None => Ok(None),
    }
}

/// Brings the clock of running game `live` (locked as `state`) up to date with its people's
/// vacations: a new version when it changed. Answers whether it did.
///
/// # Errors
/// [`LiveError::ChangedMeanwhile`] when another change came first (the game was reloaded), or a
/// database failure.
pub async fn bring_up_to_date(
    app: &AppState,
    live: &Arc<LiveGame>,
    state: &mut HeldGame,
) -> LiveResult<bool> {
    let Some(clock) = state.clock.clone() else {
        return Ok(false);
    };
    if state.status != GameStatus::Running {
        return Ok(false);
    }
    let after = with_vacations(app, &live.id, &state.seats, &clock, now_ms()).await?;
    if after == clock {
        return Ok(false);
    }
    let applied = after.clone();
    let stored = app.store.change_clock(&live.id, state.version(), &after);
    commit(
        app,
        live,
        state,
        ChangeKind::Vacation,
        stored,
        |state, ()| state.apply_clock(applied),
    )
    .await?;
    Ok(true)
}

/// Brings game `game_id`'s clock up to date, trying again when another change came first.
///
/// # Errors
/// A database failure, or changes that kept coming first.
pub async fn sync_game(app: &AppState, game_id: &str) -> LiveResult<()> {
    let live = match find(app, game_id).await {
        Ok(live) => live,
        // Gone, or set aside as damaged: nothing to keep up to date.
        Err(LiveError::NoGame | LiveError::Damaged) => return Ok(()),
        Err(error) => return Err(error),
    };
    let mut last = Ok(false);
    for _ in 0..TRIES {
        let mut state = live.lock().await;
        last = bring_up_to_date(app, &live, &mut state).await;
        if !matches!(last, Err(LiveError::ChangedMeanwhile)) {
            break;
        }
    }
    last.map(|_| ())
}

/// Brings the clocks of every running game of `user_id` up to date with their vacations, then
/// clears the mark their last change left (unless another change came meanwhile).
///
/// # Errors
/// A database failure or a game that could not be brought up to date: the mark stays, for the
/// vacations worker to try again.
pub async fn sync_games_of(app: &AppState, user_id: &str) -> LiveResult<()> {
    let changes = app.store.vacation_changes_of(user_id).await?;
    for game_id in app.store.running_games_with_clock_of(user_id).await? {
        sync_game(app, &game_id).await?;
    }
    if changes > 0 {
        app.store.vacation_synced(user_id, changes).await?;
    }
    Ok(())
}
