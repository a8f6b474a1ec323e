//! The game: a checked position, its legal actions, and playing them.

use arrayvec::ArrayVec;
use rand_chacha::ChaCha8Rng;

use crate::action::Action;
use crate::census::{Census, Reach};
use crate::options::GameOptions;
use crate::people::Seat;
use crate::position::{Phase, Position};
use crate::score::{self, ScoreBreakdown, Standing};
use crate::turn::{self, StepOutcome};
use crate::validate::{self, PositionError};
use crate::{round, setup};

/// Capacity of [`ActionList`].
///
/// The widest decision is the Priest's marriage: two sources (centre, school) for each single
/// villager of the other sex in another village. Opponents can hold at most 45 single villagers
/// on workplaces (46 workplace tiles, no kind twice in one village), so at most 90 actions.
/// Work steps are at most 16 own villagers × 5 outputs = 80; a neutral placement 4 kinds ×
/// 10 cells × 2 sexes = 80; the Night Watchman's choice at most 5 villages × 4 quarters = 20
/// (only quarters where someone sleeps, ruling 8); a fresh turn at most 5 characters, 5 tiles,
/// 10 neutral marriages × 2 sexes and 24 neutral buildings, or a lone `Pass`.
/// `tests/it/capacity.rs` builds the widest marriage choice and the widest wake.
///
/// The list is never empty while the game goes on. When nothing else is possible it is exactly
/// `[Pass]`: a forced pass, after which the player is out for the round (ruling 8). `Pass` is
/// offered beside other actions only to a player without coins (who may decline the neutral
/// coin); a player with coins never chooses to pass.
pub const ACTION_CAPACITY: usize = 128;

/// The legal actions of one decision, on the stack.
pub type ActionList = ArrayVec<Action, ACTION_CAPACITY>;

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
            turn::end_if_nothing_left(&mut self.position, &self.census);
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

    /// What `viewer` may see: the position without the order of stacks 2 and 3.
    pub fn view(&self) -> crate::view::View {
        crate::view::View::of(&self.position)
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

/// The legal actions of the player to move in `position` (a game's or a view's: nothing here
/// looks at stacks 2 and 3).
pub(crate) fn legal_in(position: &Position, census: &Census) -> ActionList {
    let mut list = ActionList::new();
    match position.phase {
        Phase::Draft { .. } => {
            let chooser = position.to_move().expect("a chooser");
            setup::draft_actions(position, chooser, &mut list);
        }
        Phase::PlaceNeutral { .. } => setup::place_neutral_actions(position, &mut list),
        Phase::PlaceStart { seat } => setup::place_start_actions(position, seat, &mut list),
        Phase::PlacePair { pair, seat } => {
            setup::place_pair_actions(position, pair, seat, &mut list)
        }
        Phase::Turn { seat, ref turn } => turn::actions(position, census, seat, turn, &mut list),
        Phase::SchoolReturn { seat } => round::school_actions(position, seat, &mut list),
        Phase::GameOver => {}
    }
    list
}

/// Plays `action`, legal in `position`, on it. Only the end of a round looks at stacks 2 and 3
/// (it deals the display); on a view's position it deals nothing. Counts the villagers afresh
/// where the turn's end needs them; [`Game::play_unchecked`] reads its kept census instead.
pub(crate) fn apply(position: &mut Position, action: Action) {
    if apply_step(position, action) == StepOutcome::ActionFinished {
        turn::end_if_nothing_left(position, &Census::of(position));
    }
}

/// Plays `action` up to the question whether its player's turn is over, which needs the
/// villager counts of the position it leads to (see [`StepOutcome`]).
fn apply_step(position: &mut Position, action: Action) -> StepOutcome {
    match position.phase {
        Phase::Draft { .. } => {
            let chooser = position.to_move().expect("a chooser");
            setup::apply_draft(position, chooser, action);
        }
        Phase::PlaceNeutral { .. } => setup::apply_place_neutral(position, action),
        Phase::PlaceStart { seat } => setup::apply_place_start(position, seat, action),
        Phase::PlacePair { pair, seat } => setup::apply_place_pair(position, pair, seat, action),
        Phase::Turn { seat, turn } => return turn::apply(position, seat, turn, action),
        Phase::SchoolReturn { seat } => round::apply_school(position, seat, action),
        Phase::GameOver => {}
    }
    StepOutcome::Settled
}
