//! A forced step that would end a turn its person has begun is left to them: played for them,
//! it ended the turn at once, the next player moved, and what they had decided in the turn could
//! no longer be taken back. These tests play random games of people through the server's game
//! state and look at every forced step the engine offers.

use helvetia_engine::{forced_step, Action, GameOptions, Phase, TurnState};

use super::test_records::people_record;
use super::{Choice, GameState};

/// Whether `state`'s game, after `step`, is still in the begun turn of the seat to move now.
fn turn_goes_on_after(state: &GameState, step: Action) -> bool {
    let Phase::Turn { seat, .. } = state.game.position().phase else {
        return true;
    };
    let mut after = state.game.clone();
    after.play_unchecked(step);
    matches!(after.position().phase,
        Phase::Turn { seat: still, turn } if still == seat && turn != TurnState::fresh())
}

#[test]
fn a_forced_step_that_would_end_a_begun_turn_waits_and_the_turn_can_still_be_taken_back() {
    let (mut left_to_the_person, mut taken_back, mut played_for_them) = (0, 0, 0);
    for seed in 0..24u64 {
        let options = GameOptions::for_players(2 + (seed % 3) as u8);
        let mut state = GameState::from_record(people_record(options, seed)).expect("a new game");
        let mut pick = seed as usize;
        while !state.game.is_over() && state.game.position().round < 6 {
            let seat = state.to_move().expect("someone moves");
            let legal = state.game.legal_actions();
            let begun = matches!(state.game.position().phase,
                Phase::Turn { turn, .. } if turn != TurnState::fresh());
            if let Some(step) = forced_step(state.game.position()) {
                if begun && !turn_goes_on_after(&state, step) {
                    left_to_the_person += 1;
                    assert_eq!(state.person_forced_step(), None, "seed {seed}: {step:?}");
                    assert_eq!(state.forced_step(), None);
                    assert!(!state.summary().forced_step, "no node's watcher plays it");
                    // A turn begun by a decision of their own (not only by forced steps) can
                    // still be taken back.
                    if state.undoable() > 0 {
                        let undo = state.try_undo(Some(seat), state.version());
                        assert!(undo.is_ok(), "seed {seed}: the turn can be taken back");
                        taken_back += 1;
                    }
                } else {
                    played_for_them += 1;
                    assert_eq!(
                        state.person_forced_step(),
                        Some((seat, format!("u{}", seat.0), step)),
                        "seed {seed}"
                    );
                }
            }
            pick = pick.wrapping_mul(31).wrapping_add(7);
            let action = legal[pick % legal.len()];
            let change = state
                .try_action(Some(seat), state.version(), Choice::Action(action))
                .expect("a legal action");
            state.apply(change);
        }
    }
    assert!(
        left_to_the_person > 0,
        "random games end begun turns by a forced step"
    );
    assert!(
        taken_back > 0,
        "and some of those turns hold a decision to take back"
    );
    assert!(played_for_them > 0, "random games meet other forced steps");
}
