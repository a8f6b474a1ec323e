//! Text a person types for others to read: the names of tournaments and API tokens, and chat
//! lines. One rule for all of them, kept here: no control character (a NUL cannot even be
//! stored in PostgreSQL), no format character (bidi overrides and isolates, zero-width spaces,
//! the byte-order mark, the soft hyphen) and no line or paragraph separator. Such characters
//! are invisible or reorder the text around them, so that a name could pass for another
//! (`"Cup\u{202e}…"` is drawn backwards). Usernames follow a stricter rule of their own
//! ([`crate::usernames`]), which refuses all of these too.
//!
//! Chat alone keeps the two zero-width joiners (U+200C, U+200D): emoji sequences and scripts
//! such as Persian and Devanagari need them to be written at all.

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Where a text is typed, for the one difference the rule makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    /// A name or title: a tournament's, a token's.
    Name,
    /// A line of chat.
    ChatLine,
}

/// Why a typed text was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextError {
    /// Fewer or more characters than allowed, after trimming.
    Length,
    /// A control, format or separator character.
    Hidden,
}

/// Whether `c` may not be typed where `typed` says.
pub fn is_hidden(c: char, typed: Typed) -> bool {
    let joiner = matches!(c, '\u{200c}' | '\u{200d}');
    match c.general_category() {
        GeneralCategory::Control
        | GeneralCategory::LineSeparator
        | GeneralCategory::ParagraphSeparator => true,
        GeneralCategory::Format => !(joiner && typed == Typed::ChatLine),
        _ => false,
    }
}

/// The text to store for `text` typed where `typed` says, with between `min` and `max`
/// characters: trimmed and in NFC (so that the composed and decomposed forms of one name are
/// one name).
///
/// # Errors
/// [`TextError::Length`] or [`TextError::Hidden`], checked in that order.
pub fn checked(text: &str, typed: Typed, min: usize, max: usize) -> Result<String, TextError> {
    let text: String = text.trim().nfc().collect();
    if !(min..=max).contains(&text.chars().count()) {
        return Err(TextError::Length);
    }
    if text.chars().any(|c| is_hidden(c, typed)) {
        return Err(TextError::Hidden);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_bidi_and_zero_width_characters_are_refused_in_names() {
        for bad in [
            "Cup\u{202e}\u{200b}\u{0}xyz",
            "Cup\u{0}",
            "Cup\u{202e}xyz",
            "Cup\u{2066}xyz\u{2069}",
            "Cup\u{200b}xyz",
            "Cup\u{200d}xyz",
            "Cup\u{feff}xyz",
            "Cup\u{ad}xyz",
            "Cup\u{2028}xyz",
            "Cup\txyz",
            "Cup\u{85}xyz",
        ] {
            assert_eq!(
                checked(bad, Typed::Name, 3, 60),
                Err(TextError::Hidden),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn names_in_any_script_are_kept_trimmed_and_in_nfc() {
        assert_eq!(
            checked("  Coupe de Gene\u{300}ve ", Typed::Name, 3, 60),
            Ok("Coupe de Gen\u{e8}ve".to_string())
        );
        assert_eq!(
            checked("瑞士杯 2026", Typed::Name, 3, 60),
            Ok("瑞士杯 2026".to_string())
        );
        assert_eq!(checked("  ab ", Typed::Name, 3, 60), Err(TextError::Length));
    }

    #[test]
    fn chat_keeps_the_joiners_that_emoji_and_scripts_need() {
        let family = "\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}";
        assert!(checked(family, Typed::ChatLine, 1, 500).is_ok());
        assert_eq!(checked(family, Typed::Name, 1, 60), Err(TextError::Hidden));
        assert_eq!(
            checked("gg\u{202e}", Typed::ChatLine, 1, 500),
            Err(TextError::Hidden)
        );
        assert_eq!(
            checked("a\nb", Typed::ChatLine, 1, 500),
            Err(TextError::Hidden)
        );
    }
}
