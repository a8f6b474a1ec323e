//! One position searched for the analysis: every seat's chance to win and the decisions the
//! player to move should make.

use helvetia_engine::{Action, Game, View};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::mcts::{most_visited, MctsParams, Tree};

/// The preferred line stops at a decision the tree reached fewer times than this: below, its
/// counts say little.
const LINE_VISITS: u32 = 20;

/// What the search thinks of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Each seat's chance to win, the player to move playing the preferred decision.
    pub chances: Vec<f32>,
    /// The decisions the player to move should make, within its turn, as far as the tree
    /// saw them often enough: the most visited at each step.
    pub line: Vec<Action>,
    /// What every player would see after the line (in one deal of the unseen tiles).
    pub line_end: View,
}

/// Searches `view` with `params.iterations` iterations on one thread.
///
/// # Panics
/// If the game in `view` is over.
pub fn estimate(view: &View, seed: u64, params: &MctsParams) -> Estimate {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let base = crate::bot::sample_game(view, &mut rng);
    let players = view.position.options.players as usize;
    let mut tree = Tree::new();
    for _ in 0..params.iterations.max(1) {
        tree.iterate(&base, &mut rng, params);
    }
    let (line, line_end) = preferred_line(&base, &tree);
    let first = line
        .first()
        .and_then(|&action| tree.child(0, action))
        .unwrap_or(0);
    let means = tree.mean_rewards(first);
    Estimate {
        chances: means[..players].to_vec(),
        line,
        line_end,
    }
}

/// The most visited decisions from the root while the same seat moves in the same round, and
/// the view after them.
fn preferred_line(base: &Game, tree: &Tree) -> (Vec<Action>, View) {
    let me = base.to_move().expect("a player to move");
    let round = base.position().round;
    let mut game = base.clone();
    let mut node = 0;
    let mut line = Vec::new();
    loop {
        let children = tree.children(node, me.index());
        if children.is_empty() || tree.visits(node) < LINE_VISITS {
            return (line, game.view());
        }
        let action = children[most_visited(&children)].action;
        if game.play(action).is_err() {
            return (line, game.view());
        }
        line.push(action);
        node = tree.child(node, action).expect("a child of the tree");
        if game.to_move() != Some(me) || game.position().round != round {
            return (line, game.view());
        }
    }
}
