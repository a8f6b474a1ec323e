//! Per-account limits, so that one account cannot flood the lobby or the bots: at most
//! `--max-open-games` games waiting for players, and `--max-bot-games` running games with bots
//! (bot searches are also shared fairly between accounts: `search_slots.rs`). The store checks
//! a cap in the transaction that would go past it; beyond it the answer is `429` saying what
//! to do.

use crate::state::AppState;
use crate::storage::{AccountCap, CapKind};

/// The cap on games `user_id` may have waiting for players.
pub fn open_games(app: &AppState, user_id: &str) -> AccountCap {
    AccountCap {
        user_id: user_id.to_string(),
        kind: CapKind::OpenGames,
        limit: app.config.max_open_games,
    }
}

/// The cap on running games with bots `user_id` may have.
pub fn bot_games(app: &AppState, user_id: &str) -> AccountCap {
    AccountCap {
        user_id: user_id.to_string(),
        kind: CapKind::BotGames,
        limit: app.config.max_bot_games,
    }
}
