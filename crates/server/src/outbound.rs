//! The one filter between a game and any client: every payload about a game (state, WebSocket
//! updates, replay frames, logs, errors) is built here, from the engine's `View` and the public
//! seat list, never from the `Position` or the seed.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use helvetia_engine::{score, Action, ActionList, Seat, Standing, View};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use tokio::sync::OnceCell;

use crate::live::{GameState, LiveGame};
use crate::model::Occupant;
use crate::render::{self, Lang, PlayerInfo, TableCache, TableInput};

/// Log lines shown with the table; the full log is in the JSON state.
const TABLE_LOG_LINES: usize = 40;

/// A JSON error body: `{"error": message}`.
pub fn error_body(message: &str) -> String {
    serde_json::json!({ "error": message }).to_string()
}

/// A WebSocket error message.
pub fn ws_error(message: &str) -> String {
    serde_json::json!({ "type": "error", "message": message }).to_string()
}

/// A seat as everyone may see it (no invitation tokens).
#[derive(Serialize)]
pub struct PublicSeat {
    seat: u8,
    kind: &'static str,
    name: Option<String>,
    bot_level: Option<&'static str>,
    connected: bool,
}

/// The seats as everyone may see them.
pub fn public_seats(live: &LiveGame, state: &GameState) -> Vec<PublicSeat> {
    state
        .seats
        .iter()
        .map(|s| {
            let (kind, name, bot_level) = match &s.occupant {
                Occupant::Open => ("open", None, None),
                Occupant::Invite { .. } => ("invite", None, None),
                Occupant::Human { username, .. } => ("human", Some(username.clone()), None),
                Occupant::Bot { level } => (
                    "bot",
                    Some(state.seat_name(Seat(s.seat))),
                    Some(level.as_str()),
                ),
            };
            PublicSeat {
                seat: s.seat,
                kind,
                name,
                bot_level,
                connected: live.is_connected(Seat(s.seat)),
            }
        })
        .collect()
}

/// The name shown for `seat`.
pub fn seat_name(state: &GameState, seat: Seat) -> String {
    state.seat_name(seat)
}

/// The renderer's player list.
pub fn players(live: &LiveGame, state: &GameState) -> Vec<PlayerInfo> {
    state
        .seats
        .iter()
        .map(|s| PlayerInfo {
            seat: Seat(s.seat),
            name: seat_name(state, Seat(s.seat)),
            is_bot: matches!(s.occupant, Occupant::Bot { .. }),
            connected: live.is_connected(Seat(s.seat))
                || matches!(s.occupant, Occupant::Bot { .. }),
        })
        .collect()
}

/// The log in words, actions `from..to`.
pub fn log_lines(state: &GameState, lang: Lang, from: usize, to: usize) -> Vec<String> {
    (from..to)
        .map(|index| state.log_line(index, lang).to_string())
        .collect()
}

/// The public view: the game without the order of stacks 2 and 3.
fn view_of(state: &GameState) -> View {
    state.game().view()
}

/// The view as JSON, serialized once per revision.
fn view_json(state: &mut GameState) -> Utf8Bytes {
    let shared = state.messages.entry("view".into()).or_default().clone();
    if let Some(json) = shared.get() {
        return json.clone();
    }
    let json: Utf8Bytes = serde_json::to_string(&view_of(state))
        .expect("views serialize")
        .into();
    // Built under the game's lock: nobody else can have set it meanwhile.
    let _ = shared.set(json.clone());
    json
}

fn standings(state: &GameState) -> Option<Vec<Standing>> {
    state.game().is_over().then(|| state.game().standings())
}

/// `GET /api/games/{id}`: the game for `viewer`, with the full log.
pub fn game_state(
    live: &LiveGame,
    state: &GameState,
    viewer: Option<Seat>,
    lang: Lang,
) -> serde_json::Value {
    let legal = state.legal_for(viewer);
    let view = view_of(state);
    let scores: Vec<u8> = state
        .options
        .seats()
        .map(|seat| score(&view.position, seat).total)
        .collect();
    serde_json::json!({
        "id": live.id,
        "status": state.status.as_str(),
        "version": state.version(),
        "options": state.options,
        "players": public_seats(live, state),
        "view": view,
        "legal": legal.as_slice(),
        "your_seat": viewer.map(|s| s.0),
        "your_turn": !legal.is_empty(),
        "can_undo": can_undo(state, decider(state, viewer)),
        "log": log_lines(state, lang, 0, state.history().len()),
        "actions": state.history().iter().map(|e| e.action).collect::<Vec<_>>(),
        "scores": scores,
        "standings": standings(state),
    })
}

/// The table HTML for `viewer`: the same for everyone but the player who decides now.
pub fn table_html(live: &LiveGame, state: &GameState, viewer: Option<Seat>, lang: Lang) -> String {
    let decider = decider(state, viewer);
    let legal = state.legal_for(decider);
    let view = view_of(state);
    let players = players(live, state);
    let end = state.history().len();
    let log = log_lines(state, lang, end.saturating_sub(TABLE_LOG_LINES), end);
    render::render_table(&TableInput {
        game_id: &live.id,
        view: &view,
        players: &players,
        legal: &legal,
        version: state.version(),
        can_undo: can_undo(state, decider),
        log: &log,
        lang,
        replay: None,
    })
}

/// `viewer` if they decide now; `None` for everyone who only watches. Watchers all see the
/// same, so their updates are built once per change.
fn decider(state: &GameState, viewer: Option<Seat>) -> Option<Seat> {
    viewer.filter(|&seat| state.to_move() == Some(seat))
}

fn can_undo(state: &GameState, decider: Option<Seat>) -> bool {
    decider.is_some() && state.undoable() > 0
}

/// What a WebSocket client receives after every change (`?format=` on the WebSocket route).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UpdateFormat {
    /// A JSON message with the view and the viewer's legal actions, for bots and scripts.
    #[default]
    Json,
    /// The table HTML alone, as the browser shows it; the table carries its version and
    /// whether it is the viewer's turn (`data-version`, `data-your-turn`).
    Html,
}

#[derive(Serialize)]
struct Update<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    version: u64,
    view: &'a RawValue,
    legal: &'a [Action],
    your_turn: bool,
    can_undo: bool,
    status: &'static str,
    players: &'a [PublicSeat],
}

/// What one table update is made of, taken from the game under its lock so that the
/// rendering can happen after the lock is released.
pub struct TableParts {
    /// Where the table goes, shared with everyone who sees the same.
    shared: Arc<OnceCell<Utf8Bytes>>,
    /// The game's panels from earlier tables.
    panels: Arc<TableCache>,
    game_id: String,
    view: View,
    players: Vec<PlayerInfo>,
    legal: ActionList,
    version: u64,
    can_undo: bool,
    log: Vec<String>,
    lang: Lang,
}

/// The WebSocket update for `viewer`: the message already built for this change (shared by
/// everyone who sees the same), a JSON message built now, or the parts to render the table
/// from with [`shared_table`] outside the lock.
pub fn prepare_update(
    live: &LiveGame,
    state: &mut GameState,
    viewer: Option<Seat>,
    lang: Lang,
    format: UpdateFormat,
) -> Result<Utf8Bytes, Box<TableParts>> {
    let decider = decider(state, viewer);
    let key = match format {
        UpdateFormat::Json => format!("json:{:?}", decider.map(|s| s.0)),
        UpdateFormat::Html => format!("html:{:?}:{}", decider.map(|s| s.0), lang.code()),
    };
    let shared = state.messages.entry(key).or_default().clone();
    if let Some(message) = shared.get() {
        return Ok(message.clone());
    }
    if format == UpdateFormat::Json {
        let message = json_update(live, state, decider);
        // Built under the game's lock: nobody else can have set it meanwhile.
        let _ = shared.set(message.clone());
        return Ok(message);
    }
    let end = state.history().len();
    Err(Box::new(TableParts {
        shared,
        panels: state.panels.clone(),
        game_id: live.id.clone(),
        view: view_of(state),
        players: players(live, state),
        legal: state.legal_for(decider),
        version: state.version(),
        can_undo: can_undo(state, decider),
        log: log_lines(state, lang, end.saturating_sub(TABLE_LOG_LINES), end),
        lang,
    }))
}

fn json_update(live: &LiveGame, state: &mut GameState, decider: Option<Seat>) -> Utf8Bytes {
    let view_json = view_json(state);
    let view = RawValue::from_string(view_json.as_str().to_string()).expect("the view is JSON");
    let legal = state.legal_for(decider);
    serde_json::to_string(&Update {
        kind: "update",
        version: state.version(),
        view: &view,
        legal: &legal,
        your_turn: !legal.is_empty(),
        can_undo: can_undo(state, decider),
        status: state.status.as_str(),
        players: &public_seats(live, state),
    })
    .expect("updates serialize")
    .into()
}

/// The table these parts describe: rendered here, or by the viewer who started first.
pub async fn shared_table(parts: &TableParts) -> Utf8Bytes {
    parts
        .shared
        .get_or_init(|| async { build_table(parts) })
        .await
        .clone()
}

fn build_table(parts: &TableParts) -> Utf8Bytes {
    let input = TableInput {
        game_id: &parts.game_id,
        view: &parts.view,
        players: &parts.players,
        legal: &parts.legal,
        version: parts.version,
        can_undo: parts.can_undo,
        log: &parts.log,
        lang: parts.lang,
        replay: None,
    };
    render::render_table_with(&input, &parts.panels).into()
}

/// A replay frame: the game after `step` actions, as everyone saw it then.
pub fn replay_frame(
    live: &LiveGame,
    state: &GameState,
    step: usize,
    lang: Lang,
) -> (serde_json::Value, String) {
    let total = state.history().len();
    let game = state.game_at(step);
    let view = game.view();
    let players = players(live, state);
    let log = log_lines(state, lang, 0, step);
    let html = render::render_table(&TableInput {
        game_id: &live.id,
        view: &view,
        players: &players,
        legal: &[],
        version: step as u64,
        can_undo: false,
        log: &log[step.saturating_sub(TABLE_LOG_LINES)..],
        lang,
        replay: Some((step, total)),
    });
    let scores: Vec<u8> = state
        .options
        .seats()
        .map(|seat| score(&view.position, seat).total)
        .collect();
    let json = serde_json::json!({
        "id": live.id,
        "step": step,
        "total": total,
        "view": view,
        "log": log,
        "scores": scores,
        "standings": (step == total).then(|| standings(state)).flatten(),
        "html": html,
    });
    (json, html)
}
