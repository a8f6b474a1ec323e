//! Panels (villages, the display, the market, the status) kept from earlier renders of one
//! game's table.
//! An action changes one or two of them; the others look exactly as before, and the server
//! renders the table after every action, so most panels can be copied instead of drawn again.
//!
//! A kept panel is reused only when everything it is drawn from is equal to what it was drawn
//! from before (compared field by field, no hashing), and only for panels with nothing
//! clickable in them: labels of legal actions may name other parts of the table.

use std::sync::{Arc, Mutex};

use helvetia_engine::{
    BuildingKind, CharacterTile, GameOptions, GoodSet, Phase, PlayerState, ScoreBreakdown, Seat,
    Village, VillageId,
};

use super::targets::Target;
use super::Ctx;
use crate::{Lang, Layout, PlayerInfo};

/// How many panels a game keeps: enough for a four-player table drawn for the player to move
/// and for those who watch, with room to spare, and its villages drawn for phones as well.
const KEPT: usize = 32;

/// Panels of earlier renders of one game's table; see [`crate::render_table_with`].
#[derive(Default)]
pub struct TableCache {
    panels: Mutex<Vec<Kept>>,
}

struct Kept {
    from: PanelInputs,
    html: Arc<str>,
    /// When it was last used, in lookups of this cache.
    used: u64,
}

/// Everything a panel without clickable pieces is drawn from.
#[derive(Clone, PartialEq)]
pub(crate) enum PanelInputs {
    Village(Box<VillageInputs>),
    Display(DisplayInputs),
    Market(MarketInputs),
    Status(Box<StatusInputs>),
}

/// Everything the status panel (round, stacks, village tiles, school, score track) is drawn
/// from; nothing on it is ever clickable.
#[derive(Clone, PartialEq)]
pub(crate) struct StatusInputs {
    lang: Lang,
    round: u16,
    options: GameOptions,
    stacks: [u8; 2],
    village_tiles: [Option<Seat>; 2],
    players: Vec<(PlayerState, ScoreBreakdown)>,
    infos: Vec<PlayerInfo>,
}

impl StatusInputs {
    /// What the status panel is drawn from.
    pub(crate) fn of(ctx: &Ctx) -> Option<PanelInputs> {
        let pos = ctx.pos;
        let view = ctx.input.view;
        Some(PanelInputs::Status(Box::new(StatusInputs {
            lang: ctx.lang,
            round: pos.round,
            options: pos.options,
            stacks: [view.stack2_size, view.stack3_size],
            village_tiles: pos.village_tiles,
            players: pos
                .options
                .seats()
                .map(|seat| (*pos.player(seat), ctx.score(seat)))
                .collect(),
            infos: ctx.input.players.to_vec(),
        })))
    }
}

/// Everything the display panel (and the draft pool) is drawn from.
#[derive(Clone, PartialEq)]
pub(crate) struct DisplayInputs {
    lang: Lang,
    displayed: [u8; BuildingKind::ALL.len()],
    drafting: bool,
    draft_pool: [u8; 5],
}

impl DisplayInputs {
    /// What the display is drawn from, or `None` if a legal action is made on it.
    pub(crate) fn of(ctx: &Ctx) -> Option<PanelInputs> {
        let clickable = ctx
            .targets
            .all()
            .any(|target| matches!(target, Target::Display(_) | Target::DraftPool(_)));
        let pos = ctx.pos;
        (!clickable).then(|| {
            PanelInputs::Display(DisplayInputs {
                lang: ctx.lang,
                displayed: BuildingKind::ALL.map(|kind| pos.displayed(kind)),
                drafting: matches!(pos.phase, Phase::Draft { .. } | Phase::PlaceNeutral { .. }),
                draft_pool: pos.draft_pool,
            })
        })
    }
}

/// Everything the market panel is drawn from.
#[derive(Clone, PartialEq)]
pub(crate) struct MarketInputs {
    lang: Lang,
    delivered: Vec<GoodSet>,
    good_tiles: [Option<Seat>; 10],
    branch_tiles: [Option<Seat>; 4],
    players: Vec<PlayerInfo>,
}

impl MarketInputs {
    /// What the market is drawn from, or `None` if a legal action is made on it.
    pub(crate) fn of(ctx: &Ctx) -> Option<PanelInputs> {
        let clickable = ctx
            .targets
            .all()
            .any(|target| matches!(target, Target::Market(_)));
        let pos = ctx.pos;
        (!clickable).then(|| {
            PanelInputs::Market(MarketInputs {
                lang: ctx.lang,
                delivered: pos
                    .options
                    .seats()
                    .map(|seat| pos.player(seat).delivered)
                    .collect(),
                good_tiles: pos.good_tiles,
                branch_tiles: pos.branch_tiles,
                players: ctx.input.players.to_vec(),
            })
        })
    }
}

/// Everything a village panel is drawn from.
#[derive(Clone, PartialEq)]
pub(crate) struct VillageInputs {
    lang: Lang,
    layout: Layout,
    village_id: VillageId,
    village: Village,
    owner: Option<(PlayerState, ScoreBreakdown)>,
    options: GameOptions,
    to_move: Option<Seat>,
    start_player: Seat,
    neutral_coin_available: bool,
    village_tiles: [Option<Seat>; 2],
    character_tiles: [CharacterTile; 5],
    players: Vec<PlayerInfo>,
}

impl VillageInputs {
    /// What `village` would be drawn from, or `None` if a legal action is made on it.
    pub(crate) fn of(ctx: &Ctx, village: VillageId) -> Option<PanelInputs> {
        let clickable = ctx.targets.all().any(|target| match target {
            Target::Cell(v, _)
            | Target::Centre(v)
            | Target::CentreCoin(v, _)
            | Target::Quarter(v, _) => v == village,
            // Drawn in the players' headers.
            Target::CharacterTile(_) | Target::StartBuilding(..) => true,
            _ => false,
        });
        if clickable {
            return None;
        }
        let pos = ctx.pos;
        Some(PanelInputs::Village(Box::new(VillageInputs {
            lang: ctx.lang,
            layout: ctx.input.layout,
            village_id: village,
            village: *pos.village(village),
            owner: match village {
                VillageId::Player(seat) => Some((*pos.player(seat), ctx.score(seat))),
                VillageId::Neutral => None,
            },
            options: pos.options,
            to_move: pos.to_move(),
            start_player: pos.start_player,
            neutral_coin_available: pos.neutral_coin_available,
            village_tiles: pos.village_tiles,
            character_tiles: pos.character_tiles,
            players: ctx.input.players.to_vec(),
        })))
    }
}

impl TableCache {
    /// The panel drawn from `inputs`: kept from before, or drawn now by `draw` and kept.
    pub(crate) fn panel(&self, inputs: PanelInputs, draw: impl FnOnce() -> String) -> Arc<str> {
        let mut panels = self.panels.lock().unwrap_or_else(|e| e.into_inner());
        let now = panels.iter().map(|kept| kept.used).max().unwrap_or(0) + 1;
        if let Some(kept) = panels.iter_mut().find(|kept| kept.from == inputs) {
            kept.used = now;
            return kept.html.clone();
        }
        drop(panels);
        let html: Arc<str> = draw().into();
        let mut panels = self.panels.lock().unwrap_or_else(|e| e.into_inner());
        if panels.len() >= KEPT {
            let oldest = (0..panels.len())
                .min_by_key(|&i| panels[i].used)
                .expect("the cache is full");
            panels.swap_remove(oldest);
        }
        panels.push(Kept {
            from: inputs,
            html: html.clone(),
            used: now,
        });
        html
    }
}
