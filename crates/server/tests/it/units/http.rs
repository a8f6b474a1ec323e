//! The parts of `http` that are tested without a server.

/// `http::client_ip`.
mod client_ip {
    use axum::http::HeaderMap;
    use helvetia_server::http::client_ip::*;
    use std::net::IpAddr;

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

/// `http::cookies`.
mod cookies {
    use axum::http::header::COOKIE;
    use axum::http::HeaderMap;
    use axum::http::HeaderValue;
    use helvetia_server::http::cookies::*;

    #[test]
    fn a_cookie_is_found_by_name_among_several_headers() {
        let mut headers = HeaderMap::new();
        headers.append(
            COOKIE,
            HeaderValue::from_static("lang=de; helvetia_session= "),
        );
        headers.append(COOKIE, HeaderValue::from_static("helvetia_session=abc123"));
        assert_eq!(cookie(&headers, "lang").as_deref(), Some("de"));
        assert_eq!(
            cookie(&headers, "helvetia_session").as_deref(),
            Some("abc123")
        );
        assert_eq!(cookie(&headers, "missing"), None);
    }

    #[test]
    fn our_cookies_carry_their_attributes() {
        let set = set_cookie("helvetia_session", "abc", 3600, true, true);
        for part in [
            "helvetia_session=abc",
            "Path=/",
            "SameSite=Lax",
            "Max-Age=3600",
            "HttpOnly",
            "Secure",
        ] {
            assert!(set.contains(part), "{set} lacks {part}");
        }
        let lang = set_cookie("lang", "de", 60, false, false);
        assert!(
            !lang.contains("HttpOnly") && !lang.contains("Secure"),
            "{lang}"
        );
    }
}

/// `http::error`.
mod error {
    use helvetia_server::http::error::*;
    use helvetia_web::Lang;

    /// Every code the server's sources give an error, found by reading them: the code after
    /// `AppError::…(` (past a status), a username's or clock's `Err("…")`, a refusal's pair.
    fn codes_in_sources() -> Vec<String> {
        let mut codes = Vec::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut stack = vec![root.join("../src"), root.join("../../domain/src")];
        while let Some(path) = stack.pop() {
            if path.is_dir() {
                stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            for marker in ["AppError::", "Err(\"", "StatusCode::"] {
                for (at, _) in source.match_indices(marker) {
                    let rest = &source[at..];
                    let call = rest.split_once(['\n', ';']).map_or(rest, |(line, _)| line);
                    let window = &rest[..rest.len().min(call.len().max(120))];
                    let Some(open) = window.find('"') else {
                        continue;
                    };
                    let literal: String = window[open + 1..]
                        .chars()
                        .take_while(|&c| c != '"')
                        .collect();
                    let is_code = !literal.is_empty()
                        && literal.chars().all(|c| c.is_ascii_lowercase() || c == '-');
                    // Only a literal that is the call's first argument, or the second after a
                    // status: nothing closed or opened before it.
                    let before = window[..open].replace("status()", "");
                    let only_the_call = !before.contains([';', '{', '}', ')', '|']);
                    if is_code && only_the_call && !["stopping", "ready"].contains(&&*literal) {
                        codes.push(literal);
                    }
                }
            }
        }
        codes.sort();
        codes.dedup();
        codes
    }

    #[test]
    fn every_error_code_reads_in_every_language() {
        let codes = codes_in_sources();
        for code in [
            "target-too-high",
            "not-your-turn",
            "username-scripts",
            "csrf",
        ] {
            assert!(
                codes.iter().any(|c| c == code),
                "{code} not found: {codes:?}"
            );
        }
        for code in &codes {
            for lang in Lang::ALL {
                assert!(
                    lang.has(&format!("error-{code}")),
                    "{} has no words for the error {code}",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn an_error_reads_with_its_arguments_and_without_field_names() {
        let error = AppError::bad_request("target-too-high").with("max", 99u8);
        assert_eq!(
            error.text(Lang::En),
            "The target can be at most 99 victory points."
        );
        assert_eq!(
            error.text(Lang::De),
            "Das Ziel kann höchstens 99 Siegpunkte sein."
        );
        let body: serde_json::Value = serde_json::from_str(&error.body(Lang::Fr)).unwrap();
        assert_eq!(body["code"], "target-too-high");
        assert!(!body["error"].as_str().unwrap().contains("target_vp"));
    }
}

/// `http::listener`.
mod listener {
    use helvetia_server::http::listener::*;
    use std::net::IpAddr;
    use std::time::Duration;

    fn limits(total: usize, per_address: usize) -> ConnectionLimits {
        ConnectionLimits {
            total,
            per_address,
            header_read_timeout: Duration::from_secs(1),
        }
    }

    #[test]
    fn connections_are_capped_per_address_and_in_total() {
        let (a, b, proxy): (IpAddr, IpAddr, IpAddr) = (
            "10.0.0.1".parse().unwrap(),
            "10.0.0.2".parse().unwrap(),
            "10.0.0.9".parse().unwrap(),
        );
        let count = ConnectionCount::new(limits(5, 2), vec![proxy]);
        let first = count.admit(a).unwrap();
        let _second = count.admit(a).unwrap();
        assert!(count.admit(a).is_none(), "a third from one address");
        let _other = count.admit(b).unwrap();
        drop(first);
        let _again = count.admit(a).expect("room again once one closed");
        let _proxied = [count.admit(proxy).unwrap(), count.admit(proxy).unwrap()];
        assert_eq!(count.total(), 5);
        assert!(count.admit(b).is_none(), "over the total");
    }

    #[test]
    fn the_default_total_leaves_files_for_the_rest_of_the_server() {
        let total = default_total_connections();
        if let Some(limit) = open_file_limit() {
            assert!(total + RESERVED_FILES <= limit.max(16 + RESERVED_FILES));
        }
        assert!((16..=20_000).contains(&total));
    }
}
