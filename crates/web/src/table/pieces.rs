//! The small pieces of the table as SVG: villagers, coins, cubes, and clickable wrappers.
//!
//! Every piece carries a `<title>` (its text alternative) and one class naming what it is
//! (`villager`, `coin`, `cube`…), so the tests can count them. Outlines and the colours that
//! never change are in the style sheet: a table draws dozens of these pieces. SVG elements are
//! always written with an end tag: inside HTML, `<rect>` without one would swallow what follows.

use maud::{html, Markup, PreEscaped};

use helvetia_engine::{Owner, Sex, VillageId};

use super::num::Num;
use super::targets::Clickable;

/// Fill colours of the four seats; the neutral village is off-white.
pub(crate) const SEAT_COLOURS: [&str; 4] = ["#c62828", "#1e63c4", "#e0a800", "#2e8b3d"];
const NEUTRAL_COLOUR: &str = "#f3efe6";

/// The fill colour of a seat or the neutral village.
pub fn colour(owner: Owner) -> &'static str {
    match owner {
        VillageId::Player(seat) => SEAT_COLOURS[seat.index() % 4],
        VillageId::Neutral => NEUTRAL_COLOUR,
    }
}

/// Each seat's shape, a unit wide: a circle, a square, a triangle and a diamond. Drawn on the
/// seat's pieces beside its colour, so that seats are told apart by a reader who cannot tell
/// the colours apart (or prints the table in grey).
pub(crate) const SEAT_SHAPES: [&str; 4] = [
    "M1 0A1 1 0 1 1-1 0A1 1 0 1 1 1 0Z",
    "M-.8-.8H.8V.8H-.8Z",
    "M0-1L.95.75H-.95Z",
    "M0-1.05L1.05 0L0 1.05L-1.05 0Z",
];

/// [`SEAT_SHAPES`] drawn on a villager's body (centred on (0, -5.5), 2.6 from its centre):
/// written out, since a table draws dozens of villagers and nothing of these needs computing.
pub(crate) const VILLAGER_SEAT_SHAPES: [&str; 4] = [
    "M2.6-5.5A2.6 2.6 0 1 1-2.6-5.5A2.6 2.6 0 1 1 2.6-5.5Z",
    "M-2.08-7.58H2.08V-3.42H-2.08Z",
    "M0-8.1L2.47-3.55H-2.47Z",
    "M0-8.23L2.73-5.5L0-2.77L-2.73-5.5Z",
];

/// The seat's shape (see [`SEAT_SHAPES`]) centred on (`x`, `y`), `radius` from its centre to
/// its edge; nothing for the neutral village. White with a dark outline (the style sheet's
/// `seat-mark`), and transparent to clicks: it belongs to the piece it is drawn on.
pub fn seat_mark(owner: Owner, x: f32, y: f32, radius: f32) -> Markup {
    let VillageId::Player(seat) = owner else {
        return html! {};
    };
    html! {
        path class="seat-mark" d=(SEAT_SHAPES[seat.index() % 4])
            transform={ "translate(" (Num(x)) " " (Num(y)) ") scale(" (Num(radius)) ")" } {}
    }
}

/// How a villager is drawn.
#[derive(Clone, Copy)]
pub struct Figure {
    /// Whose colour.
    pub owner: Owner,
    /// Men wear hats.
    pub sex: Sex,
    /// Standing when awake, lying when asleep.
    pub awake: bool,
    /// A newborn: drawn small.
    pub newborn: bool,
}

impl Figure {
    /// An awake adult of `owner`.
    pub fn adult(owner: Owner, sex: Sex) -> Figure {
        Figure {
            owner,
            sex,
            awake: true,
            newborn: false,
        }
    }
}

/// A villager centred horizontally on `x`, feet at `y`.
pub fn villager(x: f32, y: f32, figure: Figure, title: &str) -> Markup {
    villager_scaled(x, y, figure, if figure.newborn { 0.6 } else { 1.0 }, title)
}

/// A villager drawn at `scale` (crowded places draw them smaller).
pub fn villager_scaled(x: f32, y: f32, figure: Figure, scale: f32, title: &str) -> Markup {
    let fill = colour(figure.owner);
    let sex = match figure.sex {
        Sex::Female => "f",
        Sex::Male => "m",
    };
    let state = match (figure.newborn, figure.awake) {
        (true, _) => "newborn",
        (false, true) => "awake",
        (false, false) => "asleep",
    };
    html! {
        // Lying figures are turned a quarter and rest on the ground.
        g class="villager" data-sex=(sex) data-state=(state)
            transform={ "translate(" (Num(x)) " " (Num(y)) ") scale(" (Num(scale)) ")"
                @if !figure.awake { " translate(13 0) rotate(-90 0 -4)" } } {
            title { (title) }
            @if figure.sex == Sex::Female {
                path d="M-6 0 L-2 -12 L2 -12 L6 0 Z" fill=(fill) {}
            } @else {
                path d="M-5 0 L-5 -12 L5 -12 L5 0 Z" fill=(fill) {}
            }
            @if let VillageId::Player(seat) = figure.owner {
                path class="seat-mark" d=(PreEscaped(VILLAGER_SEAT_SHAPES[seat.index() % 4])) {}
            }
            circle cx="0" cy="-16" r="4" {}
            @if figure.sex == Sex::Male {
                rect x="-6" y="-20" width="12" height="1.8" {}
                rect x="-3.5" y="-25" width="7" height="5" {}
            }
        }
    }
}

/// A coin of `owner`'s colour centred on (`x`, `y`).
pub fn coin(x: f32, y: f32, owner: Owner, title: &str) -> Markup {
    html! {
        circle class="coin" cx=(Num(x)) cy=(Num(y)) r="6" fill=(colour(owner)) {
            title { (title) }
        }
        (seat_mark(owner, x, y, 2.8))
    }
}

/// A delivery cube of `owner`'s colour with its top-left corner at (`x`, `y`); `mark` names a
/// cube of the market (`good-seat`) for the highlight of recent turns.
pub fn cube(x: f32, y: f32, owner: Owner, title: &str, mark: Option<String>) -> Markup {
    html! {
        rect class="cube" x=(Num(x)) y=(Num(y)) width="8" height="8" fill=(colour(owner)) data-cube=[mark] {
            title { (title) }
        }
        (seat_mark(owner, x + 4.0, y + 4.0, 2.3))
    }
}

/// Wraps `inner` in a group that plays a legal action (or opens a chooser) when activated.
/// `label` is its accessible name. Without a legal action, the group is plain. A piece that
/// spends the neutral coin is also `neutral-coin`, which the style sheet draws apart.
pub fn clickable(click: Option<Clickable>, class: &str, label: &str, inner: Markup) -> Markup {
    match click {
        Some(click) => {
            let label = label_with_text(label, &inner.0);
            // A space after each text, so that the words seen on the piece are read apart
            // ("Trader delivers a good", not "Traderdelivers a good"); SVG draws no such space.
            let inner = PreEscaped(inner.0.replace("</text>", "</text> "));
            html! {
                g class={ (class) @if click.neutral_coin { " neutral-coin" } " legal" } data-action=[click.action] data-chooser=[click.chooser]
                    tabindex="0" role="button" aria-label=(label) focusable="true" {
                    (inner)
                }
            }
        }
        None => html! {
            g class=(class) { (inner) }
        },
    }
}

/// `label`, followed by the text drawn on the piece when the label does not already say it: a
/// name heard must contain the words seen, so that someone who says what they see to click
/// ("Trader") is understood (WCAG's "label in name"), and the piece's product or description
/// is heard too.
fn label_with_text<'l>(label: &'l str, markup: &str) -> std::borrow::Cow<'l, str> {
    let shown = drawn_text(markup);
    let seen = words(&shown.join(" "));
    if seen.is_empty() || words(label).contains(&seen) {
        return label.into();
    }
    format!("{label} – {}", shown.join(", ")).into()
}

/// The texts of the `<text>` elements in `markup` (their `<tspan>`s included), unescaped.
fn drawn_text(markup: &str) -> Vec<String> {
    let mut texts = Vec::new();
    let mut rest = markup;
    while let Some(start) = rest.find("<text") {
        rest = &rest[start..];
        let Some(open_end) = rest.find('>') else {
            break;
        };
        let Some(close) = rest.find("</text>") else {
            break;
        };
        let mut text = String::new();
        let mut inside_tag = false;
        for c in rest[open_end + 1..close].chars() {
            match c {
                '<' => inside_tag = true,
                '>' => inside_tag = false,
                c if !inside_tag => text.push(c),
                _ => {}
            }
        }
        let text = text
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&");
        if !text.trim().is_empty() {
            texts.push(text.trim().to_string());
        }
        rest = &rest[close + "</text>".len()..];
    }
    texts
}

/// Text as a checker compares it: letters and digits in lower case, one space between words.
fn words(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_lowercase().next().unwrap_or(c)
            } else {
                ' '
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Text that shrinks to fit `width` (SVG `textLength` only ever squeezes long texts). Titles
/// are fitted by [`super::titles`] instead.
pub fn fitted_text(x: f32, y: f32, size: f32, width: f32, class: &str, text: &str) -> Markup {
    html! {
        @if super::titles::text_width(text, size) > width {
            text class=(class) x=(Num(x)) y=(Num(y)) font-size=(Num(size)) textLength=(Num(width)) lengthAdjust="spacingAndGlyphs" { (text) }
        } @else {
            text class=(class) x=(Num(x)) y=(Num(y)) font-size=(Num(size)) { (text) }
        }
    }
}

#[cfg(test)]
mod label_tests {
    use super::*;

    #[test]
    fn a_label_contains_the_words_drawn_on_its_piece() {
        let drawn =
            r#"<rect></rect><text x="1">Trader</text><text class="small">delivers a good</text>"#;
        assert_eq!(
            label_with_text("coin on the Trader", drawn),
            "coin on the Trader – Trader, delivers a good"
        );
        // Said already: the label stays as it is.
        assert_eq!(
            label_with_text("deliver brick", r#"<text>brick</text>"#),
            "deliver brick"
        );
        assert_eq!(label_with_text("free field", "<rect></rect>"), "free field");
        assert_eq!(
            drawn_text(r#"<text>A &amp; B<tspan> c</tspan></text>"#),
            ["A & B c"]
        );
        let html = clickable(
            Some(Clickable {
                action: Some(0),
                chooser: None,
                neutral_coin: false,
            }),
            "character",
            "coin on the Trader",
            PreEscaped(drawn.to_string()),
        )
        .into_string();
        assert!(html.contains("</text> <text"), "texts read apart: {html}");
    }
}
