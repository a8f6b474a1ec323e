//! The game: a checked position, its legal actions, and playing them.

use rand_chacha::ChaCha8Rng;

use crate::action::Action;
use crate::action_list::ActionList;
use crate::census::{Census, Reach};
use crate::decisions::{apply_step, legal_in};
use crate::options::GameOptions;
use crate::people::Seat;
use crate::position::{Phase, Position};
use crate::position_error::PositionError;
use crate::score::{self, ScoreBreakdown, Standing};
use crate::setup;
use crate::turn_play::{end_if_nothing_left, StepOutcome};
use crate::validate;

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAction {
    /// The action refused.
    pub action: Action,
    /// Why, in words.
    pub reason: String,
}

impl std::fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "illegal action {}: {}",
            serde_json::to_string(&self.action).unwrap_or_default(),
            self.reason
        )
    }
}

impl std::error::Error for IllegalAction {}

/// A game of Helvetia: a position that has passed every check, changed only by legal actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    position: Position,
    /// The position's villagers counted, kept up to date as actions are played.
    census: Census,
}

impl Game {
    /// A new game at its first decision, dealt from `seed`.
    ///
    /// # Panics
    /// If the options are out of range; check them with [`GameOptions::check`] first.
    pub fn new(options: GameOptions, seed: u64) -> Game {
        options.check().expect("valid options");
        Game::from_trusted_position(setup::new_position(options, seed))
    }

    /// Checks a position and makes it a game.
    ///
    /// # Errors
    /// Every inconsistency found, not just the first.
    pub fn from_position(position: Position) -> Result<Game, Vec<PositionError>> {
        validate::check(&position)?;
        let census = Census::of(&position);
        let game = Game { position, census };
        if !game.is_over() && game.legal_actions().is_empty() {
            // E.g. a builder paying for what they cannot afford: every rule holds, but the
            // game could not go on.
            return Err(vec![PositionError {
                at: "phase".into(),
                problem: "the player to move has no legal action".into(),
            }]);
        }
        Ok(game)
    }

    /// A game from a position known to be legal (built by the engine itself); debug builds check it.
    pub(crate) fn from_trusted_position(position: Position) -> Game {
        debug_assert_eq!(validate::check(&position), Ok(()));
        let census = Census::of(&position);
        Game { position, census }
    }

    /// The complete state, including the hidden order of stacks 2 and 3.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The villagers on buildings, counted.
    pub fn census(&self) -> &Census {
        &self.census
    }

    /// The options.
    pub fn options(&self) -> &GameOptions {
        &self.position.options
    }

    /// Whose decision it is, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        self.position.to_move()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.position.phase == Phase::GameOver
    }

    /// Every legal action of the player to move (empty once the game is over).
    pub fn legal_actions(&self) -> ActionList {
        legal_in(&self.position, &self.census)
    }

    /// Plays `action` if it is legal.
    ///
    /// # Errors
    /// [`IllegalAction`] if it is not one of [`Game::legal_actions`]; the game is unchanged.
    pub fn play(&mut self, action: Action) -> Result<(), IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction {
                action,
                reason: "the game is over".into(),
            });
        }
        if !self.legal_actions().contains(&action) {
            return Err(IllegalAction {
                action,
                reason: self.why_illegal(),
            });
        }
        self.play_unchecked(action);
        Ok(())
    }

    fn why_illegal(&self) -> String {
        let seat = self.to_move().map(|s| s.to_string()).unwrap_or_default();
        let what = match self.position.phase {
            Phase::Draft { .. } => "a start building to draft".to_string(),
            Phase::PlaceNeutral { .. } => "a neutral building to place".to_string(),
            Phase::PlaceStart { .. } => "a start building to place".to_string(),
            Phase::PlacePair { pair, .. } => format!("where villager pair {pair} goes"),
            Phase::Turn { turn, .. } => format!("{:?}", turn.step).to_lowercase(),
            Phase::SchoolReturn { .. } => {
                "which school villager moves into which building".to_string()
            }
            Phase::GameOver => "nothing".to_string(),
        };
        format!("it is not one of the legal actions; {seat} is deciding {what}")
    }

    /// Plays `action` without checking it.
    ///
    /// Precondition: `action` is one of [`Game::legal_actions`]. Search uses this to skip the
    /// check; debug builds still assert it.
    pub fn play_unchecked(&mut self, action: Action) {
        debug_assert!(self.legal_actions().contains(&action), "illegal {action:?}");
        if self.is_over() {
            return; // nothing is legal, nothing changes
        }
        let round = self.position.round;
        let reach = Reach::of(&self.position, action);
        self.census.leave(&self.position, reach);
        let outcome = apply_step(&mut self.position, action);
        self.census.settle(&self.position, reach, round);
        if outcome == StepOutcome::ActionFinished {
            end_if_nothing_left(&mut self.position, &self.census);
            // Ending a turn moves no villager unless it ends the round.
            self.census.settle(&self.position, Reach::Nowhere, round);
        }
        debug_assert_eq!(self.census, Census::of(&self.position), "after {action:?}");
    }

    /// `seat`'s victory points now, by source.
    pub fn score(&self, seat: Seat) -> ScoreBreakdown {
        score::score(&self.position, seat)
    }

    /// Standings, best first, with the tie-break applied (meaningful once the game is over).
    pub fn standings(&self) -> Vec<Standing> {
        score::standings(&self.position)
    }

    /// Re-deals the unseen tiles of stacks 2 and 3 at random (determinization for search).
    pub fn redeal(&mut self, rng: &mut ChaCha8Rng) {
        setup::shuffle(rng, &mut self.position.stack2);
        setup::shuffle(rng, &mut self.position.stack3);
    }

    /// Checks the invariants of a reachable state.
    ///
    /// # Errors
    /// Every invariant broken.
    pub fn check_invariants(&self) -> Result<(), Vec<PositionError>> {
        validate::check(&self.position)
    }
}
