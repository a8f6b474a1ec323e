//! The settings page's vacation part: the days left, the vacations ahead (each with a button
//! that ends it now, or cancels it before it begins) and the form that takes one. The script
//! sends them to [`VACATION_API`] and reads the page again.

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use crate::i18n::Lang;

/// Where the script takes a vacation (`POST`, `{"from": "2026-07-01", "days": 5}`).
pub const VACATION_API: &str = "/api/settings/vacation";

/// Where the script ends one (`POST`, `{"id": …}`).
pub const VACATION_END_API: &str = "/api/settings/vacation/end";

/// What the vacation part shows.
pub struct VacationPart {
    /// Days a year.
    pub per_year: u32,
    /// Today (UTC), `2026-07-01`: the earliest a vacation may begin.
    pub today: String,
    /// This year and the later years a vacation touches, with their days left.
    pub days_left: Vec<(i32, u32)>,
    /// The vacations not over yet, earliest first.
    pub ahead: Vec<VacationLine>,
}

/// One vacation not over yet.
pub struct VacationLine {
    /// Its id.
    pub id: String,
    /// Its first day, `2026-07-01`.
    pub from: String,
    /// Its last day.
    pub last_day: String,
    /// Whether it runs now.
    pub on: bool,
}

/// The vacation part of the settings page.
pub fn vacation_section(lang: Lang, part: &VacationPart) -> Markup {
    html! {
        h2 id="vacation" { (lang.tr("settings-vacation")) }
        p { (lang.tr_args("settings-vacation-intro", &[("days", FluentValue::from(part.per_year))])) }
        ul class="vacation-days-left" {
            @for (year, left) in &part.days_left {
                li data-year=(year) data-days-left=(left) {
                    (lang.tr_args("settings-vacation-left", &[("year", year.to_string().into()), ("days", FluentValue::from(*left))]))
                }
            }
        }
        @if part.ahead.is_empty() {
            p class="muted" id="no-vacation" { (lang.tr("settings-vacation-none")) }
        } @else {
            ul id="vacation-list" {
                @for line in &part.ahead {
                    @let dates = [("from", line.from.clone().into()), ("to", line.last_day.clone().into())];
                    li data-vacation-id=(line.id) class={ "vacation" @if line.on { " on" } } {
                        @if line.on {
                            (lang.tr_args("settings-vacation-now", &dates))
                        } @else {
                            (lang.tr_args("settings-vacation-planned", &dates))
                        }
                        " "
                        button type="button" data-end-vacation=(line.id) data-api=(VACATION_END_API) {
                            @if line.on { (lang.tr("settings-vacation-end")) } @else { (lang.tr("settings-vacation-cancel")) }
                        }
                    }
                }
            }
        }
        form id="vacation-form" class="stack" data-api=(VACATION_API) {
            label for="vacation-from" { (lang.tr("settings-vacation-from")) }
            input type="date" id="vacation-from" name="from" min=(part.today) value=(part.today) required;
            label for="vacation-days" { (lang.tr("settings-vacation-days")) }
            input type="number" id="vacation-days" name="days" min="1" max="366" value="1" required;
            p class="form-error" role="alert" hidden {}
            button type="submit" class="button primary" { (lang.tr("settings-vacation-take")) }
        }
    }
}
