//! `helvetia new`: the record (or position) of a new game, ready for its first decision.

use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use helvetia_engine::{Direction, GameOptions, GameRecord, SetupMode};

use crate::failure::{exit, Failure};
use crate::input::pretty;

/// How the start buildings are handed out.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Setup {
    /// The snake draft of the full rules.
    Draft,
    /// The beginner setup: one village-centre letter per player.
    Letters,
}

/// Options of the new game.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Number of players: 2, 3 or 4.
    #[arg(long, default_value_t = 4)]
    players: u8,
    /// Seed that deals the stacks and picks the start player; from the clock if omitted.
    #[arg(long)]
    seed: Option<u64>,
    /// Draft or letters setup.
    #[arg(long, value_enum, default_value_t = Setup::Draft)]
    setup: Setup,
    /// Play without the five character tiles.
    #[arg(long)]
    no_character_tiles: bool,
    /// Victory points that end the game [default: 20, or 18 with --no-character-tiles].
    #[arg(long)]
    target_vp: Option<u8>,
    /// Play clockwise instead of the traditional counter-clockwise.
    #[arg(long)]
    clockwise: bool,
    /// Stop after this many rounds (for simulations).
    #[arg(long)]
    round_limit: Option<u16>,
    /// Print the position (with the dealt stacks) instead of the record.
    #[arg(long)]
    position: bool,
}

impl Args {
    fn options(&self) -> GameOptions {
        GameOptions {
            players: self.players,
            setup: match self.setup {
                Setup::Draft => SetupMode::Draft,
                Setup::Letters => SetupMode::Letters,
            },
            character_tiles: !self.no_character_tiles,
            target_vp: self.target_vp,
            direction: if self.clockwise {
                Direction::Clockwise
            } else {
                Direction::CounterClockwise
            },
            round_limit: self.round_limit,
            // New games are played by the current rules.
            ..GameOptions::default()
        }
    }
}

/// A seed from the clock, for games nobody asked to repeat (the record keeps it).
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_nanos() as u64)
        .unwrap_or_default()
}

/// Prints the new game's record, or its position.
pub fn run(args: Args) -> ExitCode {
    exit(new_record(&args).map(|record| {
        if args.position {
            let game = record.replay().expect("a new record replays");
            println!("{}", pretty(game.position()));
        } else {
            println!("{}", pretty(&record));
        }
    }))
}

fn new_record(args: &Args) -> Result<GameRecord, Failure> {
    let options = args.options();
    options.check().map_err(Failure::bad_input)?;
    Ok(GameRecord::new(
        options,
        args.seed.unwrap_or_else(clock_seed),
    ))
}
