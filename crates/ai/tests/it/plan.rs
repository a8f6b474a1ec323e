//! The planning MCTS bot: one search per turn when the game goes as planned, a new search
//! when it does not, legal actions throughout, and the same choices from the same seed.

use helvetia_ai::{Bot, BotKind, BotSpec, Budget, MctsBot};
use helvetia_engine::{Game, GameOptions, Phase, TurnState, View};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// An MCTS bot built from `name`, as a concrete type (to count its searches).
fn mcts(name: &str, seed: u64) -> (MctsBot, Budget) {
    let spec: BotSpec = name.parse().unwrap();
    let BotKind::Mcts { params, budget } = spec.kind else {
        panic!("{name} is not an MCTS bot");
    };
    (MctsBot::new(seed, params, budget), budget)
}

/// A game at the start of a turn with several choices, in round `round` of a seeded random walk.
fn turn_start(players: u8, round: u16, seed: u64) -> Game {
    let mut game = Game::new(GameOptions::for_players(players), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let fresh =
            matches!(game.position().phase, Phase::Turn { turn, .. } if turn == TurnState::fresh());
        if fresh && game.position().round >= round && game.legal_actions().len() > 2 {
            return game;
        }
        let legal = game.legal_actions();
        game.play(legal[rng.next_u64() as usize % legal.len()])
            .unwrap();
    }
}

/// Plays the turn of the player to move in `game` with `bot`; returns the decisions made.
fn play_turn(game: &mut Game, bot: &mut MctsBot, budget: Budget) -> Vec<View> {
    let me = game.to_move().unwrap();
    let mut views = Vec::new();
    while game.to_move() == Some(me) {
        let view = game.view();
        let action = bot.choose(&view, budget);
        game.play(action).expect("a legal action");
        views.push(view);
    }
    views
}

#[test]
fn planning_bots_play_whole_games_legally() {
    for (players, seed) in [(2u8, 1u64), (3, 2), (4, 3)] {
        let mut options = GameOptions::for_players(players);
        options.round_limit = Some(4);
        let mut game = Game::new(options, seed);
        let mut bots: Vec<_> = (0..players)
            .map(|s| mcts("mcts:150,plan_share=0.27", seed * 10 + u64::from(s)))
            .collect();
        while let Some(seat) = game.to_move() {
            let (bot, budget) = &mut bots[seat.index()];
            let action = bot.choose(&game.view(), *budget);
            assert!(
                game.legal_actions().contains(&action),
                "{players} players: illegal {action:?} in {:?}",
                game.position().phase
            );
            game.play(action).unwrap();
        }
        let planned_away: u64 = bots.iter().map(|(bot, _)| bot.searches()).sum();
        assert!(planned_away > 0, "the bots searched");
    }
}

#[test]
fn a_turn_that_goes_as_planned_is_searched_once() {
    for (players, round, seed) in [(2u8, 1u16, 5u64), (2, 3, 6), (3, 2, 7)] {
        let mut game = turn_start(players, round, seed);
        // Every node of the tree counts, so the plan reaches as far as the tree has grown.
        let (mut bot, budget) = mcts("mcts:3000,plan_share=0.0001", 1);
        let views = play_turn(&mut game, &mut bot, budget);
        assert!(
            views.len() > 1,
            "a turn of several decisions ({players}, {round})"
        );
        assert_eq!(
            bot.searches(),
            1,
            "{} decisions from one search ({players}, {round})",
            views.len()
        );
    }
}

/// The decisions among `views` that offered a choice.
fn choices(views: &[View]) -> u64 {
    views
        .iter()
        .filter(|v| {
            v.determinize(&mut ChaCha8Rng::seed_from_u64(0))
                .legal_actions()
                .len()
                > 1
        })
        .count() as u64
}

#[test]
fn per_decision_bots_search_every_choice() {
    // Off, and on with a share no node can reach (ten times a decision's iterations).
    for name in ["mcts:300,plan=off", "mcts:300,plan_share=10"] {
        let mut game = turn_start(2, 2, 8);
        let (mut bot, budget) = mcts(name, 1);
        let before = game.clone();
        let views = play_turn(&mut game, &mut bot, budget);
        let choices = choices(&views);
        assert!(choices > 1);
        assert_eq!(
            bot.searches(),
            choices,
            "{name} from {:?}",
            before.position().phase
        );
    }
}

#[test]
fn an_unforeseen_view_is_searched_again() {
    let game = turn_start(2, 2, 9);
    let (mut bot, budget) = mcts("mcts:2000,plan_share=0.0001", 3);
    let view = game.view();
    let planned = bot.choose(&view, budget);
    assert_eq!(bot.searches(), 1);
    assert!(bot.planned() > 0, "a plan beyond the first decision");
    // Something the plan did not foresee: another first decision.
    let other = *game
        .legal_actions()
        .iter()
        .find(|&&a| a != planned)
        .expect("another choice");
    let mut elsewhere = game.clone();
    elsewhere.play(other).unwrap();
    let unforeseen = elsewhere.view();
    let action = bot.choose(&unforeseen, budget);
    assert_eq!(bot.searches(), 2, "the unforeseen view was searched");
    assert!(elsewhere.legal_actions().contains(&action));
    // Nothing of the stale plan was used: a fresh bot with the same seed agrees.
    let (mut fresh, _) = mcts("mcts:2000,plan_share=0.0001", 3);
    assert_eq!(fresh.choose(&unforeseen, budget), action);
}

#[test]
fn the_same_view_seed_and_iterations_give_the_same_action() {
    for (players, round, seed) in [(2u8, 1u16, 10u64), (3, 3, 11), (4, 2, 12)] {
        let view = turn_start(players, round, seed).view();
        for name in ["mcts:500", "mcts:500,threads=2", "mcts:500,plan=off"] {
            let spec: BotSpec = name.parse().unwrap();
            let first = spec.build(42).choose(&view, spec.budget());
            let again = spec.build(42).choose(&view, spec.budget());
            assert_eq!(first, again, "{name} ({players} players, round {round})");
        }
    }
}

#[test]
fn a_replayed_turn_makes_the_same_decisions() {
    for name in [
        "mcts:800,plan_share=0.125",
        "mcts:800,plan_share=0.125,threads=2",
    ] {
        let start = turn_start(3, 2, 13);
        let replays: Vec<(Vec<View>, u64)> = (0..2)
            .map(|_| {
                let mut game = start.clone();
                let (mut bot, budget) = mcts(name, 77);
                let mut views = play_turn(&mut game, &mut bot, budget);
                views.push(game.view());
                (views, bot.searches())
            })
            .collect();
        assert_eq!(replays[0], replays[1], "{name}");
    }
}

#[test]
fn a_turns_deadline_stops_every_search_and_a_plan_does_not_stretch_it() {
    let game = turn_start(3, 2, 5);
    let view = game.view();
    let at = std::time::Instant::now();
    let spent = Budget {
        until: Some(at),
        ..Budget::iterations(2000)
    };
    let params = helvetia_ai::MctsParams::default();
    assert_eq!(
        helvetia_ai::mcts::search(&view, 1, spent, &params).iterations,
        0
    );
    // The planning search (1.5 times the budget) stops there too, and a deadline alone
    // leaves the bot its own iterations.
    for budget in [
        spent,
        Budget {
            until: Some(at),
            ..Budget::default()
        },
    ] {
        let (mut bot, _) = mcts("mcts:2000", 1);
        bot.choose(&view, budget);
        assert_eq!(bot.searches(), 0, "{budget:?}");
    }
    let (mut bot, budget) = mcts("mcts:2000", 1);
    bot.choose(&view, budget);
    assert_eq!(bot.searches(), 1, "without a deadline the bot searches");
}
