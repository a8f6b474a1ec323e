//! Recorded positions for training: every decision of a finished game as the player to move
//! saw it, with each player's final points and rank (the format is in `docs/ai.md`).
//!
//! A file is one line of JSON naming the layout, then rows of little-endian `f32`: the
//! [`FEATURES`] numbers, then [`MAX_PLAYERS`] final points and [`MAX_PLAYERS`] final ranks, both
//! in the features' order of players (the viewer first; zeros for seats nobody holds).

use std::io::{self, Write};

use helvetia_engine::{Game, GameRecord, ReplayError, MAX_PLAYERS};
use serde::Serialize;

use super::features::{features, seat_after, FEATURES, GLOBAL_NAMES, PLAYER_NAMES};

/// Numbers in one row: the features, the final points, the final ranks.
pub const ROW: usize = FEATURES + 2 * MAX_PLAYERS;

/// The name in the header that says what a file holds.
pub const FORMAT: &str = "helvetia-positions";

/// The layout's version: it changes whenever the features or the row do.
pub const VERSION: u32 = 1;

/// The header line of a positions file.
#[derive(Serialize)]
struct Header {
    format: &'static str,
    version: u32,
    features: usize,
    row: usize,
    players: usize,
    player_features: [&'static str; PLAYER_NAMES.len()],
    table_features: [&'static str; GLOBAL_NAMES.len()],
    labels: [&'static str; 2],
}

/// Writes the header line of a positions file.
///
/// # Errors
/// When `out` cannot be written.
pub fn write_header(out: &mut impl Write) -> io::Result<()> {
    let header = Header {
        format: FORMAT,
        version: VERSION,
        features: FEATURES,
        row: ROW,
        players: MAX_PLAYERS,
        player_features: PLAYER_NAMES,
        table_features: GLOBAL_NAMES,
        labels: ["points", "rank"],
    };
    let line = serde_json::to_string(&header).expect("the header serialises");
    writeln!(out, "{line}")
}

/// Writes rows as little-endian `f32`.
///
/// # Errors
/// When `out` cannot be written.
pub fn write_rows(out: &mut impl Write, rows: &[[f32; ROW]]) -> io::Result<()> {
    let mut bytes = Vec::with_capacity(rows.len() * ROW * 4);
    for value in rows.iter().flatten() {
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    out.write_all(&bytes)
}

/// One row per decision of the finished game `record`, as the player to move saw it, labelled
/// with the final points and ranks.
///
/// # Errors
/// When the record does not replay.
pub fn positions_of(record: &GameRecord) -> Result<Vec<[f32; ROW]>, ReplayError> {
    let mut game = Game::new(record.options, record.seed);
    let mut rows = Vec::with_capacity(record.actions.len());
    let mut viewers = Vec::with_capacity(record.actions.len());
    for (index, &action) in record.actions.iter().enumerate() {
        if let Some(viewer) = game.to_move() {
            let mut row = [0.0; ROW];
            row[..FEATURES].copy_from_slice(&features(game.position(), viewer));
            rows.push(row);
            viewers.push(viewer);
        }
        game.play(action)
            .map_err(|error| ReplayError::Illegal { index, error })?;
    }
    let players = record.options.players;
    let standings = game.standings();
    for (row, &viewer) in rows.iter_mut().zip(&viewers) {
        for offset in 0..usize::from(players) {
            let seat = seat_after(viewer, offset, players);
            if let Some(standing) = standings.iter().find(|s| s.seat == seat) {
                row[FEATURES + offset] = f32::from(standing.points);
                row[FEATURES + MAX_PLAYERS + offset] = f32::from(standing.rank);
            }
        }
    }
    Ok(rows)
}
