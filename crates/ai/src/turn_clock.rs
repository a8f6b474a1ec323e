//! The time a bot's whole turn may take.
//!
//! A person waits for a bot's turn as a whole: the consecutive decisions of one seat, some of
//! them searches (a turn's planning search, a search where the plan stopped, the decisions
//! around a round's end). Each search keeps its own budget; the clock adds the end of the
//! turn's time to it, so that the searches of one turn share that time and the last gets what
//! is left. A search that finds the turn's time spent still gets a short moment of its own
//! (`least`), so that it plays from a search and not from nothing.

use std::time::{Duration, Instant};

use crate::Budget;

/// The clock of one bot's turns: when the current turn began and how long a turn may take.
#[derive(Clone, Copy, Debug)]
pub struct TurnClock {
    limit: Duration,
    least: Duration,
    started: Option<Instant>,
}

impl TurnClock {
    /// The clock of a bot that thinks at most `think` per decision (the server's
    /// `--bot-think-ms`): a whole turn may take 1.25 times `think`, and each search at least a
    /// fortieth of it. At the server's 1,000 ms that leaves 0.75 s of the 2 s a person should
    /// wait at most for the searches past the turn's end (25 ms each), the moments between the
    /// decisions and a busy machine's delays (docs/ai.md, "Whole turns at the server's
    /// settings"). The turn's planning search, allowed 1.5 times `think` of its own, then stops
    /// at 1.25 on a machine too busy to finish its iterations sooner.
    pub fn of_think_time(think: Duration) -> TurnClock {
        TurnClock::new(think.mul_f64(1.25), think / 40)
    }

    /// A clock allowing each turn `limit` in all, and each search at least `least` (even past
    /// the turn's end).
    pub fn new(limit: Duration, least: Duration) -> TurnClock {
        TurnClock {
            limit,
            least,
            started: None,
        }
    }

    /// `budget` for a decision asked at `now`, with the deadline of its turn. The decision
    /// begins a new turn unless it `continues` the turn of the decision before (the same seat
    /// to move again with nothing played in between).
    pub fn budget(&mut self, budget: Budget, continues: bool, now: Instant) -> Budget {
        let started = match self.started {
            Some(started) if continues => started,
            _ => *self.started.insert(now),
        };
        let until = (started + self.limit).max(now + self.least);
        Budget {
            until: Some(budget.until.map_or(until, |own| own.min(until))),
            ..budget
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn the_searches_of_one_turn_share_its_time_and_the_last_gets_what_is_left() {
        let mut clock = TurnClock::new(1500 * MS, 50 * MS);
        let t0 = Instant::now();
        let own = Budget::iterations(2000);
        let first = clock.budget(own, false, t0);
        assert_eq!(first.iterations, Some(2000));
        assert_eq!(first.until, Some(t0 + 1500 * MS));
        // 1.2 s later, in the same turn: what is left of it.
        let second = clock.budget(own, true, t0 + 1200 * MS);
        assert_eq!(second.until, Some(t0 + 1500 * MS));
        // Past the turn's end: a short moment of its own.
        let late = clock.budget(own, true, t0 + 1600 * MS);
        assert_eq!(late.until, Some(t0 + 1650 * MS));
        // Another seat moved in between: a new turn with the whole time.
        let next = clock.budget(own, false, t0 + 5000 * MS);
        assert_eq!(next.until, Some(t0 + 6500 * MS));
        let own_deadline = Budget {
            until: Some(t0 + 5100 * MS),
            ..own
        };
        assert_eq!(
            clock.budget(own_deadline, true, t0 + 5050 * MS).until,
            Some(t0 + 5100 * MS),
            "an earlier deadline of the caller's stays"
        );
        // The server's clock at its default think time of 1,000 ms.
        let mut server = TurnClock::of_think_time(1000 * MS);
        assert_eq!(server.budget(own, false, t0).until, Some(t0 + 1250 * MS));
        assert_eq!(
            server.budget(own, true, t0 + 1300 * MS).until,
            Some(t0 + 1325 * MS)
        );
    }
}
