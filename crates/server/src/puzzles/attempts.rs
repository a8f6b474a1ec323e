//! `POST /api/puzzles/{id}/attempt`: a player's answer to a puzzle. The first attempt of a
//! logged-in person is rated (theirs and the puzzle's rating move, once, on any node); later
//! attempts, visitors' and those of a streak are answered the same, unrated. A puzzle of
//! several decisions is answered one at a time ([`super::line`]): a right answer before the
//! last puts the next decision and ends nothing; a wrong answer, or the last right one, ends
//! the attempt, and only then is it rated.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use helvetia_ai::puzzles::{why_best_at, Puzzle};
use helvetia_engine::{Action, View};
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

use super::line::{decision_after, decision_put};
use super::streak::after_attempt;
use super::table::action_said;

/// The answer: the index of an action in the puzzle's `legal` list.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttemptBody {
    /// Which legal action.
    pub action: usize,
    /// In a puzzle of several decisions, the answers already given (right) at the decisions
    /// before this one, each the index of an action in its decision's `legal`; none at the
    /// first.
    #[serde(default)]
    pub line: Vec<usize>,
    /// Whether the next decision's table, where there is one, is put as the text mode's.
    #[serde(default)]
    pub text: bool,
    /// In a streak, the puzzles solved in a row before this one: the attempt is unrated.
    #[serde(default)]
    pub streak: Option<u32>,
}

/// → `{"solved", "done", "right", "step", "steps", "next", "solution", "accepted", "best",
/// "rated", "rating", "puzzle_rating", "streak", "said"}`. `step` is the decision answered
/// (the first is 0, the number of `line`'s answers) of the puzzle's `steps`; `right` whether
/// the action is one the puzzle accepts there. A right answer with decisions left goes on:
/// `done` false, `next` the next decision ([`decision_put`]), and the answer's fields null
/// (nothing rated, nothing of the line told). Otherwise the attempt is over (`done`, `next`
/// null): `solved` says whether the whole line was found; the best line, the actions accepted
/// at the decision answered and the index of its best in that decision's `legal`; for a rated
/// attempt the ratings before and after (`{"before", "after"}`, else null); in a streak where
/// the run stands ([`super::streak::after_attempt`], else null); and all that in a sentence in
/// the reader's language.
/// `404 no-puzzle`; `422 illegal` for an index that is no legal action, or a `line` that is
/// not the puzzle's (nothing is stored).
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
    let step = body.line.len();
    let view = decision_after(puzzle, &body.line)?;
    let legal = view.legal_actions();
    let Some(action) = legal.get(body.action) else {
        return Err(Refusal::Illegal(format!(
            "no legal action number {}; there are {}",
            body.action,
            legal.len()
        ))
        .into());
    };
    let right = puzzle.accepts_at(step, action);
    let lang = lang_of(&headers);
    if right && step + 1 < puzzle.steps() {
        let next = decision_after(puzzle, &[body.line.as_slice(), &[body.action]].concat())?;
        return Ok(Json(json!({
            "solved": false,
            "done": false,
            "right": true,
            "step": step,
            "steps": puzzle.steps(),
            "next": decision_put(&stored.id, puzzle, &next, step + 1, lang, body.text),
            "solution": null,
            "accepted": null,
            "best": null,
            "rated": false,
            "rating": null,
            "puzzle_rating": null,
            "streak": null,
            "said": lang.tr("puzzles-go-on"),
        })));
    }
    let solved = right;
    let rated = match (&user, body.streak) {
        (Some(user), None) => {
            app.store
                .rate_puzzle_attempt(&user.id, &id, solved, now())
                .await?
        }
        _ => None,
    };
    let answered = Answered {
        step,
        view: &view,
        chosen: action,
    };
    let mut said = said(puzzle, &answered, rated.map(|r| r.person), lang);
    let streak = body.streak.map(|before| {
        let (run, words) = after_attempt(&stored.id, before, solved, lang);
        said = format!("{said} {words}");
        run
    });
    let shown = |(before, after): (Rating, Rating)| json!({"before": before.rating.round(), "after": after.rating.round()});
    Ok(Json(json!({
        "solved": solved,
        "done": true,
        "right": right,
        "step": step,
        "steps": puzzle.steps(),
        "next": null,
        "solution": puzzle.solution,
        "accepted": puzzle.accepted_at(step),
        "best": legal.iter().position(|a| Some(a) == puzzle.solution.get(step)),
        "rated": rated.is_some(),
        "rating": rated.map(|r| shown(r.person)),
        "puzzle_rating": rated.map(|r| shown(r.puzzle)),
        "streak": streak,
        "said": said,
    })))
}

/// The decision an attempt ended at: its step, its view and the action chosen there.
struct Answered<'a> {
    step: usize,
    view: &'a View,
    chosen: &'a Action,
}

/// What came of an attempt that ended at `answered`, in `lang`: right or not, the best action
/// there in words and why (what it gains in the chance to win, as the generator measured it,
/// and where the answer was not the best, the evaluation's terms in which it falls short), and
/// the person's rating change for a rated attempt.
fn said(
    puzzle: &Puzzle,
    answered: &Answered,
    rating: Option<(Rating, Rating)>,
    lang: Lang,
) -> String {
    let Answered { step, view, chosen } = *answered;
    let best = puzzle
        .solution
        .get(step)
        .map(|best| action_said(puzzle, view, best, lang))
        .unwrap_or_default();
    let solved = puzzle.accepts_at(step, chosen);
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
    let why: Vec<(&str, f32)> = why_best_at(puzzle, step, chosen)
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
