//! This node's live layer: its memory of the database. The games cache loads a game when first
//! needed; the write path is the one way a game changes (decide on the cached state, store in
//! one version-guarded transaction, apply); every change, committed here or followed from
//! another node, is announced in one place (the snapshot published, one event emitted);
//! snapshots are what viewers read without the writer's lock; events tell the workers what
//! followed.

pub mod announce;
pub mod bot_tasks;
pub mod cache;
pub mod error;
pub mod events;
pub mod follow;
pub mod held_game;
pub mod live_game;
pub mod metrics;
pub mod open_streams;
pub mod search_slots;
pub mod seatings;
pub mod sessions;
pub mod shared_table;
pub mod snapshot;
pub mod story_book;
pub mod view_changes;
pub mod view_json;
pub mod write_path;

use std::sync::Arc;

use crate::storage::Store;

/// This node's live layer, a cheap handle that tasks of the write path carry with them.
#[derive(Clone)]
pub struct Node(Arc<Parts>);

impl std::ops::Deref for Node {
    type Target = Parts;
    fn deref(&self) -> &Parts {
        &self.0
    }
}

/// The live layer's parts, shared by every handler and worker.
pub struct Parts {
    /// The database.
    pub store: Store,
    /// Games in memory.
    pub games: cache::GameCache,
    /// Changes being committed, so that a shutdown can wait for them.
    pub in_flight: Arc<write_path::InFlight>,
    /// What the write path tells the workers.
    pub events: events::Events,
    /// What this node announced, counted by kind.
    pub announced: announce::Announced,
    /// Recently seen sessions.
    pub sessions: sessions::SessionCache,
    /// Bot tasks running on this node, and the search slots bots and hints share.
    pub bots: bot_tasks::BotTasks,
}

impl Node {
    /// The live layer over `store`, with `search_threads` searches at once.
    pub fn new(store: Store, search_threads: usize) -> Node {
        Node(Arc::new(Parts {
            announced: announce::Announced::of_node(store.node()),
            store,
            games: cache::GameCache::default(),
            in_flight: Arc::default(),
            events: events::Events::default(),
            sessions: sessions::SessionCache::default(),
            bots: bot_tasks::BotTasks::new(search_threads),
        }))
    }
}
