//! A game's view as JSON, the way programs receive it with every update, written with the
//! villages of the game's last view reused where they did not change. The villages are about
//! two thirds of the text and most of its names (buildings, sexes, owners), and an action
//! changes one of them at most, so writing them anew for every change was most of the view's
//! cost. The text is exactly `serde_json`'s for [`View`] (a test plays whole games and compares).

use std::sync::Mutex;

use helvetia_engine::{
    BuildingKind, CharacterTile, GameOptions, Phase, PlayerState, Seat, View, Village, MAX_VILLAGES,
};
use serde::Serialize;
use serde_json::value::RawValue;

/// A village and its JSON.
type Written = Option<(Village, Box<RawValue>)>;

/// The JSON of the villages of a game's last view, with the villages it was written from.
#[derive(Default)]
pub struct ViewJson {
    villages: Mutex<[Written; MAX_VILLAGES]>,
}

impl ViewJson {
    /// `view` as JSON.
    pub fn of(&self, view: &View) -> Box<RawValue> {
        let position = &view.position;
        let mut last = self.villages.lock().unwrap_or_else(|e| e.into_inner());
        for (village, written) in position.villages.iter().zip(last.iter_mut()) {
            if written.as_ref().is_none_or(|(was, _)| was != village) {
                let json = serde_json::value::to_raw_value(village).expect("villages serialize");
                *written = Some((*village, json));
            }
        }
        let villages: [&RawValue; MAX_VILLAGES] =
            std::array::from_fn(|i| &*last[i].as_ref().expect("written above").1);
        let out = ViewOut {
            position: PositionOut {
                options: &position.options,
                round: position.round,
                start_player: position.start_player,
                phase: &position.phase,
                players: &position.players,
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
                character_tiles: &position.character_tiles,
            },
            stack2_size: view.stack2_size,
            stack3_size: view.stack3_size,
        };
        // Not `RawValue::from_string` on a buffer sized ahead: it parses the text again to
        // check it, which costs more than the buffer's growth saves.
        serde_json::value::to_raw_value(&out).expect("views serialize")
    }
}

/// [`View`], field for field.
#[derive(Serialize)]
struct ViewOut<'a> {
    position: PositionOut<'a>,
    stack2_size: u8,
    stack3_size: u8,
}

/// [`helvetia_engine::Position`], field for field, its villages already written.
#[derive(Serialize)]
struct PositionOut<'a> {
    options: &'a GameOptions,
    round: u16,
    start_player: Seat,
    phase: &'a Phase,
    players: &'a [PlayerState],
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
    character_tiles: &'a [CharacterTile; 5],
}
