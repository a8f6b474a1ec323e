//! Resigning: a person seated in a running game gives it up (`POST /api/games/{id}/resign`).
//! The domain decides what follows
//! ([`crate::domain::game_state::GameState::try_resign`]); like every change, the resignation
//! is stored with a guarded update before anyone sees it ([`crate::storage::Store::resign`]).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use serde_json::json;

use crate::accounts::auth::User;
use crate::domain::clock::now_ms;
use crate::http::error::AppResult;
use crate::live::announce::ChangeKind;
use crate::live::cache::find;
use crate::live::follow::lock_fresh;
use crate::live::held_game::HeldGame;
use crate::live::live_game::LiveGame;
use crate::live::write_path::commit;
use crate::state::AppState;
use crate::storage::Resignation;

/// `POST /api/games/{id}/resign`: the asking person resigns from the running game they sit in.
/// Answers whether the game ended and its new version.
pub async fn resign(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id).await?;
    let mut state = lock_fresh(&app, &live).await?;
    let resignation = state.try_resign(&user.id, now_ms())?;
    store(&app, &live, &mut state, &resignation).await?;
    tracing::info!(game = %live.id, "seat {} resigned", resignation.seat);
    Ok(Json(json!({
        "ended": resignation.ends_with_winners.is_some(),
        "version": state.version(),
    })))
}

/// Commits `resignation` through the write path (the workers then move the bot if it is its
/// turn, and rate a rated game that ended). On a conflict the game is reloaded and nothing
/// changes.
async fn store(
    app: &AppState,
    live: &Arc<LiveGame>,
    state: &mut HeldGame,
    resignation: &Resignation,
) -> AppResult<()> {
    let stored = app.store.resign(&live.id, state.version(), resignation);
    commit(
        app,
        live,
        state,
        ChangeKind::Resignation,
        stored,
        |state, ()| state.apply_resignation(resignation),
    )
    .await?;
    Ok(())
}
