//! The bots' integration tests, one binary: a module per bot feature.

mod analysis;
mod evaluate;
mod hint;
mod learn;
mod legal;
mod plan;
mod puzzles;
mod strength;
mod suggest;
mod tournament;
mod tune;
