//! One game as a node holds it: rebuilt from its stored record, changed only after the database
//! accepted the change. Each change is worked out first ([`GameState::try_action`],
//! [`GameState::try_undo`]: the engine plays the action once, on a copy), then stored, then
//! applied ([`GameState::apply`]) without playing it again. The game in words (seat names, the
//! log, the story) is the server's: [`Applied`] tells it what each change did to the history.
//! What each action changed on the table, for the highlight of recent turns, is in
//! [`highlights`].

#[cfg(test)]
mod forced_pass;
#[cfg(test)]
mod forced_turn_end;
mod highlights;
#[cfg(test)]
mod read_late;
mod refusal;
mod resigning;
mod seating;
mod standing_in;
#[cfg(test)]
mod test_records;

pub use refusal::Refusal;
pub use seating::{Leaving, SeatChange, SeatingRefusal};
pub use standing_in::{StandInChange, Vote};

use helvetia_engine::{
    forced_step_among, marks_of, Action, ActionList, Game, GameOptions, Mark, Phase, Resignations,
    Seat, Standing, TurnState, View,
};

use crate::clock::{now_ms, Clock};
use crate::records::{GameRecordRow, GameSettings, LogChange, RatingChange, RowSummary};
use crate::seats::{BotLevel, GameStatus, SeatRecord};

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
    /// Whether it was a forced step (the only legal action, see [`forced_step_among`]): an undo
    /// takes it back together with the decision before it.
    pub forced: bool,
    /// The version it was played at, when this node saw it played (not when replayed).
    pub played_at: Option<u64>,
}

/// A game's complete server-side state. The seed and the full position never leave the
/// server: everything sent goes through the server's presenter (`play::presenter`), from a snapshot (`live::snapshot`).
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
    /// The decision `game` stands at, worked out once per change.
    now: Decision,
    history: Vec<Entry>,
    /// The stored version: changes of the log so far (actions and undos).
    version: u64,
    /// The pieces each action changed, by action, kept once someone reads the game at a table
    /// (`None` before: a game only programs play pays nothing for them).
    marks: Option<Vec<Vec<Mark>>>,
    /// The clock, for a game with a time control.
    pub clock: Option<Clock>,
    /// What its players chose for it.
    pub settings: GameSettings,
    /// What the game did to its players' ratings, once rated.
    pub rating_changes: Vec<RatingChange>,
    /// Whether a resignation ended the game.
    pub ended_by_resignation: bool,
}

/// What a player chose: an action, or its index in their current legal list.
#[derive(Clone, Copy, Debug)]
pub enum Choice {
    /// The action itself.
    Action(Action),
    /// Index into the legal actions.
    Index(usize),
}

/// A change worked out but not yet stored: the log change to store, and the game after it.
pub struct Change {
    /// What the log gets.
    pub log: LogChange,
    /// What the games row says afterwards.
    pub summary: RowSummary,
    game: Game,
    now: Decision,
    entry: Option<Entry>,
}

/// What an applied change did to the history.
// Made once per applied change and read at once: the view moves out of the state whole, where a
// box would allocate for every action.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Applied {
    /// `action`, now last in the history, was played on the position whose public view was
    /// `before`; the view after it is the state's view now.
    Appended {
        /// The action.
        action: Action,
        /// The public view before it.
        before: View,
    },
    /// Actions were taken back: the first `kept` remain.
    TakenBack {
        /// How many actions remain.
        kept: usize,
    },
}

/// What a position offers, worked out once when a change reaches it: the public view (the log,
/// the highlights and every snapshot start from it), the legal actions and the forced step.
/// Each used to be worked out again by everyone who asked, several times an action.
#[derive(Clone)]
struct Decision {
    view: View,
    legal: ActionList,
    forced: Option<Action>,
}

impl Decision {
    fn of(game: &Game) -> Decision {
        let legal = if game.is_over() {
            ActionList::new()
        } else {
            game.legal_actions()
        };
        Decision {
            view: game.view(),
            forced: step_played_for_the_person(game, &legal),
            legal,
        }
    }
}

/// The forced step of `game`'s decision ([`forced_step_among`]) that the table plays for its
/// person, unless it would end a turn they have begun: until they take that step themselves,
/// they may still take back the turn's decisions; once it is played, the next player moves.
fn step_played_for_the_person(game: &Game, legal: &[Action]) -> Option<Action> {
    let step = forced_step_among(game.position(), legal)?;
    (!ends_a_begun_turn(game, step)).then_some(step)
}

/// Whether playing `step` ends the turn its player has begun (they acted in it already).
fn ends_a_begun_turn(game: &Game, step: Action) -> bool {
    let Phase::Turn { seat, turn } = game.position().phase else {
        return false;
    };
    if turn == TurnState::fresh() {
        return false;
    }
    let mut after = game.clone();
    after.play_unchecked(step);
    !matches!(after.position().phase,
        Phase::Turn { seat: still, turn } if still == seat && turn != TurnState::fresh())
}

impl GameState {
    /// Rebuilds a game from its stored record by replaying every action.
    ///
    /// # Errors
    /// A stored action that is not legal where it stands, or out of turn (a damaged record).
    pub fn from_record(record: GameRecordRow) -> Result<GameState, String> {
        record.options.check()?;
        let mut game = Game::new(record.options, record.seed);
        let mut history = Vec::with_capacity(record.actions.len());
        for (index, (seat, action)) in record.actions.into_iter().enumerate() {
            if game.to_move() != Some(Seat(seat)) {
                return Err(format!("action {index} stored for seat {seat} out of turn"));
            }
            let legal = game.legal_actions();
            if !legal.contains(&action) {
                let error = game
                    .play(action)
                    .expect_err("an action not in the legal list");
                return Err(format!("action {index}: {}", error.reason));
            }
            let forced = step_played_for_the_person(&game, &legal);
            let entry = entry_for(&game, forced, action, None);
            game.play_unchecked(action);
            history.push(entry);
        }
        let mut status = record.status;
        if game.is_over() && status == GameStatus::Running {
            status = GameStatus::Finished;
        }
        Ok(GameState {
            creator_id: record.creator_id,
            options: record.options,
            seed: record.seed,
            status,
            created_at: record.created_at,
            seats: record.seats,
            now: Decision::of(&game),
            game,
            history,
            version: record.version,
            marks: None,
            clock: record.clock,
            settings: record.settings,
            rating_changes: record.rating_changes,
            ended_by_resignation: record.ended_by_resignation,
        })
    }

    /// The secret seed (what the database stores; tests look for it in payloads).
    pub fn seed_for_storage(&self) -> u64 {
        self.seed
    }

    /// The game as it stands. Only the filter in the server's presenter (`play::presenter`) turns it into a `View`.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The log.
    pub fn history(&self) -> &[Entry] {
        &self.history
    }

    /// The stored version: it changes with every action and every undo, never back.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Whether `other`, the same game read again, stores what this state does: the same log (one
    /// version is one log) and everything kept beside it (status, seats, clock, settings,
    /// ratings). A node that reads a game again and finds it so has nothing new to announce.
    pub fn stores_the_same_as(&self, other: &GameState) -> bool {
        self.version == other.version
            && self.status == other.status
            && self.seats == other.seats
            && self.clock == other.clock
            && self.settings == other.settings
            && self.rating_changes == other.rating_changes
            && self.ended_by_resignation == other.ended_by_resignation
    }

    /// The seat of `user_id`, if they sit here.
    pub fn seat_of(&self, user_id: &str) -> Option<Seat> {
        seat_of(&self.seats, user_id)
    }

    /// Whose decision it is while the game runs.
    pub fn to_move(&self) -> Option<Seat> {
        (self.status == GameStatus::Running)
            .then(|| self.game.to_move())
            .flatten()
    }

    /// The legal actions of `viewer`: empty unless it is their decision (a seat's bot, standing
    /// in for its person, decides through [`GameState::view`] alone).
    pub fn legal_for(&self, viewer: Option<Seat>) -> ActionList {
        match viewer {
            Some(seat) if self.decider() == Some(seat) => self.now.legal.clone(),
            _ => ActionList::new(),
        }
    }

    /// The step the table plays for the person who decides now, if their decision is forced
    /// and the step would not end a turn they have begun.
    pub fn forced_step(&self) -> Option<Action> {
        self.now.forced
    }

    /// The seat whose person decides now: the seat to move, unless a bot stands in for its
    /// person. The one answer to "whose choice does the table offer", here and in snapshots.
    pub fn decider(&self) -> Option<Seat> {
        self.to_move().filter(|&seat| !self.is_stood_in(seat))
    }

    /// The seats of the people still playing: seated people for whom no bot stands in.
    pub fn people_playing(&self) -> impl Iterator<Item = &SeatRecord> {
        self.seats
            .iter()
            .filter(|s| s.occupant.user_id().is_some() && s.stand_in.is_none())
    }

    /// Whether a bot plays `seat`: a bot sits there, or stands in for a person.
    pub fn is_bot(&self, seat: Seat) -> bool {
        self.bot_level(seat).is_some()
    }

    /// The bot that plays `seat`, if one does.
    pub fn bot_level(&self, seat: Seat) -> Option<BotLevel> {
        self.seats.get(seat.index()).and_then(SeatRecord::bot_level)
    }

    /// Whether a bot stands in for the person in `seat`.
    pub fn is_stood_in(&self, seat: Seat) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|s| s.stand_in.is_some())
    }

    /// The clock once the decision passes to `to_move` now: a person's turn is timed, a bot's
    /// is not.
    pub fn clock_passed_to(&self, to_move: Option<Seat>) -> Option<Clock> {
        let timed = to_move.is_some_and(|seat| !self.is_bot(seat));
        self.clock
            .as_ref()
            .map(|clock| clock.passed_to(to_move, timed, now_ms()))
    }

    /// Whether the player to move is a bot.
    pub fn bot_to_move(&self) -> bool {
        self.to_move().is_some_and(|seat| self.is_bot(seat))
    }

    /// The forced step waiting for the person to move, if the decision now is one: their
    /// seat, their account and the only action. Whether they want it played for them is their
    /// account's setting, read from the database when it is played.
    pub fn person_forced_step(&self) -> Option<(Seat, String, Action)> {
        let seat = self.to_move().filter(|&seat| !self.is_bot(seat))?;
        let user_id = self.seats.get(seat.index())?.occupant.user_id()?;
        let action = self.now.forced?;
        Some((seat, user_id.to_string(), action))
    }

    /// What the games row says about the game now.
    pub fn summary(&self) -> RowSummary {
        RowSummary {
            clock: self.clock.clone(),
            ..summary_of(&self.game, &self.now, &self.resignations())
        }
    }

    /// What the games row says after a change that leaves `game`, at the decision `now`.
    fn summary_after(&self, game: &Game, now: &Decision) -> RowSummary {
        let to_move = game.to_move().filter(|_| !game.is_over());
        RowSummary {
            clock: self.clock_passed_to(to_move),
            ..summary_of(game, now, &self.resignations())
        }
    }

    /// Whether the person in `seat` resigned.
    pub fn has_resigned(&self, seat: Seat) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|s| s.resigned_at.is_some())
    }

    /// Who resigned, in the order they did, and whether that ended the game.
    pub fn resignations(&self) -> Resignations {
        let mut resigned: Vec<&SeatRecord> = self
            .seats
            .iter()
            .filter(|s| s.resigned_at.is_some())
            .collect();
        resigned.sort_by_key(|s| (s.resigned_at, s.seat));
        Resignations {
            seats: resigned.iter().map(|s| Seat(s.seat)).collect(),
            ended_game: self.ended_by_resignation,
        }
    }

    /// The final standings once the game is over (those who resigned last), best first.
    pub fn standings(&self) -> Option<Vec<Standing>> {
        let resignations = self.resignations();
        let position = self.game.position();
        resignations
            .is_over(position)
            .then(|| resignations.standings(position))
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
        if self.version != version {
            return Err(Refusal::StaleVersion {
                current: self.version,
            });
        }
        if self.game.to_move() != Some(seat) {
            return Err(Refusal::NotYourTurn);
        }
        Ok(seat)
    }

    /// Works out `seat` playing `choice` on `version`: the engine plays it once, on a copy.
    ///
    /// # Errors
    /// Why it is refused; nothing changes.
    pub fn try_action(
        &self,
        seat: Option<Seat>,
        version: u64,
        choice: Choice,
    ) -> Result<Change, Refusal> {
        let seat = self.check_turn(seat, version)?;
        let action = match choice {
            Choice::Action(action) => action,
            Choice::Index(index) => {
                let legal = &self.now.legal;
                *legal.get(index).ok_or_else(|| {
                    Refusal::Illegal(format!(
                        "no legal action number {index}; there are {}",
                        legal.len()
                    ))
                })?
            }
        };
        let mut game = self.game.clone();
        if !self.now.legal.contains(&action) {
            let error = game
                .play(action)
                .expect_err("an action not in the legal list");
            return Err(Refusal::Illegal(error.reason));
        }
        let entry = entry_for(&self.game, self.now.forced, action, Some(self.version));
        game.play_unchecked(action);
        let now = Decision::of(&game);
        Ok(Change {
            log: LogChange::Append {
                index: self.history.len() as u64,
                seat,
                action,
            },
            summary: self.summary_after(&game, &now),
            game,
            now,
            entry: Some(entry),
        })
    }

    /// Whether `choice` by `seat` at `version` is the forced step played for them at that
    /// version, the last change: their click came just too late, and it is done as they asked.
    /// Not while a bot stands in for them or after they resigned: the bot played that step,
    /// and their click is refused as any other would be.
    pub fn played_already(&self, seat: Option<Seat>, version: u64, choice: Choice) -> bool {
        let Some(last) = self.history.last() else {
            return false;
        };
        if seat.is_some_and(|seat| self.is_stood_in(seat) || self.has_resigned(seat)) {
            return false;
        }
        let same = match choice {
            Choice::Action(action) => action == last.action,
            Choice::Index(index) => index == 0,
        };
        last.forced
            && same
            && Some(last.seat) == seat
            && last.played_at == Some(version)
            && self.version == version + 1
    }

    /// How many of the last actions one undo takes back: the player's last decision of the
    /// turn in progress (nothing hidden is revealed during a turn) with the forced steps that
    /// followed it. A forced step alone is never taken back: it would only be played again.
    /// Zero when the turn holds no decision of theirs.
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
            if !entry.forced {
                return count;
            }
            if entry.opens_turn {
                break;
            }
        }
        0
    }

    /// Works out `seat` taking back the last action on `version`.
    ///
    /// # Errors
    /// Why not; nothing changes.
    pub fn try_undo(&self, seat: Option<Seat>, version: u64) -> Result<Change, Refusal> {
        self.check_turn(seat, version)?;
        let count = self.undoable();
        if count == 0 {
            return Err(Refusal::NothingToUndo);
        }
        let from = self.history.len() - count;
        let game = self.game_at(from);
        let now = Decision::of(&game);
        Ok(Change {
            log: LogChange::Truncate {
                from: from as u64,
                count: count as u64,
            },
            summary: self.summary_after(&game, &now),
            game,
            now,
            entry: None,
        })
    }

    /// Applies a change that the database has committed; tells what it did to the history, for
    /// what the server keeps per action (the story in words).
    pub fn apply(&mut self, change: Change) -> Applied {
        let before = std::mem::replace(&mut self.now, change.now);
        let applied = match change.entry {
            Some(entry) => {
                if let Some(marks) = &mut self.marks {
                    marks.push(marks_of(&before.view, &self.now.view));
                }
                self.history.push(entry);
                Applied::Appended {
                    action: entry.action,
                    before: before.view,
                }
            }
            None => {
                let LogChange::Truncate { from, .. } = change.log else {
                    unreachable!("a change without an entry takes actions back");
                };
                let kept = (from as usize).min(self.history.len());
                self.history.truncate(kept);
                if let Some(marks) = &mut self.marks {
                    marks.truncate(kept);
                }
                Applied::TakenBack { kept }
            }
        };
        self.game = change.game;
        self.version += 1;
        self.status = change.summary.status;
        self.clock = change.summary.clock;
        applied
    }

    /// Applies a committed new clock: its people's times away changed (a vacation taken,
    /// ended or begun in this game). A new version, like a stand-in.
    pub fn apply_clock(&mut self, clock: Clock) {
        self.clock = Some(clock);
        self.version += 1;
    }

    /// The game as it stood after `step` actions (for replays and undo).
    pub fn game_at(&self, step: usize) -> Game {
        let mut game = Game::new(self.options, self.seed);
        for entry in &self.history[..step.min(self.history.len())] {
            game.play_unchecked(entry.action);
        }
        game
    }

    /// The public view of the game now.
    pub fn view(&self) -> View {
        self.now.view.clone()
    }

    /// The public view now, borrowed.
    pub fn public_view(&self) -> &View {
        &self.now.view
    }

    /// Whether every seat is taken.
    pub fn is_full(&self) -> bool {
        self.seats.iter().all(|s| !s.occupant.is_free())
    }
}

/// The seat of `user_id` among `seats`.
pub fn seat_of(seats: &[SeatRecord], user_id: &str) -> Option<Seat> {
    seats
        .iter()
        .find(|s| s.occupant.user_id() == Some(user_id))
        .map(|s| Seat(s.seat))
}

/// The log entry of `action` played on `game`, whose forced step (if any) is `forced`.
fn entry_for(game: &Game, forced: Option<Action>, action: Action, played_at: Option<u64>) -> Entry {
    let (turn_of, opens_turn) = match game.position().phase {
        Phase::Turn { seat, turn } => (Some(seat), turn == TurnState::fresh()),
        _ => (None, false),
    };
    Entry {
        action,
        seat: game.to_move().expect("only a running game takes actions"),
        turn_of,
        opens_turn,
        forced: forced == Some(action),
        played_at,
    }
}

fn summary_of(game: &Game, now: &Decision, resignations: &Resignations) -> RowSummary {
    let over = game.is_over();
    RowSummary {
        status: if over {
            GameStatus::Finished
        } else {
            GameStatus::Running
        },
        to_move: game.to_move(),
        clock: None,
        forced_step: !over && now.forced.is_some(),
        winners: if over {
            resignations
                .standings(game.position())
                .iter()
                .filter(|s| s.rank == 1)
                .map(|s| s.seat)
                .collect()
        } else {
            Vec::new()
        },
    }
}
