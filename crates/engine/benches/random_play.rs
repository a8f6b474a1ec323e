//! Random-play speed: decisions per second, whole games per second, and the cost of a clone.
//!
//! Run with `cargo bench -p helvetia-engine --bench random_play`. Search-based bots spend their
//! time exactly here (list the legal actions, play one, copy the game), so these are the numbers
//! that bound how strong a bot can be in a given time. Before the benchmarks run, `main` checks
//! with a counting allocator that cloning a game and playing a decision never touch the heap.

use std::alloc::System;

use divan::counter::ItemsCount;
use divan::{black_box, AllocProfiler, Bencher};
use helvetia_engine::{Game, GameOptions};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};

/// Divan's profiler reports allocations per benchmark; the counting allocator beneath it lets
/// `main` assert that there are none.
#[global_allocator]
static ALLOCATOR: AllocProfiler<&StatsAlloc<System>> = AllocProfiler::new(&INSTRUMENTED_SYSTEM);

/// Decisions per timed sample of the decision benchmark.
const BATCH: u64 = 10_000;

/// xorshift64*: a few instructions per number, so the benchmark measures the engine.
struct CheapRng(u64);

impl CheapRng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        ((self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as usize * bound) >> 32
    }
}

/// One uniformly random legal decision; `false` once the game is over.
fn random_decision(game: &mut Game, rng: &mut CheapRng) -> bool {
    let legal = game.legal_actions();
    if legal.is_empty() {
        return false;
    }
    game.play_unchecked(legal[rng.below(legal.len())]);
    true
}

/// A game after `walk` random decisions, for the clone benchmark.
fn mid_game(players: u8, walk: usize) -> Game {
    let mut game = Game::new(GameOptions::for_players(players), 1);
    let mut rng = CheapRng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..walk {
        random_decision(&mut game, &mut rng);
    }
    game
}

/// Random decisions through game after game (new games are clones of pre-dealt ones).
#[divan::bench(args = [2, 3, 4])]
fn decisions(bencher: Bencher, players: u8) {
    let starts: Vec<Game> = (0..64)
        .map(|seed| Game::new(GameOptions::for_players(players), seed))
        .collect();
    let mut rng = CheapRng(0x2545_f491_4f6c_dd1d);
    let mut next = 0;
    let mut game = starts[0].clone();
    bencher.counter(ItemsCount::new(BATCH)).bench_local(|| {
        for _ in 0..BATCH {
            if !random_decision(&mut game, &mut rng) {
                next = (next + 1) % starts.len();
                game = starts[next].clone();
            }
        }
    });
}

/// Whole random games from the deal to the end, one per iteration.
#[divan::bench(args = [2, 4])]
fn full_games(bencher: Bencher, players: u8) {
    let mut seed = 0u64;
    let mut rng = CheapRng(0x0123_4567_89ab_cdef);
    bencher.counter(ItemsCount::new(1u64)).bench_local(|| {
        seed += 1;
        let mut game = Game::new(GameOptions::for_players(players), seed);
        while random_decision(&mut game, &mut rng) {}
        black_box(game)
    });
}

/// Copying a mid-game position, as search does at every node.
#[divan::bench(args = [2, 4])]
fn clone_game(bencher: Bencher, players: u8) {
    let game = mid_game(players, 250);
    bencher.bench_local(|| black_box(&game).clone());
}

/// Heap operations while `f` runs.
fn heap_operations(f: impl FnOnce()) -> usize {
    let region = Region::new(&INSTRUMENTED_SYSTEM);
    f();
    let change = region.change();
    change.allocations + change.reallocations
}

fn main() {
    for players in [2, 3, 4] {
        let mut game = mid_game(players, 200);
        let cloning = heap_operations(|| {
            black_box(black_box(&game).clone());
        });
        assert_eq!(cloning, 0, "cloning a {players}-player game allocated");
        let mut rng = CheapRng(7);
        let playing = heap_operations(|| {
            for _ in 0..1000 {
                black_box(random_decision(&mut game, &mut rng));
            }
        });
        assert_eq!(playing, 0, "random {players}-player decisions allocated");
        println!("{players} players: clone and 1000 decisions made {cloning} + {playing} heap allocations");
    }
    println!(
        "a game is {} bytes, copied by a clone",
        std::mem::size_of::<Game>()
    );
    divan::main();
}
