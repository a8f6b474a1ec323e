//! Puzzles from real games: a decision where one action is clearly the best, or the rest of
//! the turn from it (up to three decisions, each the only good one), judged only from what its
//! player could see, with the answer, what it is about, and a first rating.
//!
//! A puzzle carries the public view of its position (never the seed or the order of the
//! face-down stacks), so that a puzzle set can be published whole.
//!
//! [`judge()`] values every legal action of a decision in deals sampled from the view;
//! [`puzzles_in`] picks a game's candidates cheaply and keeps those judged clear twice, each
//! with the rest of the mover's turn where it is clear too ([`judge_line`]);
//! [`recheck`] judges a stored puzzle afresh; [`generate`] mines self-play of the ladder's cheap
//! levels; [`themes()`] and [`phase`] say what a solution is about and when.

mod generate;
mod judge;
mod line;
mod mine;
mod puzzle;
mod recheck;
mod themes;
mod why;

pub use generate::{generate, GenerationStats};
pub use judge::{judge, puzzle_judgement, Judgement, PuzzleSettings};
pub use line::{judge_line, next_decision, MAX_STEPS};
pub use mine::{mine, puzzles_in, MineCounts};
pub use puzzle::{initial_rating, GamePhase, Puzzle, PuzzleSource, Theme};
pub use recheck::recheck;
pub use themes::{last_round, phase, themes};
pub use why::{why_best, why_best_at};
