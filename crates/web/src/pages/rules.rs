//! The rules in brief, in the page's language, and which component values are reconstructed.

use maud::html;

use helvetia_engine::{BuildingKind, Source, COMPONENT_PROVENANCE};

use super::layout::{document, Page};
use crate::i18n::Lang;
use crate::words::{building_makes, building_name, cost_words};

fn source_word(lang: Lang, source: Source) -> String {
    lang.tr(match source {
        Source::Rulebook => "source-rulebook",
        Source::Review => "source-review",
        Source::Reconstructed => "source-reconstructed",
    })
}

/// The rules page.
pub fn rules(lang: Lang, user: Option<&str>, csrf: &str) -> String {
    let page = Page::new(lang, user, csrf, "rules");
    let title = lang.tr("rules-title");
    let sections = [
        ("rules-goal-title", vec!["rules-goal"]),
        ("rules-setup-title", vec!["rules-setup"]),
        (
            "rules-turn-title",
            vec![
                "rules-turn",
                "rules-builder",
                "rules-trader",
                "rules-nightwatchman",
                "rules-priest",
                "rules-midwife",
            ],
        ),
        ("rules-production-title", vec!["rules-production"]),
        (
            "rules-round-title",
            vec!["rules-round", "rules-coins-unused"],
        ),
        ("rules-score-title", vec!["rules-score"]),
        ("rules-two-title", vec!["rules-two"]),
    ];
    document(
        &page,
        &title,
        html! {
            article class="rules" {
                h1 { (title) }
                @for (heading, paragraphs) in &sections {
                    section {
                        h2 { (lang.tr(heading)) }
                        @for key in paragraphs {
                            p { (lang.tr(key)) }
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
