//! How a bot is named for people: "Bot (strong)", or "Bot 2 (strong)" at a table with several
//! bots of that level. The one place that names a bot level, so the lobby's choices, the table,
//! the story, the end screen, the analysis and mails all say the same.

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

/// The name of the bot in seat `seat` of a table whose seats hold `levels` (a bot's level, `None`
/// for anyone else): "Bot (casual)", numbered by seat among the bots of its level when there
/// are several ("Bot 1 (casual)", "Bot 2 (casual)"), so that no two seats share a name.
pub fn bot_seat_name(lang: Lang, levels: &[Option<&str>], seat: usize) -> String {
    let Some(level) = levels.get(seat).copied().flatten() else {
        return String::new();
    };
    let same = |l: &Option<&str>| *l == Some(level);
    if levels.iter().filter(|l| same(l)).count() < 2 {
        return bot_name(lang, level);
    }
    let number = levels[..=seat].iter().filter(|l| same(l)).count();
    lang.tr_args(
        "bot-name-numbered",
        &[
            ("number", FluentValue::from(number)),
            ("level", FluentValue::from(bot_level_name(lang, level))),
        ],
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

    #[test]
    fn bots_of_one_level_at_one_table_get_distinct_names() {
        let levels = [None, Some("greedy"), Some("mcts"), Some("greedy")];
        for lang in Lang::ALL {
            let names: Vec<String> = (1..4).map(|s| bot_seat_name(lang, &levels, s)).collect();
            let mut distinct = names.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), 3, "{}: {names:?}", lang.code());
            assert!(names.iter().all(|n| !n.contains('⟨')), "{names:?}");
        }
        let en = |seat| bot_seat_name(Lang::En, &levels, seat);
        assert_eq!(en(1), "Bot 1 (casual)");
        assert_eq!(en(3), "Bot 2 (casual)");
        // Alone at its level, a bot keeps the plain name.
        assert_eq!(en(2), "Bot (strong)");
        assert_eq!(en(0), "");
    }
}
