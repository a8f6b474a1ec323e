//! "Play now": people wait in pools by player count and pace (`requests.rs`); every node's
//! matchmaking worker (`crate::workers::matchmaking`) pairs the pools, one node at a time, and
//! seats each table it made in a game created once through the one write path (`tables.rs`).

pub mod requests;
pub mod tables;
