//! The web UI of Helvetia Online: HTML pages and the SVG game table, rendered on the server,
//! in five languages, with a small hand-written browser script.
//!
//! This crate only renders: it has no HTTP, database or async dependencies. The server calls
//! [`render_table_with`] (which copies unchanged panels from the game's [`TableCache`]) after
//! every change and pushes the HTML over its WebSocket; the browser swaps it in and sends back
//! the index of the clicked legal action.
//!
//! The table depends on the viewer only through the legal actions and the undo button: all who
//! watch (opponents, spectators) get the same HTML, so the server renders it once per language
//! and change. The viewer's own village is marked by the page around the table (`data-seat` on
//! `#table`, see [`pages::game`]) and the style sheet.
//!
//! # The table
//!
//! [`render_table`] draws the whole game from a [`View`] (never the full position: the order of
//! stacks 2 and 3 is hidden). Every element that plays legal action number `i` of
//! [`TableInput::legal`] carries `data-action="i"`, is focusable (`tabindex="0"`) and has an
//! accessible label. Where several actions share one piece (a woman or a man from the centre,
//! the two outputs of an exchange building), the piece carries `data-chooser="ID"` instead, and
//! a hidden `<div class="chooser" id="ID">` holds one `data-action` button per action. Decisions
//! without a piece on the board (ending the turn, passing) are buttons in the prompt, and an
//! element with `data-undo` asks to take back the turn's last decision.
//!
//! The root element carries `data-version`, `data-your-turn` and `data-status`.
//!
//! # The text mode
//!
//! [`render_text_table`] renders the same game as text for one viewer, for people who play
//! with a screen reader: the decision first, the choices as a numbered list, and the answers
//! to the ask-commands (see [`Ask`]); [`pages::text_game`] is its page, [`pages::text_replay`]
//! the page that steps through a finished game.
//!
//! # Pages
//!
//! [`pages`] renders full documents. Each page function takes the language, the logged-in user
//! name (if any) and the CSRF token, then its own data, as the server contract describes.
//! The browser script reads the CSRF token from the `helvetia_csrf` cookie (falling back to
//! the page's `<meta name="csrf-token">`) and sends it as `x-csrf-token` on every POST.
//!
//! # Examples
//!
//! ```
//! use helvetia_engine::{Game, GameOptions, Seat};
//! use helvetia_web::{render_table, Lang, PlayerInfo, TableInput};
//!
//! let game = Game::new(GameOptions::for_players(2), 1);
//! let players: Vec<PlayerInfo> = (0..2)
//!     .map(|s| PlayerInfo { seat: Seat(s), name: format!("P{s}"), is_bot: false, stands_in: false, connected: true })
//!     .collect();
//! let legal = game.legal_actions();
//! let html = render_table(&TableInput {
//!     legal: &legal,
//!     ..TableInput::new("g1", &game.view(), &players, Lang::En)
//! });
//! assert!(html.contains("data-action=\"0\""));
//! ```

mod bot_names;
mod i18n;
mod layout;
pub mod pages;
mod story;
mod table;
mod text_mode;
mod tutorial;
mod words;

use helvetia_engine::{Action, GameOptions, RecentTurns, Resignations, Seat, View};

pub use bot_names::{bot_level_name, bot_name, bot_seat_name, BOT_LEVELS};
pub use i18n::Lang;
pub use layout::Layout;
pub use story::{events, resignation_line, story_lines, Stage, StoryEvent, StoryLine};
pub use table::ask_hint::{evaluation_terms, hint_words};
pub use table::cache::TableCache;
pub use table::changes::{apply_update, TableUpdate};
pub use table::clocks::format_left;
pub use table::parts::RenderedTable;
pub use table::suggestion::wanted as suggestion_wanted;
pub use text_mode::{answer as text_answer, render_text_table, Ask};
pub use tutorial::{coaching, Coaching, Lesson, Moment, Tutorial};
pub use words::{building_name, character_name, good_name, Namer};

/// A seat at the table as the UI shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerInfo {
    /// The seat.
    pub seat: Seat,
    /// The player's (or bot's) name.
    pub name: String,
    /// Whether a computer plays this seat.
    pub is_bot: bool,
    /// Whether that computer plays for the person named here (their time ran out): the table
    /// says so. A bot's own seat needs no such word, its name says it.
    pub stands_in: bool,
    /// Whether the player has the game open now.
    pub connected: bool,
}

/// Everything the table shows to one viewer.
pub struct TableInput<'a> {
    /// The game's id, for links.
    pub game_id: &'a str,
    /// What everyone may see; never the full position.
    pub view: &'a View,
    /// The seats, with names.
    pub players: &'a [PlayerInfo],
    /// The viewer's legal actions: empty unless it is their decision.
    pub legal: &'a [Action],
    /// Number of actions applied: the version the next action must name.
    pub version: u64,
    /// Whether the viewer may take back the last decision of their turn.
    pub can_undo: bool,
    /// The whole story so far ([`story_lines`] of every action), oldest first.
    pub log: &'a [StoryLine],
    /// The viewer's language.
    pub lang: Lang,
    /// The viewer's screen: how the villages are arranged.
    pub layout: Layout,
    /// `(step, total)` when rendering a frame of a replay.
    pub replay: Option<(usize, usize)>,
    /// The players' clocks, by seat; empty for a game without a clock.
    pub clocks: &'a [SeatClock],
    /// What a finished rated game did to its players' ratings; empty otherwise.
    pub rating_shifts: &'a [RatingShift],
    /// The vote to end the game without a result, once clocks ran out for several seats.
    pub end_vote: &'a EndVote,
    /// The decision suggested to the viewer (one of `legal`), shown with why while paying or
    /// delivering; `None` for no suggestion. The server plans it from the view.
    pub suggestion: Option<Action>,
    /// The players who resigned, and whether that ended the game.
    pub resignations: &'a Resignations,
    /// The others' last turns to highlight, for every viewer ([`helvetia_engine::recent_turns`]).
    pub recent: &'a RecentTurns,
    /// Whether the viewer may ask for a hint now: a game of one person against bots, created
    /// with hints, at that person's decision (the table shows a "Hint" button).
    pub hint: bool,
    /// In a tutorial game, who learns and what they have done: the table carries the coach.
    pub tutorial: Option<Tutorial>,
}

/// Nobody resigned and nothing to highlight, for [`TableInput::new`] to point at.
static NO_RESIGNATIONS: Resignations = Resignations::NONE;
static NO_RECENT_TURNS: RecentTurns = RecentTurns::NONE;

impl<'a> TableInput<'a> {
    /// The table of `view` with nothing but the game on it: no decision for the viewer, no log,
    /// clocks, suggestion, highlights or coach. The start of a struct update for what draws a
    /// position (pictures, tools, tests): `TableInput { legal: &legal, ..TableInput::new(…) }`.
    pub fn new(game_id: &'a str, view: &'a View, players: &'a [PlayerInfo], lang: Lang) -> Self {
        TableInput {
            game_id,
            view,
            players,
            legal: &[],
            version: 0,
            can_undo: false,
            log: &[],
            lang,
            layout: Layout::Wide,
            replay: None,
            clocks: &[],
            rating_shifts: &[],
            end_vote: &EndVote::None,
            suggestion: None,
            resignations: &NO_RESIGNATIONS,
            recent: &NO_RECENT_TURNS,
            hint: false,
            tutorial: None,
        }
    }
}

/// The vote to end a game without a result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EndVote {
    /// No vote is possible.
    #[default]
    None,
    /// The persons still playing may vote.
    Open {
        /// The seats that may still vote (the page offers the button to them alone).
        voters: Vec<Seat>,
        /// Votes so far.
        votes: usize,
        /// Votes needed.
        needed: usize,
    },
    /// The players ended the game without a result.
    Ended,
}

/// One player's rating before and after a rated game, rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingShift {
    /// The seat.
    pub seat: Seat,
    /// Rating before the game.
    pub before: i64,
    /// Rating after it.
    pub after: i64,
}

/// One seat's clock as the table shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatClock {
    /// The seat.
    pub seat: Seat,
    /// Time left when its turn is not running, in milliseconds.
    pub left_ms: i64,
    /// When its running turn's time is up (milliseconds since the Unix epoch): the page counts
    /// down to it.
    pub deadline_ms: Option<i64>,
    /// Whether a bot plays for the person here since their time ran out.
    pub stood_in: bool,
    /// Until when the person here is on vacation, their clock standing still (milliseconds
    /// since the Unix epoch), if they are.
    pub away_until_ms: Option<i64>,
}

/// The live part of the game page (prompt, board, villages, log) as an HTML fragment.
pub fn render_table(input: &TableInput) -> String {
    table::render(input, None).html()
}

/// [`render_table`], copying village panels that look as they did in an earlier render of the
/// same game from `cache` instead of drawing them again. The result is the same.
pub fn render_table_with(input: &TableInput, cache: &TableCache) -> String {
    table::render(input, Some(cache)).html()
}

/// [`render_table_with`] in parts, for a browser that has an earlier table of the same game:
/// [`RenderedTable::update_since`] tells what it needs (see [`apply_update`]).
pub fn render_table_parts(input: &TableInput, cache: &TableCache) -> RenderedTable {
    table::render(input, Some(cache))
}

/// One line of the game log in words, e.g. `"Anna: build Butcher"`.
///
/// Without the position, cells are named by their coordinates and other players by seat.
pub fn log_line(lang: Lang, actor: &str, action: &Action) -> String {
    let namer = Namer {
        lang,
        names: &[],
        position: None,
    };
    format!("{actor}: {}", namer.action(action, None))
}

/// One line of the game log, naming buildings and players: `before` is the view the action
/// was played in, `names` the players' names by seat.
pub fn log_line_in(lang: Lang, names: &[String], before: &View, action: &Action) -> String {
    let position = &before.position;
    let namer = Namer {
        lang,
        names,
        position: Some(position),
    };
    let actor = position
        .to_move()
        .map(|seat| namer.seat(seat))
        .unwrap_or_default();
    format!("{actor}: {}", namer.action(action, position.to_move()))
}

/// A game in the lobby lists, as its pages show it and `GET /api/games` sends it (the API adds
/// what only the asking person's list says beside it).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// Seated players: name and whether a bot.
    pub players: Vec<(String, bool)>,
    /// Number of seats.
    pub seats: u8,
    /// `"open"`, `"running"` or `"finished"`.
    pub status: String,
    /// Whether the viewer is to move.
    pub your_turn: bool,
    /// The game's options.
    pub options: GameOptions,
    /// Seats still free.
    pub open_seats: Vec<u8>,
    /// When it was created (UTC, RFC 3339).
    pub created_at: String,
    /// The winners, once finished.
    pub winner_names: Vec<String>,
    /// The time control, for a game with a clock.
    pub time_control: Option<Pace>,
    /// Whether the result counts for ratings.
    pub rated: bool,
    /// The names of the players (of `players`) on vacation now.
    pub on_vacation: Vec<String>,
}

/// A game's time control as the lists show and send it: the same fields as the one chosen at
/// creation (`docs/api.md`), its stand-in named by the level's word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Pace {
    /// Each player's bank at the start.
    pub bank_secs: u32,
    /// Time for each turn before the bank is touched (0: a live game).
    pub per_turn_secs: u32,
    /// Added to the bank after each turn.
    pub increment_secs: u32,
    /// The level of the bot that plays for a person whose time ran out.
    pub stand_in: &'static str,
}

/// The browser script, served at `/static/app.js`.
pub const STATIC_JS: &str = include_str!("../static/app.js");
/// The text mode's script, served at `/static/text.js` (see [`render_text_table`]).
pub const STATIC_TEXT_JS: &str = include_str!("../static/text.js");
/// The service worker (`/sw.js`): shows pushed messages as notifications.
pub const SERVICE_WORKER: &str = include_str!("../static/sw.js");
/// The site's icon, served at `/static/icon.svg` (and at `/favicon.ico`, where browsers look
/// for it without being told).
pub const STATIC_ICON: &str = include_str!("../static/favicon.svg");
/// The style sheet, served at `/static/app.css`.
pub const STATIC_CSS: &str = include_str!("../static/app.css");
