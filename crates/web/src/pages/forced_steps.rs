//! The switch for forced steps: whether the server plays a decision with one legal action for
//! the player, after a moment. It sits on the settings page and in the game bar, so that it can
//! be turned off where a step was played too fast; the script stores each change at once.

use maud::{html, Markup};

use crate::i18n::Lang;

/// Where the script stores the switch (`POST`, `{"play_forced_steps": bool}`).
pub const FORCED_STEPS_API: &str = "/api/settings/forced-steps";

/// The switch, `on` or off as the account has it.
pub fn forced_steps_toggle(lang: Lang, on: bool) -> Markup {
    html! {
        label class="check forced-steps" title=(lang.tr("forced-steps-hint")) {
            input type="checkbox" data-forced-steps=(FORCED_STEPS_API) checked[on];
            " " (lang.tr("forced-steps-label"))
        }
    }
}
