//! Wall-clock time as the server stores and sends it: whole seconds since the Unix epoch, and
//! RFC 3339 dates in UTC for JSON and feeds; and the dates it reads from people and programs,
//! which are exactly those two forms: an RFC 3339 time with its offset, or a plain day.

use std::time::{SystemTime, UNIX_EPOCH};

use time::format_description::well_known::Rfc3339;
use time::{Date, Month, OffsetDateTime};

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// `seconds` since the epoch as an RFC 3339 UTC time (`1970-01-01T00:00:00Z`); a time outside
/// the years 1–9999 is clamped to the epoch.
pub fn rfc3339(seconds: i64) -> String {
    OffsetDateTime::from_unix_timestamp(seconds)
        .unwrap_or(OffsetDateTime::UNIX_EPOCH)
        .format(&Rfc3339)
        .unwrap_or_else(|_| "1970-01-01T00:00:00Z".to_string())
}

/// Reads an RFC 3339 time, which always names its offset: `2026-11-27T18:30:00Z`,
/// `2026-11-27T18:30:00.5+01:00`. Nothing else: no time without an offset, no week or
/// ordinal date, no basic (separator-free) form, no six-digit year, no offset past ±23:59.
/// (The `time` crate's own reader is lenient about some of these.)
pub fn parse_rfc3339(text: &str) -> Option<OffsetDateTime> {
    let bytes = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        bytes
            .get(range)
            .is_some_and(|part| part.iter().all(u8::is_ascii_digit))
    };
    let shape = bytes.len() >= 20
        && digits(0..4)
        && bytes[4] == b'-'
        && digits(5..7)
        && bytes[7] == b'-'
        && digits(8..10)
        && matches!(bytes[10], b'T' | b't')
        && digits(11..13)
        && bytes[13] == b':'
        && digits(14..16)
        && bytes[16] == b':'
        && digits(17..19);
    if !shape {
        return None;
    }
    let mut rest = &bytes[19..];
    if let Some(fraction) = rest.strip_prefix(b".") {
        let count = fraction.iter().take_while(|b| b.is_ascii_digit()).count();
        if count == 0 {
            return None;
        }
        rest = &fraction[count..];
    }
    let offset_ok = match rest {
        [b'Z' | b'z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => {
            let number = |a: u8, b: u8| {
                (a.is_ascii_digit() && b.is_ascii_digit()).then(|| (a - b'0') * 10 + (b - b'0'))
            };
            matches!(
                (number(*h1, *h2), number(*m1, *m2)),
                (Some(0..=23), Some(0..=59))
            )
        }
        _ => false,
    };
    if !offset_ok {
        return None;
    }
    OffsetDateTime::parse(text, &Rfc3339).ok()
}

/// Reads a plain day, `2026-11-27`, and nothing else (no `20261127`, `2026-W48-1`, `2026-331`
/// or `+002026-11-27`).
pub fn parse_day(text: &str) -> Option<Date> {
    let bytes = text.as_bytes();
    let shape = bytes.len() == 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && [0, 1, 2, 3, 5, 6, 8, 9]
            .iter()
            .all(|&i| bytes[i].is_ascii_digit());
    if !shape {
        return None;
    }
    let year = text[0..4].parse().ok()?;
    let month = Month::try_from(text[5..7].parse::<u8>().ok()?).ok()?;
    Date::from_calendar_date(year, month, text[8..10].parse().ok()?).ok()
}

/// Reads a date a filter takes: a day (its midnight UTC) or an RFC 3339 time, as seconds since
/// the epoch; `None` for anything else.
pub fn parse_day_or_time(text: &str) -> Option<i64> {
    parse_rfc3339(text)
        .map(OffsetDateTime::unix_timestamp)
        .or_else(|| parse_day(text).map(|day| day.midnight().assume_utc().unix_timestamp()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_rfc3339_times_are_read() {
        assert_eq!(parse_day_or_time("1970-01-02"), Some(86_400));
        assert_eq!(parse_day_or_time("1970-01-01T01:00:00Z"), Some(3_600));
        assert_eq!(parse_day_or_time("1970-01-01t01:00:00z"), Some(3_600));
        assert_eq!(parse_day_or_time("1970-01-01T01:00:00+01:00"), Some(0));
        assert_eq!(
            parse_day_or_time("1970-01-01T01:00:00.250-00:30"),
            Some(5_400)
        );
        assert_eq!(parse_day_or_time("2024-02-29"), Some(1_709_164_800));
    }

    #[test]
    fn every_other_form_of_a_date_is_refused() {
        for bad in [
            "2026-12-01T23:59:59",
            "2026-12-01T23:59",
            "2026-12-01 23:59:59Z",
            "2026-W48-1",
            "2026-335",
            "+002026-12-01",
            "20261201",
            "20261201T100000Z",
            "T10:00",
            "10:00:00Z",
            "2026-12-01T10:00:00-25:00",
            "2026-12-01T10:00:00+24:00",
            "2026-12-01T10:00:00+01:60",
            "2026-12-01T10:00:00+0100",
            "2026-12-01T10:00:00.Z",
            "2026-13-01",
            "2026-02-30",
            "2023-02-29",
            "2026-1-01",
            "yesterday",
            "",
            "２０２６-12-01",
        ] {
            assert_eq!(parse_day_or_time(bad), None, "{bad}");
        }
    }

    #[test]
    fn rfc3339_dates() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_700_000_000), "2023-11-14T22:13:20Z");
    }
}
