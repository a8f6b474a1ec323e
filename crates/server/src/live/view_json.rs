//! A game's view as JSON, the way programs receive it with every update, written with the
//! parts of the game's last view reused where they did not change. The villages are about two
//! thirds of the text and most of its names (buildings, sexes, owners), and an action changes
//! one of them at most, so writing them anew for every change was most of the view's cost; the
//! players' boards, the phase and the character tiles come next, and an action changes one
//! player's board at most. The text is exactly `serde_json`'s for [`View`] (a test plays whole
//! games and compares).
//!
//! For the clients that asked for changes only, the writer also says what changed since the
//! last view it was asked that for ([`super::view_changes`]); the two are asked for apart, so
//! that a game whose JSON clients all keep the view never writes it whole after their first.

use std::sync::Mutex;

use helvetia_engine::{
    BuildingKind, CharacterTile, GameOptions, Phase, PlayerState, Seat, View, MAX_VILLAGES,
};
use serde::Serialize;
use serde_json::value::RawValue;

use super::view_changes::json_patch;

/// Most players at a table.
const MAX_PLAYERS: usize = 4;

/// A part of the view and its JSON, written again only when the part changes.
struct Reused<T>(Option<(T, Box<RawValue>)>);

impl<T> Default for Reused<T> {
    fn default() -> Self {
        Reused(None)
    }
}

impl<T: Serialize + PartialEq + Copy> Reused<T> {
    /// The JSON of `part`: the last one if `part` is as it was then.
    fn of(&mut self, part: &T) -> &RawValue {
        if self.0.as_ref().is_none_or(|(was, _)| was != part) {
            let json = serde_json::value::to_raw_value(part).expect("view parts serialize");
            self.0 = Some((*part, json));
        }
        &self.0.as_ref().expect("written above").1
    }
}

/// The JSON of the reused parts of a game's last view, with the parts it was written from.
#[derive(Default)]
struct Parts {
    villages: [Reused<helvetia_engine::Village>; MAX_VILLAGES],
    players: [Reused<PlayerState>; MAX_PLAYERS],
    phase: Reused<Phase>,
    character_tiles: Reused<[CharacterTile; 5]>,
    /// The length of the last view's text: the next one is written into a buffer that size,
    /// give or take, instead of one grown (and copied) six times on the way.
    last_len: usize,
}

/// Where a snapshot stands: its revision on this node and the game's stored version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// The snapshot's revision (see [`super::snapshot::Snapshot::revision`]).
    pub revision: u64,
    /// The stored version.
    pub version: u64,
}

/// The parts of a JSON update besides the view that are the same for every viewer, as JSON
/// text: the seats (`players`) and the clock. They rarely change, so the changes say whether
/// they did.
#[derive(Clone, Default)]
pub struct SharedParts {
    /// The seats as everyone may see them.
    pub players: String,
    /// The clock, or `null`.
    pub clock: String,
}

/// What turns one view's JSON into the next's, and whether the seats and the clock changed.
pub struct ViewChanges {
    /// Where the view they start from stood.
    pub since: Stamp,
    /// A JSON Patch (RFC 6902), as the text of its array.
    pub patch: String,
    /// Whether the seats are not as they were then.
    pub players_changed: bool,
    /// Whether the clock is not as it was then.
    pub clock_changed: bool,
}

/// The last snapshot whose changes were asked for.
struct LastChanged {
    stamp: Stamp,
    view: View,
    shared: SharedParts,
}

/// The writer of a game's views as JSON, which reuses the unchanged parts of the last one.
#[derive(Default)]
pub struct ViewJson {
    last: Mutex<Parts>,
    /// The last snapshot whose changes were asked for.
    last_changed: Mutex<Option<LastChanged>>,
}

impl ViewJson {
    /// `view` as JSON.
    pub fn of(&self, view: &View) -> String {
        let position = &view.position;
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let Parts {
            villages,
            players,
            phase,
            character_tiles,
            last_len,
        } = &mut *last;
        let mut village_json = villages.iter_mut().zip(&position.villages);
        let villages: [&RawValue; MAX_VILLAGES] = std::array::from_fn(|_| {
            let (reused, village) = village_json.next().expect("a village each");
            reused.of(village)
        });
        let players: Vec<&RawValue> = players
            .iter_mut()
            .zip(&position.players)
            .map(|(reused, player)| reused.of(player))
            .collect();
        let out = ViewOut {
            position: PositionOut {
                options: &position.options,
                round: position.round,
                start_player: position.start_player,
                phase: phase.of(&position.phase),
                players: &players,
                villages,
                neutral_coin_available: position.neutral_coin_available,
                display: &position.display,
                stack2: &position.stack2,
                stack3: &position.stack3,
                draft_pool: &position.draft_pool,
                boxed: &position.boxed,
                good_tiles: &position.good_tiles,
                branch_tiles: &position.branch_tiles,
                village_tiles: &position.village_tiles,
                character_tiles: character_tiles.of(&position.character_tiles),
            },
            stack2_size: view.stack2_size,
            stack3_size: view.stack3_size,
        };
        let mut text = Vec::with_capacity(*last_len + 256);
        serde_json::to_writer(&mut text, &out).expect("views serialize");
        *last_len = text.len();
        String::from_utf8(text).expect("JSON is UTF-8")
    }

    /// What changed from the last snapshot whose changes were asked for to this one (its
    /// `view` and `shared` parts, at `stamp`); `None` for the first.
    pub fn changes(&self, view: &View, shared: &SharedParts, stamp: Stamp) -> Option<ViewChanges> {
        let mut last = self.last_changed.lock().unwrap_or_else(|e| e.into_inner());
        let changes = last.as_ref().map(|last| ViewChanges {
            since: last.stamp,
            patch: json_patch(&last.view, view),
            players_changed: last.shared.players != shared.players,
            clock_changed: last.shared.clock != shared.clock,
        });
        match &mut *last {
            Some(last) => {
                last.stamp = stamp;
                last.view.clone_from(view);
                last.shared.clone_from(shared);
            }
            None => {
                *last = Some(LastChanged {
                    stamp,
                    view: view.clone(),
                    shared: shared.clone(),
                })
            }
        }
        changes
    }
}

/// [`View`], field for field.
#[derive(Serialize)]
struct ViewOut<'a> {
    position: PositionOut<'a>,
    stack2_size: u8,
    stack3_size: u8,
}

/// [`helvetia_engine::Position`], field for field, its reused parts already written.
#[derive(Serialize)]
struct PositionOut<'a> {
    options: &'a GameOptions,
    round: u16,
    start_player: Seat,
    phase: &'a RawValue,
    players: &'a [&'a RawValue],
    villages: [&'a RawValue; MAX_VILLAGES],
    neutral_coin_available: bool,
    display: &'a [u8; 24],
    stack2: &'a [BuildingKind],
    stack3: &'a [BuildingKind],
    draft_pool: &'a [u8; 5],
    boxed: &'a [u8; 5],
    good_tiles: &'a [Option<Seat>; 10],
    branch_tiles: &'a [Option<Seat>; 4],
    village_tiles: &'a [Option<Seat>; 2],
    character_tiles: &'a RawValue,
}
