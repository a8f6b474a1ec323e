//! Sessions recently seen on this node, so that most requests need no database read.

use std::collections::HashMap;
use std::sync::RwLock;
use std::time::{Duration, Instant};

/// How long a looked-up session is trusted from memory before asking the database again.
const CACHE_TTL: Duration = Duration::from_secs(60);

/// The logged-in user behind a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// Account id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// How the request proved who it is, and so what it may do.
    pub by: Credential,
    /// The id of the API token it showed ([`Credential::ApiToken`]): the streams it opens end
    /// when that token is revoked.
    pub token: Option<String>,
}

/// What a request showed to prove who it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Credential {
    /// A person's session cookie.
    PersonSession,
    /// The session cookie of a bot account: settings and tokens only.
    BotSession,
    /// A bot account's API token: playing only.
    ApiToken,
}

/// Sessions recently seen, so most requests need no database read. A logout on any node
/// removes its session here at once (see [`crate::workers::notices`]); a token logged out is remembered
/// for as long as an entry lives, so that a lookup that raced with the logout cannot put it back.
#[derive(Default)]
pub struct SessionCache {
    entries: RwLock<HashMap<String, (User, i64, Instant)>>,
    ended: RwLock<HashMap<String, Instant>>,
}

impl SessionCache {
    pub fn get(&self, token: &str) -> Option<(User, i64)> {
        let entries = self.entries.read().expect("session cache");
        let (user, expires, seen) = entries.get(token)?;
        (seen.elapsed() < CACHE_TTL).then(|| (user.clone(), *expires))
    }

    pub fn put(&self, token: &str, user: User, expires: i64) {
        if self
            .ended
            .read()
            .expect("ended sessions")
            .contains_key(token)
        {
            return;
        }
        let mut entries = self.entries.write().expect("session cache");
        if entries.len() > 100_000 {
            entries.retain(|_, (_, _, seen)| seen.elapsed() < CACHE_TTL);
        }
        entries.insert(token.to_string(), (user, expires, Instant::now()));
    }

    /// Forgets a session that ended.
    pub fn forget(&self, token: &str) {
        let mut ended = self.ended.write().expect("ended sessions");
        ended.retain(|_, when| when.elapsed() < CACHE_TTL);
        ended.insert(token.to_string(), Instant::now());
        drop(ended);
        self.entries.write().expect("session cache").remove(token);
    }

    /// Forgets every session (notices may have been missed).
    pub fn clear(&self) {
        self.entries.write().expect("session cache").clear();
    }
}
