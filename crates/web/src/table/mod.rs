//! The game table: the live part of the game page, re-rendered for each viewer on every change.
//!
//! It is an HTML fragment: the prompt (what is being decided, with buttons), choosers for
//! targets shared by several actions, the end screen, the board and village SVG panels, and
//! the game log (the story so far). Every legal action is reachable from exactly one clickable piece.

mod board;
pub(crate) mod cache;
pub(crate) mod clocks;
mod log;
mod pieces;
mod prompt;
pub(crate) mod targets;
mod village;

use std::cell::OnceCell;
use std::sync::Arc;

use maud::{html, Markup, Render};

use helvetia_engine::{score, Phase, Position, ScoreBreakdown, Seat};

use crate::i18n::Lang;
use crate::words::Namer;
use crate::TableInput;
use cache::{DisplayInputs, MarketInputs, PanelInputs, StatusInputs, TableCache, VillageInputs};
use targets::Targets;

/// Everything the parts of the table need.
pub(crate) struct Ctx<'a> {
    pub input: &'a TableInput<'a>,
    pub pos: &'a Position,
    pub lang: Lang,
    pub targets: Targets,
    pub namer: Namer<'a>,
    /// Villager titles made so far, by village, sex and whether awake.
    pub villager_titles: [[[OnceCell<String>; 2]; 2]; 5],
    /// Score breakdowns made so far, by seat.
    pub score_titles: [OnceCell<String>; 4],
    /// Scores counted so far, by seat.
    scores: [OnceCell<ScoreBreakdown>; 4],
}

impl Ctx<'_> {
    /// `seat`'s victory points now, counted once per render.
    pub fn score(&self, seat: Seat) -> ScoreBreakdown {
        *self.scores[seat.index()].get_or_init(|| score(self.pos, seat))
    }

    /// The label of legal action number `index`.
    pub fn label(&self, index: usize) -> String {
        self.input
            .legal
            .get(index)
            .map(|action| self.namer.action(action, self.pos.to_move()))
            .unwrap_or_default()
    }
}

/// Renders the table for one viewer, copying panels that have not changed from `cache`.
pub fn render(input: &TableInput, cache: Option<&TableCache>) -> String {
    let names: Vec<String> = (0..input.view.position.options.players)
        .map(|seat| {
            input
                .players
                .iter()
                .find(|p| p.seat.0 == seat)
                .map(|p| p.name.clone())
                .unwrap_or_else(|| format!("P{}", seat + 1))
        })
        .collect();
    let pos = &input.view.position;
    let ctx = Ctx {
        input,
        pos,
        lang: input.lang,
        targets: Targets::new(pos, input.legal),
        namer: Namer {
            lang: input.lang,
            names: &names,
            position: Some(pos),
        },
        villager_titles: Default::default(),
        score_titles: Default::default(),
        scores: Default::default(),
    };
    let your_turn = !input.legal.is_empty() && input.replay.is_none();
    let over = pos.phase == Phase::GameOver;
    let status = if over { "finished" } else { "running" };
    let markup: Markup = html! {
        div class="table-root" data-version=(input.version) data-your-turn=(your_turn)
            data-status=(status) data-game-id=(input.game_id) data-round=(pos.round)
            data-replay-step=[input.replay.map(|(step, _)| step)] {
            (prompt::prompt(&ctx, your_turn))
            (clocks::clocks(&ctx))
            (clocks::end_vote(&ctx))
            (prompt::choosers(&ctx))
            @if over {
                (prompt::end_screen(&ctx))
            }
            div class="panels" {
                @for village in pos.village_ids() {
                    (kept(cache, || VillageInputs::of(&ctx, village), || village::village_panel(&ctx, village)))
                }
                (board::characters(&ctx))
                (kept(cache, || DisplayInputs::of(&ctx), || board::display(&ctx)))
                (kept(cache, || MarketInputs::of(&ctx), || board::market(&ctx)))
                (kept(cache, || StatusInputs::of(&ctx), || board::status(&ctx)))
            }
            (log::log(&ctx))
        }
    };
    markup.into_string()
}

/// A panel drawn by `draw`, or copied from `cache` when drawn from the same `inputs` before
/// (`inputs` is `None` for a panel that must be drawn, and is only asked with a cache).
fn kept(
    cache: Option<&TableCache>,
    inputs: impl FnOnce() -> Option<PanelInputs>,
    draw: impl FnOnce() -> Markup,
) -> Panel {
    match cache.and_then(|cache| Some((cache, inputs()?))) {
        Some((cache, inputs)) => Panel::Kept(cache.panel(inputs, || draw().into_string())),
        None => Panel::Drawn(draw()),
    }
}

/// A panel's HTML: shared with the cache, or drawn for this table only.
enum Panel {
    Kept(Arc<str>),
    Drawn(Markup),
}

impl Render for Panel {
    fn render_to(&self, buffer: &mut String) {
        buffer.push_str(match self {
            Panel::Kept(html) => html,
            Panel::Drawn(html) => &html.0,
        });
    }
}

#[cfg(test)]
mod tests;
