//! Tests of the table's explanations: the confirmation before coins go unused, the reason a
//! refused click is given, and the suggestion's words.

use helvetia_engine::{forfeits, Action, Game, GameOptions, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::{render_table, Lang, PlayerInfo, TableInput};

fn players(n: u8) -> Vec<PlayerInfo> {
    (0..n)
        .map(|s| PlayerInfo {
            seat: Seat(s),
            name: ["anna", "bruno", "carla", "dario"][usize::from(s)].to_string(),
            is_bot: false,
            stands_in: false,
            connected: true,
        })
        .collect()
}

/// The table of `game` for the player to move (`decides`) or for someone watching.
fn table(game: &Game, decides: bool, lang: Lang) -> String {
    suggested_table(game, decides, lang, None)
}

fn suggested_table(game: &Game, decides: bool, lang: Lang, suggestion: Option<Action>) -> String {
    let legal: Vec<Action> = if decides {
        game.legal_actions().to_vec()
    } else {
        Vec::new()
    };
    let view = game.view();
    let infos = players(game.options().players);
    render_table(&TableInput {
        legal: &legal,
        version: 1,
        suggestion,
        ..TableInput::new("h", &view, &infos, lang)
    })
}

#[test]
fn a_decision_that_leaves_coins_unused_carries_a_confirmation_naming_the_coins() {
    let mut found = 0;
    for seed in 0..30 {
        let mut options = GameOptions::for_players(2);
        options.round_limit = Some(3);
        let mut game = Game::new(options, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !game.is_over() {
            let legal = game.legal_actions();
            let flagged = forfeits(game.position(), &legal);
            let html = table(&game, true, Lang::En);
            assert_eq!(html.matches("data-confirm-for=").count(), flagged.len());
            for (index, forfeit) in &flagged {
                found += 1;
                assert!(html.contains(&format!("data-confirm-for=\"{index}\"")));
                assert!(html.contains(&format!("data-confirmed=\"{index}\"")));
                let coins = if forfeit.coins == 1 {
                    "You still hold 1 coin.".to_string()
                } else {
                    format!("You still hold {} coins.", forfeit.coins)
                };
                assert!(html.contains(&coins), "{coins}");
            }
            // Nobody else is asked: the lines belong to the decision.
            assert!(!table(&game, false, Lang::En).contains("data-confirm-for="));
            game.play(legal[rng.next_u32() as usize % legal.len()])
                .unwrap();
        }
    }
    assert!(
        found > 0,
        "random two-player games reach the neutral coin's warning"
    );
}

#[test]
fn a_refused_click_is_answered_with_whose_turn_it_is_or_what_is_being_decided() {
    let game = Game::new(GameOptions::for_players(3), 5);
    let seat = game.to_move().unwrap();
    let name = ["anna", "bruno", "carla"][seat.index()];
    let watching = table(&game, false, Lang::En);
    assert!(
        watching.contains(&format!(
            "data-refusal=\"Not now: it is {name}&#39;s turn.\""
        )) || watching.contains(&format!("data-refusal=\"Not now: it is {name}'s turn.\"")),
        "{name}"
    );
    let deciding = table(&game, true, Lang::De);
    assert!(deciding.contains("data-refusal=\"Das geht nicht: "));
    assert!(deciding.contains("class=\"refusal\""));
}

#[test]
fn the_suggestion_plays_the_given_action_and_says_why_in_words() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut game = Game::new(GameOptions::for_players(2), 2);
    let mut shown = 0;
    while !game.is_over() && shown < 5 {
        let legal = game.legal_actions();
        let work = legal.iter().position(|a| matches!(a, Action::Work { .. }));
        let paying = matches!(game.position().phase,
            helvetia_engine::Phase::Turn { turn, .. } if matches!(turn.step, helvetia_engine::Step::Pay { .. }));
        if let (true, Some(index)) = (paying, work) {
            let html = suggested_table(&game, true, Lang::En, Some(legal[index]));
            assert!(html.contains(&format!("class=\"suggested\" data-action=\"{index}\"")));
            assert!(
                html.contains(": free, no coin needed."),
                "the reason in words"
            );
            // Without a suggestion from the server, none is shown.
            assert!(!table(&game, true, Lang::En).contains("class=\"suggested\""));
            shown += 1;
        }
        game.play(legal[rng.next_u32() as usize % legal.len()])
            .unwrap();
    }
    assert!(shown > 0);
}
