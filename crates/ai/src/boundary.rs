//! Where a turn ends: the unit a greedy player plans, and the points between actions.
//!
//! A turn is a sequence of atomic decisions by one player. It is over when another player is to
//! move, when the game moves to another phase (or to the next draft pick or villager pair), or
//! when the same player starts a fresh turn (the others had nothing to do).

use helvetia_engine::{Game, Phase, Seat, Step, TurnState};

/// Where a game stands after some decisions of the player whose turn began at `start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Still the same turn, between two actions: a sensible point to evaluate.
    BetweenActions,
    /// Still the same turn, in the middle of an action.
    MidAction,
    /// The turn is over.
    TurnOver,
}

/// The progress of `game` relative to a turn of `me` that began in phase `start`.
pub fn progress(start: &Phase, me: Seat, game: &Game) -> Progress {
    if game.to_move() != Some(me) {
        return Progress::TurnOver;
    }
    let phase = &game.position().phase;
    match (start, phase) {
        (Phase::Turn { .. }, Phase::Turn { turn, .. }) => {
            if *turn == TurnState::fresh() {
                Progress::TurnOver
            } else if turn.step == Step::Choose {
                Progress::BetweenActions
            } else {
                Progress::MidAction
            }
        }
        (Phase::Draft { pick: a, .. }, Phase::Draft { pick: b, .. }) if a == b => {
            Progress::BetweenActions
        }
        (Phase::PlaceNeutral { placed: a }, Phase::PlaceNeutral { placed: b }) if a == b => {
            Progress::BetweenActions
        }
        (Phase::PlacePair { pair: a, .. }, Phase::PlacePair { pair: b, .. }) if a == b => {
            Progress::BetweenActions
        }
        (Phase::PlaceStart { .. }, Phase::PlaceStart { .. })
        | (Phase::SchoolReturn { .. }, Phase::SchoolReturn { .. }) => Progress::BetweenActions,
        _ => Progress::TurnOver,
    }
}
