//! Computer opponents for Helvetia, and tournaments to measure them.
//!
//! Every bot implements [`Bot`]: it receives a player's [`helvetia_engine::View`] (never the
//! hidden order of stacks 2 and 3) and a [`Budget`], and returns one legal action. Three levels:
//!
//! - [`RandomBot`]: uniform over the legal actions;
//! - [`GreedyBot`]: searches its whole turn and plays toward the best outcome by [`evaluate()`];
//! - [`MctsBot`]: information-set Monte Carlo tree search over re-dealt unseen tiles, with
//!   policy-guided rollouts cut off by the evaluation, and root parallelism; it plans its turn
//!   from one search and plays the plan while the game goes as expected.
//!
//! [`BotSpec`] parses names such as `mcts:iterations=2000,c=0.9`; [`tournament`] plays them
//! against each other with fair seating, and [`stats`] summarises the results.
//!
//! # Examples
//!
//! ```
//! use helvetia_ai::{BotSpec, Budget};
//! use helvetia_engine::{Game, GameOptions};
//!
//! let game = Game::new(GameOptions::for_players(2), 1);
//! let spec: BotSpec = "greedy".parse().unwrap();
//! let mut bot = spec.build(7);
//! let action = bot.choose(&game.view(), Budget::default());
//! assert!(game.legal_actions().contains(&action));
//! ```

#![warn(missing_docs)]

pub mod analysis;
mod bot;
pub mod boundary;
pub mod bradley_terry;
pub mod evaluate;
mod greedy;
pub mod ladder;
pub mod learn;
pub mod mcts;
pub mod parallel;
pub mod policy;
pub mod puzzles;
mod random;
mod spec;
pub mod stats;
mod suggest;
pub mod tournament;
pub mod tune;
mod turn_clock;

pub use bot::{decision_seed, mix, sample_game, Bot, Budget};
pub use evaluate::{evaluate, prospect_terms, ProspectTerm, Prospects, Weights};
pub use greedy::{plan_turn, GreedyBot, GreedyParams};
pub use mcts::{MctsBot, MctsParams};
pub use random::RandomBot;
pub use spec::{parse_list, BotKind, BotSpec, SpecError};
pub use suggest::suggest;
pub use turn_clock::TurnClock;
