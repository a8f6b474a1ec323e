//! A puzzle of the rest of a turn: after a first decision kept as a puzzle, the mover often
//! decides again in the same turn (a coin on the Builder, then which building). Such a next
//! decision joins the puzzle's line when it too is judged clear, at most three decisions.
//!
//! A later step joins the line only where it is the only good one: one action accepted, as
//! the step before it had (another accepted action there would lead to another decision).
//! The line goes on only where the action revealed no face-down tile (then
//! the next decision is the same whatever the hidden order, and is worked out from the view
//! alone), and where the next decision is the mover's own in the same turn and not forced.
//! Each step is judged as the first is: from deals sampled from the mover's view, clear by the
//! margin in enough deals, and named alike by two seeds ([`puzzle_judgement`]).

use helvetia_engine::{forced_step, Action, Phase, TurnState, View};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::judge::{puzzle_judgement, Judgement, PuzzleSettings};
use super::Puzzle;
use crate::bot::mix;

/// The most decisions in a puzzle's line.
pub const MAX_STEPS: usize = 3;

/// The view at the mover's next decision after `action` at `view`'s, when the line may go on
/// there: the same player decides again in the same turn, the decision is not forced, and no
/// face-down tile was revealed. `None` otherwise, or where `action` is not legal.
pub fn next_decision(view: &View, action: Action) -> Option<View> {
    let Phase::Turn { seat, .. } = view.position.phase else {
        return None;
    };
    // The unseen tiles are dealt only to play the action; the stack sizes below show that
    // none of them was drawn, so the view after it does not depend on the deal.
    let mut game = view.determinize(&mut ChaCha8Rng::seed_from_u64(0));
    game.play(action).ok()?;
    let next = game.view();
    let same_turn = matches!(
        next.position.phase,
        Phase::Turn { seat: next_seat, turn } if next_seat == seat && turn != TurnState::fresh()
    ) && next.position.round == view.position.round;
    let nothing_revealed =
        next.stack2_size == view.stack2_size && next.stack3_size == view.stack3_size;
    let a_choice = next.legal_actions().len() >= 2 && forced_step(&next.position).is_none();
    (same_turn && nothing_revealed && a_choice).then_some(next)
}

impl Puzzle {
    /// The view at step `step` of the line (the first is 0): the puzzle's view after the
    /// solution's earlier actions. `None` past the line, or where the line does not go on from
    /// its stored view (a puzzle not made by the generator).
    pub fn view_at(&self, step: usize) -> Option<View> {
        if step >= self.steps() {
            return None;
        }
        let mut view = self.view.clone();
        for &action in &self.solution[..step] {
            view = next_decision(&view, action)?;
        }
        Some(view)
    }
}

/// The judgements of a puzzle's line from `view`: the first decision's (clear, and named alike
/// by two seeds), then each next decision's while the line may go on and that decision is
/// clear with one action accepted; at most [`MAX_STEPS`]. Empty when the first decision is no
/// puzzle.
pub fn judge_line(view: &View, settings: &PuzzleSettings, seed: u64) -> Vec<Judgement> {
    let Some(first) = puzzle_judgement(view, settings, seed) else {
        return Vec::new();
    };
    let mut line = vec![first];
    let mut at = view.clone();
    while line.len() < MAX_STEPS {
        let last = line.last().expect("the line has its first step");
        let (Some(best), [_only]) = (last.best, last.accepted.as_slice()) else {
            break;
        };
        let Some(next) = next_decision(&at, best) else {
            break;
        };
        let step_seed = mix(seed ^ mix(LATER_STEP_SEED ^ line.len() as u64));
        let Some(judgement) = puzzle_judgement(&next, settings, step_seed) else {
            break;
        };
        if judgement.accepted.len() != 1 {
            break;
        }
        line.push(judgement);
        at = next;
    }
    line
}

/// Set apart the seeds of the later steps' judgements.
const LATER_STEP_SEED: u64 = 0x11E5_7E90_0000_0004;
