//! `GET /api/games/export`: finished games as newline-delimited JSON, streamed from the
//! database a page at a time. Anyone may download them; the filters and the cursor are checked
//! before the first byte is sent, so a bad one is a plain 400 and nothing else.

use axum::body::{Body, Bytes};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde::Deserialize;
use tokio::sync::Semaphore;

use super::paging::{ndjson, ExportPages};
use crate::domain::export::{
    parse_date, parse_players, ExportCursor, ExportFilter, ExportRecord, FilterError,
};
use crate::http::error::{AppError, AppResult};
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
    let mut pages = ExportPages::new(app.store.clone(), filter, after, Some(limit));
    // The first page is read before answering, so that a failing database is a plain 500.
    let first = read_page(&mut pages).await?;
    let more = first.is_some().then_some(pages);
    // Once the answer has begun, a failing database cuts the connection: the client sees the
    // export end early rather than end well (and can go on from its last whole line). Fused:
    // the compression layer polls the body once more after its end, which an unfolded stream
    // must never be.
    let stream = futures_util::stream::unfold((first, more), |(ready, pages)| async move {
        if let Some(records) = ready {
            return Some((Ok(Bytes::from(ndjson(&records))), (None, pages)));
        }
        let mut pages = pages?;
        match read_page(&mut pages).await {
            Ok(Some(records)) => Some((Ok(Bytes::from(ndjson(&records))), (None, Some(pages)))),
            Ok(None) => None,
            Err(error) => {
                tracing::error!("export: {error}");
                Some((Err(std::io::Error::other(error.to_string())), (None, None)))
            }
        }
    })
    .fuse();
    Ok((
        [(header::CONTENT_TYPE, CONTENT_TYPE)],
        Body::from_stream(stream),
    )
        .into_response())
}

/// The next page, read in this node's turn.
async fn read_page(pages: &mut ExportPages) -> StoreResult<Option<Vec<ExportRecord>>> {
    let _turn = PAGE_READS.acquire().await.expect("never closed");
    pages.next_page().await
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
