//! The stored record of a new running game of people, for the game state's tests.

use helvetia_engine::GameOptions;

use crate::records::GameRecordRow;
use crate::seats::{GameStatus, Occupant, SeatRecord};

/// A running game of `options` and `seed` with no action played, a person in every seat (seat
/// `n` is account `u{n}`, named `player{n}`).
pub(super) fn people_record(options: GameOptions, seed: u64) -> GameRecordRow {
    let seats = (0..options.players)
        .map(|seat| {
            SeatRecord::new(
                seat,
                Occupant::Human {
                    user_id: format!("u{seat}"),
                    username: format!("player{seat}"),
                    invite: None,
                },
            )
        })
        .collect();
    GameRecordRow {
        status: GameStatus::Running,
        ..GameRecordRow::open("g", "u0", (options, seed), seats)
    }
}
