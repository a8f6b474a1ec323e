//! Each player's chance to win from a position, measured the same way wherever it is asked:
//! games played on from it by the rollout policy for every seat alike (and cut off by the
//! evaluation like the search's rollouts).
//!
//! The search's own estimates are not comparable from one turn to the next: the player to move
//! at the root plays its best while the others follow the policy, so every estimate leans
//! towards whoever was to move. Rollouts favour nobody, so the chance after the turn as played
//! and after the search's preferred turn can be compared, and a chart of them does not zigzag.

use helvetia_engine::View;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::mcts::{rollout, MctsParams};

/// Each seat's chance to win from `view`: the mean win share of `rollouts` games played on
/// from it. The same `seed` gives the same games' randomness, so two positions measured with
/// one seed differ by less noise than two measured apart.
pub fn chances(view: &View, seed: u64, rollouts: u32, params: &MctsParams) -> Vec<f32> {
    let players = view.position.options.players as usize;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sums = vec![0.0f32; players];
    let rollouts = rollouts.max(1);
    let round = view.position.round;
    for _ in 0..rollouts {
        let mut game = view.determinize(&mut rng);
        let rewards = rollout(&mut game, &mut rng, params, round);
        for (sum, reward) in sums.iter_mut().zip(rewards) {
            *sum += reward;
        }
    }
    sums.iter().map(|sum| sum / rollouts as f32).collect()
}
