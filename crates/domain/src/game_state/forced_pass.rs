//! The exception to forced steps, as the server applies it: a lone `Pass` by a person with coins
//! in hand gives the coins up for the round (ruling 8), so the server never plays it for them. No
//! game played from a seed is known to reach that decision (random play never does), so these
//! tests set the position by hand and go through the server's game state: what the bot task
//! plays ([`GameState::person_forced_step`]), what the games row tells the watcher of other
//! nodes ([`GameState::summary`], and the summary of a change), and whether the log marks the
//! pass as the only choice.

use helvetia_engine::{
    Action, Building, BuildingKind, Character, Game, GameOptions, Phase, Position, Seat, Sex,
    TurnState, VillageId, Villager,
};

use super::test_records::people_record;
use super::{Choice, Decision, GameState};

/// A running three-player game of people, seat 0 to move with `hand` coins in hand (the rest on
/// the Night Watchman) and the villages empty; with `tile`, seat 0 holds the Night Watchman's
/// tile and one woman of seat 1 sleeps on a Holzfäller.
fn game_state(hand: u8, tile: bool) -> GameState {
    let options = GameOptions {
        character_tiles: true,
        ..GameOptions::for_players(3)
    };
    let record = people_record(options, 1);
    let mut state = GameState::from_record(record).expect("a new game");
    let position = position(state.game.position(), hand, tile);
    state.game = Game::from_position(position).expect("a legal position");
    state.now = Decision::of(&state.game);
    state
}

/// The start of the game `start` turned into the position [`game_state`] describes.
fn position(start: &Position, hand: u8, tile: bool) -> Position {
    let mut position = start.clone();
    // The start buildings the draft would hand out go back to the box.
    for (boxed, pool) in position.boxed.iter_mut().zip(position.draft_pool) {
        *boxed += pool;
    }
    position.draft_pool = [0; 5];
    for player in &mut position.players {
        player.start_buildings = [0; 5];
    }
    let coins = &mut position.players[0];
    coins.on_characters[Character::NightWatchman.index()] = coins.hand - hand;
    coins.hand = hand;
    position.phase = Phase::Turn {
        seat: Seat(0),
        turn: TurnState::fresh(),
    };
    if !tile {
        return position;
    }
    position.character_tiles[Character::NightWatchman.index()].holder = Some(Seat(0));
    let seat1 = VillageId::Player(Seat(1));
    let mut woodcutter = Building::new(BuildingKind::Holzfaeller);
    woodcutter.villagers.push(Villager {
        owner: seat1,
        sex: Sex::Female,
        awake: false,
    });
    let cell = helvetia_engine::Cell::at(-1, -1).expect("a ring-1 cell");
    position.village_mut(seat1).cells[cell.index()] = Some(woodcutter);
    position.players[1].supply[Sex::Female.index()] -= 1;
    let start_kind = BuildingKind::Holzfaeller
        .start_index()
        .expect("a start kind");
    position.boxed[start_kind] -= 1;
    position
}

/// Plays `action` for seat 0 as the write path does: worked out, then applied.
fn play(state: &mut GameState, action: Action) -> crate::records::RowSummary {
    play_for(state, Seat(0), action)
}

/// Plays `action` for `seat` as the write path does: worked out, then applied.
fn play_for(state: &mut GameState, seat: Seat, action: Action) -> crate::records::RowSummary {
    let change = state
        .try_action(Some(seat), state.version(), Choice::Action(action))
        .expect("a legal action");
    let summary = change.summary.clone();
    state.apply(change);
    summary
}

#[test]
fn a_lone_pass_with_coins_is_never_played_for_the_person_and_without_coins_it_is() {
    let without_coins = game_state(0, false);
    assert_eq!(
        without_coins.game.legal_actions().as_slice(),
        [Action::Pass]
    );
    assert_eq!(
        without_coins.person_forced_step(),
        Some((Seat(0), "u0".to_string(), Action::Pass)),
        "nothing to give up: the server plays it"
    );
    assert!(without_coins.summary().forced_step);

    let with_coins = game_state(2, false);
    assert_eq!(with_coins.game.legal_actions().as_slice(), [Action::Pass]);
    assert_eq!(with_coins.person_forced_step(), None, "the coins wait");
    assert!(
        !with_coins.summary().forced_step,
        "no node's watcher plays it"
    );
}

#[test]
fn a_lone_pass_with_coins_reached_by_a_forced_step_waits_for_the_person() {
    // Seat 2 to move at a fresh turn with nothing in hand and nothing to do: its lone pass is a
    // forced step. Seats 0 and 1 have coins in hand, so the round goes on, to seat 0, whose turn
    // is fresh too: only the coins in seat 0's hand keep its own lone pass from being played, not
    // the rule that leaves the end of a begun turn to its person.
    let mut state = game_state(2, false);
    let mut position = state.game.position().clone();
    let seat2 = &mut position.players[2];
    seat2.on_characters[Character::NightWatchman.index()] += seat2.hand;
    seat2.hand = 0;
    position.phase = Phase::Turn {
        seat: Seat(2),
        turn: TurnState::fresh(),
    };
    state.game = Game::from_position(position).expect("a legal position");
    state.now = Decision::of(&state.game);
    assert_eq!(
        state.person_forced_step(),
        Some((Seat(2), "u2".to_string(), Action::Pass)),
        "nothing in hand to give up: a forced step the server plays"
    );
    // The server plays it; the change it stores says no forced step waits after it.
    let summary = play_for(&mut state, Seat(2), Action::Pass);
    assert!(state.history().last().is_some_and(|entry| entry.forced));
    assert_eq!(
        state.game.position().phase,
        Phase::Turn {
            seat: Seat(0),
            turn: TurnState::fresh()
        },
        "seat 0's turn has not begun"
    );
    assert_eq!(state.game.legal_actions().as_slice(), [Action::Pass]);
    assert!(
        !summary.forced_step,
        "the games row tells no watcher to play"
    );
    assert_eq!(
        state.person_forced_step(),
        None,
        "the bot task plays nothing"
    );
    // The person passes: not logged as the only choice, and a late click on it is no repeat.
    let version = state.version();
    play(&mut state, Action::Pass);
    assert!(state.history().last().is_some_and(|entry| !entry.forced));
    assert!(!state.played_already(Some(Seat(0)), version, Choice::Index(0)));
}

#[test]
fn a_late_click_on_a_forced_step_is_done_unless_a_bot_stands_in_for_the_person() {
    let mut state = game_state(1, true);
    play(&mut state, Action::UseTile(Character::NightWatchman));
    let version = state.version();
    let (_, _, wake) = state.person_forced_step().expect("a forced step");
    play(&mut state, wake);
    assert!(
        state.played_already(Some(Seat(0)), version, Choice::Index(0)),
        "their click came just too late: done as they asked"
    );
    // A bot that stands in for them played it: their click is refused like any other.
    state.seats[0].stand_in = Some(crate::seats::BotLevel::Random);
    assert!(!state.played_already(Some(Seat(0)), version, Choice::Index(0)));
}
