//! A bot account's answer to its invitation to a seat: accepting seats it as a person would
//! be seated; declining opens the seat to anyone. Both are seat changes of an open game, made
//! as every seat change is (see [`super::seats`]).

use axum::Json;
use serde_json::json;

use super::seats::change_seat;
use crate::accounts::auth::User;
use crate::domain::game_state::SeatChange;
use crate::domain::seats::{GameStatus, Occupant, SeatRecord};
use crate::http::error::{AppError, AppResult};
use crate::live::follow::lock_fresh;
use crate::live::live_game::LiveGame;
use crate::state::AppState;

/// What the bot answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// It takes the seat kept for it.
    Accept,
    /// It does not: the seat opens.
    Decline,
}

/// Answers `bot`'s invitation to a seat of `live`.
///
/// # Errors
/// 404 `no-invitation` when no seat of an open game is kept for `bot` (never invited, already
/// answered, or the game was cancelled: a game starts only with every seat taken).
pub async fn answer(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    bot: &User,
    answer: Answer,
) -> AppResult<Json<serde_json::Value>> {
    let mut state = lock_fresh(app, live).await?;
    let kept = state.seats.iter().find(
        |seat| matches!(&seat.occupant, Occupant::InvitedBot { user_id, .. } if *user_id == bot.id),
    );
    let Some(kept) = kept.filter(|_| state.status == GameStatus::Open) else {
        return Err(AppError::not_found("no-invitation"));
    };
    let seat = kept.seat;
    let occupant = match answer {
        Answer::Accept => Occupant::Human {
            user_id: bot.id.clone(),
            username: bot.name.clone(),
            invite: None,
        },
        Answer::Decline => Occupant::Open,
    };
    let mut answered = SeatRecord::new(seat, occupant);
    answered.bot_account = answer == Answer::Accept;
    let change = SeatChange::of(&state, answered);
    change_seat(app, live, &mut state, change).await?;
    Ok(Json(match answer {
        Answer::Accept => json!({ "seat": seat }),
        Answer::Decline => json!({ "declined": true }),
    }))
}
