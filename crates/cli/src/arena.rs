//! `helvetia arena`: bots play each other; a table and a JSON file say how well.
//!
//! Seats rotate so every listed bot sits in every seat equally often (over each run of as many
//! games as bots listed). Games run in parallel, one per thread. A bot that plays an illegal
//! action or panics stops the arena with a non-zero exit status, and so do results that do not
//! show an expected order of strength (`--expect-order`).

use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use helvetia_ai::stats::{head_to_head, summarize, BotSummary, HeadToHead};
use helvetia_ai::tournament::{self, GameResult, TournamentConfig};
use helvetia_ai::{parse_list, BotSpec};
use helvetia_engine::GameOptions;
use serde::Serialize;

use crate::failure::{exit, Failure};

/// Exit status when a bot breaks the rules or crashes, or the results do not show the expected
/// order of strength.
const BOT_FAILED: u8 = 1;

/// Which bots, how many games, of what kind.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Bots in seating order, comma-separated: random, greedy, mcts:2000,
    /// mcts:iterations=2000,c=0.9, mcts:ms=500, mcts:threads=2. Repeat a name to seat it twice.
    #[arg(long)]
    bots: String,
    /// Players per game: 2, 3 or 4.
    #[arg(long)]
    players: u8,
    /// Number of games.
    #[arg(long)]
    games: u32,
    /// Seed of the tournament: every deal and every bot's choices follow from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Write the results, with every game's record, to this JSON file.
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// Stop each game after this many rounds; it is then ranked by the usual scoring.
    #[arg(long, default_value_t = 60)]
    round_limit: u16,
    /// No progress bar (for logs).
    #[arg(long)]
    quiet: bool,
    /// Fail (exit status 1) unless the games show each bot stronger than the next, strongest
    /// first: `level:mcts>level:good>greedy`. Each name is one of --bots, written as there or
    /// in any form that names the same bot. For each neighbouring pair, the games where both sat
    /// count as a win for the better ranked of the two, and a one-sided sign test over them
    /// must reject equal strength at --confidence.
    #[arg(long, value_name = "BOT>BOT[>…]")]
    expect_order: Option<String>,
    /// Confidence at which --expect-order must be shown.
    #[arg(long, default_value_t = 0.99)]
    confidence: f64,
}

/// The JSON written by `--out`.
#[derive(Serialize)]
struct Report<'a> {
    bots: Vec<String>,
    players: u8,
    games: u32,
    seed: u64,
    round_limit: u16,
    threads: usize,
    seconds: f64,
    summary: &'a [BotSummary],
    results: &'a [GameResult],
}

/// Plays the tournament, prints the table, writes the JSON.
pub fn run(args: Args) -> ExitCode {
    exit(arena(&args))
}

/// The bots of `--expect-order`, strongest first, as their canonical names among `names`.
fn expected_order(text: &str, names: &[String]) -> Result<Vec<String>, Failure> {
    let mut order: Vec<String> = Vec::new();
    for item in text.split('>') {
        let spec: BotSpec = item
            .parse()
            .map_err(|e| Failure::bad_input(format!("--expect-order: {e}")))?;
        let name = spec.to_string();
        if !names.contains(&name) {
            return Err(Failure::bad_input(format!(
                "--expect-order: {} is not one of --bots",
                item.trim()
            )));
        }
        if order.contains(&name) {
            return Err(Failure::bad_input(format!(
                "--expect-order: {name} is named twice"
            )));
        }
        order.push(name);
    }
    if order.len() < 2 {
        return Err(Failure::bad_input(
            "--expect-order: at least two bots, the stronger first: a>b",
        ));
    }
    Ok(order)
}

fn check(args: &Args) -> Result<Vec<BotSpec>, Failure> {
    let bots = parse_list(&args.bots).map_err(|e| Failure::bad_input(format!("--bots: {e}")))?;
    if !(args.confidence > 0.0 && args.confidence < 1.0) {
        return Err(Failure::bad_input(
            "--confidence must lie between 0 and 1, e.g. 0.99",
        ));
    }
    let options = GameOptions {
        round_limit: Some(args.round_limit),
        ..GameOptions::for_players(args.players)
    };
    options
        .check()
        .map_err(|e| Failure::bad_input(format!("--players/--round-limit: {e}")))?;
    if args.games == 0 {
        return Err(Failure::bad_input("--games must be at least 1"));
    }
    if args.threads == Some(0) {
        return Err(Failure::bad_input("--threads must be at least 1"));
    }
    if let Some(dir) = args.out.as_ref().and_then(|p| p.parent()) {
        if !dir.as_os_str().is_empty() && !dir.is_dir() {
            return Err(Failure::bad_input(format!(
                "--out: the folder {} does not exist",
                dir.display()
            )));
        }
    }
    Ok(bots)
}

fn arena(args: &Args) -> Result<(), Failure> {
    let bots = check(args)?;
    let threads = crate::progress::threads(args.threads);
    let names: Vec<String> = bots.iter().map(|b| b.to_string()).collect();
    let order = match &args.expect_order {
        Some(text) => expected_order(text, &names)?,
        None => Vec::new(),
    };
    if !(args.games as usize).is_multiple_of(names.len()) {
        eprintln!(
            "helvetia: note: {} games is not a multiple of {} bots, so seats are not quite balanced",
            args.games,
            names.len()
        );
    }
    let config = TournamentConfig {
        bots,
        players: args.players,
        games: args.games,
        seed: args.seed,
        round_limit: Some(args.round_limit),
        threads,
    };
    let bar = crate::progress::bar(u64::from(args.games), "games", args.quiet);
    let wins = Mutex::new(vec![0.0f64; names.len()]);
    let started = Instant::now();
    let on_game = |result: &GameResult| {
        let mut wins = wins.lock().expect("wins");
        for seat in &result.seats {
            let first = names.iter().position(|n| *n == seat.bot).unwrap_or(0);
            wins[first] += seat.win_share;
        }
        let leader = (0..names.len())
            .max_by(|&a, &b| wins[a].total_cmp(&wins[b]))
            .unwrap_or(0);
        bar.set_message(format!(
            "leading: {} ({:.1} wins)",
            names[leader], wins[leader]
        ));
        bar.inc(1);
    };
    let results = tournament::run(&config, &on_game)
        .map_err(|e| Failure::with_status(BOT_FAILED, e.to_string()));
    bar.finish_and_clear();
    let results = results?;
    let seconds = started.elapsed().as_secs_f64();
    let summary = summarize(&names, &results);
    print_table(args, &summary, &results, seconds);
    if let Some(path) = &args.out {
        let report = Report {
            bots: names,
            players: args.players,
            games: args.games,
            seed: args.seed,
            round_limit: args.round_limit,
            threads,
            seconds,
            summary: &summary,
            results: &results,
        };
        let json = serde_json::to_string(&report).expect("results serialise");
        std::fs::write(path, json)
            .map_err(|e| Failure::bad_input(format!("--out {}: {e}", path.display())))?;
        println!("results with every game record: {}", path.display());
    }
    check_order(&order, &results, args.confidence)
}

/// Prints, for each neighbouring pair of `order`, their games against each other and the sign
/// test; fails naming every pair whose order the games do not show at `confidence`.
fn check_order(order: &[String], results: &[GameResult], confidence: f64) -> Result<(), Failure> {
    let mut not_shown = Vec::new();
    for pair in order.windows(2) {
        let [stronger, weaker] = pair else {
            unreachable!("windows of two")
        };
        let record = head_to_head(stronger, weaker, results);
        let p = record.p_value();
        let shown = p <= 1.0 - confidence;
        let verdict = if shown { "shown" } else { "NOT shown" };
        println!(
            "expected {stronger} > {weaker}: {}; one-sided sign test p = {}, {verdict} at {}% confidence",
            describe(&record),
            probability(p),
            100.0 * confidence
        );
        if !shown {
            not_shown.push(format!(
                "the results do not show {stronger} stronger than {weaker} at {}% confidence \
                 ({}; p = {} > {})",
                100.0 * confidence,
                describe(&record),
                probability(p),
                probability(1.0 - confidence)
            ));
        }
    }
    if not_shown.is_empty() {
        Ok(())
    } else {
        Err(Failure::with_lines(BOT_FAILED, not_shown))
    }
}

/// "ranked better in 70 of 98 games that ranked them apart, 2 more tied".
fn describe(record: &HeadToHead) -> String {
    format!(
        "ranked better in {} of {} games that ranked them apart, {} more tied",
        record.better,
        record.better + record.worse,
        record.tied
    )
}

/// A probability to three decimals, or in scientific notation where that would show zeros.
fn probability(p: f64) -> String {
    if p >= 0.001 {
        format!("{p:.3}")
    } else {
        format!("{p:.1e}")
    }
}

fn print_table(args: &Args, summary: &[BotSummary], results: &[GameResult], seconds: f64) {
    let limited = results.iter().filter(|r| r.hit_round_limit).count();
    let rounds: f64 =
        results.iter().map(|r| f64::from(r.rounds)).sum::<f64>() / results.len().max(1) as f64;
    println!(
        "{} games of {} players, seed {}, {:.1} s; mean {:.1} rounds; {} stopped by the round limit of {}",
        results.len(),
        args.players,
        args.seed,
        seconds,
        rounds,
        limited,
        args.round_limit
    );
    let width = summary
        .iter()
        .map(|s| s.bot.len())
        .max()
        .unwrap_or(3)
        .max(3);
    println!(
        "{:<width$}  {:>6}  {:>7}  {:>6}  {:>15}  {:>6}  {:>5}  {:>11}  {:>9}",
        "bot", "games", "wins", "win %", "95% CI", "score", "rank", "ms/decision", "decisions/s"
    );
    for s in summary {
        println!(
            "{:<width$}  {:>6}  {:>7.1}  {:>5.1}%  {:>6.1}% – {:>5.1}%  {:>6.2}  {:>5.2}  {:>11.2}  {:>9.0}",
            s.bot,
            s.games,
            s.wins,
            100.0 * s.win_rate,
            100.0 * s.win_low,
            100.0 * s.win_high,
            s.mean_score,
            s.mean_rank,
            s.mean_decision_ms,
            s.decisions_per_second
        );
    }
}
