//! The names shown for a game's seats, in a language: a person's username, or a bot named by
//! its level (and numbered when the table has several bots of that level). Words, so the
//! server's and not the domain's; every page, list, mail and story names seats through here.

use helvetia_engine::{GameOptions, Seat};
use helvetia_web::Lang;

use crate::domain::seats::{Occupant, SeatRecord};

/// The name shown for `seat` in `lang`.
pub fn seat_name(seats: &[SeatRecord], seat: Seat, lang: Lang) -> String {
    match seats.get(seat.index()).map(|s| &s.occupant) {
        Some(Occupant::Human { username, .. }) => username.clone(),
        Some(Occupant::Bot { .. }) => {
            let levels: Vec<Option<&str>> = seats
                .iter()
                .map(|s| match &s.occupant {
                    Occupant::Bot { level } => Some(level.as_str()),
                    _ => None,
                })
                .collect();
            helvetia_web::bot_seat_name(lang, &levels, seat.index())
        }
        _ => seat.to_string(),
    }
}

/// The names shown for every seat of a game with `options`, in `lang`.
pub fn seat_names(seats: &[SeatRecord], options: GameOptions, lang: Lang) -> Vec<String> {
    options
        .seats()
        .map(|seat| seat_name(seats, seat, lang))
        .collect()
}
