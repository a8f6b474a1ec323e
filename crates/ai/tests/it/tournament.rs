//! Tournaments: fair seating, records that replay to the same result, statistics that add up,
//! and a misbehaving bot stops the tournament with an error naming it.

use helvetia_ai::stats::summarize;
use helvetia_ai::tournament::{
    lineup, play_game, run, run_with, TournamentConfig, TournamentError,
};
use helvetia_ai::{parse_list, Bot, Budget};
use helvetia_engine::{Action, View};

fn config(bots: &str, players: u8, games: u32) -> TournamentConfig {
    TournamentConfig {
        bots: parse_list(bots).unwrap(),
        players,
        games,
        seed: 5,
        round_limit: Some(30),
        threads: 2,
    }
}

#[test]
fn every_entry_sits_in_every_seat_equally_often() {
    for (entries, players) in [(2, 2), (3, 4), (4, 4), (5, 3), (2, 4)] {
        let mut counts = vec![vec![0; players as usize]; entries];
        for game in 0..(entries as u32 * 3) {
            for (seat, entry) in lineup(entries, players, game).into_iter().enumerate() {
                counts[entry][seat] += 1;
            }
        }
        let first = counts[0][0];
        assert!(first > 0);
        assert!(
            counts.iter().flatten().all(|&c| c == first),
            "{entries} entries, {players} players: {counts:?}"
        );
    }
}

#[test]
fn records_replay_to_the_same_standings() {
    let config = config("greedy,random,random", 3, 6);
    let results = run(&config, &|_| {}).unwrap();
    assert_eq!(results.len(), 6);
    for (i, result) in results.iter().enumerate() {
        assert_eq!(result.index, i as u32);
        let game = result.record.replay().unwrap();
        assert!(game.is_over());
        assert_eq!(game.standings(), result.standings);
        let json = serde_json::to_string(&result.record).unwrap();
        let back: helvetia_engine::GameRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, result.record);
    }
    // The same tournament plays out the same, whatever the thread count.
    let again = run(
        &TournamentConfig {
            threads: 1,
            ..config.clone()
        },
        &|_| {},
    )
    .unwrap();
    for (a, b) in results.iter().zip(&again) {
        assert_eq!(a.record, b.record);
    }
}

#[test]
fn statistics_add_up() {
    let config = config("greedy,random", 2, 8);
    let results = run(&config, &|_| {}).unwrap();
    let names: Vec<String> = config.bots.iter().map(|b| b.to_string()).collect();
    let summary = summarize(&names, &results);
    assert_eq!(summary.len(), 2);
    let wins: f64 = summary.iter().map(|s| s.wins).sum();
    assert!((wins - 8.0).abs() < 1e-9, "one win per game in all: {wins}");
    for s in &summary {
        assert_eq!(s.games, 8);
        assert!(s.win_low <= s.win_rate && s.win_rate <= s.win_high);
        assert!(s.mean_rank >= 1.0 && s.mean_rank <= 2.0);
    }
    // A bot listed twice is one row over all its seats.
    let config = self::config("random,random", 2, 4);
    let results = run(&config, &|_| {}).unwrap();
    let names: Vec<String> = config.bots.iter().map(|b| b.to_string()).collect();
    let summary = summarize(&names, &results);
    assert_eq!(summary.len(), 1);
    assert_eq!(summary[0].games, 8);
    assert!((summary[0].wins - 4.0).abs() < 1e-9);
}

/// A bot that always ends its turn, legal or not.
struct Stubborn;

impl Bot for Stubborn {
    fn name(&self) -> String {
        "stubborn".into()
    }
    fn choose(&mut self, _view: &View, _budget: Budget) -> Action {
        Action::EndTurn
    }
}

/// A bot that panics on its first decision.
struct Crashing;

impl Bot for Crashing {
    fn name(&self) -> String {
        "crashing".into()
    }
    fn choose(&mut self, _view: &View, _budget: Budget) -> Action {
        panic!("out of ideas")
    }
}

#[test]
fn a_bot_that_breaks_the_rules_stops_the_tournament() {
    let config = config("random,random", 2, 6);
    let stubborn = |entry: usize, seed: u64| -> Box<dyn Bot> {
        if entry == 1 {
            Box::new(Stubborn)
        } else {
            config.bots[entry].build(seed)
        }
    };
    let error = run_with(&config, &stubborn, &|_| {}).unwrap_err();
    let TournamentError::Illegal { bot, reason, .. } = &error else {
        panic!("expected an illegal action, got {error}");
    };
    assert_eq!(bot, "stubborn");
    assert!(reason.contains("illegal action"), "{reason}");

    let crashing = |entry: usize, seed: u64| -> Box<dyn Bot> {
        if entry == 0 {
            Box::new(Crashing)
        } else {
            config.bots[entry].build(seed)
        }
    };
    let error = run_with(&config, &crashing, &|_| {}).unwrap_err();
    let TournamentError::Panic { bot, message, .. } = &error else {
        panic!("expected a panic, got {error}");
    };
    assert_eq!(bot, "crashing");
    assert_eq!(message, "out of ideas");
    let fine = play_game(&config, 0).unwrap();
    assert_eq!(fine.seats.len(), 2);
}
