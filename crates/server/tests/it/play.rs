//! Playing against a real server: whole games over HTTP and WebSocket, bots, spectators,
//! reconnecting, undo, replays, restarts, and simultaneous submissions.

use crate::common;

use common::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn scores_of(value: &Value) -> Vec<u64> {
    value["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_accounts_play_a_whole_game_watched_by_a_spectator() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, mut anna, mut beat) = two_player_game(&server, None).await;
        let carl = server.user("carl").await;
        let mut spectator = carl.ws(&id).await;
        let mut spectator_table = carl.ws_html(&id).await;
        let first = spectator.update_at(0).await;
        assert_eq!(first["status"], "running");
        assert_eq!(first["legal"], json!([]), "spectators get no legal actions");

        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let played = play_http(&id, &mut [&mut anna, &mut beat], 5000, |n| {
            (rng.next_u64() % n as u64) as usize
        })
        .await;
        let final_state = anna.state(&id).await;
        assert_eq!(
            final_state["status"], "finished",
            "the game ends within 5000 actions"
        );
        assert_eq!(final_state["version"].as_u64().unwrap(), played as u64);
        assert_eq!(final_state["log"].as_array().unwrap().len(), played);
        assert!(final_state["standings"].is_array());

        // The spectator saw the game to its end, as everyone sees it.
        let last = spectator.update_at(played as u64).await;
        assert_eq!(last["status"], "finished");
        assert_eq!(last["view"], final_state["view"]);
        let table = spectator_table.update_at(played as u64).await;
        assert_eq!(table["version"], played);
        assert_eq!(table["status"], "finished");
        assert!(table["html"]
            .as_str()
            .unwrap()
            .starts_with("<div class=\"table-root\""));

        // The replay steps to the same final position and scores.
        let (status, frame) = carl
            .clone_get(&format!("/api/games/{id}/replay/{played}"))
            .await;
        assert_eq!(status, StatusCode::OK, "{frame}");
        assert_eq!(frame["total"], played);
        assert_eq!(frame["view"], final_state["view"]);
        assert_eq!(scores_of(&frame), scores_of(&final_state));
        assert_eq!(frame["standings"], final_state["standings"]);
        let (status, start) = carl.clone_get(&format!("/api/games/{id}/replay/0")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(start["view"]["position"]["round"], 1);
        assert_ne!(start["view"], final_state["view"]);
        let (status, _) = carl
            .clone_get(&format!("/api/games/{id}/replay/{}", played + 1))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        // It is listed as finished, with its winners.
        let (_, finished) = anna.get("/api/games?list=finished").await;
        let listed = finished
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id.as_str())
            .expect("listed as finished");
        assert!(!listed["winner_names"].as_array().unwrap().is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_with_a_bot_play_to_the_end() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let (id, _) = create_game(
            &mut anna,
            json!({"players": 3, "round_limit": 2}),
            json!([{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "greedy"}]),
        )
        .await;
        let (status, _) = beat.post(&format!("/api/games/{id}/join"), json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = anna
            .post(&format!("/api/games/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let mut watcher = anna.ws(&id).await;
        let played = play_http(&id, &mut [&mut anna, &mut beat], 5000, |_| 0).await;
        let state = anna.state(&id).await;
        assert_eq!(state["status"], "finished");
        let total = state["version"].as_u64().unwrap();
        assert!(total > played as u64, "the bot made moves of its own");
        assert_eq!(state["players"][2]["kind"], "bot");
        let last = watcher.update_at(total).await;
        assert_eq!(last["status"], "finished");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_act_over_the_websocket_and_reconnect_to_the_current_state() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, mut anna, mut beat) = two_player_game(&server, Some(3)).await;
        let mut a = anna.ws(&id).await;
        let mut b = beat.ws(&id).await;
        let first = a.update_at(0).await;
        b.update_at(0).await;
        // Whoever is to move plays action 0 over their socket; both see every version.
        let mut version = 0;
        for _ in 0..6 {
            let state = anna.state(&id).await;
            let anna_moves = decides(&state);
            let mover = if anna_moves { &mut a } else { &mut b };
            mover
                .send(json!({"type": "action", "version": version, "index": 0}))
                .await;
            version += 1;
            let seen_a = a.update_at(version).await;
            let seen_b = b.update_at(version).await;
            assert_eq!(seen_a["version"], version);
            assert_eq!(seen_a["view"], seen_b["view"]);
        }
        // In the browser's format the player to move gets their clickable table; the other
        // player and a spectator get the very same table, with nothing to click.
        let carl = server.user("carl").await;
        let mut tables = [
            anna.ws_html(&id).await,
            beat.ws_html(&id).await,
            carl.ws_html(&id).await,
        ];
        let mut seen = Vec::new();
        for table in &mut tables {
            seen.push(table.update_at(version).await);
        }
        let anna_moves = decides(&anna.state(&id).await);
        let (mover, other) = if anna_moves { (0, 1) } else { (1, 0) };
        assert_eq!(seen[mover]["your_turn"], true);
        assert!(seen[mover]["html"]
            .as_str()
            .unwrap()
            .contains("data-action=\"0\""));
        assert_eq!(seen[other]["your_turn"], false);
        assert!(!seen[other]["html"]
            .as_str()
            .unwrap()
            .contains("data-action="));
        assert_eq!(seen[other]["html"], seen[2]["html"]);
        drop(tables);
        assert_ne!(first["view"], anna.state(&id).await["view"]);
        // Beat drops the connection; Anna and Beat play on over HTTP; Beat comes back.
        drop(b);
        let played = play_http(&id, &mut [&mut anna, &mut beat], 3, |_| 0).await as u64;
        let mut b = beat.ws(&id).await;
        let now = b.next().await;
        assert_eq!(now["type"], "update");
        assert_eq!(now["version"], version + played);
        assert_eq!(now["view"], beat.state(&id).await["view"]);
        // A stale WebSocket submission is refused with an error message.
        b.send(json!({"type": "action", "version": 0, "index": 0}))
            .await;
        let error = b.error().await;
        assert!(
            error.contains("stale-version") || error.contains("not-your-turn"),
            "{error}"
        );
        b.send(json!({"type": "nonsense"})).await;
        assert!(b.error().await.contains("bad-message"));
    }
}

/// Plays index 0 until the player to move is at the start of a turn.
async fn play_to_fresh_turn(id: &str, anna: &mut Client, beat: &mut Client) -> (bool, Value) {
    for _ in 0..500 {
        for (is_anna, client) in [(true, &mut *anna), (false, &mut *beat)] {
            let state = client.state(id).await;
            let legal = state["legal"].as_array().unwrap();
            if legal.is_empty() {
                continue;
            }
            let turn = &state["view"]["position"]["phase"]["Turn"];
            let fresh = turn.is_object()
                && turn["turn"]["regular"].is_null()
                && turn["turn"]["tile"].is_null();
            let has_begin = legal.iter().any(|a| a.get("Begin").is_some());
            if fresh && has_begin {
                return (is_anna, state);
            }
            let version = state["version"].as_u64().unwrap();
            let (status, body) = client
                .post(
                    &format!("/api/games/{id}/actions"),
                    json!({"version": version, "index": 0}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
    panic!("no turn reached");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_takes_back_only_the_movers_own_actions_of_the_current_turn() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, mut anna, mut beat) = two_player_game(&server, None).await;
        let (anna_moves, before) = play_to_fresh_turn(&id, &mut anna, &mut beat).await;
        let (mover, other) = if anna_moves {
            (&mut anna, &mut beat)
        } else {
            (&mut beat, &mut anna)
        };
        let v = before["version"].as_u64().unwrap();
        assert_eq!(
            before["can_undo"], false,
            "nothing of this turn to undo yet"
        );
        let (status, _) = mover
            .post(&format!("/api/games/{id}/undo"), json!({"version": v}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "the previous turn is closed");

        let begin = before["legal"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a.get("Begin").is_some())
            .unwrap()
            .clone();
        let (status, body) = mover
            .post(
                &format!("/api/games/{id}/actions"),
                json!({"version": v, "action": begin}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let after = mover.state(&id).await;
        assert_eq!(after["can_undo"], true);

        // Only the mover, only at the current version.
        let (status, body) = other
            .post(&format!("/api/games/{id}/undo"), json!({"version": v + 1}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (status, _) = mover
            .post(&format!("/api/games/{id}/undo"), json!({"version": v}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "stale version");

        // Over the WebSocket: back to the exact position before, at a new version (versions
        // never go back, so a client that saw the old position at version v cannot act on it).
        let mut socket = mover.ws(&id).await;
        socket.update_at(v + 1).await;
        socket.send(json!({"type": "undo", "version": v + 1})).await;
        let undone = socket.update_at(v + 2).await;
        assert_eq!(undone["view"], before["view"]);
        let state = mover.state(&id).await;
        assert_eq!(state["version"], v + 2);
        assert_eq!(state["view"], before["view"]);
        assert_eq!(state["log"], before["log"]);
        assert_eq!(state["actions"], before["actions"]);
        let (status, body) = mover
            .post(
                &format!("/api/games/{id}/actions"),
                json!({"version": v, "index": 0}),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::CONFLICT,
            "the version before the undo: {body}"
        );
        let v = v + 2;

        // Play the turn to its end: then nobody can take anything back.
        let mut version = v;
        loop {
            let state = mover.state(&id).await;
            if !decides(&state) {
                break;
            }
            let (status, _) = mover
                .post(
                    &format!("/api/games/{id}/actions"),
                    json!({"version": version, "index": 0}),
                )
                .await;
            assert_eq!(status, StatusCode::OK);
            version += 1;
        }
        let (status, _) = mover
            .post(
                &format!("/api/games/{id}/undo"),
                json!({"version": version}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "no longer the mover's turn");
        let (status, _) = other
            .post(
                &format!("/api/games/{id}/undo"),
                json!({"version": version}),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::CONFLICT,
            "the new mover did nothing yet"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_seats_invitations_leaving_starting_and_lists() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let mut carl = server.user("carl").await;
        let (id, invites) = create_game(
            &mut anna,
            json!({"players": 3, "setup": "Letters", "character_tiles": false, "target_vp": 18, "direction": "Clockwise"}),
            json!([{"kind": "me"}, {"kind": "invite"}, {"kind": "open"}]),
        )
        .await;
        let token = invites["1"].as_str().unwrap().to_string();
        let join = format!("/api/games/{id}/join");

        let (status, _) = beat.post(&join, json!({"seat": 1})).await;
        assert_eq!(
            status,
            StatusCode::CONFLICT,
            "an invited seat needs its token"
        );
        let (status, _) = beat.post(&join, json!({"invite": "forged"})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, body) = beat.post(&join, json!({"invite": token})).await;
        assert_eq!((status, body["seat"].as_u64()), (StatusCode::OK, Some(1)));
        let (status, _) = beat.post(&join, json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "one seat per player");

        let (_, open) = carl.get("/api/games?list=open").await;
        assert!(open
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id.as_str()));
        let (status, _) = anna
            .post(&format!("/api/games/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "seat 2 is still open");
        let (status, body) = carl.post(&join, json!({"seat": 2})).await;
        assert_eq!((status, body["seat"].as_u64()), (StatusCode::OK, Some(2)));
        let (status, _) = carl
            .post(&format!("/api/games/{id}/leave"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = anna
            .post(&format!("/api/games/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "Carl left");
        let (status, _) = carl.post(&join, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = beat
            .post(&format!("/api/games/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "only the creator starts");
        let (status, _) = anna
            .post(&format!("/api/games/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = carl
            .post(&format!("/api/games/{id}/leave"), json!({}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "too late to leave");

        let state = anna.state(&id).await;
        assert_eq!(state["options"]["direction"], "Clockwise");
        assert_eq!(state["options"]["setup"], "Letters");
        let (_, open) = carl.get("/api/games?list=open").await;
        assert!(!open
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id.as_str()));
        for client in [&mut anna, &mut beat, &mut carl] {
            let (_, mine) = client.get("/api/games?list=mine").await;
            let mine = mine.as_array().unwrap();
            let entry = mine.iter().find(|g| g["id"] == id.as_str()).unwrap();
            assert_eq!(entry["status"], "running");
            if entry["your_turn"] == true {
                assert_eq!(mine[0]["your_turn"], true, "games awaiting you come first");
            }
        }

        // The creator leaving an open game cancels it.
        let (id2, _) = create_game(
            &mut anna,
            two_player_options(None),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        let (status, body) = anna
            .post(&format!("/api/games/{id2}/leave"), json!({}))
            .await;
        assert_eq!(
            (status, body["cancelled"].as_bool()),
            (StatusCode::OK, Some(true))
        );
        let (status, _) = anna.get(&format!("/api/games/{id2}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

/// Games created in the same second are listed with their players. The list reads its games,
/// then the seats of the games down to the last one listed, in the list's order (newest first,
/// then by id): the seats of games of that second with a smaller id were once left out, and
/// such games were listed with no players (seen when a bot account's program accepted an
/// invitation within the second the person created a game).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_created_in_the_same_second_are_listed_with_their_players() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let name = anna.get("/api/me").await.1["username"].clone();
        let mut ids = Vec::new();
        for _ in 0..4 {
            let (id, _) = create_game(
                &mut anna,
                two_player_options(None),
                json!([{"kind": "me"}, {"kind": "open"}]),
            )
            .await;
            server
                .database
                .edit(
                    "UPDATE games SET created_at = 1800000000 WHERE id = $1",
                    &id,
                )
                .await;
            ids.push(id);
        }
        for list in ["mine", "open"] {
            let (_, listed) = anna.get(&format!("/api/games?list={list}")).await;
            for id in &ids {
                let game = listed
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|game| game["id"] == id.as_str())
                    .unwrap_or_else(|| panic!("{id} in {list}: {listed}"));
                assert_eq!(game["players"], json!([[name, false]]), "{list}: {game}");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_many_simultaneous_submissions_exactly_one_applies() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, mut anna, mut beat) = two_player_game(&server, None).await;
        play_http(&id, &mut [&mut anna, &mut beat], 4, |_| 0).await;
        let mut state = anna.state(&id).await;
        let mut mover = &mut anna;
        if !decides(&state) {
            mover = &mut beat;
            state = mover.state(&id).await;
        }
        let version = state["version"].as_u64().unwrap();
        let url = format!("{}/api/games/{id}/actions", mover.base);
        let cookie = mover.cookie_header();
        let csrf = mover.csrf.clone().unwrap();
        let mut tasks = Vec::new();
        for i in 0..24 {
            let (http, url, cookie, csrf) = (
                mover.http.clone(),
                url.clone(),
                cookie.clone(),
                csrf.clone(),
            );
            let body = if i % 2 == 0 {
                json!({"version": version, "index": 0})
            } else {
                json!({"version": version, "action": state["legal"][0]})
            };
            tasks.push(tokio::spawn(async move {
                http.post(url)
                    .header("cookie", cookie)
                    .header("x-csrf-token", csrf)
                    .header("content-type", "application/json")
                    .body(body.to_string())
                    .send()
                    .await
                    .unwrap()
                    .status()
            }));
        }
        let mut statuses = Vec::new();
        for task in tasks {
            statuses.push(task.await.unwrap());
        }
        let applied = statuses.iter().filter(|s| **s == StatusCode::OK).count();
        let refused = statuses
            .iter()
            .filter(|s| **s == StatusCode::CONFLICT)
            .count();
        assert_eq!((applied, refused), (1, 23), "{statuses:?}");
        let after = mover.state(&id).await;
        assert_eq!(after["version"], version + 1);

        // The stored log agrees: a fresh server on the same database sees one more action.
        let again = TestServer::start(server.database.same()).await;
        let mut viewer = again.client().await;
        viewer.session = mover.session.clone();
        assert_eq!(viewer.state(&id).await["version"], version + 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_rebuilds_every_game_by_replay() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, mut anna, mut beat) = two_player_game(&server, None).await;
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        play_http(&id, &mut [&mut anna, &mut beat], 60, |n| {
            (rng.next_u64() % n as u64) as usize
        })
        .await;
        let before = anna.state(&id).await;
        server.server.abort();

        let again = TestServer::start(server.database.same()).await;
        let mut anna2 = again.client().await;
        anna2.session = anna.session.clone();
        let after = anna2.state(&id).await;
        assert_eq!(after["version"], before["version"]);
        assert_eq!(after["view"], before["view"]);
        assert_eq!(after["log"], before["log"]);
        assert_eq!(after["legal"], before["legal"]);
        assert_eq!(after["players"][0]["name"], before["players"][0]["name"]);
    }
}
