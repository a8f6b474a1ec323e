//! Holding under abuse: security headers on every response, a body declared too large refused
//! before it is read, log-in attempts limited per account whatever addresses they come from, and
//! unknown fields refused.

use crate::common;

use std::io::{Read, Write};

use common::*;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_response_carries_the_security_headers() {
    let server = TestServer::start(Database::sqlite()).await;
    let (id, _anna, _beat) = two_player_game(&server, None).await;
    let http = reqwest::Client::new();
    for path in [
        "/".to_string(),
        "/lobby".into(),
        "/rules".into(),
        format!("/games/{id}"),
        "/api/me".into(),
        "/static/app.js".into(),
        "/no/such/page".into(),
        "/healthz".into(),
    ] {
        let response = http
            .get(format!("{}{path}", server.base))
            .send()
            .await
            .unwrap();
        let headers = response.headers();
        let csp = headers
            .get("content-security-policy")
            .unwrap_or_else(|| panic!("a content security policy on {path}"))
            .to_str()
            .unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "same-origin", "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_are_sent_gzip_compressed_when_asked_and_plain_when_not() {
    let server = TestServer::start(Database::sqlite()).await;
    let (id, anna, _beat) = two_player_game(&server, None).await;
    let cookie = anna.cookie_header();
    let http = reqwest::Client::new();
    for path in [
        format!("/games/{id}"),
        "/rules".into(),
        "/static/app.js".into(),
        "/static/app.css".into(),
        format!("/api/games/{id}"),
    ] {
        let get = |encoding: Option<&str>| {
            let request = http
                .get(format!("{}{path}", server.base))
                .header("cookie", &cookie);
            match encoding {
                Some(encoding) => request.header("accept-encoding", encoding),
                None => request,
            }
            .send()
        };
        let plain = get(None).await.unwrap();
        assert_eq!(plain.status(), StatusCode::OK, "{path}");
        assert!(plain.headers().get("content-encoding").is_none(), "{path}");
        let plain = plain.bytes().await.unwrap();
        let packed = get(Some("gzip, deflate, br")).await.unwrap();
        assert_eq!(packed.headers()["content-encoding"], "gzip", "{path}");
        assert_eq!(packed.headers()["vary"], "accept-encoding", "{path}");
        assert_eq!(
            packed.headers()["x-content-type-options"],
            "nosniff",
            "{path}"
        );
        assert!(packed.headers().get("content-security-policy").is_some());
        let packed = packed.bytes().await.unwrap();
        assert_eq!(packed[..2], [0x1f, 0x8b], "{path}: a gzip stream");
        assert!(
            packed.len() * 2 < plain.len(),
            "{path}: {} of {}",
            packed.len(),
            plain.len()
        );
    }
    // Tiny bodies are not worth it.
    let tiny = http
        .get(format!("{}/healthz", server.base))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert!(tiny.headers().get("content-encoding").is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_declared_too_large_is_refused_before_it_is_read() {
    let server = TestServer::start(Database::sqlite()).await;
    let anna = server.user("anna").await;
    // 100 MB declared, nothing sent after the headers: the answer comes at once.
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nCookie: {}\r\nx-csrf-token: {}\r\n\
         Content-Type: application/json\r\nContent-Length: 100000000\r\n\r\n",
        server.addr,
        anna.cookie_header(),
        anna.csrf.clone().unwrap_or_default(),
    );
    let mut socket = std::net::TcpStream::connect(server.addr).unwrap();
    socket
        .set_read_timeout(Some(std::time::Duration::from_secs(5)))
        .unwrap();
    socket.write_all(request.as_bytes()).unwrap();
    let mut answer = vec![0; 1024];
    let read = socket
        .read(&mut answer)
        .expect("an answer without the body");
    let answer = String::from_utf8_lossy(&answer[..read]);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn log_in_attempts_are_limited_per_account_from_any_address() {
    let db = Database::sqlite();
    let mut config = test_config(&db.url);
    config.login_per_account_minute = 4;
    let server = TestServer::start_with(db, config).await;
    let victim = server.user("victim").await;
    let (_, me) = {
        let mut victim = victim;
        victim.get("/api/me").await
    };
    let name = me["username"].as_str().unwrap().to_string();
    let mut attacker = server.client().await;
    let guess = json!({"username": name, "password": "wrong guess"});
    for _ in 0..4 {
        let (status, _) = attacker.post("/api/login", guess.clone()).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    // The per-address limit is far away (10,000 a minute in tests); the account's is reached,
    // whatever the letter case of the name.
    let shouted = json!({"username": name.to_uppercase(), "password": "wrong guess"});
    let (status, body) = attacker.post("/api/login", shouted).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(body["error"].as_str().unwrap().contains("this account"));
    // Another account is not affected.
    let other = server.user("other").await;
    drop(other);
    let (status, _) = attacker
        .post(
            "/api/login",
            json!({"username": "nobody_at_all", "password": "wrong guess"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_fields_and_options_beyond_the_form_are_refused() {
    let server = TestServer::start(Database::sqlite()).await;
    let mut anna = server.user("anna").await;
    for body in [
        json!({"options": {"players": 2, "colour": "red"}, "seats": [{"kind": "me"}, {"kind": "open"}]}),
        json!({"options": {"players": 2}, "seats": [{"kind": "me", "name": "x"}, {"kind": "open"}]}),
        json!({"options": {"players": 2}, "seats": [{"kind": "me"}, {"kind": "bot", "level": "greedy\nforged"}]}),
        json!({"options": {"players": 2}, "seats": [{"kind": "me"}, {"kind": "open"}],
               "time_control": {"bank_secs": 60, "stand_in": "greedy", "speed": 2}}),
        // Beyond what the create form offers: the server keeps to the form's limits.
        json!({"options": {"players": 2, "target_vp": 150}, "seats": [{"kind": "me"}, {"kind": "open"}]}),
        json!({"options": {"players": 2, "round_limit": 1000}, "seats": [{"kind": "me"}, {"kind": "open"}]}),
    ] {
        let (status, answer) = anna.post("/api/games", body.clone()).await;
        assert!(status.is_client_error(), "{body}: {status}");
        assert!(
            answer["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{answer}"
        );
    }
    let (_, mine) = anna.get("/api/games?list=mine").await;
    assert!(
        mine.as_array().unwrap().is_empty(),
        "nothing was created: {mine}"
    );
    server.server.shutdown().await;
}

/// A failing log-in through a proxy that says the client is `forwarded`.
async fn log_in_via(client: &mut Client, forwarded: &str) -> StatusCode {
    let csrf = client.csrf.clone().unwrap();
    let attempt = json!({"username": "nobody_here", "password": "whatever1"}).to_string();
    let headers = [
        ("x-csrf-token", csrf.as_str()),
        ("x-forwarded-for", forwarded),
    ];
    client.post_raw("/api/login", attempt, &headers).await.0
}

/// Behind a trusted proxy each client has its own log-in allowance, read from the address the
/// proxy appended to `X-Forwarded-For`; what a client writes there itself is not believed, and
/// without `--trusted-proxy` the header is ignored.
#[tokio::test]
async fn behind_a_trusted_proxy_the_limit_is_per_forwarded_client() {
    for trusted in [true, false] {
        let db = Database::sqlite();
        let mut config = test_config(&db.url);
        config.auth_per_minute = 2;
        if trusted {
            config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        }
        let server = TestServer::start_with(db, config).await;
        let mut client = server.client().await;
        for _ in 0..2 {
            let status = log_in_via(&mut client, "203.0.113.1").await;
            assert_eq!(status, StatusCode::UNAUTHORIZED);
        }
        assert_eq!(
            log_in_via(&mut client, "203.0.113.1").await,
            StatusCode::TOO_MANY_REQUESTS
        );
        // A client that writes another address before the one the proxy appended gains nothing.
        assert_eq!(
            log_in_via(&mut client, "198.51.100.7, 203.0.113.1").await,
            StatusCode::TOO_MANY_REQUESTS
        );
        // Another client behind the same proxy has its own allowance, if the proxy is trusted.
        let other = log_in_via(&mut client, "203.0.113.2").await;
        if trusted {
            assert_eq!(other, StatusCode::UNAUTHORIZED);
        } else {
            assert_eq!(
                other,
                StatusCode::TOO_MANY_REQUESTS,
                "the header is ignored"
            );
        }
    }
}

/// A counter of this process's metrics (0 while it has not been counted).
async fn counter(client: &mut Client, name: &str) -> f64 {
    let (_, metrics) = client.get_text("/metrics").await;
    metrics
        .lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or(0.0)
}

/// A log-in with an unknown name checks a password like one with a known name (so its timing
/// does not tell which names exist), and gets the same answer.
#[tokio::test]
async fn an_unknown_name_is_answered_after_the_same_password_check() {
    let server = TestServer::start(Database::sqlite()).await;
    let mut client = server.client().await;
    let name = "helvetia_unknown_name_logins_total";
    let before = counter(&mut client, name).await;
    let (unknown_status, unknown) = client
        .post(
            "/api/login",
            json!({"username": "nobody_by_this_name", "password": "whatever1"}),
        )
        .await;
    let mut anna = server.user("anna").await;
    let (_, me) = anna.get("/api/me").await;
    let (known_status, known) = client
        .post(
            "/api/login",
            json!({"username": me["username"], "password": "wrong password"}),
        )
        .await;
    assert_eq!(
        (unknown_status, known_status),
        (StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED)
    );
    assert_eq!(unknown, known, "the same answer");
    // Other tests of this process log in with unknown names at the same time: at least ours.
    assert!(counter(&mut client, name).await >= before + 1.0);
}

/// One account cannot flood the lobby or the bots: at most `max_open_games` games waiting for
/// players and `max_bot_games` running games with bots; another account is not affected.
#[tokio::test]
async fn one_account_has_limits_on_open_games_and_bot_games() {
    for database in databases().await {
        let mut config = test_config(&database.url);
        config.max_open_games = 3;
        config.max_bot_games = 2;
        let server = TestServer::start_with(database, config).await;
        let mut flooder = server.user("flood").await;
        let mut other = server.user("other").await;
        let open = json!([{"kind": "me"}, {"kind": "open"}]);
        let mut created = Vec::new();
        for _ in 0..3 {
            created.push(
                create_game(&mut flooder, json!({"players": 2}), open.clone())
                    .await
                    .0,
            );
        }
        let (status, body) = flooder
            .post(
                "/api/games",
                json!({"options": {"players": 2}, "seats": open}),
            )
            .await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .contains("waiting for players"),
            "{body}"
        );
        // Another account creates as usual.
        create_game(&mut other, json!({"players": 2}), open.clone()).await;
        // Once one starts, there is room again.
        join_and_start(&created[0], &mut flooder, &mut other).await;
        create_game(&mut flooder, json!({"players": 2}), open.clone()).await;

        // Games with bots: two may run, a third cannot start until one ends.
        let mut player = server.user("player").await;
        let with_bots = json!([{"kind": "me"}, {"kind": "bot", "level": "random"}]);
        let mut bot_games = Vec::new();
        for _ in 0..3 {
            let (id, _) = create_game(&mut player, json!({"players": 2}), with_bots.clone()).await;
            bot_games.push(id);
        }
        for (i, id) in bot_games.iter().enumerate() {
            let (status, body) = player
                .post(&format!("/api/games/{id}/start"), json!({}))
                .await;
            if i < 2 {
                assert_eq!(status, StatusCode::OK, "{body}");
            } else {
                assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
                assert!(
                    body["error"].as_str().unwrap().contains("with bots"),
                    "{body}"
                );
            }
        }
        let (_, third) = player.get(&format!("/api/games/{}", bot_games[2])).await;
        assert_eq!(third["status"], "open", "refused to start, nothing changed");
    }
}

/// Requests of one account sent at the same moment count one after the other: of 12
/// simultaneous creations under a cap of 3, exactly 3 succeed and the rest get 429.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_requests_of_one_account_stay_under_its_cap() {
    for database in databases().await {
        let mut config = test_config(&database.url);
        config.max_open_games = 3;
        let server = TestServer::start_with(database, config).await;
        let mut flooder = server.user("rush").await;
        let body = json!({"options": {"players": 2}, "seats": [{"kind": "me"}, {"kind": "open"}]});
        let url = format!("{}/api/games", server.base);
        let (cookie, csrf) = (flooder.cookie_header(), flooder.csrf.clone().unwrap());
        let requests = (0..12).map(|_| {
            let request = flooder
                .http
                .post(&url)
                .header("cookie", &cookie)
                .header("x-csrf-token", &csrf)
                .header("content-type", "application/json")
                .body(body.to_string());
            tokio::spawn(async move { request.send().await.unwrap().status() })
        });
        let mut statuses = Vec::new();
        for request in requests.collect::<Vec<_>>() {
            statuses.push(request.await.unwrap());
        }
        let created = statuses
            .iter()
            .filter(|s| **s == StatusCode::CREATED)
            .count();
        let refused = statuses
            .iter()
            .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
            .count();
        assert_eq!((created, refused), (3, 9), "{statuses:?}");
        let (_, mine) = flooder.get("/api/games?list=mine").await;
        assert_eq!(mine.as_array().unwrap().len(), 3, "{mine}");
    }
}
