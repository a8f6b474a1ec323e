//! The one filter between a game and any client: every payload about a game (state, WebSocket
//! updates, replay frames, logs, errors) is built here, from a [`Snapshot`] (the engine's `View`
//! and the public seat list) or a replayed `View`, never from the `Position` or the seed.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use helvetia_engine::{score, Action, Game, Seat};
use serde::{Deserialize, Serialize};

use crate::domain::clock::now_ms;
use crate::domain::seats::Occupant;
use crate::http::error::AppError;
use crate::live::shared_table::SharedTable;
use crate::live::snapshot::Snapshot;
use crate::names::seat_name;
use helvetia_web::{
    self as render, Lang, Layout, PlayerInfo, RenderedTable, SeatClock, StoryLine, TableCache,
    TableInput,
};

/// A WebSocket error message: the refusal in the viewer's words, and its code for programs.
pub fn ws_error(error: &AppError, lang: Lang) -> String {
    let mut message =
        serde_json::json!({ "type": "error", "message": error.text(lang), "code": error.code });
    if let Some(detail) = &error.detail {
        message["detail"] = detail.as_str().into();
    }
    message.to_string()
}

/// A seat as everyone may see it (no invitation tokens).
#[derive(Serialize)]
pub struct PublicSeat {
    seat: u8,
    kind: &'static str,
    name: Option<String>,
    bot_level: Option<&'static str>,
    stand_in: Option<&'static str>,
    /// A bot account's program plays this person's seat.
    bot_account: bool,
    resigned: bool,
    connected: bool,
}

/// The seats as everyone may see them.
pub fn public_seats(snapshot: &Snapshot, lang: Lang) -> Vec<PublicSeat> {
    snapshot
        .seats
        .iter()
        .map(|s| {
            let (kind, name, bot_level) = match &s.occupant {
                Occupant::Open => ("open", None, None),
                Occupant::Invite { .. } => ("invite", None, None),
                Occupant::InvitedBot { username, .. } => {
                    ("bot_invite", Some(username.clone()), None)
                }
                Occupant::Human { username, .. } => ("human", Some(username.clone()), None),
                Occupant::Bot { level } => (
                    "bot",
                    Some(seat_name(&snapshot.seats, Seat(s.seat), lang)),
                    Some(level.as_str()),
                ),
            };
            PublicSeat {
                seat: s.seat,
                kind,
                name,
                bot_level,
                stand_in: s.stand_in.map(|level| level.as_str()),
                bot_account: s.bot_account,
                resigned: s.resigned_at.is_some(),
                connected: is_connected(snapshot, s.seat),
            }
        })
        .collect()
}

fn is_connected(snapshot: &Snapshot, seat: u8) -> bool {
    snapshot
        .connected
        .get(usize::from(seat))
        .copied()
        .unwrap_or(false)
}

/// The clocks as the table shows them, now.
fn clocks(snapshot: &Snapshot) -> Vec<SeatClock> {
    let Some(clock) = &snapshot.clock else {
        return Vec::new();
    };
    let now = now_ms();
    snapshot
        .seats
        .iter()
        .map(|s| {
            let seat = Seat(s.seat);
            let running = clock.running.is_some_and(|running| running.seat == s.seat);
            let away_until_ms = clock.away_until(seat, now);
            SeatClock {
                seat,
                left_ms: clock.left_ms(seat, now),
                // A clock standing still for a vacation does not count down in the page.
                deadline_ms: clock
                    .deadline_ms()
                    .filter(|_| running && away_until_ms.is_none()),
                stood_in: s.stand_in.is_some(),
                away_until_ms,
            }
        })
        // Bots and those who resigned have no clock.
        .filter(|c| {
            let seat = &snapshot.seats[c.seat.index()];
            !matches!(seat.occupant, Occupant::Bot { .. }) && seat.resigned_at.is_none()
        })
        .collect()
}

/// The clock as JSON clients get it: the stored clock with the running turn's deadline.
fn clock_json(snapshot: &Snapshot) -> serde_json::Value {
    match &snapshot.clock {
        Some(clock) => serde_json::json!({
            "control": clock.control,
            "banks_ms": clock.banks_ms,
            "running": clock.running,
            "deadline_ms": clock.deadline_ms(),
            "away": clock.away,
        }),
        None => serde_json::Value::Null,
    }
}

/// The renderer's player list.
pub fn players(snapshot: &Snapshot, lang: Lang) -> Vec<PlayerInfo> {
    snapshot
        .seats
        .iter()
        .map(|s| {
            let built_in = s.bot_level().is_some();
            PlayerInfo {
                seat: Seat(s.seat),
                name: seat_name(&snapshot.seats, Seat(s.seat), lang),
                is_bot: built_in || s.bot_account,
                stands_in: built_in && !s.occupant.is_bot(),
                connected: built_in || is_connected(snapshot, s.seat),
            }
        })
        .collect()
}

fn scores(snapshot: &Snapshot, view: &helvetia_engine::View) -> Vec<u8> {
    snapshot
        .options
        .seats()
        .map(|seat| score(&view.position, seat).total)
        .collect()
}

/// `GET /api/games/{id}`: the game for `viewer`, with the full log (`log` in words, `actions`).
pub fn game_state(
    snapshot: &Snapshot,
    viewer: Option<Seat>,
    log: Vec<String>,
    actions: Vec<Action>,
    lang: Lang,
) -> serde_json::Value {
    let legal = snapshot.legal_for(viewer);
    serde_json::json!({
        "id": &*snapshot.game_id,
        "status": snapshot.status.as_str(),
        "version": snapshot.version,
        "options": snapshot.options,
        "players": public_seats(snapshot, lang),
        "view": snapshot.view,
        "legal": legal,
        "your_seat": viewer.map(|s| s.0),
        // A tutorial game's table carries the coach ("Learn by playing").
        "tutorial": snapshot.tutorial.is_some(),
        "your_turn": !legal.is_empty(),
        // The only action of the viewer's decision when it is forced: the server plays it for
        // them after a moment if their account wants it.
        "forced_step": if legal.is_empty() { None } else { snapshot.forced_step },
        "can_undo": snapshot.can_undo(viewer),
        // Whether the game lets its person ask for hints, and whether the viewer may now.
        "hints": snapshot.hints,
        "hint_offered": snapshot.offers_hint(viewer),
        "log": log,
        "actions": actions,
        "scores": scores(snapshot, &snapshot.view),
        "standings": snapshot.standings,
        "end_reason": snapshot.resignations.ended_game.then_some("resigned"),
        "clock": clock_json(snapshot),
        "end_vote": match &snapshot.end_vote {
            render::EndVote::None => serde_json::Value::Null,
            render::EndVote::Ended => serde_json::json!({"ended": true}),
            render::EndVote::Open { voters, votes, needed } => serde_json::json!({
                "ended": false, "voters": voters.iter().map(|s| s.0).collect::<Vec<_>>(),
                "votes": votes, "needed": needed,
            }),
        },
        "rating_changes": snapshot.rating_shifts.iter().map(|shift| serde_json::json!({
            "seat": shift.seat.0, "before": shift.before, "after": shift.after,
        })).collect::<Vec<_>>(),
    })
}

/// The text table for `viewer` (see [`render::render_text_table`]).
pub fn text_html(snapshot: &Snapshot, viewer: Option<Seat>, lang: Lang) -> String {
    let (players, clocks) = (players(snapshot, lang), clocks(snapshot));
    let decider = snapshot.decider(viewer);
    let input = table_input(snapshot, decider, (lang, Layout::Wide), (&players, &clocks));
    render::render_text_table(&input, viewer)
}

/// The table HTML for `viewer`, drawn afresh: the same for everyone but the player who decides.
pub fn table_html(snapshot: &Snapshot, viewer: Option<Seat>, lang: Lang) -> String {
    let clocks = clocks(snapshot);
    render::render_table(&table_input(
        snapshot,
        viewer,
        (lang, Layout::Wide),
        (&players(snapshot, lang), &clocks),
    ))
}

fn table_input<'a>(
    snapshot: &'a Snapshot,
    viewer: Option<Seat>,
    (lang, layout): (Lang, Layout),
    (players, clocks): (&'a [PlayerInfo], &'a [SeatClock]),
) -> TableInput<'a> {
    TableInput {
        game_id: &snapshot.game_id,
        view: &snapshot.view,
        players,
        legal: snapshot.legal_for(viewer),
        version: snapshot.version,
        can_undo: snapshot.can_undo(viewer),
        log: snapshot.story(lang),
        lang,
        layout,
        replay: None,
        clocks,
        rating_shifts: &snapshot.rating_shifts,
        end_vote: &snapshot.end_vote,
        suggestion: snapshot.suggestion_for(viewer),
        resignations: &snapshot.resignations,
        recent: &snapshot.recent,
        hint: snapshot.offers_hint(viewer),
        tutorial: snapshot.tutorial,
    }
}

/// What a WebSocket client receives after every change (`?format=` on the WebSocket route).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UpdateFormat {
    /// A JSON message with the view and the viewer's legal actions, for bots and scripts.
    #[default]
    Json,
    /// The table as the browser shows it: first the whole HTML (it carries its version and
    /// whether it is the viewer's turn: `data-version`, `data-your-turn`), then only what
    /// changed since the table the socket was sent last (see [`render::TableUpdate`]).
    Html,
    /// The text table of the text mode, whole each time (it is small, and differs by viewer):
    /// `{"type": "text", "version": …, "html": …}`.
    Text,
}

/// What a JSON update says after its view; the view goes in front of it as text
/// ([`json_update`]).
#[derive(Serialize)]
struct UpdateAfterView<'a> {
    legal: &'a [Action],
    your_turn: bool,
    can_undo: bool,
    status: &'static str,
    players: &'a [PublicSeat],
    clock: serde_json::Value,
}

/// The WebSocket update for `viewer`, or `None` if the socket has it already: the JSON update,
/// or the table in HTML (in the viewer's language and layout) or what changed since `sent`, the
/// table this socket was sent last (which it becomes). The table is built once per snapshot for everyone who sees the same (the first
/// viewer builds it, the others wait for that one), and each message once for everyone who had
/// the same table before (see [`SharedTable`]), without the writer's lock.
pub async fn update(
    snapshot: &Snapshot,
    viewer: Option<Seat>,
    (lang, layout, format): (Lang, Layout, UpdateFormat),
    panels: &TableCache,
    sent: &mut Option<Arc<RenderedTable>>,
) -> Option<Utf8Bytes> {
    let decider = snapshot.decider(viewer);
    match format {
        UpdateFormat::Json => Some(
            snapshot
                .json_slot(decider)
                .get_or_init(|| async { json_update(snapshot, decider).await })
                .await
                .clone(),
        ),
        UpdateFormat::Html => {
            let table = snapshot
                .table_slot(decider, (lang, layout))
                .get_or_init(|| async {
                    let (players, clocks) = (players(snapshot, lang), clocks(snapshot));
                    let input = table_input(snapshot, decider, (lang, layout), (&players, &clocks));
                    SharedTable::new(render::render_table_parts(&input, panels))
                })
                .await;
            let message = table.message_since(sent.as_ref());
            *sent = Some(table.table().clone());
            message
        }
        UpdateFormat::Text => {
            let message = serde_json::json!({
                "type": "text",
                "version": snapshot.version,
                "html": text_html(snapshot, viewer, lang),
            });
            Some(message.to_string().into())
        }
    }
}

/// The JSON update for `decider`: `type`, `version` and `view`, then [`UpdateAfterView`]. The
/// view's text (written once per snapshot) is copied in as it is, into one buffer of the whole
/// message's size, not grown on the way.
async fn json_update(snapshot: &Snapshot, decider: Option<Seat>) -> Utf8Bytes {
    let view = snapshot.view_json().await;
    let legal = snapshot.legal_for(decider);
    let after_view = serde_json::to_string(&UpdateAfterView {
        legal,
        your_turn: !legal.is_empty(),
        can_undo: snapshot.can_undo(decider),
        status: snapshot.status.as_str(),
        // The JSON format is for programs, shared by every reader: bots go by `bot_level`.
        players: &public_seats(snapshot, Lang::En),
        clock: clock_json(snapshot),
    })
    .expect("updates serialize");
    let head = format!(
        r#"{{"type":"update","version":{},"view":"#,
        snapshot.version
    );
    // `after_view` is an object: its fields follow the view's, after a comma for its brace.
    let fields = after_view.strip_prefix('{').expect("an object");
    let mut json = String::with_capacity(head.len() + view.len() + 1 + fields.len());
    json.push_str(&head);
    json.push_str(view);
    json.push(',');
    json.push_str(fields);
    json.into()
}

/// How a replay frame's table is drawn: as the board (in a layout), or as the text mode's table
/// for a viewer (their seat, if they played: `v` then says their village).
#[derive(Clone, Copy, Debug)]
pub enum ReplayTable {
    Board(Layout),
    Text(Option<Seat>),
}

/// A replay frame: `game` (the game after `step` actions) as everyone saw it then, with the log
/// of those actions in words (`log`, a line per action) and their story (`story`, for the table).
pub fn replay_frame(
    snapshot: &Snapshot,
    game: &Game,
    step: usize,
    (log, story): (Vec<String>, Vec<StoryLine>),
    (lang, table): (Lang, ReplayTable),
) -> (serde_json::Value, String) {
    let total = snapshot.log_len;
    let view = game.view();
    let players = players(snapshot, lang);
    // The end screen of a game that ended by resignation closes its replay.
    let resignations = if step == total {
        snapshot.resignations.clone()
    } else {
        helvetia_engine::Resignations::NONE
    };
    let input = TableInput {
        game_id: &snapshot.game_id,
        view: &view,
        players: &players,
        legal: &[],
        version: step as u64,
        can_undo: false,
        log: &story,
        lang,
        layout: match table {
            ReplayTable::Board(layout) => layout,
            ReplayTable::Text(_) => Layout::Wide,
        },
        replay: Some((step, total)),
        clocks: &[],
        rating_shifts: &[],
        end_vote: &render::EndVote::None,
        suggestion: None,
        resignations: &resignations,
        recent: &helvetia_engine::RecentTurns::NONE,
        hint: false,
        tutorial: None,
    };
    let html = match table {
        ReplayTable::Board(_) => render::render_table(&input),
        ReplayTable::Text(viewer) => render::render_text_table(&input, viewer),
    };
    let json = serde_json::json!({
        "id": &*snapshot.game_id,
        "step": step,
        "total": total,
        "view": view,
        "log": log,
        "scores": scores(snapshot, &view),
        "standings": (step == total).then(|| snapshot.standings.clone()).flatten(),
        "html": html,
    });
    (json, html)
}
