//! One search tree of single-observer information-set MCTS.
//!
//! The tree's nodes are decisions, shared by every determinization: each iteration re-deals the
//! unseen tiles, walks down through the children that are legal in that deal (counting how
//! often each was available, for UCB), adds one child, plays the rest with the rollout policy,
//! and adds every seat's reward along the path. Each node holds one reward per seat, and the
//! player choosing at a node maximises their own.

use helvetia_engine::{Action, ActionList, Game, Phase, Seat, MAX_PLAYERS};
use rand_chacha::ChaCha8Rng;

use super::params::MctsParams;
use crate::evaluate::evaluate;
use crate::learn::network::ValueNetwork;
use crate::policy;

/// One decision in the tree.
#[derive(Clone, Debug)]
struct Node {
    /// The decision that leads here from the parent.
    action: Action,
    /// Iterations through this node.
    visits: u32,
    /// Iterations in which this node's action was legal at the parent.
    available: u32,
    /// Summed rewards, per seat.
    reward: [f32; MAX_PLAYERS],
    /// Child node indices.
    children: Vec<u32>,
}

/// Root statistics of one action after a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootChild {
    /// The action.
    pub action: Action,
    /// Iterations that chose it.
    pub visits: u32,
    /// Summed reward of the player to move at the root.
    pub reward: f32,
}

impl RootChild {
    /// `action` before any iteration chose it.
    pub fn unvisited(action: Action) -> RootChild {
        RootChild {
            action,
            visits: 0,
            reward: 0.0,
        }
    }

    /// The mean reward over the iterations that chose it (zero before any).
    pub fn mean_reward(&self) -> f32 {
        self.reward / self.visits.max(1) as f32
    }
}

/// A search tree grown from one position.
pub struct Tree {
    nodes: Vec<Node>,
}

impl Tree {
    /// An empty tree.
    pub fn new() -> Tree {
        Tree {
            nodes: vec![Node {
                action: Action::EndTurn,
                visits: 0,
                available: 0,
                reward: [0.0; MAX_PLAYERS],
                children: Vec::new(),
            }],
        }
    }

    /// Number of nodes (the root included).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds only its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The root's children and their statistics.
    pub fn root_children(&self, seat: usize) -> Vec<RootChild> {
        self.children(0, seat)
    }

    /// The children of `node` and their statistics, the reward being `seat`'s.
    pub fn children(&self, node: usize, seat: usize) -> Vec<RootChild> {
        self.nodes[node]
            .children
            .iter()
            .map(|&c| {
                let node = &self.nodes[c as usize];
                RootChild {
                    action: node.action,
                    visits: node.visits,
                    reward: node.reward[seat],
                }
            })
            .collect()
    }

    /// Iterations through `node` (0 is the root).
    pub fn visits(&self, node: usize) -> u32 {
        self.nodes[node].visits
    }

    /// Each seat's mean reward over the iterations through `node` (zero before any).
    pub fn mean_rewards(&self, node: usize) -> [f32; MAX_PLAYERS] {
        let node = &self.nodes[node];
        let visits = node.visits.max(1) as f32;
        node.reward.map(|sum| sum / visits)
    }

    /// The child of `node` reached by `action`, if the tree has grown it.
    pub fn child(&self, node: usize, action: Action) -> Option<usize> {
        self.nodes[node]
            .children
            .iter()
            .map(|&c| c as usize)
            .find(|&c| self.nodes[c].action == action)
    }

    /// The tree below `node`, with `node` as its root: what a later search from the position
    /// reached there starts from, so the statistics gathered for it are not lost.
    pub fn subtree(&self, node: usize) -> Tree {
        let mut root = self.nodes[node].clone();
        root.action = Action::EndTurn;
        root.children.clear();
        let mut kept = Tree { nodes: vec![root] };
        // Breadth first: (index in self, index in kept).
        let mut queue = std::collections::VecDeque::from([(node, 0usize)]);
        while let Some((from, to)) = queue.pop_front() {
            for &c in &self.nodes[from].children {
                let mut copy = self.nodes[c as usize].clone();
                copy.children.clear();
                let index = kept.nodes.len();
                kept.nodes.push(copy);
                kept.nodes[to].children.push(index as u32);
                queue.push_back((c as usize, index));
            }
        }
        kept
    }

    /// One iteration from `root` (a determinized game), re-dealt with `rng`.
    pub fn iterate(&mut self, root: &Game, rng: &mut ChaCha8Rng, params: &MctsParams) {
        self.iterate_through(root, rng, params, None);
    }

    /// One iteration like [`Tree::iterate`], whose first decision is `first` when given and
    /// legal in this deal, instead of the one UCB1 selects.
    pub fn iterate_through(
        &mut self,
        root: &Game,
        rng: &mut ChaCha8Rng,
        params: &MctsParams,
        mut first: Option<Action>,
    ) {
        let mut game = root.clone();
        game.redeal(rng);
        let root_round = game.position().round;
        let exploration = params.table(game.position().options.players).exploration;
        let mut path = vec![0u32];
        let mut node = 0usize;
        while let Some(mover) = game.to_move() {
            let legal = game.legal_actions();
            let mut untried: ActionList = legal.clone();
            let mut tried = 0u32;
            for i in 0..self.nodes[node].children.len() {
                let c = self.nodes[node].children[i];
                let child = &mut self.nodes[c as usize];
                if let Some(i) = untried.iter().position(|&a| a == child.action) {
                    untried.swap_remove(i);
                    child.available += 1;
                    tried += 1;
                }
            }
            let visits = self.nodes[node].visits as f32;
            let room = params.widen_base + visits.powf(params.widen_power);
            let forced = first.take().filter(|action| legal.contains(action));
            let grown = forced.and_then(|action| self.child(node, action));
            let next = if let Some(child) = grown {
                child
            } else if forced.is_some() || (!untried.is_empty() && (tried as f32) < room) {
                let action = forced.unwrap_or_else(|| best_untried(&game, &untried));
                let index = self.nodes.len() as u32;
                self.nodes.push(Node {
                    action,
                    visits: 0,
                    available: 1,
                    reward: [0.0; MAX_PLAYERS],
                    children: Vec::new(),
                });
                self.nodes[node].children.push(index);
                game.play_unchecked(action);
                path.push(index);
                break;
            } else {
                self.select(node, &legal, mover.index(), exploration)
            };
            game.play_unchecked(self.nodes[next].action);
            path.push(next as u32);
            node = next;
        }
        let rewards = rollout(&mut game, rng, params, root_round);
        for &n in &path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            for (sum, r) in node.reward.iter_mut().zip(rewards) {
                *sum += r;
            }
        }
    }

    /// The legal child of `node` with the highest UCB1 value for `seat`.
    fn select(&self, node: usize, legal: &ActionList, seat: usize, c: f32) -> usize {
        let mut best = (f32::MIN, 0usize);
        for &index in &self.nodes[node].children {
            let child = &self.nodes[index as usize];
            if !legal.contains(&child.action) {
                continue;
            }
            let value = if child.visits == 0 {
                f32::MAX
            } else {
                let n = child.visits as f32;
                child.reward[seat] / n + c * ((child.available as f32).ln() / n).sqrt()
            };
            if value > best.0 {
                best = (value, index as usize);
            }
        }
        best.1
    }
}

impl Default for Tree {
    fn default() -> Self {
        Tree::new()
    }
}

/// The untried action the rollout policy likes best (the first of equals).
fn best_untried(game: &Game, untried: &ActionList) -> Action {
    let seat = game.to_move().expect("a player to move");
    let mut best = (f32::MIN, untried[0]);
    for &action in untried {
        let w = policy::weight(game, seat, action);
        if w > best.0 {
            best = (w, action);
        }
    }
    best.1
}

/// Plays on with the policy until the game ends or a cap, and returns each seat's reward.
/// The settings are those of the game's number of players ([`MctsParams::table`]).
pub fn rollout(
    game: &mut Game,
    rng: &mut ChaCha8Rng,
    params: &MctsParams,
    root_round: u16,
) -> [f32; MAX_PLAYERS] {
    let table = params.table(game.position().options.players);
    let rounds = table.rollout_rounds;
    let sharpness = table.rollout_sharpness;
    let stop_round = root_round.saturating_add(rounds);
    let mut decisions = 0;
    while !game.is_over()
        && game.position().round < stop_round
        && decisions < params.rollout_decisions
    {
        let action = policy::pick(game, rng, sharpness);
        game.play_unchecked(action);
        decisions += 1;
    }
    rewards(game, params)
}

/// Each seat's reward in [0, 1]: a share of victory plus the score relative to the best.
///
/// At the end of a game the victory share is exact (1/k for k tied winners); where a rollout
/// stops early it is a softmax of the evaluation, so a clear heuristic lead counts as a likely
/// win, or the learned network's shares with [`MctsParams::network`].
pub fn rewards(game: &Game, params: &MctsParams) -> [f32; MAX_PLAYERS] {
    let position = game.position();
    let players = position.options.players as usize;
    let table = params.table(position.options.players);
    let mut out = [0.0; MAX_PLAYERS];
    let mut win = [0.0f32; MAX_PLAYERS];
    let mut value = [0.0f32; MAX_PLAYERS];
    if position.phase == Phase::GameOver {
        let standings = game.standings();
        let winners = standings.iter().filter(|s| s.rank == 1).count() as f32;
        for s in &standings {
            value[s.seat.index()] = s.points as f32;
            if s.rank == 1 {
                win[s.seat.index()] = 1.0 / winners;
            }
        }
    } else if params.network {
        // As seen by the player to move, as the network's training positions were.
        let viewer = position.to_move().unwrap_or(Seat(0));
        win = ValueNetwork::builtin().evaluate(position, viewer);
        if table.win_weight < 1.0 {
            value = evaluate(position, &params.weights);
        }
    } else {
        value = evaluate(position, &params.weights);
        let top = value[..players].iter().copied().fold(f32::MIN, f32::max);
        let mut sum = 0.0;
        for s in 0..players {
            win[s] = ((value[s] - top) / table.temperature).exp();
            sum += win[s];
        }
        for w in &mut win[..players] {
            *w /= sum;
        }
    }
    let top = value[..players].iter().copied().fold(f32::MIN, f32::max);
    for s in 0..players {
        let margin = if top > 0.0 {
            (value[s] / top).clamp(0.0, 1.0)
        } else {
            1.0
        };
        out[s] = table.win_weight * win[s] + (1.0 - table.win_weight) * margin;
    }
    out
}
