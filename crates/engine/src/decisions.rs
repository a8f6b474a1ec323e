//! Any position's decision, whatever part of the game it is in: its legal actions, and playing
//! one. The rules of each part (setting up, a turn, the end of a round) have files of their own;
//! this chooses among them. It works on a bare position, apart from the game, because forced
//! steps, forfeits and views ask it too.

use crate::action::Action;
use crate::action_list::ActionList;
use crate::census::Census;
use crate::position::{Phase, Position};
use crate::turn_actions;
use crate::turn_play::{self, end_if_nothing_left, StepOutcome};
use crate::{round, setup};

/// The legal actions of the player to move in `position` (a game's or a view's: nothing here
/// looks at stacks 2 and 3).
pub(crate) fn legal_in(position: &Position, census: &Census) -> ActionList {
    let mut list = ActionList::new();
    match position.phase {
        Phase::Draft { .. } => {
            let chooser = position.to_move().expect("a chooser");
            setup::draft_actions(position, chooser, &mut list);
        }
        Phase::PlaceNeutral { .. } => setup::place_neutral_actions(position, &mut list),
        Phase::PlaceStart { seat } => setup::place_start_actions(position, seat, &mut list),
        Phase::PlacePair { pair, seat } => {
            setup::place_pair_actions(position, pair, seat, &mut list)
        }
        Phase::Turn { seat, ref turn } => {
            turn_actions::actions(position, census, seat, turn, &mut list)
        }
        Phase::SchoolReturn { seat } => round::school_actions(position, seat, &mut list),
        Phase::GameOver => {}
    }
    list
}

/// Plays `action`, legal in `position`, on it. Only the end of a round looks at stacks 2 and 3
/// (it deals the display); on a view's position it deals nothing. Counts the villagers afresh
/// where the turn's end needs them; [`crate::Game::play_unchecked`] reads its kept census instead.
pub(crate) fn apply(position: &mut Position, action: Action) {
    if apply_step(position, action) == StepOutcome::ActionFinished {
        end_if_nothing_left(position, &Census::of(position));
    }
}

/// Plays `action` up to the question whether its player's turn is over, which needs the
/// villager counts of the position it leads to (see [`StepOutcome`]).
pub(crate) fn apply_step(position: &mut Position, action: Action) -> StepOutcome {
    match position.phase {
        Phase::Draft { .. } => {
            let chooser = position.to_move().expect("a chooser");
            setup::apply_draft(position, chooser, action);
        }
        Phase::PlaceNeutral { .. } => setup::apply_place_neutral(position, action),
        Phase::PlaceStart { seat } => setup::apply_place_start(position, seat, action),
        Phase::PlacePair { pair, seat } => setup::apply_place_pair(position, pair, seat, action),
        Phase::Turn { seat, turn } => return turn_play::apply(position, seat, turn, action),
        Phase::SchoolReturn { seat } => round::apply_school(position, seat, action),
        Phase::GameOver => {}
    }
    StepOutcome::Settled
}
