//! Why a puzzle's best action beats another, in the terms the analysis uses for a costly turn:
//! the evaluation of the positions each leads to, the terms that differ most.

use helvetia_engine::{Action, Game, View};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::Puzzle;
use crate::analysis::why::compare;
use crate::evaluate::ProspectTerm;
use crate::greedy::{plan_turn, GreedyParams};

/// The terms of the evaluation (victory points, positive where the best action is better) in
/// which the position the puzzle's best action leads to differs most from the one `chosen`
/// leads to; empty where `chosen` is accepted, not legal, or no term differs notably.
///
/// A decision often only starts what pays (a coin on a character, then its use), so each action
/// is followed by the rest of the mover's turn as the greedy level would play it, and the
/// positions at the turn's end are compared. Both lines are played on the same deal of the
/// unseen tiles, drawn from the mover's view, so that the words never depend on the true hidden
/// order.
pub fn why_best(puzzle: &Puzzle, chosen: &Action) -> Vec<(ProspectTerm, f32)> {
    why_best_at(puzzle, 0, chosen)
}

/// [`why_best`] at step `step` of the puzzle's line (the first is 0): the step's answer against
/// `chosen` there; empty past the line.
pub fn why_best_at(puzzle: &Puzzle, step: usize, chosen: &Action) -> Vec<(ProspectTerm, f32)> {
    let (Some(best), Some(view)) = (puzzle.solution.get(step), puzzle.view_at(step)) else {
        return Vec::new();
    };
    if puzzle.accepts_at(step, chosen) {
        return Vec::new();
    }
    let dealt = view.determinize(&mut ChaCha8Rng::seed_from_u64(0));
    let params = GreedyParams::default();
    match (
        turn_end(&dealt, best, &params),
        turn_end(&dealt, chosen, &params),
    ) {
        (Some(best), Some(chosen)) => compare(&best, &chosen, puzzle.mover(), &params.weights),
        _ => Vec::new(),
    }
}

/// The view at the end of the mover's turn in `game` after `action`, the rest of the turn
/// played by the greedy turn search; `None` if `action` is not legal.
fn turn_end(game: &Game, action: &Action, params: &GreedyParams) -> Option<View> {
    let mover = game.to_move();
    let mut game = game.clone();
    game.play(*action).ok()?;
    if game.to_move() == mover {
        for next in plan_turn(&game, params) {
            game.play(next).ok()?;
        }
    }
    Some(game.view())
}
