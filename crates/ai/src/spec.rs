//! Bot names with parameters: `random`, `greedy`, `mcts:2000`, `mcts:iterations=2000,c=0.9`,
//! `mcts:ms=500`, `mcts:threads=2`, `mcts:2000,plan=off`, and `level:good`, the bot of a level of
//! the ladder. One parser serves the command line, the server and tests.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::bot::{Bot, Budget};
use crate::greedy::{GreedyBot, GreedyParams};
use crate::ladder::{Level, LEVELS};
use crate::mcts::{MctsBot, MctsParams, TableParams};
use crate::random::RandomBot;

/// Which bot, with its parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum BotKind {
    /// Uniform over the legal actions.
    Random,
    /// The whole-turn greedy search.
    Greedy(GreedyParams),
    /// Monte Carlo tree search with a budget.
    Mcts {
        /// Search parameters.
        params: MctsParams,
        /// Iterations and/or time per decision.
        budget: Budget,
    },
}

/// A parsed bot name: builds bots and prints back in a canonical form.
#[derive(Clone, Debug, PartialEq)]
pub struct BotSpec {
    /// The bot and its parameters.
    pub kind: BotKind,
}

/// Why a bot name did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

fn number<T: FromStr>(key: &str, value: &str) -> Result<T, SpecError> {
    value
        .parse()
        .map_err(|_| SpecError(format!("`{key}={value}`: `{value}` is not a valid number")))
}

fn positive(key: &str, value: &str) -> Result<u64, SpecError> {
    match number::<u64>(key, value)? {
        0 => Err(SpecError(format!("`{key}` must be at least 1"))),
        n => Ok(n),
    }
}

/// A number within `range`, for parameters with a meaningful span.
fn within(key: &str, value: &str, range: std::ops::RangeInclusive<f32>) -> Result<f32, SpecError> {
    let x: f32 = number(key, value)?;
    if x.is_finite() && range.contains(&x) {
        Ok(x)
    } else {
        Err(SpecError(format!(
            "`{key}={value}`: a number from {} to {}",
            range.start(),
            range.end()
        )))
    }
}

/// The parameters an `mcts:` name may set.
const MCTS_KEYS: &str = "iterations, ms, c, threads, rounds, plan, plan_budget, plan_share, \
     temperature, win, widen, widen_power, weights, value, halving, sharp, four_c, four_rounds, \
     four_temperature, four_win, four_halving, four_sharp";

/// `c`, `rounds`, `temperature`, `win`, `halving` and `sharp` hold for every number of players; a
/// `four_` key sets the value for four players alone, wherever it stands in the name.
fn parse_mcts(args: &str) -> Result<BotKind, SpecError> {
    let mut params = MctsParams::default();
    let mut budget = Budget::default();
    let mut four: Vec<(&str, &str)> = Vec::new();
    for (i, arg) in args.split(',').filter(|a| !a.is_empty()).enumerate() {
        let Some((key, value)) = arg.split_once('=') else {
            if i == 0 {
                budget.iterations = Some(positive("iterations", arg)? as u32);
                continue;
            }
            return Err(SpecError(format!(
                "`{arg}`: mcts parameters are key=value ({MCTS_KEYS})"
            )));
        };
        match key {
            "iterations" | "n" => budget.iterations = Some(positive(key, value)? as u32),
            "ms" => budget.time = Some(Duration::from_millis(positive(key, value)?)),
            "c" | "temperature" | "win" | "rounds" | "halving" | "sharp" => {
                set_table(&mut params.two_or_three, key, key, value)?;
                set_table(&mut params.four, key, key, value)?;
            }
            "widen" => params.widen_base = within(key, value, 1.0..=1000.0)?,
            "widen_power" => params.widen_power = within(key, value, 0.0..=1.0)?,
            "threads" => params.threads = positive(key, value)?.min(256) as usize,
            _ if key.starts_with("four_") => four.push((key, value)),
            "plan" => {
                params.plan = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(SpecError(format!("`plan={value}`: on or off"))),
                }
            }
            "plan_budget" => params.plan_budget = within(key, value, 0.01..=100.0)?,
            "plan_share" => params.plan_share = within(key, value, 0.0001..=10.0)?,
            "value" => {
                params.network = match value {
                    "net" => true,
                    "hand" => false,
                    _ => return Err(SpecError(format!("`value={value}`: net or hand"))),
                }
            }
            "weights" => {
                params.weights = crate::evaluate::Weights::from_name(value).ok_or_else(|| {
                    SpecError(format!(
                        "`weights={value}`: {} numbers separated by /",
                        crate::evaluate::Weights::COUNT
                    ))
                })?
            }
            _ => {
                return Err(SpecError(format!(
                    "unknown mcts parameter `{key}` ({MCTS_KEYS})"
                )))
            }
        }
    }
    for (key, value) in four {
        set_table(&mut params.four, &key["four_".len()..], key, value)?;
    }
    if budget == Budget::default() {
        budget.iterations = Some(params.iterations);
    }
    Ok(BotKind::Mcts { params, budget })
}

/// Sets the setting `name` of one table (`c`, `temperature`, `win`, `rounds`, `halving` or
/// `sharp`);
/// `key` is the name as written (`four_c`), for the error.
fn set_table(table: &mut TableParams, name: &str, key: &str, value: &str) -> Result<(), SpecError> {
    match name {
        "c" => table.exploration = within(key, value, 0.0..=100.0)?,
        "temperature" => table.temperature = within(key, value, 0.01..=100.0)?,
        "win" => table.win_weight = within(key, value, 0.0..=1.0)?,
        "rounds" => table.rollout_rounds = number::<u16>(key, value)?.min(1000),
        "halving" => table.root_halving = number::<u16>(key, value)?.min(256),
        "sharp" => table.rollout_sharpness = within(key, value, 0.0..=8.0)?,
        _ => {
            return Err(SpecError(format!(
                "unknown mcts parameter `{key}` ({MCTS_KEYS})"
            )))
        }
    }
    Ok(())
}

fn parse_greedy(args: &str) -> Result<BotKind, SpecError> {
    let mut params = GreedyParams::default();
    for arg in args.split(',').filter(|a| !a.is_empty()) {
        let Some((key, value)) = arg.split_once('=') else {
            return Err(SpecError(format!(
                "`{arg}`: greedy parameters are key=value (beam, nodes)"
            )));
        };
        match key {
            "beam" => params.beam_width = positive(key, value)?.min(1000) as usize,
            "nodes" => params.turn_nodes = positive(key, value)?.min(10_000_000) as usize,
            _ => {
                return Err(SpecError(format!(
                    "unknown greedy parameter `{key}` (beam, nodes)"
                )))
            }
        }
    }
    Ok(BotKind::Greedy(params))
}

/// The bot of the ladder's level `key` (`level:good`): a tournament of the levels the server
/// offers follows the ladder when it changes. It names itself as that bot (`mcts:iterations=150`).
fn ladder_bot(key: &str) -> Result<BotSpec, SpecError> {
    match Level::named(key) {
        Some(level) => Ok(level.spec()),
        None => {
            let keys: Vec<&str> = LEVELS.iter().map(|l| l.key).collect();
            Err(SpecError(format!(
                "`level:{key}`: no such level ({})",
                keys.join(", ")
            )))
        }
    }
}

impl Level {
    /// The bot's specification.
    pub fn spec(&self) -> BotSpec {
        self.bot.parse().expect("every level names a valid bot")
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<BotSpec, SpecError> {
        let text = text.trim();
        let (name, args) = text.split_once(':').unwrap_or((text, ""));
        let kind = match name {
            "random" if args.is_empty() => BotKind::Random,
            "random" => return Err(SpecError("`random` takes no parameters".into())),
            "greedy" => parse_greedy(args)?,
            "mcts" => parse_mcts(args)?,
            // The ladder's bots name no level, so this cannot recur.
            "level" => return ladder_bot(args),
            "" => return Err(SpecError("empty bot name".into())),
            other => {
                return Err(SpecError(format!(
                    "unknown bot `{other}` (random, greedy, mcts, level)"
                )))
            }
        };
        Ok(BotSpec { kind })
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            BotKind::Random => f.write_str("random"),
            BotKind::Greedy(params) => f.write_str(&params.spec_name()),
            BotKind::Mcts { params, budget } => {
                f.write_str(&MctsBot::new(0, *params, *budget).name())
            }
        }
    }
}

impl BotSpec {
    /// A new bot of this kind whose choices follow from `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Bot> {
        match &self.kind {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Greedy(params) => Box::new(GreedyBot::with_params(seed, *params)),
            BotKind::Mcts { params, budget } => Box::new(MctsBot::new(seed, *params, *budget)),
        }
    }

    /// The budget to give each decision (empty for bots that do not search).
    pub fn budget(&self) -> Budget {
        match &self.kind {
            BotKind::Mcts { budget, .. } => *budget,
            _ => Budget::default(),
        }
    }

    /// Threads one decision uses.
    pub fn threads(&self) -> usize {
        match &self.kind {
            BotKind::Mcts { params, .. } => params.threads,
            _ => 1,
        }
    }
}

/// Parses a comma-separated list of bots. A `key=value` item right after an `mcts:` or
/// `greedy:` item belongs to it, so `mcts:iterations=2000,c=0.9,greedy` is two bots.
///
/// # Errors
/// The first name that does not parse, or an empty list.
pub fn parse_list(text: &str) -> Result<Vec<BotSpec>, SpecError> {
    let mut names: Vec<String> = Vec::new();
    for item in text.split(',').map(str::trim) {
        let continues = item.contains('=') && !item.contains(':');
        match names.last_mut() {
            Some(last) if continues && last.contains(':') => {
                last.push(',');
                last.push_str(item);
            }
            _ => names.push(item.to_string()),
        }
    }
    if names.iter().all(|n| n.is_empty()) {
        return Err(SpecError("no bots given".into()));
    }
    names.iter().map(|n| n.parse()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_documented_form() {
        let forms = [
            ("random", "random"),
            ("greedy", "greedy"),
            ("mcts:2000", "mcts:iterations=2000"),
            (
                "mcts:iterations=2000,c=0.4,four_c=0.5",
                "mcts:iterations=2000",
            ),
            ("mcts:iterations=2000,c=0.4", "mcts:iterations=2000,c=0.4"),
            ("mcts:ms=500", "mcts:ms=500"),
            ("mcts:threads=2", "mcts:iterations=1000,threads=2"),
            ("mcts", "mcts:iterations=1000"),
            ("mcts:2000,plan=off", "mcts:iterations=2000,plan=off"),
            ("mcts:2000,plan=on", "mcts:iterations=2000"),
            ("level:random", "random"),
            ("level:good", "mcts:iterations=150"),
        ];
        for (text, canonical) in forms {
            let spec: BotSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), canonical, "{text}");
        }
        let spec: BotSpec = "mcts:iterations=2000,c=1.5".parse().unwrap();
        assert_eq!(spec.to_string(), "mcts:iterations=2000,c=1.5");
        assert_eq!(spec.budget(), Budget::iterations(2000));
    }

    #[test]
    fn bots_name_themselves_as_parsed() {
        for text in [
            "random",
            "greedy",
            "greedy:beam=8,nodes=9000",
            "mcts:2000",
            "mcts:iterations=300,c=1.2,threads=2",
            "mcts:ms=50",
            "mcts:iterations=100,rounds=3",
            "mcts:iterations=100,plan=off",
            "mcts:ms=50,plan_budget=2,plan_share=0.6",
            "mcts:iterations=100,temperature=1.5,win=0.5,widen=2,widen_power=0.4",
            "mcts:iterations=100,c=0.5,four_temperature=3,four_rounds=1",
            "mcts:iterations=100,four_c=0.2,four_win=1",
            "mcts:iterations=100,halving=8",
            "mcts:iterations=100,c=0.5,four_halving=16",
            "mcts:iterations=100,sharp=0.5,four_sharp=3",
            "mcts:iterations=100,weights=0.5/0.3/0.15/0.35/0.6/0.12/0.12/0.05/0.1/0.08/0.5/0.1",
            "mcts:iterations=100,value=net",
        ] {
            let spec: BotSpec = text.parse().unwrap();
            let name = spec.build(1).name();
            assert_eq!(name.parse::<BotSpec>().unwrap(), spec, "{text} → {name}");
        }
    }

    #[test]
    fn plain_keys_hold_for_every_table_and_four_keys_for_four_players() {
        let params = |text: &str| match text.parse::<BotSpec>().unwrap().kind {
            BotKind::Mcts { params, .. } => params,
            other => panic!("{other:?}"),
        };
        let both = params("mcts:c=0.9,temperature=3");
        for players in 2..=4 {
            let at = both.table(players);
            assert_eq!((at.exploration, at.temperature), (0.9, 3.0), "{players}");
        }
        for text in ["mcts:four_c=0.2,c=0.9", "mcts:c=0.9,four_c=0.2"] {
            let p = params(text);
            assert_eq!(p.table(2).exploration, 0.9, "{text}");
            assert_eq!(p.table(3).exploration, 0.9, "{text}");
            assert_eq!(p.table(4).exploration, 0.2, "{text}");
        }
        let defaults = MctsParams::default();
        assert_eq!(defaults.table(2), &defaults.two_or_three);
        assert_eq!(defaults.table(3), &defaults.two_or_three);
        assert_eq!(defaults.table(4), &defaults.four);
        assert_ne!(
            defaults.two_or_three, defaults.four,
            "the tables differ by default"
        );
        let mut changed = defaults;
        changed.table_mut(4).exploration = 0.1;
        assert_eq!(changed.four.exploration, 0.1);
        assert_eq!(
            changed.two_or_three, defaults.two_or_three,
            "the other table stays"
        );
        changed.table_mut(3).exploration = 0.2;
        assert_eq!(changed.two_or_three.exploration, 0.2);
    }

    #[test]
    fn zero_rounds_evaluates_without_a_rollout() {
        let params = match "mcts:iterations=10,rounds=0"
            .parse::<BotSpec>()
            .unwrap()
            .kind
        {
            BotKind::Mcts { params, .. } => params,
            other => panic!("{other:?}"),
        };
        assert_eq!(params.two_or_three.rollout_rounds, 0);
        assert_eq!(params.four.rollout_rounds, 0);
        for players in 2..=4 {
            let start = helvetia_engine::Game::new(
                helvetia_engine::GameOptions::for_players(players),
                u64::from(players),
            );
            let mut game = start.clone();
            let mut rng = rand_core::SeedableRng::seed_from_u64(1);
            let round = game.position().round;
            let rewards = crate::mcts::rollout(&mut game, &mut rng, &params, round);
            assert_eq!(game.position(), start.position(), "no decision was played");
            assert_eq!(rewards, crate::mcts::rewards(&start, &params));
        }
    }

    #[test]
    fn lists_keep_parameters_with_their_bot() {
        let list = parse_list("mcts:iterations=2000,c=0.9,greedy,random").unwrap();
        assert_eq!(list.len(), 3);
        assert_eq!(list[0].to_string(), "mcts:iterations=2000,c=0.9");
        assert_eq!(list[1].to_string(), "greedy");
        assert_eq!(list[2].to_string(), "random");
        let list = parse_list("mcts:2000,greedy,greedy,greedy").unwrap();
        assert_eq!(list.len(), 4);
        let list = parse_list("level:expert,level:mcts,greedy").unwrap();
        let ladder = |key| crate::ladder::Level::named(key).unwrap().spec();
        assert_eq!(list, [ladder("expert"), ladder("mcts"), ladder("greedy")]);
    }

    #[test]
    fn rejects_bad_names_with_a_reason() {
        for bad in [
            "",
            "alphago",
            "random:3",
            "mcts:0",
            "mcts:c=-1",
            "mcts:foo=1",
            "mcts:ms=abc",
            "greedy:beam",
            "mcts:2000,10",
            "mcts:plan=maybe",
            "mcts:plan_budget=0",
            "mcts:plan_share=0",
            "mcts:win=1.5",
            "mcts:temperature=0",
            "mcts:widen_power=nan",
            "mcts:four_win=2",
            "mcts:four_foo=1",
            "mcts:multi_c=0.5",
            "mcts:halving=-1",
            "mcts:four_halving=many",
            "mcts:sharp=-1",
            "mcts:four_sharp=9",
            "level:",
            "level:strong",
        ] {
            let error = bad.parse::<BotSpec>().unwrap_err();
            assert!(!error.0.is_empty(), "{bad}");
        }
        assert!(parse_list("").is_err());
        assert!(parse_list("greedy,,random").is_err());
    }
}
