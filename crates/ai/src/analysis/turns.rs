//! A record cut into turns: the stretches of decisions one player makes in a row, a new one
//! starting whenever a fresh turn of the round begins.

use helvetia_engine::{GameRecord, Phase, ReplayError, Seat, TurnState, View};

/// One turn of a record.
#[derive(Clone, Debug)]
pub struct TurnSpan {
    /// The player deciding.
    pub seat: Seat,
    /// Actions played before the turn.
    pub start: usize,
    /// Actions played after it.
    pub end: usize,
    /// What every player saw at its start.
    pub view: View,
    /// What every player saw after it.
    pub after: View,
}

/// The turns of `record`, in order.
///
/// # Errors
/// The record does not replay.
pub fn turns(record: &GameRecord) -> Result<Vec<TurnSpan>, ReplayError> {
    record.options.check().map_err(ReplayError::Options)?;
    let mut game = helvetia_engine::Game::new(record.options, record.seed);
    let mut spans: Vec<TurnSpan> = Vec::new();
    for (index, &action) in record.actions.iter().enumerate() {
        let seat = game.to_move().expect("a legal action has a player to move");
        let fresh_turn = matches!(
            game.position().phase,
            Phase::Turn { turn, .. } if turn == TurnState::fresh()
        );
        let continues = spans.last().is_some_and(|span| span.seat == seat) && !fresh_turn;
        if !continues {
            let view = game.view();
            if let Some(last) = spans.last_mut() {
                last.end = index;
                last.after = view.clone();
            }
            spans.push(TurnSpan {
                seat,
                start: index,
                end: index,
                after: view.clone(),
                view,
            });
        }
        game.play(action)
            .map_err(|error| ReplayError::Illegal { index, error })?;
    }
    if let Some(last) = spans.last_mut() {
        last.end = record.actions.len();
        last.after = game.view();
    }
    Ok(spans)
}
