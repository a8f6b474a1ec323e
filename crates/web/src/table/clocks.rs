//! The players' clocks above the board: time left per seat, the running one counting down in
//! the page (to its deadline), and for a seat whose time ran out, that a bot plays and a button
//! with which that seat's person takes it back (the page shows it to them alone).

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use super::Ctx;
use crate::i18n::Lang;
use crate::EndVote;

/// The clocks strip, or nothing for a game without a clock.
pub fn clocks(ctx: &Ctx) -> Markup {
    let lang = ctx.lang;
    let clocks = ctx.input.clocks;
    html! {
        @if !clocks.is_empty() {
            div class="clocks" data-days=(lang.tr_args("clock-days", &[("days", FluentValue::from("{d}"))])) {
                @for clock in clocks {
                    @let running = clock.deadline_ms.is_some();
                    span class={ "clock" @if running { " running" } @if clock.stood_in { " stood-in" } }
                        data-seat=(clock.seat.0) data-deadline=[clock.deadline_ms] {
                        span class="clock-name" { (ctx.namer.seat(clock.seat)) }
                        " "
                        @if let Some(until) = clock.away_until_ms {
                            span class="clock-vacation" data-until=(until) {
                                (lang.tr_args("vacation-until", &[("date", utc_day(until).into())]))
                            }
                            " "
                        }
                        @if clock.stood_in {
                            span class="clock-out" { (lang.tr("clock-ran-out")) }
                        } @else {
                            time class="clock-left" { (format_left(lang, clock.left_ms)) }
                        }
                    }
                }
            }
            @for clock in clocks.iter().filter(|clock| clock.stood_in) {
                p class="stand-in-notice" data-for-seat=(clock.seat.0) hidden {
                    (lang.tr("clock-your-time-ran-out"))
                    " "
                    button type="button" class="primary" data-take-back=(clock.seat.0) {
                        (lang.tr("clock-take-back"))
                    }
                }
            }
        }
    }
}

/// The vote to end the game without a result: the offer (its button shown by the page to the
/// seats that may still vote), or the notice that the players ended it.
pub fn end_vote(ctx: &Ctx) -> Markup {
    let lang = ctx.lang;
    html! {
        @match ctx.input.end_vote {
            EndVote::None => {}
            EndVote::Ended => p class="ended-by-vote" { (lang.tr("vote-ended")) },
            EndVote::Open { voters, votes, needed } => {
                p class="end-vote" data-voters=(voters.iter().map(|s| s.0.to_string()).collect::<Vec<_>>().join(" ")) {
                    (lang.tr_args("vote-offer", &[("votes", FluentValue::from(*votes)), ("needed", FluentValue::from(*needed))]))
                    " "
                    button type="button" data-end-vote=(ctx.input.game_id) hidden { (lang.tr("vote-button")) }
                }
            }
        }
    }
}

/// The last UTC day of a vacation that ends at `until_ms` (milliseconds since the epoch, a
/// day's start), as `2026-07-01`.
fn utc_day(until_ms: i64) -> String {
    // Days to a civil date (H. Hinnant's algorithm), for the proleptic Gregorian calendar.
    let days = (until_ms - 1).div_euclid(86_400_000) + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Time left in words a clock shows: `4:07`, `1:04:07`, or `2 d 03:10` from a day on.
pub fn format_left(lang: Lang, left_ms: i64) -> String {
    let secs = (left_ms.max(0) + 999) / 1000;
    let (days, hours, minutes, seconds) = (
        secs / 86_400,
        secs % 86_400 / 3600,
        secs % 3600 / 60,
        secs % 60,
    );
    if days > 0 {
        let days = lang.tr_args("clock-days", &[("days", FluentValue::from(days))]);
        format!("{days} {hours:02}:{minutes:02}")
    } else if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vacation_shows_its_last_day() {
        assert_eq!(utc_day(86_400_000), "1970-01-01");
        // 2027-01-01T00:00Z: the last day is New Year's Eve.
        assert_eq!(utc_day(1_798_761_600_000), "2026-12-31");
        assert_eq!(utc_day(951_868_800_000), "2000-02-29");
    }

    #[test]
    fn time_left_reads_like_a_clock() {
        assert_eq!(format_left(Lang::En, 0), "0:00");
        assert_eq!(format_left(Lang::En, 247_000), "4:07");
        assert_eq!(format_left(Lang::En, 246_001), "4:07");
        assert_eq!(format_left(Lang::En, 3_847_000), "1:04:07");
        assert_eq!(
            format_left(Lang::En, (2 * 86_400 + 3 * 3600 + 600) * 1000),
            "2 d 03:10"
        );
        assert!(format_left(Lang::De, 86_400_000).starts_with("1 T"));
    }
}
