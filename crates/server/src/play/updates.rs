//! What a client that follows a game (a WebSocket, a bot's stream) is sent after every change,
//! in the format it asked for. Each message is built once per snapshot for everyone who gets
//! the same (see [`Snapshot`]'s slots), from the presenter's parts.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use helvetia_engine::{Action, Seat};
use serde::{Deserialize, Serialize};

use crate::live::shared_table::SharedTable;
use crate::live::snapshot::Snapshot;
use crate::live::view_json::{SharedParts, ViewChanges};
use crate::play::presenter::{clock_json, clocks, players, public_seats, table_input, text_html};
use helvetia_web::{self as render, Lang, Layout, RenderedTable, TableCache};

/// What a WebSocket client receives after every change (`?format=` on the WebSocket route).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UpdateFormat {
    /// A JSON message with the view and the viewer's legal actions, for bots and scripts.
    #[default]
    Json,
    /// The JSON message whole first, then, after each change, what changed in the view (a
    /// JSON Patch) with the rest of the message as in `Json`: for programs that keep the view.
    JsonChanges,
    /// The table as the browser shows it: first the whole HTML (it carries its version and
    /// whether it is the viewer's turn: `data-version`, `data-your-turn`), then only what
    /// changed since the table the socket was sent last (see [`render::TableUpdate`]).
    Html,
    /// The text table of the text mode, whole each time (it is small, and differs by viewer):
    /// `{"type": "text", "version": …, "html": …}`.
    Text,
}

impl UpdateFormat {
    /// Whether this format is JSON for programs (which never read the story in words).
    pub fn is_json(self) -> bool {
        matches!(self, UpdateFormat::Json | UpdateFormat::JsonChanges)
    }
}

/// What a client was sent last, which the next message is built on: the table (HTML), or the
/// revision of the snapshot whose view it holds (JSON changes).
#[derive(Default)]
pub struct Sent {
    table: Option<Arc<RenderedTable>>,
    view_of: Option<u64>,
}

/// The update for `viewer`, or `None` if the client has it already: the JSON update (whole or
/// its changes since the view the client holds), or the table in HTML (in the viewer's language
/// and layout) or what changed since the table it was sent last, or the text table. What the
/// client was sent becomes `sent`. The table is built once per snapshot for everyone who sees
/// the same (the first viewer builds it, the others wait for that one), and each message once
/// for everyone who had the same table before (see [`SharedTable`]), without the writer's lock.
pub async fn update(
    snapshot: &Snapshot,
    viewer: Option<Seat>,
    (lang, layout, format): (Lang, Layout, UpdateFormat),
    panels: &TableCache,
    sent: &mut Sent,
) -> Option<Utf8Bytes> {
    let decider = snapshot.decider(viewer);
    match format {
        UpdateFormat::Json => Some(whole_json(snapshot, decider).await),
        UpdateFormat::JsonChanges => {
            let changes = snapshot.view_changes(shared(snapshot));
            let message = match changes {
                Some(changes) if sent.view_of == Some(changes.since.revision) => snapshot
                    .json_changes_slot(decider)
                    .get_or_init(|| async { json_changes(snapshot, decider, changes) })
                    .await
                    .clone(),
                _ => whole_json(snapshot, decider).await,
            };
            sent.view_of = Some(snapshot.revision);
            Some(message)
        }
        UpdateFormat::Html => {
            let table = snapshot
                .table_slot(decider, (lang, layout))
                .get_or_init(|| async {
                    let (players, clocks) = (players(snapshot, lang), clocks(snapshot));
                    let input = table_input(snapshot, decider, (lang, layout), (&players, &clocks));
                    SharedTable::new(render::render_table_parts(&input, panels))
                })
                .await;
            let message = table.message_since(sent.table.as_ref());
            sent.table = Some(table.table().clone());
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

/// The parts of the JSON updates that are the same for every viewer, once per snapshot.
fn shared(snapshot: &Snapshot) -> &SharedParts {
    snapshot.shared_json(|| SharedParts {
        // The JSON format is for programs, shared by every reader: bots go by `bot_level`.
        players: serde_json::to_string(&public_seats(snapshot, Lang::En)).expect("seats serialize"),
        clock: clock_json(snapshot).to_string(),
    })
}

/// The whole JSON update for `decider`, built once per snapshot.
async fn whole_json(snapshot: &Snapshot, decider: Option<Seat>) -> Utf8Bytes {
    snapshot
        .json_slot(decider)
        .get_or_init(|| async {
            let view = snapshot.view_json().await;
            let head = format!(
                r#"{{"type":"update","version":{},"view":"#,
                snapshot.version
            );
            let shared = shared(snapshot);
            json_message(
                (&head, view),
                snapshot,
                decider,
                (Some(&shared.players), Some(&shared.clock)),
            )
        })
        .await
        .clone()
}

/// The JSON update of `changes` for `decider`: `type` `changes`, `version`, `since` (the
/// version of the view they apply to) and `patch`, then the rest as in the whole update, but
/// for `players` and `clock`, left out when they did not change.
fn json_changes(snapshot: &Snapshot, decider: Option<Seat>, changes: &ViewChanges) -> Utf8Bytes {
    let head = format!(
        r#"{{"type":"changes","version":{},"since":{},"patch":"#,
        snapshot.version, changes.since.version
    );
    let shared = shared(snapshot);
    let players = changes.players_changed.then_some(shared.players.as_str());
    let clock = changes.clock_changed.then_some(shared.clock.as_str());
    json_message((&head, &changes.patch), snapshot, decider, (players, clock))
}

/// What a JSON update says of the viewer's turn, after its view (or its view's changes).
#[derive(Serialize)]
struct Turn<'a> {
    legal: &'a [Action],
    your_turn: bool,
    can_undo: bool,
    status: &'static str,
}

/// `head` (which opens the object and names the view's field), then `view` (JSON text, copied
/// in as it is), then [`Turn`] for `decider`, then `players` and `clock` if given (JSON text):
/// written into one buffer of the whole message's size, not grown on the way.
fn json_message(
    (head, view): (&str, &str),
    snapshot: &Snapshot,
    decider: Option<Seat>,
    (players, clock): (Option<&str>, Option<&str>),
) -> Utf8Bytes {
    let legal = snapshot.legal_for(decider);
    let turn = serde_json::to_string(&Turn {
        legal,
        your_turn: !legal.is_empty(),
        can_undo: snapshot.can_undo(decider),
        status: snapshot.status.as_str(),
    })
    .expect("updates serialize");
    // `turn` is an object: its fields follow the view's, after a comma for its brace.
    let turn = &turn[1..turn.len() - 1];
    let shared = [("players", players), ("clock", clock)];
    let shared_len: usize = shared
        .iter()
        .filter_map(|&(name, json)| Some(name.len() + json?.len() + 4))
        .sum();
    let mut json = String::with_capacity(head.len() + view.len() + turn.len() + shared_len + 2);
    json.push_str(head);
    json.push_str(view);
    json.push(',');
    json.push_str(turn);
    for (name, json_text) in shared {
        if let Some(json_text) = json_text {
            json.push_str(",\"");
            json.push_str(name);
            json.push_str("\":");
            json.push_str(json_text);
        }
    }
    json.push('}');
    json.into()
}
