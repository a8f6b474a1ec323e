//! Change notices between nodes that share one PostgreSQL database, carried by PostgreSQL itself
//! (`NOTIFY`, received through sqlx's `PgListener`): a game changed (its cached copies reload or
//! catch up), a chat line was written (its viewers here get it), a session ended (every node forgets it at once). SQLite has one node and no notices.

use std::time::Duration;

use sqlx::postgres::PgListener;

use crate::AppState;

/// The PostgreSQL channel of every notice.
pub const CHANNEL: &str = "helvetia_changes";

/// What one node tells the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A game's row, seats or log changed; `version` is its log version after the change.
    GameChanged {
        /// The game.
        game_id: String,
        /// Its version now.
        version: u64,
    },
    /// A line was added to a game's chat.
    ChatPosted {
        /// The game.
        game_id: String,
        /// The line's number.
        idx: u64,
    },
    /// A session ended.
    LoggedOut {
        /// The session's token (already deleted from the database).
        token: String,
    },
}

impl Notice {
    /// The notice's payload, naming the node that sends it.
    pub fn encode(&self, node: &str) -> String {
        match self {
            Notice::GameChanged { game_id, version } => format!("game {node} {version} {game_id}"),
            Notice::ChatPosted { game_id, idx } => format!("chat {node} {idx} {game_id}"),
            Notice::LoggedOut { token } => format!("logout {node} {token}"),
        }
    }

    /// The sending node and the notice of a payload; `None` for anything else.
    pub fn decode(payload: &str) -> Option<(&str, Notice)> {
        let mut words = payload.split(' ');
        let kind = words.next()?;
        let node = words.next()?;
        let notice = match kind {
            "game" => Notice::GameChanged {
                version: words.next()?.parse().ok()?,
                game_id: words.next()?.to_string(),
            },
            "chat" => Notice::ChatPosted {
                idx: words.next()?.parse().ok()?,
                game_id: words.next()?.to_string(),
            },
            "logout" => Notice::LoggedOut {
                token: words.next()?.to_string(),
            },
            _ => return None,
        };
        words.next().is_none().then_some((node, notice))
    }
}

/// Listens to the other nodes' notices for as long as the server runs (PostgreSQL only). When the
/// listening connection drops, notices may have been missed: every cached game is checked against
/// the database and every cached session forgotten.
pub async fn listen(app: AppState, url: String) {
    let mut retry = Duration::from_millis(200);
    let mut listener = loop {
        match connect(&url).await {
            Ok(listener) => break listener,
            Err(error) => {
                tracing::warn!("cannot listen for notices yet: {error}");
                tokio::time::sleep(retry).await;
                retry = (retry * 2).min(Duration::from_secs(5));
            }
        }
    };
    loop {
        match listener.try_recv().await {
            Ok(Some(notification)) => dispatch(&app, notification.payload()),
            Ok(None) => {
                tracing::warn!("notice connection lost; checking every cached game");
                app.sessions.clear();
                for live in app.hub.all() {
                    crate::hub::refresh_later(&app, live, None);
                }
            }
            Err(error) => {
                tracing::warn!("notice connection failed: {error}");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
    }
}

async fn connect(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

fn dispatch(app: &AppState, payload: &str) {
    let Some((node, notice)) = Notice::decode(payload) else {
        tracing::warn!("unknown notice {payload:?}");
        return;
    };
    if node == app.store.node() {
        return;
    }
    match notice {
        Notice::GameChanged { game_id, version } => {
            if let Some(live) = app.hub.cached(&game_id) {
                crate::hub::refresh_later(app, live, Some(version));
            }
        }
        Notice::ChatPosted { game_id, idx } => {
            if let Some(live) = app.hub.cached(&game_id) {
                crate::chat::relay_later(app, live, idx);
            }
        }
        Notice::LoggedOut { token } => app.sessions.forget(&token),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_round_trip_with_their_node() {
        for notice in [
            Notice::GameChanged {
                game_id: "a1b2c3".into(),
                version: 17,
            },
            Notice::ChatPosted {
                game_id: "a1b2c3".into(),
                idx: 4,
            },
            Notice::LoggedOut {
                token: "ff00".into(),
            },
        ] {
            let payload = notice.encode("node-7");
            assert_eq!(Notice::decode(&payload), Some(("node-7", notice)));
        }
        assert_eq!(Notice::decode("game n x id"), None);
        assert_eq!(Notice::decode("game n 1 id extra"), None);
        assert_eq!(Notice::decode("hello"), None);
    }
}
