//! Why a click on a piece that is not a legal action now does nothing: one line for the prompt.
//!
//! The reasons are the engine's ([`helvetia_engine::IllegalAction`]: the game is over, or it is
//! another decision, someone else's or a different one of the viewer's), told in words from
//! what everyone sees. The line travels with the prompt (`data-refusal`), so a refused click is
//! answered in the browser at once, without a message to the server.

use super::Ctx;

/// The reason any piece that is not a legal action now is refused, for the viewer; `to_move`
/// is who decides (nobody once the game is over, also by a resignation).
pub fn refusal(
    ctx: &Ctx,
    to_move: Option<helvetia_engine::Seat>,
    your_turn: bool,
    step: Option<&str>,
) -> Option<String> {
    let lang = ctx.lang;
    if ctx.input.replay.is_some() {
        return None;
    }
    Some(match to_move {
        None => lang.tr("refusal-game-over"),
        Some(seat) if !your_turn => lang.tr_args(
            "refusal-not-your-turn",
            &[("name", ctx.namer.seat(seat).into())],
        ),
        Some(_) => lang.tr_args(
            "refusal-other-step",
            &[("step", step.unwrap_or_default().into())],
        ),
    })
}
