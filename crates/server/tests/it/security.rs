//! Security: acting for another seat or without a session, cross-site requests, bad input of
//! every kind (each refused with a clear 4xx and no change), rate limits, and a scan of every
//! payload of a whole game for the hidden tile order and the seed.

use crate::common;

use common::*;
use helvetia_engine::Position;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nobody_acts_for_another_seat_or_without_a_session() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, mut anna, beat) = two_player_game(&server, None).await;
        let state = anna.state(&id).await;
        let (mut mover, mut other) = if decides(&state) {
            (anna, beat)
        } else {
            (beat, anna)
        };
        let legal = mover.state(&id).await["legal"][0].clone();
        let actions = format!("/api/games/{id}/actions");

        let (status, body) = other
            .post(&actions, json!({"version": 0, "action": legal}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(body["code"], "not-your-turn");
        assert_eq!(body["error"], "It is not your turn.");
        let (status, _) = other
            .post(&actions, json!({"version": 0, "index": 0}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);

        let mut stranger = server.user("dora").await;
        let (status, body) = stranger
            .post(&actions, json!({"version": 0, "index": 0}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(body["code"], "not-seated");

        let mut anonymous = server.client().await;
        let (status, body) = anonymous
            .post(&actions, json!({"version": 0, "index": 0}))
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["code"], "not-logged-in");
        // Without a session one watches, as a spectator, and acts for nobody.
        let (status, watched) = anonymous.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(watched["your_seat"].is_null() && watched["legal"] == json!([]));
        let mut watching = anonymous.ws_with(&id, &[]).await.expect("anyone may watch");
        watching
            .send(json!({"type": "action", "version": 0, "index": 0}))
            .await;
        assert!(watching.error().await.contains("log in to play"));

        // An expired session is refused as such.
        let (_, me) = stranger.get("/api/me").await;
        let store = &server.server.state.store;
        store
            .create_session(
                "expired-token",
                me["id"].as_str().unwrap(),
                helvetia_server::now() - 5,
            )
            .await
            .unwrap();
        stranger.session = Some("expired-token".into());
        let (status, body) = stranger.get("/api/me").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert!(
            body["error"].as_str().unwrap().contains("expired"),
            "{body}"
        );
        let removed = store
            .delete_expired_sessions(helvetia_server::now())
            .await
            .unwrap();
        assert!(removed >= 1);
        assert!(store.session("expired-token").await.unwrap().is_none());
        let live_session = mover.session.clone().unwrap();
        assert!(store.session(&live_session).await.unwrap().is_some());

        // Logging out ends the session.
        let (status, _) = other.post("/api/logout", json!({})).await;
        assert_eq!(status, StatusCode::OK);
        assert!(other.session.is_none());
        let (status, _) = other.get("/api/me").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);

        assert_eq!(mover.state(&id).await["version"], 0, "nothing changed");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cross_site_requests_are_refused() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, mut anna, mut beat) = two_player_game(&server, None).await;
        let mover = mover_of(&id, &mut anna, &mut beat).await;
        let actions = format!("/api/games/{id}/actions");
        let body = json!({"version": 0, "index": 0}).to_string();
        let csrf = mover.csrf.clone().unwrap();

        let (status, reply) = mover.post_raw(&actions, body.clone(), &[]).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "no token: {reply}");
        assert_eq!(reply["code"], "csrf");
        let (status, _) = mover
            .post_raw(
                &actions,
                body.clone(),
                &[("x-csrf-token", "not-the-cookie")],
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "wrong token");
        let (status, reply) = mover
            .post_raw(
                &actions,
                body.clone(),
                &[("x-csrf-token", &csrf), ("origin", "http://evil.example")],
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "foreign origin");
        assert_eq!(reply["code"], "foreign-origin");
        // A cookie-less attacker cannot log in a victim either.
        let mut fresh = server.client().await;
        fresh.csrf = None;
        let (status, _) = fresh
            .post_raw(
                "/api/login",
                json!({"username": "x", "password": "yyyyyyyy"}).to_string(),
                &[("x-csrf-token", "guess")],
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        // A foreign page cannot open the game socket with the player's cookies.
        let refused = mover
            .ws_with(&id, &[("origin", "http://evil.example")])
            .await;
        assert!(refused.is_err());
        assert!(mover
            .ws_with(&id, &[("origin", &server.base)])
            .await
            .is_ok());

        let host = server.base.clone();
        let (status, _) = mover
            .post_raw(
                &actions,
                body,
                &[("x-csrf-token", &csrf), ("origin", &host)],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "same origin with the token works");
    }
}

/// A token planted by a neighbouring site (cookie and header of its choosing), or the one taken
/// before logging in, is worthless once there is a session; logging out and in again changes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_csrf_token_is_bound_to_the_session() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let mut anna = server.client().await;
        let before_login = anna.csrf.clone().expect("a token before logging in");
        let name = unique_name("anna");
        let account = json!({"username": name, "password": "correct horse"});
        let (status, _) = anna.post("/api/register", account.clone()).await;
        assert_eq!(status, StatusCode::CREATED);
        let bound = anna.csrf.clone().expect("a token after registering");
        assert_ne!(
            bound, before_login,
            "registering hands out a session-bound token"
        );
        let create =
            json!({"options": {"players": 2}, "seats": [{"kind": "me"}, {"kind": "open"}]});

        anna.csrf = Some("planted".to_string());
        let (status, reply) = anna
            .post_raw(
                "/api/games",
                create.to_string(),
                &[("x-csrf-token", "planted")],
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "a planted pair: {reply}");
        assert_eq!(
            anna.csrf.as_deref(),
            Some(bound.as_str()),
            "the refusal hands out the right token, so an outdated page recovers"
        );
        anna.csrf = Some(before_login.clone());
        let (status, _) = anna
            .post_raw(
                "/api/games",
                create.to_string(),
                &[("x-csrf-token", &before_login)],
            )
            .await;
        assert_eq!(
            status,
            StatusCode::FORBIDDEN,
            "the token from before the log-in"
        );
        let (status, games) = anna.get("/api/games?list=mine").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            games.as_array().map(Vec::len),
            Some(0),
            "nothing was created: {games}"
        );

        anna.csrf = Some(bound.clone());
        let (status, reply) = anna.post("/api/games", create.clone()).await;
        assert_eq!(
            status,
            StatusCode::CREATED,
            "the bound token works: {reply}"
        );
        let (status, _) = anna.post("/api/logout", json!({})).await;
        assert_eq!(status, StatusCode::OK);
        assert_ne!(
            anna.csrf.as_deref(),
            Some(bound.as_str()),
            "logging out replaces it"
        );
        let (status, _) = anna.post("/api/login", account).await;
        assert_eq!(status, StatusCode::OK);
        let after = anna.csrf.clone().unwrap();
        assert_ne!(after, bound, "a new session, a new token");
        let (status, reply) = anna.post("/api/games", create).await;
        assert_eq!(status, StatusCode::CREATED, "{reply}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_a_clear_error_and_changes_nothing() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, mut anna, mut beat) = two_player_game(&server, None).await;
        let mover = mover_of(&id, &mut anna, &mut beat).await;
        let before = mover.state(&id).await;
        let actions = format!("/api/games/{id}/actions");
        let csrf = mover.csrf.clone().unwrap();
        let token = [("x-csrf-token", csrf.as_str())];

        let cases: Vec<(String, String, StatusCode, &str)> = vec![
            (actions.clone(), "{not json".into(), StatusCode::BAD_REQUEST, "bad-body"),
            (actions.clone(), json!({"version": 0, "action": {"Fly": 3}}).to_string(), StatusCode::UNPROCESSABLE_ENTITY, "bad-body"),
            (actions.clone(), json!({"version": 0, "action": "EndTurn"}).to_string(), StatusCode::UNPROCESSABLE_ENTITY, "illegal"),
            (actions.clone(), json!({"version": 0, "index": 999}).to_string(), StatusCode::UNPROCESSABLE_ENTITY, "no legal action number 999"),
            (actions.clone(), json!({"version": 0}).to_string(), StatusCode::BAD_REQUEST, "choice-unreadable"),
            (actions.clone(), json!({"version": 7, "index": 0}).to_string(), StatusCode::CONFLICT, "stale-version"),
            (actions.clone(), json!({"version": 0, "index": 0, "extra": 1}).to_string(), StatusCode::UNPROCESSABLE_ENTITY, "unknown field"),
            (actions.clone(), format!("{{\"version\":0,\"index\":0,\"pad\":\"{}\"}}", "x".repeat(200_000)), StatusCode::PAYLOAD_TOO_LARGE, "body-too-large"),
            ("/api/games/nope/actions".into(), json!({"version": 0, "index": 0}).to_string(), StatusCode::NOT_FOUND, "no-such-game"),
            ("/api/games".into(), json!({"options": {"players": 5}, "seats": []}).to_string(), StatusCode::BAD_REQUEST, "players-count"),
            ("/api/games".into(), json!({"options": {"players": 2}, "seats": [{"kind": "me"}]}).to_string(), StatusCode::BAD_REQUEST, "1 seats were given for 2 players"),
            ("/api/games".into(), json!({"options": {"players": 2}, "seats": [{"kind": "me"}, {"kind": "bot", "level": "godlike"}]}).to_string(), StatusCode::UNPROCESSABLE_ENTITY, "bad-body"),
            (format!("/api/games/{id}/undo"), json!({"version": "zero"}).to_string(), StatusCode::UNPROCESSABLE_ENTITY, "bad-body"),
            ("/api/register".into(), json!({"username": "a", "password": "long enough"}).to_string(), StatusCode::BAD_REQUEST, "3 to 24"),
            ("/api/register".into(), json!({"username": "abc", "password": "short"}).to_string(), StatusCode::BAD_REQUEST, "8 to 128"),
            ("/api/login".into(), json!({"username": "nobody_at_all", "password": "whatever1"}).to_string(), StatusCode::UNAUTHORIZED, "wrong-login"),
        ];
        for (path, body, expected, words) in cases {
            let oversized = expected == StatusCode::PAYLOAD_TOO_LARGE;
            let (status, reply) = mover.post_raw(&path, body, &token).await;
            if oversized {
                // The server answers before reading the whole body and drops the connection:
                // do not let the client reuse it.
                mover.http = reqwest::Client::new();
            }
            assert_eq!(status, expected, "{path}: {reply}");
            // The code for programs, the words for people, the detail for programmers.
            let message = format!("{} {} {}", reply["code"], reply["error"], reply["detail"]);
            assert!(
                message.contains(words),
                "{path}: {message:?} lacks {words:?}"
            );
        }
        let (status, reply) = mover.get("/api/games?list=everything").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
        let (status, reply) = mover.get("/api/games/nope").await;
        assert_eq!(
            (status, reply["error"].as_str()),
            (StatusCode::NOT_FOUND, Some("There is no such game."))
        );
        let (status, reply) = mover.get("/api/nothing-here").await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{reply}");
        let (status, reply) = mover.get(&format!("/api/games/{id}/replay/0")).await;
        assert_eq!(
            status,
            StatusCode::CONFLICT,
            "running games are not replayed: {reply}"
        );

        // An unknown update format is refused before the socket opens.
        let refused = mover
            .ws_at(&format!("/api/games/{id}/ws?format=xml"), &[])
            .await;
        let error = refused.err().expect("the socket is refused");
        assert!(error.contains("400"), "{error}");

        // Over the WebSocket: oversized messages close the socket; bad ones get an error, also
        // on a socket that otherwise receives tables.
        let mut table = mover.ws_html(&id).await;
        table.update_at(0).await;
        table.send(json!({"type": "undo", "version": 0})).await;
        assert!(table.error().await.contains("nothing-to-undo"));
        drop(table);
        let mut socket = mover.ws(&id).await;
        socket.update_at(0).await;
        socket
            .send(json!({"type": "action", "version": 0, "index": 500}))
            .await;
        assert!(socket.error().await.contains("no legal action number 500"));
        socket
            .send(json!({"type": "action", "version": 0, "action": "EndTurn"}))
            .await;
        assert!(socket.error().await.contains("illegal"));
        socket
            .send(json!({"type": "action", "version": 0, "index": 0, "pad": "x".repeat(100_000)}))
            .await;
        let closed = tokio::time::timeout(std::time::Duration::from_secs(5), async {
            use futures_util::StreamExt;
            loop {
                match socket.stream.next().await {
                    None | Some(Err(_)) => return true,
                    Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_))) => return true,
                    Some(Ok(_)) => {}
                }
            }
        })
        .await;
        assert_eq!(closed, Ok(true), "an oversized message ends the connection");

        let after = mover.state(&id).await;
        assert_eq!(after["version"], before["version"]);
        assert_eq!(after["view"], before["view"]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn log_in_and_registration_are_rate_limited() {
    let db = Database::sqlite();
    let mut config = test_config(&db.url);
    config.auth_per_minute = 3;
    let server = TestServer::start_with(db, config).await;
    let mut client = server.client().await;
    let attempt = json!({"username": "nobody_here", "password": "whatever1"});
    for _ in 0..3 {
        let (status, _) = client.post("/api/login", attempt.clone()).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let (status, body) = client.post("/api/login", attempt).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body["code"], "too-many-attempts");
    let (status, _) = client
        .post(
            "/api/register",
            json!({"username": "newcomer", "password": "whatever1"}),
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

/// The hidden information of a game at one moment, as JSON fragments a leak would contain.
pub(crate) fn secrets(position: &Position, seed: u64) -> Vec<String> {
    let mut fragments = vec![seed.to_string(), "\"seed\"".to_string()];
    for stack in [
        serde_json::to_value(&position.stack2).unwrap(),
        serde_json::to_value(&position.stack3).unwrap(),
    ] {
        let tiles: Vec<String> = stack
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.to_string())
            .collect();
        if tiles.len() >= 2 {
            fragments.push(format!("[{}]", tiles.join(",")));
        }
        // Any three tiles in their hidden order.
        for window in tiles.windows(3) {
            fragments.push(window.join(","));
        }
    }
    fragments
}

/// Each of `secrets` found in a payload, once per payload that holds it, in the order of
/// `secrets`. One pass over each payload finds all of them (the payloads of a whole game are
/// megabytes of pages, and the secrets hundreds of fragments).
pub(crate) fn leaks(payloads: &[String], secrets: &[String]) -> Vec<String> {
    let distinct: Vec<&String> = secrets
        .iter()
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let scan = aho_corasick::AhoCorasick::new(&distinct).expect("the secrets make a scanner");
    let mut found = Vec::new();
    for payload in payloads {
        let mut held = std::collections::BTreeSet::new();
        for hit in scan.find_overlapping_iter(payload) {
            held.insert(distinct[hit.pattern().as_usize()]);
        }
        found.extend(secrets.iter().filter(|s| held.contains(s)).cloned());
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_payload_of_a_whole_game_carries_the_hidden_tile_order_or_the_seed() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, mut anna, mut beat) = two_player_game(&server, None).await;
        let carl = server.user("carl").await;
        let live = server.server.state.games.cached(&id).unwrap();
        let mut hidden = Vec::new();
        let record = |hidden: &mut Vec<String>,
                      state: &helvetia_server::domain::game_state::GameState| {
            hidden.extend(secrets(state.game().position(), state.seed_for_storage()));
        };
        record(&mut hidden, &*live.lock().await);

        // Positive control: the scan finds the secrets in what must never be sent.
        {
            let state = live.lock().await;
            let position = serde_json::to_string(state.game().position()).unwrap();
            let record = format!("{{\"seed\":{}}}", state.seed_for_storage());
            assert!(
                leaks(std::slice::from_ref(&position), &hidden).len() >= 3,
                "the scan sees a full position"
            );
            assert!(
                !leaks(&[record], &hidden).is_empty(),
                "the scan sees the seed"
            );
            let view = serde_json::to_string(&state.game().view()).unwrap();
            assert!(leaks(&[view], &hidden).is_empty(), "a view is clean");
        }

        let mut a = anna.ws(&id).await;
        let mut b = beat.ws(&id).await;
        let mut c = carl.ws(&id).await;
        // The browser's table format too, for a player and for the spectator.
        let mut a_table = anna.ws_html(&id).await;
        let mut c_table = carl.ws_html(&id).await;
        // And the changes of the view, for a program that keeps it.
        let changes = format!("/api/games/{id}/ws?format=json-changes");
        let mut b_changes = beat.ws_at(&changes, &[]).await.unwrap();
        let mut round = 1;
        let mut version = 0u64;
        loop {
            let state = anna.state(&id).await;
            if state["status"] == "finished" {
                break;
            }
            let mover = if decides(&state) {
                &mut anna
            } else {
                &mut beat
            };
            // Refusals carry nothing either: a stale and an illegal submission each time.
            let path = format!("/api/games/{id}/actions");
            mover
                .post(&path, json!({"version": version + 1, "index": 0}))
                .await;
            mover
                .post(&path, json!({"version": version, "index": 1000}))
                .await;
            let (status, _) = mover
                .post(
                    &path,
                    json!({"version": version, "index": (version % 3) as usize}),
                )
                .await;
            if status != StatusCode::OK {
                let (status, body) = mover
                    .post(&path, json!({"version": version, "index": 0}))
                    .await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
            version += 1;
            for socket in [&mut a, &mut b, &mut c, &mut a_table, &mut c_table] {
                socket.update_at(version).await;
            }
            b_changes.update_or_changes_at(version).await;
            let state = live.lock().await;
            if state.game().position().round != round {
                round = state.game().position().round;
                record(&mut hidden, &state);
            }
        }
        for step in 0..=version {
            // The board's frame, and the text mode's.
            for format in ["", "?format=text"] {
                let (status, _) = carl
                    .clone_get(&format!("/api/games/{id}/replay/{step}{format}"))
                    .await;
                assert_eq!(status, StatusCode::OK);
            }
        }
        let (status, reply) = carl
            .clone_get(&format!("/api/games/{id}/replay/0?format=xml"))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
        for page in ["", "?table=text&step=1"] {
            let (status, page) = carl
                .clone_get_text(&format!("/games/{id}/replay{page}"))
                .await;
            assert_eq!(status, StatusCode::OK);
            server.transcript.record(&page);
        }
        let (status, page) = anna.get_text(&format!("/games/{id}")).await;
        assert_eq!(status, StatusCode::OK);
        server.transcript.record(&page);

        let payloads = server.transcript.payloads();
        assert!(round > 3, "several rounds were played");
        assert!(
            payloads.len() > 4 * version as usize,
            "{} payloads",
            payloads.len()
        );
        assert!(hidden.len() > 40, "{} secret fragments", hidden.len());
        let found = leaks(&payloads, &hidden);
        assert!(found.is_empty(), "hidden information sent: {found:?}");
    }
}
