//! The suggested decision in the prompt, with why in words.
//!
//! The server asks the greedy bot (`helvetia_ai::suggest`, planned from the view) and passes
//! the action in [`crate::TableInput::suggestion`]; this file only finds its index among the
//! legal actions and says in a few words what it does for the player.

use maud::{html, Markup};

use helvetia_engine::{Action, Phase, Step};

use super::Ctx;
use crate::words::{building_name, good_name};

/// The suggested button and its reason, while the viewer pays for a building or delivers.
pub fn suggested(ctx: &Ctx) -> Markup {
    let Some(action) = ctx.input.suggestion else {
        return html! {};
    };
    let Some(index) = ctx.input.legal.iter().position(|a| *a == action) else {
        return html! {};
    };
    let lang = ctx.lang;
    html! {
        button type="button" class="suggested" data-action=(index) {
            (lang.tr_args("suggested", &[("label", ctx.label(index).into())]))
        }
        span class="suggestion-why" { (why(ctx, action)) }
    }
}

/// Whether the prompt offers a suggestion in this step: while paying for a building or
/// delivering, where a newcomer most often asks what is best.
pub fn wanted(phase: &Phase) -> bool {
    matches!(phase, Phase::Turn { turn, .. } if matches!(turn.step, Step::Pay { .. } | Step::Deliver { .. }))
}

/// What `action` does for the player, in words.
fn why(ctx: &Ctx, action: Action) -> String {
    let lang = ctx.lang;
    let paying =
        matches!(ctx.pos.phase, Phase::Turn { turn, .. } if matches!(turn.step, Step::Pay { .. }));
    match action {
        Action::Work {
            village,
            cell,
            into,
        } => {
            let building = ctx.pos.village(village).cells[cell.index()]
                .map(|b| building_name(lang, b.kind))
                .unwrap_or_default();
            let key = if paying {
                "suggest-work-free"
            } else {
                "suggest-work-deliver"
            };
            lang.tr_args(
                key,
                &[
                    ("good", good_name(lang, into).into()),
                    ("building", building.into()),
                ],
            )
        }
        Action::Pay(good) => lang.tr_args("suggest-pay", &[("good", good_name(lang, good).into())]),
        Action::Buy(good) => lang.tr_args("suggest-buy", &[("good", good_name(lang, good).into())]),
        Action::Deliver(good) => {
            lang.tr_args("suggest-deliver", &[("good", good_name(lang, good).into())])
        }
        _ => lang.tr("suggest-plan"),
    }
}
