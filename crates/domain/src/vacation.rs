//! Vacations: whole UTC days in which a person is away. While one runs, their clocks in
//! turn-based games stand still ([`crate::clock::Away`]), so that no bot stands in for them;
//! live clocks and the games of tournaments run on (`docs/tournaments.md` says why). Each
//! person has a number of days a calendar year (the operator's `--vacation-days-per-year`); a
//! vacation across the new year counts each day in the year it falls in. A vacation may be
//! ended early: the days not begun come back.

use time::{Date, Month};

use crate::clock::Away;

/// A day, in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// The most days one vacation may last.
pub const MAX_DAYS: u32 = 366;

/// The most days ahead of today a vacation may begin: a little over a year, so that the same
/// weeks next year can be planned.
pub const MAX_DAYS_AHEAD: i64 = 400;

/// A UTC day, as days since 1970-01-01.
pub type Day = i64;

/// 1970-01-01 as a Julian day number.
const EPOCH_JULIAN_DAY: i64 = 2_440_588;

/// The UTC day of `ms` (milliseconds since the epoch).
pub fn day_of(ms: i64) -> Day {
    ms.div_euclid(DAY_MS)
}

/// The day of `date`.
pub fn day_from_date(date: Date) -> Day {
    i64::from(date.to_julian_day()) - EPOCH_JULIAN_DAY
}

/// The date of `day`; the epoch for a day outside the years the calendar knows.
pub fn date_of(day: Day) -> Date {
    i32::try_from(day + EPOCH_JULIAN_DAY)
        .ok()
        .and_then(|julian| Date::from_julian_day(julian).ok())
        .unwrap_or(Date::from_julian_day(EPOCH_JULIAN_DAY as i32).expect("the epoch is a date"))
}

/// `day` as `2026-07-01`.
pub fn day_text(day: Day) -> String {
    date_of(day).to_string()
}

/// The calendar year of `day`.
pub fn year_of(day: Day) -> i32 {
    date_of(day).year()
}

/// The first day of `year`.
pub fn first_day_of(year: i32) -> Day {
    Date::from_calendar_date(year, Month::January, 1).map_or(0, day_from_date)
}

/// One vacation as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vacation {
    /// Its id.
    pub id: String,
    /// Its first day.
    pub starts_day: Day,
    /// Its days, as they count against the allowance (fewer once ended early).
    pub days: u32,
    /// When it was taken (milliseconds since the epoch): a vacation from today begins then,
    /// not at midnight, so that it gives no time back.
    pub taken_at_ms: i64,
    /// When it was ended early, if it was.
    pub ended_at_ms: Option<i64>,
}

impl Vacation {
    /// The day after its last.
    pub fn ends_day(&self) -> Day {
        self.starts_day + i64::from(self.days)
    }

    /// Its last day.
    pub fn last_day(&self) -> Day {
        self.ends_day() - 1
    }

    /// When the person is away from (milliseconds since the epoch).
    pub fn from_ms(&self) -> i64 {
        (self.starts_day * DAY_MS).max(self.taken_at_ms)
    }

    /// When the person is back (milliseconds since the epoch).
    pub fn until_ms(&self) -> i64 {
        let planned = self.ends_day() * DAY_MS;
        self.ended_at_ms.map_or(planned, |ended| ended.min(planned))
    }

    /// The time away for the clock of `seat`, if any is left.
    pub fn away(&self, seat: u8) -> Option<Away> {
        let (from_ms, until_ms) = (self.from_ms(), self.until_ms());
        (from_ms < until_ms).then_some(Away {
            seat,
            from_ms,
            until_ms,
        })
    }

    /// Whether the person is away at `now_ms`.
    pub fn is_on(&self, now_ms: i64) -> bool {
        self.from_ms() <= now_ms && now_ms < self.until_ms()
    }

    /// Whether it is over at `now_ms` (ended, or ended early).
    pub fn is_over(&self, now_ms: i64) -> bool {
        self.until_ms() <= now_ms
    }

    /// Its days that fall in `year`.
    pub fn days_in_year(&self, year: i32) -> u32 {
        let (first, next) = (first_day_of(year), first_day_of(year + 1));
        let days = self.ends_day().min(next) - self.starts_day.max(first);
        u32::try_from(days.max(0)).unwrap_or(0)
    }
}

/// Why a vacation cannot be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Fewer than one day, or more than [`MAX_DAYS`].
    DaysOutOfRange,
    /// It would begin before today.
    StartsInThePast,
    /// It would begin more than [`MAX_DAYS_AHEAD`] days from today.
    StartsTooFarAhead,
    /// It would overlap a vacation not over yet.
    Overlaps,
    /// `year` has only `left` days left.
    NotEnoughDays {
        /// The year short of days.
        year: i32,
        /// Its days left.
        left: u32,
    },
}

/// The days of `year` that `vacations` take.
pub fn days_taken(vacations: &[Vacation], year: i32) -> u32 {
    vacations.iter().map(|v| v.days_in_year(year)).sum()
}

/// The days of `year` left of `per_year` after `vacations`.
pub fn days_left(vacations: &[Vacation], year: i32, per_year: u32) -> u32 {
    per_year.saturating_sub(days_taken(vacations, year))
}

/// Checks a vacation of `days` from `starts_day`, taken at `now_ms`, against the person's
/// vacations `taken` and their `per_year` days.
///
/// # Errors
/// The first rule it breaks.
pub fn check(
    starts_day: Day,
    days: u32,
    now_ms: i64,
    taken: &[Vacation],
    per_year: u32,
) -> Result<(), Refusal> {
    if days == 0 || days > MAX_DAYS {
        return Err(Refusal::DaysOutOfRange);
    }
    let today = day_of(now_ms);
    if starts_day < today {
        return Err(Refusal::StartsInThePast);
    }
    if starts_day > today + MAX_DAYS_AHEAD {
        return Err(Refusal::StartsTooFarAhead);
    }
    let new = Vacation {
        id: String::new(),
        starts_day,
        days,
        taken_at_ms: now_ms,
        ended_at_ms: None,
    };
    let overlaps = taken
        .iter()
        .any(|old| old.from_ms() < new.until_ms() && new.from_ms() < old.until_ms());
    if overlaps {
        return Err(Refusal::Overlaps);
    }
    for year in year_of(new.starts_day)..=year_of(new.last_day()) {
        let left = days_left(taken, year, per_year);
        if new.days_in_year(year) > left {
            return Err(Refusal::NotEnoughDays { year, left });
        }
    }
    Ok(())
}

/// What ending a vacation early does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It had not begun: it is gone, every day back.
    Cancelled,
    /// It ends now, with the days begun (today included); the others come back.
    Shortened {
        /// The days it keeps.
        days: u32,
        /// When it ended.
        ended_at_ms: i64,
    },
}

/// What ending `vacation` at `now_ms` does; `None` when it is over already.
pub fn end(vacation: &Vacation, now_ms: i64) -> Option<Ending> {
    if vacation.is_over(now_ms) {
        return None;
    }
    if now_ms < vacation.from_ms() {
        return Some(Ending::Cancelled);
    }
    let begun = day_of(now_ms) - vacation.starts_day + 1;
    Some(Ending::Shortened {
        days: u32::try_from(begun).unwrap_or(1).clamp(1, vacation.days),
        ended_at_ms: now_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-30, a Wednesday.
    fn dec_30() -> Day {
        day_from_date(Date::from_calendar_date(2026, Month::December, 30).unwrap())
    }

    fn vacation(starts_day: Day, days: u32, taken_at_ms: i64) -> Vacation {
        Vacation {
            id: "v".into(),
            starts_day,
            days,
            taken_at_ms,
            ended_at_ms: None,
        }
    }

    #[test]
    fn days_are_utc_dates() {
        assert_eq!(day_of(0), 0);
        assert_eq!(day_of(DAY_MS - 1), 0);
        assert_eq!(day_of(-1), -1);
        assert_eq!(day_text(dec_30()), "2026-12-30");
        assert_eq!(day_text(0), "1970-01-01");
        assert_eq!(year_of(dec_30() + 2), 2027);
    }

    #[test]
    fn a_vacation_across_the_new_year_counts_each_day_in_its_year() {
        let v = vacation(dec_30(), 5, 0);
        assert_eq!((v.days_in_year(2026), v.days_in_year(2027)), (2, 3));
        assert_eq!(v.days_in_year(2025), 0);
        assert_eq!(days_left(std::slice::from_ref(&v), 2027, 30), 27);
        assert_eq!(day_text(v.last_day()), "2027-01-03");
    }

    #[test]
    fn a_vacation_from_today_begins_when_it_is_taken() {
        let now = dec_30() * DAY_MS + 15 * 3_600_000;
        let v = vacation(dec_30(), 2, now);
        let away = v.away(1).unwrap();
        assert_eq!(
            (away.from_ms, away.until_ms),
            (now, (dec_30() + 2) * DAY_MS)
        );
        assert!(v.is_on(now) && !v.is_on(now - 1) && !v.is_over(now));
    }

    #[test]
    fn new_vacations_are_checked() {
        let now = dec_30() * DAY_MS + 1000;
        let today = dec_30();
        let ok =
            |start, days, taken: &[Vacation], per_year| check(start, days, now, taken, per_year);
        assert_eq!(ok(today, 0, &[], 30), Err(Refusal::DaysOutOfRange));
        assert_eq!(ok(today, 367, &[], 400), Err(Refusal::DaysOutOfRange));
        assert_eq!(ok(today - 1, 1, &[], 30), Err(Refusal::StartsInThePast));
        assert_eq!(ok(today + 401, 1, &[], 30), Err(Refusal::StartsTooFarAhead));
        assert_eq!(ok(today, 2, &[], 30), Ok(()));
        // Five days from Dec 30 take two of 2026 and three of 2027.
        let planned = [vacation(today, 5, now)];
        assert_eq!(ok(today + 4, 1, &planned, 30), Err(Refusal::Overlaps));
        assert_eq!(ok(today + 5, 1, &planned, 30), Ok(()));
        assert_eq!(
            ok(today + 5, 3, &planned, 5),
            Err(Refusal::NotEnoughDays {
                year: 2027,
                left: 2
            })
        );
        assert_eq!(ok(today + 5, 2, &planned, 5), Ok(()));
        assert_eq!(
            ok(today, 1, &[], 0),
            Err(Refusal::NotEnoughDays {
                year: 2026,
                left: 0
            })
        );
        // A vacation ended early no longer stands in the way.
        let ended = [Vacation {
            ended_at_ms: Some(now),
            days: 1,
            ..vacation(today, 5, now - 500)
        }];
        assert_eq!(ok(today, 1, &ended, 30), Ok(()));
    }

    #[test]
    fn ending_early_gives_back_the_days_not_begun() {
        let taken = dec_30() * DAY_MS;
        let v = vacation(dec_30() + 2, 10, taken);
        assert_eq!(end(&v, taken + 5), Some(Ending::Cancelled));
        let during = (dec_30() + 4) * DAY_MS + 7;
        assert_eq!(
            end(&v, during),
            Some(Ending::Shortened {
                days: 3,
                ended_at_ms: during
            })
        );
        let shortened = Vacation {
            days: 3,
            ended_at_ms: Some(during),
            ..v.clone()
        };
        assert_eq!(shortened.until_ms(), during);
        assert!(shortened.is_over(during));
        assert_eq!(end(&shortened, during + 1), None);
        assert_eq!(end(&v, (dec_30() + 12) * DAY_MS), None, "over already");
    }
}
