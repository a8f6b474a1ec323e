//! Puzzles from real games: a decision where one action is clearly the best, judged only from
//! what its player could see, with the answer, what it is about, and a first rating.
//!
//! A puzzle carries the public view of its position (never the seed or the order of the
//! face-down stacks), so that a puzzle set can be published whole.

mod puzzle;

pub use puzzle::{initial_rating, GamePhase, Puzzle, PuzzleSource, Theme};
