//! Confirmations before a decision that leaves coins unused for the rest of the round.
//!
//! The engine says which legal actions do so ([`helvetia_engine::forfeits`], from the view);
//! the table adds one hidden line per such action to the prompt, naming the coins and why.
//! The browser script shows the line when that action is clicked and plays the action only
//! from its "go on" button, so no rule lives in the script.

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use helvetia_engine::{forfeits, ForfeitCause};

use super::Ctx;

/// The hidden confirmation lines of the viewer's decisions that forfeit coins.
pub fn confirmations(ctx: &Ctx) -> Markup {
    if ctx.input.replay.is_some() {
        return html! {};
    }
    let lang = ctx.lang;
    html! {
        @for (index, forfeit) in forfeits(ctx.pos, ctx.input.legal) {
            @let key = match forfeit.cause {
                ForfeitCause::EndTurn => "forfeit-end-turn",
                ForfeitCause::TileClosesTurn => "forfeit-tile",
                ForfeitCause::NeutralCoin => "forfeit-neutral",
                ForfeitCause::StepEndsTurn => "forfeit-step",
            };
            p class="confirm" data-confirm-for=(index) role="alert" hidden {
                span class="confirm-text" { (lang.tr_args(key, &[("coins", FluentValue::from(forfeit.coins))])) }
                " "
                button type="button" class="primary" data-confirmed=(index) { (lang.tr("forfeit-yes")) }
                " "
                button type="button" class="confirm-cancel" { (lang.tr("cancel")) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use fluent_bundle::FluentValue;

    use crate::i18n::Lang;

    fn neutral_question(lang: Lang) -> String {
        lang.tr_args("forfeit-neutral", &[("coins", FluentValue::from(3))])
    }

    /// The question before using the neutral coin says what the coin does while it lies
    /// unused (another turn this round) and what using it does (the round ends first), without
    /// saying that the coin keeps the round going in the sentence that ends it.
    #[test]
    fn the_neutral_coin_question_says_what_using_it_ends() {
        let english = neutral_question(Lang::En);
        assert!(!english.contains("keeps the round going"), "{english}");
        assert!(english.contains("another turn"), "{english}");
        assert!(
            english.contains("the round ends before your next turn"),
            "{english}"
        );
        for lang in Lang::ALL {
            let question = neutral_question(lang);
            assert!(question.contains('3'), "{lang:?}: {question}");
            assert_ne!(
                question,
                lang.tr_args("forfeit-end-turn", &[("coins", FluentValue::from(3))]),
                "{lang:?}"
            );
        }
    }
}
