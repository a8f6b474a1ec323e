//! Every bot returns only legal actions, from positions of every phase with 2, 3 and 4 players,
//! and the same seed and iteration budget give the same action.

use helvetia_ai::{BotSpec, Budget, MctsParams};
use helvetia_engine::{Game, GameOptions, Phase, SetupMode, View};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Positions from random walks: every decision of `games` games per player count, cut off after
/// `round_limit` rounds. Both setup variants; all phases from the draft to the end.
fn random_positions(games: u64, round_limit: u16) -> Vec<View> {
    let mut views = Vec::new();
    for players in 2..=4u8 {
        for seed in 0..games {
            let mut options = GameOptions::for_players(players);
            options.round_limit = Some(round_limit);
            if seed % 3 == 2 {
                options.setup = SetupMode::Letters;
            }
            let mut game = Game::new(options, 1000 + seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !game.is_over() {
                views.push(game.view());
                let legal = game.legal_actions();
                game.play(legal[rng.next_u64() as usize % legal.len()])
                    .unwrap();
            }
        }
    }
    views
}

fn phase_name(view: &View) -> &'static str {
    match view.position.phase {
        Phase::Draft { .. } => "draft",
        Phase::PlaceNeutral { .. } => "neutral",
        Phase::PlaceStart { .. } => "start",
        Phase::PlacePair { .. } => "pair",
        Phase::Turn { .. } => "turn",
        Phase::SchoolReturn { .. } => "school",
        Phase::GameOver => "over",
    }
}

/// Asks `spec` for a decision at every `step`-th position and checks it is legal. Returns how
/// many positions were asked, and checks every phase was among them.
fn check_bot(spec: &str, views: &[View], step: usize) -> usize {
    let spec: BotSpec = spec.parse().unwrap();
    let mut asked = 0;
    let mut phases = std::collections::BTreeSet::new();
    for (i, view) in views.iter().enumerate().step_by(step) {
        let mut bot = spec.build(i as u64);
        let action = bot.choose(view, spec.budget());
        let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
        let game = view.determinize(&mut rng);
        assert!(
            game.legal_actions().contains(&action),
            "{spec} chose the illegal {action:?} at position {i} ({:?})",
            view.position.phase
        );
        phases.insert(phase_name(view));
        asked += 1;
    }
    for phase in ["draft", "neutral", "start", "pair", "turn", "school"] {
        assert!(phases.contains(phase), "{spec} was never asked in {phase}");
    }
    asked
}

#[test]
fn random_bot_plays_only_legal_actions() {
    let views = random_positions(8, 8);
    assert!(check_bot("random", &views, 1) >= 5000);
}

#[test]
fn greedy_bot_plays_only_legal_actions() {
    let views = random_positions(8, 8);
    let step = (views.len() / 2500).max(1);
    assert!(check_bot("greedy", &views, step) >= 2000);
}

#[test]
fn mcts_bot_plays_only_legal_actions() {
    let views = random_positions(8, 8);
    let step = (views.len() / 2000).max(1);
    assert!(check_bot("mcts:24", &views, step) >= 1500);
    assert!(check_bot("mcts:iterations=16,threads=2", &views, step * 8) >= 150);
}

#[test]
fn same_seed_and_iterations_give_the_same_action() {
    let views = random_positions(2, 4);
    let step = views.len() / 60;
    for spec in [
        "random",
        "greedy",
        "mcts:200",
        "mcts:iterations=200,threads=2",
    ] {
        let spec: BotSpec = spec.parse().unwrap();
        for view in views.iter().step_by(step) {
            let first = spec.build(42).choose(view, spec.budget());
            let again = spec.build(42).choose(view, spec.budget());
            assert_eq!(first, again, "{spec} changed its mind");
        }
    }
}

#[test]
fn search_results_repeat_exactly() {
    let views = random_positions(1, 3);
    let view = views
        .iter()
        .find(|v| {
            matches!(v.position.phase, Phase::Turn { .. })
                && v.determinize(&mut ChaCha8Rng::seed_from_u64(0))
                    .legal_actions()
                    .len()
                    > 3
        })
        .expect("a turn with a choice");
    for threads in [1, 2] {
        let params = MctsParams {
            threads,
            ..MctsParams::default()
        };
        let a = helvetia_ai::mcts::search(view, 9, Budget::iterations(300), &params);
        let b = helvetia_ai::mcts::search(view, 9, Budget::iterations(300), &params);
        assert_eq!(a, b);
        assert_eq!(a.iterations, 300);
        assert_eq!(a.root.iter().map(|r| r.visits as u64).sum::<u64>(), 300);
    }
}
