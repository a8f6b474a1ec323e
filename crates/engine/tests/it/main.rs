//! The rules engine's integration tests, one binary: a module per rule area, perft, properties,
//! round trips and fuzzers. Helpers live in `common`.

mod bounds;
mod capacity;
mod common;
mod forfeit;
mod fuzz_bytes;
mod original_rules;
mod perft;
mod properties;
mod roundtrip;
mod rules_actions;
mod rules_builder;
mod rules_round;
mod rules_setup;
mod rules_two_players;
