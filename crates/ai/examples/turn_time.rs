//! How long a whole turn of an MCTS bot takes: the bot plays every seat of a few seeded games,
//! and each stretch of consecutive decisions by one seat is timed as one turn.
//!
//! ```text
//! cargo run --profile ci -p helvetia-ai --example turn_time -- \
//!     [--bots mcts:ms=1000,threads=1,plan=off,mcts:ms=1000,threads=1] [--games 2] \
//!     [--players 2] [--seed 1] [--round-limit R] [--turn-clock THINK_MS]
//! ```
//!
//! With `--turn-clock`, the searches of one turn share their time as the server's do
//! (`TurnClock::of_think_time`, for the server's `--bot-think-ms` of THINK_MS).
//!
//! For each bot: the number of turns, the median, mean, 90th and 99th percentile and longest
//! turn, over all turns and over the turns with at least one real choice (more than one legal
//! action), the decisions and searches per turn (with those that grew the trees a plan kept),
//! and the longest turns with their round, decisions and searches.

use std::time::{Duration, Instant};

use helvetia_ai::{mix, parse_list, Bot, BotKind, BotSpec, MctsBot, TurnClock};
use helvetia_engine::{Game, GameOptions};

struct Turn {
    game: u32,
    round: u16,
    seconds: f64,
    decisions: u32,
    searches: u64,
    on_kept_trees: u64,
    choices: u32,
}

fn main() {
    let mut bots = "mcts:ms=1000,threads=1,plan=off,mcts:ms=1000,threads=1".to_string();
    let (mut games, mut players, mut seed, mut round_limit) = (2u32, 2u8, 1u64, None);
    let mut clock = None;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--bots" => bots = value,
            "--games" => games = value.parse().expect("--games: a number"),
            "--players" => players = value.parse().expect("--players: 2 to 4"),
            "--seed" => seed = value.parse().expect("--seed: a number"),
            "--round-limit" => round_limit = Some(value.parse().expect("--round-limit: a number")),
            "--turn-clock" => {
                let think = value.parse().expect("--turn-clock: milliseconds");
                clock = Some(TurnClock::of_think_time(Duration::from_millis(think)));
            }
            _ => panic!("unknown flag {flag}"),
        }
    }
    let specs = parse_list(&bots).expect("bot names");
    for spec in &specs {
        let turns = play(spec, clock, games, players, seed, round_limit);
        report(spec, &turns);
    }
}

/// Plays `games` games with `spec` in every seat (each seat's turns on its own `clock`, if
/// any) and returns every turn.
fn play(
    spec: &BotSpec,
    clock: Option<TurnClock>,
    games: u32,
    players: u8,
    seed: u64,
    round_limit: Option<u16>,
) -> Vec<Turn> {
    let BotKind::Mcts { params, budget } = spec.kind else {
        panic!("{spec}: only MCTS bots count their searches");
    };
    let mut turns = Vec::new();
    for g in 0..games {
        let options = GameOptions {
            round_limit,
            ..GameOptions::for_players(players)
        };
        let game_seed = mix(seed ^ mix(u64::from(g)));
        let mut game = Game::new(options, game_seed);
        let mut bots: Vec<MctsBot> = (0..players)
            .map(|s| MctsBot::new(mix(game_seed ^ u64::from(s)), params, budget))
            .collect();
        let mut clocks = vec![clock; usize::from(players)];
        let mut current: Option<(usize, Turn)> = None;
        while let Some(seat) = game.to_move() {
            let s = seat.index();
            let continues = current.as_ref().is_some_and(|(mover, _)| *mover == s);
            if !continues {
                turns.extend(current.take().map(|(_, turn)| turn));
            }
            let (_, turn) = current.get_or_insert((
                s,
                Turn {
                    game: g,
                    round: game.position().round,
                    seconds: 0.0,
                    decisions: 0,
                    searches: 0,
                    on_kept_trees: 0,
                    choices: 0,
                },
            ));
            let view = game.view();
            let before = (bots[s].searches(), bots[s].searches_on_kept_trees());
            let started = Instant::now();
            let budget = match &mut clocks[s] {
                Some(clock) => clock.budget(budget, continues, started),
                None => budget,
            };
            let action = bots[s].choose(&view, budget);
            turn.seconds += started.elapsed().as_secs_f64();
            turn.decisions += 1;
            turn.searches += bots[s].searches() - before.0;
            turn.on_kept_trees += bots[s].searches_on_kept_trees() - before.1;
            turn.choices += u32::from(game.legal_actions().len() > 1);
            game.play(action).expect("a legal action");
        }
        turns.extend(current.map(|(_, turn)| turn));
        eprintln!("{spec}: game {g} done, {} turns so far", turns.len());
    }
    turns
}

fn report(spec: &BotSpec, turns: &[Turn]) {
    println!("{spec}");
    let all: Vec<f64> = turns.iter().map(|t| t.seconds).collect();
    let chosen: Vec<f64> = turns
        .iter()
        .filter(|t| t.choices > 0)
        .map(|t| t.seconds)
        .collect();
    for (label, times) in [("all turns", all), ("turns with a choice", chosen)] {
        let (median, mean, p90, p99, max) = summary(times.clone());
        println!(
            "  {label:20} {:4} turns  median {median:6.3} s  mean {mean:6.3} s  p90 {p90:6.3} s  p99 {p99:6.3} s  max {max:6.3} s",
            times.len()
        );
    }
    let n = turns.len().max(1) as f64;
    let decisions: u32 = turns.iter().map(|t| t.decisions).sum();
    let searches: u64 = turns.iter().map(|t| t.searches).sum();
    let on_kept: u64 = turns.iter().map(|t| t.on_kept_trees).sum();
    println!(
        "  per turn: {:.2} decisions, {:.2} searches ({:.2} of them on kept trees)",
        f64::from(decisions) / n,
        searches as f64 / n,
        on_kept as f64 / n
    );
    let mut longest: Vec<&Turn> = turns.iter().collect();
    longest.sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
    for t in longest.iter().take(5) {
        println!(
            "  long turn: {:6.3} s  game {} round {:2}  {} decisions, {} searches ({} on kept trees)",
            t.seconds, t.game, t.round, t.decisions, t.searches, t.on_kept_trees
        );
    }
}

/// Median, mean, 90th and 99th percentile and maximum.
fn summary(mut times: Vec<f64>) -> (f64, f64, f64, f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0, 0.0, 0.0, 0.0);
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    (at(0.5), mean, at(0.9), at(0.99), times[times.len() - 1])
}
