//! A game record: options, seed and the ordered actions. Replaying it rebuilds the same game.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::game::{Game, IllegalAction};
use crate::options::GameOptions;

/// Everything needed to rebuild a game exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The options.
    pub options: GameOptions,
    /// The seed that dealt the stacks and chose the start player (secret while the game runs).
    pub seed: u64,
    /// Every action, in order.
    #[serde(default)]
    pub actions: Vec<Action>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The options are out of range.
    Options(String),
    /// Action number `index` (0-based) is not legal where it stands.
    Illegal {
        /// Its index in the record.
        index: usize,
        /// The refusal.
        error: IllegalAction,
    },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Options(problem) => write!(f, "bad options: {problem}"),
            ReplayError::Illegal { index, error } => write!(f, "action {index}: {error}"),
        }
    }
}

impl std::error::Error for ReplayError {}

impl GameRecord {
    /// A record of a new game.
    pub fn new(options: GameOptions, seed: u64) -> GameRecord {
        GameRecord {
            options,
            seed,
            actions: Vec::new(),
        }
    }

    /// Replays every action from the start.
    ///
    /// # Errors
    /// The first action that is not legal, or bad options.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        self.options.check().map_err(ReplayError::Options)?;
        let mut game = Game::new(self.options, self.seed);
        for (index, &action) in self.actions.iter().enumerate() {
            game.play(action)
                .map_err(|error| ReplayError::Illegal { index, error })?;
        }
        Ok(game)
    }
}
