//! A node's games in memory: a cache of the database. A game is loaded (replayed from its log)
//! when someone first needs it, kept while it is in use, and dropped after it has been idle.
//! Whenever a cached game may disagree with the database (a refused write, a notice from another
//! node), it is brought up to date from the database, never the other way round.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use tokio::sync::{broadcast, watch, Mutex, MutexGuard};

use super::error::{LiveError, LiveResult};
use super::held_game::HeldGame;
use super::Node;
use crate::domain::game_state::{Choice, GameState};
use crate::domain::seats::GameStatus;
use crate::domain::time::now;
use crate::live::snapshot::Snapshot;
use crate::live::view_json::ViewJson;
use crate::storage::{ChatLine, StoreError};
use helvetia_web::{Lang, TableCache};

/// Chat lines a slow viewer may fall behind by before it misses some (it can reload them).
const CHAT_BACKLOG: usize = 64;

/// A game held in memory: its state behind the writer's lock, and the latest snapshot that
/// viewers watch.
pub struct LiveGame {
    /// The game id.
    pub id: Arc<str>,
    /// The state; held across the durable write of each change, so writes to one game are
    /// serial on this node (and guarded by the stored version across nodes).
    state: Mutex<HeldGame>,
    snapshots: watch::Sender<Arc<Snapshot>>,
    revision: AtomicU64,
    /// Open WebSocket connections per seat (index 4: spectators).
    connections: [AtomicU32; 5],
    last_used: AtomicI64,
    /// Panels of earlier tables (villages, display, market, status), reused while they look
    /// the same.
    pub panels: Arc<TableCache>,
    /// The villages of the last view written as JSON, reused while they are the same.
    view_json: Arc<ViewJson>,
    /// New chat lines, to every viewer on this node.
    pub chat: broadcast::Sender<Arc<ChatLine>>,
}

impl LiveGame {
    /// Wraps a state.
    pub fn new(id: &str, state: GameState) -> LiveGame {
        let id: Arc<str> = id.into();
        let state = HeldGame::new(state);
        let view_json = Arc::new(ViewJson::default());
        let snapshot = Snapshot::of(id.clone(), &state, (0, None), [false; 4], view_json.clone());
        LiveGame {
            id,
            state: Mutex::new(state),
            snapshots: watch::channel(Arc::new(snapshot)).0,
            revision: AtomicU64::new(0),
            connections: Default::default(),
            last_used: AtomicI64::new(now()),
            panels: Arc::default(),
            view_json,
            chat: broadcast::channel(CHAT_BACKLOG).0,
        }
    }

    /// The writer's lock.
    pub async fn lock(&self) -> MutexGuard<'_, HeldGame> {
        self.touch();
        self.state.lock().await
    }

    /// Publishes the snapshot of `state` (taken under the writer's lock) to every viewer.
    pub(super) fn publish(&self, state: &HeldGame) {
        let revision = self.revision.fetch_add(1, Ordering::Relaxed) + 1;
        let last = self.snapshots.borrow().clone();
        let snapshot = Snapshot::of(
            self.id.clone(),
            state,
            (revision, Some(&last)),
            self.connected(),
            self.view_json.clone(),
        );
        self.snapshots.send_replace(Arc::new(snapshot));
    }

    /// The latest snapshot.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.touch();
        self.snapshots.borrow().clone()
    }

    /// A receiver that wakes on every new snapshot.
    pub fn subscribe(&self) -> watch::Receiver<Arc<Snapshot>> {
        self.snapshots.subscribe()
    }

    fn touch(&self) {
        self.last_used.store(now(), Ordering::Relaxed);
    }

    fn slot(seat: Option<helvetia_engine::Seat>) -> usize {
        seat.map_or(4, |s| s.index().min(3))
    }

    /// Counts a viewer in (`seat` None: a spectator); tells whether the seat was not shown
    /// connected before.
    pub fn connect(&self, seat: Option<helvetia_engine::Seat>) -> bool {
        let before = self.connections[Self::slot(seat)].fetch_add(1, Ordering::Relaxed);
        seat.is_some() && before == 0
    }

    /// Counts a viewer out; tells whether the seat is now shown as away.
    pub fn disconnect(&self, seat: Option<helvetia_engine::Seat>) -> bool {
        let before = self.connections[Self::slot(seat)].fetch_sub(1, Ordering::Relaxed);
        seat.is_some() && before == 1
    }

    /// Viewers connected to this game on this node.
    pub fn viewers(&self) -> u32 {
        self.connections
            .iter()
            .map(|c| c.load(Ordering::Relaxed))
            .sum()
    }

    fn connected(&self) -> [bool; 4] {
        std::array::from_fn(|i| self.connections[i].load(Ordering::Relaxed) > 0)
    }

    /// Publishes a snapshot with the seats' presence as it is now.
    pub async fn republish(&self) {
        let state = self.state.lock().await;
        self.publish(&state);
    }

    /// Makes sure snapshots carry the log in `lang`.
    pub async fn read_in(&self, lang: Lang) {
        if self.snapshots.borrow().reads_in(lang) {
            return;
        }
        let mut state = self.state.lock().await;
        if state.read_in(lang) {
            self.publish(&state);
        }
    }
}

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

/// Holds the game `id`, just stored or read, as `state` in this node's cache and tells the
/// workers (its bot may have a move to make): the one way a game enters the cache. Should
/// another request have put it there first, that one is kept.
pub(super) async fn hold(node: &Node, id: &str, state: GameState) -> Arc<LiveGame> {
    let live = node.games.insert(Arc::new(LiveGame::new(id, state)));
    let state = live.lock().await;
    node.events.loaded(&live, &state);
    drop(state);
    live
}

/// A game that could not be read: damaged if its rows do not parse, else the database failed.
fn unreadable(id: &str, error: StoreError) -> LiveError {
    match error {
        StoreError::Database(sqlx::Error::Decode(_) | sqlx::Error::ColumnDecode { .. }) => {
            damaged(id, &error)
        }
        other => other.into(),
    }
}

fn damaged(id: &str, error: &dyn std::fmt::Display) -> LiveError {
    tracing::error!(game = id, "stored game is damaged and set aside: {error}");
    LiveError::Damaged
}

/// Rebuilds `state` from the database (the truth) and publishes it.
///
/// # Errors
/// The database failed or the game's record is damaged; `state` is unchanged.
pub async fn reload(node: &Node, live: &LiveGame, state: &mut HeldGame) -> LiveResult<()> {
    let record = node
        .store
        .load_game(&live.id)
        .await
        .map_err(|e| unreadable(&live.id, e))?
        .ok_or(LiveError::NoGame)?;
    // Whoever read the game's log still reads it: the reloaded game tells its story in their
    // languages at once, not only after their next page load.
    state.replace(GameState::from_record(record).map_err(|error| damaged(&live.id, &error))?);
    live.publish(state);
    Ok(())
}

/// The writer's lock on `live` with its state read again from the database: for the changes
/// any node may make (seats, the start, resignations, votes), decided on the database's state,
/// not on a notice still on its way from another node.
///
/// # Errors
/// The game is gone or unreadable.
pub async fn lock_fresh<'a>(
    node: &Node,
    live: &'a LiveGame,
) -> LiveResult<tokio::sync::MutexGuard<'a, HeldGame>> {
    let mut state = live.lock().await;
    reload(node, live, &mut state).await?;
    Ok(state)
}

/// Brings a cached game up to the database's `version` (unknown: check) in the background. Pure
/// appends are caught up action by action; anything else (an undo, seats, status) reloads.
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
            return;
        }
        node.events.loaded(&live, &state);
    });
}

/// Brings `state` up to the database's: a running game whose version is the database's is left
/// as it is (nothing published), pure appends are applied, anything else reloads.
///
/// # Errors
/// The database failed or the game's record is damaged.
pub async fn catch_up(node: &Node, live: &LiveGame, state: &mut HeldGame) -> LiveResult<()> {
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
            live.publish(state);
            return Ok(());
        }
    }
    reload(node, live, state).await
}
