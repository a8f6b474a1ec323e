//! Post-game analysis: asking for it and reading it (`crate::workers::analyses` runs it).

pub mod requests;
