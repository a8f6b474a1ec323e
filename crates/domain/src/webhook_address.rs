//! Where a webhook may be sent: a checked URL, and the rule that an outgoing request reaches
//! only public addresses.
//!
//! A person's URL must not turn the server into a way to reach what only the server can reach
//! (its own ports, the operator's network, a cloud's metadata service at 169.254.169.254):
//! loopback, private, link-local, shared (CGNAT), multicast, broadcast, unspecified, reserved
//! and documentation addresses are refused, also when written as IPv4-mapped or otherwise
//! embedded IPv6 addresses. A name is checked by the addresses it resolves to, at send time,
//! and the request goes to the address that was checked (the server does that part); here is
//! the pure rule.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The longest URL accepted, in bytes.
pub const MAX_URL_LEN: usize = 500;

/// What is wrong with a URL given for a webhook; each has the code of its refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlProblem {
    /// Not a URL at all.
    Unreadable,
    /// Longer than [`MAX_URL_LEN`].
    TooLong,
    /// Neither `https` nor `http`.
    Scheme,
    /// A user name or password in the URL (it would be stored and shown).
    Credentials,
    /// An address (or a name such as `localhost`) that is not public.
    NotPublic,
}

impl UrlProblem {
    /// The code of the refusal (`error-<code>` in every language).
    pub fn code(self) -> &'static str {
        match self {
            UrlProblem::Unreadable => "webhook-url-unreadable",
            UrlProblem::TooLong => "webhook-url-too-long",
            UrlProblem::Scheme => "webhook-url-scheme",
            UrlProblem::Credentials => "webhook-url-credentials",
            UrlProblem::NotPublic => "webhook-address-not-public",
        }
    }
}

/// The host of a webhook's URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HookHost {
    /// A name, resolved when a request is sent (lower case, punycode, no trailing dot).
    Name(String),
    /// An address written in the URL.
    Ip(IpAddr),
}

/// A webhook's URL, checked: `https` or `http`, a host, no credentials, no fragment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookUrl {
    /// The URL as stored and shown (normalised by the WHATWG rules).
    pub url: String,
    /// Whether the request is made over TLS.
    pub https: bool,
    /// Where it goes.
    pub host: HookHost,
    /// The host as the `Host` header and TLS name carry it.
    pub host_text: String,
    /// The port (the scheme's own unless the URL names one).
    pub port: u16,
    /// The path and query the request asks for.
    pub target: String,
}

/// Checks `text` as a webhook's URL, and refuses an address that is not public unless
/// `allow_private` (the operator's `--webhooks-allow-private`).
///
/// # Errors
/// What is wrong with it.
pub fn check_url(text: &str, allow_private: bool) -> Result<HookUrl, UrlProblem> {
    let text = text.trim();
    if text.len() > MAX_URL_LEN {
        return Err(UrlProblem::TooLong);
    }
    let mut url = url::Url::parse(text).map_err(|_| UrlProblem::Unreadable)?;
    let https = match url.scheme() {
        "https" => true,
        "http" => false,
        _ => return Err(UrlProblem::Scheme),
    };
    if !url.username().is_empty() || url.password().is_some() {
        return Err(UrlProblem::Credentials);
    }
    url.set_fragment(None);
    let host = match url.host().ok_or(UrlProblem::Unreadable)? {
        url::Host::Domain(name) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            if name.is_empty() {
                return Err(UrlProblem::Unreadable);
            }
            HookHost::Name(name)
        }
        url::Host::Ipv4(ip) => HookHost::Ip(IpAddr::V4(ip)),
        url::Host::Ipv6(ip) => HookHost::Ip(IpAddr::V6(ip)),
    };
    let refused = match &host {
        HookHost::Ip(ip) => !is_public(*ip),
        HookHost::Name(name) => names_loopback(name),
    };
    if refused && !allow_private {
        return Err(UrlProblem::NotPublic);
    }
    let port = url.port_or_known_default().ok_or(UrlProblem::Unreadable)?;
    let host_text = match url.port() {
        Some(port) => format!("{}:{port}", url.host_str().unwrap_or_default()),
        None => url.host_str().unwrap_or_default().to_string(),
    };
    let target = match url.query() {
        Some(query) => format!("{}?{query}", url.path()),
        None => url.path().to_string(),
    };
    if url.as_str().len() > MAX_URL_LEN {
        return Err(UrlProblem::TooLong);
    }
    Ok(HookUrl {
        url: url.into(),
        https,
        host,
        host_text,
        port,
        target,
    })
}

/// Whether `name` always means this machine (`localhost` and its subdomains, RFC 6761).
fn names_loopback(name: &str) -> bool {
    name == "localhost" || name.ends_with(".localhost")
}

/// Whether a request may go to `ip`: a global unicast address, not one of the special-purpose
/// ranges (IANA's registries) that lead into the server itself or a private network.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => is_public_v4(ip),
        IpAddr::V6(ip) => is_public_v6(ip),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    let refused = a == 0 // "this network", 0.0.0.0 among it
        || a == 10 // private
        || a == 127 // loopback
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || (a == 169 && b == 254) // link-local, the cloud metadata services
        || (a == 172 && (16..32).contains(&b)) // private
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 192 && b == 0 && c == 2) // documentation
        || (a == 192 && b == 88 && c == 99) // 6to4 relays
        || (a == 192 && b == 168) // private
        || (a == 198 && (18..20).contains(&b)) // benchmarking
        || (a == 198 && b == 51 && c == 100) // documentation
        || (a == 203 && b == 0 && c == 113) // documentation
        || a >= 224; // multicast, reserved, the broadcast address
    !refused
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let segments = ip.segments();
    // IPv4 carried in IPv6: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64
    // (64:ff9b::a.b.c.d) and 6to4 (2002:ab:cd::) are judged by the IPv4 address.
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    let embedded = |high: u16, low: u16| {
        let [h1, h2] = high.to_be_bytes();
        let [l1, l2] = low.to_be_bytes();
        Ipv4Addr::new(h1, h2, l1, l2)
    };
    if segments[..6] == [0; 6] {
        // ::, ::1 and the deprecated IPv4-compatible form.
        return ip != Ipv6Addr::UNSPECIFIED
            && ip != Ipv6Addr::LOCALHOST
            && is_public_v4(embedded(segments[6], segments[7]));
    }
    if segments[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return is_public_v4(embedded(segments[6], segments[7]));
    }
    if segments[0] == 0x2002 {
        return is_public_v4(embedded(segments[1], segments[2]));
    }
    let first = segments[0];
    let refused = (first & 0xfe00) == 0xfc00 // unique local fc00::/7
        || (first & 0xffc0) == 0xfe80 // link-local fe80::/10
        || (first & 0xffc0) == 0xfec0 // site-local fec0::/10 (deprecated)
        || (first & 0xff00) == 0xff00 // multicast
        || (first == 0x2001 && segments[1] == 0x0db8) // documentation
        || (first == 0x2001 && segments[1] < 0x0200) // IETF protocol assignments, Teredo
        || (first == 0x0100 && segments[1..4] == [0, 0, 0]) // discard-only
        || (first & 0xe000) != 0x2000; // outside global unicast 2000::/3
    !refused
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn loopback_private_link_local_and_the_like_are_not_public() {
        for refused in [
            "127.0.0.1",
            "127.1.2.3",
            "10.0.0.1",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "100.127.255.254",
            "0.0.0.0",
            "224.0.0.1",
            "239.255.255.250",
            "255.255.255.255",
            "240.0.0.1",
            "192.0.2.1",
            "198.18.0.1",
            "::",
            "::1",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "ff02::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "::127.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "2002:7f00:1::",
            "2001:db8::1",
            "fec0::1",
        ] {
            assert!(!is_public(ip(refused)), "{refused} counted as public");
        }
    }

    #[test]
    fn global_addresses_are_public() {
        for public in [
            "1.1.1.1",
            "8.8.8.8",
            "93.184.216.34",
            "100.63.255.255",
            "100.128.0.1",
            "172.15.255.255",
            "172.32.0.1",
            "169.253.1.1",
            "2606:4700:4700::1111",
            "2a00:1450:4001::200e",
            "::ffff:8.8.8.8",
            "2002:0808:0808::",
        ] {
            assert!(is_public(ip(public)), "{public} refused");
        }
    }

    #[test]
    fn a_url_is_https_or_http_without_credentials_and_not_too_long() {
        let hook = check_url(" https://Hooks.Example.org/a/b?c=d#frag ", false).unwrap();
        assert_eq!(hook.url, "https://hooks.example.org/a/b?c=d");
        assert!(hook.https);
        assert_eq!(hook.host, HookHost::Name("hooks.example.org".into()));
        assert_eq!((hook.port, hook.target.as_str()), (443, "/a/b?c=d"));
        assert_eq!(hook.host_text, "hooks.example.org");
        let plain = check_url("http://hooks.example.org:8080", false).unwrap();
        assert_eq!(
            (plain.https, plain.port, plain.target.as_str()),
            (false, 8080, "/")
        );
        assert_eq!(plain.host_text, "hooks.example.org:8080");
        for (text, problem) in [
            ("not a url", UrlProblem::Unreadable),
            ("https://", UrlProblem::Unreadable),
            ("ftp://example.org/", UrlProblem::Scheme),
            ("file:///etc/passwd", UrlProblem::Scheme),
            ("javascript:alert(1)", UrlProblem::Scheme),
            ("https://user:pw@example.org/", UrlProblem::Credentials),
            ("https://user@example.org/", UrlProblem::Credentials),
        ] {
            assert_eq!(check_url(text, false), Err(problem), "{text}");
        }
        let long = format!("https://example.org/{}", "a".repeat(MAX_URL_LEN));
        assert_eq!(check_url(&long, false), Err(UrlProblem::TooLong));
    }

    #[test]
    fn addresses_and_names_that_are_not_public_are_refused_unless_allowed() {
        for text in [
            "http://127.0.0.1:9000/hook",
            "http://10.0.0.1/",
            "http://169.254.169.254/latest/meta-data/",
            "http://[::1]/",
            "http://[::ffff:127.0.0.1]/",
            "http://0x7f.1/",
            "http://2130706433/",
            "http://localhost:8080/",
            "http://LOCALHOST./",
            "http://hooks.localhost/",
        ] {
            assert_eq!(check_url(text, false), Err(UrlProblem::NotPublic), "{text}");
            assert!(check_url(text, true).is_ok(), "{text} with the flag");
        }
        let v6 = check_url("http://[2606:4700::1]:81/x", false).unwrap();
        assert_eq!(v6.host, HookHost::Ip(ip("2606:4700::1")));
        assert_eq!(v6.host_text, "[2606:4700::1]:81");
    }
}
