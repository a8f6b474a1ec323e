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
//!
//! A turn-based clock also knows when each seat's person is away on vacation
//! ([`crate::vacation`]): that time does not count. A turn that overlaps a time away ends that
//! much later, and the time away is not taken from the bank. Live clocks never hold any.

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
    /// When seats' people are away (on vacation), sorted by seat and start, never
    /// overlapping for one seat; only turn-based clocks hold any. Times away that ended before
    /// anything still timed began are dropped.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub away: Vec<Away>,
}

/// A time in which a seat's person is away and their clock stands still.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Away {
    /// Whose.
    pub seat: u8,
    /// From (milliseconds since the Unix epoch).
    pub from_ms: i64,
    /// Until, not included.
    pub until_ms: i64,
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
            away: Vec::new(),
        }
    }

    /// When the running turn's time is up (milliseconds since the epoch), if a turn is timed:
    /// its per-turn time and bank after it began, later by every time away that begins before
    /// then.
    pub fn deadline_ms(&self) -> Option<i64> {
        self.running.map(|running| {
            let mut end = running.since_ms + self.budget_ms(Seat(running.seat));
            // Sorted and apart, so each time away that begins before the end pushes the end
            // past its own.
            for away in self.away_of(Seat(running.seat)) {
                let from = away.from_ms.max(running.since_ms);
                if away.until_ms <= from {
                    continue;
                }
                if from >= end {
                    break;
                }
                end += away.until_ms - from;
            }
            end
        })
    }

    /// The time a turn of `seat` may take before its time is up: per-turn time and bank.
    fn budget_ms(&self, seat: Seat) -> i64 {
        i64::from(self.control.per_turn_secs) * 1000 + self.bank_ms(seat)
    }

    /// `seat`'s times away, in order.
    fn away_of(&self, seat: Seat) -> impl Iterator<Item = &Away> {
        self.away.iter().filter(move |away| away.seat == seat.0)
    }

    /// Milliseconds of `[from_ms, until_ms)` in which `seat`'s person is away.
    fn away_ms(&self, seat: Seat, from_ms: i64, until_ms: i64) -> i64 {
        self.away_of(seat)
            .map(|away| (away.until_ms.min(until_ms) - away.from_ms.max(from_ms)).max(0))
            .sum()
    }

    /// Milliseconds of `[from_ms, until_ms)` that count on `seat`'s clock: all but the time away.
    fn counted_ms(&self, seat: Seat, from_ms: i64, until_ms: i64) -> i64 {
        (until_ms - from_ms).max(0) - self.away_ms(seat, from_ms, until_ms)
    }

    /// Until when `seat`'s person is away at `now_ms` (their clock stands still), if they are.
    pub fn away_until(&self, seat: Seat, now_ms: i64) -> Option<i64> {
        self.away_of(seat)
            .find(|away| away.from_ms <= now_ms && now_ms < away.until_ms)
            .map(|away| away.until_ms)
    }

    /// The clock with `away` as every seat's times away, as known at `now_ms`: sorted, joined
    /// where they touch, and without those that can no longer count (ended before the running
    /// turn began, or before now for a seat not timed). A live clock takes none.
    pub fn with_away(&self, away: &[Away], now_ms: i64) -> Clock {
        let mut next = self.clone();
        next.away = if self.control.is_turn_based() {
            away.to_vec()
        } else {
            Vec::new()
        };
        next.tidy_away(now_ms);
        next
    }

    fn tidy_away(&mut self, now_ms: i64) {
        let running = self.running;
        let counts_from = |seat: u8| match running {
            Some(running) if running.seat == seat => running.since_ms,
            _ => now_ms,
        };
        let mut away: Vec<Away> = self
            .away
            .iter()
            .copied()
            .filter(|away| away.from_ms < away.until_ms && away.until_ms > counts_from(away.seat))
            .collect();
        away.sort_by_key(|away| (away.seat, away.from_ms));
        let mut joined: Vec<Away> = Vec::with_capacity(away.len());
        for next in away {
            match joined.last_mut() {
                Some(last) if last.seat == next.seat && next.from_ms <= last.until_ms => {
                    last.until_ms = last.until_ms.max(next.until_ms);
                }
                _ => joined.push(next),
            }
        }
        self.away = joined;
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
        next.tidy_away(now_ms);
        next
    }

    fn end_turn(&mut self, running: Running, now_ms: i64) {
        let used = self.counted_ms(Seat(running.seat), running.since_ms, now_ms);
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
    /// time while their turn runs (time away does not count).
    pub fn left_ms(&self, seat: Seat, now_ms: i64) -> i64 {
        match self.running {
            Some(running) if running.seat == seat.0 => {
                (self.budget_ms(seat) - self.counted_ms(seat, running.since_ms, now_ms)).max(0)
            }
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

    const DAY: i64 = 86_400_000;

    fn away(seat: u8, from_ms: i64, until_ms: i64) -> Away {
        Away {
            seat,
            from_ms,
            until_ms,
        }
    }

    #[test]
    fn time_away_within_a_turn_moves_its_deadline_by_exactly_that_time() {
        // A day per turn and a bank of two: the deadline is three days after the turn began.
        let clock = Clock::new(daily(), 2).passed_to(Some(Seat(0)), true, 0);
        let paused = clock.with_away(&[away(0, DAY, 3 * DAY)], 0);
        assert_eq!(paused.deadline_ms(), Some(5 * DAY));
        // Another seat's time away, or one after the deadline, changes nothing.
        let others = clock.with_away(&[away(1, DAY, 3 * DAY), away(0, 4 * DAY, 9 * DAY)], 0);
        assert_eq!(others.deadline_ms(), Some(3 * DAY));
        // A time away that begins before the pushed-back deadline pushes it further.
        let two = clock.with_away(&[away(0, 4 * DAY, 5 * DAY), away(0, DAY, 3 * DAY)], 0);
        assert_eq!(two.deadline_ms(), Some(6 * DAY));
        // While away, the time left stands still; after, it runs again.
        assert_eq!(paused.left_ms(Seat(0), DAY), 2 * DAY);
        assert_eq!(paused.left_ms(Seat(0), 2 * DAY), 2 * DAY);
        assert_eq!(paused.left_ms(Seat(0), 4 * DAY), DAY);
        assert_eq!(paused.away_until(Seat(0), 2 * DAY), Some(3 * DAY));
        assert_eq!(paused.away_until(Seat(0), 3 * DAY), None);
    }

    #[test]
    fn a_turn_that_begins_while_away_is_timed_from_the_return() {
        let clock = Clock::new(daily(), 2).with_away(&[away(1, DAY, 4 * DAY)], 0);
        let turn = clock.passed_to(Some(Seat(1)), true, 2 * DAY);
        assert_eq!(turn.deadline_ms(), Some(4 * DAY + 3 * DAY));
        // Time away is not taken from the bank: a move the day after the return costs nothing.
        let moved = turn.passed_to(Some(Seat(0)), true, 5 * DAY);
        assert_eq!(moved.bank_ms(Seat(1)), 2 * DAY);
        assert!(moved.away.is_empty(), "over, and no turn it could count in");
        // Two days after the return, the bank pays the second day.
        let slow = turn.passed_to(Some(Seat(0)), true, 6 * DAY);
        assert_eq!(slow.bank_ms(Seat(1)), DAY);
    }

    #[test]
    fn a_time_away_ended_early_gives_back_only_the_time_taken() {
        let clock = Clock::new(daily(), 2).passed_to(Some(Seat(0)), true, 0);
        let planned = clock.with_away(&[away(0, DAY, 5 * DAY)], DAY / 2);
        assert_eq!(planned.deadline_ms(), Some(7 * DAY));
        let ended = planned.with_away(&[away(0, DAY, 2 * DAY)], 2 * DAY);
        assert_eq!(ended.deadline_ms(), Some(4 * DAY));
        // Kept while the turn it counts in runs, though it is over.
        assert_eq!(ended.away, vec![away(0, DAY, 2 * DAY)]);
    }

    #[test]
    fn live_clocks_take_no_time_away_and_times_away_are_tidied() {
        let clock = Clock::new(live(), 2).passed_to(Some(Seat(0)), true, 0);
        let away_live = clock.with_away(&[away(0, 1_000, 900_000)], 0);
        assert!(away_live.away.is_empty());
        assert_eq!(away_live.deadline_ms(), clock.deadline_ms());
        let daily = Clock::new(daily(), 2).passed_to(Some(Seat(0)), true, 10 * DAY);
        let tidied = daily.with_away(
            &[
                away(1, 12 * DAY, 14 * DAY),
                away(0, 13 * DAY, 15 * DAY),
                away(0, 11 * DAY, 13 * DAY),
                away(1, DAY, 2 * DAY),
                away(0, 3 * DAY, 3 * DAY),
            ],
            10 * DAY,
        );
        assert_eq!(
            tidied.away,
            vec![away(0, 11 * DAY, 15 * DAY), away(1, 12 * DAY, 14 * DAY)]
        );
        // Stored clocks without times away still read.
        let stored =
            r#"{"control":{"bank_secs":60,"stand_in":"greedy"},"banks_ms":[1,2],"running":null}"#;
        let read: Clock = serde_json::from_str(stored).unwrap();
        assert!(read.away.is_empty());
        assert!(!serde_json::to_string(&read).unwrap().contains("away"));
    }
}
