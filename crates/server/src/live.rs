//! Games in memory: each one rebuilt by replaying its stored log, guarded by one lock, with a
//! change signal that every viewer of the game watches.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, RwLock};

use axum::extract::ws::Utf8Bytes;
use helvetia_engine::{Action, ActionList, Game, GameOptions, Phase, Seat, TurnState};
use tokio::sync::{watch, Mutex, OnceCell};

use crate::model::{GameStatus, Occupant, SeatRecord};
use crate::render::{log_line_in, Lang, TableCache};
use crate::storage::GameRecordRow;

/// One action of the log, with who made it and whether it opened a turn.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The action.
    pub action: Action,
    /// The seat that made it.
    pub seat: Seat,
    /// The seat whose turn (phase `Turn`) it was played in, if any.
    pub turn_of: Option<Seat>,
    /// Whether it was the first action of that turn.
    pub opens_turn: bool,
}

/// A game's complete server-side state. The seed and the full position never leave the
/// server: everything sent goes through [`crate::outbound`].
pub struct GameState {
    /// Who created the game.
    pub creator_id: String,
    /// Engine options.
    pub options: GameOptions,
    seed: u64,
    /// Where the game stands.
    pub status: GameStatus,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
    /// The seats, by seat number.
    pub seats: Vec<SeatRecord>,
    game: Game,
    history: Vec<Entry>,
    /// Each action in words, in every language (indexed like `Lang::ALL`).
    log: Vec<[String; 5]>,
    /// Bumped on every change, so viewers can tell what they have already seen.
    pub revision: u64,
    /// Messages of this revision (JSON updates, tables, the view), by what they are for: built
    /// once and shared by every viewer who sees the same. A table is rendered outside the lock
    /// by the first viewer who needs it; the others wait for that one rendering.
    pub messages: HashMap<String, Arc<OnceCell<Utf8Bytes>>>,
    /// Panels of earlier tables (villages, display, market, status), reused while they look
    /// the same.
    pub panels: Arc<TableCache>,
}

/// Why a state change was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is not being played.
    NotRunning,
    /// The viewer has no seat here.
    NotSeated,
    /// Someone else decides now.
    NotYourTurn,
    /// The client saw an older (or newer) version.
    StaleVersion {
        /// The version now.
        current: u64,
    },
    /// Not a legal action; the engine's reason.
    Illegal(String),
    /// Nothing of the current turn is left to undo.
    NothingToUndo,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NotRunning => f.write_str("the game is not running"),
            Refusal::NotSeated => f.write_str("you have no seat in this game"),
            Refusal::NotYourTurn => f.write_str("it is not your turn"),
            Refusal::StaleVersion { current } => {
                write!(f, "stale version: the game is at version {current}; reload")
            }
            Refusal::Illegal(reason) => write!(f, "illegal action: {reason}"),
            Refusal::NothingToUndo => {
                f.write_str("nothing to undo: only your own actions of your current turn")
            }
        }
    }
}

impl GameState {
    /// Rebuilds a game from its stored record by replaying every action.
    ///
    /// # Errors
    /// A stored action that is not legal where it stands (a corrupt log).
    pub fn from_record(record: GameRecordRow) -> Result<GameState, String> {
        record.options.check()?;
        let mut state = GameState {
            creator_id: record.creator_id,
            options: record.options,
            seed: record.seed,
            status: record.status,
            created_at: record.created_at,
            seats: record.seats,
            game: Game::new(record.options, record.seed),
            history: Vec::with_capacity(record.actions.len()),
            log: Vec::with_capacity(record.actions.len()),
            revision: 0,
            messages: HashMap::new(),
            panels: Arc::default(),
        };
        for (index, (seat, action)) in record.actions.into_iter().enumerate() {
            if state.game.to_move() != Some(Seat(seat)) {
                return Err(format!("action {index} stored for seat {seat} out of turn"));
            }
            state
                .push(action)
                .map_err(|error| format!("action {index}: {error}"))?;
        }
        Ok(state)
    }

    /// The secret seed, for storage only.
    pub fn seed_for_storage(&self) -> u64 {
        self.seed
    }

    /// The game as it stands. Only the filter in [`crate::outbound`] turns it into a `View`.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The log.
    pub fn history(&self) -> &[Entry] {
        &self.history
    }

    /// Action number `index` in words.
    pub fn log_line(&self, index: usize, lang: Lang) -> &str {
        let slot = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
        &self.log[index][slot]
    }

    /// The name shown for `seat`.
    pub fn seat_name(&self, seat: Seat) -> String {
        match self.seats.get(seat.index()).map(|s| &s.occupant) {
            Some(Occupant::Human { username, .. }) => username.clone(),
            Some(Occupant::Bot { level }) => format!("Bot ({})", level.as_str()),
            _ => seat.to_string(),
        }
    }

    /// Number of actions applied.
    pub fn version(&self) -> u64 {
        self.history.len() as u64
    }

    /// The seat of `user_id`, if they sit here.
    pub fn seat_of(&self, user_id: &str) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.occupant.user_id() == Some(user_id))
            .map(|s| Seat(s.seat))
    }

    /// Whose decision it is while the game runs.
    pub fn to_move(&self) -> Option<Seat> {
        (self.status == GameStatus::Running)
            .then(|| self.game.to_move())
            .flatten()
    }

    /// The legal actions of `viewer`: empty unless it is their decision.
    pub fn legal_for(&self, viewer: Option<Seat>) -> ActionList {
        match viewer {
            Some(seat) if self.to_move() == Some(seat) => self.game.legal_actions(),
            _ => ActionList::new(),
        }
    }

    /// Whether `seat` is a bot.
    pub fn is_bot(&self, seat: Seat) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|s| matches!(s.occupant, Occupant::Bot { .. }))
    }

    /// Checks that `seat` may play `action` on `version`, without changing anything; tells
    /// whether the action ends the game.
    ///
    /// # Errors
    /// Why not.
    pub fn check_action(
        &self,
        seat: Option<Seat>,
        version: u64,
        action: Action,
    ) -> Result<bool, Refusal> {
        self.check_turn(seat, version)?;
        let mut trial = self.game.clone();
        trial.play(action).map_err(|e| Refusal::Illegal(e.reason))?;
        Ok(trial.is_over())
    }

    /// Checks that the game runs, is at `version`, and `seat` decides now.
    ///
    /// # Errors
    /// Why not.
    pub fn check_turn(&self, seat: Option<Seat>, version: u64) -> Result<Seat, Refusal> {
        if self.status != GameStatus::Running {
            return Err(Refusal::NotRunning);
        }
        let seat = seat.ok_or(Refusal::NotSeated)?;
        if self.version() != version {
            return Err(Refusal::StaleVersion {
                current: self.version(),
            });
        }
        if self.game.to_move() != Some(seat) {
            return Err(Refusal::NotYourTurn);
        }
        Ok(seat)
    }

    /// Applies an action that [`GameState::check_action`] accepted and storage committed.
    ///
    /// # Errors
    /// The engine's refusal; the state is unchanged.
    pub fn push(&mut self, action: Action) -> Result<(), String> {
        let seat = self.game.to_move().ok_or("the game is over")?;
        let (turn_of, opens_turn) = match self.game.position().phase {
            Phase::Turn { seat, turn } => (Some(seat), turn == TurnState::fresh()),
            _ => (None, false),
        };
        let before = self.game.view();
        self.game.play(action).map_err(|e| e.reason)?;
        let names: Vec<String> = self
            .options
            .seats()
            .map(|seat| self.seat_name(seat))
            .collect();
        self.log
            .push(Lang::ALL.map(|lang| log_line_in(lang, &names, &before, &action)));
        self.history.push(Entry {
            action,
            seat,
            turn_of,
            opens_turn,
        });
        if self.game.is_over() && self.status == GameStatus::Running {
            self.status = GameStatus::Finished;
        }
        self.touch();
        Ok(())
    }

    /// How many of the last actions the player to move may take back: their own actions of the
    /// turn in progress (nothing hidden is revealed during a turn).
    pub fn undoable(&self) -> usize {
        let Phase::Turn { seat, turn } = self.game.position().phase else {
            return 0;
        };
        if self.status != GameStatus::Running || turn == TurnState::fresh() {
            return 0;
        }
        let mut count = 0;
        for entry in self.history.iter().rev() {
            if entry.turn_of != Some(seat) || entry.seat != seat {
                break;
            }
            count += 1;
            if entry.opens_turn {
                break;
            }
        }
        count
    }

    /// Checks that `seat` may take back the last action on `version`.
    ///
    /// # Errors
    /// Why not.
    pub fn check_undo(&self, seat: Option<Seat>, version: u64) -> Result<(), Refusal> {
        self.check_turn(seat, version)?;
        if self.undoable() == 0 {
            return Err(Refusal::NothingToUndo);
        }
        Ok(())
    }

    /// Takes back the last action (storage already removed it) by replaying the rest.
    pub fn pop(&mut self) {
        let mut history = std::mem::take(&mut self.history);
        history.pop();
        self.log.clear();
        self.game = Game::new(self.options, self.seed);
        for entry in history {
            self.push(entry.action)
                .expect("a prefix of a legal log is legal");
        }
        self.touch();
    }

    /// The game as it stood after `step` actions (for replays).
    pub fn game_at(&self, step: usize) -> Game {
        let mut game = Game::new(self.options, self.seed);
        for entry in &self.history[..step.min(self.history.len())] {
            game.play_unchecked(entry.action);
        }
        game
    }

    /// Marks a change: viewers rebuild their messages.
    pub fn touch(&mut self) {
        self.revision += 1;
        self.messages.clear();
    }

    /// Whether every seat is taken.
    pub fn is_full(&self) -> bool {
        self.seats.iter().all(|s| !s.occupant.is_free())
    }
}

/// A game held in memory: its state behind a lock, and a signal viewers watch for changes.
pub struct LiveGame {
    /// The game id.
    pub id: String,
    /// The state; held across the durable write of each action, so writes to one game are serial.
    pub state: Mutex<GameState>,
    changes: watch::Sender<u64>,
    /// Open WebSocket connections per seat (index 4: spectators).
    connections: [AtomicU32; 5],
}

impl LiveGame {
    /// Wraps a state.
    pub fn new(id: String, state: GameState) -> LiveGame {
        let (changes, _) = watch::channel(state.revision);
        LiveGame {
            id,
            state: Mutex::new(state),
            changes,
            connections: Default::default(),
        }
    }

    /// Tells every viewer that the state changed to `revision`.
    pub fn notify(&self, revision: u64) {
        self.changes.send_replace(revision);
    }

    /// A receiver that wakes on every change.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    fn slot(seat: Option<Seat>) -> usize {
        seat.map_or(4, |s| s.index().min(3))
    }

    /// Counts a viewer in (`seat` None: a spectator).
    pub fn connect(&self, seat: Option<Seat>) {
        self.connections[Self::slot(seat)].fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a viewer out.
    pub fn disconnect(&self, seat: Option<Seat>) {
        self.connections[Self::slot(seat)].fetch_sub(1, Ordering::Relaxed);
    }

    /// Whether someone holding `seat` has the game open.
    pub fn is_connected(&self, seat: Seat) -> bool {
        self.connections[Self::slot(Some(seat))].load(Ordering::Relaxed) > 0
    }
}

/// Every game the server knows, by id.
#[derive(Default)]
pub struct Hub {
    games: RwLock<HashMap<String, Arc<LiveGame>>>,
}

impl Hub {
    /// The game with this id.
    pub fn get(&self, id: &str) -> Option<Arc<LiveGame>> {
        self.games.read().expect("hub lock").get(id).cloned()
    }

    /// Adds a game.
    pub fn insert(&self, game: Arc<LiveGame>) {
        self.games
            .write()
            .expect("hub lock")
            .insert(game.id.clone(), game);
    }

    /// Forgets a game.
    pub fn remove(&self, id: &str) {
        self.games.write().expect("hub lock").remove(id);
    }

    /// All games.
    pub fn all(&self) -> Vec<Arc<LiveGame>> {
        self.games
            .read()
            .expect("hub lock")
            .values()
            .cloned()
            .collect()
    }
}
