//! What changed between two views of a game, as a JSON Patch (RFC 6902) that turns the first
//! view's JSON into the second's: what a JSON client that asked for changes gets instead of the
//! whole view. An action changes a few pieces of a 4–5 KB view (a player's board, a building
//! of a village, the phase), so the patch names them one by one: a building is added, replaced
//! or removed in its village's list, a player's board or the phase replaced whole, and every
//! other field of the position replaced when it differs. Only public views are compared, so a
//! patch tells nothing a whole view would not.

use std::fmt::Display;
use std::io::Write as _;

use helvetia_engine::{Building, Cell, View, Village};
use serde::Serialize;

/// Replaces each of `fields` (of `was` and `is`) that differs, at `prefix` and the field's
/// name: the path is the field's name, as serde writes it.
macro_rules! replace_changed_fields {
    ($patch:expr, $prefix:literal, $was:expr, $is:expr, [$($field:ident),* $(,)?]) => {
        $($patch.replace_if_changed(
            concat!($prefix, stringify!($field)),
            &$was.$field,
            &$is.$field,
        );)*
    };
}

/// The JSON Patch that turns `before`'s JSON into `after`'s, as the text of a JSON array
/// (`[]` when they are the same).
pub fn json_patch(before: &View, after: &View) -> String {
    let mut patch = Patch::default();
    let (was, is) = (&before.position, &after.position);
    replace_changed_fields!(
        patch,
        "/position/",
        was,
        is,
        [options, round, start_player, phase]
    );
    if was.players.len() == is.players.len() {
        for (seat, (was, is)) in was.players.iter().zip(&is.players).enumerate() {
            if was != is {
                patch.replace(format_args!("/position/players/{seat}"), is);
            }
        }
    } else {
        patch.replace("/position/players", &is.players);
    }
    for (index, (was, is)) in was.villages.iter().zip(&is.villages).enumerate() {
        if was != is {
            patch.village(index, was, is);
        }
    }
    replace_changed_fields!(
        patch,
        "/position/",
        was,
        is,
        [
            neutral_coin_available,
            display,
            stack2,
            stack3,
            draft_pool,
            boxed,
            good_tiles,
            branch_tiles,
            village_tiles,
            character_tiles,
        ]
    );
    replace_changed_fields!(patch, "/", before, after, [stack2_size, stack3_size]);
    patch.finish()
}

/// A building as its village's list holds it (the engine's JSON of a village lists only the
/// built cells, in the order of the cells, each with its cell).
#[derive(Serialize)]
struct Placed<'a> {
    cell: Cell,
    #[serde(flatten)]
    building: &'a Building,
}

/// The operations written so far.
#[derive(Default)]
struct Patch {
    text: Vec<u8>,
}

impl Patch {
    fn replace_if_changed<T: Serialize + PartialEq + ?Sized>(
        &mut self,
        path: impl Display,
        was: &T,
        is: &T,
    ) {
        if was != is {
            self.replace(path, is);
        }
    }

    fn replace<T: Serialize + ?Sized>(&mut self, path: impl Display, value: &T) {
        self.operation("replace", path, Some(value));
    }

    /// The operations that turn village `index` from `was` into `is`: its centre replaced if it
    /// changed, and its list of buildings walked cell by cell, `at` being where the cell's
    /// building is (or goes) in the list as the operations so far left it.
    fn village(&mut self, index: usize, was: &Village, is: &Village) {
        let path = format!("/position/villages/{index}");
        self.replace_if_changed(
            format_args!("{path}/centre_villagers"),
            &was.centre_villagers,
            &is.centre_villagers,
        );
        self.replace_if_changed(
            format_args!("{path}/centre_coins"),
            &was.centre_coins,
            &is.centre_coins,
        );
        let mut at = 0;
        for cell in Cell::all() {
            let building_at = format_args!("{path}/buildings/{at}");
            match (&was.cells[cell.index()], &is.cells[cell.index()]) {
                (None, None) => continue,
                (Some(was), Some(is)) => {
                    if was != is {
                        self.replace(building_at, &Placed { cell, building: is });
                    }
                }
                (None, Some(is)) => {
                    self.operation("add", building_at, Some(&Placed { cell, building: is }));
                }
                (Some(_), None) => {
                    self.operation::<()>("remove", building_at, None);
                    continue;
                }
            }
            at += 1;
        }
    }

    /// Writes one operation; its path is written only now, as most pieces compared did not
    /// change.
    fn operation<T: Serialize + ?Sized>(
        &mut self,
        op: &str,
        path: impl Display,
        value: Option<&T>,
    ) {
        self.text
            .push(if self.text.is_empty() { b'[' } else { b',' });
        // The paths are written here, of names and numbers only: nothing to escape.
        write!(self.text, r#"{{"op":"{op}","path":"{path}""#).expect("a Vec takes any write");
        if let Some(value) = value {
            self.text.extend_from_slice(br#","value":"#);
            serde_json::to_writer(&mut self.text, value).expect("views serialize");
        }
        self.text.push(b'}');
    }

    fn finish(mut self) -> String {
        if self.text.is_empty() {
            return "[]".to_string();
        }
        self.text.push(b']');
        String::from_utf8(self.text).expect("JSON is UTF-8")
    }
}
