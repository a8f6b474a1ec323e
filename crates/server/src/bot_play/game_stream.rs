//! `GET /api/bot/games/{id}/stream`: one game as the bot's seat sees it, as lines of JSON.
//! First `{"type":"game","id":…,"seat":…,"options":…}`, then the update every WebSocket
//! client in the JSON format gets (`{"type":"update","version":…,"view":…,"legal":…,
//! "your_turn":…,…}`, built by [`crate::play::updates`]) at once and after every change; with
//! `?format=json-changes`, after the first update only what changed in the view, as the
//! WebSocket's format of that name sends it. The stream ends after the update that shows the
//! game over, or when its token is revoked. While it is open the seat is shown as present, as a
//! person's open table is; it counts against the account's streams
//! (`--max-streams-per-account`).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::response::Response;
use helvetia_engine::Seat;
use serde_json::json;
use tokio::sync::watch;
use tokio::time::{sleep_until, Instant};

use super::bot_token;
use super::ndjson::{self, keep_alive, KEEP_ALIVE};
use crate::accounts::auth::User;
use crate::domain::seats::GameStatus;
use crate::http::error::{AppError, AppResult};
use crate::live::cache::find;
use crate::live::live_game::LiveGame;
use crate::live::open_streams::StreamHold;
use crate::live::snapshot::Snapshot;
use crate::play::updates::{self, Sent, UpdateFormat};
use crate::state::AppState;
use helvetia_web::{Lang, Layout};

/// The stream's query: `?format=json` (the default) or `?format=json-changes`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreamQuery {
    #[serde(default)]
    format: UpdateFormat,
}

/// `GET /api/bot/games/{id}/stream`.
pub async fn stream(
    State(app): State<AppState>,
    Path(id): Path<String>,
    query: Result<Query<StreamQuery>, QueryRejection>,
    user: User,
) -> AppResult<Response> {
    bot_token(&user)?;
    let Query(StreamQuery { format }) = query?;
    if !format.is_json() {
        return Err(AppError::bad_request("bad-address")
            .detailed("a bot's stream is JSON: format=json or format=json-changes"));
    }
    let hold = app.open_streams.open(&user)?;
    let live = find(&app, &id).await?;
    let snapshot = live.snapshot();
    let seat = snapshot
        .seat_of(&user.id)
        .ok_or_else(|| AppError::forbidden("not-seated"))?;
    let first = ndjson::line(&json!({
        "type": "game",
        "id": &*snapshot.game_id,
        "seat": seat.0,
        "options": snapshot.options,
    }));
    let follower = Follower {
        hold,
        snapshots: live.subscribe(),
        shutdown: app.shutdown.subscribe(),
        presence: Presence::enter(live, seat).await,
        first: Some(first),
        format,
        sent: Sent::default(),
        sent_revision: None,
        over: false,
        last_sent: Instant::now(),
    };
    let lines = futures_util::stream::unfold(follower, |mut follower| async move {
        let line = follower.next_line().await?;
        Some((line, follower))
    });
    Ok(ndjson::response(lines))
}

/// The game's snapshots as the bot has been sent them.
struct Follower {
    /// Counts the stream against the account's cap; ends it when its token is revoked.
    hold: StreamHold,
    snapshots: watch::Receiver<Arc<Snapshot>>,
    shutdown: watch::Receiver<bool>,
    presence: Presence,
    first: Option<Bytes>,
    format: UpdateFormat,
    /// What the bot was sent last, which a changes-only update is built on.
    sent: Sent,
    sent_revision: Option<u64>,
    over: bool,
    last_sent: Instant,
}

impl Follower {
    /// The next line; `None` once the game is over and told, the server stops or the token is
    /// revoked.
    async fn next_line(&mut self) -> Option<Bytes> {
        if let Some(first) = self.first.take() {
            return Some(self.sent(first));
        }
        loop {
            if self.over || *self.shutdown.borrow() || self.hold.is_revoked() {
                return None;
            }
            let snapshot = self.snapshots.borrow_and_update().clone();
            if self.sent_revision != Some(snapshot.revision) {
                self.sent_revision = Some(snapshot.revision);
                self.over = !matches!(snapshot.status, GameStatus::Open | GameStatus::Running);
                let format = (Lang::En, Layout::Wide, self.format);
                let panels = &self.presence.live.panels;
                let update = updates::update(
                    &snapshot,
                    Some(self.presence.seat),
                    format,
                    panels,
                    &mut self.sent,
                )
                .await;
                if let Some(update) = update {
                    let mut bytes = update.as_bytes().to_vec();
                    bytes.push(b'\n');
                    return Some(self.sent(Bytes::from(bytes)));
                }
            }
            tokio::select! {
                changed = self.snapshots.changed() => {
                    // The game left this node's memory: the program follows it again.
                    changed.ok()?;
                }
                () = sleep_until(self.last_sent + KEEP_ALIVE) => {
                    return Some(self.sent(keep_alive()));
                }
                _ = self.shutdown.changed() => return None,
                () = self.hold.revoked() => return None,
            }
        }
    }

    fn sent(&mut self, line: Bytes) -> Bytes {
        self.last_sent = Instant::now();
        line
    }
}

/// The bot's seat counted as present while its stream is open.
struct Presence {
    live: Arc<LiveGame>,
    seat: Seat,
}

impl Presence {
    async fn enter(live: Arc<LiveGame>, seat: Seat) -> Presence {
        crate::live::metrics::viewer_connected(true);
        if live.connect(Some(seat)) {
            live.republish().await;
        }
        Presence { live, seat }
    }
}

impl Drop for Presence {
    fn drop(&mut self) {
        crate::live::metrics::viewer_connected(false);
        if self.live.disconnect(Some(self.seat)) {
            let live = self.live.clone();
            tokio::spawn(async move { live.republish().await });
        }
    }
}
