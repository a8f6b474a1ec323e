//! Changing a game: "store it, then make it visible" as one step that runs to its end whatever
//! the client does. Every state-changing request runs in a task of its own, not in the future
//! hyper drops when the client hangs up ([`run_to_the_end`]), and so does every change of a game
//! from a WebSocket or a bot ([`detached`]): a client that hangs up half-way cannot leave the
//! database ahead of memory. A change the database refuses (another request or node was first)
//! reloads the game from the database.

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use helvetia_engine::Seat;
use tokio::sync::Notify;

use crate::error::{AppError, AppResult};
use crate::game_state::{Change, Choice, GameState, Refusal};
use crate::hub::{reload, LiveGame};
use crate::mail::MailEvent;
use crate::model::GameStatus;
use crate::storage::StoreError;
use crate::{bots, rated_games, AppState};

/// Who asks for a change.
#[derive(Clone, Debug)]
pub enum Actor {
    /// A person, by account id: their seat is looked up under the writer's lock.
    User(String),
    /// The bot in this seat.
    Bot(Seat),
    /// The server, playing the forced step of the person in this seat (see
    /// [`crate::forced_steps`]).
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

/// Changes in progress, so that a shutdown can wait for them.
#[derive(Default)]
pub struct InFlight {
    count: AtomicUsize,
    idle: Notify,
}

struct InFlightGuard(Arc<InFlight>);

impl Drop for InFlightGuard {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl InFlight {
    fn enter(self: &Arc<Self>) -> InFlightGuard {
        self.count.fetch_add(1, Ordering::AcqRel);
        InFlightGuard(self.clone())
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

/// Middleware: a state-changing request (any method but GET, HEAD and OPTIONS) is handled in a
/// task of its own, from its extractors to its answer, and counted as in flight. If the client
/// hangs up, hyper drops only the wait for that task: the request is carried out in full (or
/// refused in full), never stopped between its commit and its publication.
pub async fn run_to_the_end(State(app): State<AppState>, request: Request, next: Next) -> Response {
    if matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) {
        return next.run(request).await;
    }
    let guard = app.in_flight.enter();
    let handled = tokio::spawn(async move {
        let _guard = guard;
        next.run(request).await
    });
    match handled.await {
        Ok(response) => response,
        Err(error) => AppError::internal(error).into_response(),
    }
}

/// Runs `work` in a task of its own and waits for it: if the caller is dropped (the client hung
/// up), the work still runs to its end.
///
/// # Errors
/// The work's error, or 500 if it panicked.
pub async fn detached<T, F>(app: &AppState, work: F) -> AppResult<T>
where
    T: Send + 'static,
    F: Future<Output = AppResult<T>> + Send + 'static,
{
    let guard = app.in_flight.enter();
    tokio::spawn(async move {
        let _guard = guard;
        work.await
    })
    .await
    .map_err(AppError::internal)?
}

/// Plays `choice` for `actor` if the game is at `version`; answers after the action is committed
/// and published. Returns the new version. A person's click on the forced step the server has
/// just played for them (at `version`) is answered with the version after it.
///
/// # Errors
/// Not seated, not their turn, a stale version, an illegal action or index (nothing changes),
/// or a storage failure (nothing is applied).
pub async fn submit(
    app: &AppState,
    live: &Arc<LiveGame>,
    actor: Actor,
    version: u64,
    choice: Choice,
) -> AppResult<u64> {
    let (app, live) = (app.clone(), live.clone());
    detached(&app.clone(), async move {
        if let Actor::User(_) = actor {
            // A person's click on a forced step the server played a moment before: done.
            let state = live.lock().await;
            if state.played_already(actor.seat_in(&state), version, choice) {
                return Ok(state.version());
            }
        }
        change(&app, &live, actor, version, |state, seat| {
            state.try_action(seat, version, choice)
        })
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
    app: &AppState,
    live: &Arc<LiveGame>,
    actor: Actor,
    version: u64,
) -> AppResult<u64> {
    let (app, live) = (app.clone(), live.clone());
    detached(&app.clone(), async move {
        change(&app, &live, actor, version, |state, seat| {
            state.try_undo(seat, version)
        })
        .await
    })
    .await
}

/// Works a change out, stores it, applies it and publishes it, under the writer's lock.
async fn change(
    app: &AppState,
    live: &Arc<LiveGame>,
    actor: Actor,
    version: u64,
    work_out: impl FnOnce(&GameState, Option<Seat>) -> Result<Change, Refusal>,
) -> AppResult<u64> {
    let started = Instant::now();
    let mut state = live.lock().await;
    if version > state.version() || state.status == GameStatus::Open {
        // The client saw a version this node has not, or the game may have been started
        // meanwhile: another node wrote it, and its notice may still be on the way.
        reload(app, live, &mut state).await?;
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
    let change = work_out(&state, seat).inspect_err(|refusal| {
        let at = state.version();
        tracing::debug!(game = %live.id, "refused at version {at} for {actor:?}: {:?}", refusal.to_string());
    })?;
    let mail = MailEvent::after_log_write(
        state.to_move(),
        change.summary.to_move,
        change.summary.status == GameStatus::Finished,
    );
    let stored = app
        .store
        .change_log(
            &live.id,
            state.version(),
            change.log.clone(),
            change.summary.clone(),
            mail,
        )
        .await;
    match stored {
        Ok(()) => {}
        Err(StoreError::Conflict) => {
            let seen = state.version();
            reload(app, live, &mut state).await?;
            tracing::debug!(
                game = %live.id,
                "write at version {seen} refused: the database is at {}",
                state.version()
            );
            return Err(Refusal::StaleVersion {
                current: state.version(),
            }
            .into());
        }
        Err(error) => return Err(error.into()),
    }
    state.apply(change);
    live.publish(&state);
    crate::metrics::action_committed(started.elapsed());
    // A bot's move, or a person's forced step: the same task plays both.
    let bot_next = state.bot_to_move() || state.person_forced_step().is_some();
    let finished_rated = state.status == GameStatus::Finished && state.rated;
    let version = state.version();
    drop(state);
    if bot_next {
        bots::wake(app, live);
    }
    if finished_rated {
        rated_games::rate_later(app, live);
    }
    Ok(version)
}
