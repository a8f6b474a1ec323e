//! Tournaments between bots: fair seating, one game at a time per thread, full records.
//!
//! Game `g` seats entry `(g + s) mod m` of the `m` listed bots at seat `s`, so over any `m`
//! consecutive games every entry sits in every seat equally often. With fewer entries than
//! seats, entries repeat within a game; with more, each game takes a window of them.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

use helvetia_engine::{Action, Game, GameOptions, GameRecord, Seat, Standing};
use serde::Serialize;

use crate::bot::{mix, Bot};
use crate::spec::BotSpec;

/// What to play.
#[derive(Clone, Debug)]
pub struct TournamentConfig {
    /// The entries, in seating order (names may repeat).
    pub bots: Vec<BotSpec>,
    /// Players per game.
    pub players: u8,
    /// Games to play.
    pub games: u32,
    /// Seed of the whole tournament: every game's deal and every bot's choices follow from it.
    pub seed: u64,
    /// Round limit of every game (a game stopped by it is ranked by the usual scoring).
    pub round_limit: Option<u16>,
    /// Games played at once.
    pub threads: usize,
}

/// One seat of one finished game.
#[derive(Clone, Debug, Serialize)]
pub struct SeatResult {
    /// The seat.
    pub seat: Seat,
    /// Index of the entry in [`TournamentConfig::bots`].
    pub entry: usize,
    /// The bot's canonical name.
    pub bot: String,
    /// Final victory points.
    pub points: u8,
    /// Final rank (1 = winner; tied players share a rank).
    pub rank: u8,
    /// Share of the victory: 1/k for each of k tied winners, else 0.
    pub win_share: f64,
    /// Decisions the bot made.
    pub decisions: u32,
    /// Time the bot spent deciding, in seconds.
    pub think_seconds: f64,
}

/// A finished game.
#[derive(Clone, Debug, Serialize)]
pub struct GameResult {
    /// Index of the game in the tournament.
    pub index: u32,
    /// Rounds played.
    pub rounds: u16,
    /// Whether the round limit stopped the game before anyone reached the target.
    pub hit_round_limit: bool,
    /// One entry per seat, in seat order.
    pub seats: Vec<SeatResult>,
    /// Final standings, best first.
    pub standings: Vec<Standing>,
    /// The whole game: replay it with [`GameRecord::replay`].
    pub record: GameRecord,
}

/// Why a tournament stopped: a bot misbehaved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentError {
    /// A bot returned an action that is not legal.
    Illegal {
        /// Game index.
        game: u32,
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
        /// The refusal, in words.
        reason: String,
    },
    /// A bot panicked.
    Panic {
        /// Game index.
        game: u32,
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
        /// The panic message.
        message: String,
    },
}

impl std::fmt::Display for TournamentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TournamentError::Illegal {
                game,
                bot,
                seat,
                reason,
            } => write!(f, "game {game}: {bot} at {seat} played an {reason}"),
            TournamentError::Panic {
                game,
                bot,
                seat,
                message,
            } => write!(f, "game {game}: {bot} at {seat} panicked: {message}"),
        }
    }
}

impl std::error::Error for TournamentError {}

/// The entry index at each seat of game `game`.
pub fn lineup(entries: usize, players: u8, game: u32) -> Vec<usize> {
    (0..players as usize)
        .map(|seat| (game as usize + seat) % entries)
        .collect()
}

/// The seed that deals game `game` of a tournament seeded with `seed`.
pub fn game_seed(seed: u64, game: u32) -> u64 {
    mix(seed.wrapping_add(u64::from(game)))
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".into())
}

/// Makes the bot for entry `entry` of a tournament, seeded with the given seed.
pub type BotFactory<'a> = &'a (dyn Fn(usize, u64) -> Box<dyn Bot> + Sync);

/// Plays game `index` of the tournament.
///
/// # Errors
/// The first illegal action or panic of a bot.
pub fn play_game(config: &TournamentConfig, index: u32) -> Result<GameResult, TournamentError> {
    play_game_with(config, index, &|entry, seed| config.bots[entry].build(seed))
}

/// Plays game `index` with bots from `factory` (the entries' names still come from the config).
///
/// # Errors
/// The first illegal action or panic of a bot.
pub fn play_game_with(
    config: &TournamentConfig,
    index: u32,
    factory: BotFactory<'_>,
) -> Result<GameResult, TournamentError> {
    let options = GameOptions {
        round_limit: config.round_limit,
        ..GameOptions::for_players(config.players)
    };
    let seed = game_seed(config.seed, index);
    let entries = lineup(config.bots.len(), config.players, index);
    let mut bots: Vec<_> = entries
        .iter()
        .enumerate()
        .map(|(seat, &e)| factory(e, mix(seed ^ mix(seat as u64 + 0x5EA7))))
        .collect();
    let names: Vec<String> = entries
        .iter()
        .map(|&e| config.bots[e].to_string())
        .collect();
    let mut game = Game::new(options, seed);
    let mut record = GameRecord::new(options, seed);
    let mut decisions = vec![0u32; entries.len()];
    let mut think = vec![0f64; entries.len()];
    while let Some(seat) = game.to_move() {
        let s = seat.index();
        let view = game.view();
        let budget = config.bots[entries[s]].budget();
        let started = Instant::now();
        let chosen = catch_unwind(AssertUnwindSafe(|| bots[s].choose(&view, budget)));
        think[s] += started.elapsed().as_secs_f64();
        decisions[s] += 1;
        let action: Action = chosen.map_err(|payload| TournamentError::Panic {
            game: index,
            bot: bots[s].name(),
            seat,
            message: panic_message(payload.as_ref()),
        })?;
        game.play(action)
            .map_err(|error| TournamentError::Illegal {
                game: index,
                bot: bots[s].name(),
                seat,
                reason: error.to_string(),
            })?;
        record.actions.push(action);
    }
    let standings = game.standings();
    let winners = standings.iter().filter(|s| s.rank == 1).count() as f64;
    let target = options.target();
    let seats = entries
        .iter()
        .enumerate()
        .map(|(s, &entry)| {
            let standing = standings
                .iter()
                .find(|st| st.seat.index() == s)
                .expect("every seat stands");
            SeatResult {
                seat: Seat(s as u8),
                entry,
                bot: names[s].clone(),
                points: standing.points,
                rank: standing.rank,
                win_share: if standing.rank == 1 {
                    1.0 / winners
                } else {
                    0.0
                },
                decisions: decisions[s],
                think_seconds: think[s],
            }
        })
        .collect();
    Ok(GameResult {
        index,
        rounds: game.position().round,
        hit_round_limit: standings.iter().all(|s| s.points < target),
        seats,
        standings,
        record,
    })
}

/// Plays every game of the tournament on `config.threads` threads, calling `on_game` as each
/// finishes. Results come back in game order, whatever order they finished in.
///
/// # Errors
/// The first illegal action or panic of a bot; the other threads stop after their game.
pub fn run(
    config: &TournamentConfig,
    on_game: &(dyn Fn(&GameResult) + Sync),
) -> Result<Vec<GameResult>, TournamentError> {
    run_with(
        config,
        &|entry, seed| config.bots[entry].build(seed),
        on_game,
    )
}

/// [`run`] with bots from `factory`.
///
/// # Errors
/// The first illegal action or panic of a bot; the other threads stop after their game.
pub fn run_with(
    config: &TournamentConfig,
    factory: BotFactory<'_>,
    on_game: &(dyn Fn(&GameResult) + Sync),
) -> Result<Vec<GameResult>, TournamentError> {
    crate::parallel::in_index_order(config.games as usize, config.threads, |index| {
        let result = play_game_with(config, index as u32, factory)?;
        on_game(&result);
        Ok(result)
    })
}
