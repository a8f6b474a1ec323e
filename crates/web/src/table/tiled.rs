//! A board panel drawn as several small SVGs instead of one wide one. Each is a window (its
//! `viewBox`) onto the panel's one drawing, so the pieces keep their coordinates and ids; the
//! style sheet sets them side by side as wide as the panel on a desk, where they make up the
//! drawing the panel always had, and lets them wrap on a phone at a size where the smallest text
//! is still 12 px, so that no panel is wider than the screen.

use maud::{html, Markup};

use super::pieces::Num;

/// Where a panel's drawing starts and how it is laid out, in the drawing's units.
pub struct Frame {
    /// Width of the drawing on a desk.
    pub width: f32,
    /// Height of the title row above the first views.
    pub top: f32,
    /// Room to the left of the views.
    pub pad: f32,
    /// Room below the last views.
    pub bottom: f32,
}

/// The panel `class` with its `title` and its `rows` of views ([`row`]).
pub fn panel(class: &str, frame: Frame, title: &str, rows: Markup) -> Markup {
    let style = format!(
        "--panel-width: {}; --top: {}; --pad: {}; --bottom: {}",
        Num(frame.width),
        Num(frame.top),
        Num(frame.pad),
        Num(frame.bottom)
    );
    html! {
        figure class={ "panel tiled " (class) } id={ "t-" (class) } style=(style) role="group" aria-label=(title) {
            figcaption class="panel-heading" { (title) }
            (rows)
        }
    }
}

/// Views side by side, `gap` apart; a row always starts on a new line.
pub fn row(gap: f32, views: Markup) -> Markup {
    html! {
        div class="views" style={ "--gap: " (Num(gap)) } { (views) }
    }
}

/// A title inside the panel, on a line of its own, `height` high.
pub fn subheading(height: f32, text: &str) -> Markup {
    html! {
        p class="panel-subheading" style={ "--height: " (Num(height)) } { (text) }
    }
}

/// The part of the drawing from (`x`, `y`), `width` × `height`, holding `inner`.
pub fn view(x: f32, y: f32, width: f32, height: f32, inner: Markup) -> Markup {
    html! {
        svg class="view" viewBox={ (Num(x)) " " (Num(y)) " " (Num(width)) " " (Num(height)) }
            style={ "--view-width: " (Num(width)) } role="group" xmlns="http://www.w3.org/2000/svg" {
            (inner)
        }
    }
}
