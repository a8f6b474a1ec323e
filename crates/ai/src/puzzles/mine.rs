//! Puzzles found in one game record: the decisions where the mover's choice cost them clearly.
//!
//! Judging a decision costs two judgements of every legal action in many deals, too much for
//! every decision of every game. So a cheap first look comes first: one deal, valued like a
//! judgement with [`PuzzleSettings::screen_iterations`] per action. A decision is a candidate
//! when, in that look, the action played is worth at least the margin less than the best and
//! the best leads the next by half the margin; at most
//! [`PuzzleSettings::candidates_per_game`] of them, the costliest by the first look, are then
//! judged. The cost of a game is thus bounded: a first look per decision (forced ones and those
//! with more than [`PuzzleSettings::max_actions`] actions skipped, and with a
//! [`PuzzleSettings::look_share`] below 1 only a sample of the rest) and a fixed number of
//! judgements.
//!
//! A kept decision's line goes on through the rest of the mover's turn where each next
//! decision is clear too ([`judge_line`]): a puzzle of up to three decisions.
//!
//! Every look starts from the public view at the decision, never from the game's true deal.

use std::time::Instant;

use helvetia_engine::{Action, Game, GameRecord, ReplayError};

use super::judge::{value_actions, Judgement, PuzzleSettings};
use super::line::judge_line;
use super::themes::{last_round, phase, themes};
use super::{Puzzle, PuzzleSource};
use crate::bot::{decision_seed, mix};

/// What mining one game did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MineCounts {
    /// Decisions looked at: not forced, and not wider than the settings allow.
    pub decisions: usize,
    /// Candidates judged.
    pub candidates: usize,
    /// Puzzles kept.
    pub puzzles: usize,
    /// Seconds spent on the first looks.
    pub look_seconds: f64,
    /// Seconds spent judging the candidates.
    pub judge_seconds: f64,
}

/// The puzzles in `record` (a finished game, or one that stops early), with `source_game` as
/// their source's game id, searched with `settings` and `seed`. A record that does not replay
/// has none.
pub fn puzzles_in(
    record: &GameRecord,
    source_game: Option<String>,
    settings: &PuzzleSettings,
    seed: u64,
) -> Vec<Puzzle> {
    mine(record, source_game, settings, seed)
        .map(|(puzzles, _)| puzzles)
        .unwrap_or_default()
}

/// [`puzzles_in`] with what it did.
///
/// # Errors
/// The record does not replay.
pub fn mine(
    record: &GameRecord,
    source_game: Option<String>,
    settings: &PuzzleSettings,
    seed: u64,
) -> Result<(Vec<Puzzle>, MineCounts), ReplayError> {
    record.replay()?;
    let last = last_round(record);
    let mut counts = MineCounts::default();
    let mut game = Game::new(record.options, record.seed);
    // (first look's loss, step, view) of each candidate.
    let mut candidates = Vec::new();
    let looking = Instant::now();
    for (step, &played) in record.actions.iter().enumerate() {
        let view = game.view();
        let legal = game.legal_actions();
        game.play(played).expect("the record replayed");
        if legal.len() < 2
            || legal.len() > settings.max_actions
            || helvetia_engine::forced_step(&view.position).is_some()
            || !looked_at(settings.look_share, seed, step)
        {
            continue;
        }
        counts.decisions += 1;
        let look_seed = decision_seed(mix(seed ^ SCREEN_SEED ^ mix(step as u64)), &view);
        let (actions, values) = value_actions(&view, look_seed, settings.screen_iterations);
        let Some(index) = actions.iter().position(|&a| a == played) else {
            continue;
        };
        let mut sorted = values.clone();
        sorted.sort_by(|a, b| b.total_cmp(a));
        let loss = sorted[0] - values[index];
        if loss >= settings.margin && sorted[0] - sorted[1] >= settings.margin / 2.0 {
            candidates.push((loss, step, view));
        }
    }
    counts.look_seconds = looking.elapsed().as_secs_f64();
    let judging = Instant::now();
    candidates.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    candidates.truncate(settings.candidates_per_game);
    candidates.sort_by_key(|c| c.1);
    let mut puzzles = Vec::new();
    for (_, step, view) in candidates {
        counts.candidates += 1;
        let judge_seed = mix(seed ^ mix(step as u64 + 1));
        let line = judge_line(&view, settings, judge_seed);
        let Some(first) = line.first() else {
            continue;
        };
        let played = record.actions[step];
        if first.accepted.contains(&played) {
            continue;
        }
        let solution: Vec<Action> = line
            .iter()
            .map(|judgement| judgement.best.expect("a clear judgement has a best action"))
            .collect();
        let smallest = |of: fn(&Judgement) -> f32| line.iter().map(of).fold(f32::MAX, f32::min);
        puzzles.push(Puzzle {
            themes: themes(&view, &solution, last),
            phase: phase(&view, last),
            accepted: first.accepted.clone(),
            later_accepted: line[1..]
                .iter()
                .map(|judgement| judgement.accepted.clone())
                .collect(),
            agreement: smallest(|judgement| judgement.agreement),
            margin: smallest(|judgement| judgement.margin),
            view,
            solution,
            source: PuzzleSource {
                game: source_game.clone(),
                step,
            },
        });
    }
    counts.puzzles = puzzles.len();
    counts.judge_seconds = judging.elapsed().as_secs_f64();
    Ok((puzzles, counts))
}

/// Whether the first look sees the decision at `step`, for a look at `share` of the decisions:
/// every one at 1, otherwise a draw from `seed` and the step.
fn looked_at(share: f32, seed: u64, step: usize) -> bool {
    if share >= 1.0 {
        return true;
    }
    let draw = (mix(seed ^ SAMPLE_SEED ^ mix(step as u64)) >> 40) as f32 / (1u64 << 24) as f32;
    draw < share
}

/// Set apart the draw of the decisions looked at from the looks' and judgements' seeds.
const SAMPLE_SEED: u64 = 0x5A4D_9000_0000_0005;

/// Set apart the seeds of the first looks from the judgements'.
const SCREEN_SEED: u64 = 0x5C4E_E400_0000_0003;
