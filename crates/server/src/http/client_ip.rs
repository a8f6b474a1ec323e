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

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", value.parse().unwrap());
        }
        headers
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_64_network_and_ipv4_by_address() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff:1:2:3".parse().unwrap();
        let elsewhere: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(limit_key(a), limit_key(b));
        assert_eq!(limit_key(a), "2001:db8:1:2::".parse::<IpAddr>().unwrap());
        assert_ne!(limit_key(a), limit_key(elsewhere));
        let v4: IpAddr = "203.0.113.7".parse().unwrap();
        assert_eq!(limit_key(v4), v4);
        let mapped: IpAddr = "::ffff:203.0.113.7".parse().unwrap();
        assert_eq!(
            limit_key(mapped),
            v4,
            "an IPv4 client on a dual-stack socket"
        );
        assert_ne!(limit_key("203.0.113.8".parse().unwrap()), limit_key(v4));
    }

    #[test]
    fn only_a_trusted_proxy_is_believed_and_only_for_the_address_it_added() {
        let proxy: IpAddr = "10.0.0.9".parse().unwrap();
        let client: IpAddr = "203.0.113.7".parse().unwrap();
        let trusted = [proxy];
        // Not from the proxy: the header is the client's own words.
        assert_eq!(
            client_address(client, &headers(&["198.51.100.1"]), &trusted),
            client
        );
        // From the proxy: the address it appended, not what the client wrote before it.
        let forged = headers(&["198.51.100.1, 203.0.113.7"]);
        assert_eq!(client_address(proxy, &forged, &trusted), client);
        assert_eq!(
            client_address(proxy, &headers(&["198.51.100.1", "203.0.113.7"]), &trusted),
            client
        );
        // A chain of trusted proxies is walked through.
        let chained = headers(&["203.0.113.7, 10.0.0.9"]);
        assert_eq!(client_address(proxy, &chained, &trusted), client);
        // Nothing usable: the proxy itself.
        assert_eq!(client_address(proxy, &HeaderMap::new(), &trusted), proxy);
        assert_eq!(
            client_address(proxy, &headers(&["nonsense"]), &trusted),
            proxy
        );
    }
}
