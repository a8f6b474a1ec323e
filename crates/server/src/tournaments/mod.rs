//! Tournaments: anyone creates one, people enter before its start (`requests.rs`), and every
//! node's tournament worker (`crate::workers::tournaments`) plays its Swiss rounds
//! (`rounds.rs`): each round's tables are seated in games created once through the one write
//! path, as "play now" seats its tables. `view.rs` builds what the API and the pages show;
//! the rules are `crate::domain::tournament` and `docs/tournaments.md`.

pub mod pages;
pub mod requests;
pub mod rounds;
pub mod view;
