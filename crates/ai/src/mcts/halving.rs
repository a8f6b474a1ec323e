//! Sequential halving at the root (Karnin, Koren and Somekh, 2013): the budget is split into
//! phases; in each, the remaining candidates get the same number of iterations, and the better
//! half by mean reward goes on. UCB1 balances finding the best action with playing it well
//! along the way; a root decision only needs the best one found, which is what halving is
//! made for (Danihelka et al., 2022, use it at the root of Gumbel MuZero). In four-player
//! arenas it did not beat UCB1 (docs/ai.md), so it is off unless a name asks for it.
//!
//! Below the root the tree grows as always. Each phase runs whole rounds over its candidates,
//! so the finalists end with equal visits and the better mean is played (`most_visited`).

use std::time::Instant;

use helvetia_engine::{Action, Game};
use rand_chacha::ChaCha8Rng;

use super::params::MctsParams;
use super::tree::{RootChild, Tree};
use crate::policy;

/// Runs one thread's search on `tree` by sequential halving over the `candidates` actions at
/// the root that the rollout policy weighs highest: `iterations` of them, or until
/// `deadline`, whichever comes first (every phase runs at least one round). Returns the
/// iterations run.
pub(super) fn search_by_halving(
    base: &Game,
    tree: &mut Tree,
    rng: &mut ChaCha8Rng,
    iterations: Option<u64>,
    deadline: Option<Instant>,
    params: &MctsParams,
    candidates: usize,
) -> u64 {
    let me = base.to_move().expect("a player to move").index();
    let mut survivors = best_by_policy(base, candidates);
    let phases = phases_for(survivors.len());
    let mut done = 0u64;
    for phase in 0..phases {
        let phases_left = (phases - phase) as u32;
        let phase_end = deadline.map(|d| {
            let now = Instant::now();
            now + d.saturating_duration_since(now) / phases_left
        });
        let phase_iterations = iterations.map(|n| n.saturating_sub(done) / u64::from(phases_left));
        let mut in_phase = 0u64;
        loop {
            for &action in &survivors {
                tree.iterate_through(base, rng, params, Some(action));
            }
            let round = survivors.len() as u64;
            in_phase += round;
            if phase_iterations.is_some_and(|n| in_phase + round > n)
                || phase_end.is_some_and(|end| Instant::now() >= end)
            {
                break;
            }
        }
        done += in_phase;
        halve(tree, me, &mut survivors);
    }
    done
}

/// How many phases halve `candidates` to one (at least one phase).
fn phases_for(candidates: usize) -> usize {
    let mut phases = 1;
    while (1usize << phases) < candidates {
        phases += 1;
    }
    phases
}

/// Keeps the better half (rounded up) of `survivors` by `seat`'s mean reward at the root;
/// among equals, the policy's order.
fn halve(tree: &Tree, seat: usize, survivors: &mut Vec<Action>) {
    if survivors.len() <= 1 {
        return;
    }
    let children = tree.root_children(seat);
    let mean = |action: Action| {
        children
            .iter()
            .find(|c| c.action == action)
            .map_or(f32::MIN, RootChild::mean_reward)
    };
    let mut ranked: Vec<(f32, Action)> = survivors.iter().map(|&a| (mean(a), a)).collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    survivors.clear();
    let keep = ranked.len().div_ceil(2);
    survivors.extend(ranked[..keep].iter().map(|&(_, action)| action));
}

/// The legal actions of `game`'s player to move, the rollout policy's heaviest first, at
/// most `count` (at least one).
fn best_by_policy(game: &Game, count: usize) -> Vec<Action> {
    let seat = game.to_move().expect("a player to move");
    let mut weighted: Vec<(f32, Action)> = game
        .legal_actions()
        .iter()
        .map(|&action| (policy::weight(game, seat, action), action))
        .collect();
    weighted.sort_by(|a, b| b.0.total_cmp(&a.0));
    weighted.truncate(count.max(1));
    weighted.into_iter().map(|(_, action)| action).collect()
}

#[cfg(test)]
mod tests {
    use helvetia_engine::GameOptions;
    use rand_core::{RngCore, SeedableRng};

    use super::*;
    use crate::bot::Budget;
    use crate::mcts::{most_visited, search};

    /// A four-player game at a decision with at least `choices` legal actions.
    fn wide_decision(choices: usize) -> Game {
        let mut game = Game::new(GameOptions::for_players(4), 11);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        while game.legal_actions().len() < choices {
            let legal = game.legal_actions();
            game.play(legal[rng.next_u64() as usize % legal.len()])
                .unwrap();
        }
        game
    }

    #[test]
    fn the_finalists_share_the_last_phase_and_the_better_one_is_played() {
        let game = wide_decision(6);
        let mut params = MctsParams::default();
        params.four.root_halving = 4;
        let result = search(&game.view(), 5, Budget::iterations(400), &params);
        assert!(result.iterations <= 400, "{}", result.iterations);
        assert!(result.iterations >= 396, "{}", result.iterations);
        let mut visited: Vec<_> = result.root.iter().filter(|c| c.visits > 0).collect();
        assert_eq!(visited.len(), 4, "only the four candidates were searched");
        visited.sort_by_key(|c| std::cmp::Reverse(c.visits));
        assert_eq!(visited[0].visits, visited[1].visits, "the finalists tie");
        assert!(visited[1].visits > visited[2].visits, "the others were cut");
        let played = &result.root[most_visited(&result.root)];
        assert_eq!(played.action, result.action);
        let finalists = [visited[0].mean_reward(), visited[1].mean_reward()];
        assert_eq!(played.mean_reward(), finalists[0].max(finalists[1]));
        let again = search(&game.view(), 5, Budget::iterations(400), &params);
        assert_eq!(again, result, "the same seed and budget search the same");
    }

    #[test]
    fn phases_halve_down_to_one() {
        let cases = [
            (1, 1),
            (2, 1),
            (3, 2),
            (4, 2),
            (5, 3),
            (8, 3),
            (9, 4),
            (16, 4),
        ];
        for (candidates, phases) in cases {
            assert_eq!(phases_for(candidates), phases, "{candidates}");
        }
    }
}
