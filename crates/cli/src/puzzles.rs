//! `helvetia puzzles`: puzzles from games. `generate` plays self-play games of the ladder's
//! cheap levels, keeps the decisions where the mover's choice cost them clearly (judged from
//! the mover's view only), and writes one puzzle per line as JSON.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use helvetia_ai::puzzles::{generate, PuzzleSettings};

use crate::failure::{exit, Failure};

/// What to do with puzzles.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Play self-play games of the ladder's cheap levels and write the puzzles found in them
    /// (newline-delimited JSON), with a summary on stderr.
    Generate(Generate),
}

/// How many games, from which seed, and where to write.
#[derive(Debug, clap::Args)]
struct Generate {
    /// Self-play games to play and mine.
    #[arg(long)]
    games: usize,
    /// Games mined at once (default: the machine's cores). The puzzles do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Seed: every game, deal and search follows from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the puzzles to this file instead of stdout.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The small settings of the tests (fewer deals and iterations): quick, and less sure.
    #[arg(long)]
    quick: bool,
    /// No progress bar (for logs).
    #[arg(long)]
    quiet: bool,
}

/// Runs the subcommand.
pub fn run(args: Args) -> ExitCode {
    match args.command {
        Command::Generate(generate) => exit(run_generate(&generate)),
    }
}

fn run_generate(args: &Generate) -> Result<(), Failure> {
    if args.games == 0 {
        return Err(Failure::bad_input("--games must be at least 1"));
    }
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| Failure::bad_input(format!("--out {}: {e}", path.display())))?,
        )),
        None => Box::new(std::io::stdout().lock()),
    };
    let settings = if args.quick {
        PuzzleSettings::quick()
    } else {
        PuzzleSettings::default()
    };
    let threads = crate::progress::threads(args.threads);
    let bar = crate::progress::bar(args.games as u64, "games", args.quiet);
    let progress = |done: usize, _total: usize| bar.set_position(done as u64);
    let (puzzles, stats) = generate(args.games, threads, &settings, args.seed, &progress);
    bar.finish_and_clear();
    let mut written = || -> std::io::Result<()> {
        for puzzle in &puzzles {
            serde_json::to_writer(&mut out, puzzle)?;
            out.write_all(b"\n")?;
        }
        out.flush()
    };
    written().map_err(|e| Failure::with_status(1, format!("writing the puzzles: {e}")))?;
    eprintln!(
        "{} games, {} decisions looked at, {} candidates judged, {} puzzles ({:.1} per 1,000 games) in {:.1} s on {} threads",
        stats.games,
        stats.decisions,
        stats.candidates,
        stats.puzzles,
        stats.puzzles as f64 * 1000.0 / stats.games.max(1) as f64,
        stats.seconds,
        threads,
    );
    eprintln!(
        "thread-seconds: {:.1} playing, {:.1} first looks, {:.1} judging ({:.2} per candidate judged)",
        stats.play_seconds,
        stats.look_seconds,
        stats.judge_seconds,
        stats.judge_seconds / stats.candidates.max(1) as f64,
    );
    Ok(())
}
