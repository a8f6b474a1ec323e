//! `POST /api/puzzles/{id}/attempt`: a player's answer to a puzzle. The first attempt of a
//! logged-in person is rated (theirs and the puzzle's rating move, once, on any node); later
//! attempts, visitors' and those of a streak are answered the same, unrated.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use helvetia_ai::puzzles::{why_best, Puzzle};
use helvetia_engine::Action;
use helvetia_web::{evaluation_terms, Lang};
use serde::Deserialize;
use serde_json::json;

use crate::accounts::auth::MaybeUser;
use crate::analysis::requests::term_key;
use crate::domain::game_state::Refusal;
use crate::domain::rating::Rating;
use crate::domain::time::now;
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::http::language::lang_of;
use crate::state::AppState;

use super::streak::after_attempt;
use super::table::action_said;

/// The answer: the index of an action in the puzzle's `legal` list.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttemptBody {
    /// Which legal action.
    pub action: usize,
    /// In a streak, the puzzles solved in a row before this one: the attempt is unrated.
    #[serde(default)]
    pub streak: Option<u32>,
}

/// → `{"solved", "solution", "accepted", "best", "rated", "rating", "puzzle_rating", "streak",
/// "said"}`: whether the action solves the puzzle's first decision, the best line, every first
/// action accepted, the index of the best in `legal`, for a rated attempt the ratings before
/// and after (`{"before", "after"}`, else null), in a streak where the run stands
/// ([`super::streak::after_attempt`], else null), and all that in a sentence in the reader's
/// language.
/// `404 no-puzzle`; `422 illegal` for an index that is no legal action (nothing is stored).
pub async fn attempt(
    State(app): State<AppState>,
    Path(id): Path<String>,
    MaybeUser(user): MaybeUser,
    headers: HeaderMap,
    JsonBody(body): JsonBody<AttemptBody>,
) -> AppResult<Json<serde_json::Value>> {
    let stored = app
        .store
        .puzzle(&id)
        .await?
        .ok_or_else(|| AppError::not_found("no-puzzle"))?;
    let puzzle = &stored.puzzle;
    let legal = puzzle.view.legal_actions();
    let Some(action) = legal.get(body.action) else {
        return Err(Refusal::Illegal(format!(
            "no legal action number {}; there are {}",
            body.action,
            legal.len()
        ))
        .into());
    };
    let solved = puzzle.accepts(action);
    let rated = match (&user, body.streak) {
        (Some(user), None) => {
            app.store
                .rate_puzzle_attempt(&user.id, &id, solved, now())
                .await?
        }
        _ => None,
    };
    let lang = lang_of(&headers);
    let mut said = said(puzzle, action, rated.map(|r| r.person), lang);
    let streak = body.streak.map(|before| {
        let (run, words) = after_attempt(&stored.id, before, solved, lang);
        said = format!("{said} {words}");
        run
    });
    let shown = |(before, after): (Rating, Rating)| json!({"before": before.rating.round(), "after": after.rating.round()});
    Ok(Json(json!({
        "solved": solved,
        "solution": puzzle.solution,
        "accepted": puzzle.accepted,
        "best": legal.iter().position(|a| Some(a) == puzzle.solution.first()),
        "rated": rated.is_some(),
        "rating": rated.map(|r| shown(r.person)),
        "puzzle_rating": rated.map(|r| shown(r.puzzle)),
        "streak": streak,
        "said": said,
    })))
}

/// What came of an attempt with `chosen`, in `lang`: right or not, the best action in words and
/// why (what it gains in the chance to win, as the generator measured it, and where the answer
/// was not the best, the evaluation's terms in which it falls short), and the person's rating
/// change for a rated attempt.
fn said(puzzle: &Puzzle, chosen: &Action, rating: Option<(Rating, Rating)>, lang: Lang) -> String {
    let best = puzzle
        .solution
        .first()
        .map(|best| action_said(puzzle, best, lang))
        .unwrap_or_default();
    let solved = puzzle.accepts(chosen);
    let verdict = if solved {
        "puzzles-right"
    } else {
        "puzzles-wrong"
    };
    let percent = |share: f32| (f64::from(share) * 100.0).round() as i64;
    let mut said = vec![
        lang.tr_args(verdict, &[("best", best.as_str().into())]),
        lang.tr_args(
            "puzzles-gain",
            &[
                ("margin", percent(puzzle.margin).into()),
                ("agreement", percent(puzzle.agreement).into()),
            ],
        ),
    ];
    let why: Vec<(&str, f32)> = why_best(puzzle, chosen)
        .into_iter()
        .map(|(term, points)| (term_key(term), points))
        .collect();
    if !why.is_empty() {
        let terms = evaluation_terms(lang, &why);
        said.push(lang.tr_args("puzzles-why", &[("terms", terms.into())]));
    }
    if let Some((before, after)) = rating {
        said.push(lang.tr_args(
            "puzzles-rating-change",
            &[
                ("before", (before.rating.round() as i64).into()),
                ("after", (after.rating.round() as i64).into()),
            ],
        ));
    }
    said.join(" ")
}
