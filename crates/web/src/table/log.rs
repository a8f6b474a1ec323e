//! The game log: the whole story, a heading per round (setup, turns, round end, game end) and
//! one group per turn, named and coloured for the player; the newest line last.
//!
//! It is sent with every table, so its markup is lean: a group is an `<li>` holding the name
//! in `<b>` and one `<p>` per line; the seat's colour comes from the style sheet (`s0`…`s3`).

use maud::{html, Markup};

use super::Ctx;
use crate::story::{heading, StoryLine};

/// The log panel, with the button that opens it on a phone.
pub fn log(ctx: &Ctx) -> Markup {
    let lang = ctx.lang;
    let lines = ctx.input.log;
    html! {
        button type="button" class="log-toggle" data-log-toggle="" aria-controls="log" {
            (lang.tr("story-show"))
        }
        section class="log" id="log" aria-label=(lang.tr("log-title")) {
            h2 { (lang.tr("log-title")) }
            @if lines.is_empty() {
                p class="muted" { (lang.tr("log-empty")) }
            } @else {
                div class="log-lines" tabindex="0" {
                    @for chapter in lines.chunk_by(|a, b| (a.round, a.stage) == (b.round, b.stage)) {
                        h3 { (heading(lang, &chapter[0])) }
                        ol {
                            @for turn in chapter.chunk_by(|a, b| a.seat == b.seat) {
                                (group(ctx, turn))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// One player's consecutive decisions, or what the game did on its own.
fn group(ctx: &Ctx, lines: &[StoryLine]) -> Markup {
    let seat = lines[0].seat;
    html! {
        li class=[seat.map(|seat| format!("s{}", seat.0))] {
            @if let Some(seat) = seat {
                b { (ctx.namer.seat(seat)) }
            }
            @for line in lines {
                p { (line.text) }
            }
        }
    }
}
