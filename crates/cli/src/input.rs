//! Reading a game file: a game record or a position, told apart by their keys.

use std::path::Path;

use helvetia_engine::{Game, GameRecord, Position};
use serde_json::Value;

use crate::failure::Failure;

/// What a file held.
pub enum Input {
    /// `{"options": .., "seed": .., "actions": [..]}`.
    Record(GameRecord),
    /// The serde JSON of a [`Position`] (the checked game holds it).
    Position,
}

/// A file's contents and the game they describe.
pub struct Loaded {
    /// The file as read.
    pub input: Input,
    /// The game it describes, checked.
    pub game: Game,
}

impl Loaded {
    /// The input after `game` changed: the record with `action` appended, or the new position.
    pub fn to_json_after(&self, game: &Game, action: helvetia_engine::Action) -> String {
        match &self.input {
            Input::Record(record) => {
                let mut record = record.clone();
                record.actions.push(action);
                pretty(&record)
            }
            Input::Position => pretty(game.position()),
        }
    }
}

/// Pretty JSON of a value that always serialises.
pub fn pretty<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("engine types serialise to JSON")
}

/// Reads and checks `path`.
///
/// # Errors
/// A file that cannot be read, is not JSON, is neither kind, does not deserialise, does not
/// replay, or describes a position that fails its checks (every problem on its own line).
pub fn load(path: &Path) -> Result<Loaded, Failure> {
    let name = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|error| Failure::bad_input(format!("cannot read {name}: {error}")))?;
    parse(&text).map_err(|failure| failure.in_file(&name.to_string()))
}

/// Parses and checks the text of a game file.
///
/// # Errors
/// As [`load`].
pub fn parse(text: &str) -> Result<Loaded, Failure> {
    let value: Value = serde_json::from_str(text)
        .map_err(|error| Failure::bad_input(format!("not JSON: {error}")))?;
    let Value::Object(map) = &value else {
        return Err(Failure::bad_input(
            "expected a JSON object: a game record or a position",
        ));
    };
    if map.contains_key("phase") {
        let position: Position = serde_json::from_str(text)
            .map_err(|error| Failure::bad_input(format!("not a valid position: {error}")))?;
        let game = Game::from_position(position).map_err(|errors| {
            Failure::bad_input_lines(
                errors
                    .iter()
                    .map(|error| format!("invalid position: {error}"))
                    .collect(),
            )
        })?;
        Ok(Loaded {
            input: Input::Position,
            game,
        })
    } else if map.contains_key("seed") {
        let record: GameRecord = serde_json::from_str(text)
            .map_err(|error| Failure::bad_input(format!("not a valid game record: {error}")))?;
        let game = record
            .replay()
            .map_err(|error| Failure::bad_input(format!("the record does not replay: {error}")))?;
        Ok(Loaded {
            input: Input::Record(record),
            game,
        })
    } else {
        Err(Failure::bad_input(
            "neither a game record (keys options, seed, actions) nor a position (keys options, round, phase, ...)",
        ))
    }
}
