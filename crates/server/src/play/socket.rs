//! The live game over a WebSocket: the current table on connect and after every change, and
//! actions and undos from the player.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Extension;
use helvetia_engine::{Action, Seat};
use serde::Deserialize;

use tokio::sync::broadcast;
use tokio::time::Instant;

use crate::accounts::auth::{MaybeUser, User};
use crate::chat::lines;
use crate::domain::game_state::Choice;
use crate::http::error::{AppError, AppResult};
use crate::http::language::lang_of;
use crate::http::listener::Admitted;
use crate::live::cache::find;
use crate::live::live_game::LiveGame;
use crate::live::write_path::{self, Actor, Caller};
use crate::play::presenter;
use crate::play::updates::{self, Sent, UpdateFormat};
use crate::state::AppState;
use helvetia_web::{Lang, Layout};

/// Largest message a client may send; actions are tiny.
pub const MAX_CLIENT_MESSAGE: usize = 16 * 1024;

/// Bytes read from a client socket at a time: a message (an action, an undo: under 200 bytes)
/// fits many times over, and a larger one is read in parts.
const READ_BUFFER: usize = 1024;

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
    /// The reader's screen changed width (a phone turned, a window resized): the table again,
    /// whole, in `layout`. Anyone may send it, watchers too.
    Layout {
        layout: Layout,
    },
}

/// The WebSocket route's query: `?format=json` (the default), `json-changes`, `html` or `text`
/// (see [`UpdateFormat`]), and with `html` `&layout=narrow` for a phone's table (`wide` by
/// default).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsQuery {
    #[serde(default)]
    format: UpdateFormat,
    #[serde(default)]
    layout: Layout,
}

/// `GET /api/games/{id}/ws`.
pub async fn upgrade(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<WsQuery>,
    MaybeUser(user): MaybeUser,
    headers: HeaderMap,
    admitted: Option<Extension<Arc<Admitted>>>,
    upgrade: WebSocketUpgrade,
) -> AppResult<Response> {
    // A logged-in viewer's socket counts against the account's streams for as long as it is
    // open, as it counts against the connection caps.
    let hold = user
        .as_ref()
        .map(|user| app.open_streams.open(user))
        .transpose()?;
    let live = find(&app, &id).await?;
    let lang = lang_of(&headers);
    let admitted = admitted.map(|Extension(admitted)| admitted);
    Ok(upgrade
        // Clients send only small messages, and tungstenite zeroes the whole read buffer on
        // every read, even one that finds nothing (each turn of the session's loop tries
        // one): the default 128 KiB cost more than anything else the socket did, and 4 KiB
        // still 1 % of a loaded server's samples.
        .read_buffer_size(READ_BUFFER)
        .max_message_size(MAX_CLIENT_MESSAGE)
        .max_frame_size(MAX_CLIENT_MESSAGE)
        .on_upgrade(move |socket| async move {
            session(app, live, user, (lang, query.layout, query.format), socket).await;
            drop((admitted, hold));
        }))
}

/// Counts the viewer in or out; the table shows a seat's presence, so when a seat's first
/// viewer arrives or its last one leaves, a new snapshot says so. Spectators and further tabs
/// of a seat change nothing anyone sees.
async fn set_presence(live: &LiveGame, seat: Option<Seat>, present: bool) {
    let flipped = if present {
        live.connect(seat)
    } else {
        live.disconnect(seat)
    };
    crate::live::metrics::viewer_connected(present);
    if flipped {
        live.republish().await;
    }
}

async fn session(
    app: AppState,
    live: Arc<LiveGame>,
    user: Option<User>,
    (lang, mut layout, format): (Lang, Layout, UpdateFormat),
    mut socket: WebSocket,
) {
    if !format.is_json() {
        live.read_in(lang).await;
    }
    let mut snapshots = live.subscribe();
    let mut chat = live.chat.subscribe();
    let muted = match &user {
        Some(user) => app.store.muted_by(&user.id).await.unwrap_or_default(),
        None => Vec::new(),
    };
    let seat_of = |snapshot: &crate::live::snapshot::Snapshot| {
        user.as_ref().and_then(|user| snapshot.seat_of(&user.id))
    };
    let mut seat = seat_of(&live.snapshot());
    set_presence(&live, seat, true).await;
    let mut shutdown = app.shutdown.subscribe();
    // Pings keep proxies from closing a quiet socket and tell a dead peer from a quiet one: a
    // browser answers each with a pong; a socket silent for three pings is closed.
    let ping_every = Duration::from_secs(app.config.websocket_ping_secs.max(1));
    let mut pings = tokio::time::interval_at(Instant::now() + ping_every, ping_every);
    let mut last_heard = Instant::now();
    let mut sent_revision = None;
    // What this socket was sent last: later updates are sent as changes to it.
    let mut sent = Sent::default();
    loop {
        let snapshot = snapshots.borrow_and_update().clone();
        let now_seat = seat_of(&snapshot);
        if now_seat != seat {
            set_presence(&live, seat, false).await;
            set_presence(&live, now_seat, true).await;
            seat = now_seat;
        }
        if sent_revision != Some(snapshot.revision) {
            let message = updates::update(
                &snapshot,
                seat,
                (lang, layout, format),
                &live.panels,
                &mut sent,
            )
            .await;
            if let Some(message) = message {
                if socket.send(Message::Text(message)).await.is_err() {
                    break;
                }
            }
            sent_revision = Some(snapshot.revision);
        }
        tokio::select! {
            changed = snapshots.changed() => {
                if changed.is_err() {
                    break;
                }
            }
            line = chat.recv() => {
                let message = match line {
                    Ok(line) => {
                        let apart = snapshots.borrow().spectators_apart;
                        if !lines::visible(&line, seat.map(|s| s.0), &muted, apart) {
                            continue;
                        }
                        serde_json::json!({"type": "chat", "line": lines::line_out(&line, lang)})
                    }
                    // Fallen behind: the client reads the chat again.
                    Err(broadcast::error::RecvError::Lagged(_)) => serde_json::json!({"type": "chat-reload"}),
                    Err(broadcast::error::RecvError::Closed) => break,
                };
                if socket.send(Message::Text(message.to_string().into())).await.is_err() {
                    break;
                }
            }
            _ = shutdown.changed() => {
                // Going away: the browser reconnects, through the proxy, to another node.
                let close = axum::extract::ws::CloseFrame {
                    code: axum::extract::ws::close_code::RESTART,
                    reason: "server restarting; reconnect".into(),
                };
                let _ = socket.send(Message::Close(Some(close))).await;
                break;
            }
            _ = pings.tick() => {
                if last_heard.elapsed() > ping_every * 3 {
                    tracing::debug!(game = %live.id, "WebSocket silent for three pings: closed");
                    break;
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                let Some(Ok(incoming)) = incoming else { break };
                last_heard = Instant::now();
                let reply = match incoming {
                    Message::Text(text) => match serde_json::from_str(text.as_str()) {
                        Ok(ClientMessage::Layout { layout: wanted }) => {
                            // Sent again from the top of the loop, whole.
                            layout = wanted;
                            sent = Sent::default();
                            sent_revision = None;
                            None
                        }
                        message => match &user {
                            Some(user) => handle(&app, &live, user, message)
                                .await
                                .map(|error| presenter::ws_error(&error, lang)),
                            None => Some(presenter::ws_error(
                                &AppError::forbidden("watchers-cannot-act"),
                                lang,
                            )),
                        },
                    },
                    Message::Binary(_) => Some(presenter::ws_error(
                        &AppError::bad_request("bad-message").detailed("send JSON text messages"),
                        lang,
                    )),
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

/// Handles one client message (read as JSON already) that acts on the game; answers why if it
/// was refused.
async fn handle(
    app: &AppState,
    live: &Arc<LiveGame>,
    user: &User,
    message: serde_json::Result<ClientMessage>,
) -> Option<AppError> {
    let message = match message {
        Ok(message) => message,
        Err(error) => {
            tracing::debug!("bad WebSocket message: {:?}", error.to_string());
            return Some(AppError::bad_request("bad-message").detailed(error.to_string()));
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
                _ => return Some(AppError::bad_request("choice-unreadable")),
            };
            // The session handles each message to its end: it is not dropped while it waits.
            let actor = Actor::User(user.id.clone());
            write_path::submit(app, live, actor, (version, choice), Caller::StaysToTheEnd).await
        }
        ClientMessage::Undo { version } => {
            let actor = Actor::User(user.id.clone());
            write_path::undo(app, live, actor, version, Caller::StaysToTheEnd).await
        }
        // The session answers it itself: it changes what this socket is sent, not the game.
        ClientMessage::Layout { .. } => return None,
    };
    match outcome {
        Ok(_) => None,
        Err(error) => {
            tracing::debug!("WebSocket request refused: {error}");
            Some(error.into())
        }
    }
}
