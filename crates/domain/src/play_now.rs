//! "Play now": the paces a person may wait for, the widest rating gap a table allows after a
//! wait, and the pairing of the people waiting into tables, as a pure function of who waits
//! and the time (`docs/api.md` states the rules).
//!
//! - Pools: one per player count (2, 3, 4) and pace. A person may wait in several; a person
//!   seated at one table in a pairing is taken out of every other pool.
//! - Pools are visited from the one whose first person has waited longest (more players first
//!   at a tie). In a pool, people are taken in the order they came; each, not yet seated, is
//!   joined by the others in order of the closest rating (the longer waiting first at a tie),
//!   each one only if the table still fits: the table's rating spread (highest less lowest) is
//!   within the allowed gap of every person at it, and no two of them sat together at their
//!   last table from "play now".
//! - The allowed gap grows with the time waited: `base + per_sec × seconds waited`
//!   ([`GapRule`]; 100 + 10 rating points per second unless configured).
//! - A table one person short is seated with a bot in the last seat when every person at it
//!   asked for one and has waited at least as long as they said.

use std::collections::HashSet;

use crate::clock::TimeControl;
use crate::seats::BotLevel;

/// How fast a table is played: the live and turn-based time controls of the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pace {
    /// Live: 20 minutes and 20 seconds a turn.
    Live20,
    /// Live: 5 minutes and 10 seconds a turn.
    Live5,
    /// Turn-based: a day a turn, with a bank of two days.
    Days1,
    /// Turn-based: two days a turn.
    Days2,
    /// Turn-based: three days a turn.
    Days3,
}

impl Pace {
    /// Every pace, in the order the page offers them.
    pub const ALL: [Pace; 5] = [
        Pace::Live20,
        Pace::Live5,
        Pace::Days1,
        Pace::Days2,
        Pace::Days3,
    ];

    /// The stored and requested name.
    pub fn as_str(self) -> &'static str {
        match self {
            Pace::Live20 => "live-20",
            Pace::Live5 => "live-5",
            Pace::Days1 => "days-1",
            Pace::Days2 => "days-2",
            Pace::Days3 => "days-3",
        }
    }

    /// The pace of this name.
    pub fn parse(name: &str) -> Option<Pace> {
        Pace::ALL.into_iter().find(|pace| pace.as_str() == name)
    }

    /// Whether its people play at the table at once (a live pool keeps only those whose page
    /// is open).
    pub fn is_live(self) -> bool {
        matches!(self, Pace::Live20 | Pace::Live5)
    }

    /// Its time control, as the lobby's form makes it (a casual bot stands in for a person
    /// out of time).
    pub fn time_control(self) -> TimeControl {
        let (bank_secs, per_turn_secs, increment_secs) = match self {
            Pace::Live20 => (1200, 0, 20),
            Pace::Live5 => (300, 0, 10),
            Pace::Days1 => (172_800, 86_400, 0),
            Pace::Days2 => (172_800, 2 * 86_400, 0),
            Pace::Days3 => (172_800, 3 * 86_400, 0),
        };
        TimeControl {
            bank_secs,
            per_turn_secs,
            increment_secs,
            stand_in: BotLevel::Greedy,
        }
    }
}

/// The widest rating gap a table allows, growing with the time waited.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GapRule {
    /// The gap allowed at once.
    pub base: f64,
    /// Rating points added for every second waited.
    pub per_sec: f64,
}

impl Default for GapRule {
    fn default() -> Self {
        GapRule {
            base: 100.0,
            per_sec: 10.0,
        }
    }
}

impl GapRule {
    /// The widest gap allowed to someone who has waited `waited_ms`: `base + per_sec × s`.
    pub fn allowed_gap(&self, waited_ms: i64) -> f64 {
        self.base + self.per_sec * waited_ms.max(0) as f64 / 1000.0
    }
}

/// One person waiting in one pool.
#[derive(Clone, Debug)]
pub struct Waiting {
    /// Their account.
    pub user_id: String,
    /// The pool's player count.
    pub players: u8,
    /// The pool's pace.
    pub pace: Pace,
    /// Their rating at this player count.
    pub rating: f64,
    /// When they began to wait here (milliseconds since the epoch).
    pub since_ms: i64,
    /// After how long a wait a bot may take the last seat; `None`: never.
    pub bot_after_secs: Option<u32>,
    /// The others at their last table from "play now".
    pub last_opponents: Vec<String>,
}

impl Waiting {
    fn wants_bot_by(&self, now_ms: i64) -> bool {
        self.bot_after_secs
            .is_some_and(|secs| now_ms - self.since_ms >= i64::from(secs) * 1000)
    }

    fn sat_with(&self, other: &Waiting) -> bool {
        self.last_opponents.contains(&other.user_id) || other.last_opponents.contains(&self.user_id)
    }
}

/// A table the pairing made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Its player count.
    pub players: u8,
    /// Its pace.
    pub pace: Pace,
    /// Its people, the first-come first.
    pub people: Vec<String>,
    /// Whether a bot takes the last seat.
    pub bot: bool,
}

/// Pairs the people `waiting` into tables at `now_ms`, as the module says.
pub fn pair(waiting: &[Waiting], now_ms: i64, rule: &GapRule) -> Vec<Table> {
    let mut pools: Vec<(u8, Pace, i64)> = Vec::new();
    for entry in waiting {
        match pools
            .iter_mut()
            .find(|(players, pace, _)| (*players, *pace) == (entry.players, entry.pace))
        {
            Some(pool) => pool.2 = pool.2.min(entry.since_ms),
            None => pools.push((entry.players, entry.pace, entry.since_ms)),
        }
    }
    pools.sort_by(|a, b| a.2.cmp(&b.2).then(b.0.cmp(&a.0)).then(a.1.cmp(&b.1)));
    let mut seated: HashSet<&str> = HashSet::new();
    let mut tables = Vec::new();
    for (players, pace, _) in pools {
        let mut pool: Vec<&Waiting> = waiting
            .iter()
            .filter(|entry| (entry.players, entry.pace) == (players, pace))
            .collect();
        pool.sort_by(|a, b| a.since_ms.cmp(&b.since_ms).then(a.user_id.cmp(&b.user_id)));
        for (i, anchor) in pool.iter().enumerate() {
            if seated.contains(anchor.user_id.as_str()) {
                continue;
            }
            let mut others: Vec<&Waiting> = pool
                .iter()
                .enumerate()
                .filter(|&(j, other)| j != i && !seated.contains(other.user_id.as_str()))
                .map(|(_, other)| *other)
                .collect();
            others.sort_by(|a, b| {
                let gap = |w: &Waiting| (w.rating - anchor.rating).abs();
                gap(a)
                    .total_cmp(&gap(b))
                    .then(a.since_ms.cmp(&b.since_ms))
                    .then(a.user_id.cmp(&b.user_id))
            });
            let mut table = vec![*anchor];
            for other in others {
                if table.len() == usize::from(players) {
                    break;
                }
                table.push(other);
                if !fits(&table, now_ms, rule) {
                    table.pop();
                }
            }
            let full = table.len() == usize::from(players);
            let with_bot = !full
                && table.len() + 1 == usize::from(players)
                && table.iter().all(|entry| entry.wants_bot_by(now_ms));
            if full || with_bot {
                seated.extend(table.iter().map(|entry| entry.user_id.as_str()));
                tables.push(Table {
                    players,
                    pace,
                    people: table.iter().map(|entry| entry.user_id.clone()).collect(),
                    bot: with_bot,
                });
            }
        }
    }
    tables
}

/// Whether `table` may sit together at `now_ms`: its rating spread within every person's
/// allowed gap, nobody with someone of their last table.
fn fits(table: &[&Waiting], now_ms: i64, rule: &GapRule) -> bool {
    let highest = table.iter().map(|e| e.rating).fold(f64::MIN, f64::max);
    let lowest = table.iter().map(|e| e.rating).fold(f64::MAX, f64::min);
    let spread = highest - lowest;
    let within = table
        .iter()
        .all(|entry| spread <= rule.allowed_gap(now_ms - entry.since_ms));
    let strangers = table
        .iter()
        .enumerate()
        .all(|(i, a)| table[i + 1..].iter().all(|b| !a.sat_with(b)));
    within && strangers
}

#[cfg(test)]
mod tests {
    use super::*;

    fn waiting(user: &str, players: u8, rating: f64, since_ms: i64) -> Waiting {
        Waiting {
            user_id: user.into(),
            players,
            pace: Pace::Live20,
            rating,
            since_ms,
            bot_after_secs: None,
            last_opponents: Vec::new(),
        }
    }

    fn people(tables: &[Table]) -> Vec<Vec<&str>> {
        tables
            .iter()
            .map(|t| t.people.iter().map(String::as_str).collect())
            .collect()
    }

    const RULE: GapRule = GapRule {
        base: 100.0,
        per_sec: 10.0,
    };

    #[test]
    fn the_allowed_gap_grows_by_the_second() {
        assert_eq!(RULE.allowed_gap(0), 100.0);
        assert_eq!(RULE.allowed_gap(1_500), 115.0);
        assert_eq!(RULE.allowed_gap(30_000), 400.0);
        // A clock a little behind another node's never narrows the gap below the base.
        assert_eq!(RULE.allowed_gap(-2_000), 100.0);
    }

    #[test]
    fn a_wide_gap_waits_until_both_have_waited_long_enough() {
        // 300 points apart from t = 0: 100 + 10 × 20 s = 300 is reached at 20 s.
        let pool = [waiting("a", 2, 1500.0, 0), waiting("b", 2, 1800.0, 0)];
        assert!(pair(&pool, 10_000, &RULE).is_empty(), "200 allowed at 10 s");
        assert!(pair(&pool, 19_999, &RULE).is_empty(), "299.99 allowed");
        assert_eq!(people(&pair(&pool, 20_000, &RULE)), [["a", "b"]]);
    }

    #[test]
    fn the_table_waits_for_the_one_who_came_last() {
        // Anna waited 30 s at 30 s (gap 400), Beat 5 s (gap 150): not yet for a 300 gap.
        let pool = [waiting("a", 2, 1500.0, 0), waiting("b", 2, 1800.0, 25_000)];
        assert!(pair(&pool, 30_000, &RULE).is_empty());
        // Beat has waited 20 s at 45 s: 300.
        assert_eq!(people(&pair(&pool, 45_000, &RULE)), [["a", "b"]]);
    }

    #[test]
    fn the_closest_rating_is_seated_first() {
        // At 1 s the gap is 110: Anna (1500) sits with Carl (1550), not Beat (1900).
        let pool = [
            waiting("a", 2, 1500.0, 0),
            waiting("b", 2, 1900.0, 0),
            waiting("c", 2, 1550.0, 0),
        ];
        assert_eq!(people(&pair(&pool, 1_000, &RULE)), [["a", "c"]]);
    }

    #[test]
    fn seven_in_a_pool_of_three_make_two_tables_and_the_last_comer_waits() {
        let pool: Vec<Waiting> = (0..7)
            .map(|i| waiting(&format!("p{i}"), 3, 1500.0, i))
            .collect();
        let tables = pair(&pool, 10, &RULE);
        assert_eq!(
            people(&tables),
            [["p0", "p1", "p2"], ["p3", "p4", "p5"]],
            "p6 came last and waits"
        );
        assert!(tables.iter().all(|t| !t.bot && t.players == 3));
    }

    #[test]
    fn the_same_opponents_are_not_seated_twice_in_a_row() {
        let mut anna = waiting("a", 2, 1500.0, 0);
        anna.last_opponents = vec!["b".into()];
        let beat = waiting("b", 2, 1500.0, 0);
        assert!(pair(&[anna.clone(), beat.clone()], 60_000, &RULE).is_empty());
        // Beat's own record says it as well as Anna's.
        let mut beat_remembers = beat.clone();
        beat_remembers.last_opponents = vec!["a".into()];
        let anna_forgot = waiting("a", 2, 1500.0, 0);
        assert!(pair(&[anna_forgot, beat_remembers], 60_000, &RULE).is_empty());
        let carl = waiting("c", 2, 1600.0, 5);
        assert_eq!(
            people(&pair(&[anna, beat, carl], 60_000, &RULE)),
            [["a", "c"]]
        );
    }

    #[test]
    fn a_person_in_several_pools_is_seated_once() {
        // Anna waits for 2 and 3 players; both pools' first person is Anna (since 0), so the
        // pool of 3 is visited first and she sits there; Beat, in the pool of 2, waits.
        let pools = [
            waiting("a", 2, 1500.0, 0),
            waiting("a", 3, 1500.0, 0),
            waiting("b", 2, 1500.0, 5),
            waiting("c", 3, 1500.0, 1),
            waiting("d", 3, 1500.0, 2),
        ];
        let tables = pair(&pools, 10, &RULE);
        assert_eq!(people(&tables), [["a", "c", "d"]]);
        // The pool of 2 first (Beat waited longest there): Anna sits with Beat, and the pool
        // of 3 lacks her.
        let pools = [
            waiting("a", 2, 1500.0, 3),
            waiting("a", 3, 1500.0, 3),
            waiting("b", 2, 1500.0, 0),
            waiting("c", 3, 1500.0, 1),
            waiting("d", 3, 1500.0, 2),
        ];
        assert_eq!(people(&pair(&pools, 10, &RULE)), [["b", "a"]]);
    }

    #[test]
    fn a_bot_takes_the_last_seat_once_everyone_there_waited_as_long_as_they_chose() {
        let mut anna = waiting("a", 3, 1500.0, 0);
        anna.bot_after_secs = Some(60);
        let mut beat = waiting("b", 3, 1500.0, 0);
        beat.bot_after_secs = Some(120);
        let pool = [anna.clone(), beat.clone()];
        assert!(
            pair(&pool, 119_999, &RULE).is_empty(),
            "Beat chose 2 minutes"
        );
        let tables = pair(&pool, 120_000, &RULE);
        assert_eq!(people(&tables), [["a", "b"]]);
        assert!(tables[0].bot);
        // Without Beat's wish, no bot.
        beat.bot_after_secs = None;
        assert!(pair(&[anna.clone(), beat], 600_000, &RULE).is_empty());
        // Alone in a pool of 2, a bot is the opponent; alone in a pool of 3, it waits.
        let mut alone = anna.clone();
        alone.players = 2;
        assert!(pair(&[alone], 60_000, &RULE)[0].bot);
        assert!(pair(&[anna], 600_000, &RULE).is_empty());
    }

    #[test]
    fn a_table_of_four_keeps_within_the_gap_of_everyone_at_it() {
        // At 5 s everyone's gap is 150, and no four of 1480, 1500, 1560, 1640 and 1700 lie
        // within 150 of each other (the closest four spread over 160). No table.
        let pool = [
            waiting("a", 4, 1500.0, 0),
            waiting("b", 4, 1560.0, 0),
            waiting("c", 4, 1640.0, 0),
            waiting("d", 4, 1700.0, 0),
            waiting("e", 4, 1480.0, 0),
        ];
        assert!(pair(&pool, 5_000, &RULE).is_empty());
        // At 11 s (gap 210): Anna, Emil (20 away), Beat (60), Carl (140): spread 160.
        assert_eq!(people(&pair(&pool, 11_000, &RULE)), [["a", "e", "b", "c"]]);
    }
}
