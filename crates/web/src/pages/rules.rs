//! The rules in brief, in the page's language, with pictures drawn by the table's own code
//! ([`super::rules_pictures`]), and which component values are reconstructed.

use maud::html;

use helvetia_engine::{BuildingKind, Source, COMPONENT_PROVENANCE};

use super::layout::{document, Page};
use super::rules_pictures::{picture as rules_picture, Picture};
use crate::i18n::Lang;
use crate::words::{building_makes, building_name, cost_words};

fn source_word(lang: Lang, source: Source) -> String {
    lang.tr(match source {
        Source::Rulebook => "source-rulebook",
        Source::Review => "source-review",
        Source::Reconstructed => "source-reconstructed",
    })
}

/// One part of a section: a paragraph (by its message key) or a picture drawn by the table.
enum Block {
    Text(&'static str),
    Picture(Picture),
}

use Block::{Picture as Pic, Text};

/// The sections of the rules in brief: a heading's key and its blocks.
fn sections() -> [(&'static str, Vec<Block>); 9] {
    [
        ("rules-goal-title", vec![Text("rules-goal")]),
        ("rules-setup-title", vec![Text("rules-setup")]),
        (
            "rules-village-title",
            vec![
                Text("rules-quarters"),
                Text("rules-completion"),
                Pic(Picture::Village),
            ],
        ),
        (
            "rules-turn-title",
            vec![
                Text("rules-turn"),
                Pic(Picture::Characters),
                Text("rules-builder"),
                Pic(Picture::Display),
                Text("rules-trader"),
                Pic(Picture::Market),
                Text("rules-nightwatchman"),
                Text("rules-priest"),
                Text("rules-midwife"),
            ],
        ),
        (
            "rules-production-title",
            vec![Text("rules-production"), Pic(Picture::Production)],
        ),
        (
            "rules-sleep-title",
            vec![Text("rules-sleep"), Pic(Picture::Sleep)],
        ),
        (
            "rules-round-title",
            vec![
                Text("rules-round"),
                Text("rules-coins-unused"),
                Pic(Picture::Round),
            ],
        ),
        ("rules-score-title", vec![Text("rules-score")]),
        ("rules-two-title", vec![Text("rules-two")]),
    ]
}

/// The rules page.
pub fn rules(lang: Lang, user: Option<&str>, csrf: &str) -> String {
    let page = Page::new(lang, user, csrf, "rules");
    let title = lang.tr("rules-title");
    document(
        &page,
        &title,
        html! {
            article class="rules" {
                h1 { (title) }
                p class="tutorial-invite" { a href="/tutorial" { (lang.tr("tutorial-invite")) } }
                @for (heading, blocks) in sections() {
                    section {
                        h2 { (lang.tr(heading)) }
                        @for block in blocks {
                            @match block {
                                Text(key) => p { (lang.tr(key)) },
                                Pic(picture) => (rules_picture(lang, picture)),
                            }
                        }
                    }
                }
                section id="provenance" {
                    h2 { (lang.tr("rules-provenance-title")) }
                    p { (lang.tr("rules-provenance")) }
                    ul class="provenance" {
                        @for (i, (english, source)) in COMPONENT_PROVENANCE.iter().enumerate() {
                            @let key = format!("provenance-{i}");
                            @let text = if lang.has(&key) { lang.tr(&key) } else { (*english).to_string() };
                            li class={ "source-" (format!("{source:?}").to_lowercase()) } {
                                (text) " — " strong { (source_word(lang, *source)) }
                            }
                        }
                    }
                    h3 { (lang.tr("rules-costs-title")) }
                    table class="costs" {
                        thead { tr {
                            th { (lang.tr("rules-building-column")) }
                            th { (lang.tr("rules-cost-column")) }
                            th { (lang.tr("rules-source-column")) }
                        } }
                        tbody {
                            @for kind in BuildingKind::ALL {
                                @if let Some(source) = kind.cost_source() {
                                    tr {
                                        td { (building_name(lang, kind)) br; span class="small muted" { (building_makes(lang, kind)) } }
                                        td { (cost_words(lang, kind)) }
                                        td { (source_word(lang, source)) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        },
    )
}

/// The rules page as a whole around its pictures (each picture's drawing is tested beside it).
#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// The pictures of `page`, each from its opening tag to the end of its caption.
    fn pictures(page: &str) -> Vec<&str> {
        page.split("<figure class=\"rules-picture\"")
            .skip(1)
            // The picture's own caption, after the panel's heading (a caption with a class).
            .map(|rest| {
                let caption = rest.find("<figcaption>").expect("a caption");
                &rest[..caption + rest[caption..].find("</figcaption>").expect("its end")]
            })
            .collect()
    }

    #[test]
    fn the_rules_page_in_every_language_has_every_picture_with_its_caption() {
        for lang in Lang::ALL {
            let page = rules(lang, None, "t");
            let drawn = pictures(&page);
            assert_eq!(drawn.len(), Picture::ALL.len(), "{}", lang.code());
            for picture in Picture::ALL {
                let named = format!(" data-picture=\"{}\"", picture.name());
                let html = match drawn
                    .iter()
                    .filter(|html| html.starts_with(&named))
                    .collect::<Vec<_>>()[..]
                {
                    [html] => html,
                    _ => panic!("{}: {picture:?} is drawn once", lang.code()),
                };
                // One panel (a board panel is drawn as several small SVGs).
                assert_eq!(
                    html.matches("<figure class=\"panel").count(),
                    1,
                    "{picture:?} is one drawing"
                );
                assert!(html.contains("<svg"), "{picture:?} is drawn");
                let caption = html! { (lang.tr(&format!("rules-picture-{}", picture.name()))) };
                assert!(
                    html.contains(&format!("<figcaption>{}", caption.into_string())),
                    "{}: the caption of {picture:?}",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn no_id_repeats_on_the_rules_page() {
        for lang in Lang::ALL {
            let page = rules(lang, Some("anna"), "t");
            let mut seen = HashSet::new();
            for value in page.split(" id=\"").skip(1) {
                let id = &value[..value.find('"').expect("a closed attribute")];
                assert!(seen.insert(id), "{}: id {id} repeats", lang.code());
            }
            for html in pictures(&page) {
                assert!(!html.contains(" id=\""), "pictures carry no ids");
            }
        }
    }

    #[test]
    fn nothing_in_the_pictures_can_be_clicked() {
        let page = rules(Lang::En, None, "t");
        for html in pictures(&page) {
            for clickable in [
                "data-action",
                "data-chooser",
                "tabindex",
                "role=\"button\"",
                " legal\"",
            ] {
                assert!(!html.contains(clickable), "{clickable} in a picture");
            }
        }
    }
}
