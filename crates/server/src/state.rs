//! What every handler and worker shares: the live layer (database, games in memory, the write
//! path's bookkeeping and events), the configuration, sessions and the node's rate limits.

use std::net::IpAddr;
use std::sync::Arc;

use governor::DefaultKeyedRateLimiter;

use crate::config::Config;
use crate::domain::blocked_addresses::BlockedAddresses;
use crate::live::Node;

/// Shared state of every handler and worker. It dereferences to the [`Node`] of the live layer, so that
/// `app.store` and `app.games` read as what they are.
pub struct Shared {
    /// The database, the games in memory and the write path.
    pub node: Node,
    /// The configuration.
    pub config: Config,
    /// Log-in and registration limit per client address.
    pub auth_limiter: DefaultKeyedRateLimiter<IpAddr>,
    /// Log-in limit per account (by its name in lower case).
    pub login_limiter: DefaultKeyedRateLimiter<String>,
    /// Chat lines per account.
    pub chat_limiter: DefaultKeyedRateLimiter<String>,
    /// Requests of a bot account's API tokens, per account.
    pub api_limiter: DefaultKeyedRateLimiter<String>,
    /// The server's VAPID key pair for Web Push, the same on every node (kept in the database).
    pub vapid: crate::domain::push::vapid::VapidKeys,
    /// The streams and sockets each account holds open on this node.
    pub open_streams: crate::live::open_streams::OpenStreams,
    /// Addresses that showed too many wrong API tokens, refused for a while.
    pub blocked_token_addresses: BlockedAddresses,
    /// Set when the node stops: readiness fails and viewers are told to reconnect elsewhere.
    pub shutdown: tokio::sync::watch::Sender<bool>,
    /// Wakes this node's pairing worker when someone here joins a "play now" pool.
    pub play_now_wake: tokio::sync::Notify,
    /// Wakes this node's tournament worker when a game here ends or a tournament is created.
    pub tournament_wake: tokio::sync::Notify,
}

impl std::ops::Deref for Shared {
    type Target = Node;
    fn deref(&self) -> &Node {
        &self.node
    }
}

/// Cheap to clone handle on [`Shared`].
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl std::ops::Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl AppState {
    /// Wraps the shared state.
    pub fn new(shared: Shared) -> AppState {
        AppState(Arc::new(shared))
    }

    /// Whether the node is stopping.
    pub fn is_stopping(&self) -> bool {
        *self.shutdown.borrow()
    }
}
