//! `helvetia legal`: the legal actions of a record or position, one per line.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::failure::exit;
use crate::input::load;

/// The game file.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A game record or a position (JSON).
    file: PathBuf,
}

/// Prints each legal action as compact JSON, a tab, and its label. Nothing once the game is over.
pub fn run(args: Args) -> ExitCode {
    exit(load(&args.file).map(|loaded| {
        for action in loaded.game.legal_actions() {
            let json = serde_json::to_string(&action).expect("actions serialise to JSON");
            println!("{json}\t{}", action.label());
        }
    }))
}
