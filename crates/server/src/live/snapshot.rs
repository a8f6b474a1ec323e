//! What viewers of a game need, fixed after each change: the writer publishes one immutable
//! snapshot per change on the game's `watch` channel, and every viewer builds its messages from
//! it without ever taking the writer's lock. Messages are built once per snapshot for everyone
//! who sees the same (all who only watch, in one language, share one table).

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use helvetia_ai::analysis::Hint;
use helvetia_engine::{
    Action, ActionList, GameOptions, RecentTurns, Resignations, Seat, Standing, View,
};
use tokio::sync::OnceCell;

use super::held_game::HeldGame;
use super::story_book::Resigned;
use crate::domain::clock::Clock;
use crate::domain::game_state::{seat_of, GameState};
use crate::domain::seats::{GameStatus, SeatRecord};
use crate::live::shared_table::SharedTable;
use crate::live::view_json::{SharedParts, Stamp, ViewChanges, ViewJson};
use helvetia_web::{EndVote, Lang, Layout, RatingShift, StoryLine, Tutorial};

/// Slots per message kind: one per seat that decides, and one for everyone who only watches.
const VIEWER_SLOTS: usize = 5;

/// A snapshot's tables, by viewer slot, language and layout.
type TableSlots = [[[OnceCell<SharedTable>; Layout::ALL.len()]; Lang::ALL.len()]; VIEWER_SLOTS];

/// One state of a game as its viewers see it.
pub struct Snapshot {
    /// The game id.
    pub game_id: Arc<str>,
    /// Counts the snapshots of this game in this node: viewers send again when it moves.
    pub revision: u64,
    /// The stored version.
    pub version: u64,
    /// Where the game stands.
    pub status: GameStatus,
    /// Engine options.
    pub options: GameOptions,
    /// The seats: the last snapshot's, shared, while they stay as they were ([`Snapshot::of`]).
    pub seats: Arc<[SeatRecord]>,
    /// The public view (never the order of stacks 2 and 3).
    pub view: View,
    /// Whose decision it is while the game runs.
    pub to_move: Option<Seat>,
    /// The seat whose person decides now ([`GameState::decider`]).
    pub decider: Option<Seat>,
    /// The legal actions of the player who decides.
    pub legal: ActionList,
    /// The step the table plays for the person who decides, if any
    /// ([`GameState::forced_step`]).
    pub forced_step: Option<Action>,
    /// How many actions the player who decides may take back.
    pub undoable: usize,
    /// Actions in the log.
    pub log_len: usize,
    /// Whether someone holding each seat has the game open on this node.
    pub connected: [bool; 4],
    /// The final standings, once the game is over.
    pub standings: Option<Vec<Standing>>,
    /// The clock, for a game with a time control.
    pub clock: Option<Clock>,
    /// What a finished rated game did to its players' ratings.
    pub rating_shifts: Vec<RatingShift>,
    /// Whether spectators' chat lines are shown to spectators only.
    pub spectators_apart: bool,
    /// The vote to end the game without a result.
    pub end_vote: EndVote,
    /// Who resigned, and whether that ended the game.
    pub resignations: Resignations,
    /// The others' last turns each viewer sees highlighted.
    pub recent: RecentTurns,
    /// Whether the person playing against bots only may ask for hints.
    pub hints: bool,
    /// In a tutorial game, who learns and which lessons they have done.
    pub tutorial: Option<Tutorial>,
    stories: Vec<(Lang, Arc<[StoryLine]>)>,
    suggestion: std::sync::OnceLock<Option<Action>>,
    hint: OnceCell<Option<Arc<Hint>>>,
    view_json: OnceCell<String>,
    shared_json: std::sync::OnceLock<SharedParts>,
    view_changes: std::sync::OnceLock<Option<ViewChanges>>,
    /// The game's writer of views as JSON, which reuses the villages of the last one.
    view_writer: Arc<ViewJson>,
    json: [OnceCell<Utf8Bytes>; VIEWER_SLOTS],
    json_changes: [OnceCell<Utf8Bytes>; VIEWER_SLOTS],
    /// Made when the first table is asked for: programs, which read JSON, never ask, and the
    /// fifty empty slots made and dropped with every change cost them time for nothing.
    tables: std::sync::OnceLock<Box<TableSlots>>,
}

impl Snapshot {
    /// The snapshot of `state`; `view_writer` is the game's (see [`ViewJson`]). The seats are
    /// those of `last` (the game's snapshot before) when they did not change: most changes are
    /// actions, which leave them as they were, and copying them was most of a snapshot's cost.
    pub fn of(
        game_id: Arc<str>,
        state: &HeldGame,
        (revision, last): (u64, Option<&Snapshot>),
        connected: [bool; 4],
        view_writer: Arc<ViewJson>,
    ) -> Self {
        let to_move = state.to_move();
        let view = state.view();
        Snapshot {
            game_id,
            revision,
            version: state.version(),
            status: state.status,
            options: state.options,
            seats: match last {
                Some(last) if *last.seats == *state.seats => last.seats.clone(),
                _ => state.seats.as_slice().into(),
            },
            tutorial: tutorial(state, &view),
            view,
            to_move,
            decider: state.decider(),
            legal: state.legal_for(to_move),
            forced_step: state.forced_step(),
            undoable: state.undoable(),
            log_len: state.history().len(),
            connected,
            standings: state.standings(),
            clock: state.clock.clone(),
            spectators_apart: state.settings.spectators_apart,
            end_vote: end_vote(state),
            resignations: state.resignations(),
            recent: state.recent_turns(),
            hints: state.settings.hints,
            rating_shifts: state
                .rating_changes
                .iter()
                .map(|change| RatingShift {
                    seat: change.seat,
                    before: change.before.round() as i64,
                    after: change.after.round() as i64,
                })
                .collect(),
            stories: state.story_book().stories(&resignation_lines(state)),
            suggestion: std::sync::OnceLock::new(),
            hint: OnceCell::new(),
            view_json: OnceCell::new(),
            shared_json: std::sync::OnceLock::new(),
            view_changes: std::sync::OnceLock::new(),
            view_writer,
            json: Default::default(),
            json_changes: Default::default(),
            tables: std::sync::OnceLock::new(),
        }
    }

    /// The seat of `user_id`, if they sit here.
    pub fn seat_of(&self, user_id: &str) -> Option<Seat> {
        seat_of(&self.seats, user_id)
    }

    /// `viewer` if they decide now; `None` for everyone who only watches (and for a person
    /// whose seat a bot plays since their time ran out).
    pub fn decider(&self, viewer: Option<Seat>) -> Option<Seat> {
        viewer.filter(|&seat| self.decider == Some(seat))
    }

    /// The legal actions of `viewer`: empty unless it is their decision.
    pub fn legal_for(&self, viewer: Option<Seat>) -> &[Action] {
        match self.decider(viewer) {
            Some(_) => &self.legal,
            None => &[],
        }
    }

    /// The hint for this state's decision, worked out by the first who asks
    /// ([`crate::play::hints`]).
    pub fn hint(&self) -> &OnceCell<Option<Arc<Hint>>> {
        &self.hint
    }

    /// Whether `viewer` may ask for a hint now: the game has hints and it is their decision.
    /// (The game's creation made sure that every other seat is a bot.)
    pub fn offers_hint(&self, viewer: Option<Seat>) -> bool {
        self.hints && self.decider(viewer).is_some() && self.status == GameStatus::Running
    }

    /// The decision suggested to `viewer` when it is theirs and the table shows a suggestion
    /// in this step: the greedy plan from the view, worked out once per snapshot, only when
    /// first asked (so only for a person who decides and looks).
    pub fn suggestion_for(&self, viewer: Option<Seat>) -> Option<Action> {
        self.decider(viewer)?;
        if !helvetia_web::suggestion_wanted(&self.view.position.phase) {
            return None;
        }
        *self
            .suggestion
            .get_or_init(|| helvetia_ai::suggest(&self.view))
    }

    /// Whether `viewer` may take an action back now.
    pub fn can_undo(&self, viewer: Option<Seat>) -> bool {
        self.decider(viewer).is_some() && self.undoable > 0
    }

    /// The whole story in `lang` (empty if nobody on this node reads the game in `lang` yet).
    pub fn story(&self, lang: Lang) -> &[StoryLine] {
        self.stories
            .iter()
            .find(|(l, _)| *l == lang)
            .map_or(&[], |(_, lines)| lines)
    }

    /// Whether the story in `lang` is here.
    pub fn reads_in(&self, lang: Lang) -> bool {
        self.stories.iter().any(|(l, _)| *l == lang)
    }

    /// The view as JSON, written once (and never parsed again: each update embeds it as is).
    pub(crate) async fn view_json(&self) -> &str {
        self.view_json
            .get_or_init(|| async { self.view_writer.of(&self.view) })
            .await
    }

    /// The parts of the JSON updates that are the same for every viewer, written once by
    /// `write` (the presenter's, which this layer does not know).
    pub(crate) fn shared_json(&self, write: impl FnOnce() -> SharedParts) -> &SharedParts {
        self.shared_json.get_or_init(write)
    }

    /// What changed since the game's last snapshot whose changes were asked for (`None` if
    /// none was on this node), worked out once, with `shared` this snapshot's
    /// [`Snapshot::shared_json`]: that is the snapshot just before, unless no client that keeps
    /// the view read that one.
    pub(crate) fn view_changes(&self, shared: &SharedParts) -> Option<&ViewChanges> {
        self.view_changes
            .get_or_init(|| {
                let stamp = Stamp {
                    revision: self.revision,
                    version: self.version,
                };
                self.view_writer.changes(&self.view, shared, stamp)
            })
            .as_ref()
    }

    /// Where the JSON update for `decider` goes.
    pub(crate) fn json_slot(&self, decider: Option<Seat>) -> &OnceCell<Utf8Bytes> {
        &self.json[slot(decider)]
    }

    /// Where the JSON update of changes for `decider` goes (see [`Snapshot::view_changes`]).
    pub(crate) fn json_changes_slot(&self, decider: Option<Seat>) -> &OnceCell<Utf8Bytes> {
        &self.json_changes[slot(decider)]
    }

    /// Where the table for `decider` in `lang` goes.
    pub(crate) fn table_slot(
        &self,
        decider: Option<Seat>,
        (lang, layout): (Lang, Layout),
    ) -> &OnceCell<SharedTable> {
        let lang = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
        let tables = self.tables.get_or_init(Default::default);
        &tables[slot(decider)][lang][layout.index()]
    }
}

/// The vote to end `state` without a result, as the table shows it.
fn end_vote(state: &GameState) -> EndVote {
    if state.status == GameStatus::Abandoned {
        return EndVote::Ended;
    }
    let voters: Vec<Seat> = state
        .options
        .seats()
        .filter(|&seat| state.may_vote_to_end(seat))
        .collect();
    if voters.is_empty() {
        return EndVote::None;
    }
    EndVote::Open {
        voters,
        votes: state.people_playing().filter(|s| s.voted_to_end).count(),
        needed: state.people_playing().count(),
    }
}

/// The story's resignations: after how many actions, whose, and whether a bot played on.
fn resignation_lines(state: &GameState) -> Vec<Resigned> {
    let resignations = state.resignations();
    let last = resignations.seats.last().copied();
    resignations
        .seats
        .iter()
        .filter_map(|&seat| {
            let at_step = state.seats.get(seat.index())?.resigned_at?;
            Some(Resigned {
                at_step: at_step as usize,
                // Only people resign, and their names read the same in every language.
                name: state.seats[seat.index()]
                    .occupant
                    .username()
                    .unwrap_or_default()
                    .to_string(),
                bot_plays_on: !(resignations.ended_game && last == Some(seat)),
            })
        })
        .collect()
}

fn slot(decider: Option<Seat>) -> usize {
    decider.map_or(VIEWER_SLOTS - 1, |seat| seat.index().min(VIEWER_SLOTS - 2))
}

/// The learner's progress in a tutorial game (its creator learns), from the log: no state of
/// its own.
fn tutorial(state: &GameState, view: &View) -> Option<Tutorial> {
    if !state.settings.tutorial {
        return None;
    }
    let learner = state.seat_of(&state.creator_id)?;
    let actions = state
        .history()
        .iter()
        .map(|entry| (entry.seat, &entry.action));
    Some(Tutorial::of(learner, actions, view))
}
