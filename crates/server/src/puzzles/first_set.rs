//! The first set of puzzles, shipped with the server: mined from self-play games of the
//! ladder's cheap levels by `helvetia puzzles generate` (the command and its figures are in
//! docs/performance.md), so that a new site has puzzles before its own games give any. Added at
//! start, once: a database that already holds the set's first puzzle is left as it is, so a
//! restart costs one lookup, and an operator who turns it off (`--no-first-puzzles`) starts
//! with the puzzles the site's games give.

use helvetia_ai::puzzles::Puzzle;

use super::import::{add, parse};
use crate::domain::puzzle_rating::puzzle_id;
use crate::storage::Store;

/// The set: one JSON puzzle a line, compressed with zstd.
const FIRST_SET: &[u8] = include_bytes!("../../puzzles/first-set.ndjson.zst");

/// The puzzles of the set.
///
/// # Errors
/// The built-in file does not read (a broken build).
pub fn first_set() -> Result<Vec<Puzzle>, String> {
    parse("the first puzzle set", &first_set_text()?)
}

/// The set's text, decompressed.
fn first_set_text() -> Result<String, String> {
    let text = zstd::decode_all(FIRST_SET)
        .map_err(|error| format!("the first puzzle set does not decompress: {error}"))?;
    String::from_utf8(text).map_err(|error| format!("the first puzzle set is not text: {error}"))
}

/// Adds the first set unless its first puzzle is stored already; answers how many were new.
/// Only the first line is read before that lookup, so a restart parses no puzzle but one.
///
/// # Errors
/// The set does not read, or the database failed.
pub async fn add_first_set(store: &Store) -> Result<usize, String> {
    let text = first_set_text()?;
    let first_line = text
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or_default();
    let Some(first) = parse("the first puzzle set", first_line)?.pop() else {
        return Ok(0);
    };
    let body = serde_json::to_string(&first).map_err(|error| error.to_string())?;
    let stored = store
        .puzzle(&puzzle_id(&body))
        .await
        .map_err(|error| format!("cannot read the puzzles: {error}"))?;
    if stored.is_some() {
        return Ok(0);
    }
    add(store, &parse("the first puzzle set", &text)?).await
}
