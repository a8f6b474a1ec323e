//! The "Hint" button in the prompt, and the words of the answer the page shows beside it.
//!
//! Only a game of one person against bots, created with hints, offers it, and only to that
//! person while the decision is theirs ([`crate::TableInput::hint`]); the server refuses a hint
//! anywhere else. The page's script asks `POST /api/games/{id}/hint` when it is clicked and
//! writes the answer's sentences ([`hint_words`]) into the box below the buttons.

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use super::Ctx;
use crate::i18n::Lang;

/// The button, when the viewer may ask for a hint now. It names the version it asks about, so
/// the prompt (and any answer shown in it) is replaced with every change.
pub fn button(ctx: &Ctx) -> Markup {
    if !offered(ctx) {
        return html! {};
    }
    let lang = ctx.lang;
    html! {
        button type="button" class="hint" data-hint=(ctx.input.version)
            title=(lang.tr("hint-title")) data-working=(lang.tr("hint-working")) {
            (lang.tr("hint-button"))
        }
    }
}

/// The box the answer goes in, below the buttons.
pub fn answer_box(ctx: &Ctx) -> Markup {
    if !offered(ctx) {
        return html! {};
    }
    html! { div class="hint-answer" aria-live="polite" hidden {} }
}

/// Whether the viewer may ask now: hints allowed, their decision, not a replay.
fn offered(ctx: &Ctx) -> bool {
    ctx.input.hint && !ctx.input.legal.is_empty() && ctx.input.replay.is_none()
}

/// A hint in sentences for the reader: the decisions the search prefers (each already in
/// words), the player's chance to win now and after them, and why, as evaluation terms
/// (`term` the last part of the key `analysis-term-…`, and victory points).
pub fn hint_words(
    lang: Lang,
    line: &[String],
    before: f32,
    after: f32,
    why: &[(&str, f32)],
) -> Vec<String> {
    let percent = |chance: f32| FluentValue::from(format!("{:.0}", chance * 100.0));
    let mut words = vec![
        lang.tr_args("hint-line", &[("line", line.join(" → ").into())]),
        lang.tr_args(
            "hint-chances",
            &[("before", percent(before)), ("after", percent(after))],
        ),
    ];
    if why.is_empty() {
        words.push(lang.tr("hint-why-none"));
    } else {
        words.push(lang.tr_args("hint-why", &[("terms", evaluation_terms(lang, why).into())]));
    }
    words
}

/// Terms of the evaluation in words, with their victory points signed ("score +1.0, coins still
/// to use −0.5"): `term` the last part of the key `analysis-term-…`.
pub fn evaluation_terms(lang: Lang, why: &[(&str, f32)]) -> String {
    why.iter()
        .map(|&(term, points)| {
            lang.tr_args(
                &format!("analysis-term-{term}"),
                &[("points", lang.decimal(points, 1, true).into())],
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use helvetia_engine::{Action, Game, GameOptions, Seat};

    use super::hint_words;
    use crate::{render_table, Lang, PlayerInfo, TableInput};

    /// The table of a new game for its first player (`decides`) or for anyone else, with the
    /// game's hints allowed or not.
    fn table(decides: bool, hint: bool, replay: Option<(usize, usize)>) -> String {
        let game = Game::new(GameOptions::for_players(2), 3);
        let legal: Vec<Action> = if decides {
            game.legal_actions().to_vec()
        } else {
            Vec::new()
        };
        let players: Vec<PlayerInfo> = (0..2)
            .map(|s| PlayerInfo {
                seat: Seat(s),
                name: ["anna", "bot"][usize::from(s)].to_string(),
                is_bot: s == 1,
                stands_in: false,
                connected: true,
            })
            .collect();
        render_table(&TableInput {
            legal: &legal,
            version: 7,
            replay,
            hint,
            ..TableInput::new("h", &game.view(), &players, Lang::De)
        })
    }

    #[test]
    fn the_hint_button_is_shown_only_to_the_decider_of_a_game_with_hints() {
        let shown = table(true, true, None);
        assert!(shown.contains("data-hint=\"7\""), "{shown}");
        assert!(shown.contains(">Tipp<"), "in the reader's language");
        assert!(shown.contains("class=\"hint-answer\""));
        for (decides, hint, replay) in [
            (false, true, None),
            (true, false, None),
            (false, false, None),
            (true, true, Some((3, 9))),
        ] {
            let html = table(decides, hint, replay);
            assert!(
                !html.contains("data-hint") && !html.contains("hint-answer"),
                "decides {decides}, hints {hint}, replay {replay:?}"
            );
        }
    }

    #[test]
    fn the_words_of_a_hint_name_the_line_the_chances_and_why() {
        let line = ["take the Builder".to_string(), "end the turn".to_string()];
        let words = hint_words(Lang::En, &line, 0.412, 0.475, &[("score", 1.0)]);
        assert_eq!(words.len(), 3);
        assert!(
            words[0].contains("take the Builder → end the turn"),
            "{words:?}"
        );
        assert!(
            words[1].contains("41") && words[1].contains("48"),
            "{words:?}"
        );
        assert!(words[2].contains("score +1.0"), "{words:?}");
        let german = hint_words(Lang::De, &line, 0.5, 0.5, &[("score", -0.5)]);
        assert!(german[2].contains("-0,5"), "{german:?}");
        for lang in Lang::ALL {
            let words = hint_words(lang, &line, 0.5, 0.5, &[]);
            assert_eq!(words.len(), 3);
            assert!(words.iter().all(|w| !w.is_empty() && !w.contains("hint-")));
        }
    }
}
