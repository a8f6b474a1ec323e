//! Small pictures drawn as SVG rather than written as emoji or symbol characters, which a
//! machine without the right font shows as empty boxes.

use maud::{html, Markup};

use crate::i18n::Lang;

/// A robot's head, beside the name of a seat a bot plays; read as "bot".
pub fn robot(lang: Lang) -> Markup {
    html! {
        svg class="icon robot" viewBox="0 0 16 16" width="16" height="16" role="img" aria-label=(lang.tr("table-bot")) {
            line x1="8" y1="1.5" x2="8" y2="4" stroke="currentColor" stroke-width="1.4" {}
            circle cx="8" cy="1.5" r="1.2" fill="currentColor" {}
            rect x="2.5" y="4" width="11" height="9" rx="2" fill="none" stroke="currentColor" stroke-width="1.4" {}
            circle cx="6" cy="8" r="1.3" fill="currentColor" {}
            circle cx="10" cy="8" r="1.3" fill="currentColor" {}
            line x1="6" y1="11" x2="10" y2="11" stroke="currentColor" stroke-width="1.2" {}
        }
    }
}

/// Which way a replay button steps.
#[derive(Clone, Copy)]
pub enum Step {
    First,
    Back,
    Forward,
    Last,
}

/// The arrow of a replay button (its word says what it does): a triangle, with a bar for the
/// first and the last step.
pub fn step(step: Step) -> Markup {
    let (triangle, bar) = match step {
        Step::First => ("12,2 12,14 4,8", Some(2.0)),
        Step::Back => ("12,2 12,14 4,8", None),
        Step::Forward => ("4,2 4,14 12,8", None),
        Step::Last => ("4,2 4,14 12,8", Some(12.5)),
    };
    html! {
        svg class="icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" {
            polygon points=(triangle) fill="currentColor" {}
            @if let Some(x) = bar {
                rect x=(x) y="2" width="1.8" height="12" fill="currentColor" {}
            }
        }
    }
}
