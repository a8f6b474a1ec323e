//! The live game over a WebSocket: the current table on connect and after every change, and
//! actions and undos from the player.

use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use helvetia_engine::{Action, Seat};
use serde::Deserialize;

use crate::auth::User;
use crate::error::AppResult;
use crate::live::LiveGame;
use crate::model::GameStatus;
use crate::outbound::{self, UpdateFormat};
use crate::pages::lang_of;
use crate::play::{self, find, Choice};
use crate::render::Lang;
use crate::AppState;

/// Largest message a client may send; actions are tiny.
pub const MAX_CLIENT_MESSAGE: usize = 16 * 1024;

/// Bytes read from a client socket at a time.
const READ_BUFFER: usize = 4 * 1024;

/// A message from the client.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClientMessage {
    Action {
        version: u64,
        index: Option<usize>,
        action: Option<Action>,
    },
    Undo {
        version: u64,
    },
}

/// The WebSocket route's query: `?format=json` (the default) or `?format=html`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsQuery {
    #[serde(default)]
    format: UpdateFormat,
}

/// `GET /api/games/{id}/ws`.
pub async fn upgrade(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<WsQuery>,
    user: User,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> AppResult<Response> {
    let live = find(&app, &id)?;
    if live.state.lock().await.status == GameStatus::Cancelled {
        return Err(crate::error::AppError::no_game());
    }
    let lang = lang_of(&headers);
    Ok(upgrade
        // Clients send only small messages; the default 128 KiB read buffer is cleared on
        // every read, which cost more than anything else the socket did.
        .read_buffer_size(READ_BUFFER)
        .max_message_size(MAX_CLIENT_MESSAGE)
        .max_frame_size(MAX_CLIENT_MESSAGE)
        .on_upgrade(move |socket| session(app, live, user, lang, query.format, socket)))
}

/// Counts the viewer in and out of the game's connections, telling the others.
async fn set_presence(live: &LiveGame, seat: Option<Seat>, present: bool) {
    if present {
        live.connect(seat);
    } else {
        live.disconnect(seat);
    }
    if seat.is_some() {
        let mut state = live.state.lock().await;
        state.touch();
        live.notify(state.revision);
    }
}

async fn session(
    app: AppState,
    live: Arc<LiveGame>,
    user: User,
    lang: Lang,
    format: UpdateFormat,
    mut socket: WebSocket,
) {
    let mut changes = live.subscribe();
    let mut seat = live.state.lock().await.seat_of(&user.id);
    set_presence(&live, seat, true).await;
    let mut sent_revision = None;
    loop {
        let (prepared, revision, now_seat) = {
            let mut state = live.state.lock().await;
            let now_seat = state.seat_of(&user.id);
            let revision = state.revision;
            let prepared = (sent_revision != Some(revision))
                .then(|| outbound::prepare_update(&live, &mut state, now_seat, lang, format));
            (prepared, revision, now_seat)
        };
        // Rendering happens outside the game's lock; the result is shared if still current.
        let message = match prepared {
            None => None,
            Some(Ok(message)) => Some(message),
            Some(Err(parts)) => Some(outbound::shared_table(&parts).await),
        };
        if now_seat != seat {
            set_presence(&live, seat, false).await;
            set_presence(&live, now_seat, true).await;
            seat = now_seat;
        }
        if let Some(message) = message {
            if socket.send(Message::Text(message)).await.is_err() {
                break;
            }
            sent_revision = Some(revision);
        }
        tokio::select! {
            changed = changes.changed() => {
                if changed.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                let Some(Ok(incoming)) = incoming else { break };
                let reply = match incoming {
                    Message::Text(text) => handle(&app, &live, seat, text.as_str()).await,
                    Message::Binary(_) => Some(outbound::ws_error("send JSON text messages")),
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => None,
                };
                if let Some(reply) = reply {
                    if socket.send(Message::Text(reply.into())).await.is_err() {
                        break;
                    }
                }
            }
        }
    }
    set_presence(&live, seat, false).await;
}

/// Handles one client message; answers an error message if it was refused.
async fn handle(
    app: &AppState,
    live: &Arc<LiveGame>,
    seat: Option<Seat>,
    text: &str,
) -> Option<String> {
    let message: ClientMessage = match serde_json::from_str(text) {
        Ok(message) => message,
        Err(error) => {
            tracing::debug!("bad WebSocket message: {error}");
            return Some(outbound::ws_error(&format!("bad message: {error}")));
        }
    };
    let outcome = match message {
        ClientMessage::Action {
            version,
            index,
            action,
        } => {
            let choice = match (index, action) {
                (Some(index), None) => Choice::Index(index),
                (None, Some(action)) => Choice::Action(action),
                _ => {
                    return Some(outbound::ws_error(
                        "send exactly one of \"index\" and \"action\"",
                    ))
                }
            };
            play::submit(app, live, seat, version, choice).await
        }
        ClientMessage::Undo { version } => play::undo(app, live, seat, version).await,
    };
    match outcome {
        Ok(_) => None,
        Err(error) => {
            tracing::debug!("WebSocket request refused: {}", error.message);
            Some(outbound::ws_error(&error.message))
        }
    }
}
