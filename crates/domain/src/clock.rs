//! Game clocks: a time control chosen at creation, and the clock state it drives.
//!
//! One rule covers live and turn-based play. Each player has a bank. When a player's turn
//! begins (they become the one who decides), they get the per-turn time; once that is used up,
//! the bank runs down. When their turn ends, what they used beyond the per-turn time leaves
//! the bank and the increment is added. Live play is a chess clock (a bank of minutes, no
//! per-turn time, seconds of increment); turn-based play is days per turn with a small bank for
//! weekends. When the bank is empty too, the seat's deadline has passed: a bot stands in.
//!
//! Only people's turns are timed: a bot, or a bot standing in for a person, has no clock.

use helvetia_engine::Seat;
use serde::{Deserialize, Serialize};

use crate::seats::BotLevel;

/// Most seconds any part of a time control may hold: 30 days.
const MAX_SECS: u32 = 30 * 86_400;

/// How much time players get, chosen when the game is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// Each player's bank at the start.
    pub bank_secs: u32,
    /// Time for each turn before the bank is touched.
    #[serde(default)]
    pub per_turn_secs: u32,
    /// Added to the bank after each turn.
    #[serde(default)]
    pub increment_secs: u32,
    /// The bot that plays for a person whose time ran out.
    pub stand_in: BotLevel,
}

impl TimeControl {
    /// Checks that a person has some time for a turn and that no part is absurdly long.
    ///
    /// # Errors
    /// What is wrong, as an error code (`docs/api.md`).
    pub fn check(&self) -> Result<(), &'static str> {
        if self.bank_secs == 0 && self.per_turn_secs == 0 {
            return Err("time-control-empty");
        }
        if [self.bank_secs, self.per_turn_secs, self.increment_secs]
            .iter()
            .any(|&secs| secs > MAX_SECS)
        {
            return Err("time-control-too-long");
        }
        Ok(())
    }

    /// Whether this is a turn-based control (time per turn) rather than a live chess clock.
    pub fn is_turn_based(&self) -> bool {
        self.per_turn_secs > 0
    }

    /// The bank a player gets back when they take their seat back after their time ran out: a
    /// quarter of the starting bank, and at least a minute, so that they are not out of time
    /// again at once.
    pub fn bank_on_return_ms(&self) -> i64 {
        (i64::from(self.bank_secs) * 1000 / 4).max(60_000)
    }
}

/// The clock of a game in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// What is left in each seat's bank, in milliseconds.
    pub banks_ms: Vec<i64>,
    /// The turn being timed now, if a person decides.
    pub running: Option<Running>,
}

/// A person's turn being timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Running {
    /// Whose turn.
    pub seat: u8,
    /// When it began, in milliseconds since the Unix epoch.
    pub since_ms: i64,
}

impl Clock {
    /// A clock for `players` seats with full banks, stopped.
    pub fn new(control: TimeControl, players: u8) -> Clock {
        Clock {
            control,
            banks_ms: vec![i64::from(control.bank_secs) * 1000; usize::from(players)],
            running: None,
        }
    }

    /// When the running turn's time is up (milliseconds since the epoch), if a turn is timed.
    pub fn deadline_ms(&self) -> Option<i64> {
        self.running.map(|running| {
            running.since_ms
                + i64::from(self.control.per_turn_secs) * 1000
                + self.bank_ms(Seat(running.seat))
        })
    }

    /// What is in `seat`'s bank.
    pub fn bank_ms(&self, seat: Seat) -> i64 {
        self.banks_ms.get(seat.index()).copied().unwrap_or(0)
    }

    /// The clock after the decision passed to `to_move` at `now_ms`: the turn of whoever
    /// decided before ends unless they decide again; a new turn is timed if `timed(to_move)`.
    pub fn passed_to(&self, to_move: Option<Seat>, timed: bool, now_ms: i64) -> Clock {
        let mut next = self.clone();
        if let Some(running) = self.running {
            if to_move == Some(Seat(running.seat)) && timed {
                return next;
            }
            next.end_turn(running, now_ms);
        }
        next.running = to_move.filter(|_| timed).map(|seat| Running {
            seat: seat.0,
            since_ms: now_ms,
        });
        next
    }

    fn end_turn(&mut self, running: Running, now_ms: i64) {
        let used = (now_ms - running.since_ms).max(0);
        let over = (used - i64::from(self.control.per_turn_secs) * 1000).max(0);
        if let Some(bank) = self.banks_ms.get_mut(usize::from(running.seat)) {
            *bank = (*bank - over).max(0) + i64::from(self.control.increment_secs) * 1000;
        }
        self.running = None;
    }

    /// The clock after the running turn's time ran out: that seat's bank is empty and nothing is
    /// timed (a bot stands in).
    pub fn ran_out(&self) -> Clock {
        let mut next = self.clone();
        if let Some(running) = next.running.take() {
            if let Some(bank) = next.banks_ms.get_mut(usize::from(running.seat)) {
                *bank = 0;
            }
        }
        next
    }

    /// The clock after `seat`'s person takes their seat back at `now_ms`: their bank gets
    /// [`TimeControl::bank_on_return_ms`] if it held less, and their turn is timed if they decide.
    pub fn taken_back(&self, seat: Seat, decides: bool, now_ms: i64) -> Clock {
        let mut next = self.clone();
        let on_return = self.control.bank_on_return_ms();
        if let Some(bank) = next.banks_ms.get_mut(seat.index()) {
            *bank = (*bank).max(on_return);
        }
        if decides {
            next.running = Some(Running {
                seat: seat.0,
                since_ms: now_ms,
            });
        }
        next
    }

    /// Milliseconds left to `seat` at `now_ms`: their bank, plus what is left of the per-turn
    /// time while their turn runs.
    pub fn left_ms(&self, seat: Seat, now_ms: i64) -> i64 {
        match (self.running, self.deadline_ms()) {
            (Some(running), Some(deadline)) if running.seat == seat.0 => (deadline - now_ms).max(0),
            _ => self.bank_ms(seat),
        }
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live() -> TimeControl {
        TimeControl {
            bank_secs: 1200,
            per_turn_secs: 0,
            increment_secs: 20,
            stand_in: BotLevel::Greedy,
        }
    }

    fn daily() -> TimeControl {
        TimeControl {
            bank_secs: 2 * 86_400,
            per_turn_secs: 86_400,
            increment_secs: 0,
            stand_in: BotLevel::Mcts,
        }
    }

    #[test]
    fn a_live_turn_spends_the_bank_and_earns_the_increment() {
        let clock = Clock::new(live(), 2).passed_to(Some(Seat(0)), true, 1_000);
        assert_eq!(clock.deadline_ms(), Some(1_000 + 1_200_000));
        // Several decisions of one turn keep one turn running.
        let same = clock.passed_to(Some(Seat(0)), true, 31_000);
        assert_eq!(same, clock);
        let next = same.passed_to(Some(Seat(1)), true, 61_000);
        assert_eq!(next.bank_ms(Seat(0)), 1_200_000 - 60_000 + 20_000);
        assert_eq!(
            next.running,
            Some(Running {
                seat: 1,
                since_ms: 61_000
            })
        );
        assert_eq!(next.left_ms(Seat(1), 71_000), 1_200_000 - 10_000);
        assert_eq!(next.left_ms(Seat(0), 71_000), 1_160_000);
    }

    #[test]
    fn a_turn_based_turn_touches_the_bank_only_after_the_day() {
        let day = 86_400_000;
        let clock = Clock::new(daily(), 3).passed_to(Some(Seat(2)), true, 0);
        assert_eq!(clock.deadline_ms(), Some(3 * day));
        let quick = clock.passed_to(Some(Seat(0)), true, day / 2);
        assert_eq!(quick.bank_ms(Seat(2)), 2 * day);
        let slow = clock.passed_to(Some(Seat(0)), true, day + day / 4);
        assert_eq!(slow.bank_ms(Seat(2)), 2 * day - day / 4);
    }

    #[test]
    fn bots_are_not_timed_and_running_out_empties_the_bank() {
        let clock = Clock::new(live(), 2).passed_to(Some(Seat(1)), false, 5);
        assert_eq!(clock.running, None);
        assert_eq!(clock.deadline_ms(), None);
        let out = Clock::new(live(), 2)
            .passed_to(Some(Seat(0)), true, 0)
            .ran_out();
        assert_eq!((out.bank_ms(Seat(0)), out.running), (0, None));
        let back = out.taken_back(Seat(0), true, 50);
        assert_eq!(back.bank_ms(Seat(0)), 300_000);
        assert_eq!(back.deadline_ms(), Some(50 + 300_000));
        let quick = TimeControl {
            bank_secs: 1,
            ..live()
        };
        assert_eq!(quick.bank_on_return_ms(), 60_000);
        assert_eq!(out.taken_back(Seat(0), false, 50).running, None);
    }

    #[test]
    fn time_controls_are_checked() {
        assert!(live().check().is_ok());
        let none = TimeControl {
            bank_secs: 0,
            per_turn_secs: 0,
            ..live()
        };
        assert!(none.check().is_err());
        let long = TimeControl {
            per_turn_secs: 31 * 86_400,
            ..daily()
        };
        assert!(long.check().is_err());
        assert!(daily().is_turn_based() && !live().is_turn_based());
    }
}
