//! A game's next action as the log writer takes it, for tests that store a game's log without
//! the server.

use helvetia_engine::{Action, Game};
use helvetia_server::storage::{LogChange, RowSummary};

/// The append of `action`, the next of `game` (its player's), at log index `index`, and the
/// summary of the running game after it.
pub fn next_append(game: &Game, index: u64, action: Action) -> (LogChange, RowSummary) {
    let seat = game.to_move().expect("a player to move");
    let mut after = game.clone();
    after.play(action).expect("a legal action");
    let change = LogChange::Append {
        index,
        seat,
        action,
    };
    (change, RowSummary::running(after.to_move()))
}
