//! Round trips through the notation: positions and records survive JSON, records replay to the
//! same position, and a determinized view is a legal game that looks exactly like the original.

use helvetia_engine::{
    Direction, Game, GameOptions, GameRecord, Position, RulesRevision, SetupMode, View,
};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn options_strategy() -> impl Strategy<Value = GameOptions> {
    (
        2u8..=4,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(players, letters, clockwise, tiles, original)| GameOptions {
                // Records and positions round-trip under either rules revision.
                rules: if original {
                    RulesRevision::Original
                } else {
                    RulesRevision::Corrected
                },
                players,
                setup: if letters {
                    SetupMode::Letters
                } else {
                    SetupMode::Draft
                },
                character_tiles: tiles,
                direction: if clockwise {
                    Direction::Clockwise
                } else {
                    Direction::CounterClockwise
                },
                round_limit: Some(30),
                ..GameOptions::default()
            },
        )
}

/// Plays a random game, calling `visit` with the record so far and the game after each decision.
fn walk(
    options: GameOptions,
    seed: u64,
    choices: u64,
    mut visit: impl FnMut(&GameRecord, &Game) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut record = GameRecord::new(options, seed);
    let mut game = Game::new(options, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(choices);
    visit(&record, &game)?;
    while !game.is_over() {
        let legal = game.legal_actions();
        let action = legal[(rng.next_u64() % legal.len() as u64) as usize];
        game.play(action).expect("a listed action");
        record.actions.push(action);
        visit(&record, &game)?;
    }
    Ok(())
}

fn position_json_round_trip(game: &Game) -> Result<(), TestCaseError> {
    let json = serde_json::to_string(game.position()).expect("positions serialise");
    let parsed: Position = serde_json::from_str(&json).expect("serialised positions parse");
    prop_assert_eq!(&parsed, game.position());
    let rebuilt = Game::from_position(parsed).expect("a reached position is valid");
    prop_assert_eq!(&rebuilt, game);
    prop_assert_eq!(rebuilt.legal_actions(), game.legal_actions());
    let pretty = serde_json::to_string_pretty(game.position()).unwrap();
    prop_assert_eq!(
        &serde_json::from_str::<Position>(&pretty).unwrap(),
        game.position()
    );
    Ok(())
}

fn determinized_view(game: &Game, rng: &mut ChaCha8Rng) -> Result<(), TestCaseError> {
    let view = game.view();
    prop_assert!(view.position.stack2.is_empty() && view.position.stack3.is_empty());
    prop_assert_eq!(view.stack2_size as usize, game.position().stack2.len());
    prop_assert_eq!(view.stack3_size as usize, game.position().stack3.len());
    let json = serde_json::to_string(&view).unwrap();
    prop_assert_eq!(&serde_json::from_str::<View>(&json).unwrap(), &view);
    let dealt = view.determinize(rng);
    prop_assert!(dealt.check_invariants().is_ok());
    prop_assert_eq!(dealt.view(), view);
    let stacks = |p: &Position| {
        let mut two = p.stack2.to_vec();
        let mut three = p.stack3.to_vec();
        two.sort();
        three.sort();
        (two, three)
    };
    // The unseen tiles are the same tiles, only in another order.
    prop_assert_eq!(stacks(dealt.position()), stacks(game.position()));
    prop_assert_eq!(dealt.legal_actions(), game.legal_actions());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn positions_survive_json(options in options_strategy(), seed: u64, choices: u64) {
        walk(options, seed, choices, |_, game| position_json_round_trip(game))?;
    }

    #[test]
    fn records_replay_to_the_same_position(options in options_strategy(), seed: u64, choices: u64) {
        let mut step = 0usize;
        walk(options, seed, choices, |record, game| {
            step += 1;
            // Replaying is quadratic over a game; every 37th decision and the end are enough.
            if step % 37 == 1 || game.is_over() {
                let json = serde_json::to_string(record).unwrap();
                let parsed: GameRecord = serde_json::from_str(&json).unwrap();
                prop_assert_eq!(&parsed, record);
                let replayed = parsed.replay().expect("a played record replays");
                prop_assert_eq!(&replayed, game);
            }
            Ok(())
        })?;
    }

    #[test]
    fn determinized_views_look_the_same(options in options_strategy(), seed: u64, choices: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(choices ^ 0xd1ce);
        let mut step = 0usize;
        walk(options, seed, choices, |_, game| {
            step += 1;
            if step.is_multiple_of(5) { determinized_view(game, &mut rng) } else { Ok(()) }
        })?;
    }
}

/// A record's `actions` may be left out: it is then a new game.
#[test]
fn a_record_without_actions_is_a_new_game() {
    let record: GameRecord = serde_json::from_str(
        r#"{"options":{"players":3,"setup":"Letters","character_tiles":true,"target_vp":20,"direction":"Clockwise","round_limit":null},"seed":9}"#,
    )
    .unwrap();
    let options = record.options;
    assert_eq!(record.replay().unwrap(), Game::new(options, 9));
}
