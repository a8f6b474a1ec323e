//! Perft: how many legal decision sequences of each length start at fixed positions.
//!
//! The numbers in `perft.json` were generated once by this file's ignored `regenerate_perft`
//! test and are asserted here. They pin the engine's current behaviour: they are a regression
//! signature, not an independent truth. Any change to which actions are legal, in what order
//! they are listed, or what they do, changes some count. If such a change is intended, check it
//! is, then regenerate with
//! `cargo test --release -p helvetia-engine --test it -- --ignored perft::regenerate_perft`.
//!
//! A sequence ends early only at the end of the game: a finished game has no decision to make,
//! so it contributes nothing to deeper counts.

use std::time::{Duration, Instant};

use helvetia_engine::{Game, GameOptions};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

const TABLE: &str = "tests/perft.json";
/// When regenerating, a depth is added only while it is predicted to take less than this.
const BUDGET: Duration = Duration::from_millis(250);
const MAX_DEPTH: usize = 10;

#[derive(Serialize, Deserialize)]
struct Table {
    about: String,
    positions: Vec<Entry>,
}

/// A start position: a new game, then `walk` random decisions chosen by a ChaCha8 generator
/// seeded with `choices` (the index is `next_u64() % legal.len()`).
#[derive(Serialize, Deserialize)]
struct Entry {
    name: String,
    options: GameOptions,
    seed: u64,
    choices: u64,
    walk: usize,
    /// `counts[d - 1]` is the number of decision sequences of length `d`.
    counts: Vec<u64>,
}

impl Entry {
    fn start(&self) -> Game {
        let mut game = Game::new(self.options, self.seed);
        let mut rng = ChaCha8Rng::seed_from_u64(self.choices);
        for step in 0..self.walk {
            let legal = game.legal_actions();
            assert!(!legal.is_empty(), "{}: the walk ended at {step}", self.name);
            game.play(legal[(rng.next_u64() % legal.len() as u64) as usize])
                .unwrap();
        }
        game
    }
}

fn perft(game: &Game, depth: usize) -> u64 {
    let legal = game.legal_actions();
    if depth <= 1 {
        return if depth == 0 { 1 } else { legal.len() as u64 };
    }
    legal
        .iter()
        .map(|&action| {
            let mut next = game.clone();
            next.play_unchecked(action);
            perft(&next, depth - 1)
        })
        .sum()
}

fn table() -> Table {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(TABLE);
    let text = std::fs::read_to_string(&path).expect("the perft table");
    serde_json::from_str(&text).expect("the perft table parses")
}

#[test]
fn perft_counts_match_the_table() {
    let table = table();
    assert!(table.positions.len() >= 8);
    for entry in &table.positions {
        assert!(entry.counts.len() >= 2, "{}: too shallow", entry.name);
        let game = entry.start();
        assert!(game.check_invariants().is_ok());
        for (index, &expected) in entry.counts.iter().enumerate() {
            let depth = index + 1;
            assert_eq!(
                perft(&game, depth),
                expected,
                "{} at depth {depth}",
                entry.name
            );
        }
    }
}

/// Recomputes every count, as deep as the time budget allows, and rewrites the table.
#[test]
#[ignore = "rewrites tests/perft.json; run by hand after an intended rules change"]
fn regenerate_perft() {
    let mut table = table();
    for entry in &mut table.positions {
        let game = entry.start();
        entry.counts.clear();
        let mut last = Duration::ZERO;
        let mut branching = 1.0f64;
        for depth in 1..=MAX_DEPTH {
            if depth > 2 && last.mul_f64(branching) > BUDGET {
                break;
            }
            let started = Instant::now();
            let count = perft(&game, depth);
            last = started.elapsed();
            branching = match entry.counts.last() {
                Some(&previous) if previous > 0 => (count as f64 / previous as f64).max(1.0),
                _ => count as f64,
            };
            entry.counts.push(count);
            println!("{} depth {depth}: {count} in {last:?}", entry.name);
        }
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(TABLE);
    std::fs::write(&path, serde_json::to_string_pretty(&table).unwrap() + "\n").unwrap();
}
