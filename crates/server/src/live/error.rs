//! Why the live layer could not do what was asked, in its own words: the HTTP layer alone turns
//! them into status codes (`crate::http::error`).

use crate::domain::game_state::Refusal;
use crate::storage::StoreError;

/// A failure of the cache or the write path.
#[derive(Debug)]
pub enum LiveError {
    /// No such game, or it was cancelled.
    NoGame,
    /// The game's stored record does not replay (logged, and set aside: every other game is
    /// served as before).
    Damaged,
    /// The change was refused on the game as it stands; nothing changed.
    Refused(Refusal),
    /// Another request or node changed the game first; the game was reloaded and nothing of
    /// this change was written.
    ChangedMeanwhile,
    /// The database failed; nothing was applied.
    Store(StoreError),
    /// The task carrying the change failed.
    Panicked(String),
}

impl LiveError {
    /// Whether the server, not the request, is at fault (a caller retrying would not help).
    pub fn is_server_error(&self) -> bool {
        matches!(
            self,
            LiveError::Damaged | LiveError::Store(StoreError::Database(_)) | LiveError::Panicked(_)
        )
    }
}

impl std::fmt::Display for LiveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LiveError::NoGame => f.write_str("no such game"),
            LiveError::Damaged => f.write_str("the game's stored record is damaged"),
            LiveError::Refused(refusal) => refusal.fmt(f),
            LiveError::ChangedMeanwhile => f.write_str("the game changed meanwhile"),
            LiveError::Store(error) => error.fmt(f),
            LiveError::Panicked(error) => write!(f, "the change's task failed: {error}"),
        }
    }
}

impl std::error::Error for LiveError {}

impl From<Refusal> for LiveError {
    fn from(refusal: Refusal) -> Self {
        LiveError::Refused(refusal)
    }
}

impl From<StoreError> for LiveError {
    fn from(error: StoreError) -> Self {
        LiveError::Store(error)
    }
}

/// Result of a call into the live layer.
pub type LiveResult<T> = Result<T, LiveError>;
