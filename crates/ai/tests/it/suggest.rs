//! The table's suggestion: planned from the view, a legal action, and never a purchase of a
//! material that one of the player's own awake villagers can make (alone or through exchange).

use helvetia_ai::suggest;
use helvetia_engine::{Action, Game, GameOptions, Good, Phase, Step};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Whether some chain of work steps in `game` ends in paying with `material`.
fn own_villager_makes(game: &Game, material: Good, depth: usize) -> bool {
    depth > 0
        && game.legal_actions().iter().any(|&action| {
            if !matches!(action, Action::Work { .. }) {
                return false;
            }
            let mut after = game.clone();
            after.play(action).unwrap();
            after.legal_actions().contains(&Action::Pay(material))
                || own_villager_makes(&after, material, depth - 1)
        })
}

#[test]
fn the_suggestion_never_buys_what_an_own_awake_villager_makes() {
    let mut paying = 0;
    let mut buys_avoided = 0;
    for players in 2..=4u8 {
        for seed in 0..12u64 {
            let mut options = GameOptions::for_players(players);
            options.round_limit = Some(3);
            let mut game = Game::new(options, seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !game.is_over() {
                let legal = game.legal_actions();
                let paying_now = matches!(game.position().phase,
                    Phase::Turn { turn, .. } if matches!(turn.step, Step::Pay { .. }));
                if paying_now {
                    paying += 1;
                    let suggested = suggest(&game.view()).expect("a suggestion while paying");
                    assert!(legal.contains(&suggested), "{suggested:?} is legal");
                    for material in Good::MATERIALS {
                        if own_villager_makes(&game, material, 3) {
                            buys_avoided += 1;
                            assert_ne!(
                                suggested,
                                Action::Buy(material),
                                "suggested buying {material:?} that an own villager makes"
                            );
                        }
                    }
                }
                game.play(legal[rng.next_u32() as usize % legal.len()])
                    .unwrap();
            }
        }
    }
    assert!(paying > 0 && buys_avoided > 0, "{paying} {buys_avoided}");
}
