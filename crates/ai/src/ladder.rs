//! The ladder of bot levels offered to people, each named for the opponent it makes, from a
//! beginner to an expert, and the bot that plays it.
//!
//! Budgets are iterations, not time, so a level plays the same whatever the machine's load and
//! its rating (measured by `helvetia ladder`, table in docs/ai.md) stays true.

use crate::spec::BotSpec;

/// One level of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The stable key (stored with seats, used for translations: `level-KEY`).
    pub key: &'static str,
    /// The bot that plays it, as a [`BotSpec`] name.
    pub bot: &'static str,
}

/// The levels, weakest first.
pub const LEVELS: [Level; 5] = [
    Level {
        key: "beginner",
        bot: "random",
    },
    Level {
        key: "casual",
        bot: "greedy",
    },
    Level {
        key: "good",
        bot: "mcts:iterations=150",
    },
    Level {
        key: "strong",
        bot: "mcts:iterations=1000",
    },
    Level {
        key: "expert",
        bot: "mcts:iterations=4000",
    },
];

impl Level {
    /// The level with `key`.
    pub fn named(key: &str) -> Option<Level> {
        LEVELS.into_iter().find(|level| level.key == key)
    }

    /// The bot's specification.
    pub fn spec(&self) -> BotSpec {
        self.bot.parse().expect("every level names a valid bot")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_names_a_bot_and_keys_are_unique() {
        for level in LEVELS {
            let _ = level.spec();
            assert_eq!(Level::named(level.key), Some(level));
        }
        let mut keys: Vec<&str> = LEVELS.iter().map(|l| l.key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), LEVELS.len());
    }
}
