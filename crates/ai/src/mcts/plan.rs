//! A turn planned by one search: the decisions to play next without searching again, each
//! with the view it expects, and the trees to go on from where the plan stops.
//!
//! Within a round nothing hidden is revealed (the order of stacks 2 and 3 shows only when a
//! round ends), so the view after one of the bot's own decisions follows from the view before
//! it. A planned decision is played only if the view it meets equals the one it expected;
//! anything else (another player moved, a restart, a new round) makes the bot search again.

use std::collections::VecDeque;

use helvetia_engine::{Action, Game, View};

use super::most_visited;
use super::tree::{RootChild, Tree};

/// One planned decision and the view in which to play it.
#[derive(Clone, Debug)]
struct Step {
    expects: View,
    action: Action,
}

/// The rest of a planned turn.
pub(crate) struct Plan {
    steps: VecDeque<Step>,
    /// Where the plan stops while the same seat is still to move: the view expected there and
    /// each thread's tree below it, so the search there starts from what is known.
    then: Option<(View, Vec<Tree>)>,
}

impl Plan {
    /// The plan after choosing `first` in `base` (the game the search's `trees` grew from):
    /// follows the most visited decisions of the same seat within the round while each was
    /// made at a node of at least `min_visits` iterations (summed over the threads' trees).
    pub(crate) fn extract(base: &Game, first: Action, trees: Vec<Tree>, min_visits: u32) -> Plan {
        let me = base.to_move().expect("a player to move");
        let round = base.position().round;
        let mut game = base.clone();
        let mut nodes: Vec<Option<usize>> = vec![Some(0); trees.len()];
        let mut steps = VecDeque::new();
        let mut action = first;
        loop {
            if game.play(action).is_err() {
                return Plan { steps, then: None };
            }
            for (node, tree) in nodes.iter_mut().zip(&trees) {
                *node = node.and_then(|n| tree.child(n, action));
            }
            if game.to_move() != Some(me) || game.position().round != round {
                return Plan { steps, then: None };
            }
            let expects = game.view();
            let visits: u32 = nodes
                .iter()
                .zip(&trees)
                .filter_map(|(node, tree)| node.map(|n| tree.visits(n)))
                .sum();
            let next = merged_children(&game, &trees, &nodes);
            if visits < min_visits || next.iter().all(|c| c.visits == 0) {
                let below = nodes
                    .iter()
                    .zip(&trees)
                    .map(|(node, tree)| node.map_or_else(Tree::new, |n| tree.subtree(n)))
                    .collect();
                return Plan {
                    steps,
                    then: Some((expects, below)),
                };
            }
            action = next[most_visited(&next)].action;
            steps.push_back(Step { expects, action });
        }
    }

    /// The planned decision for `view`, if the plan expected exactly this view next.
    /// Anything else empties the plan's steps: what follows them no longer applies.
    pub(crate) fn next_step(&mut self, view: &View) -> Option<Action> {
        match self.steps.front() {
            Some(step) if step.expects == *view => self.steps.pop_front().map(|s| s.action),
            _ => {
                self.steps.clear();
                None
            }
        }
    }

    /// The trees to search `view` from, if the plan stopped exactly there.
    pub(crate) fn into_trees(self, view: &View) -> Vec<Tree> {
        match self.then {
            Some((expects, trees)) if self.steps.is_empty() && expects == *view => trees,
            _ => Vec::new(),
        }
    }

    /// Decisions left to play without a search.
    pub(crate) fn len(&self) -> usize {
        self.steps.len()
    }
}

/// The statistics of the legal decisions in `game` summed over the threads' trees, at each
/// tree's node (in legal-action order, so the choice does not depend on the trees' order).
fn merged_children(game: &Game, trees: &[Tree], nodes: &[Option<usize>]) -> Vec<RootChild> {
    let seat = game.to_move().expect("a player to move").index();
    let mut merged: Vec<RootChild> = game
        .legal_actions()
        .iter()
        .map(|&action| RootChild::unvisited(action))
        .collect();
    for (node, tree) in nodes.iter().zip(trees) {
        let Some(node) = *node else { continue };
        for child in tree.children(node, seat) {
            if let Some(slot) = merged.iter_mut().find(|m| m.action == child.action) {
                slot.visits += child.visits;
                slot.reward += child.reward;
            }
        }
    }
    merged
}
