//! The coach of a tutorial game (see [`crate::tutorial`]): one part, `t-coach`, beside the
//! prompt. It names the lesson of this moment in the rulebook's words, says which pieces of the
//! board it is about (`data-focus`, a selector the script marks with `coach-focus`: the style
//! sheet cannot be written by the table, as for the recent turns), and lists the lessons with a
//! tick for each one the learner has done; once all are, it says so and leads to the lobby.

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use super::Ctx;
use crate::tutorial::{coaching, Coaching, Lesson, Tutorial};

/// What the coach says at this table, whether drawn or in words (the text mode's coach): the
/// moment, the arguments of its words (who decides, the round before this one) and how many
/// lessons are done.
pub(crate) struct CoachSays {
    /// The moment and the pieces it is about.
    pub coaching: Coaching,
    /// The arguments of the moment's title and words.
    pub args: [(&'static str, FluentValue<'static>); 2],
    /// Lessons the learner has done.
    pub done: usize,
}

impl CoachSays {
    /// What the coach of `tutorial`'s learner says at this table.
    pub(crate) fn at(ctx: &Ctx, tutorial: &Tutorial) -> CoachSays {
        let input = ctx.input;
        let deciding = ctx
            .pos
            .to_move()
            .map(|seat| ctx.namer.seat(seat))
            .unwrap_or_default();
        CoachSays {
            coaching: coaching(input.view, input.legal, input.log, tutorial),
            args: [
                ("name", FluentValue::from(deciding)),
                ("round", FluentValue::from(ctx.pos.round.saturating_sub(1))),
            ],
            done: Lesson::ALL
                .iter()
                .filter(|&&lesson| tutorial.has_done(lesson))
                .count(),
        }
    }
}

/// The coach for `tutorial`'s learner at this table.
pub fn coach(ctx: &Ctx, tutorial: &Tutorial) -> Markup {
    let lang = ctx.lang;
    let CoachSays {
        coaching,
        args,
        done,
    } = CoachSays::at(ctx, tutorial);
    let moment = coaching.moment;
    let key = moment.key();
    let complete = tutorial.is_complete();
    // On a desk the coach scrolls within its room beside the board: it takes the keyboard's
    // focus, so that it can be scrolled without a mouse.
    html! {
        aside class="coach" id="t-coach" data-moment=(key.trim_start_matches("coach-"))
            data-lesson=[moment.lesson().map(Lesson::name)] data-focus=(coaching.focus)
            data-complete=(complete) aria-label=(lang.tr("coach-heading")) tabindex="0" {
            p class="coach-heading" { (lang.tr("coach-heading")) }
            @if complete {
                p class="coach-complete" {
                    strong { (lang.tr("coach-complete")) } " "
                    a href="/lobby" { (lang.tr("coach-to-lobby")) }
                }
            }
            h2 class="coach-title" { (lang.tr_args(&format!("{key}-title"), &args)) }
            p class="coach-text" { (lang.tr_args(key, &args)) }
            p class="coach-progress" {
                (lang.tr_args("coach-lessons", &[
                    ("done", FluentValue::from(done)),
                    ("total", FluentValue::from(Lesson::ALL.len())),
                ]))
            }
            ul class="coach-lessons" {
                @for lesson in Lesson::ALL {
                    @let ticked = tutorial.has_done(lesson);
                    li data-lesson=(lesson.name()) data-done=(ticked)
                        class=[(moment.lesson() == Some(lesson)).then_some("now")] {
                        span class="tick" role="img"
                            aria-label=(lang.tr(if ticked { "coach-done" } else { "coach-to-do" })) {
                            @if ticked { "✓" } @else { "○" }
                        }
                        " " (lang.tr(lesson.key()))
                    }
                }
            }
        }
    }
}
