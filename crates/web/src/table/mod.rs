//! The game table: the live part of the game page, re-rendered for each viewer on every change.
//!
//! It is an HTML fragment: the prompt (what is being decided, with buttons), choosers for
//! targets shared by several actions, the end screen, the board and village SVG panels, and
//! the game log (the story so far). Every legal action is reachable from exactly one clickable piece.

pub(crate) mod ask_hint;
pub(crate) mod board;
pub(crate) mod cache;
pub(crate) mod changes;
pub(crate) mod clocks;
pub(crate) mod coach;
mod confirm;
mod log;
pub(crate) mod num;
pub(crate) mod parts;
pub(crate) mod pieces;
pub(crate) mod prompt;
mod recent;
mod refusal;
pub(crate) mod suggestion;
pub(crate) mod targets;
mod tiled;
pub(crate) mod titles;
pub(crate) mod village;
mod village_header;
mod village_plan;

use maud::{html, Markup};
use std::cell::OnceCell;

use helvetia_engine::{score, Position, ScoreBreakdown, Seat};

use crate::i18n::Lang;
use crate::words::Namer;
use crate::TableInput;
use cache::{DisplayInputs, MarketInputs, PanelInputs, StatusInputs, TableCache, VillageInputs};
use parts::{opening_tag, PartHtml, Piece, RenderedTable};
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

impl<'a> Ctx<'a> {
    /// `seat`'s victory points now, counted once per render.
    pub fn score(&self, seat: Seat) -> ScoreBreakdown {
        *self.scores[seat.index()].get_or_init(|| score(self.pos, seat))
    }

    /// The context for drawing `input`, with the players' `names` by seat ([`seat_names`]).
    pub fn new(input: &'a TableInput<'a>, names: &'a [String]) -> Ctx<'a> {
        let pos = &input.view.position;
        Ctx {
            input,
            pos,
            lang: input.lang,
            targets: Targets::new(pos, input.legal),
            namer: Namer {
                lang: input.lang,
                names,
                position: Some(pos),
            },
            villager_titles: Default::default(),
            score_titles: Default::default(),
            scores: Default::default(),
        }
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

/// The players' names by seat; a seat nobody holds is named by its number.
pub(crate) fn seat_names(input: &TableInput) -> Vec<String> {
    (0..input.view.position.options.players)
        .map(|seat| {
            input
                .players
                .iter()
                .find(|p| p.seat.0 == seat)
                .map(|p| p.name.clone())
                .unwrap_or_else(|| format!("P{}", seat + 1))
        })
        .collect()
}

/// Renders the table for one viewer, copying panels that have not changed from `cache`.
pub fn render(input: &TableInput, cache: Option<&TableCache>) -> RenderedTable {
    let names = seat_names(input);
    let ctx = Ctx::new(input, &names);
    let pos = ctx.pos;
    let your_turn = !input.legal.is_empty() && input.replay.is_none();
    let over = input.resignations.is_over(pos);
    let status = if over { "finished" } else { "running" };
    // The page offers the resign button to a player who has not resigned (see `pages::game`).
    let resigned = (!input.resignations.seats.is_empty()).then(|| {
        let seats: Vec<String> = input
            .resignations
            .seats
            .iter()
            .map(|s| s.0.to_string())
            .collect();
        seats.join(" ")
    });
    let root = opening_tag(html! {
        div class="table-root" data-version=(input.version) data-your-turn=(your_turn)
            data-status=(status) data-game-id=(input.game_id) data-round=(pos.round)
            data-replay-step=[input.replay.map(|(step, _)| step)] data-resigned=[resigned] {}
    });
    let drawn = |id: &str, markup: Markup| Piece::part(id.to_string(), PartHtml::Drawn(markup.0));
    // Parts that may be absent, or hold several elements, get a frame of their own (the
    // style sheet lays out its content as if it were not there).
    let framed =
        |id: &str, markup: Markup| drawn(id, html! { div class="part" id=(id) { (markup) } });
    let mut pieces = vec![drawn("t-prompt", prompt::prompt(&ctx, your_turn, over))];
    // Only a tutorial game has a coach (and never its replay).
    if let (Some(tutorial), None) = (&input.tutorial, input.replay) {
        pieces.push(drawn("t-coach", coach::coach(&ctx, tutorial)));
    }
    pieces.extend([
        framed("t-clocks", clocks::clocks(&ctx)),
        framed("t-vote", clocks::end_vote(&ctx)),
        framed("t-recent", recent::recent(&ctx)),
        drawn("t-choosers", prompt::choosers(&ctx)),
        framed(
            "t-end",
            if over {
                prompt::end_screen(&ctx)
            } else {
                html! {}
            },
        ),
        Piece::Frame(PANELS_OPEN.to_string()),
        drawn("t-village-tabs", village::village_tabs(&ctx)),
    ]);
    for village in pos.village_ids() {
        pieces.push(kept(
            format!("t-village-{}", village.index()),
            cache,
            || VillageInputs::of(&ctx, village),
            || village::village_panel(&ctx, village),
        ));
    }
    pieces.push(drawn("t-characters", board::characters(&ctx)));
    pieces.push(kept(
        "t-display".into(),
        cache,
        || DisplayInputs::of(&ctx),
        || board::display(&ctx),
    ));
    pieces.push(kept(
        "t-market".into(),
        cache,
        || MarketInputs::of(&ctx),
        || board::market(&ctx),
    ));
    pieces.push(kept(
        "t-status".into(),
        cache,
        || StatusInputs::of(&ctx),
        || board::status(&ctx),
    ));
    pieces.push(Piece::Frame(format!(
        "{PANELS_CLOSE}{}",
        log::toggle(&ctx).0
    )));
    RenderedTable {
        root,
        pieces,
        log: log::log(&ctx),
    }
}

const PANELS_OPEN: &str = "<div class=\"panels\">";
const PANELS_CLOSE: &str = "</div>";

/// A panel drawn by `draw`, or copied from `cache` when drawn from the same `inputs` before
/// (`inputs` is `None` for a panel that must be drawn, and is only asked with a cache).
fn kept(
    id: String,
    cache: Option<&TableCache>,
    inputs: impl FnOnce() -> Option<PanelInputs>,
    draw: impl FnOnce() -> Markup,
) -> Piece {
    let html = match cache.and_then(|cache| Some((cache, inputs()?))) {
        Some((cache, inputs)) => PartHtml::Kept(cache.panel(inputs, || draw().into_string())),
        None => PartHtml::Drawn(draw().into_string()),
    };
    Piece::part(id, html)
}

#[cfg(test)]
mod hint_tests;
#[cfg(test)]
mod tests;
