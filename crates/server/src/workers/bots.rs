//! Bot seats: when a bot is to move, a task asks its brain for an action, off the async
//! runtime, and submits it like any player. A bot sees only the public `View`.
//!
//! The task keeps each seat's bot while it runs, so the strong bot plays the turn it planned
//! without searching every decision again. The plan is only a cache: a bot rebuilt after a
//! restart, or one that meets a view its plan did not expect, simply searches again.
//!
//! With several nodes on one database, the node that runs a game's bot holds its lease (see
//! [`crate::storage`]); every node looks for bots whose lease has run out (their node stopped)
//! and takes them over, so a bot's game carries on whichever nodes are up.
//!
//! The same task, under the same lease, plays a person's forced steps when they want it
//! ([`crate::play::forced_steps`]): one path, so each is committed once whichever node sees it.

use std::sync::Arc;
use std::time::Duration;

use helvetia_ai::{Bot, BotSpec, TurnClock};
use helvetia_engine::Seat;

use crate::domain::game_state::Choice;
use crate::domain::seats::BotLevel;
use crate::domain::time::now;
use crate::live::cache::find;
use crate::live::live_game::LiveGame;
use crate::live::write_path::{self, Actor, Caller};
use crate::play::forced_steps;
use crate::state::AppState;

/// The bot of `level`: the ladder's bot, so that it plays as strong as its rating says. A tree
/// search runs on one thread with its level's iterations, and at most `think_ms` per decision
/// so that a busy node stays responsive (it then plays weaker than rated); it plans its turn
/// with a search of 1.5 times that and plays the plan without searching again while the game
/// goes as planned, and the searches of one turn share 1.25 times `think_ms` in all
/// ([`TurnClock::of_think_time`]; see `docs/ai.md`).
pub fn spec(level: BotLevel, think_ms: u64) -> BotSpec {
    let bot = level.ladder().bot;
    let name = if bot.starts_with("mcts:") {
        format!("{bot},ms={},threads=1", think_ms.max(1))
    } else {
        bot.to_string()
    };
    name.parse().expect("the server's bot names parse")
}

/// Makes sure a bot task runs for `live` on this node if a bot is (or becomes) to move.
pub fn wake(app: &AppState, live: &Arc<LiveGame>) {
    let newly = app.bots.start(&live.id);
    if newly {
        tokio::spawn(run(app.clone(), live.clone()));
    }
}

/// Every `interval`: takes over the bots whose lease ran out (their node stopped) or that wait
/// for this node.
pub async fn watch_leases(app: AppState, interval: Duration) {
    let mut ticks = tokio::time::interval(interval);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let waiting = match app.store.bots_waiting(now()).await {
            Ok(waiting) => waiting,
            Err(error) => {
                tracing::warn!("cannot look for waiting bots: {error}");
                continue;
            }
        };
        for id in waiting {
            match find(&app, &id).await {
                Ok(live) => wake(&app, &live),
                Err(error) => {
                    tracing::debug!(game = %id, "bot not resumed: {:?}", error.to_string())
                }
            }
        }
    }
}

/// Refusals in a row after which a bot task gives up (a later change wakes it again).
const MAX_REFUSALS: u32 = 3;

/// The bots of one game's seats, kept while its bot task runs.
type SeatBots = Vec<(Seat, BotLevel, Box<dyn Bot>)>;

/// The bot for `seat` at `level`: the one kept from this task's earlier decisions (it may hold
/// a plan), or a new one.
fn take_bot(bots: &mut SeatBots, seat: Seat, level: BotLevel, think_ms: u64) -> Box<dyn Bot> {
    match bots.iter().position(|(s, l, _)| *s == seat && *l == level) {
        Some(i) => bots.swap_remove(i).2,
        None => spec(level, think_ms).build(crate::domain::tokens::random_seed()),
    }
}

async fn run(app: AppState, live: Arc<LiveGame>) {
    let mut refusals = 0;
    let mut kept: SeatBots = Vec::new();
    // A bot's turn is its seat's decisions with nothing else played between: the seat that
    // moved last and the version its move made.
    let think = Duration::from_millis(app.config.bot_think_ms.max(1));
    let mut clock = TurnClock::of_think_time(think);
    let mut last_move: Option<(Seat, u64)> = None;
    // Until when this task holds the game's bot lease (0: it took none, so it gives none back).
    let mut lease = 0;
    loop {
        let (view, version, seat, level, creator) = {
            let state = live.lock().await;
            let bot = state
                .to_move()
                .and_then(|seat| Some((seat, state.bot_level(seat)?)));
            let forced = state.person_forced_step();
            let version = state.version();
            if let (None, Some(step)) = (bot, forced) {
                drop(state);
                // The pause first, and the lease only if the step still waits then: a person
                // who plays it at once costs the database nothing.
                tokio::time::sleep(forced_steps::PAUSE).await;
                let waits = live.lock().await.version() == version;
                if waits
                    && holds_lease(&app, &live.id, &mut lease).await
                    && forced_steps::play(&app, &live, version, step).await
                {
                    continue;
                }
                // Not played (not wanted, or another node plays it): the task stops, unless
                // the game moved on meanwhile, whose change did not start a new task.
                let state = live.lock().await;
                if state.version() != version {
                    continue;
                }
                app.bots.finish(&live.id);
                drop(state);
                release(&app, &live.id, lease).await;
                return;
            }
            let Some((seat, level)) = bot else {
                // Decided under the game lock: a later change that makes a bot move sees the
                // game inactive and starts a new task.
                app.bots.finish(&live.id);
                drop(state);
                release(&app, &live.id, lease).await;
                return;
            };
            let creator = state.creator_id.clone();
            (state.view(), state.version(), seat, level, creator)
        };
        if !holds_lease(&app, &live.id, &mut lease).await {
            app.bots.finish(&live.id);
            return;
        }
        // Slots go to accounts in turn: one account's many bot games cannot starve another's.
        let permit = app.bots.slots().acquire(&creator).await;
        if !holds_lease(&app, &live.id, &mut lease).await {
            app.bots.finish(&live.id);
            return;
        }
        // Timed once the slot is free, so that a search always gets its least moment.
        let budget = clock.budget(
            spec(level, app.config.bot_think_ms).budget(),
            last_move == Some((seat, version)),
            std::time::Instant::now(),
        );
        let mut bot = take_bot(&mut kept, seat, level, app.config.bot_think_ms);
        let chosen = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let action = bot.choose(&view, budget);
            (bot, action)
        })
        .await;
        let action = match chosen {
            Ok((bot, action)) => {
                kept.retain(|(s, _, _)| *s != seat);
                kept.push((seat, level, bot));
                action
            }
            Err(error) => {
                tracing::error!(game = %live.id, "bot search failed: {error}");
                app.bots.finish(&live.id);
                return;
            }
        };
        let submitted = write_path::submit(
            &app,
            &live,
            Actor::Bot(seat),
            (version, Choice::Action(action)),
            Caller::MayBeDropped,
        )
        .await;
        match submitted {
            Ok(made) => {
                refusals = 0;
                last_move = Some((seat, made));
                crate::live::metrics::bot_moved();
            }
            Err(error) => {
                refusals += 1;
                if error.is_server_error() || refusals >= MAX_REFUSALS {
                    tracing::warn!(game = %live.id, "bot stopped: {:?}", error.to_string());
                    app.bots.finish(&live.id);
                    return;
                }
                tracing::debug!(game = %live.id, "bot move refused, retrying: {:?}", error.to_string());
            }
        }
    }
}

/// Gives the game's bot lease back, once this node's task for it has finished, if the task
/// took it (`lease` is when it would run out; 0: never taken).
async fn release(app: &AppState, game_id: &str, lease: i64) {
    if lease == 0 {
        return;
    }
    if let Err(error) = app.store.release_bot(game_id).await {
        tracing::warn!(game = game_id, "cannot release the bot lease: {error}");
    }
}

/// Whether this node holds the game's bot lease, taking or renewing it when needed: `lease`
/// is until when this task holds it. The database is written only when less than half of the
/// lease is left, so a bot's decisions and a person's forced steps renew it at most twice per
/// lease, not at every decision; another node can take it only once it has run out.
async fn holds_lease(app: &AppState, game_id: &str, lease: &mut i64) -> bool {
    let now = now();
    let length = app.config.bot_lease_secs as i64;
    if *lease - now > length / 2 {
        return true;
    }
    match app.store.claim_bot(game_id, now, now + length).await {
        Ok(true) => {
            *lease = now + length;
            true
        }
        Ok(false) => {
            *lease = 0;
            false
        }
        Err(error) => {
            tracing::warn!(game = game_id, "cannot take the bot lease: {error}");
            false
        }
    }
}
