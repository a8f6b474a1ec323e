//! A node's games in memory: a cache of the database. A game is loaded (replayed from its log)
//! when someone first needs it, kept while it is in use, and dropped after it has been idle.
//! Whenever a cached game may disagree with the database (a refused write, a notice from another
//! node), it is brought up to date from the database, never the other way round.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use axum::http::StatusCode;
use tokio::sync::{broadcast, watch, Mutex, MutexGuard};

use crate::error::{AppError, AppResult};
use crate::game_state::GameState;
use crate::model::GameStatus;
use crate::render::{Lang, TableCache};
use crate::snapshot::Snapshot;
use crate::storage::{ChatLine, StoreError};
use crate::{bots, now, AppState};

/// Chat lines a slow viewer may fall behind by before it misses some (it can reload them).
const CHAT_BACKLOG: usize = 64;

/// A game held in memory: its state behind the writer's lock, and the latest snapshot that
/// viewers watch.
pub struct LiveGame {
    /// The game id.
    pub id: Arc<str>,
    /// The state; held across the durable write of each change, so writes to one game are
    /// serial on this node (and guarded by the stored version across nodes).
    state: Mutex<GameState>,
    snapshots: watch::Sender<Arc<Snapshot>>,
    revision: AtomicU64,
    /// Open WebSocket connections per seat (index 4: spectators).
    connections: [AtomicU32; 5],
    last_used: AtomicI64,
    /// Panels of earlier tables (villages, display, market, status), reused while they look
    /// the same.
    pub panels: Arc<TableCache>,
    /// New chat lines, to every viewer on this node.
    pub chat: broadcast::Sender<Arc<ChatLine>>,
}

impl LiveGame {
    /// Wraps a state.
    pub fn new(id: &str, state: GameState) -> LiveGame {
        let id: Arc<str> = id.into();
        let snapshot = Snapshot::of(id.clone(), &state, 0, [false; 4]);
        LiveGame {
            id,
            state: Mutex::new(state),
            snapshots: watch::channel(Arc::new(snapshot)).0,
            revision: AtomicU64::new(0),
            connections: Default::default(),
            last_used: AtomicI64::new(now()),
            panels: Arc::default(),
            chat: broadcast::channel(CHAT_BACKLOG).0,
        }
    }

    /// The writer's lock.
    pub async fn lock(&self) -> MutexGuard<'_, GameState> {
        self.touch();
        self.state.lock().await
    }

    /// Publishes the snapshot of `state` (taken under the writer's lock) to every viewer.
    pub fn publish(&self, state: &GameState) {
        let revision = self.revision.fetch_add(1, Ordering::Relaxed) + 1;
        let snapshot = Snapshot::of(self.id.clone(), state, revision, self.connected());
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
pub struct Hub {
    games: RwLock<HashMap<String, Arc<LiveGame>>>,
}

impl Hub {
    /// The game with this id, if this node holds it.
    pub fn cached(&self, id: &str) -> Option<Arc<LiveGame>> {
        self.games.read().expect("hub lock").get(id).cloned()
    }

    /// Adds a game unless another task added it first; returns the one held.
    fn insert(&self, game: Arc<LiveGame>) -> Arc<LiveGame> {
        self.games
            .write()
            .expect("hub lock")
            .entry(game.id.to_string())
            .or_insert(game)
            .clone()
    }

    /// Forgets a game.
    pub fn remove(&self, id: &str) {
        self.games.write().expect("hub lock").remove(id);
    }

    /// All games held.
    pub fn all(&self) -> Vec<Arc<LiveGame>> {
        self.games
            .read()
            .expect("hub lock")
            .values()
            .cloned()
            .collect()
    }

    /// Number of games held.
    pub fn len(&self) -> usize {
        self.games.read().expect("hub lock").len()
    }

    /// Whether no game is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops games unused since `idle_since` that nobody holds (no viewer, request or bot);
    /// returns how many. Decided under the hub's write lock, so nobody can pick such a game up
    /// meanwhile: the next request loads it afresh from the database.
    pub fn evict_idle(&self, idle_since: i64) -> usize {
        let mut games = self.games.write().expect("hub lock");
        let before = games.len();
        games.retain(|_, live| {
            Arc::strong_count(live) > 1 || live.last_used.load(Ordering::Relaxed) >= idle_since
        });
        before - games.len()
    }
}

/// The game with this id: held, or loaded from the database now.
///
/// # Errors
/// 404 if there is none (or it was cancelled); 500 if its stored record is damaged (logged, and
/// set aside: every other game is served as before).
pub async fn find(app: &AppState, id: &str) -> AppResult<Arc<LiveGame>> {
    if let Some(live) = app.hub.cached(id) {
        if live.snapshot().status == GameStatus::Cancelled {
            return Err(AppError::no_game());
        }
        return Ok(live);
    }
    let record = app
        .store
        .load_game(id)
        .await
        .map_err(|e| unreadable(id, e))?;
    let Some(record) = record else {
        return Err(AppError::no_game());
    };
    if record.status == GameStatus::Cancelled {
        return Err(AppError::no_game());
    }
    let state = GameState::from_record(record).map_err(|error| damaged(id, &error))?;
    let live = app.hub.insert(Arc::new(LiveGame::new(id, state)));
    let state = live.lock().await;
    if state.bot_to_move() {
        bots::wake(app, &live);
    }
    Ok(live.clone())
}

/// A game that could not be read: damaged if its rows do not parse, else the database failed.
fn unreadable(id: &str, error: StoreError) -> AppError {
    match error {
        StoreError::Database(sqlx::Error::Decode(_) | sqlx::Error::ColumnDecode { .. }) => {
            damaged(id, &error)
        }
        other => other.into(),
    }
}

fn damaged(id: &str, error: &dyn std::fmt::Display) -> AppError {
    tracing::error!(game = id, "stored game is damaged and set aside: {error}");
    AppError::new(StatusCode::INTERNAL_SERVER_ERROR, "record-damaged")
}

/// Rebuilds `state` from the database (the truth) and publishes it.
///
/// # Errors
/// The database failed or the game's record is damaged; `state` is unchanged.
pub async fn reload(app: &AppState, live: &LiveGame, state: &mut GameState) -> AppResult<()> {
    let record = app
        .store
        .load_game(&live.id)
        .await
        .map_err(|e| unreadable(&live.id, e))?
        .ok_or_else(AppError::no_game)?;
    *state = GameState::from_record(record).map_err(|error| damaged(&live.id, &error))?;
    live.publish(state);
    Ok(())
}

/// The answer to a seat change the database refused: when another request or node changed the
/// game first, the game is reloaded and the person asked to try again.
///
/// # Errors
/// Always: the conflict, or the database failure.
pub async fn refused(
    app: &AppState,
    live: &LiveGame,
    state: &mut GameState,
    error: StoreError,
) -> AppError {
    match error {
        StoreError::Conflict => match reload(app, live, state).await {
            Ok(()) => AppError::conflict("changed-meanwhile"),
            Err(error) => error,
        },
        error => error.into(),
    }
}

/// Brings a cached game up to the database's `version` (unknown: check) in the background. Pure
/// appends are caught up action by action; anything else (an undo, seats, status) reloads.
pub fn refresh_later(app: &AppState, live: Arc<LiveGame>, version: Option<u64>) {
    let app = app.clone();
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
        let caught_up = catch_up(&app, &live, &mut state).await;
        let after = state.version();
        tracing::debug!(game = %live.id, "refreshed for {version:?}: {before:?} -> {after}");
        if let Err(error) = caught_up {
            tracing::warn!(game = %live.id, "cannot refresh: {}", error.to_string());
            drop(state);
            app.hub.remove(&live.id);
            return;
        }
        if state.bot_to_move() {
            bots::wake(&app, &live);
        }
    });
}

/// Brings `state` up to the database's: a running game whose version is the database's is left
/// as it is (nothing published), pure appends are applied, anything else reloads.
///
/// # Errors
/// The database failed or the game's record is damaged.
pub async fn catch_up(app: &AppState, live: &LiveGame, state: &mut GameState) -> AppResult<()> {
    if state.status == GameStatus::Running {
        let from = state.history().len() as u64;
        let (version, clock, actions) = app.store.catch_up(&live.id, from).await?;
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
                        crate::game_state::Choice::Action(action),
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
    reload(app, live, state).await
}
