//! `helvetia ladder`: every level of the bot ladder plays every other in two-player games, and
//! a Bradley–Terry fit of the results gives each level an Elo-scale rating with a 95% interval
//! (the beginner anchored at 1000), and the interval of its step above the level below, which
//! says whether two neighbours are apart. The table it prints is the one in docs/ai.md.

use std::process::ExitCode;

use helvetia_ai::bradley_terry::{fit, Meeting, Rating};
use helvetia_ai::ladder::{Level, LEVELS};
use helvetia_ai::tournament::{self, TournamentConfig};
use serde::Serialize;

use crate::failure::{exit, Failure};

/// How many games, from which seed.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Games per pair of levels (seats alternate).
    #[arg(long, default_value_t = 20)]
    games_per_pair: u32,
    /// Games added between each level above the beginner and the next one up, where the
    /// ladder's question is closest (seats alternate; the first games are those of
    /// `--games-per-pair`). The beginner, who loses every game, gets none: more of its
    /// losses say nothing new and would only outweigh the prior that places the level above it.
    #[arg(long, default_value_t = 0)]
    neighbour_games: u32,
    /// Seed: every deal and every bot's choices follow from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Write the ratings, and every game's result by pair, to this JSON file.
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// No progress bar (for logs).
    #[arg(long)]
    quiet: bool,
}

/// The rating of the weakest level.
const ANCHOR_RATING: f64 = 1000.0;

/// Resamplings of the games for the intervals.
const RESAMPLES: usize = 1000;

/// The JSON written by `--out`.
#[derive(Serialize)]
struct Report {
    games_per_pair: u32,
    neighbour_games: u32,
    seed: u64,
    levels: Vec<LevelReport>,
    pairs: Vec<PairReport>,
}

/// Every game of one pair of levels, so that the fit can be made again without playing them.
#[derive(Serialize)]
struct PairReport {
    lower: &'static str,
    higher: &'static str,
    /// The lower level's share of each game's victory (1, 0, or ½ when tied), in the order played.
    scores: Vec<f64>,
}

#[derive(Serialize)]
struct LevelReport {
    key: &'static str,
    bot: &'static str,
    rating: Rating,
    /// The rating less the level below's, with that difference's interval.
    above_the_level_below: Option<Rating>,
    games: u32,
    score: f64,
}

/// Plays the round robin and prints the ratings.
pub fn run(args: Args) -> ExitCode {
    exit(run_checked(&args))
}

fn run_checked(args: &Args) -> Result<(), Failure> {
    if args.games_per_pair == 0 {
        return Err(Failure::bad_input("--games-per-pair must be at least 1"));
    }
    let threads = crate::progress::threads(args.threads);
    let pairs: Vec<(usize, usize)> = (0..LEVELS.len())
        .flat_map(|a| (a + 1..LEVELS.len()).map(move |b| (a, b)))
        .collect();
    let games_of = |(a, b): (usize, usize)| {
        let neighbours_above_the_beginner = a > 0 && b == a + 1;
        args.games_per_pair
            + if neighbours_above_the_beginner {
                args.neighbour_games
            } else {
                0
            }
    };
    let total: u64 = pairs.iter().map(|&pair| u64::from(games_of(pair))).sum();
    let bar = crate::progress::bar(total, "games", args.quiet);
    let mut meetings = Vec::new();
    let mut pair_reports = Vec::new();
    for (pair_index, &(a, b)) in pairs.iter().enumerate() {
        bar.set_message(format!("{} – {}", LEVELS[a].key, LEVELS[b].key));
        let config = TournamentConfig {
            bots: vec![LEVELS[a].spec(), LEVELS[b].spec()],
            players: 2,
            games: games_of((a, b)),
            seed: args.seed ^ (pair_index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            round_limit: Some(60),
            threads,
        };
        let results = tournament::run(&config, &|_| bar.inc(1))
            .map_err(|e| Failure::with_status(1, e.to_string()))?;
        for result in &results {
            let first = result
                .seats
                .iter()
                .find(|seat| seat.entry == 0)
                .expect("the first level sat");
            meetings.push(Meeting {
                first: a,
                second: b,
                score: first.win_share,
            });
        }
        pair_reports.push(PairReport {
            lower: LEVELS[a].key,
            higher: LEVELS[b].key,
            scores: meetings[meetings.len() - results.len()..]
                .iter()
                .map(|meeting| meeting.score)
                .collect(),
        });
    }
    bar.finish_and_clear();
    let fitted = fit(LEVELS.len(), &meetings, 0, ANCHOR_RATING, RESAMPLES, args.seed);
    let levels: Vec<LevelReport> = LEVELS
        .iter()
        .enumerate()
        .map(|(index, level)| {
            let step = index.checked_sub(1).map(|below| fitted.steps[below]);
            level_report(index, level, fitted.ratings[index], step, &meetings)
        })
        .collect();
    println!("| level | bot | rating | 95% interval | above the level below (95%) | games | score |");
    println!("|---|---|---:|---|---|---:|---:|");
    for level in &levels {
        let step = level.above_the_level_below.map_or(String::from("(anchor)"), |step| {
            format!("{:+.0} ({:.0} – {:.0})", step.rating, step.low, step.high)
        });
        println!(
            "| {} | `{}` | {:.0} | {:.0} – {:.0} | {step} | {} | {:.1}% |",
            level.key,
            level.bot,
            level.rating.rating,
            level.rating.low,
            level.rating.high,
            level.games,
            100.0 * level.score / f64::from(level.games.max(1)),
        );
    }
    println!(
        "\n{} games per pair and {} more between neighbours above the beginner, seed {}; Bradley–Terry fit, {} at {ANCHOR_RATING}, intervals from {RESAMPLES} resamplings of each pair's games",
        args.games_per_pair, args.neighbour_games, args.seed, LEVELS[0].key
    );
    if let Some(path) = &args.out {
        let report = Report {
            games_per_pair: args.games_per_pair,
            neighbour_games: args.neighbour_games,
            seed: args.seed,
            levels,
            pairs: pair_reports,
        };
        let json = serde_json::to_string_pretty(&report).expect("the report serialises");
        std::fs::write(path, json)
            .map_err(|e| Failure::bad_input(format!("--out {}: {e}", path.display())))?;
    }
    Ok(())
}

/// A level's line: its rating, games played and points scored.
fn level_report(
    index: usize,
    level: &Level,
    rating: Rating,
    above_the_level_below: Option<Rating>,
    meetings: &[Meeting],
) -> LevelReport {
    let mut games = 0;
    let mut score = 0.0;
    for m in meetings {
        if m.first == index {
            games += 1;
            score += m.score;
        } else if m.second == index {
            games += 1;
            score += 1.0 - m.score;
        }
    }
    LevelReport {
        key: level.key,
        bot: level.bot,
        rating,
        above_the_level_below,
        games,
        score,
    }
}
