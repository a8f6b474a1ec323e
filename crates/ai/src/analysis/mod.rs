//! Post-game analysis: the search looks at each turn of a game record and says how each
//! player's chance to win moved, which turns cost the most, what it would have played instead,
//! and why, in terms of the evaluation.
//!
//! Every search starts from the view at the start of a turn (never from the hidden order of
//! stacks 2 and 3), so the analysis of a game reveals nothing a player could not see. With a
//! fixed seed and iteration budget the analysis of a record is always the same.
//!
//! During a game against bots only, the same look at the current position is a hint
//! ([`hint`]) for the person to move.

mod chances;
mod estimate;
mod hint;
mod turns;
pub(crate) mod why;

use std::sync::atomic::{AtomicUsize, Ordering};

use helvetia_engine::{Action, GameRecord, ReplayError};
use serde::{Deserialize, Serialize};

use crate::bot::mix;
use crate::evaluate::ProspectTerm;
use crate::mcts::{MctsParams, TableParams};

pub use estimate::{estimate, Estimate};
pub use hint::{hint, Hint, HINT_ITERATIONS};
pub use turns::{turns, TurnSpan};

/// How thoroughly to analyse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisSettings {
    /// Search iterations per turn.
    pub iterations: u32,
    /// The seed of the searches: the same seed and budget give the same analysis.
    pub seed: u64,
}

impl Default for AnalysisSettings {
    fn default() -> Self {
        AnalysisSettings {
            iterations: 2000,
            seed: 0,
        }
    }
}

impl AnalysisSettings {
    /// The search's parameters: rewards are pure win chances (no score margin), so that the
    /// estimates read as the chance to win; the two-player settings at every table, as the
    /// analysis was measured with; one thread, so that the result depends only on the seed and
    /// the budget.
    pub fn params(&self) -> MctsParams {
        let defaults = MctsParams::default();
        let table = TableParams {
            win_weight: 1.0,
            ..defaults.two_or_three
        };
        MctsParams {
            iterations: self.iterations,
            threads: 1,
            plan: false,
            two_or_three: table,
            four: table,
            ..defaults
        }
    }

    /// Each seat's chance to win at `view`, `step` actions into the game: as many rollouts
    /// as search iterations, seeded by the step.
    fn chances_at(&self, view: &helvetia_engine::View, step: usize) -> Vec<f32> {
        let seed = mix(self.seed ^ mix(step as u64 + 1) ^ CHANCE_SEED);
        chances::chances(view, seed, self.iterations, &self.params())
    }
}

/// Set apart the seeds of the chances from the seeds of the searches.
const CHANCE_SEED: u64 = 0x0C4A_4E0C_E5EE_D5ED;

/// The analysis of a whole game.
///
/// Chances are measured by [`chances::chances`] (rollouts that favour no player), so they
/// compare across turns; a turn's loss compares the chance after the turn as played with the
/// chance after the search's preferred turn, both measured with the same randomness.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// Players in the game.
    pub players: u8,
    /// How it was made.
    pub settings: AnalysisSettings,
    /// Every turn, in order.
    pub turns: Vec<TurnReview>,
    /// Each seat's share of the victory at the end (1/k for k tied winners), or the last
    /// estimate if the record stops before the end.
    pub outcome: Vec<f32>,
}

/// One turn as the search saw it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnReview {
    /// The player whose turn it was (0-based seat).
    pub seat: u8,
    /// The round (0 for the setup).
    pub round: u16,
    /// Actions played before the turn: the replay step showing the position it began in.
    pub start: usize,
    /// Actions played after its last decision.
    pub end: usize,
    /// The decisions as played.
    pub played: Vec<Action>,
    /// Each seat's chance to win at the start.
    pub before: Vec<f32>,
    /// Each seat's chance to win after the turn as played.
    pub after: Vec<f32>,
    /// The decisions the search prefers from the start, as far as it looked.
    pub preferred: Vec<Action>,
    /// Each seat's chance to win after the preferred decisions, when the turn as played did
    /// not begin with them.
    pub preferred_after: Option<Vec<f32>>,
    /// Where the preferred turn leaves the mover better (positive) or worse than the played
    /// one, in victory points of the evaluation: the largest differences first.
    pub why: Vec<(ProspectTerm, f32)>,
}

impl TurnReview {
    /// How much more chance to win the preferred turn would have left the mover than the
    /// turn as played (zero when it was played as preferred; negative when the turn as played
    /// did better than the search's own choice).
    pub fn loss(&self) -> f32 {
        let seat = self.seat as usize;
        self.preferred_after
            .as_ref()
            .map_or(0.0, |preferred| preferred[seat] - self.after[seat])
    }

    /// Whether the turn began as the search prefers, as far as it looked.
    pub fn as_preferred(&self) -> bool {
        self.preferred_after.is_none()
    }
}

impl Analysis {
    /// The `count` turns that cost their player the most chance to win, costliest first
    /// (only turns that lost something).
    pub fn costliest(&self, count: usize) -> Vec<&TurnReview> {
        let mut turns: Vec<&TurnReview> = self.turns.iter().filter(|t| t.loss() > 0.0).collect();
        turns.sort_by(|a, b| b.loss().total_cmp(&a.loss()).then(a.start.cmp(&b.start)));
        turns.truncate(count);
        turns
    }
}

/// Analyses every turn of `record` on `threads` threads, calling `progress(done, total)` after
/// each turn. The result does not depend on the number of threads: each turn's searches have
/// their own seeds.
///
/// # Errors
/// The record does not replay.
pub fn analyse(
    record: &GameRecord,
    settings: AnalysisSettings,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Analysis, ReplayError> {
    let game = record.replay()?;
    let spans = turns(record)?;
    let looks = look_at_all(record, &spans, &settings, threads, progress);
    let outcome = match spans.last() {
        Some(last) if !game.is_over() => settings.chances_at(&last.after, last.end),
        _ => victory_shares(&game),
    };
    let weights = settings.params().weights;
    let befores: Vec<Vec<f32>> = looks.iter().map(|look| look.before.clone()).collect();
    let turns = spans
        .iter()
        .zip(looks)
        .enumerate()
        .map(|(i, (span, look))| {
            let after = befores.get(i + 1).unwrap_or(&outcome).clone();
            let played = record.actions[span.start..span.end].to_vec();
            let why = match &look.preferred_after {
                Some(_) => why::compare(&look.line_end, &span.after, span.seat, &weights),
                None => Vec::new(),
            };
            TurnReview {
                seat: span.seat.index() as u8,
                round: span.view.position.round,
                start: span.start,
                end: span.end,
                played,
                before: look.before,
                after,
                preferred: look.line,
                preferred_after: look.preferred_after,
                why,
            }
        })
        .collect();
    Ok(Analysis {
        players: record.options.players,
        settings,
        turns,
        outcome,
    })
}

/// What the analysis found at one turn's start.
struct Look {
    /// Each seat's chance to win at the start.
    before: Vec<f32>,
    /// The search's preferred decisions.
    line: Vec<Action>,
    /// The view after them.
    line_end: helvetia_engine::View,
    /// Each seat's chance after the preferred decisions, when the turn went otherwise.
    preferred_after: Option<Vec<f32>>,
}

/// Looks at the start of every turn, the turns shared out among `threads` threads.
fn look_at_all(
    record: &GameRecord,
    spans: &[TurnSpan],
    settings: &AnalysisSettings,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Look> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let mut found: Vec<(usize, Look)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(span) = spans.get(index) else {
                            return mine;
                        };
                        mine.push((index, look_at(record, span, settings)));
                        progress(done.fetch_add(1, Ordering::Relaxed) + 1, spans.len());
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("an analysis thread panicked"))
            .collect()
    });
    found.sort_by_key(|(index, _)| *index);
    found.into_iter().map(|(_, look)| look).collect()
}

/// Searches one turn's start for the preferred decisions and measures the chances.
fn look_at(record: &GameRecord, span: &TurnSpan, settings: &AnalysisSettings) -> Look {
    let seed = mix(settings.seed ^ mix(span.start as u64 + 1));
    let found = estimate(&span.view, seed, &settings.params());
    let played = &record.actions[span.start..span.end];
    let as_preferred = !found.line.is_empty() && played.starts_with(&found.line);
    // Measured with the seed of the position after the played turn: the same rollout
    // randomness on both sides of the comparison.
    let preferred_after = (!as_preferred).then(|| settings.chances_at(&found.line_end, span.end));
    Look {
        before: settings.chances_at(&span.view, span.start),
        line: found.line,
        line_end: found.line_end,
        preferred_after,
    }
}

/// Each seat's share of the victory in a finished game.
fn victory_shares(game: &helvetia_engine::Game) -> Vec<f32> {
    let standings = game.standings();
    let winners = standings.iter().filter(|s| s.rank == 1).count().max(1) as f32;
    let mut shares = vec![0.0; game.options().players as usize];
    for standing in standings.iter().filter(|s| s.rank == 1) {
        shares[standing.seat.index()] = 1.0 / winners;
    }
    shares
}
