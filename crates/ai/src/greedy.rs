//! The greedy bot: plans its whole turn to maximise the hand-written evaluation.
//!
//! The search is a beam over the points between actions. From each state of the beam it tries
//! every complete next action (a bounded depth-first search through that action's steps), keeps
//! the best few resulting states, and goes on until the turn passes to another player. Every
//! finished turn is evaluated; the first decision of the best one is played. Each decision is
//! planned afresh, so the bot stays correct whatever happened since the last one.

use helvetia_engine::{Action, Game, Seat, View};

use crate::bot::{decision_rng, sample_game, Bot, Budget};
use crate::boundary::{progress, Progress};
use crate::evaluate::{advantage, evaluate, Weights};

/// Limits and weights of the greedy turn search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GreedyParams {
    /// States kept between actions.
    pub beam_width: usize,
    /// Decisions tried to complete one action from one state.
    pub action_nodes: usize,
    /// Decisions tried for the whole turn.
    pub turn_nodes: usize,
    /// The evaluation.
    pub weights: Weights,
}

impl GreedyParams {
    /// `greedy` and the keys of a bot's name that set these parameters, where they differ from
    /// the defaults, so that the name parses back to the same bot.
    pub(crate) fn spec_name(&self) -> String {
        let defaults = GreedyParams::default();
        let mut parts = Vec::new();
        if self.beam_width != defaults.beam_width {
            parts.push(format!("beam={}", self.beam_width));
        }
        if self.turn_nodes != defaults.turn_nodes {
            parts.push(format!("nodes={}", self.turn_nodes));
        }
        if parts.is_empty() {
            "greedy".into()
        } else {
            format!("greedy:{}", parts.join(","))
        }
    }
}

impl Default for GreedyParams {
    fn default() -> Self {
        GreedyParams {
            beam_width: 6,
            action_nodes: 400,
            turn_nodes: 4000,
            weights: Weights::default(),
        }
    }
}

/// A line of decisions and the value of where it leads.
#[derive(Clone, Debug)]
struct Line {
    value: f32,
    actions: Vec<Action>,
}

/// The turn search's running state.
struct TurnSearch<'a> {
    params: &'a GreedyParams,
    start: helvetia_engine::Phase,
    me: Seat,
    nodes: usize,
    best_finished: Option<Line>,
    best_any: Option<Line>,
}

impl TurnSearch<'_> {
    fn value(&self, game: &Game) -> f32 {
        let values = evaluate(game.position(), &self.params.weights);
        advantage(&values, game.options().players, self.me)
    }

    fn offer(slot: &mut Option<Line>, line: &Line) {
        if slot.as_ref().is_none_or(|best| line.value > best.value) {
            *slot = Some(line.clone());
        }
    }

    /// Completes one action from `game` in every way within the node limits; collects the
    /// states between actions in `next` and records finished turns.
    fn expand(&mut self, game: &Game, line: &[Action], next: &mut Vec<(Line, Game)>) {
        let first = game.legal_actions();
        let share = (self.params.action_nodes / first.len().max(1)).max(24);
        for &action in &first {
            let mut stack = vec![(game.clone(), line.to_vec(), action)];
            let mut used = 0;
            while let Some((mut child, mut actions, action)) = stack.pop() {
                if used >= share || self.nodes >= self.params.turn_nodes {
                    break;
                }
                used += 1;
                self.nodes += 1;
                child.play_unchecked(action);
                actions.push(action);
                match progress(&self.start, self.me, &child) {
                    Progress::MidAction => {
                        for &a in child.legal_actions().iter().rev() {
                            stack.push((child.clone(), actions.clone(), a));
                        }
                    }
                    Progress::BetweenActions => {
                        let line = Line {
                            value: self.value(&child),
                            actions,
                        };
                        Self::offer(&mut self.best_any, &line);
                        next.push((line, child));
                    }
                    Progress::TurnOver => {
                        let line = Line {
                            value: self.value(&child),
                            actions,
                        };
                        Self::offer(&mut self.best_any, &line);
                        Self::offer(&mut self.best_finished, &line);
                    }
                }
            }
        }
    }
}

/// The best line of decisions for the player to move in `game`, by the greedy turn search.
pub fn plan_turn(game: &Game, params: &GreedyParams) -> Vec<Action> {
    let Some(me) = game.to_move() else {
        return Vec::new();
    };
    let mut search = TurnSearch {
        params,
        start: game.position().phase,
        me,
        nodes: 0,
        best_finished: None,
        best_any: None,
    };
    let mut frontier = vec![(Vec::new(), game.clone())];
    while !frontier.is_empty() && search.nodes < params.turn_nodes {
        let mut next: Vec<(Line, Game)> = Vec::new();
        for (line, state) in &frontier {
            search.expand(state, line, &mut next);
        }
        next.sort_by(|a, b| b.0.value.total_cmp(&a.0.value));
        let mut kept: Vec<(Vec<Action>, Game)> = Vec::new();
        for (line, state) in next {
            if kept.len() >= params.beam_width {
                break;
            }
            // Many orders of the same steps meet in one state: keep it once.
            if !kept.iter().any(|(_, seen)| seen == &state) {
                kept.push((line.actions, state));
            }
        }
        frontier = kept;
    }
    search
        .best_finished
        .or(search.best_any)
        .map(|line| line.actions)
        .unwrap_or_default()
}

/// Plays the first decision of the best turn found by [`plan_turn`].
#[derive(Clone, Debug)]
pub struct GreedyBot {
    seed: u64,
    params: GreedyParams,
}

impl GreedyBot {
    /// A greedy bot with default parameters; `seed` deals the unseen tiles it plans with.
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot::with_params(seed, GreedyParams::default())
    }

    /// A greedy bot with the given parameters.
    pub fn with_params(seed: u64, params: GreedyParams) -> GreedyBot {
        GreedyBot { seed, params }
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> String {
        self.params.spec_name()
    }

    fn choose(&mut self, view: &View, _budget: Budget) -> Action {
        let mut rng = decision_rng(self.seed, view);
        let game = sample_game(view, &mut rng);
        let legal = game.legal_actions();
        if legal.len() == 1 {
            return legal[0];
        }
        let plan = plan_turn(&game, &self.params);
        match plan.first() {
            Some(action) if legal.contains(action) => *action,
            _ => legal[0],
        }
    }
}
