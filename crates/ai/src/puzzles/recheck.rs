//! A stored puzzle judged again with fresh seeds and fresh deals: what a published set is
//! checked with, so that a puzzle whose verdict hung on one run's randomness is caught.

use super::judge::{judge, PuzzleSettings};
use super::Puzzle;

/// Whether `puzzle` still holds when judged afresh with `fresh_seed`: its accepted actions (the
/// solution's first action and those found as good) come within ε of the best in at least the
/// settings' share of the new deals, and no other legal action does.
pub fn recheck(puzzle: &Puzzle, settings: &PuzzleSettings, fresh_seed: u64) -> bool {
    let Some(first) = puzzle.solution.first() else {
        return false;
    };
    if !puzzle.accepts(first) {
        return false;
    }
    let judgement = judge(&puzzle.view, settings, fresh_seed);
    if judgement.actions.len() < 2 || !judgement.actions.contains(first) {
        return false;
    }
    let holds = judgement.share_within(&puzzle.accepted, settings.epsilon) >= settings.agreement;
    let rival = judgement
        .actions
        .iter()
        .filter(|action| !puzzle.accepts(action))
        .any(|&action| judgement.share_within(&[action], settings.epsilon) >= settings.agreement);
    holds && !rival
}
