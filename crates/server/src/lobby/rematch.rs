//! "Play again with the same players": from the end screen of a finished game, a player opens
//! the next game with the same options, time control, rating and bots, every other person's seat
//! reserved for them (a bot account's kept for it, to accept or decline); the others, asking in
//! turn, get the invitation to their own seat. However
//! many ask at once, on any nodes, there is one next game.

use axum::extract::{Path, State};
use axum::Json;
use helvetia_engine::{GameOptions, RulesRevision};
use serde_json::json;

use crate::accounts::auth::User;
use crate::accounts::limits;
use crate::domain::clock::Clock;
use crate::domain::game_state::{GameState, Refusal};
use crate::domain::seats::{GameStatus, Occupant, SeatRecord};
use crate::domain::time::now;
use crate::domain::tokens::random_seed;
use crate::domain::tokens::random_token;
use crate::http::error::{AppError, AppResult};
use crate::live::cache::find;
use crate::live::error::LiveError;
use crate::live::write_path;
use crate::state::AppState;
use crate::storage::{GameRecordRow, GameSettings, StoreError};

/// `POST /api/games/{id}/rematch` → `{"id": next, "invite": token or null, "created": bool,
/// "full": bool}` (full: created with bots only beside the asking player, so it can start now).
pub async fn rematch(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id).await?;
    let (next, seat) = {
        let state = live.lock().await;
        if state.status != GameStatus::Finished {
            return Err(AppError::conflict("not-over"));
        }
        let seat = state.seat_of(&user.id).ok_or(Refusal::NotSeated)?;
        (next_game(&state, &user, seat.0), seat)
    };
    let full = next.seats.iter().all(|seat| !seat.occupant.is_free());
    let state = GameState::from_record(next.clone()).map_err(AppError::internal)?;
    let cap = limits::open_games(&app, &user.id);
    let stored = app.store.create_rematch(&id, &next, &cap);
    let (next_id, created) = match write_path::create(&app, &next.id, state, stored).await {
        Ok(_) => (next.id, true),
        Err(LiveError::Store(StoreError::Conflict)) => {
            let existing = app.store.rematch_of(&id).await?;
            (existing.ok_or(StoreError::Conflict)?, false)
        }
        Err(error) => return Err(error.into()),
    };
    let invite = if created {
        None
    } else {
        let record = app
            .store
            .load_game(&next_id)
            .await?
            .ok_or_else(AppError::no_game)?;
        match &record.seats.get(seat.index()).map(|s| &s.occupant) {
            Some(Occupant::Invite { token }) => Some(token.clone()),
            _ => None,
        }
    };
    Ok(Json(
        json!({ "id": next_id, "invite": invite, "created": created, "full": created && full }),
    ))
}

/// The next game after `state`, created by `user` in `their_seat`: the same options under the
/// current rules, the same bots, every other person's seat reserved by an invitation, and a
/// bot account's seat kept for it (its program hears of it and answers as to any invitation).
fn next_game(state: &GameState, user: &User, their_seat: u8) -> GameRecordRow {
    let options = GameOptions {
        rules: RulesRevision::CURRENT,
        ..state.options
    };
    let seats = state
        .seats
        .iter()
        .map(|seat| {
            let occupant = match &seat.occupant {
                _ if seat.seat == their_seat => Occupant::Human {
                    user_id: user.id.clone(),
                    username: user.name.clone(),
                    invite: None,
                },
                Occupant::Bot { level } => Occupant::Bot { level: *level },
                Occupant::Human {
                    user_id, username, ..
                } if seat.bot_account => Occupant::InvitedBot {
                    user_id: user_id.clone(),
                    username: username.clone(),
                },
                _ => Occupant::Invite {
                    token: random_token(),
                },
            };
            SeatRecord::new(seat.seat, occupant)
        })
        .collect();
    GameRecordRow {
        id: random_token()[..12].to_string(),
        creator_id: user.id.clone(),
        options,
        seed: random_seed(),
        status: GameStatus::Open,
        created_at: now(),
        version: 0,
        seats,
        actions: Vec::new(),
        clock: state
            .clock
            .as_ref()
            .map(|clock| Clock::new(clock.control, options.players)),
        // The same choices (with the same bots in the same seats, hints still concern one
        // person against bots), but a rematch is never a tutorial.
        settings: GameSettings {
            tutorial: false,
            ..state.settings
        },
        rating_changes: Vec::new(),
        ended_by_resignation: false,
    }
}
