//! `helvetia`: the command line of Helvetia Online.
//!
//! Each subcommand lives in its own module with a clap `Args` struct and a `run(Args) -> ExitCode`
//! function; this file only lists them. Adding a subcommand is one line in `subcommands!`.

use std::process::ExitCode;

use clap::Parser;

mod failure;
mod input;
mod one_thread;
mod progress;
mod record_positions;

/// Declares the subcommand modules, the clap enum of subcommands and the dispatch in one place.
macro_rules! subcommands {
    ($($(#[$doc:meta])* $variant:ident => $module:ident,)*) => {
        $(mod $module;)*

        /// The subcommands. (One is parsed per run: `serve`'s many options need no box.)
        #[derive(clap::Subcommand)]
        #[allow(clippy::large_enum_variant)]
        enum Command {
            $($(#[$doc])* $variant($module::Args),)*
        }

        impl Command {
            fn run(self) -> ExitCode {
                match self {
                    $(Command::$variant(args) => $module::run(args),)*
                }
            }
        }
    };
}

subcommands! {
    /// Print the record of a new game at its first decision.
    New => new,
    /// List the legal actions of a record or position: JSON, a tab, then a label.
    Legal => legal,
    /// Play one action on a record or position and print the result.
    Play => play,
    /// Print a record or position for people to read.
    Show => show,
    /// Play uniformly random games, checking every invariant after every decision; or, with
    /// --record, record bots' games as training positions.
    Selfplay => selfplay,
    /// Play bots against each other and measure them: wins, scores, speed.
    Arena => arena,
    /// Tune the search bot's evaluation weights by self-play (SPSA) and check them on held-out seeds.
    Tune => tune,
    /// Rate the bot ladder's levels: a round robin and a Bradley–Terry fit with intervals.
    Ladder => ladder,
    /// Analyse a finished game: each player's chance to win turn by turn, the costliest turns.
    Analyse => analyse,
    /// Puzzles from games: generate them from self-play of the ladder's cheap levels.
    Puzzles => puzzles,
    /// Serve the game online: accounts, lobby, live and turn-based play, bots, replays.
    Serve => serve,
    /// Copy the server's SQLite database to a file while it serves (a consistent snapshot).
    Backup => backup,
    /// Write the finished games (or, with --puzzles, the puzzle set) of a server's database as
    /// newline-delimited JSON records.
    Export => export,
}

/// Helvetia Online: game tools on the command line.
#[derive(Parser)]
#[command(name = "helvetia", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The server renders a table of ~60 KB per change and frames it for each socket: glibc's
/// allocator spent a sixth of the server's time finding room for such buffers, mimalloc a
/// fraction of that (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    Cli::parse().command.run()
}
