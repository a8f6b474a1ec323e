//! A hint for the player to move, during a game: the analysis's look at one position, taken
//! before the decision instead of after it.
//!
//! It starts from the player's view alone (the view has no order of stacks 2 and 3, and no
//! seed is asked for), so a hint tells nothing the player could not see. The same view and
//! budget always give the same hint: its seed comes from the view.

use helvetia_engine::{Action, View};
use serde::{Deserialize, Serialize};

use super::{chances, estimate, why, AnalysisSettings};
use crate::bot::decision_seed;
use crate::evaluate::ProspectTerm;

/// Search iterations of a hint: half the budget of the ladder's strong level (`mcts`), which
/// people play against, so that a hint comes back within a moment. The chances take as many
/// rollouts each.
pub const HINT_ITERATIONS: u32 = 1000;

/// Set apart the seeds of hints from those of bots and analyses.
const HINT_SEED: u64 = 0x4817_0000_5EED_0001;

/// What the search advises the player to move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hint {
    /// The player it is for (0-based seat).
    pub seat: u8,
    /// The decisions the search prefers from here, within the player's turn, as far as it
    /// saw them often enough; never empty while the game runs.
    pub line: Vec<Action>,
    /// The player's chance to win now.
    pub before: f32,
    /// The player's chance to win after the line.
    pub after: f32,
    /// What the line changes for the player, in victory points of the evaluation: the
    /// largest changes first.
    pub why: Vec<(ProspectTerm, f32)>,
}

/// The hint for the player to move in `view`, searched with `settings.iterations` iterations
/// on one thread (the seed in `settings` is mixed with the view's own), or `None` once the
/// game is over.
pub fn hint(view: &View, settings: AnalysisSettings) -> Option<Hint> {
    let seat = view.position.to_move()?;
    let seed = decision_seed(settings.seed ^ HINT_SEED, view);
    let params = settings.params();
    let found = estimate(view, seed, &params);
    // Both chances measured with the same rollout randomness, so that their difference
    // carries less noise than either.
    let chance_seed = crate::bot::mix(seed);
    let before = chances::chances(view, chance_seed, settings.iterations, &params);
    let after = chances::chances(&found.line_end, chance_seed, settings.iterations, &params);
    let why = why::compare(&found.line_end, view, seat, &params.weights);
    Some(Hint {
        seat: seat.0,
        line: found.line,
        before: before[seat.index()],
        after: after[seat.index()],
        why,
    })
}
