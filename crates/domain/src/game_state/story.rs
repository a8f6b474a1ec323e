//! A game in words: the names shown for its seats and its log and story in each language, kept
//! in the game's [`LogBook`] only for the languages someone reads.

use helvetia_engine::{GameOptions, Seat};
use helvetia_web::{Lang, StoryLine};

use super::GameState;
use crate::log_book::{decision_line, LogBook};
use crate::seats::{Occupant, SeatRecord};

impl GameState {
    /// The names shown for the seats, in `lang` (bots are named by their level).
    pub fn seat_names(&self, lang: Lang) -> Vec<String> {
        seat_names(&self.seats, self.options, lang)
    }

    /// The log in words, one line per action (the decision), actions `from..to`, in `lang`.
    pub fn log_lines(&mut self, lang: Lang, from: usize, to: usize) -> Vec<String> {
        let names = self.seat_names(lang);
        let story = self.story_by_action(lang);
        story[from.min(story.len())..to.min(story.len())]
            .iter()
            .map(|lines| decision_line(&names, lines))
            .collect()
    }

    /// The story of the first `to` actions in `lang`: every decision and what followed.
    pub fn story(&mut self, lang: Lang, to: usize) -> Vec<StoryLine> {
        let story = self.story_by_action(lang);
        story[..to.min(story.len())]
            .iter()
            .flatten()
            .cloned()
            .collect()
    }

    fn story_by_action(&mut self, lang: Lang) -> &[Vec<StoryLine>] {
        let names = self.seat_names(lang);
        let actions = self.history.iter().map(|entry| entry.action);
        self.log
            .lines(lang, (self.options, self.seed), actions, &names)
    }

    /// Writes the log out in `lang` if nobody asked for it before; tells whether it did.
    pub fn read_in(&mut self, lang: Lang) -> bool {
        if self.log.has(lang) {
            return false;
        }
        self.log_lines(lang, 0, 0);
        true
    }

    /// The log book (for snapshots).
    pub fn log_book(&self) -> &LogBook {
        &self.log
    }
}

/// The name shown for `seat` in `lang`: a person's username, or a bot named by its level (and
/// numbered when the table has several bots of that level).
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

pub(super) fn seat_names(seats: &[SeatRecord], options: GameOptions, lang: Lang) -> Vec<String> {
    options
        .seats()
        .map(|seat| seat_name(seats, seat, lang))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seats::BotLevel;

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
}
