//! `GET /api/games/export`: finished games as newline-delimited JSON, streamed from the
//! database a page at a time. Anyone may download them; the filters and the cursor are checked
//! before the first byte is sent, so a bad one is a plain 400 and nothing else.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tokio::sync::Semaphore;

use super::paging::{ndjson, ExportPages};
use crate::domain::export::{parse_date, parse_players, ExportCursor, ExportFilter, FilterError};
use crate::http::error::{AppError, AppResult};
use crate::http::streamed::{streamed, LinePages};
use crate::state::AppState;
use crate::storage::StoreResult;

/// The answer's type: one JSON object per line.
pub const CONTENT_TYPE: &str = "application/x-ndjson";

/// Most games in one answer; the default when `limit` is left out.
pub const MAX_LIMIT: u64 = 10_000;

/// Export pages are read one at a time on a node, however many exports run: a page is a few
/// large reads, and on SQLite the games' writes share one connection with them. The turn is
/// held for the read only, never while a slow client takes the page.
static PAGE_READS: Semaphore = Semaphore::const_new(1);

/// The query of an export; every field is optional, and any other is refused.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportParams {
    /// A player's name.
    player: Option<String>,
    /// Games finished at or after this date.
    since: Option<String>,
    /// Games finished before this date.
    until: Option<String>,
    /// 2, 3 or 4.
    players: Option<String>,
    /// Where the previous answer ended (the last record's `cursor`).
    cursor: Option<String>,
    /// Most games, 1 to [`MAX_LIMIT`].
    limit: Option<String>,
}

/// `GET /api/games/export`.
pub async fn export(
    State(app): State<AppState>,
    params: Result<Query<ExportParams>, QueryRejection>,
) -> AppResult<Response> {
    let Query(params) = params?;
    let (filter, after, limit) = read(&app, params).await?;
    let pages = GamePages(ExportPages::new(
        app.store.clone(),
        filter,
        after,
        Some(limit),
    ));
    let body = streamed(pages).await?;
    Ok(([(header::CONTENT_TYPE, CONTENT_TYPE)], body).into_response())
}

/// The finished games' pages as lines, each read in this node's turn.
struct GamePages(ExportPages);

impl LinePages for GamePages {
    async fn next_lines(&mut self) -> StoreResult<Option<Vec<u8>>> {
        let _turn = PAGE_READS.acquire().await.expect("never closed");
        Ok(self.0.next_page().await?.map(|records| ndjson(&records)))
    }
}

async fn read(
    app: &AppState,
    params: ExportParams,
) -> AppResult<(ExportFilter, Option<ExportCursor>, u64)> {
    let date = |text: Option<String>| text.as_deref().map(parse_date).transpose();
    let player_id = match params.player.as_deref() {
        Some(name) => Some(
            app.store
                .user_by_name(name)
                .await?
                .ok_or_else(|| AppError::not_found("no-such-player"))?
                .id,
        ),
        None => None,
    };
    let filter = ExportFilter {
        player_id,
        since: date(params.since).map_err(refusal)?,
        until: date(params.until).map_err(refusal)?,
        players: params
            .players
            .as_deref()
            .map(parse_players)
            .transpose()
            .map_err(refusal)?,
    }
    .checked()
    .map_err(refusal)?;
    let after = params
        .cursor
        .as_deref()
        .map(ExportCursor::decode)
        .transpose()
        .map_err(refusal)?;
    let limit = match params.limit.as_deref() {
        None => MAX_LIMIT,
        Some(text) => text
            .parse::<u64>()
            .ok()
            .filter(|n| (1..=MAX_LIMIT).contains(n))
            .ok_or_else(|| AppError::bad_request("export-bad-limit").with("max", MAX_LIMIT))?,
    };
    Ok((filter, after, limit))
}

fn refusal(error: FilterError) -> AppError {
    let detail = error.to_string();
    match error {
        FilterError::Date(text) => AppError::bad_request("export-bad-date").with("value", text),
        FilterError::EmptyRange => AppError::bad_request("export-empty-range"),
        FilterError::Players(text) => {
            AppError::bad_request("export-bad-players").with("value", text)
        }
        FilterError::Cursor => AppError::bad_request("export-bad-cursor"),
    }
    .detailed(detail)
}
