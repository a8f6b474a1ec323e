//! A stored puzzle judged again with fresh seeds and fresh deals: what a published set is
//! checked with, so that a puzzle whose verdict hung on one run's randomness is caught.

use helvetia_engine::View;

use super::judge::{judge, PuzzleSettings};
use super::Puzzle;
use crate::bot::mix;

/// Whether `puzzle` still holds when judged afresh with `fresh_seed`, at every step of its
/// line: the step's accepted actions (the solution's action among them) come within ε of the
/// best in at least the settings' share of the new deals, and no other legal action does. A
/// line that does not go on from its view (see [`Puzzle::view_at`]) does not hold.
pub fn recheck(puzzle: &Puzzle, settings: &PuzzleSettings, fresh_seed: u64) -> bool {
    if puzzle.solution.is_empty() || puzzle.later_accepted.len() + 1 != puzzle.solution.len() {
        return false;
    }
    (0..puzzle.steps()).all(|step| {
        // The first step keeps the seed it was always judged with.
        let seed = match step {
            0 => fresh_seed,
            _ => mix(fresh_seed ^ mix(step as u64)),
        };
        puzzle
            .view_at(step)
            .is_some_and(|view| step_holds(puzzle, step, &view, settings, seed))
    })
}

/// Whether step `step`, whose decision is at `view`, holds when judged with `seed`.
fn step_holds(
    puzzle: &Puzzle,
    step: usize,
    view: &View,
    settings: &PuzzleSettings,
    seed: u64,
) -> bool {
    let answer = puzzle.solution[step];
    let accepted = puzzle.accepted_at(step);
    if !accepted.contains(&answer) {
        return false;
    }
    let judgement = judge(view, settings, seed);
    if judgement.actions.len() < 2 || !judgement.actions.contains(&answer) {
        return false;
    }
    let holds = judgement.share_within(accepted, settings.epsilon) >= settings.agreement;
    let rival = judgement
        .actions
        .iter()
        .filter(|action| !accepted.contains(action))
        .any(|&action| judgement.share_within(&[action], settings.epsilon) >= settings.agreement);
    holds && !rival
}
