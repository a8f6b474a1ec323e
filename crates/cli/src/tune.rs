//! `helvetia tune`: tunes the evaluation weights and search parameters of the search bot by
//! self-play with SPSA, then checks the tuned bot against the defaults on held-out seeds. Writes
//! the tuned numbers (and the bot name that plays them) and the log of every step, so a run can
//! be repeated and audited.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use helvetia_ai::stats::wilson;
use helvetia_ai::tune::{bot_with, check, search_values, tune, TuneSettings, SEARCH_NAMES};
use helvetia_ai::Weights;
use serde::Serialize;

use crate::failure::{exit, Failure};

/// How long and how hard to tune.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// SPSA steps.
    #[arg(long, default_value_t = TuneSettings::default().steps)]
    steps: u32,
    /// Games per step.
    #[arg(long, default_value_t = TuneSettings::default().games_per_step)]
    games_per_step: u32,
    /// Search iterations per decision of the tuned bot.
    #[arg(long, default_value_t = TuneSettings::default().iterations)]
    iterations: u32,
    /// Players per game, 2 to 4: beyond two, the other seats play the default parameters, in
    /// training and in the check.
    #[arg(long, default_value_t = TuneSettings::default().players,
          value_parser = clap::value_parser!(u8).range(2..=4))]
    players: u8,
    /// Seed of the training games and perturbations (the check uses other seeds).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games of the tuned bot against the defaults at the end, on held-out seeds.
    #[arg(long, default_value_t = 100)]
    check_games: u32,
    /// Games played at once (default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Directory for `weights.json` and `log.jsonl`.
    #[arg(long)]
    out: PathBuf,
    /// No progress bar (for logs).
    #[arg(long)]
    quiet: bool,
}

/// `weights.json`.
#[derive(Serialize)]
struct Tuned {
    settings: TuneSettings,
    weights: Weights,
    search: std::collections::BTreeMap<&'static str, f32>,
    bot: String,
    check_games: u32,
    check_win_rate: f64,
    check_interval: (f64, f64),
}

/// Tunes, checks and writes the results.
pub fn run(args: Args) -> ExitCode {
    exit(run_checked(&args))
}

fn run_checked(args: &Args) -> Result<(), Failure> {
    if args.steps == 0 || args.games_per_step == 0 || args.iterations == 0 {
        return Err(Failure::bad_input(
            "--steps, --games-per-step and --iterations must be at least 1",
        ));
    }
    std::fs::create_dir_all(&args.out)
        .map_err(|e| Failure::bad_input(format!("--out {}: {e}", args.out.display())))?;
    let log_path = args.out.join("log.jsonl");
    let mut log = std::fs::File::create(&log_path)
        .map_err(|e| Failure::bad_input(format!("{}: {e}", log_path.display())))?;
    let settings = TuneSettings {
        steps: args.steps,
        games_per_step: args.games_per_step,
        players: args.players,
        iterations: args.iterations,
        seed: args.seed,
        threads: crate::progress::threads(args.threads),
        ..TuneSettings::default()
    };
    let bar = crate::progress::bar(u64::from(args.steps), "steps", args.quiet);
    let mut write_error = None;
    let tuned = tune(&settings, &mut |step| {
        let line = serde_json::to_string(step).expect("a step serialises");
        if let Err(error) = writeln!(log, "{line}") {
            write_error.get_or_insert(error);
        }
        bar.set_message(format!("last difference {:+.2}", step.difference));
        bar.inc(1);
    })
    .map_err(|e| Failure::with_status(1, e.to_string()))?;
    bar.finish_and_clear();
    if let Some(error) = write_error {
        return Err(Failure::bad_input(format!("{}: {error}", log_path.display())));
    }
    let (win_rate, games) = check(tuned, &settings, args.check_games)
        .map_err(|e| Failure::with_status(1, e.to_string()))?;
    let interval = wilson(win_rate * f64::from(games), f64::from(games));
    let bot = bot_with(tuned, args.iterations).to_string();
    let search = SEARCH_NAMES.into_iter().zip(search_values(&tuned, settings.players));
    let result = Tuned {
        settings,
        weights: tuned.weights,
        search: search.clone().collect(),
        bot: bot.clone(),
        check_games: games,
        check_win_rate: win_rate,
        check_interval: interval,
    };
    let weights_path = args.out.join("weights.json");
    std::fs::write(
        &weights_path,
        serde_json::to_string_pretty(&result).expect("the result serialises"),
    )
    .map_err(|e| Failure::bad_input(format!("{}: {e}", weights_path.display())))?;
    println!("tuned bot: {bot}");
    for (name, value) in Weights::NAMES.into_iter().zip(tuned.weights.to_array()).chain(search) {
        println!("  {name:<24} {value:.3}");
    }
    println!(
        "one seat against {} of the defaults, {games} games on held-out seeds: won {:.1}% (95% interval {:.1}–{:.1}%)",
        args.players - 1,
        100.0 * win_rate,
        100.0 * interval.0,
        100.0 * interval.1
    );
    println!(
        "written: {} and {}",
        weights_path.display(),
        log_path.display()
    );
    Ok(())
}
