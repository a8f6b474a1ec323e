//! The learned evaluation's speed: the network alone on ready features, and the whole
//! evaluation of a position (features, then the network) beside today's hand-written one.
//! Divide one second by a median for evaluations per second on one core.
//!
//! The positions are reached by a fixed seeded random walk, as in `search.rs`.

use divan::black_box;
use helvetia_ai::evaluate::{evaluate, Weights};
use helvetia_ai::learn::features::features;
use helvetia_ai::learn::network::ValueNetwork;
use helvetia_engine::{Game, GameOptions, Position, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn main() {
    divan::main();
}

/// The position `decisions` random decisions into a seeded game of `players`.
fn position(players: u8, decisions: u32) -> Position {
    let mut game = Game::new(GameOptions::for_players(players), 2024);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..decisions {
        let legal = game.legal_actions();
        game.play(legal[rng.next_u64() as usize % legal.len()])
            .unwrap();
    }
    game.position().clone()
}

const CASES: [(u8, u32); 3] = [(2, 150), (3, 200), (4, 250)];

/// The network on features computed beforehand.
#[divan::bench(args = CASES)]
fn network_on_features(bencher: divan::Bencher, case: (u8, u32)) {
    let network = ValueNetwork::builtin();
    let x = features(&position(case.0, case.1), Seat(0));
    bencher.bench(|| network.shares(black_box(&x)));
}

/// A position's features and the network: what the search pays at a leaf.
#[divan::bench(args = CASES)]
fn network_on_a_position(bencher: divan::Bencher, case: (u8, u32)) {
    let network = ValueNetwork::builtin();
    let position = position(case.0, case.1);
    bencher.bench(|| network.evaluate(black_box(&position), Seat(0)));
}

/// Today's hand-written evaluation of every seat, for comparison.
#[divan::bench(args = CASES)]
fn hand_written_evaluation(bencher: divan::Bencher, case: (u8, u32)) {
    let position = position(case.0, case.1);
    let weights = Weights::default();
    bencher.bench(|| evaluate(black_box(&position), &weights));
}
