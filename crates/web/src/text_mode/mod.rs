//! The table as text, for people who play with a screen reader: no drawing, only headings,
//! lists and a command field, in the order a person needs them.
//!
//! The decision comes first: who decides and what, then the viewer's legal actions as a
//! numbered list in words (the same labels the drawn table gives its pieces). Below it, the
//! answers to the ask-commands (`h`, `w`, `a`, `v`, `v NAME`, `m`, `c`, `b`, `s`, `t`, `l`,
//! `r`: see [`asks`] and [`rules`]) are rendered ahead, each in a `<template data-ask="…">`,
//! so that the page's script answers a command at once, without asking the server. The story's last lines
//! ride along hidden, for the script to read out what the others did.
//!
//! Unlike the drawn table, the text depends on the viewer (their village, their last turn):
//! [`render_text_table`] takes the viewer's seat.

mod asks;
mod coach;
pub(crate) mod page;
mod rules;
#[cfg(test)]
mod tests;
mod village_words;

use maud::{html, Markup};

use helvetia_engine::Seat;

use crate::story::StoryLine;
use crate::table::{prompt, seat_names, Ctx};
use crate::TableInput;
pub use asks::Ask;

/// How many of the story's last lines the fragment carries for the script to read out.
const STORY_TAIL: usize = 40;

/// The text table for `viewer` (their seat, if they play): the decision with the numbered
/// choices, the answers to every ask-command, and the story's last lines.
pub fn render_text_table(input: &TableInput, viewer: Option<Seat>) -> String {
    let names = seat_names(input);
    let ctx = Ctx::new(input, &names);
    text_table(&ctx, viewer).into_string()
}

/// The answer to `ask` for `viewer`, as the text table carries it (for tests and tools).
pub fn answer(input: &TableInput, viewer: Option<Seat>, ask: Ask) -> String {
    let names = seat_names(input);
    let ctx = Ctx::new(input, &names);
    asks::answer(&ctx, viewer, ask)
}

fn text_table(ctx: &Ctx, viewer: Option<Seat>) -> Markup {
    let input = ctx.input;
    let pos = ctx.pos;
    let over = input.resignations.is_over(pos);
    let your_turn = !input.legal.is_empty() && input.replay.is_none();
    let status = if over { "finished" } else { "running" };
    let log = input.log;
    let tail = log.len().saturating_sub(STORY_TAIL);
    html! {
        div class="text-table" data-version=(input.version) data-your-turn=(your_turn)
            data-status=(status) data-story-length=(log.len()) {
            @if let Some((step, total)) = input.replay {
                p class="text-replay-step" data-step=(step) data-total=(total) {
                    (ctx.lang.tr_args("replay-step", &[("step", step.into()), ("total", total.into())]))
                }
            }
            section class="text-decision" aria-labelledby="text-decision-title" {
                h2 id="text-decision-title" { (prompt::headline(ctx, your_turn, over)) }
                @if let Some(step) = pos.to_move().filter(|_| !over).and_then(|_| prompt::step_text(ctx)) {
                    p { (step) }
                }
                @if your_turn {
                    ol class="text-actions" aria-label=(ctx.lang.tr("text-choices")) {
                        @for i in 0..input.legal.len() {
                            li { button type="button" data-action=(i) { (asks::numbered(ctx, i)) } }
                        }
                    }
                    @if input.can_undo {
                        p { button type="button" data-undo="" { (ctx.lang.tr("text-undo")) } }
                    }
                }
            }
            @if over {
                (prompt::end_screen(ctx))
            }
            @if let Some(tutorial) = &input.tutorial {
                (coach::coach(ctx, tutorial))
            }
            div class="text-asks" hidden {
                @for ask in Ask::ALL {
                    template data-ask=(ask.letter()) { (asks::answer(ctx, viewer, ask)) }
                }
                @for village in pos.village_ids() {
                    template data-ask="v" data-name=(village_words::short_name(ctx, village)) {
                        (village_words::describe(ctx, village))
                    }
                }
            }
            ol class="text-story" hidden {
                @for (i, line) in log.iter().enumerate().skip(tail) {
                    li data-index=(i) data-seat=[line.seat.map(|s| s.0)] { (said_by(ctx, line)) }
                }
            }
        }
    }
}

/// A line of the story as the text mode says it: with the name of whoever it is about first,
/// since a screen reader hears it without the log's headings (unless the line already begins
/// with it), and ending in a full stop, so that lines read one after another are heard as
/// sentences and not run together.
pub(crate) fn said_by(ctx: &Ctx, line: &StoryLine) -> String {
    let told = match line.seat {
        Some(seat) => {
            let name = ctx.namer.seat(seat);
            if line.text.starts_with(name.as_str()) {
                line.text.clone()
            } else {
                ctx.lang.tr_args(
                    "text-said-by",
                    &[("name", name.into()), ("line", line.text.as_str().into())],
                )
            }
        }
        None => line.text.clone(),
    };
    sentence(ctx, told)
}

/// `text` as a sentence: with the language's full stop unless it ends in one already.
fn sentence(ctx: &Ctx, text: String) -> String {
    const ENDS: [char; 6] = ['.', '!', '?', '\u{3002}', '\u{ff01}', '\u{ff1f}'];
    if text.trim_end().ends_with(ENDS) {
        return text;
    }
    ctx.lang.tr_args("text-sentence", &[("line", text.into())])
}
