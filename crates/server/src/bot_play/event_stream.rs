//! `GET /api/bot/events`: what happens to a bot account, as lines of JSON for as long as the
//! program listens:
//!
//! - `{"type":"invitation","game":…,"seat":…,"from":…,"options":…,"time_control":…,"rated":…}`:
//!   a person kept a seat for the bot; answer at `/api/bot/games/{id}/accept` or `/decline`.
//! - `{"type":"invitation_gone","game":…}`: the invitation was answered or the game cancelled.
//! - `{"type":"game_start","game":…,"seat":…}`: a game the bot sits in runs (on connecting, one
//!   for each such game); follow it at `/api/bot/games/{id}/stream`.
//! - `{"type":"game_finish","game":…,"status":…}`: a game the bot sat in is over (`finished`,
//!   `abandoned`) or was cancelled before it started.
//!
//! What it tells comes from the database, which holds the bot's games whichever node changed
//! them. The stream reads them:
//!
//! - when it hears that a game of the bot's changed on this node
//!   ([`Seatings`](crate::live::seatings::Seatings): every change is published through the
//!   write path, so an invitation is told as soon as it is stored);
//! - when another node changed a game this node does not hold, at most once a second (which
//!   games the bot sits in is not known here);
//! - every `--bot-events-recheck-secs` (30 s), in case a notice between nodes was lost.
//!
//! An empty line keeps a quiet connection open. The stream ends when its token is revoked, and
//! counts against the account's streams (`--max-streams-per-account`).

use std::collections::{HashMap, VecDeque};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::response::Response;
use serde_json::json;
use tokio::sync::broadcast::{self, error::RecvError};
use tokio::time::{Instant, Interval, MissedTickBehavior};

use super::bot_token;
use super::ndjson::{self, keep_alive, line, KEEP_ALIVE};
use crate::accounts::auth::User;
use crate::domain::seats::{GameStatus, Occupant, SeatRecord};
use crate::http::error::AppResult;
use crate::live::open_streams::StreamHold;
use crate::live::seatings::Seating;
use crate::state::AppState;
use crate::storage::{GameFilter, StoreResult};

/// The least time between two reads made because another node changed some game.
const UNKNOWN_GAP: Duration = Duration::from_secs(1);

/// Where the bot stands in a game, as last told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// A seat is kept for it.
    Invited,
    /// It sits in the game, which has not started.
    Seated,
    /// It sits in the running game.
    Playing,
}

/// `GET /api/bot/events`.
pub async fn events(State(app): State<AppState>, user: User) -> AppResult<Response> {
    bot_token(&user)?;
    let hold = app.open_streams.open(&user)?;
    let mut watcher = Watcher::new(app, user.id, hold);
    // The first look is made before answering, so that a failing database is a plain 500.
    watcher.look().await?;
    let lines = futures_util::stream::unfold(watcher, |mut watcher| async move {
        let line = watcher.next_line().await?;
        Some((line, watcher))
    });
    Ok(ndjson::response(lines))
}

/// The bot's games as last told, and the lines not yet sent.
struct Watcher {
    /// Counts the stream against the account's cap; ends it when its token is revoked.
    hold: StreamHold,
    app: AppState,
    bot_id: String,
    told: HashMap<String, Standing>,
    ready: VecDeque<Bytes>,
    /// Seatings published on this node since the last read.
    seatings: broadcast::Receiver<Seating>,
    /// The read in case a notice was lost.
    rechecks: Interval,
    /// When the last read was made.
    last_look: Instant,
    /// Another node changed some game since the last read.
    unknown_change: bool,
    last_sent: Instant,
    shutdown: tokio::sync::watch::Receiver<bool>,
}

/// Why the stream reads the bot's games again.
enum Wake {
    /// Read now.
    Look,
    /// Read once [`UNKNOWN_GAP`] has passed since the last read.
    LookSoon,
    /// Nothing for this bot.
    Nothing,
}

impl Watcher {
    fn new(app: AppState, bot_id: String, hold: StreamHold) -> Watcher {
        let recheck = Duration::from_secs(app.config.bot_events_recheck_secs.max(1));
        let mut rechecks = tokio::time::interval_at(Instant::now() + recheck, recheck);
        rechecks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        // Following before the first read: a change made meanwhile is heard, not lost.
        let seatings = app.events.seatings.follow();
        let shutdown = app.shutdown.subscribe();
        Watcher {
            hold,
            app,
            bot_id,
            told: HashMap::new(),
            ready: VecDeque::new(),
            seatings,
            rechecks,
            last_look: Instant::now(),
            unknown_change: false,
            last_sent: Instant::now(),
            shutdown,
        }
    }

    /// The next line to send; `None` ends the stream (the server stops, the token was
    /// revoked, or the database failed: the program connects again).
    async fn next_line(&mut self) -> Option<Bytes> {
        loop {
            if *self.shutdown.borrow() || self.hold.is_revoked() {
                return None;
            }
            if let Some(line) = self.ready.pop_front() {
                self.last_sent = Instant::now();
                return Some(line);
            }
            let unknown_due = self.last_look + UNKNOWN_GAP;
            let wake = tokio::select! {
                seating = self.seatings.recv() => self.concern(seating)?,
                _ = tokio::time::sleep_until(unknown_due), if self.unknown_change => Wake::Look,
                _ = self.rechecks.tick() => Wake::Look,
                _ = tokio::time::sleep_until(self.last_sent + KEEP_ALIVE) => {
                    self.last_sent = Instant::now();
                    return Some(keep_alive());
                }
                _ = self.shutdown.changed() => return None,
                () = self.hold.revoked() => return None,
            };
            match wake {
                Wake::Look => {}
                Wake::LookSoon => {
                    self.unknown_change = true;
                    continue;
                }
                Wake::Nothing => continue,
            }
            if let Err(error) = self.look().await {
                tracing::warn!(bot = %self.bot_id, "bot events: {error}");
                return None;
            }
        }
    }

    /// What a seating heard means for this stream; `None` ends it (the node is stopping).
    fn concern(&self, seating: Result<Seating, RecvError>) -> Option<Wake> {
        Some(match seating {
            Ok(Seating::Known {
                game_id,
                status,
                seats,
            }) => {
                let now = standing_in(status, &seats, &self.bot_id).map(|(_, standing)| standing);
                if now == self.told.get(&*game_id).copied() {
                    Wake::Nothing
                } else {
                    Wake::Look
                }
            }
            Ok(Seating::Unknown) => Wake::LookSoon,
            // Fell behind: something of the bot's may be among what was missed.
            Err(RecvError::Lagged(_)) => Wake::Look,
            Err(RecvError::Closed) => return None,
        })
    }

    /// Reads the bot's open and running games and queues a line for each change since the
    /// last look.
    async fn look(&mut self) -> StoreResult<()> {
        self.last_look = Instant::now();
        self.unknown_change = false;
        let filter = GameFilter::Seated {
            user_id: self.bot_id.clone(),
        };
        let games = self.app.store.list_games(&filter).await?;
        let mut now = HashMap::new();
        for game in &games {
            let Some((seat, standing)) = standing_in(game.status, &game.seats, &self.bot_id) else {
                continue;
            };
            if self.told.get(&game.id) != Some(&standing) {
                match standing {
                    Standing::Invited => {
                        let from = self.app.store.username_of(&game.creator_id).await?;
                        self.ready.push_back(line(&json!({
                            "type": "invitation",
                            "game": game.id,
                            "seat": seat,
                            "from": from,
                            "options": game.options,
                            "time_control": game.time_control,
                            "rated": game.rated,
                        })));
                    }
                    Standing::Playing => self.ready.push_back(line(&json!({
                        "type": "game_start", "game": game.id, "seat": seat,
                    }))),
                    // Accepted; the game starts when its creator starts it.
                    Standing::Seated => {}
                }
            }
            now.insert(game.id.clone(), standing);
        }
        let gone: Vec<(String, Standing)> = self
            .told
            .iter()
            .filter(|(id, _)| !now.contains_key(*id))
            .map(|(id, standing)| (id.clone(), *standing))
            .collect();
        for (id, standing) in gone {
            let status = self.app.store.status_of(&id).await?;
            // An invitation answered, or withdrawn with its open game, is not a game over: the
            // bot never sat in it.
            let line = match (standing, status) {
                (Standing::Invited, Some(GameStatus::Open | GameStatus::Cancelled) | None) => {
                    json!({"type": "invitation_gone", "game": id})
                }
                (_, status) => json!({
                    "type": "game_finish",
                    "game": id,
                    "status": status.map(GameStatus::as_str),
                }),
            };
            self.ready.push_back(ndjson::line(&line));
        }
        self.told = now;
        Ok(())
    }
}

/// The bot's seat in a game of `status` with `seats`, and where it stands there; `None` when it
/// has no seat there or the game is over.
pub fn standing_in(
    status: GameStatus,
    seats: &[SeatRecord],
    bot_id: &str,
) -> Option<(u8, Standing)> {
    let standing = |occupant: &Occupant| match occupant {
        Occupant::InvitedBot { user_id, .. } if user_id == bot_id => Some(Standing::Invited),
        Occupant::Human { user_id, .. } if user_id == bot_id => Some(match status {
            GameStatus::Running => Standing::Playing,
            _ => Standing::Seated,
        }),
        _ => None,
    };
    if !matches!(status, GameStatus::Open | GameStatus::Running) {
        return None;
    }
    seats
        .iter()
        .find_map(|seat| Some((seat.seat, standing(&seat.occupant)?)))
}
