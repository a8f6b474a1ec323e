//! A puzzle of several decisions (the rest of a turn, `helvetia_ai::puzzles::judge_line`),
//! answered one decision at a time. Nothing of an attempt in progress is stored: each answer
//! carries the answers given before it, and the server walks the line again from the puzzle's
//! view, refusing a line that is not the puzzle's. The decision after a right answer is worked
//! out from the view alone, as the generator did (no face-down tile is revealed on the way), so
//! it carries nothing hidden.

use helvetia_ai::puzzles::{next_decision, Puzzle};
use helvetia_engine::View;
use helvetia_web::Lang;
use serde_json::json;

use super::table::table_html;
use crate::domain::game_state::Refusal;

/// The view at the decision after `answers`, the indices of the actions already chosen, in
/// order, each in its decision's legal actions: the puzzle's own view when there are none.
/// `Refusal::Illegal` when they are more than the line's decisions before its last, an index
/// is no legal action, or an answer is not one the puzzle accepts there (the attempt would
/// have ended).
pub fn decision_after(puzzle: &Puzzle, answers: &[usize]) -> Result<View, Refusal> {
    if answers.len() >= puzzle.steps() {
        return Err(Refusal::Illegal(format!(
            "the puzzle has {} decisions; {} answers came before this one",
            puzzle.steps(),
            answers.len()
        )));
    }
    let mut view = puzzle.view.clone();
    for (step, &index) in answers.iter().enumerate() {
        let chosen = view.legal_actions().get(index).copied();
        let Some(action) = chosen.filter(|action| puzzle.accepts_at(step, action)) else {
            return Err(Refusal::Illegal(format!(
                "answer {} of the line is not the puzzle's",
                step + 1
            )));
        };
        view = next_decision(&view, action).ok_or_else(|| {
            Refusal::Illegal(format!("the line does not go on after answer {}", step + 1))
        })?;
    }
    Ok(view)
}

/// The next decision of puzzle `id`'s line, at `view`, step `step` (the first is 0), as it is
/// put to the player: `{"step", "view", "mover", "legal", "table"}`, the table drawn as the
/// puzzle's page draws it (`text`: as the text mode's page). Without its answer.
pub fn decision_put(
    id: &str,
    puzzle: &Puzzle,
    view: &View,
    step: usize,
    lang: Lang,
    text: bool,
) -> serde_json::Value {
    json!({
        "step": step,
        "view": view,
        "mover": view.position.to_move().map(|seat| seat.0),
        "legal": view.legal_actions().to_vec(),
        "table": table_html(id, puzzle, view, lang, text),
    })
}
