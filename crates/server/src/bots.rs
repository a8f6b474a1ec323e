//! Bot seats: when a bot is to move, a task asks its brain for an action, off the async
//! runtime, and submits it like any player. A bot sees only the public `View`.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use helvetia_ai::BotSpec;
use tokio::sync::Semaphore;

use crate::live::LiveGame;
use crate::model::{BotLevel, Occupant};
use crate::play::{self, Choice};
use crate::AppState;

/// The bot of `level`: MCTS thinks `think_ms` per decision on one thread.
pub fn spec(level: BotLevel, think_ms: u64) -> BotSpec {
    let name = match level {
        BotLevel::Random => "random".to_string(),
        BotLevel::Greedy => "greedy".to_string(),
        BotLevel::Mcts => format!("mcts:ms={},threads=1", think_ms.max(1)),
    };
    name.parse().expect("the server's bot names parse")
}

/// Which games have a bot task running, and how many searches may run at once.
pub struct BotRunner {
    active: Mutex<HashSet<String>>,
    searches: Arc<Semaphore>,
}

impl BotRunner {
    /// A runner allowing `parallel` simultaneous searches.
    pub fn new(parallel: usize) -> BotRunner {
        BotRunner {
            active: Mutex::new(HashSet::new()),
            searches: Arc::new(Semaphore::new(parallel.max(1))),
        }
    }
}

/// Makes sure a bot task runs for `live` if a bot is (or becomes) to move.
pub fn wake(app: &AppState, live: &Arc<LiveGame>) {
    let newly = app
        .bots
        .active
        .lock()
        .expect("bot set")
        .insert(live.id.clone());
    if newly {
        tokio::spawn(run(app.clone(), live.clone()));
    }
}

/// Refusals in a row after which a bot task gives up (a later change wakes it again).
const MAX_REFUSALS: u32 = 3;

async fn run(app: AppState, live: Arc<LiveGame>) {
    let mut refusals = 0;
    loop {
        let (view, version, seat, level) = {
            let state = live.state.lock().await;
            let bot = state.to_move().and_then(|seat| {
                match state.seats.get(seat.index()).map(|s| &s.occupant) {
                    Some(Occupant::Bot { level }) => Some((seat, *level)),
                    _ => None,
                }
            });
            let Some((seat, level)) = bot else {
                // Decided under the game lock: a later change that makes a bot move sees the
                // game inactive and starts a new task.
                app.bots.active.lock().expect("bot set").remove(&live.id);
                return;
            };
            (state.game().view(), state.version(), seat, level)
        };
        let Ok(permit) = app.bots.searches.clone().acquire_owned().await else {
            return;
        };
        let seed = crate::random_seed();
        let spec = spec(level, app.config.bot_think_ms);
        let chosen = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            spec.build(seed).choose(&view, spec.budget())
        })
        .await;
        let action = match chosen {
            Ok(action) => action,
            Err(error) => {
                tracing::error!(game = %live.id, "bot search failed: {error}");
                app.bots.active.lock().expect("bot set").remove(&live.id);
                return;
            }
        };
        if let Err(error) =
            play::submit(&app, &live, Some(seat), version, Choice::Action(action)).await
        {
            refusals += 1;
            if error.status.is_server_error() || refusals >= MAX_REFUSALS {
                tracing::warn!(game = %live.id, "bot stopped: {}", error.message);
                app.bots.active.lock().expect("bot set").remove(&live.id);
                return;
            }
            tracing::debug!(game = %live.id, "bot move refused, retrying: {}", error.message);
        } else {
            refusals = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use helvetia_engine::{Game, GameOptions};

    #[test]
    fn every_level_builds_a_bot_that_plays_legally_from_the_view() {
        let game = Game::new(GameOptions::for_players(3), 9);
        for level in [BotLevel::Random, BotLevel::Greedy, BotLevel::Mcts] {
            let spec = spec(level, 5);
            let action = spec.build(1).choose(&game.view(), spec.budget());
            assert!(game.legal_actions().contains(&action), "{level:?}");
        }
    }
}
