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
//! The stream looks at the bot's games in the database once a second, so it tells what
//! happened on any node; an empty line keeps a quiet connection open.

use std::collections::{HashMap, VecDeque};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::response::Response;
use serde_json::json;
use tokio::time::{Instant, Interval, MissedTickBehavior};

use super::bot_token;
use super::ndjson::{self, keep_alive, line, KEEP_ALIVE};
use crate::accounts::auth::User;
use crate::domain::seats::{GameStatus, Occupant};
use crate::http::error::AppResult;
use crate::state::AppState;
use crate::storage::{GameFilter, ListedGame, StoreResult};

/// How often the stream looks at the bot's games.
const LOOK_EVERY: Duration = Duration::from_secs(1);

/// Where the bot stands in a game, as last told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
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
    let mut watcher = Watcher::new(app, user.id);
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
    app: AppState,
    bot_id: String,
    told: HashMap<String, Standing>,
    ready: VecDeque<Bytes>,
    looks: Interval,
    last_sent: Instant,
    shutdown: tokio::sync::watch::Receiver<bool>,
}

impl Watcher {
    fn new(app: AppState, bot_id: String) -> Watcher {
        let mut looks = tokio::time::interval_at(Instant::now() + LOOK_EVERY, LOOK_EVERY);
        looks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let shutdown = app.shutdown.subscribe();
        Watcher {
            app,
            bot_id,
            told: HashMap::new(),
            ready: VecDeque::new(),
            looks,
            last_sent: Instant::now(),
            shutdown,
        }
    }

    /// The next line to send; `None` ends the stream (the server stops, or the database
    /// failed: the program connects again).
    async fn next_line(&mut self) -> Option<Bytes> {
        loop {
            if let Some(line) = self.ready.pop_front() {
                self.last_sent = Instant::now();
                return Some(line);
            }
            if *self.shutdown.borrow() {
                return None;
            }
            tokio::select! {
                _ = self.looks.tick() => {
                    if let Err(error) = self.look().await {
                        tracing::warn!(bot = %self.bot_id, "bot events: {error}");
                        return None;
                    }
                    if self.ready.is_empty() && self.last_sent.elapsed() >= KEEP_ALIVE {
                        self.last_sent = Instant::now();
                        return Some(keep_alive());
                    }
                }
                _ = self.shutdown.changed() => return None,
            }
        }
    }

    /// Reads the bot's open and running games and queues a line for each change since the
    /// last look.
    async fn look(&mut self) -> StoreResult<()> {
        let filter = GameFilter::Seated {
            user_id: self.bot_id.clone(),
        };
        let games = self.app.store.list_games(&filter).await?;
        let mut now = HashMap::new();
        for game in &games {
            let Some((seat, standing)) = standing_in(game, &self.bot_id) else {
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
            // An invitation answered, or withdrawn with its open game, is not a game over.
            let line = match (standing, status) {
                (Standing::Invited, Some(GameStatus::Open) | None) => {
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

/// The bot's seat in `game` and where it stands there.
fn standing_in(game: &ListedGame, bot_id: &str) -> Option<(u8, Standing)> {
    game.seats.iter().find_map(|seat| match &seat.occupant {
        Occupant::InvitedBot { user_id, .. } if user_id == bot_id => {
            Some((seat.seat, Standing::Invited))
        }
        Occupant::Human { user_id, .. } if user_id == bot_id => Some((
            seat.seat,
            if game.status == GameStatus::Running {
                Standing::Playing
            } else {
                Standing::Seated
            },
        )),
        _ => None,
    })
}
