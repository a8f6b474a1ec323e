//! A node's games in memory: a cache of the database. A game is loaded (replayed from its log)
//! when someone first needs it, kept while it is in use, and dropped after it has been idle.
//! Whenever a cached game may disagree with the database (a refused write, a notice from another
//! node), it is brought up to date from the database, never the other way round
//! ([`super::follow`]).

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, RwLock};

use super::announce::{announce, Announcement};
use super::error::{LiveError, LiveResult};
use super::live_game::LiveGame;
use super::Node;
use crate::domain::game_state::GameState;
use crate::domain::seats::GameStatus;
use crate::storage::StoreError;

/// Every game this node holds, by id.
#[derive(Default)]
pub struct GameCache {
    games: RwLock<HashMap<String, Arc<LiveGame>>>,
}

impl GameCache {
    /// The game with this id, if this node holds it.
    pub fn cached(&self, id: &str) -> Option<Arc<LiveGame>> {
        self.games
            .read()
            .expect("games cache lock")
            .get(id)
            .cloned()
    }

    /// Adds a game unless another task added it first; returns the one held.
    pub(super) fn insert(&self, game: Arc<LiveGame>) -> Arc<LiveGame> {
        self.games
            .write()
            .expect("games cache lock")
            .entry(game.id.to_string())
            .or_insert(game)
            .clone()
    }

    /// Forgets a game.
    pub fn remove(&self, id: &str) {
        self.games.write().expect("games cache lock").remove(id);
    }

    /// All games held.
    pub fn all(&self) -> Vec<Arc<LiveGame>> {
        self.games
            .read()
            .expect("games cache lock")
            .values()
            .cloned()
            .collect()
    }

    /// Number of games held.
    pub fn len(&self) -> usize {
        self.games.read().expect("games cache lock").len()
    }

    /// Whether no game is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops games unused since `idle_since` that nobody holds (no viewer, request or bot);
    /// returns how many. Decided under the cache's write lock, so nobody can pick such a game up
    /// meanwhile: the next request loads it afresh from the database.
    pub fn evict_idle(&self, idle_since: i64) -> usize {
        let mut games = self.games.write().expect("games cache lock");
        let before = games.len();
        games.retain(|_, live| {
            Arc::strong_count(live) > 1 || live.last_used.load(Ordering::Relaxed) >= idle_since
        });
        before - games.len()
    }
}

/// The game with this id: held, or loaded from the database now (the workers hear of a game
/// loaded with a bot to move).
///
/// # Errors
/// [`LiveError::NoGame`] if there is none (or it was cancelled); [`LiveError::Damaged`] if its
/// stored record is damaged (logged, and set aside: every other game is served as before).
pub async fn find(node: &Node, id: &str) -> LiveResult<Arc<LiveGame>> {
    if let Some(live) = node.games.cached(id) {
        if live.snapshot().status == GameStatus::Cancelled {
            return Err(LiveError::NoGame);
        }
        return Ok(live);
    }
    let record = node
        .store
        .load_game(id)
        .await
        .map_err(|e| unreadable(id, e))?;
    let Some(record) = record else {
        return Err(LiveError::NoGame);
    };
    if record.status == GameStatus::Cancelled {
        return Err(LiveError::NoGame);
    }
    let state = GameState::from_record(record).map_err(|error| damaged(id, &error))?;
    Ok(hold(node, id, state).await)
}

/// Holds the game `id`, just stored or read, as `state` in this node's cache and announces it
/// (its bot may have a move to make): the one way a game enters the cache. Should another
/// request have put it there first, that one is kept, announced already.
pub(super) async fn hold(node: &Node, id: &str, state: GameState) -> Arc<LiveGame> {
    let ours = Arc::new(LiveGame::new(id, state));
    let live = node.games.insert(ours.clone());
    if Arc::ptr_eq(&live, &ours) {
        let state = live.lock().await;
        announce(node, &live, &state, Announcement::Held);
    }
    live
}

/// A game that could not be read: damaged if its rows do not parse, else the database failed.
pub(super) fn unreadable(id: &str, error: StoreError) -> LiveError {
    match error {
        StoreError::Database(sqlx::Error::Decode(_) | sqlx::Error::ColumnDecode { .. }) => {
            damaged(id, &error)
        }
        other => other.into(),
    }
}

pub(super) fn damaged(id: &str, error: &dyn std::fmt::Display) -> LiveError {
    tracing::error!(game = id, "stored game is damaged and set aside: {error}");
    LiveError::Damaged
}
