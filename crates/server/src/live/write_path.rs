//! The one write path: every change of a game is decided on the cached state (pure, under the
//! writer's lock), stored in one version-guarded transaction, applied and announced
//! ([`commit`]). Actions and undos ([`submit`], [`undo`]), seats and starts, resignations,
//! stand-ins, votes, ratings and a vacation's clocks all pass through [`commit`]: one place
//! where "the database was ahead of us" reloads the game. It announces each change in the one
//! place that publishes a snapshot and tells the workers (bots, ratings), which this path never
//! calls ([`announce`], as a game entering the cache and a change another node made, followed
//! here from the database by [`super::follow`], are announced). New games, of the lobby or
//! rematches, enter through [`create`]: stored, then held and announced.
//!
//! A change runs to its end whatever the client does: a caller that may be dropped while it
//! waits has [`detached`] carry the change in a task of its own, so a client that hangs up
//! half-way cannot leave the database ahead of memory ([`Caller`]).

use std::future::Future;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use helvetia_engine::Seat;
use tokio::sync::Notify;
use tracing::Instrument;

use super::announce::{announce, Announcement, ChangeKind};
use super::cache::hold;
use super::error::{LiveError, LiveResult};
use super::follow::reload;
use super::held_game::HeldGame;
use super::live_game::LiveGame;
use super::Node;
use crate::domain::game_state::{Change, Choice, GameState, Refusal};
use crate::domain::mail_event::MailEvent;
use crate::domain::seats::GameStatus;
use crate::storage::{StoreError, StoreResult};

/// Who asks for a change.
#[derive(Clone, Debug)]
pub enum Actor {
    /// A person, by account id: their seat is looked up under the writer's lock.
    User(String),
    /// The bot in this seat.
    Bot(Seat),
    /// The server, playing the forced step of the person in this seat (see
    /// [`crate::play::forced_steps`]).
    ForcedStep(Seat),
}

impl Actor {
    fn seat_in(&self, state: &GameState) -> Option<Seat> {
        match self {
            Actor::User(user_id) => state.seat_of(user_id),
            Actor::Bot(seat) => state.is_bot(*seat).then_some(*seat),
            Actor::ForcedStep(seat) => state
                .person_forced_step()
                .and_then(|(waiting, _, _)| (waiting == *seat).then_some(waiting)),
        }
    }
}

/// Whether the caller of a change may be dropped while it waits, which decides the task the
/// change runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caller {
    /// It may be (a bot's task, a worker that a shutdown stops): the change runs in a task of
    /// its own ([`detached`]).
    MayBeDropped,
    /// It never is while it waits: a WebSocket session, which handles each message to its end.
    /// The change runs in the caller's task (counted as in flight all the same): a task spawned
    /// per change cost the busiest path its spawn, its wake-up and a copy of the change's
    /// future.
    StaysToTheEnd,
    /// It runs in a task of its own already, counted as in flight there ([`spawn_counted`]): a
    /// state-changing request, which the HTTP layer starts so the moment hyper hands it over
    /// (`http/run_to_the_end.rs`). The change runs as it is, counted once.
    Detached,
}

/// Changes in progress, so that a shutdown can wait for them.
#[derive(Default)]
pub struct InFlight {
    count: AtomicUsize,
    /// Changes counted in since the start: a test sees by it that a request it sent and hung up
    /// on was taken up.
    entered: AtomicU64,
    idle: Notify,
}

/// A change in progress, counted until dropped.
pub struct InFlightGuard(Arc<InFlight>);

impl Drop for InFlightGuard {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl InFlight {
    /// Counts a change in until the guard is dropped.
    pub fn enter(self: &Arc<Self>) -> InFlightGuard {
        self.count.fetch_add(1, Ordering::AcqRel);
        self.entered.fetch_add(1, Ordering::AcqRel);
        InFlightGuard(self.clone())
    }

    /// Changes counted in since the start.
    pub fn entered(&self) -> u64 {
        self.entered.load(Ordering::Acquire)
    }

    /// Changes in progress now.
    pub fn count(&self) -> usize {
        self.count.load(Ordering::Acquire)
    }

    /// Waits until no change is in progress.
    pub async fn drained(&self) {
        loop {
            let idle = self.idle.notified();
            if self.count.load(Ordering::Acquire) == 0 {
                return;
            }
            idle.await;
        }
    }
}

/// Runs `work` in a task of its own, counted as in flight, and waits for it: if the caller is
/// dropped (the client hung up), the work still runs to its end.
///
/// # Errors
/// The work's error, or [`LiveError::Panicked`] if its task failed.
pub async fn detached<T, E, F>(in_flight: &Arc<InFlight>, work: F) -> Result<T, E>
where
    T: Send + 'static,
    E: From<LiveError> + Send + 'static,
    F: Future<Output = Result<T, E>> + Send + 'static,
{
    spawn_counted(in_flight, work)
        .await
        .map_err(|error| E::from(LiveError::Panicked(error.to_string())))?
}

/// Starts `work` in a task of its own at once (not when the answer is first awaited), counted
/// as in flight until it ends: what [`detached`] waits for.
pub fn spawn_counted<F>(in_flight: &Arc<InFlight>, work: F) -> tokio::task::JoinHandle<F::Output>
where
    F: Future + Send + 'static,
    F::Output: Send + 'static,
{
    let guard = in_flight.enter();
    // In the caller's span, so that the change's log lines name its request.
    tokio::spawn(
        async move {
            let _guard = guard;
            work.await
        }
        .in_current_span(),
    )
}

/// Runs `work` as `caller` needs: [`detached`] for a caller that may be dropped, else in the
/// caller's task, counted as in flight once (by this, or by the task it already runs in).
async fn carried<T, F>(node: &Node, caller: Caller, work: F) -> LiveResult<T>
where
    T: Send + 'static,
    F: Future<Output = LiveResult<T>> + Send + 'static,
{
    match caller {
        Caller::MayBeDropped => detached(&node.in_flight, work).await,
        Caller::StaysToTheEnd => {
            let _guard = node.in_flight.enter();
            work.await
        }
        Caller::Detached => work.await,
    }
}

/// Stores a change of `kind` decided on `state` (`stored`: its one version-guarded
/// transaction), then applies it (`apply`, with what the store returned) and announces it.
/// Called under the writer's lock, which `state` is.
///
/// # Errors
/// [`LiveError::ChangedMeanwhile`] when the database was ahead of this node (another request or
/// node changed the game first): the game is reloaded from the database and nothing of this
/// change happened. A database failure: nothing is applied.
pub async fn commit<T>(
    node: &Node,
    live: &Arc<LiveGame>,
    state: &mut HeldGame,
    kind: ChangeKind,
    stored: impl Future<Output = StoreResult<T>>,
    apply: impl FnOnce(&mut HeldGame, T),
) -> LiveResult<()> {
    let had_ended = state.status.has_ended();
    match stored.await {
        Ok(written) => apply(state, written),
        Err(StoreError::Conflict) => {
            let seen = state.version();
            reload(node, live, state).await?;
            tracing::debug!(
                game = %live.id,
                "write at version {seen} refused: the database is at {}",
                state.version()
            );
            return Err(LiveError::ChangedMeanwhile);
        }
        Err(error) => return Err(error.into()),
    }
    let ended = !had_ended && state.status.has_ended();
    announce(node, live, state, Announcement::Committed { kind, ended });
    Ok(())
}

/// Stores a new game decided as `state` (`stored`: the one transaction that creates it, a game
/// of the lobby or the rematch of a finished one), then holds it in this node's cache with its
/// first snapshot published and tells the workers, as [`commit`] does for a change. The state
/// was built from the record before anything was stored, so a record that makes no game is
/// refused with nothing written.
///
/// # Errors
/// What the store refused (a cap on open games, a rematch another request created first) or a
/// database failure: nothing is held.
pub async fn create(
    node: &Node,
    id: &str,
    state: GameState,
    stored: impl Future<Output = StoreResult<()>>,
) -> LiveResult<Arc<LiveGame>> {
    stored.await?;
    Ok(hold(node, id, state).await)
}

/// Plays `choice` for `actor` if the game is at `version`; answers after the action is committed
/// and published. Returns the new version. A person's click on the forced step the server has
/// just played for them (at `version`) is answered with the version after it.
///
/// # Errors
/// Not seated, not their turn, a stale version, an illegal action or index (nothing changes),
/// or a storage failure (nothing is applied).
pub async fn submit(
    node: &Node,
    live: &Arc<LiveGame>,
    actor: Actor,
    (version, choice): (u64, Choice),
    caller: Caller,
) -> LiveResult<u64> {
    let (node, live) = (node.clone(), live.clone());
    carried(&node.clone(), caller, async move {
        if let Actor::User(_) = actor {
            // A person's click on a forced step the server played a moment before: done.
            let state = live.lock().await;
            if state.played_already(actor.seat_in(&state), version, choice) {
                return Ok(state.version());
            }
        }
        change(
            &node,
            &live,
            actor,
            (version, ChangeKind::Action),
            |state, seat| state.try_action(seat, version, choice),
        )
        .await
    })
    .await
}

/// Takes back the last action of `actor`'s current turn if the game is at `version`; answers
/// after the removal is committed and published. Returns the new version.
///
/// # Errors
/// Not their turn, a stale version, nothing of the current turn left, or a storage failure.
pub async fn undo(
    node: &Node,
    live: &Arc<LiveGame>,
    actor: Actor,
    version: u64,
    caller: Caller,
) -> LiveResult<u64> {
    let (node, live) = (node.clone(), live.clone());
    carried(&node.clone(), caller, async move {
        change(
            &node,
            &live,
            actor,
            (version, ChangeKind::Undo),
            |state, seat| state.try_undo(seat, version),
        )
        .await
    })
    .await
}

/// Decides a change of the log on the cached state, then commits it.
async fn change(
    node: &Node,
    live: &Arc<LiveGame>,
    actor: Actor,
    (version, kind): (u64, ChangeKind),
    decide: impl FnOnce(&GameState, Option<Seat>) -> Result<Change, Refusal>,
) -> LiveResult<u64> {
    let started = Instant::now();
    let mut state = live.lock().await;
    if version > state.version() || state.status == GameStatus::Open {
        // The client saw a version this node has not, or the game may have been started
        // meanwhile: another node wrote it, and its notice may still be on the way.
        reload(node, live, &mut state).await?;
    }
    let seat = actor.seat_in(&state);
    if matches!(actor, Actor::User(_)) {
        if seat.is_some_and(|seat| state.has_resigned(seat)) {
            return Err(Refusal::Resigned.into());
        }
        if seat.is_some_and(|seat| state.is_stood_in(seat)) {
            return Err(Refusal::StoodIn.into());
        }
    }
    // Boxed: a change holds the next position and its decision (kilobytes), and this future,
    // which holds it across the store's await, is moved whole whenever it is spawned or awaited.
    let change = Box::new(decide(&state, seat).inspect_err(|refusal| {
        let at = state.version();
        tracing::debug!(game = %live.id, "refused at version {at} for {actor:?}: {:?}", refusal.to_string());
    })?);
    let mail = MailEvent::after_log_write(
        state.to_move(),
        change.summary.to_move,
        change.summary.status == GameStatus::Finished,
    );
    let expected = state.version();
    let stored = node.store.change_log(
        &live.id,
        expected,
        change.log.clone(),
        change.summary.clone(),
        mail,
    );
    match commit(node, live, &mut state, kind, stored, |state, ()| {
        state.apply(*change)
    })
    .await
    {
        Ok(()) => {}
        Err(LiveError::ChangedMeanwhile) => {
            return Err(Refusal::StaleVersion {
                current: state.version(),
            }
            .into())
        }
        Err(error) => return Err(error),
    }
    super::metrics::action_committed(started.elapsed());
    Ok(state.version())
}
