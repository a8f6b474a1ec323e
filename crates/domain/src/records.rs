//! The records a change of a game produces and the database keeps: the stored game, a change
//! of its log with what its row says afterwards, a resignation, a rating change. Plain data:
//! the storage layer writes and reads them, the game state makes and applies them.

use helvetia_engine::{Action, GameOptions, Seat};

use crate::clock::Clock;
use crate::seats::{BotLevel, GameStatus, OnResign, SeatRecord};

/// What a rated game did to one player's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// Their seat in the game.
    pub seat: Seat,
    /// Their account.
    pub user_id: String,
    /// Rating before the game.
    pub before: f64,
    /// Rating after it.
    pub after: f64,
}

/// A resignation worked out on the game as the node holds it, ready to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resignation {
    /// Whose person resigns.
    pub seat: Seat,
    /// The number of actions in the log when they resign.
    pub at_step: u64,
    /// The bot that plays the seat from now on; `None` when the game ends.
    pub stand_in: Option<BotLevel>,
    /// The clock afterwards, for a game with one.
    pub clock: Option<Clock>,
    /// The winners, when the resignation ends the game.
    pub ends_with_winners: Option<Vec<Seat>>,
}

/// What the people who set a game up chose for it beyond the engine's options and the clock:
/// one value, stored with the game, copied into its state and into a rematch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameSettings {
    /// Whether the result counts for the players' ratings (a seat change may turn it off).
    pub rated: bool,
    /// Whether spectators' chat lines are shown to spectators only.
    pub spectators_apart: bool,
    /// What happens when a player resigns.
    pub on_resign: OnResign,
    /// Whether the person playing against bots only may ask for hints.
    pub hints: bool,
    /// Whether it is a tutorial game (its table carries the coach for its creator).
    pub tutorial: bool,
}

/// A game as stored: everything needed to rebuild it by replay.
#[derive(Clone, Debug)]
pub struct GameRecordRow {
    /// Game id.
    pub id: String,
    /// Who created it.
    pub creator_id: String,
    /// Engine options.
    pub options: GameOptions,
    /// The secret seed.
    pub seed: u64,
    /// Open, running, finished or cancelled.
    pub status: GameStatus,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
    /// Changes of the log so far (actions and undos); every write names the one it expects.
    pub version: u64,
    /// The seats.
    pub seats: Vec<SeatRecord>,
    /// The actions in order, with the seat that made each.
    pub actions: Vec<(u8, Action)>,
    /// The clock, for a game with a time control.
    pub clock: Option<Clock>,
    /// What its players chose for it.
    pub settings: GameSettings,
    /// What the game did to its players' ratings, once rated.
    pub rating_changes: Vec<RatingChange>,
    /// Whether a resignation ended the game.
    pub ended_by_resignation: bool,
}

impl GameRecordRow {
    /// A game waiting for its players, as nothing has happened to it yet: open, at version 0,
    /// no log, and every setting at its default (no clock, unrated, one chat for everyone, a
    /// bot plays on for whoever resigns, no hints, not a tutorial). Its time of creation is 0:
    /// a caller names that, and any other setting, and takes the rest from here.
    pub fn open(
        id: &str,
        creator_id: &str,
        (options, seed): (GameOptions, u64),
        seats: Vec<SeatRecord>,
    ) -> GameRecordRow {
        GameRecordRow {
            id: id.to_string(),
            creator_id: creator_id.to_string(),
            options,
            seed,
            status: GameStatus::Open,
            created_at: 0,
            version: 0,
            seats,
            actions: Vec::new(),
            clock: None,
            settings: GameSettings::default(),
            rating_changes: Vec::new(),
            ended_by_resignation: false,
        }
    }
}

/// What the games row says after a log write: what the lobby and other nodes read without
/// replaying the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowSummary {
    /// Running or finished.
    pub status: GameStatus,
    /// Whose decision it is, while the game runs.
    pub to_move: Option<Seat>,
    /// The winners' seats, once finished.
    pub winners: Vec<Seat>,
    /// The clock after the change, for a game with a time control.
    pub clock: Option<Clock>,
    /// Whether the decision now is a forced step (one legal action, see
    /// `helvetia_engine::forced_step`), which is played for a person who wants it.
    pub forced_step: bool,
}

impl RowSummary {
    /// A game still running, with `to_move` deciding: no clock, no winners, no forced step (the
    /// plain step that load generators and storage tests write).
    pub fn running(to_move: Option<Seat>) -> RowSummary {
        RowSummary {
            status: GameStatus::Running,
            to_move,
            winners: Vec::new(),
            clock: None,
            forced_step: false,
        }
    }
}

/// A change of a game's log.
#[derive(Clone, Debug)]
pub enum LogChange {
    /// Action number `index` (0-based) is added.
    Append {
        /// Where it goes: the log's length before.
        index: u64,
        /// Who made it.
        seat: Seat,
        /// The action.
        action: Action,
    },
    /// The last `count` actions, from number `from` on, are taken back (one undo: a decision
    /// and the forced steps after it).
    Truncate {
        /// The first action taken back: the log's length after.
        from: u64,
        /// How many: the log's length before, less `from`.
        count: u64,
    },
}
