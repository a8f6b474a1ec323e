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
