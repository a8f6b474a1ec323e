//! Tuning the evaluation weights and the search's parameters by self-play with SPSA
//! (simultaneous perturbation stochastic approximation), a method made for noisy objectives:
//! each step plays a bot with every tuned number nudged one way against a bot with them nudged
//! the other way, and moves the numbers along the difference in their results.
//!
//! The tuned numbers are the twelve weights, then the exploration constant, the temperature and
//! the share of a reward that comes from winning ([`SEARCH_NAMES`]). They are tuned in log space
//! around their defaults (each stays positive and moves by a share of itself; the win share
//! stays at most 1). Training games take their seeds from the tuning seed; the check at the end
//! plays the tuned bot against the defaults on a separate set of seeds, so the reported result
//! is not the one that was fitted.
//!
//! With more than two players the two nudged bots share each game with bots of the default
//! parameters in the other seats, and the check seats the tuned bot against defaults only: one
//! seat against three is how a stronger bot shows in a four-player game.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::Serialize;

use crate::bot::{mix, Budget};
use crate::evaluate::Weights;
use crate::mcts::MctsParams;
use crate::spec::{BotKind, BotSpec};
use crate::tournament::{self, TournamentConfig, TournamentError};

/// How to tune.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TuneSettings {
    /// SPSA steps.
    pub steps: u32,
    /// Games per step (the bots move round the table every game).
    pub games_per_step: u32,
    /// Players per game: the two nudged bots and, beyond two, bots with the default parameters.
    pub players: u8,
    /// Search iterations per decision of the tuned bot.
    pub iterations: u32,
    /// Perturbation at the first step, in log space (0.2: every tuned number nudged by about 20%).
    pub perturbation: f64,
    /// Step size at the first step: a step moves each tuned number by `step_size · difference /
    /// (2 · perturbation)` in log space (0.1: a quarter of the score difference).
    pub step_size: f64,
    /// Seed of the training games and the perturbations.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
}

impl Default for TuneSettings {
    fn default() -> Self {
        TuneSettings {
            steps: 100,
            games_per_step: 8,
            players: 2,
            iterations: 200,
            perturbation: 0.2,
            step_size: 0.1,
            seed: 1,
            threads: 1,
        }
    }
}

/// One step of the run, for its log.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TuneStep {
    /// The step, from 0.
    pub step: u32,
    /// The plus bot's wins minus the minus bot's, per game (−1 to 1; shared wins count 1/k).
    pub difference: f64,
    /// The weights after the step.
    pub weights: [f32; Weights::COUNT],
    /// The search parameters after the step, in the order of [`SEARCH_NAMES`].
    pub search: [f32; SEARCH_NAMES.len()],
}

/// The search parameters tuned besides the weights.
pub const SEARCH_NAMES: [&str; 3] = ["exploration", "temperature", "win_weight"];

/// How many numbers are tuned: the weights, then the search parameters.
const TUNED: usize = Weights::COUNT + SEARCH_NAMES.len();

/// The search parameters of `params` in games of `players`, in the order of [`SEARCH_NAMES`].
pub fn search_values(params: &MctsParams, players: u8) -> [f32; SEARCH_NAMES.len()] {
    let at = params.table(players);
    [at.exploration, at.temperature, at.win_weight]
}

/// How far a tuned number may move from its default, in log space (2: a factor of about 7.4).
const LOG_RANGE: f64 = 2.0;

/// Where SPSA's gains stand at step `k` (Spall's standard exponents).
fn gains(settings: &TuneSettings, k: u32) -> (f64, f64) {
    let stability = f64::from(settings.steps) / 10.0;
    let a = settings.step_size * (stability + 1.0).powf(0.602);
    let step = a / (f64::from(k) + 1.0 + stability).powf(0.602);
    let perturbation = settings.perturbation / (f64::from(k) + 1.0).powf(0.101);
    (step, perturbation)
}

/// The search bot with `params`.
pub fn bot_with(params: MctsParams, iterations: u32) -> BotSpec {
    BotSpec {
        kind: BotKind::Mcts {
            params,
            budget: Budget::iterations(iterations),
        },
    }
}

/// The parameters whose tuned numbers are `defaults · e^x`; the search parameters are those
/// of games of `players` ([`MctsParams::table`]).
fn params_at(x: &[f64; TUNED], players: u8) -> MctsParams {
    let defaults = MctsParams::default();
    let weights = defaults.weights.to_array();
    let scaled = |i: usize, default: f32| default * x[i].exp() as f32;
    let [exploration, temperature, win_weight] =
        std::array::from_fn(|j| scaled(Weights::COUNT + j, search_values(&defaults, players)[j]));
    let win_weight = win_weight.min(1.0);
    let mut params = MctsParams {
        weights: Weights::from_array(std::array::from_fn(|i| scaled(i, weights[i]))),
        ..defaults
    };
    let table = params.table_mut(players);
    table.exploration = exploration;
    table.temperature = temperature;
    table.win_weight = win_weight;
    params
}

/// The wins of each of `bots` (shared wins count 1/k) over `games` games of `players` from
/// `seed`; the seats beyond the listed bots go to bots with the default parameters.
fn wins(
    mut bots: Vec<BotSpec>,
    settings: &TuneSettings,
    games: u32,
    seed: u64,
) -> Result<Vec<f64>, TournamentError> {
    let listed = bots.len();
    let defaults = bot_with(MctsParams::default(), settings.iterations);
    bots.resize(usize::from(settings.players).max(listed), defaults);
    let config = TournamentConfig {
        bots,
        players: settings.players,
        games,
        seed,
        round_limit: Some(60),
        threads: settings.threads,
    };
    let mut wins = vec![0.0; listed];
    for seat in tournament::run(&config, &|_| {})?
        .iter()
        .flat_map(|game| &game.seats)
    {
        if let Some(total) = wins.get_mut(seat.entry) {
            *total += seat.win_share;
        }
    }
    Ok(wins)
}

/// Runs SPSA from the default parameters; `on_step` sees every step as it ends.
///
/// # Errors
/// A bot broke the rules or panicked.
pub fn tune(
    settings: &TuneSettings,
    on_step: &mut dyn FnMut(&TuneStep),
) -> Result<MctsParams, TournamentError> {
    let mut x = [0.0f64; TUNED];
    let mut rng = ChaCha8Rng::seed_from_u64(settings.seed);
    for k in 0..settings.steps {
        let (step, perturbation) = gains(settings, k);
        let signs: [f64; TUNED] =
            std::array::from_fn(|_| if rng.next_u64() & 1 == 0 { 1.0 } else { -1.0 });
        let plus: [f64; TUNED] = std::array::from_fn(|i| x[i] + perturbation * signs[i]);
        let minus: [f64; TUNED] = std::array::from_fn(|i| x[i] - perturbation * signs[i]);
        let games_seed = mix(settings.seed ^ mix(u64::from(k) + 1));
        let bots = vec![
            bot_with(params_at(&plus, settings.players), settings.iterations),
            bot_with(params_at(&minus, settings.players), settings.iterations),
        ];
        let wins = wins(bots, settings, settings.games_per_step, games_seed)?;
        let y = (wins[0] - wins[1]) / f64::from(settings.games_per_step);
        for i in 0..TUNED {
            x[i] = (x[i] + step * y / (2.0 * perturbation * signs[i])).clamp(-LOG_RANGE, LOG_RANGE);
        }
        let params = params_at(&x, settings.players);
        on_step(&TuneStep {
            step: k,
            difference: y,
            weights: params.weights.to_array(),
            search: search_values(&params, settings.players),
        });
    }
    Ok(params_at(&x, settings.players))
}

/// The seeds of the check are set apart from every training seed.
const HELD_OUT: u64 = 0x4845_4C44_4F55_5421;

/// The tuned bot's wins per game (0 to 1; a fair share is one over the players) against bots
/// with the default parameters in every other seat, over `games` games on held-out seeds.
///
/// # Errors
/// A bot broke the rules or panicked.
pub fn check(
    tuned: MctsParams,
    settings: &TuneSettings,
    games: u32,
) -> Result<(f64, u32), TournamentError> {
    let bots = vec![bot_with(tuned, settings.iterations)];
    let wins = wins(bots, settings, games, mix(settings.seed ^ HELD_OUT))?;
    Ok((wins[0] / f64::from(games.max(1)), games))
}
