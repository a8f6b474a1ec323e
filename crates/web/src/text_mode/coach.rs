//! The tutorial's coach in words: the lesson of this moment as the drawn table's coach names
//! it, without the pieces it points at, and the lessons done. The page's script reads it out
//! when the moment changes.

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use super::rules::coach_text_fits;
use crate::table::coach::CoachSays;
use crate::table::Ctx;
use crate::tutorial::{Lesson, Tutorial};

/// The coach of `tutorial`'s learner at this table, as text.
pub(crate) fn coach(ctx: &Ctx, tutorial: &Tutorial) -> Markup {
    let lang = ctx.lang;
    let CoachSays {
        coaching,
        args,
        done,
    } = CoachSays::at(ctx, tutorial);
    let moment = coaching.moment;
    let key = moment.key();
    html! {
        section class="text-coach" aria-labelledby="text-coach-title" data-moment=(key) {
            h2 id="text-coach-title" {
                (lang.tr("coach-heading")) ": " (lang.tr_args(&format!("{key}-title"), &args))
            }
            @if coach_text_fits(moment) {
                p class="text-coach-words" { (lang.tr_args(key, &args)) }
            }
            @if tutorial.is_complete() {
                p {
                    strong { (lang.tr("coach-complete")) } " "
                    a href="/lobby" { (lang.tr("coach-to-lobby")) }
                }
            }
            p {
                (lang.tr_args("coach-lessons", &[
                    ("done", FluentValue::from(done)),
                    ("total", FluentValue::from(Lesson::ALL.len())),
                ]))
            }
            ul {
                @for lesson in Lesson::ALL {
                    @let state = if tutorial.has_done(lesson) { "coach-done" } else { "coach-to-do" };
                    li { (lang.tr(lesson.key())) ": " (lang.tr(state)) }
                }
            }
        }
    }
}
