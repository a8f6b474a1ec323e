//! Every counter and reference of a turn checked against what play can make of it: a position
//! or a record from another program that claims more is refused with the reason, before it can
//! reach the code that trusts it. One test per bound; each also checks that the position it
//! breaks was accepted before, so that it is the broken counter that is refused.

use helvetia_engine::{
    ActionSource, BuildingKind, Character, Game, GameOptions, Phase, Position, Seat, Step,
    TurnState, VillageId, CELLS,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// A three-player game with character tiles, walked at random to a turn's first decision in
/// round 2 or later, with the seat to move.
fn turn_position(players: u8) -> (Position, Seat) {
    let mut game = Game::new(GameOptions::for_players(players), 41);
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    loop {
        if let Phase::Turn { seat, turn } = game.position().phase {
            if game.position().round >= 2 && turn == TurnState::fresh() {
                return (game.position().clone(), seat);
            }
        }
        let legal = game.legal_actions();
        assert!(!legal.is_empty(), "the walk reaches round 2");
        game.play(legal[(rng.next_u64() % legal.len() as u64) as usize])
            .unwrap();
    }
}

/// The problems `position` is refused for, after checking that `base` was accepted.
fn refused(base: &Position, position: Position) -> Vec<String> {
    assert!(
        Game::from_position(base.clone()).is_ok(),
        "the base is sound"
    );
    match Game::from_position(position) {
        Ok(_) => panic!("the broken position was accepted"),
        Err(errors) => errors.iter().map(ToString::to_string).collect(),
    }
}

fn with_turn(position: &Position, seat: Seat, turn: TurnState) -> Position {
    let mut changed = position.clone();
    changed.phase = Phase::Turn { seat, turn };
    changed
}

fn assert_named(errors: &[String], words: &str) {
    assert!(
        errors.iter().any(|e| e.contains(words)),
        "no {words:?} in {errors:?}"
    );
}

#[test]
fn a_round_past_the_round_limit_is_refused() {
    let (base, _) = turn_position(3);
    let mut limited = base.clone();
    limited.options.round_limit = Some(limited.round);
    let mut past = limited.clone();
    past.round += 1;
    let errors = refused(&limited, past);
    assert_named(
        &errors,
        &format!("round {} is past the round limit", base.round + 1),
    );
}

#[test]
fn a_score_track_at_the_target_is_refused_while_the_game_goes_on() {
    let (base, seat) = turn_position(3);
    let target = base.options.target();
    let mut below = base.clone();
    below.player_mut(seat).score_track = target - 1;
    let mut at = base.clone();
    at.player_mut(seat).score_track = target;
    assert_named(
        &refused(&below, at),
        &format!("score track {target} is at the target {target}"),
    );
}

#[test]
fn a_tile_used_this_turn_must_be_the_players_and_face_down() {
    let (base, seat) = turn_position(3);
    let character = Character::Trader;
    let mut unheld = base.clone();
    unheld.character_tiles[character.index()].holder = None;
    unheld.character_tiles[character.index()].face_up = false;
    let turn = TurnState {
        tile: Some(character),
        ..TurnState::fresh()
    };
    let errors = refused(&base, with_turn(&unheld, seat, turn));
    assert_named(&errors, "tile used this turn must be the player's");

    let mut face_up = base.clone();
    face_up.character_tiles[character.index()].holder = Some(seat);
    face_up.character_tiles[character.index()].face_up = true;
    let errors = refused(&base, with_turn(&face_up, seat, turn));
    assert_named(
        &errors,
        "tile used this turn must be the player's and face down",
    );
}

#[test]
fn a_turn_closed_by_a_tile_needs_a_tile() {
    let (base, seat) = turn_position(3);
    let turn = TurnState {
        closed: true,
        ..TurnState::fresh()
    };
    assert_named(
        &refused(&base, with_turn(&base, seat, turn)),
        "closed by a tile without a tile used",
    );
}

#[test]
fn an_action_in_progress_must_have_been_begun() {
    let (base, seat) = turn_position(3);
    for source in [
        ActionSource::Regular,
        ActionSource::Tile,
        ActionSource::Neutral,
    ] {
        let turn = TurnState {
            source: Some(source),
            step: Step::Wake,
            ..TurnState::fresh()
        };
        assert_named(
            &refused(&base, with_turn(&base, seat, turn)),
            &format!("an action in progress from {source:?} that this turn has not begun"),
        );
    }
}

#[test]
fn a_step_works_only_in_a_village_it_can_reach() {
    let (base, seat) = turn_position(3);
    let other = VillageId::Player(Seat((seat.0 + 1) % 3));
    let own = VillageId::Player(seat);
    let mut coin = base.clone();
    let player = coin.player_mut(seat);
    if player.hand > 0 {
        player.hand -= 1;
    } else {
        panic!("a fresh turn of round 2 has a coin in hand");
    }
    player.on_characters[Character::Builder.index()] += 1;
    let kind = BuildingKind::ALL
        .into_iter()
        .find(|&kind| coin.displayed(kind) > 0)
        .expect("a building on display");
    let building = TurnState {
        regular: Some(Character::Builder),
        regular_actions: 1,
        source: Some(ActionSource::Regular),
        step: Step::Place { kind, village: own },
        ..TurnState::fresh()
    };
    let sound = with_turn(&coin, seat, building);
    for step in [
        Step::Place {
            kind,
            village: other,
        },
        Step::Place {
            kind,
            village: VillageId::Neutral,
        },
        Step::Dowry { village: own },
        Step::Dowry {
            village: VillageId::Player(Seat(3)),
        },
    ] {
        let turn = TurnState { step, ..building };
        assert_named(
            &refused(&sound, with_turn(&coin, seat, turn)),
            "the step works in a village it cannot reach",
        );
    }
}

#[test]
fn children_name_only_cells_of_a_village_where_a_newborn_lies() {
    let (base, seat) = turn_position(3);
    let past = TurnState {
        children: 1 << CELLS,
        ..TurnState::fresh()
    };
    assert_named(
        &refused(&base, with_turn(&base, seat, past)),
        "names cells past the 28 of a village",
    );
    let own = base.village(VillageId::Player(seat));
    let cell = helvetia_engine::Cell::all()
        .find(|cell| own.cells[cell.index()].is_none_or(|b| b.newborns == [0, 0]))
        .unwrap();
    let nobody = TurnState {
        children: cell.bit(),
        ..TurnState::fresh()
    };
    assert_named(
        &refused(&base, with_turn(&base, seat, nobody)),
        &format!("a child born this turn at {cell}, where no newborn lies"),
    );
}
