//! Puzzles: those mined from self-play hold when judged again with fresh seeds and deals, carry
//! nothing hidden, are decisions the mover got wrong; themes and phases of known cases; a
//! forced decision is never a puzzle.

use helvetia_ai::puzzles::{
    generate, judge, next_decision, phase, puzzle_judgement, puzzles_in, recheck, themes,
    GamePhase, Puzzle, PuzzleSettings, Theme, MAX_STEPS,
};
use helvetia_ai::tournament::{play_game, TournamentConfig};
use helvetia_ai::{parse_list, Bot, RandomBot};
use helvetia_engine::{
    forced_step, Action, BuildingKind, Character, Game, GameOptions, GameRecord, View,
};

/// A self-play game of the ladder's cheap levels.
fn self_play(players: u8, index: u32) -> GameRecord {
    let config = TournamentConfig {
        bots: parse_list("level:greedy,level:good").unwrap(),
        players,
        games: 1,
        seed: 21,
        round_limit: None,
        threads: 1,
    };
    play_game(&config, index).unwrap().record
}

/// Whether `value` holds an object key named `key`, at any depth.
fn has_key(value: &serde_json::Value, key: &str) -> bool {
    match value {
        serde_json::Value::Object(map) => map
            .iter()
            .any(|(name, inner)| name == key || has_key(inner, key)),
        serde_json::Value::Array(items) => items.iter().any(|item| has_key(item, key)),
        _ => false,
    }
}

/// What every stored puzzle must be, whatever game it came from.
fn assert_publishable(puzzle: &Puzzle) {
    let json = serde_json::to_value(puzzle).unwrap();
    assert!(!has_key(&json, "seed"), "a puzzle carries a seed: {json}");
    let position = &puzzle.view.position;
    assert!(position.stack2.is_empty() && position.stack3.is_empty());
    assert_eq!(json["view"]["position"]["stack2"], serde_json::json!([]));
    assert_eq!(json["view"]["position"]["stack3"], serde_json::json!([]));
    assert!(
        (1..=MAX_STEPS).contains(&puzzle.solution.len()),
        "{puzzle:?}"
    );
    assert_eq!(puzzle.later_accepted.len() + 1, puzzle.solution.len());
    for (step, answer) in puzzle.solution.iter().enumerate() {
        assert!(puzzle.accepts_at(step, answer), "{puzzle:?}");
        let view = puzzle
            .view_at(step)
            .expect("the line goes on from the view");
        assert_eq!(forced_step(&view.position), None);
        assert_eq!(view.position.to_move(), Some(puzzle.mover()));
        if puzzle.steps() > 1 {
            assert_eq!(
                puzzle.accepted_at(step),
                [*answer],
                "each step the only good one"
            );
        }
    }
    assert_eq!(json.get("later_accepted").is_some(), puzzle.steps() > 1);
    assert!(puzzle.agreement >= 0.9 && puzzle.margin > 0.0, "{puzzle:?}");
    let back: Puzzle = serde_json::from_value(json).unwrap();
    assert_eq!(&back, puzzle);
}

#[test]
fn puzzles_from_self_play_hold_with_fresh_seeds_and_were_missed_by_the_mover() {
    let settings = PuzzleSettings::quick();
    let mut found = 0;
    for (players, index) in [(2, 0), (3, 1), (2, 2)] {
        let record = self_play(players, index);
        let id = format!("game-{index}");
        let puzzles = puzzles_in(&record, Some(id.clone()), &settings, 7);
        let mut game = Game::new(record.options, record.seed);
        let mut step = 0;
        for puzzle in &puzzles {
            assert_publishable(puzzle);
            assert_eq!(puzzle.source.game.as_deref(), Some(id.as_str()));
            while step < puzzle.source.step {
                game.play(record.actions[step]).unwrap();
                step += 1;
            }
            assert_eq!(puzzle.view, game.view(), "the view at the decision");
            let played = record.actions[puzzle.source.step];
            assert!(!puzzle.accepts(&played), "the mover played a solution");
            for fresh in [101, 202] {
                assert!(
                    recheck(puzzle, &settings, fresh),
                    "seed {fresh}: {puzzle:?}"
                );
            }
            // With the full settings too: more deals, more iterations.
            assert!(recheck(puzzle, &PuzzleSettings::default(), 303));
        }
        found += puzzles.len();
    }
    assert!(found >= 1, "three games gave no puzzle to check");
}

#[test]
fn generation_counts_add_up_and_do_not_depend_on_the_threads() {
    let settings = PuzzleSettings::quick();
    let calls = std::sync::atomic::AtomicUsize::new(0);
    let progress = |done: usize, total: usize| {
        assert!(done <= total && total == 2);
        calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    };
    let (one, stats) = generate(2, 1, &settings, 1, &progress);
    let (two, _) = generate(2, 2, &settings, 1, &|_, _| {});
    assert_eq!(one, two);
    assert_eq!(calls.into_inner(), 2);
    assert_eq!(stats.games, 2);
    assert_eq!(stats.puzzles, one.len());
    assert!(stats.candidates <= 2 * settings.candidates_per_game);
    assert!(stats.puzzles <= stats.candidates && stats.candidates <= stats.decisions);
    assert!(!one.is_empty(), "two games gave no puzzle");
    for puzzle in &one {
        assert_publishable(puzzle);
        assert_eq!(puzzle.source.game, None);
    }
}

#[test]
fn a_look_at_a_share_of_the_decisions_sees_about_that_share_and_the_same_ones_each_time() {
    let every = PuzzleSettings::quick();
    let quarter = PuzzleSettings {
        look_share: 0.25,
        ..every
    };
    let (_, all) = generate(2, 2, &every, 7, &|_, _| {});
    let (sampled, some) = generate(2, 2, &quarter, 7, &|_, _| {});
    let (again, _) = generate(2, 2, &quarter, 7, &|_, _| {});
    assert_eq!(sampled, again);
    let share = some.decisions as f64 / all.decisions as f64;
    assert!(
        (0.15..0.35).contains(&share),
        "{} of {} decisions looked at",
        some.decisions,
        all.decisions
    );
}

#[test]
fn a_kept_decision_goes_on_through_the_turn_while_each_next_one_is_the_only_good_one() {
    // Two self-play games of which one holds a line of two decisions: a coin on the Builder,
    // then the one building worth building.
    let settings = PuzzleSettings::quick();
    let (found, _) = generate(2, 1, &settings, 4, &|_, _| {});
    let line = found
        .iter()
        .find(|puzzle| puzzle.steps() > 1)
        .expect("a puzzle of several decisions");
    assert_publishable(line);
    // The second decision is the mover's own, in the same turn, after the first answer; it is
    // worked out from the view alone and judged as the first.
    let second = line.view_at(1).unwrap();
    assert_eq!(
        Some(second.clone()),
        next_decision(&line.view, line.solution[0])
    );
    assert_eq!(second.position.round, line.view.position.round);
    assert!(line.view.legal_actions().contains(&line.solution[0]));
    assert!(second.legal_actions().contains(&line.solution[1]));
    // The themes are the whole line's: the second answer's too.
    for theme in themes(&line.view, &line.solution[1..], None) {
        assert!(
            line.themes.contains(&theme),
            "{theme:?} in {:?}",
            line.themes
        );
    }
    // Ending the turn ends the line.
    if second.legal_actions().contains(&Action::EndTurn) {
        assert_eq!(next_decision(&second, Action::EndTurn), None);
    }
    for fresh in [101, 202] {
        assert!(recheck(line, &settings, fresh), "seed {fresh}: {line:?}");
    }
    // Control: another answer recorded at the second step does not hold, so every step is
    // judged again, not the first alone.
    let mut tampered = line.clone();
    let other = *second
        .legal_actions()
        .iter()
        .find(|action| **action != line.solution[1])
        .unwrap();
    tampered.solution[1] = other;
    tampered.later_accepted[0] = vec![other];
    assert!(!recheck(&tampered, &settings, 101), "{tampered:?}");
}

/// A game played at random from `seed` until `stop` holds.
fn random_until(players: u8, seed: u64, stop: impl Fn(&Game) -> bool) -> Game {
    let mut game = Game::new(GameOptions::for_players(players), seed);
    let mut bot = RandomBot::new(seed);
    while !stop(&game) {
        let action = bot.choose(&game.view(), Default::default());
        game.play(action).unwrap();
    }
    game
}

#[test]
fn a_forced_decision_is_never_a_puzzle() {
    let game = random_until(2, 3, |game| forced_step(game.position()).is_some());
    let view = game.view();
    let settings = PuzzleSettings::quick();
    let judgement = judge(&view, &settings, 1);
    assert_eq!(judgement.actions.len(), 1);
    assert!(!judgement.clear);
    assert_eq!(puzzle_judgement(&view, &settings, 1), None);
}

#[test]
fn themes_follow_the_solution_and_the_phase_the_round() {
    let opening = Game::new(GameOptions::for_players(2), 1).view();
    let middle = random_until(2, 4, |game| {
        game.position().round == 3 && game.to_move().is_some()
    });
    let middle: View = middle.view();
    assert_eq!(phase(&opening, Some(8)), GamePhase::Opening);
    assert_eq!(phase(&middle, Some(8)), GamePhase::Middle);
    assert_eq!(phase(&middle, None), GamePhase::Middle);
    assert_eq!(phase(&middle, Some(3)), GamePhase::LastRound);

    let cases: [(Vec<Action>, Vec<Theme>); 6] = [
        (
            vec![Action::Begin(Character::Priest)],
            vec![Theme::Marriage],
        ),
        (
            vec![Action::UseTile(Character::Midwife)],
            vec![Theme::Child, Theme::CharacterTile],
        ),
        (
            vec![
                Action::Begin(Character::Builder),
                Action::Build(BuildingKind::ALL[0]),
            ],
            vec![Theme::Building],
        ),
        (
            vec![Action::Begin(Character::Trader)],
            vec![Theme::Delivery],
        ),
        (
            vec![Action::Begin(Character::NightWatchman)],
            vec![Theme::NightWatchman],
        ),
        (vec![Action::EndTurn], vec![]),
    ];
    for (solution, expected) in cases {
        let mut expected = expected;
        expected.sort();
        assert_eq!(
            themes(&middle, &solution, Some(8)),
            expected,
            "{solution:?}"
        );
        expected.push(Theme::Endgame);
        expected.sort();
        assert_eq!(
            themes(&middle, &solution, Some(3)),
            expected,
            "{solution:?}"
        );
    }

    // The decision that ends a game is about its end, whatever the round is known to be.
    let record = self_play(2, 0);
    let (last, before) = record.actions.split_last().unwrap();
    let mut game = Game::new(record.options, record.seed);
    for &action in before {
        game.play(action).unwrap();
    }
    assert!(themes(&game.view(), &[*last], None).contains(&Theme::Endgame));
    assert!(!themes(&middle, &[Action::EndTurn], None).contains(&Theme::Endgame));
}
