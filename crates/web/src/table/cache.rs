//! Village panels kept from earlier renders of one game's table. An action changes one or two
//! villages; the others look exactly as before, and the server renders the table after every
//! action, so most panels can be copied instead of drawn again.
//!
//! A kept panel is reused only when everything it is drawn from is equal to what it was drawn
//! from before (compared field by field, no hashing), and only for panels with nothing
//! clickable in them: labels of legal actions may name other parts of the table.

use std::sync::Mutex;

use helvetia_engine::{
    score, CharacterTile, GameOptions, PlayerState, ScoreBreakdown, Seat, Village, VillageId,
};

use super::targets::Target;
use super::Ctx;
use crate::{Lang, PlayerInfo};

/// How many panels a game keeps: enough for a four-player table drawn for the player to move
/// and for those who watch, with room to spare.
const KEPT: usize = 16;

/// Panels of earlier renders of one game's table; see [`crate::render_table_with`].
#[derive(Default)]
pub struct TableCache {
    panels: Mutex<Vec<Kept>>,
}

struct Kept {
    from: VillageInputs,
    html: String,
    /// When it was last used, in lookups of this cache.
    used: u64,
}

/// Everything a village panel without clickable pieces is drawn from.
#[derive(Clone, PartialEq)]
pub(crate) struct VillageInputs {
    lang: Lang,
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
    pub(crate) fn of(ctx: &Ctx, village: VillageId) -> Option<VillageInputs> {
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
        Some(VillageInputs {
            lang: ctx.lang,
            village_id: village,
            village: *pos.village(village),
            owner: match village {
                VillageId::Player(seat) => Some((*pos.player(seat), score(pos, seat))),
                VillageId::Neutral => None,
            },
            options: pos.options,
            to_move: pos.to_move(),
            start_player: pos.start_player,
            neutral_coin_available: pos.neutral_coin_available,
            village_tiles: pos.village_tiles,
            character_tiles: pos.character_tiles,
            players: ctx.input.players.to_vec(),
        })
    }
}

impl TableCache {
    /// The panel drawn from `inputs`: kept from before, or drawn now by `draw` and kept.
    pub(crate) fn panel(&self, inputs: VillageInputs, draw: impl FnOnce() -> String) -> String {
        let mut panels = self.panels.lock().unwrap_or_else(|e| e.into_inner());
        let now = panels.iter().map(|kept| kept.used).max().unwrap_or(0) + 1;
        if let Some(kept) = panels.iter_mut().find(|kept| kept.from == inputs) {
            kept.used = now;
            return kept.html.clone();
        }
        drop(panels);
        let html = draw();
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
