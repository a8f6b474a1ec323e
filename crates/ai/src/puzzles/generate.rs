//! A first set of puzzles from self-play: games of two cheap levels of the ladder, `greedy`
//! against `good` (150 search iterations a decision), mined as they finish. Both play quickly
//! and both make mistakes a stronger search can show, in positions a real game reaches.

use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use crate::bot::mix;
use crate::ladder::Level;
use crate::parallel::in_index_order;
use crate::tournament::{play_game, TournamentConfig};

use super::judge::PuzzleSettings;
use super::mine::mine;
use super::Puzzle;

/// The levels that play the games.
const LEVELS: [&str; 2] = ["greedy", "good"];

/// What a generation did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GenerationStats {
    /// Games played and mined.
    pub games: usize,
    /// Decisions looked at (not forced, not too wide).
    pub decisions: usize,
    /// Candidates judged.
    pub candidates: usize,
    /// Puzzles kept.
    pub puzzles: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Thread-seconds spent playing the games.
    pub play_seconds: f64,
    /// Thread-seconds spent on the first looks at every decision.
    pub look_seconds: f64,
    /// Thread-seconds spent judging the candidates (two judgements each).
    pub judge_seconds: f64,
}

/// The players at game `index`'s table: two and three in turn.
fn players(index: usize) -> u8 {
    2 + (index % 2) as u8
}

/// Plays `games` self-play games of the ladder's cheap levels from `seed` and mines each for
/// puzzles, on `threads` threads, calling `progress(done, games)` as each game is mined. The
/// puzzles come back in game order, whatever the threads.
///
/// # Panics
/// If a bot plays an illegal action or panics (a bug in the bots).
pub fn generate(
    games: usize,
    threads: usize,
    settings: &PuzzleSettings,
    seed: u64,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> (Vec<Puzzle>, GenerationStats) {
    let started = Instant::now();
    let bots = LEVELS
        .iter()
        .map(|key| Level::named(key).expect("a level of the ladder").spec())
        .collect::<Vec<_>>();
    let done = AtomicUsize::new(0);
    let found = in_index_order(games, threads, |index| {
        let config = TournamentConfig {
            bots: bots.clone(),
            players: players(index),
            games: games as u32,
            seed,
            round_limit: None,
            threads: 1,
        };
        let playing = Instant::now();
        let played = play_game(&config, index as u32).expect("the ladder's bots play legally");
        let playing_seconds = playing.elapsed().as_secs_f64();
        let (puzzles, counts) = mine(
            &played.record,
            None,
            settings,
            mix(seed ^ mix(index as u64)),
        )
        .expect("a self-play record replays");
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, games);
        Ok::<_, Infallible>((puzzles, counts, playing_seconds))
    });
    let Ok(found) = found;
    let mut stats = GenerationStats {
        games: found.len(),
        ..GenerationStats::default()
    };
    let mut puzzles = Vec::new();
    for (mined, counts, play_seconds) in found {
        stats.play_seconds += play_seconds;
        stats.look_seconds += counts.look_seconds;
        stats.judge_seconds += counts.judge_seconds;
        stats.decisions += counts.decisions;
        stats.candidates += counts.candidates;
        stats.puzzles += counts.puzzles;
        puzzles.extend(mined);
    }
    stats.seconds = started.elapsed().as_secs_f64();
    (puzzles, stats)
}
