//! The streams and sockets each account holds open on this node: a game's or the events'
//! stream of a bot account, a table's WebSocket. Each is counted against a cap per account
//! (`--max-streams-per-account`), so that one account, from however many addresses, cannot
//! hold the connections a node can serve; and each opened with an API token ends when that
//! token is revoked, here at once and on the other nodes when they hear of it (a
//! [`Notice::TokenRevoked`](crate::domain::notice::Notice::TokenRevoked)).
//!
//! Visitors who are not logged in hold no account's streams: the per-address connection cap
//! limits them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::watch;

use crate::live::sessions::User;

/// How long a revoked token is remembered, so that a stream whose token was looked up just
/// before the revocation, and opened just after, still ends at once.
const REMEMBER_REVOKED: Duration = Duration::from_secs(120);

/// The open streams of every account on this node.
pub struct OpenStreams {
    cap: usize,
    inner: Arc<Mutex<Held>>,
}

#[derive(Default)]
struct Held {
    /// Open streams per account.
    per_account: HashMap<String, usize>,
    /// Per token with an open stream: its revocation, told to every such stream.
    tokens: HashMap<String, (watch::Sender<bool>, usize)>,
    /// Tokens revoked lately, and when.
    revoked: HashMap<String, Instant>,
}

/// Why a stream was not opened.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The account holds its cap of streams on this node already.
    TooMany {
        /// The cap.
        cap: usize,
    },
    /// Its token was revoked a moment ago.
    Revoked,
}

/// One open stream, counted for as long as it lives.
pub struct StreamHold {
    inner: Arc<Mutex<Held>>,
    account: String,
    token: Option<String>,
    revoked: Option<watch::Receiver<bool>>,
}

impl OpenStreams {
    /// No streams yet; each account may hold `cap` (at least one).
    pub fn new(cap: usize) -> OpenStreams {
        OpenStreams {
            cap: cap.max(1),
            inner: Arc::default(),
        }
    }

    /// The cap per account.
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// Counts a stream of `user` in, if the cap allows.
    ///
    /// # Errors
    /// [`Refused`]: the cap is reached, or the token it shows was just revoked.
    pub fn open(&self, user: &User) -> Result<StreamHold, Refused> {
        let mut held = self.inner.lock().expect("open streams");
        if let Some(token) = &user.token {
            held.revoked.retain(|_, at| at.elapsed() < REMEMBER_REVOKED);
            if held.revoked.contains_key(token) {
                return Err(Refused::Revoked);
            }
        }
        let count = held.per_account.entry(user.id.clone()).or_default();
        if *count >= self.cap {
            return Err(Refused::TooMany { cap: self.cap });
        }
        *count += 1;
        let revoked = user.token.as_ref().map(|token| {
            let (sender, holders) = held
                .tokens
                .entry(token.clone())
                .or_insert_with(|| (watch::channel(false).0, 0));
            *holders += 1;
            sender.subscribe()
        });
        Ok(StreamHold {
            inner: self.inner.clone(),
            account: user.id.clone(),
            token: user.token.clone(),
            revoked,
        })
    }

    /// Ends every stream opened with token `token_id` (revoked here or on another node), and
    /// refuses new ones for a while.
    pub fn revoke(&self, token_id: &str) {
        let mut held = self.inner.lock().expect("open streams");
        held.revoked.insert(token_id.to_string(), Instant::now());
        if let Some((sender, _)) = held.tokens.get(token_id) {
            sender.send_replace(true);
        }
    }

    /// Streams `account_id` holds open on this node.
    pub fn held_by(&self, account_id: &str) -> usize {
        let held = self.inner.lock().expect("open streams");
        held.per_account.get(account_id).copied().unwrap_or(0)
    }
}

impl StreamHold {
    /// Resolves when the token the stream was opened with is revoked; never for a stream
    /// opened with a session.
    pub async fn revoked(&mut self) {
        match &mut self.revoked {
            Some(revoked) => {
                // The sender lives while this hold does (it is dropped with the last hold).
                let _ = revoked.wait_for(|revoked| *revoked).await;
            }
            None => std::future::pending().await,
        }
    }

    /// Whether the stream's token has been revoked.
    pub fn is_revoked(&self) -> bool {
        self.revoked
            .as_ref()
            .is_some_and(|revoked| *revoked.borrow())
    }
}

impl Drop for StreamHold {
    fn drop(&mut self) {
        let mut held = self.inner.lock().expect("open streams");
        if let Some(count) = held.per_account.get_mut(&self.account) {
            *count -= 1;
            if *count == 0 {
                held.per_account.remove(&self.account);
            }
        }
        if let Some(token) = &self.token {
            if let Some((_, holders)) = held.tokens.get_mut(token) {
                *holders -= 1;
                if *holders == 0 {
                    held.tokens.remove(token);
                }
            }
        }
    }
}
