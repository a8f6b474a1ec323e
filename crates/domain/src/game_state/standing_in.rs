//! Stand-ins and the vote to end, decided on the game as it is. When a person's clock runs out
//! a bot stands in and the game goes on; the person may take their seat back. Once clocks ran
//! out for more than one seat (or for every other person's seat), those still playing may vote
//! to end the game without a result; the last vote ends it. Each decision is one change the
//! write path stores and applies.

use helvetia_engine::Seat;

use super::{GameState, Refusal};
use crate::clock::Clock;
use crate::seats::{BotLevel, GameStatus};

/// Who plays a seat from now on, with the clock after the change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandInChange {
    /// The seat.
    pub seat: Seat,
    /// The bot that plays it; `None`: its person again.
    pub stand_in: Option<BotLevel>,
    /// The clock afterwards.
    pub clock: Clock,
}

/// A person's vote to end the game without a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vote {
    /// Their seat.
    pub seat: Seat,
    /// Whether it is the last vote needed, which ends the game.
    pub ends: bool,
}

impl GameState {
    /// The stand-in due at `now_ms`: the running seat whose clock ran out, handed to the bot
    /// its time control names. None while no deadline has passed.
    #[must_use]
    pub fn stand_in_due(&self, now_ms: i64) -> Option<StandInChange> {
        if self.status != GameStatus::Running {
            return None;
        }
        let clock = self.clock.as_ref()?;
        if clock.deadline_ms().is_none_or(|deadline| deadline > now_ms) {
            return None;
        }
        Some(StandInChange {
            seat: Seat(clock.running?.seat),
            stand_in: Some(clock.control.stand_in),
            clock: clock.ran_out(),
        })
    }

    /// The person `user_id` takes their seat back from the bot standing in at `now_ms`: their
    /// turn is timed again (with a quarter of the starting bank, at least).
    ///
    /// # Errors
    /// They have no seat, the game is not running, they resigned, no bot stands in for them,
    /// or the game has no clock.
    pub fn try_take_seat_back(&self, user_id: &str, now_ms: i64) -> Result<StandInChange, Refusal> {
        let seat = self.seat_of(user_id).ok_or(Refusal::NotSeated)?;
        if self.status != GameStatus::Running {
            return Err(Refusal::NotRunning);
        }
        if self.has_resigned(seat) {
            return Err(Refusal::Resigned);
        }
        if !self.is_stood_in(seat) {
            return Err(Refusal::NotStoodIn);
        }
        let decides = self.to_move() == Some(seat);
        let clock = self.clock.as_ref().ok_or(Refusal::NoClock)?;
        Ok(StandInChange {
            seat,
            stand_in: None,
            clock: clock.taken_back(seat, decides, now_ms),
        })
    }

    /// The person `user_id` votes to end the game without a result.
    ///
    /// # Errors
    /// They have no seat, or the vote is not open to them now ([`GameState::may_vote_to_end`]).
    pub fn try_vote_to_end(&self, user_id: &str) -> Result<Vote, Refusal> {
        let seat = self.seat_of(user_id).ok_or(Refusal::NotSeated)?;
        if !self.may_vote_to_end(seat) {
            return Err(Refusal::CannotVoteToEnd);
        }
        Ok(Vote {
            seat,
            ends: self.vote_would_end(seat),
        })
    }

    /// Whether `seat` may vote to end the game without a result now: the game runs, a person
    /// plays `seat` themselves, and clocks ran out for more than one seat (or for every other
    /// person's seat).
    pub fn may_vote_to_end(&self, seat: Seat) -> bool {
        let people = self
            .seats
            .iter()
            .filter(|s| s.occupant.user_id().is_some())
            .count();
        let playing = self.people_playing().count();
        let lost = people - playing;
        self.status == GameStatus::Running
            && self.seats.get(seat.index()).is_some_and(|s| {
                s.occupant.user_id().is_some() && s.stand_in.is_none() && !s.voted_to_end
            })
            && (lost >= 2 || (lost >= 1 && playing == 1))
    }

    /// Whether `seat`'s vote would be the last one needed: every person still playing has voted.
    pub fn vote_would_end(&self, seat: Seat) -> bool {
        self.people_playing()
            .all(|s| s.voted_to_end || s.seat == seat.0)
    }

    /// Applies a committed vote (and, with `ends`, the end without a result).
    pub fn apply_vote(&mut self, seat: Seat, ends: bool) {
        if let Some(record) = self.seats.get_mut(seat.index()) {
            record.voted_to_end = true;
        }
        if ends {
            self.status = GameStatus::Abandoned;
            if let Some(clock) = &mut self.clock {
                clock.running = None;
            }
        }
        self.version += 1;
    }

    /// Applies a committed stand-in change: `stand_in` now plays `seat` (or the person again),
    /// with `clock`. It is a new version, like every change a player must see before acting.
    pub fn apply_stand_in(&mut self, seat: Seat, stand_in: Option<BotLevel>, clock: Option<Clock>) {
        if let Some(record) = self.seats.get_mut(seat.index()) {
            record.stand_in = stand_in;
        }
        self.clock = clock;
        self.version += 1;
    }
}

#[cfg(test)]
mod tests {
    use helvetia_engine::{GameOptions, Seat};

    use super::super::test_records::people_record;
    use super::Vote;
    use crate::game_state::{GameState, Refusal};
    use crate::seats::{BotLevel, GameStatus};

    #[test]
    fn the_vote_to_end_opens_once_clocks_ran_out_for_two_seats_and_the_last_vote_ends() {
        let record = people_record(GameOptions::for_players(3), 5);
        let mut game = GameState::from_record(record).expect("a game");
        assert_eq!(game.try_vote_to_end("u0"), Err(Refusal::CannotVoteToEnd));
        assert_eq!(game.try_vote_to_end("nobody"), Err(Refusal::NotSeated));
        assert_eq!(game.stand_in_due(i64::MAX), None, "no clock, no deadline");
        assert_eq!(game.try_take_seat_back("u1", 0), Err(Refusal::NotStoodIn));
        game.apply_stand_in(Seat(1), Some(BotLevel::Greedy), None);
        assert_eq!(game.try_take_seat_back("u1", 0), Err(Refusal::NoClock));
        game.apply_stand_in(Seat(2), Some(BotLevel::Greedy), None);
        assert_eq!(game.try_vote_to_end("u1"), Err(Refusal::CannotVoteToEnd));
        let vote = game.try_vote_to_end("u0").expect("u0 votes");
        assert_eq!(
            vote,
            Vote {
                seat: Seat(0),
                ends: true
            }
        );
        game.apply_vote(vote.seat, vote.ends);
        assert_eq!(game.status, GameStatus::Abandoned);
    }
}
