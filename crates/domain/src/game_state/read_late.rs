//! The table's memory of what each action changed is kept only once someone reads the game at
//! a table, and is worked out then by replaying the game: these tests check that a game read
//! late highlights exactly what a game read from its start does, through actions and undos
//! alike.

use helvetia_engine::{GameOptions, RecentTurns, Seat};

use super::test_records::people_record;
use super::{Choice, GameState};

/// Plays `steps` changes on `state`: the legal action picked by a fixed sequence, and every
/// seventh change an undo where the player deciding may take one back.
fn play(state: &mut GameState, steps: u64) {
    for step in 0..steps {
        let seat = state.to_move();
        let change = if step % 7 == 6 && state.undoable() > 0 {
            state.try_undo(seat, state.version())
        } else {
            let legal = state.legal_for(seat);
            let index = (step * 31 % 97) as usize % legal.len();
            state.try_action(seat, state.version(), Choice::Index(index))
        };
        state.apply(change.expect("a legal change"));
    }
}

#[test]
fn a_game_read_late_highlights_what_a_game_read_from_its_start_does() {
    let options = GameOptions::for_players(3);
    let mut from_start = GameState::from_record(people_record(options, 7)).expect("a new game");
    let mut late = GameState::from_record(people_record(options, 7)).expect("a new game");
    assert!(from_start.keep_marks());
    let mut highlighted = 0;
    for _ in 0..12 {
        play(&mut from_start, 9);
        play(&mut late, 9);
        assert_eq!(
            late.recent_turns(),
            RecentTurns::NONE,
            "nobody reads the late game at a table yet: nothing is worked out for it"
        );
        highlighted += from_start.recent_turns().turns.len();
    }
    assert!(
        highlighted > 0,
        "the game read from its start highlights turns"
    );
    assert!(late.keep_marks());
    assert!(!late.keep_marks(), "kept once");
    assert_eq!(late.recent_turns(), from_start.recent_turns());
    // From here on both keep what each change does, undos too.
    for _ in 0..4 {
        play(&mut from_start, 5);
        play(&mut late, 5);
        assert_eq!(late.recent_turns(), from_start.recent_turns());
    }
    assert_eq!(late.history().len(), from_start.history().len());
    assert_ne!(late.to_move(), None::<Seat>, "the game is still running");
}
