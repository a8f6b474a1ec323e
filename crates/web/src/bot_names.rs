//! How a bot is named for people: "Bot (strong)". The one place that names a bot level, so the
//! lobby's choices, the table, the story, the end screen and mails all say the same.

use fluent_bundle::FluentValue;

use crate::i18n::Lang;

/// The bot levels by their stored word, weakest first: the order of the lobby's choices.
pub const BOT_LEVELS: [&str; 5] = ["random", "greedy", "good", "mcts", "expert"];

/// A bot's level in words, e.g. "strong" for `"mcts"` (the word the server stores and the API
/// sends). An unknown word is shown as it is rather than hidden.
pub fn bot_level_name(lang: Lang, level: &str) -> String {
    if BOT_LEVELS.contains(&level) {
        lang.tr(&format!("bot-level-{level}"))
    } else {
        level.to_string()
    }
}

/// The name of a bot of `level` sitting at a table, e.g. "Bot (strong)" or "Computer (stark)".
pub fn bot_name(lang: Lang, level: &str) -> String {
    lang.tr_args(
        "bot-name",
        &[("level", FluentValue::from(bot_level_name(lang, level)))],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_a_name_in_every_language_and_names_differ() {
        for lang in Lang::ALL {
            let names: Vec<String> = BOT_LEVELS.iter().map(|l| bot_name(lang, l)).collect();
            for name in &names {
                assert!(!name.contains('⟨'), "{}: {name}", lang.code());
                for algorithm in ["random", "greedy", "mcts"] {
                    assert!(
                        !name.contains(algorithm),
                        "{}: {name} names the algorithm",
                        lang.code()
                    );
                }
            }
            let mut distinct = names.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), names.len(), "{names:?}");
        }
        assert_eq!(bot_name(Lang::En, "mcts"), "Bot (strong)");
        assert_eq!(bot_name(Lang::De, "random"), "Computer (Anfänger)");
    }
}
