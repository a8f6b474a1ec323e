//! The client's address, for the per-address limits: the peer's, or, when the peer is a reverse
//! proxy the operator trusts (`--trusted-proxy`), the one that proxy names in
//! `X-Forwarded-For`. The header is read from its right end, skipping trusted proxies, so that
//! an address a client wrote into the header itself is never believed.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;

use crate::AppState;

/// The client's address.
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<ClientIp, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |info| {
                info.0.ip().to_canonical()
            });
        Ok(ClientIp(client_address(
            peer,
            &parts.headers,
            &app.config.trusted_proxies,
        )))
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
