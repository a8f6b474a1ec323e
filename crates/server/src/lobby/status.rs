//! A game's start by its creator, and the change of an open game's status (started or
//! cancelled) through the write path's commit.

use axum::extract::{Path, State};
use axum::Json;
use serde_json::json;

use crate::accounts::auth::User;
use crate::accounts::limits;
use crate::domain::mail_event::{MailEvent, MailKind};
use crate::domain::seats::GameStatus;
use crate::http::error::AppResult;
use crate::live::announce::ChangeKind;
use crate::live::cache::find;
use crate::live::follow::lock_fresh;
use crate::live::held_game::HeldGame;
use crate::live::live_game::LiveGame;
use crate::live::write_path::commit;
use crate::state::AppState;
use crate::vacations::clocks::clock_at_start;

/// `POST /api/games/{id}/start`: the creator starts a game whose seats are all filled.
pub async fn start(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id).await?;
    start_now(&app, &live, &user).await
}

pub(crate) async fn start_now(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    user: &User,
) -> AppResult<Json<serde_json::Value>> {
    let mut state = lock_fresh(app, live).await?;
    state.try_start(&user.id)?;
    set_status(app, live, &mut state, GameStatus::Running).await?;
    let version = state.version();
    drop(state);
    Ok(Json(json!({ "status": "running", "version": version })))
}

/// Moves an open game to `to` (running or cancelled), then shows it; the people seated, but the
/// creator who started it, are told by mail. A game with bots starts only while its creator is
/// under the cap on running bot games. On a conflict the game is reloaded from the database.
pub(super) async fn set_status(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    state: &mut HeldGame,
    to: GameStatus,
) -> AppResult<()> {
    let to_move = (to == GameStatus::Running)
        .then(|| state.game().to_move())
        .flatten();
    let clock = state.clock_passed_to(to_move);
    // A game that starts while one of its people is on vacation waits for their return.
    let clock = match to {
        GameStatus::Running => clock_at_start(app, &live.id, &state.seats, clock).await?,
        _ => clock,
    };
    let started = (to == GameStatus::Running)
        .then(|| MailEvent::to_everyone(MailKind::GameStarted, Some(&state.creator_id)));
    let has_bots = state.seats.iter().any(|seat| seat.occupant.is_bot());
    let cap =
        (to == GameStatus::Running && has_bots).then(|| limits::bot_games(app, &state.creator_id));
    let stored = app.store.set_status(
        &live.id,
        (GameStatus::Open, to),
        to_move,
        clock.as_ref(),
        started.as_ref(),
        cap.as_ref(),
    );
    let clock_after = clock.clone();
    let kind = match to {
        GameStatus::Running => ChangeKind::Start,
        _ => ChangeKind::Cancel,
    };
    commit(app, live, state, kind, stored, |state, ()| {
        state.status = to;
        state.clock = clock_after;
    })
    .await?;
    Ok(())
}
