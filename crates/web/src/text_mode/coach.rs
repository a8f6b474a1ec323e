//! The tutorial's coach in words: the lesson of this moment as the drawn table's coach names
//! it, without the pieces it points at, and the lessons done. The page's script reads it out
//! when the moment changes.

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use super::rules::coach_text_fits;
use crate::table::Ctx;
use crate::tutorial::{coaching, Lesson, Tutorial};

/// The coach of `tutorial`'s learner at this table, as text.
pub(crate) fn coach(ctx: &Ctx, tutorial: &Tutorial) -> Markup {
    let input = ctx.input;
    let lang = ctx.lang;
    let pos = ctx.pos;
    let moment = coaching(input.view, input.legal, input.log, tutorial).moment;
    let key = moment.key();
    let deciding = pos
        .to_move()
        .map(|seat| ctx.namer.seat(seat))
        .unwrap_or_default();
    let args = [
        ("name", FluentValue::from(deciding)),
        ("round", FluentValue::from(pos.round.saturating_sub(1))),
    ];
    let done = Lesson::ALL
        .iter()
        .filter(|&&lesson| tutorial.has_done(lesson))
        .count();
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
