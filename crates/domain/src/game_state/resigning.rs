//! Resigning, decided on the game as it is: a person seated in a running game gives it up.
//!
//! What follows was chosen when the game was created ([`OnResign`]): a bot plays the seat from
//! then on (the same stand-in a seat gets when its clock runs out, but for good), or the game
//! ends at once. Once only one person is left playing, the game ends whatever was chosen: there
//! is nobody left to play against but bots. Whoever resigned ranks last, which a rated game
//! counts as a loss against everyone else.

use super::{GameState, Refusal};
use crate::records::Resignation;
use crate::seats::{BotLevel, GameStatus, OnResign};

/// The bot that plays a resigned seat in a game without a clock (one with a clock uses its
/// stand-in): quick, and good enough to keep the game going for those still playing.
const BOT_FOR_RESIGNED_SEAT: BotLevel = BotLevel::Greedy;

impl GameState {
    /// The person `user_id` resigns at `now_ms`: what it changes, ready to store.
    ///
    /// # Errors
    /// They have no seat here, the game is not running, or they resigned already.
    pub fn try_resign(&self, user_id: &str, now_ms: i64) -> Result<Resignation, Refusal> {
        let seat = self.seat_of(user_id).ok_or(Refusal::NotSeated)?;
        if self.status != GameStatus::Running {
            return Err(Refusal::NotRunning);
        }
        if self.has_resigned(seat) {
            return Err(Refusal::Resigned);
        }
        let people_left = self
            .seats
            .iter()
            .filter(|s| {
                s.occupant.user_id().is_some() && s.resigned_at.is_none() && s.seat != seat.0
            })
            .count();
        let ends = self.settings.on_resign == OnResign::End || people_left <= 1;
        let at_step = self.history().len() as u64;
        if ends {
            let mut resignations = self.resignations();
            resignations.seats.push(seat);
            resignations.ended_game = true;
            let winners = resignations
                .standings(self.game().position())
                .iter()
                .filter(|s| s.rank == 1)
                .map(|s| s.seat)
                .collect();
            let clock = self.clock.clone().map(|mut clock| {
                clock.running = None;
                clock
            });
            return Ok(Resignation {
                seat,
                at_step,
                stand_in: None,
                clock,
                ends_with_winners: Some(winners),
            });
        }
        let level = self
            .seats
            .get(seat.index())
            .and_then(|s| s.stand_in)
            .or_else(|| self.clock.as_ref().map(|clock| clock.control.stand_in))
            .unwrap_or(BOT_FOR_RESIGNED_SEAT);
        // The seat's turn, if timed, ends: a bot's turns are not timed.
        let to_move = self.to_move();
        let timed = to_move.is_some_and(|decider| decider != seat && !self.is_bot(decider));
        let clock = self
            .clock
            .as_ref()
            .map(|clock| clock.passed_to(to_move, timed, now_ms));
        Ok(Resignation {
            seat,
            at_step,
            stand_in: Some(level),
            clock,
            ends_with_winners: None,
        })
    }

    /// Applies a committed resignation: the seat's bot plays on, or the game ends.
    pub fn apply_resignation(&mut self, resignation: &Resignation) {
        if let Some(record) = self.seats.get_mut(resignation.seat.index()) {
            record.resigned_at = Some(resignation.at_step);
            record.stand_in = resignation.stand_in;
        }
        if resignation.ends_with_winners.is_some() {
            self.status = GameStatus::Finished;
            self.ended_by_resignation = true;
        }
        self.clock = resignation.clock.clone();
        self.version += 1;
    }
}

#[cfg(test)]
mod tests {
    use helvetia_engine::{GameOptions, Seat};

    use super::super::test_records::people_record;
    use super::BOT_FOR_RESIGNED_SEAT;
    use crate::game_state::{GameState, Refusal};
    use crate::seats::GameStatus;

    #[test]
    fn a_bot_plays_a_resigned_seat_until_one_person_is_left_and_the_game_ends() {
        let record = people_record(GameOptions::for_players(3), 11);
        let mut game = GameState::from_record(record).expect("a game");
        assert_eq!(game.try_resign("nobody", 0), Err(Refusal::NotSeated));
        let first = game.try_resign("u1", 0).expect("u1 resigns");
        assert_eq!(
            (first.seat, first.stand_in, first.ends_with_winners.clone()),
            (Seat(1), Some(BOT_FOR_RESIGNED_SEAT), None)
        );
        game.apply_resignation(&first);
        assert_eq!(game.try_resign("u1", 0), Err(Refusal::Resigned));
        let last = game.try_resign("u2", 0).expect("u2 resigns");
        assert_eq!(last.stand_in, None);
        assert_eq!(last.ends_with_winners, Some(vec![Seat(0)]));
        game.apply_resignation(&last);
        assert_eq!(game.status, GameStatus::Finished);
        assert_eq!(game.try_resign("u0", 0), Err(Refusal::NotRunning));
    }
}
