//! What one node tells the others that share its PostgreSQL database, and how it is written
//! in a `NOTIFY` payload.

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
    /// A bot account's API token was revoked: the streams opened with it end.
    TokenRevoked {
        /// The token's id (not its secret).
        token_id: String,
    },
}

impl Notice {
    /// The notice's payload, naming the node that sends it.
    pub fn encode(&self, node: &str) -> String {
        match self {
            Notice::GameChanged { game_id, version } => format!("game {node} {version} {game_id}"),
            Notice::ChatPosted { game_id, idx } => format!("chat {node} {idx} {game_id}"),
            Notice::LoggedOut { token } => format!("logout {node} {token}"),
            Notice::TokenRevoked { token_id } => format!("revoke {node} {token_id}"),
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
            "revoke" => Notice::TokenRevoked {
                token_id: words.next()?.to_string(),
            },
            _ => return None,
        };
        words.next().is_none().then_some((node, notice))
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
            Notice::TokenRevoked {
                token_id: "0a1b2c3d4e5f6a7b".into(),
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
