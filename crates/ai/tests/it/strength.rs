//! The lower levels keep their order: a short tree search beats the casual level's greedy bot,
//! which beats the beginner's random one, in two-player games from fixed seeds. The search runs
//! 100 iterations, fewer than any level of the ladder (the good level runs 150), so this shows
//! only that a tree search beats the casual level; the order of the search levels themselves
//! (good, strong) is asserted by the bot tournament of the test command (docs/testing.md).
//!
//! The bounds come from measured rates (`helvetia arena --players 2 --threads 1`, see
//! `docs/ai.md`): greedy won all 260 games against random (60 with `--seed 101`, 200 with
//! `--seed 104`), `mcts:100` won 84.0% and 85.5% of 100 games each against greedy (`--seed 103`,
//! `--seed 106`). Required here: 18 of 20 and 28 of 40. At the measured rates a set of games falls
//! below that with a chance under 1% (0.7% at a 98% rate; 0.5% at 84.75%), while two bots of
//! equal strength would reach it with a chance of 0.02% and 0.8%.

use helvetia_ai::parse_list;
use helvetia_ai::stats::summarize;
use helvetia_ai::tournament::{run, TournamentConfig};

/// Wins of the first of `bots` (shared wins count 1/k) over `games` two-player games.
fn wins_of_the_first(bots: &str, games: u32, seed: u64) -> f64 {
    let config = TournamentConfig {
        bots: parse_list(bots).unwrap(),
        players: 2,
        games,
        seed,
        round_limit: Some(60),
        threads: 2,
    };
    let results = run(&config, &|_| {}).expect("the bots play legal games");
    let names: Vec<String> = config.bots.iter().map(|b| b.to_string()).collect();
    summarize(&names, &results)[0].wins
}

#[test]
fn casual_beats_beginner() {
    let wins = wins_of_the_first("greedy,random", 20, 7);
    assert!(wins >= 18.0, "greedy won {wins} of 20 against random");
}

#[test]
fn a_short_tree_search_beats_casual() {
    let wins = wins_of_the_first("mcts:100,greedy", 40, 8);
    assert!(wins >= 28.0, "mcts:100 won {wins} of 40 against greedy");
}
