//! Whether one decision has a clearly best action, judged only from what its player could see.
//!
//! Each deal is a sample of the unseen tiles drawn from the mover's view (never from the true
//! order of stacks 2 and 3, which would leak it into the puzzle). In each deal one search tree
//! values every legal action alike: the iterations go round the actions in turn, each
//! iteration's first decision forced to its action (`Tree::iterate_through`), so every action
//! gets the same number of iterations and its value is the mover's mean reward over them. Below
//! the root the tree grows as in any search, so the rest of the mover's turn and the other
//! players' answers are searched rather than left to the rollout policy; the rewards are the
//! analysis's (`AnalysisSettings::params`: pure win chances, one thread).
//!
//! The tree's own root counts were not used: UCB gives a poor action a handful of visits, and
//! progressive widening may never try some actions, so their values would be noise or absent.
//! Sharing the iterations equally costs more on wide decisions (hence
//! [`PuzzleSettings::max_actions`]) but values every action on the same footing.
//!
//! The search is information-set search: after its first deal it re-deals the unseen tiles at
//! every iteration, so a deal's values are what the mover could know, not what a player who
//! saw that deal would do (valuing each action against one fixed deal would credit the mover
//! with knowledge of the hidden order). The deals therefore act as independent looks at the
//! decision, and "best in at least 90% of the deals" asks that the verdict does not hang on the
//! randomness of one look.

use helvetia_engine::{Action, View};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::analysis::AnalysisSettings;
use crate::bot::{decision_seed, mix, sample_game};
use crate::mcts::Tree;

/// How a decision is judged, and how the games are mined.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleSettings {
    /// Deals of the unseen tiles sampled per judgement.
    pub deals: u32,
    /// Search iterations per legal action in each deal.
    pub iterations: u32,
    /// How much more (mover's chance to win, 0 to 1) the best action must be worth than the
    /// best action outside the accepted ones, in a deal, for that deal to count as agreeing.
    pub margin: f32,
    /// Actions whose mean value over the deals is within this of the best's are accepted as
    /// equally good.
    pub epsilon: f32,
    /// The share of the deals that must agree (0 to 1).
    pub agreement: f32,
    /// Iterations per legal action of the cheap first look at every decision of a game (one
    /// deal), which picks the candidates to judge.
    pub screen_iterations: u32,
    /// At most this many candidates per game are judged: those the first look found costliest.
    pub candidates_per_game: usize,
    /// The share of a game's decisions the first look sees (0 to 1; 1: every one). A set mined
    /// from many games looks at a sample of each, so its cost follows the games played more
    /// than their length; which decisions are seen follows from the seed.
    pub look_share: f32,
    /// Decisions with more legal actions than this are not judged (their cost grows with the
    /// number of actions, and a puzzle with dozens of answers is a search, not a puzzle).
    pub max_actions: usize,
}

impl Default for PuzzleSettings {
    /// 20 deals of 48 iterations per action: the difference of two actions' values in one deal
    /// then carries a noise of about 0.06 (a reward's spread of about 0.3 over 48 iterations,
    /// twice), so a margin of 0.05 in 18 of 20 deals keeps only decisions whose best action is
    /// worth about 0.12 or more above the next: a mistake a player can see once shown. ε 0.02 is
    /// about twice the noise of an action's mean over the 20 deals. The first look spends 16
    /// iterations per action and at most 6 candidates per game are judged (twice each), so that
    /// a game costs seconds, not minutes.
    fn default() -> Self {
        PuzzleSettings {
            deals: 20,
            iterations: 48,
            margin: 0.05,
            epsilon: 0.02,
            agreement: 0.9,
            screen_iterations: 16,
            candidates_per_game: 6,
            max_actions: 24,
            look_share: 1.0,
        }
    }
}

impl PuzzleSettings {
    /// Small settings for tests: 10 deals of 16 iterations per action, 2 candidates per game.
    pub fn quick() -> Self {
        PuzzleSettings {
            deals: 10,
            iterations: 16,
            screen_iterations: 8,
            candidates_per_game: 2,
            ..PuzzleSettings::default()
        }
    }
}

/// The values of a decision's legal actions in each sampled deal, and the verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// The legal actions, in the engine's order (empty when the game is over).
    pub actions: Vec<Action>,
    /// Per deal, the mover's value (mean reward, 0 to 1) of each action, in `actions`' order.
    pub values: Vec<Vec<f32>>,
    /// The best action by its mean value over the deals (`None` when the game is over).
    pub best: Option<Action>,
    /// The actions within ε of the best's mean value, the best first.
    pub accepted: Vec<Action>,
    /// The best action outside `accepted` by its mean value, if any.
    pub second: Option<Action>,
    /// Per deal, the best's value minus the highest value of an action outside `accepted`.
    pub margins: Vec<f32>,
    /// The share of the deals whose margin reached the settings' margin.
    pub agreement: f32,
    /// The mean of `margins`.
    pub margin: f32,
    /// Whether the best action beat the others by the margin in enough deals (at least two
    /// legal actions, and `agreement` at least the settings' share).
    pub clear: bool,
}

impl Judgement {
    /// The mean value of each action over the deals.
    pub fn means(&self) -> Vec<f32> {
        mean_values(&self.values, self.actions.len())
    }

    /// The share of the deals in which the best value among `chosen` is within `epsilon` of
    /// the deal's best value.
    pub fn share_within(&self, chosen: &[Action], epsilon: f32) -> f32 {
        let picked: Vec<usize> = (0..self.actions.len())
            .filter(|&i| chosen.contains(&self.actions[i]))
            .collect();
        if picked.is_empty() || self.values.is_empty() {
            return 0.0;
        }
        let within = self
            .values
            .iter()
            .filter(|deal| {
                let top = deal.iter().copied().fold(f32::MIN, f32::max);
                let mine = picked.iter().map(|&i| deal[i]).fold(f32::MIN, f32::max);
                mine >= top - epsilon
            })
            .count();
        within as f32 / self.values.len() as f32
    }
}

/// Judges the decision of the player to move in `view`: values every legal action in
/// `settings.deals` deals sampled from the view, seeded by `seed` and the view.
///
/// A finished game gives an empty judgement and a decision with one legal action a judgement
/// of that action alone; neither is ever clear.
pub fn judge(view: &View, settings: &PuzzleSettings, seed: u64) -> Judgement {
    let mut values = Vec::new();
    let mut actions = Vec::new();
    if view.position.to_move().is_some() {
        let seed = decision_seed(seed ^ JUDGE_SEED, view);
        for deal in 0..settings.deals.max(1) {
            let (legal, deal_values) = value_actions(
                view,
                mix(seed ^ mix(u64::from(deal) + 1)),
                settings.iterations,
            );
            actions = legal;
            values.push(deal_values);
        }
    }
    verdict(actions, values, settings)
}

/// Set apart the seeds of judgements from those of bots and analyses.
const JUDGE_SEED: u64 = 0x9422_1E50_0000_0001;

/// One deal: a game sampled from `view` by `seed`, one tree valuing each legal action with
/// `iterations` iterations. Returns the legal actions and the mover's value of each.
pub(crate) fn value_actions(view: &View, seed: u64, iterations: u32) -> (Vec<Action>, Vec<f32>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let base = sample_game(view, &mut rng);
    let me = base.to_move().expect("a player to move").index();
    let legal: Vec<Action> = base.legal_actions().to_vec();
    if legal.len() < 2 {
        return (legal.clone(), vec![0.0; legal.len()]);
    }
    let params = AnalysisSettings::default().params();
    let mut tree = Tree::new();
    for _ in 0..iterations.max(1) {
        for &action in &legal {
            tree.iterate_through(&base, &mut rng, &params, Some(action));
        }
    }
    let children = tree.root_children(me);
    let values = legal
        .iter()
        .map(|action| {
            children
                .iter()
                .find(|child| child.action == *action)
                .map_or(0.0, |child| child.mean_reward())
        })
        .collect();
    (legal, values)
}

/// The mean of each of `count` actions' values over the deals.
fn mean_values(values: &[Vec<f32>], count: usize) -> Vec<f32> {
    let deals = values.len().max(1) as f32;
    (0..count)
        .map(|i| values.iter().map(|deal| deal[i]).sum::<f32>() / deals)
        .collect()
}

/// The verdict on per-deal values.
fn verdict(actions: Vec<Action>, values: Vec<Vec<f32>>, settings: &PuzzleSettings) -> Judgement {
    let means = mean_values(&values, actions.len());
    let Some(best) =
        (0..actions.len()).max_by(|&a, &b| means[a].total_cmp(&means[b]).then(b.cmp(&a)))
    else {
        return Judgement {
            actions,
            values,
            best: None,
            accepted: Vec::new(),
            second: None,
            margins: Vec::new(),
            agreement: 0.0,
            margin: 0.0,
            clear: false,
        };
    };
    let mut accepted: Vec<usize> = (0..actions.len())
        .filter(|&i| means[i] >= means[best] - settings.epsilon)
        .collect();
    accepted.sort_by(|&a, &b| means[b].total_cmp(&means[a]).then(a.cmp(&b)));
    let others: Vec<usize> = (0..actions.len())
        .filter(|i| !accepted.contains(i))
        .collect();
    let second = others
        .iter()
        .copied()
        .max_by(|&a, &b| means[a].total_cmp(&means[b]).then(b.cmp(&a)));
    let margins: Vec<f32> = values
        .iter()
        .map(|deal| {
            let rival = others.iter().map(|&i| deal[i]).fold(f32::MIN, f32::max);
            if others.is_empty() {
                0.0
            } else {
                deal[best] - rival
            }
        })
        .collect();
    let agreeing = margins.iter().filter(|&&m| m >= settings.margin).count();
    let agreement = agreeing as f32 / margins.len().max(1) as f32;
    let margin = margins.iter().sum::<f32>() / margins.len().max(1) as f32;
    let clear = actions.len() >= 2 && second.is_some() && agreement >= settings.agreement;
    Judgement {
        best: Some(actions[best]),
        accepted: accepted.iter().map(|&i| actions[i]).collect(),
        second: second.map(|i| actions[i]),
        margins,
        agreement,
        margin,
        clear,
        actions,
        values,
    }
}

/// The judgement of a puzzle: `view`'s decision judged with `seed`, kept only when it is clear
/// and a second judgement with another seed (other deals, other searches) names the same best
/// action. `None` otherwise.
pub fn puzzle_judgement(view: &View, settings: &PuzzleSettings, seed: u64) -> Option<Judgement> {
    let first = judge(view, settings, seed);
    if !first.clear {
        return None;
    }
    let second = judge(view, settings, mix(seed ^ SECOND_SEED));
    (second.best == first.best).then_some(first)
}

/// Set apart the seed of the second judgement.
const SECOND_SEED: u64 = 0x5EC0_4D00_0000_0002;

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> PuzzleSettings {
        PuzzleSettings {
            deals: 4,
            margin: 0.1,
            epsilon: 0.02,
            agreement: 0.75,
            ..PuzzleSettings::quick()
        }
    }

    #[test]
    fn the_best_by_mean_must_beat_the_rest_in_enough_deals() {
        let actions = vec![
            Action::EndTurn,
            Action::Pass,
            Action::Buy(helvetia_engine::Good::Wood),
        ];
        // Pass is best by 0.2 in three deals of four; EndTurn is within ε of Pass on average?
        // No: 0.3 against 0.5.
        let values = vec![
            vec![0.3, 0.5, 0.1],
            vec![0.3, 0.5, 0.1],
            vec![0.3, 0.5, 0.1],
            vec![0.4, 0.42, 0.1],
        ];
        let j = verdict(actions.clone(), values, &settings());
        assert_eq!(j.best, Some(Action::Pass));
        assert_eq!(j.accepted, vec![Action::Pass]);
        assert_eq!(j.second, Some(Action::EndTurn));
        assert_eq!(j.agreement, 0.75);
        assert!(j.clear);
        // Two actions of equal worth are both accepted, and the margin is over the third.
        let values = vec![vec![0.5, 0.5, 0.1]; 4];
        let j = verdict(actions, values, &settings());
        assert_eq!(j.accepted.len(), 2);
        assert_eq!(j.second, Some(Action::Buy(helvetia_engine::Good::Wood)));
        assert!(j.clear);
        assert_eq!(j.share_within(&[Action::EndTurn], 0.02), 1.0);
        assert_eq!(
            j.share_within(&[Action::Buy(helvetia_engine::Good::Wood)], 0.02),
            0.0
        );
    }
}
