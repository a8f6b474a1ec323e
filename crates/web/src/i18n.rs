//! Languages and translations: Fluent files under `locales/`, embedded at compile time.
//!
//! Every piece of text the UI shows comes from these files, never from code, so a translator
//! only touches `.ftl` files. A message missing in one language falls back to English; one
//! missing everywhere renders as `⟨key⟩`, which the tests look for.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A language of the UI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Deutsch: the rulebook's original language.
    De,
    /// English.
    En,
    /// Français.
    Fr,
    /// Italiano.
    It,
    /// 中文 (simplified Chinese).
    Zh,
}

/// The Fluent sources of one language, in the order they are loaded.
const SOURCES: [[&str; 9]; 5] = [
    [
        include_str!("../locales/de/ui.ftl"),
        include_str!("../locales/de/game.ftl"),
        include_str!("../locales/de/rules.ftl"),
        include_str!("../locales/de/platform.ftl"),
        include_str!("../locales/de/errors.ftl"),
        include_str!("../locales/de/tutorial.ftl"),
        include_str!("../locales/de/tournaments.ftl"),
        include_str!("../locales/de/puzzles.ftl"),
        include_str!("../locales/de/text.ftl"),
    ],
    [
        include_str!("../locales/en/ui.ftl"),
        include_str!("../locales/en/game.ftl"),
        include_str!("../locales/en/rules.ftl"),
        include_str!("../locales/en/platform.ftl"),
        include_str!("../locales/en/errors.ftl"),
        include_str!("../locales/en/tutorial.ftl"),
        include_str!("../locales/en/tournaments.ftl"),
        include_str!("../locales/en/puzzles.ftl"),
        include_str!("../locales/en/text.ftl"),
    ],
    [
        include_str!("../locales/fr/ui.ftl"),
        include_str!("../locales/fr/game.ftl"),
        include_str!("../locales/fr/rules.ftl"),
        include_str!("../locales/fr/platform.ftl"),
        include_str!("../locales/fr/errors.ftl"),
        include_str!("../locales/fr/tutorial.ftl"),
        include_str!("../locales/fr/tournaments.ftl"),
        include_str!("../locales/fr/puzzles.ftl"),
        include_str!("../locales/fr/text.ftl"),
    ],
    [
        include_str!("../locales/it/ui.ftl"),
        include_str!("../locales/it/game.ftl"),
        include_str!("../locales/it/rules.ftl"),
        include_str!("../locales/it/platform.ftl"),
        include_str!("../locales/it/errors.ftl"),
        include_str!("../locales/it/tutorial.ftl"),
        include_str!("../locales/it/tournaments.ftl"),
        include_str!("../locales/it/puzzles.ftl"),
        include_str!("../locales/it/text.ftl"),
    ],
    [
        include_str!("../locales/zh/ui.ftl"),
        include_str!("../locales/zh/game.ftl"),
        include_str!("../locales/zh/rules.ftl"),
        include_str!("../locales/zh/platform.ftl"),
        include_str!("../locales/zh/errors.ftl"),
        include_str!("../locales/zh/tutorial.ftl"),
        include_str!("../locales/zh/tournaments.ftl"),
        include_str!("../locales/zh/puzzles.ftl"),
        include_str!("../locales/zh/text.ftl"),
    ],
];

type Bundle = FluentBundle<FluentResource>;

/// Every message of every language that needs no arguments, formatted once (English where a
/// language lacks one).
fn plain_messages() -> &'static [HashMap<&'static str, String>; 5] {
    static PLAIN: OnceLock<[HashMap<&'static str, String>; 5]> = OnceLock::new();
    PLAIN.get_or_init(|| {
        let ids: Vec<&'static str> = SOURCES
            .iter()
            .flatten()
            .flat_map(|source| source.lines())
            .filter_map(|line| line.split_once(" =").map(|(id, _)| id.trim_end()))
            .filter(|id| {
                !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            })
            .collect();
        Lang::ALL.map(|lang| {
            ids.iter()
                .filter_map(|&id| Some((id, lang.format_plain(id)?)))
                .collect()
        })
    })
}

fn bundles() -> &'static [Bundle; 5] {
    static BUNDLES: OnceLock<[Bundle; 5]> = OnceLock::new();
    BUNDLES.get_or_init(|| {
        std::array::from_fn(|i| {
            let lang = Lang::ALL[i];
            let id: LanguageIdentifier = lang.code().parse().expect("valid language code");
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // Unicode isolation marks would show up as stray characters in SVG text.
            bundle.set_use_isolating(false);
            for source in SOURCES[i] {
                let resource =
                    FluentResource::try_new(source.to_string()).unwrap_or_else(|(_, errors)| {
                        panic!("{}: bad Fluent file: {errors:?}", lang.code())
                    });
                bundle.add_resource(resource).unwrap_or_else(|errors| {
                    panic!("{}: duplicate messages: {errors:?}", lang.code())
                });
            }
            bundle
        })
    })
}

impl Lang {
    /// Every language, in the order of the language switch.
    pub const ALL: [Lang; 5] = [Lang::De, Lang::En, Lang::Fr, Lang::It, Lang::Zh];

    /// The two-letter code used in `?lang=`, the `lang` cookie and `<html lang>`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::It => "it",
            Lang::Zh => "zh",
        }
    }

    /// `value` with `places` decimals as this language writes it: "-0,5" in German, French
    /// and Italian, "-0.5" in English and Chinese; with its sign always when `signed` ("+1,5").
    pub fn decimal(self, value: f32, places: usize, signed: bool) -> String {
        let text = if signed {
            format!("{value:+.places$}")
        } else {
            format!("{value:.places$}")
        };
        match self {
            Lang::De | Lang::Fr | Lang::It => text.replace('.', ","),
            Lang::En | Lang::Zh => text,
        }
    }

    /// The language's own name, shown in the switch.
    pub const fn native_name(self) -> &'static str {
        match self {
            Lang::De => "Deutsch",
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::It => "Italiano",
            Lang::Zh => "中文",
        }
    }

    /// The language with this code (`"de"`, `"en-GB"`, `"ZH-cn"`…), if supported.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|lang| lang.code() == primary)
    }

    /// The best language for an `Accept-Language` header, by its quality values; English if
    /// none is supported.
    pub fn from_accept_language(header: &str) -> Lang {
        let mut best: Option<(f32, usize, Lang)> = None;
        for (position, part) in header.split(',').enumerate() {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or_default();
            let quality = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let Some(lang) = Lang::from_code(tag) else {
                continue;
            };
            if quality <= 0.0 {
                continue;
            }
            // Higher quality wins; among equals, the one listed first.
            let better = match best {
                None => true,
                Some((q, p, _)) => quality > q || (quality == q && position < p),
            };
            if better {
                best = Some((quality, position, lang));
            }
        }
        best.map_or(Lang::En, |(_, _, lang)| lang)
    }

    fn bundle(self) -> &'static Bundle {
        &bundles()[self as usize]
    }

    /// The message `key` in this language.
    pub fn tr(self, key: &str) -> String {
        self.text(key).into_owned()
    }

    /// The message `key` in this language, borrowed where possible: messages without arguments
    /// are formatted once, as the table asks for some of them hundreds of times per render.
    pub fn text(self, key: &str) -> Cow<'static, str> {
        match plain_messages()[self as usize].get(key) {
            Some(text) => Cow::Borrowed(text),
            None => Cow::Owned(self.format(key, None)),
        }
    }

    /// The message `key` with arguments, e.g. `tr_args("your-turn", &[("name", "Anna".into())])`.
    pub fn tr_args(self, key: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        self.format(key, Some(&fluent_args))
    }

    /// `key` formatted without arguments, if it exists and needs none.
    fn format_plain(self, key: &str) -> Option<String> {
        for bundle in [self.bundle(), Lang::En.bundle()] {
            if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, None, &mut errors);
                return errors.is_empty().then(|| text.into_owned());
            }
        }
        None
    }

    fn format(self, key: &str, args: Option<&FluentArgs<'_>>) -> String {
        for bundle in [self.bundle(), Lang::En.bundle()] {
            if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return bundle
                    .format_pattern(pattern, args, &mut errors)
                    .into_owned();
            }
        }
        format!("⟨{key}⟩")
    }

    /// Whether this language defines `key` itself (without falling back to English).
    pub fn has(self, key: &str) -> bool {
        self.bundle().has_message(key)
    }

    /// Every message id defined in this language, for the completeness tests.
    pub fn message_ids(self) -> Vec<String> {
        let source = SOURCES[self as usize].join("\n");
        source
            .lines()
            .filter_map(|line| {
                let (id, _) = line.split_once(" =")?;
                let id = id.trim_end();
                let ok = !id.is_empty()
                    && !line.starts_with([' ', '#', '.', '-'])
                    && id
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
                ok.then(|| id.to_string())
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_best_supported_language() {
        assert_eq!(
            Lang::from_accept_language("fr-CH, fr;q=0.9, en;q=0.8"),
            Lang::Fr
        );
        assert_eq!(
            Lang::from_accept_language("es, it;q=0.5, de;q=0.7"),
            Lang::De
        );
        assert_eq!(Lang::from_accept_language("zh-CN,zh;q=0.9"), Lang::Zh);
        assert_eq!(Lang::from_accept_language("es, pt"), Lang::En);
        assert_eq!(Lang::from_accept_language(""), Lang::En);
        assert_eq!(Lang::from_accept_language("de;q=0, it"), Lang::It);
    }

    #[test]
    fn codes_round_trip() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
        assert_eq!(Lang::from_code("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_code("xx"), None);
    }

    #[test]
    fn every_language_has_every_message_of_every_other() {
        let english = Lang::En.message_ids();
        assert!(
            english.len() > 100,
            "only {} English messages",
            english.len()
        );
        for lang in Lang::ALL {
            let ids = lang.message_ids();
            for id in &english {
                assert!(lang.has(id), "{} lacks {id}", lang.code());
            }
            for id in &ids {
                assert!(
                    Lang::En.has(id),
                    "English lacks {id} (defined in {})",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn each_language_addresses_the_reader_one_way() {
        // The German table says "du", the French "vous", the Italian "tu", the Chinese 你: a
        // word of the other form is a slip. German plural imperatives ("Wählt reihum") count
        // unless a subject follows, as in a question or a condition ("Setzt du sie ein, …",
        // "Setzt Anna 1 Münze …").
        let other_form: [(Lang, &[&str]); 4] = [
            (
                Lang::De,
                &[
                    "euch", "euer", "eure", "euren", "eurem", "eurer", "Ihnen", "Wählt", "Legt",
                    "Setzt", "Nehmt", "Schaut", "Klickt", "Spielt", "Baut", "Liefert",
                ],
            ),
            (Lang::Fr, &["tu", "ton", "ta", "tes", "toi", "te", "t'"]),
            (
                Lang::It,
                &["voi", "vostro", "vostra", "vostri", "vostre", "Lei"],
            ),
            (Lang::Zh, &["您"]),
        ];
        let subjects = ["du", "er", "sie", "es", "man", "jemand"];
        for (lang, forms) in other_form {
            for source in SOURCES[lang as usize] {
                for line in source.lines().filter(|line| !line.starts_with('#')) {
                    if lang == Lang::Zh {
                        assert!(!line.contains(forms[0]), "zh: {line}");
                        continue;
                    }
                    // Words, with French elisions ("t'") as words of their own.
                    let words: Vec<&str> = line
                        .split_inclusive(|c: char| !c.is_alphabetic() && c != '\'')
                        .flat_map(|part| part.split_inclusive('\''))
                        .map(|word| {
                            word.trim_end_matches(|c: char| !c.is_alphabetic() && c != '\'')
                        })
                        .filter(|word| !word.is_empty())
                        .collect();
                    for (i, word) in words.iter().enumerate() {
                        let subject = words.get(i + 1).is_some_and(|next| {
                            subjects.contains(next) || next.starts_with(char::is_uppercase)
                        });
                        assert!(
                            !forms.contains(word) || subject,
                            "{}: {word} in {line}",
                            lang.code()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn messages_differ_between_languages() {
        assert_ne!(Lang::De.tr("nav-rules"), Lang::En.tr("nav-rules"));
        assert_eq!(Lang::Zh.tr("nav-rules"), "规则");
        assert_eq!(Lang::Zh.tr("no-such-message"), "⟨no-such-message⟩");
    }
}
