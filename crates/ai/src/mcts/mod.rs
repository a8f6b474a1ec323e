//! The Monte Carlo tree search bot: information-set MCTS over re-dealt unseen tiles, with
//! policy-guided rollouts, an evaluation where they stop, and root parallelism.
//!
//! With an iteration budget the result depends only on the view, the seed and the budget: each
//! thread has its own generator, seeded from the decision seed and its index, and a fixed share
//! of the iterations; the threads' root counts are added up in a fixed order.

mod params;
mod tree;

use std::time::Instant;

use helvetia_engine::{Action, Game, View};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

pub use params::MctsParams;
pub use tree::{rewards, RootChild, Tree};

use crate::bot::{decision_seed, mix, Bot, Budget};

/// What one search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The action chosen: the most visited at the root.
    pub action: Action,
    /// Iterations run, over all threads.
    pub iterations: u64,
    /// Tree nodes grown, over all threads.
    pub nodes: u64,
    /// The root's actions with their merged statistics, in legal-action order.
    pub root: Vec<RootChild>,
}

/// Runs one thread's search: `iterations` of them, or until `deadline`, whichever is first.
fn search_thread(
    base: &Game,
    seed: u64,
    iterations: Option<u64>,
    deadline: Option<Instant>,
    params: &MctsParams,
) -> (Tree, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tree = Tree::new();
    let mut done = 0u64;
    loop {
        if iterations.is_some_and(|n| done >= n) {
            break;
        }
        if done & 7 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        tree.iterate(base, &mut rng, params);
        done += 1;
    }
    (tree, done)
}

/// Searches the decision of the player to move in `view`.
///
/// # Panics
/// If the game in `view` is over.
pub fn search(view: &View, seed: u64, budget: Budget, params: &MctsParams) -> SearchResult {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let base = crate::bot::sample_game(view, &mut rng);
    let me = base.to_move().expect("a player to move").index();
    let legal = base.legal_actions();
    let mut root: Vec<RootChild> = legal
        .iter()
        .map(|&action| RootChild {
            action,
            visits: 0,
            reward: 0.0,
        })
        .collect();
    if legal.len() == 1 {
        return SearchResult {
            action: legal[0],
            iterations: 0,
            nodes: 0,
            root,
        };
    }
    let iterations = match (budget.iterations, budget.time) {
        (None, None) => Some(params.iterations as u64),
        (n, _) => n.map(u64::from),
    };
    let deadline = budget.time.map(|t| Instant::now() + t);
    let threads = params.threads.max(1);
    let share = |i: usize| {
        iterations.map(|n| n / threads as u64 + u64::from((i as u64) < n % threads as u64))
    };
    let results: Vec<(Tree, u64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let base = &base;
                let thread_seed = mix(seed ^ mix(i as u64 + 1));
                let n = share(i);
                scope.spawn(move || search_thread(base, thread_seed, n, deadline, params))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a search thread panicked"))
            .collect()
    });
    let mut total = 0;
    let mut nodes = 0;
    for (tree, done) in &results {
        total += done;
        nodes += tree.len() as u64;
        for child in tree.root_children(me) {
            if let Some(slot) = root.iter_mut().find(|r| r.action == child.action) {
                slot.visits += child.visits;
                slot.reward += child.reward;
            }
        }
    }
    let mut best = 0;
    for (i, r) in root.iter().enumerate() {
        let b = &root[best];
        let mean = |r: &RootChild| r.reward / r.visits.max(1) as f32;
        if r.visits > b.visits || (r.visits == b.visits && mean(r) > mean(b)) {
            best = i;
        }
    }
    SearchResult {
        action: root[best].action,
        iterations: total,
        nodes,
        root,
    }
}

/// Plays the action its search visits most.
#[derive(Clone, Debug)]
pub struct MctsBot {
    seed: u64,
    params: MctsParams,
    budget: Budget,
}

impl MctsBot {
    /// An MCTS bot with its own default `budget` (used when [`Bot::choose`] gets an empty one).
    pub fn new(seed: u64, params: MctsParams, budget: Budget) -> MctsBot {
        MctsBot {
            seed,
            params,
            budget,
        }
    }

    /// The parameters.
    pub fn params(&self) -> &MctsParams {
        &self.params
    }
}

impl Bot for MctsBot {
    fn name(&self) -> String {
        let mut parts = Vec::new();
        if let Some(n) = self.budget.iterations {
            parts.push(format!("iterations={n}"));
        }
        if let Some(t) = self.budget.time {
            parts.push(format!("ms={}", t.as_millis()));
        }
        let defaults = MctsParams::default();
        if self.params.exploration != defaults.exploration {
            parts.push(format!("c={}", self.params.exploration));
        }
        if self.params.threads != defaults.threads {
            parts.push(format!("threads={}", self.params.threads));
        }
        if self.params.rollout_rounds != defaults.rollout_rounds {
            parts.push(format!("rounds={}", self.params.rollout_rounds));
        }
        format!("mcts:{}", parts.join(","))
    }

    fn choose(&mut self, view: &View, budget: Budget) -> Action {
        let budget = if budget == Budget::default() {
            self.budget
        } else {
            budget
        };
        search(view, decision_seed(self.seed, view), budget, &self.params).action
    }
}
