//! Every parameter of the Monte Carlo tree search, declared once with its default.

use crate::evaluate::Weights;

/// Parameters of the Monte Carlo tree search. The settings that differ with the number of
/// players are in [`MctsParams::two_or_three`] and [`MctsParams::four`]; [`MctsParams::table`]
/// picks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsParams {
    /// Iterations per decision when the budget names neither iterations nor time.
    pub iterations: u32,
    /// Threads searching in parallel (root parallelism): each grows its own tree with its own
    /// generator and a fixed share of the iterations, and their root counts are added up.
    pub threads: usize,
    /// Progressive widening: a node may have `widen_base + visits^widen_power` children.
    /// Untried actions are added best-first by the rollout policy's weight, so the policy
    /// acts as a prior and wide decisions (many villagers, many cells) do not starve depth.
    pub widen_base: f32,
    /// See [`MctsParams::widen_base`].
    pub widen_power: f32,
    /// Rollouts stop after this many decisions at most.
    pub rollout_decisions: u32,
    /// The evaluation used where a rollout stops.
    pub weights: Weights,
    /// Where a rollout stops before the end, take the victory shares from the learned network
    /// (`learn/network.rs`) instead of a softmax of the hand-written evaluation; the evaluation
    /// still gives the score part of the reward. Off in every level of the ladder.
    pub network: bool,
    /// Plan the turn: one search at the start of a turn, then play the planned decisions
    /// while the view is the one the plan expected (see `mcts/plan.rs`). Off: search every
    /// decision.
    pub plan: bool,
    /// A planning search gets this many times the per-decision budget: it decides several
    /// decisions at once.
    pub plan_budget: f32,
    /// A planned decision is played without a new search only if its node in the tree had at
    /// least this share of the iterations a per-decision search would run (the planning
    /// search's iterations over `plan_budget`); below, the bot searches there again (on the
    /// kept tree). A share rather than a count, so that a search cut short by its time limit
    /// on a busy machine plans as far as one that ran its full budget.
    pub plan_share: f32,
    /// The settings of games of two or three players.
    pub two_or_three: TableParams,
    /// The settings of four-player games, kept apart because the values the arena chose for
    /// two players did not carry over to four (docs/ai.md, "Four-player screens"); in
    /// three-player games they did better than these.
    pub four: TableParams,
}

/// The search's settings that differ with the number of players at the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableParams {
    /// Exploration constant `c` of UCB1: higher tries more actions, lower trusts the best.
    pub exploration: f32,
    /// Rollouts stop at the start of this many rounds after the searched one (or at the end);
    /// 0 evaluates where the tree stops, without a rollout.
    pub rollout_rounds: u16,
    /// Share of a reward that comes from winning; the rest from the score relative to the best.
    pub win_weight: f32,
    /// Victory points that make a heuristic lead about e (2.7) times likelier to win, when a
    /// rollout stops before the end: the softmax temperature turning evaluations into chances.
    pub temperature: f32,
    /// At most this many of the root's actions, the policy's best, share the search by
    /// sequential halving (`mcts/halving.rs`) instead of UCB1; 0 or 1: UCB1 at the root too.
    pub root_halving: u16,
    /// Rollouts pick actions in proportion to the policy's weight raised to this power: 1
    /// follows the policy as written, higher plays its favourites more often. Squared weights
    /// lost in two- and three-player games and did no better in four (docs/ai.md, "Rollout
    /// sharpness"), so 1 everywhere.
    pub rollout_sharpness: f32,
}

impl MctsParams {
    /// The settings a search of a game of `players` runs with.
    pub fn table(&self, players: u8) -> &TableParams {
        if players <= 3 {
            &self.two_or_three
        } else {
            &self.four
        }
    }

    /// The settings of games of `players`, to change.
    pub fn table_mut(&mut self, players: u8) -> &mut TableParams {
        if players <= 3 {
            &mut self.two_or_three
        } else {
            &mut self.four
        }
    }
}

impl Default for MctsParams {
    fn default() -> Self {
        MctsParams {
            iterations: 1000,
            threads: 1,
            widen_base: 3.0,
            widen_power: 0.5,
            rollout_decisions: 600,
            weights: Weights::default(),
            network: false,
            plan: true,
            plan_budget: 1.5,
            plan_share: 0.5,
            two_or_three: TableParams {
                exploration: 0.4,
                rollout_rounds: 1,
                win_weight: 1.0,
                temperature: 4.0,
                root_halving: 0,
                rollout_sharpness: 1.0,
            },
            four: TableParams {
                exploration: 0.5,
                rollout_rounds: 2,
                win_weight: 0.7,
                temperature: 2.5,
                root_halving: 0,
                rollout_sharpness: 1.0,
            },
        }
    }
}
