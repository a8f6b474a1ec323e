//! `helvetia analyse`: the search looks at every turn of a game record and prints how each
//! player's chance to win moved, the turns that cost the most, what it would have played and
//! why. The same analysis the server shows beside a finished game's replay.

use std::path::PathBuf;
use std::process::ExitCode;

use helvetia_ai::analysis::{analyse, Analysis, AnalysisSettings, TurnReview};
use helvetia_engine::Action;

use crate::failure::{exit, Failure};
use crate::input::{load, Input};

/// The record and how hard to look at it.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A game record (JSON: options, seed, actions).
    file: PathBuf,
    /// Search iterations per turn.
    #[arg(long, default_value_t = AnalysisSettings::default().iterations)]
    iterations: u32,
    /// Seed of the searches: the same seed and iterations give the same analysis.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Turns searched at once (default: the machine's cores). The result does not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Print the analysis as JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// No progress bar (for logs).
    #[arg(long)]
    quiet: bool,
}

/// How many of the costliest turns the table names.
const COSTLIEST: usize = 3;

/// Analyses the record and prints the result.
pub fn run(args: Args) -> ExitCode {
    exit(run_checked(&args))
}

fn run_checked(args: &Args) -> Result<(), Failure> {
    let loaded = load(&args.file)?;
    let Input::Record(record) = loaded.input else {
        return Err(Failure::bad_input(format!(
            "{}: a position has no history to analyse; give a game record",
            args.file.display()
        )));
    };
    if args.iterations == 0 {
        return Err(Failure::bad_input("--iterations must be at least 1"));
    }
    let threads = crate::progress::threads(args.threads);
    let bar = crate::progress::bar(0, "turns", args.quiet);
    let settings = AnalysisSettings {
        iterations: args.iterations,
        seed: args.seed,
    };
    let progress = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let analysis = analyse(&record, settings, threads, &progress)
        .map_err(|error| Failure::bad_input(format!("{}: {error}", args.file.display())))?;
    bar.finish_and_clear();
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&analysis).expect("an analysis serialises")
        );
    } else {
        print!("{}", table(&analysis));
    }
    Ok(())
}

/// The analysis for people: every turn on a line, then the costliest turns with the reasons.
fn table(analysis: &Analysis) -> String {
    let mut out = String::new();
    out.push_str("turn  round  player  chance before → after   lost  played / preferred\n");
    for (number, turn) in analysis.turns.iter().enumerate() {
        let seat = turn.seat as usize;
        let preferred = if turn.as_preferred() {
            "(as preferred)".to_string()
        } else {
            format!("/ {}", first_label(&turn.preferred))
        };
        out.push_str(&format!(
            "{:>4}  {:>5}  {:>6}  {:>6.1}% → {:>5.1}%  {:>5.1}  {} {}\n",
            number + 1,
            turn.round,
            seat + 1,
            turn.before[seat] * 100.0,
            turn.after[seat] * 100.0,
            turn.loss() * 100.0,
            first_label(&turn.played),
            preferred,
        ));
    }
    let outcome: Vec<String> = analysis
        .outcome
        .iter()
        .enumerate()
        .map(|(seat, share)| format!("player {}: {:.0}%", seat + 1, share * 100.0))
        .collect();
    out.push_str(&format!("\nend: {}\n", outcome.join(", ")));
    out.push_str("\nthe turns that cost the most:\n");
    for turn in analysis.costliest(COSTLIEST) {
        out.push_str(&costly_turn(analysis, turn));
    }
    out.push_str(&format!(
        "\n{} iterations per turn, seed {}\n",
        analysis.settings.iterations, analysis.settings.seed
    ));
    out
}

/// One costly turn: where it was, what it cost, what the search would have played, and why.
fn costly_turn(analysis: &Analysis, turn: &TurnReview) -> String {
    let number = analysis
        .turns
        .iter()
        .position(|t| t.start == turn.start)
        .map_or(0, |i| i + 1);
    let reasons: Vec<String> = turn
        .why
        .iter()
        .map(|(term, points)| format!("{term:?} {points:+.1}").to_lowercase())
        .collect();
    format!(
        "  turn {number} (round {}, player {}, replay step {}): {:.1} points of chance lost\n    played:    {}\n    preferred: {}\n    why (evaluation, victory points): {}\n",
        turn.round,
        turn.seat + 1,
        turn.start,
        turn.loss() * 100.0,
        labels(&turn.played),
        labels(&turn.preferred),
        if reasons.is_empty() { "—".to_string() } else { reasons.join(", ") },
    )
}

fn first_label(actions: &[Action]) -> String {
    actions.first().map_or_else(|| "—".to_string(), Action::label)
}

fn labels(actions: &[Action]) -> String {
    let labels: Vec<String> = actions.iter().map(Action::label).collect();
    if labels.is_empty() {
        "—".to_string()
    } else {
        labels.join("; ")
    }
}
