//! The client's address, for the per-address limits: the peer's, or, when the peer is a reverse
//! proxy the operator trusts (`--trusted-proxy`), the one that proxy names in
//! `X-Forwarded-For`. The header is read from its right end, skipping trusted proxies, so that
//! an address a client wrote into the header itself is never believed.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{Extensions, HeaderMap};

use crate::state::AppState;

/// The client's address.
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<ClientIp, Self::Rejection> {
        Ok(ClientIp::of(&parts.extensions, &parts.headers, app))
    }
}

impl ClientIp {
    /// The client's address from a request's extensions (the peer) and headers.
    pub fn of(extensions: &Extensions, headers: &HeaderMap, app: &AppState) -> ClientIp {
        let peer = extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |info| {
                info.0.ip().to_canonical()
            });
        ClientIp(client_address(peer, headers, &app.config.trusted_proxies))
    }
}

/// The key a client's address is counted under by the per-address limits: an IPv6 address by
/// its /64 network, which one household or one server usually holds whole (counting each of
/// its 2^64 addresses apart would let one client walk round every limit); IPv4 as it is.
pub fn limit_key(address: IpAddr) -> IpAddr {
    match address.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
        v4 => v4,
    }
}

/// The client behind `peer`: `peer` itself unless it is a trusted proxy; then the right-most
/// address in `X-Forwarded-For` that is not a trusted proxy (or `peer` if there is none).
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let forwarded: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .collect();
    for entry in forwarded.iter().rev() {
        match entry
            .trim()
            .parse::<IpAddr>()
            .map(|address| address.to_canonical())
        {
            Ok(address) if trusted.contains(&address) => continue,
            Ok(address) => return address,
            // Garbage: whatever is left of it was written by the client.
            Err(_) => return peer,
        }
    }
    peer
}
