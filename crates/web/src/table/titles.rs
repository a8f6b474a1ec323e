//! Titles on tiles and cards (the names of buildings and characters), fitted into the room
//! between the tile's edge and its badge. An estimate of their width picks the largest size
//! that fits: on one line, or on two for a name of several words when that is much larger;
//! only a name that fits neither at the smallest size the table allows is squeezed (SVG
//! `textLength`). The estimate errs wide, as the widest common bold sans-serif (DejaVu Sans
//! Bold) sets the letters, so that a title never runs into the edge in any browser.

use maud::{html, Markup};

use super::num::Num;

/// The size of the board's smallest text: 10 px on a 1366 × 768 desk, where the board is drawn
/// at about 0.65 px a unit (and on a phone 12 px or more, see the style sheet's `--phone-unit`).
pub(crate) const BOARD_TEXT: f32 = 15.5;

/// The width of `text` set in bold at `size`, as the widest common sans-serif sets it.
pub fn text_width(text: &str, size: f32) -> f32 {
    text.chars().map(advance).sum::<f32>() * size
}

/// The advance of one letter in em, rounded up for its class of letters.
fn advance(c: char) -> f32 {
    match c {
        'i' | 'j' | 'l' | 'I' | 'J' | '.' | ',' | ':' | ';' | '!' | '\'' | '|' => 0.38,
        'f' | 't' | 'r' | '(' | ')' | '-' | '/' | ' ' => 0.5,
        'w' => 0.93,
        'M' => 1.0,
        'm' => 1.05,
        'W' => 1.11,
        // CJK and other full-width signs.
        c if c >= '\u{2e80}' => 1.0,
        c if c.is_uppercase() => 0.85,
        _ => 0.72,
    }
}

/// `text` broken between words into lines no wider than `width` at `size`, as estimated (in
/// bold, so that no line of it needs squeezing); a word wider than that is a line of its own.
pub fn wrap(text: &str, size: f32, width: f32) -> Vec<&str> {
    let mut lines = Vec::new();
    // The current line's start and end in `text`.
    let mut line: Option<(usize, usize)> = None;
    let mut at = 0;
    for word in text.split(' ') {
        let (start, end) = (at, at + word.len());
        at = end + 1;
        if word.is_empty() {
            continue;
        }
        line = match line {
            Some((first, _)) if text_width(&text[first..end], size) <= width => Some((first, end)),
            Some((first, last)) => {
                lines.push(&text[first..last]);
                Some((start, end))
            }
            None => Some((start, end)),
        };
    }
    lines.extend(line.map(|(first, last)| &text[first..last]));
    lines
}

/// Where a kind of title is drawn: its size, the smallest size the table allows there (the
/// style sheet's phone scale keeps that at 12 px on screen), the size of a title on two lines,
/// and the width it has.
#[derive(Clone, Copy, Debug)]
pub struct Room {
    /// The size of a title that fits.
    pub size: f32,
    /// The smallest size.
    pub min: f32,
    /// The largest size on two lines, which must leave room for what is drawn below.
    pub two_lines: f32,
    /// The width between the title's left edge and the tile's right edge or its badge.
    pub width: f32,
}

/// Two lines are chosen over one only if their letters are this much larger.
const TWO_LINES_GAIN: f32 = 1.15;
/// The distance of two lines' baselines, in sizes.
const LINE_HEIGHT: f32 = 1.1;

/// A title laid out in its room.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Title<'t> {
    /// Its size.
    pub size: f32,
    /// Its first line.
    pub first: &'t str,
    /// Its second line, if it has two.
    pub second: Option<&'t str>,
    /// Whether the lines were apart by a space (not a hyphen), which the text keeps.
    spaced: bool,
    /// Whether it is squeezed to the room's width (`textLength`).
    pub squeezed: bool,
}

impl<'t> Title<'t> {
    /// `text` fitted into `room`.
    pub fn fit(text: &'t str, room: Room) -> Title<'t> {
        let one = (room.width / text_width(text, 1.0)).min(room.size);
        let one_line = Title {
            size: one,
            first: text,
            second: None,
            spaced: false,
            squeezed: false,
        };
        if one >= room.size {
            return one_line;
        }
        let two_lines = split(text).map(|(first, second)| {
            let widest = text_width(first, 1.0).max(text_width(second, 1.0));
            Title {
                size: (room.width / widest).min(room.two_lines),
                first,
                second: Some(second),
                spaced: first.len() + second.len() < text.len(),
                squeezed: false,
            }
        });
        match two_lines {
            Some(two)
                if two.size >= room.min && (one < room.min || two.size >= one * TWO_LINES_GAIN) =>
            {
                two
            }
            _ if one >= room.min => one_line,
            _ => Title {
                size: room.min,
                squeezed: true,
                ..one_line
            },
        }
    }

    /// The estimated width of its widest line as drawn (the room's, when squeezed).
    #[cfg(test)]
    pub fn width(&self, room: Room) -> f32 {
        if self.squeezed {
            return room.width;
        }
        let second = self.second.map_or(0.0, |line| text_width(line, self.size));
        text_width(self.first, self.size).max(second)
    }

    /// How much lower what is drawn below it goes: the second line's depth, or nothing.
    pub fn extra_height(&self, room: Room) -> f32 {
        match self.second {
            Some(_) => self.size * (1.0 + LINE_HEIGHT) - room.size,
            None => 0.0,
        }
    }

    /// The title drawn from (`x`, `y`), the baseline of a title on one line; two lines hang
    /// from the same top.
    pub fn draw(&self, x: f32, y: f32, room: Room, class: &str) -> Markup {
        let size = Num(self.size);
        match self.second {
            None if self.squeezed => html! {
                text class=(class) x=(Num(x)) y=(Num(y)) font-size=(size) textLength=(Num(room.width)) lengthAdjust="spacingAndGlyphs" { (self.first) }
            },
            None => html! {
                text class=(class) x=(Num(x)) y=(Num(y)) font-size=(size) { (self.first) }
            },
            Some(second) => {
                let first_y = y - room.size + self.size;
                // One text, so that it is read (and found) as one name; the space ends the
                // first line, where it shows nothing.
                html! {
                    text class=(class) x=(Num(x)) y=(Num(first_y)) font-size=(size) {
                        (self.first) @if self.spaced { " " }
                        tspan x=(Num(x)) dy=(Num(self.size * LINE_HEIGHT)) { (second) }
                    }
                }
            }
        }
    }
}

/// `text` broken into two lines where they come out most even: after a space (which goes) or a
/// hyphen (which stays); `None` for one word.
fn split(text: &str) -> Option<(&str, &str)> {
    text.char_indices()
        .filter_map(|(i, c)| match c {
            ' ' => Some((&text[..i], &text[i + 1..])),
            '-' => Some((&text[..=i], &text[i + 1..])),
            _ => None,
        })
        .filter(|(first, second)| !first.is_empty() && !second.is_empty())
        .min_by(|a, b| {
            let widest = |(first, second): &(&str, &str)| {
                text_width(first, 1.0).max(text_width(second, 1.0))
            };
            widest(a).total_cmp(&widest(b))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOM: Room = Room {
        size: 10.0,
        min: 6.0,
        two_lines: 8.0,
        width: 50.0,
    };

    #[test]
    fn a_short_title_keeps_its_size_and_a_long_one_shrinks_wraps_or_is_squeezed() {
        assert_eq!(Title::fit("Mill", ROOM).size, 10.0);
        let shrunk = Title::fit("Woodcutter", ROOM);
        assert!(shrunk.size < 10.0 && shrunk.second.is_none() && !shrunk.squeezed);
        let wrapped = Title::fit("Cattle market", ROOM);
        assert_eq!((wrapped.first, wrapped.second), ("Cattle", Some("market")));
        let squeezed = Title::fit("Brunnenmeistermeister", ROOM);
        assert!(squeezed.squeezed && squeezed.size == ROOM.min);
        for title in [shrunk, wrapped, squeezed] {
            assert!(title.width(ROOM) <= ROOM.width, "{title:?}");
        }
    }

    #[test]
    fn a_text_wraps_between_words_and_keeps_a_long_word_whole() {
        assert_eq!(
            wrap("builds a building", 10.0, 60.0),
            ["builds a", "building"]
        );
        assert_eq!(
            wrap("a couple has a child", 10.0, 1000.0),
            ["a couple has a child"]
        );
        assert_eq!(
            wrap("Brunnenmeister x", 10.0, 20.0),
            ["Brunnenmeister", "x"]
        );
        assert!(wrap("", 10.0, 20.0).is_empty());
    }

    #[test]
    fn a_name_breaks_where_its_lines_are_most_even_keeping_a_hyphen() {
        assert_eq!(split("Cabane de bûcheron"), Some(("Cabane de", "bûcheron")));
        assert_eq!(split("Sage-femme"), Some(("Sage-", "femme")));
        assert_eq!(split("Brunnenmeister"), None);
    }

    #[test]
    fn two_lines_are_one_text_read_as_the_name() {
        let title = Title::fit("Cattle market", ROOM).draw(5.0, 20.0, ROOM, "tile-name");
        let html = title.into_string();
        assert_eq!(html.matches("<text").count(), 1, "{html}");
        assert!(
            html.contains(">Cattle <tspan") && html.contains(">market</tspan>"),
            "{html}"
        );
        let hyphenated = Title::fit("Sage-femme", ROOM).draw(5.0, 20.0, ROOM, "tile-name");
        assert!(hyphenated.into_string().contains(">Sage-<tspan"));
    }
}
