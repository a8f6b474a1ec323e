//! A live stream of newline-delimited JSON: one object per line as things happen, and an empty
//! line when nothing has been sent for a while, so that proxies keep the connection and a
//! client that went away is noticed at the next write. Sent uncompressed: a compressor would
//! hold lines back until it had enough of them.

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures_util::Stream;

use crate::http::compression::Uncompressed;

/// The answer's type.
pub const CONTENT_TYPE: &str = "application/x-ndjson";

/// An empty line after this long without one.
pub const KEEP_ALIVE: Duration = Duration::from_secs(6);

/// One line: `value` and its newline.
pub fn line(value: &serde_json::Value) -> Bytes {
    let mut bytes = serde_json::to_vec(value).expect("JSON values serialize");
    bytes.push(b'\n');
    Bytes::from(bytes)
}

/// The keep-alive line.
pub fn keep_alive() -> Bytes {
    Bytes::from_static(b"\n")
}

/// The answer streaming `lines`.
pub fn response(lines: impl Stream<Item = Bytes> + Send + 'static) -> Response {
    use futures_util::StreamExt;
    // Fused: a stream is never polled after its end, whatever polls the body.
    let body = Body::from_stream(lines.fuse().map(Ok::<_, std::convert::Infallible>));
    let mut response = (
        [
            (header::CONTENT_TYPE, CONTENT_TYPE),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response();
    response.extensions_mut().insert(Uncompressed);
    response
}
