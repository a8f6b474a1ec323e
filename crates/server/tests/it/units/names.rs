//! `names`: the names shown for seats.

use helvetia_engine::{GameOptions, Seat};
use helvetia_server::domain::seats::{BotLevel, Occupant, SeatRecord};
use helvetia_server::names::*;
use helvetia_web::Lang;

#[test]
fn several_bots_of_one_level_have_distinct_names_everywhere_a_seat_is_named() {
    let bot = |seat, level| SeatRecord::new(seat, Occupant::Bot { level });
    let seats = [
        bot(0, BotLevel::Greedy),
        bot(1, BotLevel::Mcts),
        bot(2, BotLevel::Greedy),
    ];
    let options = GameOptions::for_players(3);
    assert_eq!(
        seat_names(&seats, options, Lang::En),
        ["Bot 1 (casual)", "Bot (strong)", "Bot 2 (casual)"]
    );
    assert_eq!(
        seat_name(&seats, Seat(2), Lang::De),
        "Computer 2 (Gelegenheitsspieler)"
    );
}

#[test]
fn the_pages_name_every_bot_level_and_only_those() {
    let words: Vec<&str> = BotLevel::ALL.iter().map(|level| level.as_str()).collect();
    assert_eq!(words, helvetia_web::BOT_LEVELS);
}
