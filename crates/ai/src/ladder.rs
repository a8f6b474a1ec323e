//! The ladder of bot levels offered to people, each named for the opponent it makes, from a
//! beginner to an expert, and the bot that plays it.
//!
//! Budgets are iterations, not time, so a level plays the same whatever the machine's load and
//! its rating stays true. The ratings were measured by
//! `helvetia ladder --games-per-pair 20 --neighbour-games 180 --seed 1` (740 two-player games;
//! the table with the intervals is in docs/ai.md), are shown to people next to each level, and
//! anchor the rating of a person who plays a bot.
//!
//! The levels are plain data, below the parser of bot names: that parser reads them for a
//! `level:` name, and gives each level its [`crate::BotSpec`] (`Level::spec`).

/// One level of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The stable key: the word the server stores with a bot's seat, and the key of its name
    /// for people (`bot-level-KEY`).
    pub key: &'static str,
    /// The bot that plays it, as a [`crate::BotSpec`] name.
    pub bot: &'static str,
    /// Its measured rating (Elo scale, the beginner at 1000).
    pub rating: u16,
}

/// The levels, weakest first.
pub const LEVELS: [Level; 5] = [
    Level {
        key: "random",
        bot: "random",
        rating: 1000,
    },
    Level {
        key: "greedy",
        bot: "greedy",
        rating: 1436,
    },
    Level {
        key: "good",
        bot: "mcts:iterations=150",
        rating: 1789,
    },
    Level {
        key: "mcts",
        bot: "mcts:iterations=2000",
        rating: 1899,
    },
    Level {
        key: "expert",
        bot: "mcts:iterations=8000",
        rating: 1963,
    },
];

impl Level {
    /// The level with `key`.
    pub fn named(key: &str) -> Option<Level> {
        LEVELS.into_iter().find(|level| level.key == key)
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
