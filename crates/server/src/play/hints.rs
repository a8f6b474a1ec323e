//! Hints (`POST /api/games/{id}/hint`): in a game of one person against bots only, created
//! with hints, the search advises the person on their current decision.
//!
//! Anywhere else a hint would be cheating, so it is refused: a game without the option, a game
//! with another person, anyone but the seated person, and any moment that is not their
//! decision. The search starts from the view alone ([`helvetia_ai::analysis::hint`]), never
//! from the game's seed or the order of stacks 2 and 3. It runs off the async runtime in one of
//! the node's bot search slots (shared fairly between accounts), once per game state: asking
//! again at the same state waits for, or reuses, the same answer.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use helvetia_ai::analysis::{hint, AnalysisSettings, Hint};
use helvetia_engine::{Seat, View};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::accounts::auth::User;
use crate::analysis::requests::term_key;
use crate::domain::game_state::{GameState, Refusal};
use crate::domain::seats::{GameStatus, Occupant};
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::http::language::lang_of;
use crate::live::cache::find;
use crate::live::follow::catch_up;
use crate::live::snapshot::Snapshot;
use crate::state::AppState;
use helvetia_web::Lang;

/// Body of `POST /api/games/{id}/hint`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct HintBody {
    /// The version the person decides on, when given: a hint for an older one is refused.
    #[serde(default)]
    version: Option<u64>,
}

/// `POST /api/games/{id}/hint`: the search's preferred decisions for the rest of the asking
/// person's turn, their chance to win before and after, and why, in words and as data.
pub async fn ask(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    user: User,
    JsonBody(body): JsonBody<HintBody>,
) -> AppResult<Json<Value>> {
    let lang = lang_of(&headers);
    let live = find(&app, &id).await?;
    let (snapshot, seat, names, creator) = {
        let mut state = live.lock().await;
        // Whoever may never have a hint here is refused before anything is read again.
        may_ask(&state, &user.id)?;
        // Decide on the database's state, not on a notice still on its way from another node
        // (unchanged, the snapshot and the hint kept with it stay).
        catch_up(&app, &live, &mut state).await?;
        let seat = allowed(&state, &user.id, body.version)?;
        (
            live.snapshot(),
            seat,
            state.seat_names(lang),
            state.creator_id.clone(),
        )
    };
    let found = searched(&app, &snapshot, &creator).await?;
    let hint = found
        .as_deref()
        .ok_or_else(|| AppError::from(Refusal::NotYourTurn))?;
    Ok(Json(answer(
        hint,
        &snapshot.view,
        seat,
        lang,
        &names,
        snapshot.version,
    )))
}

/// The asker's seat if they may have hints in this game at all (it has hints, they sit in it
/// with bots alone, it runs), or why not.
fn may_ask(state: &GameState, user_id: &str) -> AppResult<Seat> {
    if !state.settings.hints {
        return Err(AppError::forbidden("hints-off"));
    }
    let seat = state.seat_of(user_id).ok_or(Refusal::NotSeated)?;
    let others_are_bots = state
        .seats
        .iter()
        .filter(|s| s.seat != seat.0)
        .all(|s| matches!(s.occupant, Occupant::Bot { .. }));
    if !others_are_bots {
        return Err(AppError::forbidden("hints-need-bots"));
    }
    if state.status != GameStatus::Running {
        return Err(Refusal::NotRunning.into());
    }
    Ok(seat)
}

/// The asker's seat if they may have a hint now, or why not.
fn allowed(state: &GameState, user_id: &str, version: Option<u64>) -> AppResult<Seat> {
    let seat = may_ask(state, user_id)?;
    if state.has_resigned(seat) {
        return Err(Refusal::Resigned.into());
    }
    if state.is_stood_in(seat) {
        return Err(Refusal::StoodIn.into());
    }
    if let Some(seen) = version.filter(|&seen| seen != state.version()) {
        tracing::debug!(
            "hint asked at version {seen}, the game is at {}",
            state.version()
        );
        return Err(Refusal::StaleVersion {
            current: state.version(),
        }
        .into());
    }
    if state.to_move() != Some(seat) {
        return Err(Refusal::NotYourTurn.into());
    }
    Ok(seat)
}

/// The hint for the snapshot's view: worked out once per snapshot, in a search slot on a
/// blocking thread.
async fn searched(
    app: &AppState,
    snapshot: &Snapshot,
    creator: &str,
) -> AppResult<Option<Arc<Hint>>> {
    let settings = AnalysisSettings {
        iterations: app.config.hint_iterations,
        seed: 0,
    };
    snapshot
        .hint()
        .get_or_try_init(|| async {
            let slot = app.bots.slots().acquire(creator).await;
            let view = snapshot.view.clone();
            let found = tokio::task::spawn_blocking(move || {
                let _slot = slot;
                hint(&view, settings)
            })
            .await
            .map_err(AppError::internal)?;
            Ok::<_, AppError>(found.map(Arc::new))
        })
        .await
        .cloned()
}

/// The answer: the line as actions and in words, the chances, and why.
fn answer(
    hint: &Hint,
    view: &View,
    seat: Seat,
    lang: Lang,
    names: &[String],
    version: u64,
) -> Value {
    let namer = helvetia_web::Namer {
        lang,
        names,
        position: Some(&view.position),
    };
    let line_words: Vec<String> = hint
        .line
        .iter()
        .map(|action| namer.action(action, Some(seat)))
        .collect();
    let why: Vec<(&str, f32)> = hint
        .why
        .iter()
        .map(|&(term, points)| (term_key(term), points))
        .collect();
    json!({
        "version": version,
        "seat": seat.0,
        "line": hint.line,
        "before": hint.before,
        "after": hint.after,
        "why": why,
        "words": helvetia_web::hint_words(lang, &line_words, hint.before, hint.after, &why),
    })
}
