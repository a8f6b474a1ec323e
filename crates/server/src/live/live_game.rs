//! A game held in memory: its state behind the writer's lock (a [`HeldGame`]), the latest
//! snapshot that viewers watch without it, its viewers and its chat. Only the live layer
//! publishes a snapshot: the write path's announcement of a change, and the game's own
//! re-presentations of an unchanged state (who is connected, a log read in a new language).

use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

use tokio::sync::{broadcast, watch, Mutex, MutexGuard};

use super::held_game::HeldGame;
use crate::domain::game_state::GameState;
use crate::domain::time::now;
use crate::live::snapshot::Snapshot;
use crate::live::view_json::ViewJson;
use crate::storage::ChatLine;
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
    /// When it was last used, for the cache's eviction of idle games.
    pub(super) last_used: AtomicI64,
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
