//! The complete rules of *Helvetia* (Matthias Cramer, Kosmos 2011) for 2–4 players.
//!
//! A pure library: no I/O, deterministic from a seed. A [`Game`] is a sequence of atomic
//! decisions: [`Game::legal_actions`] lists them and [`Game::play`] takes one, refusing anything
//! else without changing the game. [`Position`] is the same state as plain data for notation,
//! editing and tests; [`View`] is what a player may see (everything but the order of stacks 2
//! and 3, the game's only hidden information).
//!
//! # Examples
//!
//! ```
//! use helvetia_engine::{Game, GameOptions};
//!
//! let mut game = Game::new(GameOptions::for_players(3), 7);
//! while let Some(&action) = game.legal_actions().first() {
//!     game.play(action).unwrap();
//!     if game.position().round > 1 { break; }
//! }
//! assert!(game.check_invariants().is_ok());
//! ```

#![warn(missing_docs)]

mod action;
mod action_list;
mod building;
mod census;
mod decisions;
mod forced;
mod forfeit;
mod game;
mod geometry;
mod good;
mod options;
mod people;
mod position;
mod position_error;
mod production;
mod recent_turns;
mod record;
mod resignations;
mod round;
mod score;
mod setup;
mod turn_actions;
mod turn_play;
mod validate;
mod validate_phase;
mod view;

pub use action::{Action, Unattached};
pub use action_list::{ActionList, ACTION_CAPACITY};
pub use building::{BuildingClass, BuildingKind, Cost, Source, COMPONENT_PROVENANCE, LETTER_SETS};
pub use census::Census;
pub use forced::{forced_step, forced_step_among};
pub use forfeit::{forfeits, Forfeit, ForfeitCause};
pub use game::{Game, IllegalAction};
pub use geometry::{Cell, Quarter, CELLS, RING1_CELLS};
pub use good::{Branch, Good, GoodSet};
pub use options::{Direction, GameOptions, RulesRevision, SetupMode};
pub use people::{
    Character, Owner, Seat, Sex, VillageId, Villager, MAX_PLAYERS, MAX_VILLAGES, NEUTRAL,
};
pub use position::{
    ActionSource, Building, CharacterTile, Phase, PlayerState, Position, Step, TurnState, Village,
};
pub use position_error::PositionError;
pub use production::{coins_needed, outputs, reaches, Workers};
pub use recent_turns::{marks_of, recent_from, recent_turns, Mark, RecentTurn, RecentTurns};
pub use record::{GameRecord, ReplayError};
pub use resignations::Resignations;
pub use score::{awake_villagers, score, standings, ScoreBreakdown, Standing};
pub use view::View;
