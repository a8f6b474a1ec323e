//! `helvetia play`: one action on a record or position; the result goes to stdout.

use std::path::PathBuf;
use std::process::ExitCode;

use helvetia_engine::Action;

use crate::failure::{exit, Failure};
use crate::input::load;

/// The game file and the action.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A game record or a position (JSON). It is only read, never written.
    file: PathBuf,
    /// The action as JSON, e.g. '"EndTurn"' or '{"Begin":"Builder"}'.
    action: String,
}

/// Prints the record with the action appended, or the position after it.
pub fn run(args: Args) -> ExitCode {
    exit(play(&args).map(|json| println!("{json}")))
}

fn play(args: &Args) -> Result<String, Failure> {
    let action: Action = serde_json::from_str(&args.action)
        .map_err(|error| Failure::bad_input(format!("not an action: {error}")))?;
    let loaded = load(&args.file)?;
    let mut game = loaded.game.clone();
    game.play(action)
        .map_err(|error| Failure::bad_input(error.to_string()))?;
    Ok(loaded.to_json_after(&game, action))
}
