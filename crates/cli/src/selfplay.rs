//! `helvetia selfplay`: uniformly random games, every invariant checked after every decision;
//! with `--record FILE`, bots' games written as training positions (`record_positions.rs`).
//!
//! The quickest way to find a rule that breaks the engine's own bookkeeping: game `i` is dealt
//! from seed `S + i` and its choices come from a ChaCha8 generator with the same seed, so any
//! failure it names can be replayed exactly.

use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::time::Instant;

use helvetia_engine::{Game, GameOptions, MAX_PLAYERS};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::failure::{exit, Failure};
use crate::record_positions::Recording;

/// Exit status when self-play finds a broken game.
const BROKEN_GAME: u8 = 1;

/// How many games, of what kind.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Number of games.
    #[arg(long)]
    games: u64,
    /// Players per game: 2, 3 or 4.
    #[arg(long)]
    players: u8,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Stop each game after this many rounds.
    #[arg(long, default_value_t = 100)]
    round_limit: u16,
    /// Instead of random games, let --bots play and write every decision as a training
    /// position to this file (the format is in docs/ai.md).
    #[arg(long, value_name = "FILE")]
    record: Option<std::path::PathBuf>,
    /// The bots whose games --record writes, seated in turn as in `helvetia arena`.
    #[arg(long, requires = "record", default_value = "level:good")]
    bots: String,
    /// Games played at once with --record (default: the machine's cores).
    #[arg(long, requires = "record")]
    threads: Option<usize>,
    /// No progress bar with --record (for logs).
    #[arg(long, requires = "record")]
    quiet: bool,
}

/// Totals over the games played.
#[derive(Debug, Default)]
struct Summary {
    games: u64,
    decisions: u64,
    rounds: u64,
    stopped_by_round_limit: u64,
    wins: [u64; MAX_PLAYERS],
    shared_wins: u64,
    /// The most rounds one game took, and that game's seed.
    longest: (u16, u64),
}

/// One finished game's contribution to the summary.
struct Outcome {
    seed: u64,
    decisions: u64,
    rounds: u16,
    stopped_by_round_limit: bool,
    winners: Vec<usize>,
}

/// Plays the games and prints the summary, or names the first broken game.
pub fn run(args: Args) -> ExitCode {
    match &args.record {
        Some(path) => exit(crate::record_positions::record(&Recording {
            path,
            bots: &args.bots,
            players: args.players,
            games: args.games,
            seed: args.seed,
            round_limit: args.round_limit,
            threads: crate::progress::threads(args.threads),
            quiet: args.quiet,
        })),
        None => exit(selfplay(&args)),
    }
}

fn selfplay(args: &Args) -> Result<(), Failure> {
    let mut options = GameOptions::for_players(args.players);
    options.round_limit = Some(args.round_limit);
    options.check().map_err(Failure::bad_input)?;
    let started = Instant::now();
    let mut summary = Summary::default();
    for index in 0..args.games {
        let seed = args.seed.wrapping_add(index);
        let outcome = play_caught(options, seed)?;
        summary.add(&outcome);
        if summary.games.is_multiple_of(1000) {
            println!(
                "{} games, {} decisions, {:.1} s",
                summary.games,
                summary.decisions,
                started.elapsed().as_secs_f64()
            );
        }
    }
    summary.print(args.players, started.elapsed().as_secs_f64());
    Ok(())
}

/// Plays one game, turning a panic into a failure that names the game.
fn play_caught(options: GameOptions, seed: u64) -> Result<Outcome, Failure> {
    let mut decision = 0u64;
    let result = panic::catch_unwind(AssertUnwindSafe(|| play_one(options, seed, &mut decision)));
    match result {
        Ok(outcome) => outcome,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            Err(Failure::with_status(
                BROKEN_GAME,
                format!("game seed {seed}, decision {decision}: panicked: {message}"),
            ))
        }
    }
}

fn play_one(options: GameOptions, seed: u64, decision: &mut u64) -> Result<Outcome, Failure> {
    let broken = |decision: u64, what: String| {
        Failure::with_status(
            BROKEN_GAME,
            format!("game seed {seed}, decision {decision}: {what}"),
        )
    };
    let mut game = Game::new(options, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !game.is_over() {
        let legal = game.legal_actions();
        if legal.is_empty() {
            return Err(broken(
                *decision,
                format!("no legal action in phase {:?}", game.position().phase),
            ));
        }
        let action = legal[(rng.next_u64() % legal.len() as u64) as usize];
        game.play(action)
            .map_err(|error| broken(*decision, format!("a listed action was refused: {error}")))?;
        if let Err(errors) = game.check_invariants() {
            let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
            return Err(broken(
                *decision,
                format!("after {}: {}", action.label(), list.join("; ")),
            ));
        }
        *decision += 1;
    }
    let position = game.position();
    let target = options.target();
    Ok(Outcome {
        seed,
        decisions: *decision,
        rounds: position.round,
        stopped_by_round_limit: position.players.iter().all(|p| p.score_track < target),
        winners: game
            .standings()
            .iter()
            .filter(|standing| standing.rank == 1)
            .map(|standing| standing.seat.index())
            .collect(),
    })
}

impl Summary {
    fn add(&mut self, outcome: &Outcome) {
        self.games += 1;
        self.decisions += outcome.decisions;
        self.rounds += u64::from(outcome.rounds);
        self.stopped_by_round_limit += u64::from(outcome.stopped_by_round_limit);
        for &seat in &outcome.winners {
            self.wins[seat] += 1;
        }
        self.shared_wins += u64::from(outcome.winners.len() > 1);
        if outcome.rounds > self.longest.0 {
            self.longest = (outcome.rounds, outcome.seed);
        }
    }

    fn print(&self, players: u8, seconds: f64) {
        let games = self.games.max(1) as f64;
        println!("games: {}", self.games);
        println!("decisions: {}", self.decisions);
        println!(
            "mean rounds: {:.2}; longest game: {} rounds (seed {})",
            self.rounds as f64 / games,
            self.longest.0,
            self.longest.1
        );
        println!(
            "ended by the round limit: {} ({:.1}%)",
            self.stopped_by_round_limit,
            100.0 * self.stopped_by_round_limit as f64 / games
        );
        let wins: Vec<String> = (0..players as usize)
            .map(|seat| format!("P{}={}", seat + 1, self.wins[seat]))
            .collect();
        println!(
            "wins by seat: {} (shared victories: {})",
            wins.join(" "),
            self.shared_wins
        );
        println!(
            "decisions per second: {:.0} ({:.2} s)",
            self.decisions as f64 / seconds.max(1e-9),
            seconds
        );
    }
}
