//! Puzzles added at start from a file (`--puzzles FILE`): one JSON puzzle a line, as
//! `helvetia puzzles generate` writes them. A line that is no puzzle stops the start, naming
//! the line, with nothing added.

use std::path::Path;

use helvetia_ai::puzzles::Puzzle;

use crate::domain::time::now;
use crate::storage::Store;

/// Adds the puzzles of the file at `path`; answers how many were new.
///
/// # Errors
/// The file cannot be read, a line is no puzzle, or the database failed.
pub async fn import(store: &Store, path: &Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let puzzles = parse(&path.display().to_string(), &text)?;
    add(store, &puzzles).await
}

/// The puzzles of `text`, one JSON puzzle a line (blank lines skipped); `name` names it in
/// the error.
///
/// # Errors
/// A line is no puzzle.
pub fn parse(name: &str, text: &str) -> Result<Vec<Puzzle>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, line)| {
            serde_json::from_str::<Puzzle>(line)
                .map_err(|error| format!("{name} line {}: not a puzzle: {error}", number + 1))
        })
        .collect()
}

/// Stores `puzzles` (one already stored is kept); answers how many were new.
///
/// # Errors
/// The database failed.
pub async fn add(store: &Store, puzzles: &[Puzzle]) -> Result<usize, String> {
    store
        .add_puzzles(puzzles, now())
        .await
        .map_err(|error| format!("cannot store the puzzles: {error}"))
}
