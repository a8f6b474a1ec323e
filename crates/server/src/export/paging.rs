//! An export read from the database a page of games at a time, in the order games finished
//! ([`ExportCursor`]): only one page is ever in memory, however many games the export holds. The HTTP route streams the
//! pages as they come; `helvetia export` writes them to a file.

use crate::domain::export::{ExportCursor, ExportFilter, ExportRecord, PAGE_GAMES};
use crate::storage::{ExportQuery, Store, StoreResult};

/// Where an export stands.
pub struct ExportPages {
    store: Store,
    filter: ExportFilter,
    /// Where the export stands: a cursor as the client gave it until the first page, then
    /// the number of the last game written.
    after: Option<ExportCursor>,
    left: Option<u64>,
}

impl ExportPages {
    /// The games of `filter` after `after` (from the first with `None`), at most `limit`.
    pub fn new(
        store: Store,
        filter: ExportFilter,
        after: Option<ExportCursor>,
        limit: Option<u64>,
    ) -> ExportPages {
        ExportPages {
            store,
            filter,
            after,
            left: limit,
        }
    }

    /// The next page of records; `None` once every game was given. A stored game whose log
    /// does not replay (damaged) is logged and left out.
    ///
    /// # Errors
    /// Database failure.
    pub async fn next_page(&mut self) -> StoreResult<Option<Vec<ExportRecord>>> {
        let games = match self.left {
            Some(0) => return Ok(None),
            Some(left) => PAGE_GAMES.min(usize::try_from(left).unwrap_or(PAGE_GAMES)),
            None => PAGE_GAMES,
        };
        let after = match &self.after {
            None => 0,
            Some(ExportCursor::After(number)) => *number,
            Some(ExportCursor::FinishedAt { finished_at, id }) => {
                self.store.finish_seq_at(*finished_at, id).await?
            }
        };
        self.after = Some(ExportCursor::After(after));
        let page = self
            .store
            .finished_games(&ExportQuery {
                filter: &self.filter,
                after,
                games,
            })
            .await?;
        let Some(last) = page.last() else {
            return Ok(None);
        };
        self.after = Some(ExportCursor::After(last.finish_seq));
        if let Some(left) = &mut self.left {
            *left -= page.len() as u64;
        }
        let records = page
            .into_iter()
            .filter_map(|game| match game.to_record() {
                Ok(record) => Some(record),
                Err(damaged) => {
                    tracing::error!("export: a stored game does not replay: {}", damaged.0);
                    None
                }
            })
            .collect();
        Ok(Some(records))
    }
}

/// `records` as newline-delimited JSON.
pub fn ndjson(records: &[ExportRecord]) -> Vec<u8> {
    let mut out = Vec::new();
    for record in records {
        serde_json::to_writer(&mut out, record).expect("records serialize");
        out.push(b'\n');
    }
    out
}
