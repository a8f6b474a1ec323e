//! Hints: from a view alone, the search's preferred decisions for the rest of the player's
//! turn, legal in the real game, with chances to win that are chances, the same every time.

use helvetia_ai::analysis::{hint, AnalysisSettings};
use helvetia_ai::{Bot, Budget, GreedyBot};
use helvetia_engine::{Game, GameOptions, Phase, Step};

/// A game of greedy bots from `seed`, played until `stop` says so.
fn greedy_game(players: u8, seed: u64, stop: impl Fn(&Game) -> bool) -> Game {
    let mut game = Game::new(GameOptions::for_players(players), seed);
    let mut bots: Vec<GreedyBot> = (0..players)
        .map(|seat| GreedyBot::new(seed ^ u64::from(seat)))
        .collect();
    while let Some(seat) = game.to_move() {
        if stop(&game) {
            break;
        }
        let action = bots[seat.index()].choose(&game.view(), Budget::default());
        game.play(action).unwrap();
    }
    game
}

fn quick() -> AnalysisSettings {
    AnalysisSettings {
        iterations: 150,
        seed: 0,
    }
}

/// The line, played on the real game (whose stacks the hint never saw), is legal, and it is
/// the turn of the player the hint was for.
fn check_line(game: &Game) {
    let view = game.view();
    let seat = game.to_move().unwrap();
    let found = hint(&view, quick()).expect("a running game has a hint");
    assert_eq!(found.seat, seat.0);
    assert!(!found.line.is_empty());
    assert!((0.0..=1.0).contains(&found.before), "{found:?}");
    assert!((0.0..=1.0).contains(&found.after), "{found:?}");
    let mut real = game.clone();
    for (i, &action) in found.line.iter().enumerate() {
        assert_eq!(real.to_move(), Some(seat), "decision {i} of {found:?}");
        real.play(action)
            .unwrap_or_else(|error| panic!("decision {i} of {found:?}: {error:?}"));
    }
    assert_eq!(
        hint(&view, quick()),
        Some(found),
        "the same view, the same hint"
    );
}

#[test]
fn a_hint_at_a_turns_start_is_a_legal_line_of_that_turn() {
    let game = greedy_game(2, 3, |game| {
        game.position().round >= 2
            && matches!(game.position().phase, Phase::Turn { turn, .. } if turn.step == Step::Choose)
    });
    check_line(&game);
}

#[test]
fn a_hint_in_the_middle_of_a_turn_goes_on_from_there() {
    let game = greedy_game(3, 8, |game| {
        game.position().round >= 2
            && matches!(game.position().phase, Phase::Turn { turn, .. } if turn.step != Step::Choose)
    });
    check_line(&game);
}

#[test]
fn a_hint_in_the_setup_names_a_setup_decision() {
    let game = Game::new(GameOptions::for_players(2), 4);
    check_line(&game);
}

#[test]
fn a_finished_game_has_no_hint() {
    let game = greedy_game(2, 6, |_| false);
    assert!(game.is_over());
    assert_eq!(hint(&game.view(), quick()), None);
}
