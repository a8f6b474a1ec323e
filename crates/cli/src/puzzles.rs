//! `helvetia puzzles`: puzzles from games. `generate` plays self-play games of the ladder's
//! cheap levels, keeps the decisions where the mover's choice cost them clearly (judged from
//! the mover's view only), and writes one puzzle per line as JSON; `check` judges a sample of a
//! set again with fresh seeds and says how many hold.

use std::convert::Infallible;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use helvetia_ai::mix;
use helvetia_ai::puzzles::{generate, recheck, Puzzle, PuzzleSettings};
use helvetia_server::domain::puzzle_rating::puzzle_id;
use helvetia_server::puzzles::import::parse;

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
    /// Judge a sample of a set's puzzles again, with seeds and deals their generation never
    /// used, and say how many still hold (their accepted actions within ε of the best in the
    /// settings' share of the deals, and no other action).
    Check(Check),
}

/// Which set, how large a sample, and with what.
#[derive(Debug, clap::Args)]
struct Check {
    /// The set: one JSON puzzle a line, as `generate` writes it.
    file: PathBuf,
    /// Puzzles drawn from the set (all of them when it holds fewer).
    #[arg(long, default_value_t = 100)]
    sample: usize,
    /// Seed of the draw and of the fresh judgements.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Puzzles judged at once (default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Judge with the tests' small settings (for a set generated with --quick).
    #[arg(long)]
    quick: bool,
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
    /// The share of each game's decisions the first look sees (0 to 1): below 1, a set from
    /// many games costs less per game.
    #[arg(long, default_value_t = 1.0)]
    look_share: f32,
    /// At most this many of a game's candidates are judged, the costliest by the first look
    /// (default: the settings', 6; 2 with --quick).
    #[arg(long)]
    candidates_per_game: Option<usize>,
    /// No progress bar (for logs).
    #[arg(long)]
    quiet: bool,
}

/// Runs the subcommand.
pub fn run(args: Args) -> ExitCode {
    match args.command {
        Command::Generate(generate) => exit(run_generate(&generate)),
        Command::Check(check) => exit(run_check(&check)),
    }
}

fn run_check(args: &Check) -> Result<(), Failure> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| Failure::bad_input(format!("{}: {e}", args.file.display())))?;
    let set = parse(&args.file.display().to_string(), &text).map_err(Failure::bad_input)?;
    let drawn = |index: usize| mix(args.seed ^ mix(index as u64));
    let mut order: Vec<usize> = (0..set.len()).collect();
    order.sort_by_key(|&index| drawn(index));
    order.truncate(args.sample);
    let sample: Vec<Puzzle> = order
        .iter()
        .map(|&index| set[index].clone())
        .collect();
    let settings = if args.quick {
        PuzzleSettings::quick()
    } else {
        PuzzleSettings::default()
    };
    let threads = crate::progress::threads(args.threads);
    let failed = judge_again(&sample, &settings, threads, args.seed);
    let held = sample.len() - failed.len();
    println!(
        "{held} of {} puzzles hold with fresh seeds and deals ({:.1}%)",
        sample.len(),
        held as f64 * 100.0 / sample.len().max(1) as f64
    );
    for index in failed {
        let puzzle = &sample[index];
        let body = serde_json::to_string(puzzle).expect("a puzzle serializes");
        println!(
            "did not hold: {} ({} decisions)",
            puzzle_id(&body),
            puzzle.steps()
        );
    }
    Ok(())
}

/// Judges each puzzle of `sample` again on `threads` threads, with seeds drawn from `seed`;
/// answers the indices of those that did not hold, in order.
fn judge_again(
    sample: &[Puzzle],
    settings: &PuzzleSettings,
    threads: usize,
    seed: u64,
) -> Vec<usize> {
    let bar = crate::progress::bar(sample.len() as u64, "puzzles", false);
    let held = helvetia_ai::parallel::in_index_order(sample.len(), threads, |index| {
        let held = recheck(&sample[index], settings, mix(seed ^ FRESH_SEED ^ index as u64));
        bar.inc(1);
        Ok::<_, Infallible>(held)
    });
    bar.finish_and_clear();
    let Ok(held) = held;
    (0..sample.len()).filter(|&index| !held[index]).collect()
}

/// Set apart the fresh judgements' seeds from the draw of the sample.
const FRESH_SEED: u64 = 0xF7E5_0000_0000_0060;

fn run_generate(args: &Generate) -> Result<(), Failure> {
    if args.games == 0 {
        return Err(Failure::bad_input("--games must be at least 1"));
    }
    if !(args.look_share > 0.0 && args.look_share <= 1.0) {
        return Err(Failure::bad_input("--look-share must be above 0 and at most 1"));
    }
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| Failure::bad_input(format!("--out {}: {e}", path.display())))?,
        )),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut settings = if args.quick {
        PuzzleSettings::quick()
    } else {
        PuzzleSettings::default()
    };
    settings.look_share = args.look_share;
    if let Some(candidates) = args.candidates_per_game {
        settings.candidates_per_game = candidates;
    }
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
