//! A change another node made, followed here: whenever a cached game may be behind the
//! database (a notice from another node, a refused write, a decision that must be taken on the
//! database's state), it is brought up to date from the database, never the other way round,
//! and announced as any change is ([`announce`]), once.

use std::sync::Arc;

use super::announce::{announce, Announcement};
use super::cache::{damaged, unreadable};
use super::error::{LiveError, LiveResult};
use super::held_game::HeldGame;
use super::live_game::LiveGame;
use super::Node;
use crate::domain::game_state::{Choice, GameState};
use crate::domain::seats::GameStatus;

/// Rebuilds `state` from the database (the truth) and announces it, if it changed.
///
/// # Errors
/// The database failed or the game's record is damaged; `state` is unchanged.
pub async fn reload(node: &Node, live: &Arc<LiveGame>, state: &mut HeldGame) -> LiveResult<()> {
    let record = node
        .store
        .load_game(&live.id)
        .await
        .map_err(|e| unreadable(&live.id, e))?
        .ok_or(LiveError::NoGame)?;
    let stored = GameState::from_record(record).map_err(|error| damaged(&live.id, &error))?;
    if stored.stores_the_same_as(state) {
        // Nothing happened meanwhile: nothing to announce.
        return Ok(());
    }
    // Whoever read the game's log still reads it (`replace`): the reloaded game tells its story
    // in their languages at once, not only after their next page load.
    state.replace(stored);
    announce(node, live, state, Announcement::Followed);
    Ok(())
}

/// The writer's lock on `live` with its state read again from the database: for the changes
/// any node may make (seats, the start, resignations, votes), decided on the database's state,
/// not on a notice still on its way from another node.
///
/// On SQLite there is one node, and every change to a held game goes through its write path,
/// so the held state is the database's: it is not read again. In the closed loop that read
/// (three statements, each a round trip to SQLite's one connection, at a seat change and at the
/// start) was a fifth of the statements that games starting and ending send.
///
/// # Errors
/// The game is gone or unreadable.
pub async fn lock_fresh<'a>(
    node: &Node,
    live: &'a Arc<LiveGame>,
) -> LiveResult<tokio::sync::MutexGuard<'a, HeldGame>> {
    let mut state = live.lock().await;
    if node.store.is_postgres() {
        reload(node, live, &mut state).await?;
    }
    Ok(state)
}

/// Brings a cached game up to the database's `version` (unknown: check) in the background, as
/// [`catch_up`] does; a game found up to date (another request caught it up first, announced
/// then) is left alone.
pub fn refresh_later(node: &Node, live: Arc<LiveGame>, version: Option<u64>) {
    let node = node.clone();
    tokio::spawn(async move {
        let mut state = live.lock().await;
        let behind = match version {
            Some(version) if version > 0 => state.version() < version,
            _ => true,
        };
        if !behind {
            return;
        }
        let before = (state.version(), state.status);
        let caught_up = catch_up(&node, &live, &mut state).await;
        let after = state.version();
        tracing::debug!(game = %live.id, "refreshed for {version:?}: {before:?} -> {after}");
        if let Err(error) = caught_up {
            tracing::warn!(game = %live.id, "cannot refresh: {error}");
            drop(state);
            node.games.remove(&live.id);
        }
    });
}

/// Brings `state` up to the database's and announces it: a running game whose version is the
/// database's is left as it is (nothing announced), pure appends are applied, anything else
/// (an undo, seats, status) reloads.
///
/// # Errors
/// The database failed or the game's record is damaged.
pub async fn catch_up(node: &Node, live: &Arc<LiveGame>, state: &mut HeldGame) -> LiveResult<()> {
    if state.status == GameStatus::Running {
        let from = state.history().len() as u64;
        let (version, clock, actions) = node.store.catch_up(&live.id, from).await?;
        if version == state.version() {
            return Ok(());
        }
        if version == state.version() + actions.len() as u64
            && actions
                .iter()
                .zip(from..)
                .all(|((idx, ..), want)| *idx == want)
        {
            for (_, seat, action) in actions {
                let change = state
                    .try_action(
                        Some(helvetia_engine::Seat(seat)),
                        state.version(),
                        Choice::Action(action),
                    )
                    .map_err(|refusal| damaged(&live.id, &refusal))?;
                state.apply(change);
            }
            // The clock as the writing node stored it, not as this node would have timed it.
            state.clock = clock;
            announce(node, live, state, Announcement::Followed);
            return Ok(());
        }
    }
    reload(node, live, state).await
}
