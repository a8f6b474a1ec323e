//! Per-account limits, so that one account cannot flood the lobby or the bots: at most
//! `--max-open-games` games waiting for players, and `--max-bot-games` running games with bots
//! (bot searches are also shared fairly between accounts: `search_slots.rs`). Beyond a limit
//! the answer is `429` saying what to do.

use crate::error::{AppError, AppResult};
use crate::AppState;

/// Refuses a new open game if `user_id` has as many as allowed.
///
/// # Errors
/// 429 at the limit; a database failure.
pub async fn check_open_games(app: &AppState, user_id: &str) -> AppResult<()> {
    let limit = app.config.max_open_games;
    if app.store.open_games_of(user_id).await? >= i64::from(limit) {
        return Err(AppError::too_many(
            format!("you have {limit} games waiting for players; start or cancel one first"),
            60,
        ));
    }
    Ok(())
}

/// Refuses to start another game with bots if `user_id` runs as many as allowed.
///
/// # Errors
/// 429 at the limit; a database failure.
pub async fn check_bot_games(app: &AppState, user_id: &str) -> AppResult<()> {
    let limit = app.config.max_bot_games;
    if app.store.running_bot_games_of(user_id).await? >= i64::from(limit) {
        return Err(AppError::too_many(
            format!("you have {limit} games with bots running; finish one first"),
            60,
        ));
    }
    Ok(())
}
