//! The highlight of the others' last turns (see [`crate::recent_turns`]): one part holding a
//! legend per turn ("bruno's last turn") that names the viewers who see it and its pieces.
//!
//! The table is shared by everyone who does not decide, while what each viewer sees depends on
//! their own last action; the page marks the viewer's seat on `#table` (`data-seat`), so each
//! legend lists its viewers (`data-for`: seats, and `spectators`) and its pieces as a selector
//! (`data-pieces`), and the script marks the viewer's own (`.shown`, `.recent`), like the
//! stand-in notice. The style sheet makes those pieces glow and fade in briefly, unless the
//! reader prefers reduced motion; the legend's button hides the highlight (`recent-off`).

use maud::{html, Markup};

use super::Ctx;
use helvetia_engine::Mark;

/// The part's content: nothing without recent turns.
pub fn recent(ctx: &Ctx) -> Markup {
    html! {
        @for turn in &ctx.input.recent.turns {
            @let viewers: Vec<String> = turn.seen_by.iter().map(|seat| seat.0.to_string())
                .chain(turn.spectators.then(|| "spectators".to_string())).collect();
            @let pieces: Vec<String> = turn.marks.iter().map(|mark| selector(*mark)).collect();
            p class="recent-legend" data-seat=(turn.seat.0) data-for=(viewers.join(" "))
                data-pieces=(pieces.join(",")) {
                span class="recent-swatch" {}
                " " (ctx.lang.tr_args("recent-turn", &[("name", ctx.namer.seat(turn.seat).into())])) " "
                button type="button" class="link" data-recent-hide { (ctx.lang.tr("recent-hide")) }
            }
        }
    }
}

/// Where a piece is on the table.
pub(crate) fn selector(mark: Mark) -> String {
    match mark {
        Mark::Cell { village, cell } => format!("#t-village-{village} [data-cell=\"{cell}\"]"),
        Mark::Centre { village } => format!("#t-village-{village} [data-centre]"),
        Mark::Coins { character, seat } => {
            format!("#t-characters [data-coins=\"{character}-{seat}\"]")
        }
        Mark::Cube { good, seat } => format!("#t-market [data-cube=\"{good}-{seat}\"]"),
    }
}
