//! The one filter between a game and any client: every payload about a game (state, replay
//! frames, logs, errors, and the parts of the WebSocket updates of [`super::updates`]) is built
//! here, from a [`Snapshot`] (the engine's `View` and the public seat list) or a replayed
//! `View`, never from the `Position` or the seed.

use helvetia_engine::{score, Action, Game, Seat};
use serde::Serialize;

use crate::domain::clock::now_ms;
use crate::domain::seats::Occupant;
use crate::http::error::AppError;
use crate::live::snapshot::Snapshot;
use crate::names::seat_name;
use helvetia_web::{self as render, Lang, Layout, PlayerInfo, SeatClock, StoryLine, TableInput};

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
pub(super) fn clocks(snapshot: &Snapshot) -> Vec<SeatClock> {
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
pub(super) fn clock_json(snapshot: &Snapshot) -> serde_json::Value {
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

pub(super) fn table_input<'a>(
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
