//! An answer streamed a page at a time: whatever an export holds (finished games, puzzles),
//! only one page is in memory, read when the client has taken the one before.

use std::future::Future;

use axum::body::{Body, Bytes};
use futures_util::StreamExt;

use crate::storage::StoreResult;

/// The pages of an export, each its lines of newline-delimited JSON, read one after another;
/// `None` once every line was given.
pub trait LinePages: Send + 'static {
    /// The next page's lines.
    fn next_lines(&mut self) -> impl Future<Output = StoreResult<Option<Vec<u8>>>> + Send;
}

/// The body that sends `pages`. The first page is read before answering, so that a failing
/// database is a plain error answer; once the answer has begun, a failing database cuts the
/// connection: the client sees the export end early rather than end well (and can go on from
/// its last whole line).
///
/// # Errors
/// The first page's database failure.
pub async fn streamed<P: LinePages>(mut pages: P) -> StoreResult<Body> {
    let first = pages.next_lines().await?;
    let more = first.is_some().then_some(pages);
    // Fused: the compression layer polls the body once more after its end, which an unfolded
    // stream must never be.
    let stream = futures_util::stream::unfold((first, more), |(ready, pages)| async move {
        if let Some(lines) = ready {
            return Some((Ok(Bytes::from(lines)), (None, pages)));
        }
        let mut pages = pages?;
        match pages.next_lines().await {
            Ok(Some(lines)) => Some((Ok(Bytes::from(lines)), (None, Some(pages)))),
            Ok(None) => None,
            Err(error) => {
                tracing::error!("export: {error}");
                Some((Err(std::io::Error::other(error.to_string())), (None, None)))
            }
        }
    })
    .fuse();
    Ok(Body::from_stream(stream))
}
