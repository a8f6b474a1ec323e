//! `GET /api/puzzles/export`: the whole puzzle set as open data, one puzzle a line
//! (newline-delimited JSON, docs/notation.md "Puzzles"): each puzzle as it is stored (the
//! public view of its decision, its solution and the actions accepted, themes, phase, source),
//! with its id, rating and plays. Like every view, no puzzle holds the seed or the order of the
//! face-down stacks. The set is read a page at a time ([`PuzzlePages`]), however large it
//! grows; `helvetia export --puzzles` writes the same lines with [`line`].

use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};

use crate::http::error::AppResult;
use crate::http::streamed::{streamed, LinePages};
use crate::state::AppState;
use crate::storage::{Store, StoreResult, StoredPuzzle};

/// The content type of the export.
pub const NDJSON: &str = "application/x-ndjson";

/// Puzzles read a page at a time: a page of them is in memory, however large the set.
pub const PAGE_PUZZLES: usize = 500;

/// Every puzzle, by id, a line each, streamed a page at a time.
pub async fn export(State(app): State<AppState>) -> AppResult<Response> {
    let body = streamed(PuzzlePages::new(app.store.clone(), PAGE_PUZZLES)).await?;
    Ok(([(CONTENT_TYPE, NDJSON)], body).into_response())
}

/// The puzzle set, by id, a page at a time.
pub struct PuzzlePages {
    store: Store,
    /// Puzzles a page.
    page: usize,
    /// The id of the last puzzle given.
    after: Option<String>,
    /// Whether the last page read was the set's last.
    done: bool,
}

impl PuzzlePages {
    /// The whole set of `store`, from its first puzzle, `page` puzzles a page.
    pub fn new(store: Store, page: usize) -> PuzzlePages {
        PuzzlePages {
            store,
            page,
            after: None,
            done: false,
        }
    }

    /// The next page of puzzles; `None` once every puzzle was given.
    ///
    /// # Errors
    /// Database failure, or a stored puzzle that does not read.
    pub async fn next_page(&mut self) -> StoreResult<Option<Vec<StoredPuzzle>>> {
        if self.done {
            return Ok(None);
        }
        let page = self
            .store
            .puzzles_after(self.after.as_deref(), self.page)
            .await?;
        self.done = page.len() < self.page;
        let Some(last) = page.last() else {
            return Ok(None);
        };
        self.after = Some(last.id.clone());
        Ok(Some(page))
    }
}

impl LinePages for PuzzlePages {
    async fn next_lines(&mut self) -> StoreResult<Option<Vec<u8>>> {
        let page = self.next_page().await?;
        Ok(page.map(|puzzles| puzzles.iter().map(line).collect::<String>().into_bytes()))
    }
}

/// One puzzle's line: the stored puzzle's fields, then `id`, `rating`, `rating_deviation`,
/// `plays` and `solved`.
pub fn line(stored: &StoredPuzzle) -> String {
    let mut value = serde_json::to_value(&stored.puzzle).expect("a puzzle serialises");
    value["id"] = stored.id.clone().into();
    value["rating"] = stored.rating.rating.round().into();
    value["rating_deviation"] = stored.rating.deviation.round().into();
    value["plays"] = stored.plays.into();
    value["solved"] = stored.solved.into();
    let mut line = value.to_string();
    line.push('\n');
    line
}
