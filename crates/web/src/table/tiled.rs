//! A board panel drawn as several small SVGs instead of one wide one. Each is a window (its
//! `viewBox`) onto the panel's one drawing, so the pieces keep their coordinates and ids; the
//! style sheet sets them side by side as wide as the panel on a desk, where they make up the
//! drawing the panel always had, and lets them wrap on a phone at a size where the smallest text
//! is still 12 px, so that no panel is wider than the screen.

use maud::{html, Markup};

use super::num::Num;

/// The panel `class` with its `title` and its `rows` of views ([`row`]). Its drawing's width,
/// title row, margins and the gap between views are the style sheet's, by `class` (the page's
/// security policy allows no style attributes).
pub fn panel(class: &str, title: &str, rows: Markup) -> Markup {
    html! {
        // The caption names the figure: a `<figure>` may not be given the role of a group.
        figure class={ "panel tiled " (class) } id={ "t-" (class) } {
            figcaption class="panel-heading" { (title) }
            (rows)
        }
    }
}

/// Views side by side; a row always starts on a new line.
pub fn row(views: Markup) -> Markup {
    html! {
        div class="views" { (views) }
    }
}

/// A title inside the panel, on a line of its own.
pub fn subheading(text: &str) -> Markup {
    html! {
        p class="panel-subheading" { (text) }
    }
}

/// The part of the drawing from (`x`, `y`), `width` × `height`, holding `inner`. The style sheet
/// sizes it by its class `w<width>`.
pub fn view(x: f32, y: f32, width: f32, height: f32, inner: Markup) -> Markup {
    html! {
        svg class={ "view w" (Num(width)) } viewBox={ (Num(x)) " " (Num(y)) " " (Num(width)) " " (Num(height)) }
            role="group" xmlns="http://www.w3.org/2000/svg" {
            (inner)
        }
    }
}

/// Room for a view, `width` wide, on a desk only: keeps what follows in its column there.
pub fn spacer(width: f32) -> Markup {
    html! {
        svg class={ "view spacer w" (Num(width)) } viewBox={ "0 0 " (Num(width)) " 1" } aria-hidden="true" xmlns="http://www.w3.org/2000/svg" {}
    }
}
