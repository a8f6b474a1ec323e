//! The lobby: games created, joined, left and started, rematches and tutorial games.

pub mod games;
pub mod rematch;
pub mod tutorial;
