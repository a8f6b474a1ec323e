//! Response compression: pages, the script, the style sheet and JSON answers are sent
//! gzip-compressed to clients that accept it (`tower-http`). Gzip alone: every browser takes
//! it, and a Brotli encoder would add more to the build than it saves on bodies this size.
//! Tiny bodies, WebSocket upgrades and live streams are sent as they are; the socket's messages are not HTTP
//! bodies (see `docs/performance.md`).

use axum::http::{Extensions, HeaderMap, StatusCode, Version};
use axum::Router;
use tower_http::compression::predicate::{DefaultPredicate, Predicate, SizeAbove};
use tower_http::compression::CompressionLayer;

/// Bodies smaller than this are not worth compressing: the saving is a few packets' headers.
const SMALLEST: u16 = 512;

/// Compresses the responses of `router` for clients that accept gzip.
pub fn add(router: Router) -> Router {
    let worth_it = DefaultPredicate::new()
        .and(SizeAbove::new(SMALLEST))
        .and(not_an_upgrade)
        .and(not_live);
    router.layer(CompressionLayer::new().gzip(true).compress_when(worth_it))
}

/// Marks an answer sent as it happens (a live stream of lines): a compressor would hold its
/// lines back until it had enough of them.
#[derive(Clone, Copy, Debug)]
pub struct Uncompressed;

fn not_live(_: StatusCode, _: Version, _: &HeaderMap, extensions: &Extensions) -> bool {
    extensions.get::<Uncompressed>().is_none()
}

/// A WebSocket handshake's answer has no body to compress.
fn not_an_upgrade(status: StatusCode, _: Version, _: &HeaderMap, _: &Extensions) -> bool {
    status != StatusCode::SWITCHING_PROTOCOLS
}
