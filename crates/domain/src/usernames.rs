//! Usernames: which are allowed, and when two are the same name.
//!
//! Two names are the same when their keys are equal. The key is the name in NFKC (full-width
//! `ａｎｎａ` is `anna`, `ﬀ` is `ff`, `²` is `2`), case-folded (`STRASSE` and `straße` are
//! `strasse`), then reduced to its confusable skeleton (Unicode TS #39: Cyrillic `а` is Latin
//! `a`). A name must be of one script (digits and `_ - .` go with any), so that no name mixes
//! alphabets to imitate another. The name is shown as typed, in NFC, so that the composed and
//! decomposed forms of one name look and compare the same.

use unicode_normalization::UnicodeNormalization;
use unicode_security::{skeleton, MixedScript};

/// Names no person may take, because the site writes them for someone else: the export's
/// placeholder for a person who chose to be anonymous ([`crate::export::ANONYMOUS`]).
/// Compared by [`key`], so that a look-alike is refused too.
pub const RESERVED: [&str; 1] = [crate::export::ANONYMOUS];

/// The name to store for `typed`, or why it is refused.
///
/// # Errors
/// Its length, a character that is not a letter, digit, `_`, `-` or `.`, a mix of scripts, or
/// a [`RESERVED`] name, as an error code (`docs/api.md`).
pub fn checked(typed: &str) -> Result<String, &'static str> {
    let name: String = typed.nfc().collect();
    let length = name.chars().count();
    if !(3..=24).contains(&length) {
        return Err("username-length");
    }
    if !name
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '.')
    {
        return Err("username-characters");
    }
    if !name.is_single_script() {
        return Err("username-scripts");
    }
    let name_key = key(&name);
    if RESERVED.iter().any(|reserved| key(reserved) == name_key) {
        return Err("username-reserved");
    }
    Ok(name)
}

/// The key under which `name` is unique: names with the same key look alike.
pub fn key(name: &str) -> String {
    let compatible: String = name.nfkc().collect();
    let folded = caseless::default_case_fold_str(&compatible);
    let skeleton: String = skeleton(&folded).collect();
    // The skeleton may hold capitals (`0` becomes `O`): fold again.
    caseless::default_case_fold_str(&skeleton).nfc().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alike_names_share_a_key() {
        for (a, b) in [
            ("anna2991", "ａｎｎａ２９９１"),
            (
                "\u{d55c}\u{ad6d}\u{c5b4}",
                "\u{1112}\u{1161}\u{11ab}\u{1100}\u{116e}\u{11a8}\u{110b}\u{1165}",
            ),
            ("strasse", "straße"),
            ("offer", "oﬀer"),
            ("bob2", "bob²"),
            ("Anna", "aNNA"),
            ("anna", "\u{430}nn\u{430}"),
            ("bob", "b0b"),
            ("Bob1", "bobl"),
        ] {
            assert_eq!(key(a), key(b), "{a} and {b}");
        }
        assert_ne!(key("anna"), key("anne"));
        assert_ne!(key("bob2"), key("bob3"));
    }

    #[test]
    fn the_exports_placeholder_is_no_ones_name() {
        for name in ["anonymous", "Anonymous", "ANONYMOUS", "ａｎｏｎｙｍｏｕｓ"] {
            assert_eq!(checked(name), Err("username-reserved"), "{name}");
        }
        assert!(checked("anonymous2").is_ok());
    }

    #[test]
    fn names_are_checked_and_kept_as_typed_in_nfc() {
        assert_eq!(checked("Anna_2.b-c"), Ok("Anna_2.b-c".to_string()));
        assert_eq!(checked("Cafe\u{301}"), Ok("Caf\u{e9}".to_string()));
        assert!(checked("ab").is_err());
        assert!(checked("anna smith").is_err());
        assert!(checked("anna<b>").is_err());
        assert!(
            checked("p\u{430}ypal").is_err(),
            "Latin with a Cyrillic letter"
        );
        assert!(
            checked("\u{41c}\u{430}\u{440}\u{438}\u{44f}").is_ok(),
            "all Cyrillic"
        );
        assert!(
            checked("\u{d55c}\u{ad6d}\u{c5b4}42").is_ok(),
            "Hangul with digits"
        );
    }
}
