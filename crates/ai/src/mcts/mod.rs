//! The Monte Carlo tree search bot: information-set MCTS over re-dealt unseen tiles, with
//! policy-guided rollouts, an evaluation where they stop, and root parallelism.
//!
//! With an iteration budget the result depends only on the view, the seed and the budget: each
//! thread has its own generator, seeded from the decision seed and its index, and a fixed share
//! of the iterations; the threads' root counts are added up in a fixed order.
//!
//! The bot plans its turn (`plan.rs`): one search decides the decisions of its turn that the
//! tree has seen often enough, and the next decisions are played from that plan while the view
//! is exactly the one expected. A later search in the same turn grows the trees kept from the
//! plan; it too follows only from the views, the seed and the budget.

mod halving;
mod name;
mod params;
mod plan;
mod tree;

use std::time::Instant;

use helvetia_engine::{Action, Game, View};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

pub use params::{MctsParams, TableParams};
pub use tree::{rewards, rollout, RootChild, Tree};

use crate::bot::{decision_seed, mix, Bot, Budget};
use plan::Plan;

/// What one search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The action chosen: the most visited at the root.
    pub action: Action,
    /// Iterations run, over all threads.
    pub iterations: u64,
    /// Tree nodes, over all threads (with those kept from an earlier search of the turn).
    pub nodes: u64,
    /// The root's actions with their merged statistics, in legal-action order.
    pub root: Vec<RootChild>,
}

/// Runs one thread's search on `tree`: `iterations` of them, or until `deadline`, whichever
/// is first; UCB1 chooses at the root, or sequential halving where the table asks for it.
fn search_thread(
    base: &Game,
    mut tree: Tree,
    seed: u64,
    iterations: Option<u64>,
    deadline: Option<Instant>,
    params: &MctsParams,
) -> (Tree, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let candidates = params.table(base.position().options.players).root_halving;
    if candidates > 1 {
        let done = halving::search_by_halving(
            base,
            &mut tree,
            &mut rng,
            iterations,
            deadline,
            params,
            usize::from(candidates),
        );
        return (tree, done);
    }
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
    search_on(view, seed, budget, params, Vec::new()).result
}

/// A finished search with what a plan is made from: the trees and the game they grew on.
pub(crate) struct Searched {
    /// What the search found.
    pub result: SearchResult,
    /// One tree per thread (none when the decision was forced and no trees were given).
    pub trees: Vec<Tree>,
    /// The determinized game the trees were grown from.
    pub base: Game,
    /// Whether the search grew the trees it was given rather than new ones.
    pub grew_kept: bool,
}

/// Searches like [`search`], growing on `kept` (one tree per thread, from an earlier search
/// that reached this position) instead of empty trees when their number matches the threads.
pub(crate) fn search_on(
    view: &View,
    seed: u64,
    budget: Budget,
    params: &MctsParams,
    kept: Vec<Tree>,
) -> Searched {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let base = crate::bot::sample_game(view, &mut rng);
    let me = base.to_move().expect("a player to move").index();
    let legal = base.legal_actions();
    let mut root: Vec<RootChild> = legal
        .iter()
        .map(|&action| RootChild::unvisited(action))
        .collect();
    if legal.len() == 1 {
        return Searched {
            result: SearchResult {
                action: legal[0],
                iterations: 0,
                nodes: 0,
                root,
            },
            trees: kept,
            base,
            grew_kept: false,
        };
    }
    let iterations = match (budget.iterations, budget.time) {
        (None, None) => Some(params.iterations as u64),
        (n, _) => n.map(u64::from),
    };
    let deadline = match (budget.time.map(|t| Instant::now() + t), budget.until) {
        (Some(own), Some(turn)) => Some(own.min(turn)),
        (own, turn) => own.or(turn),
    };
    let threads = params.threads.max(1);
    // Halving compares what it saw itself: root counts from an earlier search would outweigh
    // its phases, so it starts afresh.
    let halving = params.table(base.position().options.players).root_halving > 1;
    let grew_kept = kept.len() == threads && !halving;
    let mut kept = kept;
    if !grew_kept {
        kept = (0..threads).map(|_| Tree::new()).collect();
    }
    let share = |i: usize| {
        iterations.map(|n| n / threads as u64 + u64::from((i as u64) < n % threads as u64))
    };
    let results: Vec<(Tree, u64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = kept
            .into_iter()
            .enumerate()
            .map(|(i, tree)| {
                let base = &base;
                let thread_seed = mix(seed ^ mix(i as u64 + 1));
                let n = share(i);
                scope.spawn(move || search_thread(base, tree, thread_seed, n, deadline, params))
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
    let best = most_visited(&root);
    Searched {
        result: SearchResult {
            action: root[best].action,
            iterations: total,
            nodes,
            root,
        },
        trees: results.into_iter().map(|(tree, _)| tree).collect(),
        base,
        grew_kept,
    }
}

/// The index of the most visited action; among equals, the best mean reward, then the first.
pub fn most_visited(children: &[RootChild]) -> usize {
    let mut best = 0;
    for (i, r) in children.iter().enumerate() {
        let b = &children[best];
        if r.visits > b.visits || (r.visits == b.visits && r.mean_reward() > b.mean_reward()) {
            best = i;
        }
    }
    best
}

/// Plays the action its search visits most; with [`MctsParams::plan`], plans its turn from
/// one search and plays the plan while the game goes as expected.
pub struct MctsBot {
    seed: u64,
    params: MctsParams,
    budget: Budget,
    plan: Option<Plan>,
    searches: u64,
    searches_on_kept_trees: u64,
}

impl MctsBot {
    /// An MCTS bot with its own default `budget` (used when [`Bot::choose`] gets an empty one).
    pub fn new(seed: u64, params: MctsParams, budget: Budget) -> MctsBot {
        MctsBot {
            seed,
            params,
            budget,
            plan: None,
            searches: 0,
            searches_on_kept_trees: 0,
        }
    }

    /// The parameters.
    pub fn params(&self) -> &MctsParams {
        &self.params
    }

    /// Searches run so far. Forced decisions (one legal action) and decisions played from a
    /// plan do not count.
    pub fn searches(&self) -> u64 {
        self.searches
    }

    /// Searches that grew the trees kept from a plan (it stopped where the bot was still to
    /// move), rather than new trees.
    pub fn searches_on_kept_trees(&self) -> u64 {
        self.searches_on_kept_trees
    }

    /// Decisions the current plan still holds.
    pub fn planned(&self) -> usize {
        self.plan.as_ref().map_or(0, Plan::len)
    }

    /// A planning search: on the kept trees if the plan stopped at `view`, then a new plan.
    fn plan_from(&mut self, view: &View, budget: Budget) -> Action {
        let kept = self
            .plan
            .take()
            .map(|plan| plan.into_trees(view))
            .unwrap_or_default();
        let budget = scaled(budget, self.params.plan_budget);
        let seed = decision_seed(self.seed, view);
        let searched = search_on(view, seed, budget, &self.params, kept);
        if searched.result.iterations > 0 {
            self.searches += 1;
            self.searches_on_kept_trees += u64::from(searched.grew_kept);
        }
        let action = searched.result.action;
        let min_visits = self.min_plan_visits(searched.result.iterations);
        self.plan = Some(Plan::extract(
            &searched.base,
            action,
            searched.trees,
            min_visits,
        ));
        action
    }

    /// The iterations a node of a planning search that ran `iterations` needs for its
    /// decision to be played from the plan; none after a forced decision (no search).
    fn min_plan_visits(&self, iterations: u64) -> u32 {
        if iterations == 0 {
            return u32::MAX;
        }
        let per_decision = iterations as f64 / f64::from(self.params.plan_budget);
        (f64::from(self.params.plan_share) * per_decision)
            .ceil()
            .clamp(1.0, f64::from(u32::MAX)) as u32
    }
}

/// `budget` with both limits multiplied by `factor`.
fn scaled(budget: Budget, factor: f32) -> Budget {
    Budget {
        iterations: budget
            .iterations
            .map(|n| (n as f64 * factor as f64).round().max(1.0) as u32),
        time: budget.time.map(|t| t.mul_f64(factor as f64)),
        until: budget.until,
    }
}

impl Bot for MctsBot {
    fn name(&self) -> String {
        name::spec_name(&self.params, self.budget)
    }

    fn choose(&mut self, view: &View, budget: Budget) -> Action {
        // A turn's deadline alone leaves the bot its own iterations and time.
        let budget = if budget.iterations.is_none() && budget.time.is_none() {
            Budget {
                until: budget.until,
                ..self.budget
            }
        } else {
            budget
        };
        if !self.params.plan {
            let result = search(view, decision_seed(self.seed, view), budget, &self.params);
            self.searches += u64::from(result.iterations > 0);
            return result.action;
        }
        if let Some(action) = self.plan.as_mut().and_then(|plan| plan.next_step(view)) {
            return action;
        }
        self.plan_from(view, budget)
    }

    fn searches(&self) -> u64 {
        MctsBot::searches(self)
    }
}
