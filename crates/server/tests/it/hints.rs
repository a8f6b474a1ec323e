//! Hints over HTTP: offered only in a game of one person against bots created with them, only
//! to that person at their own decision; refused in words everywhere else, changing nothing;
//! and an answer that is a legal line for the decision, with chances, and no secret in it.

use crate::common;

use common::{create_game, databases, test_config, Client, TestServer};
use helvetia_engine::Position;
use helvetia_server::Config;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A far future (seconds since the epoch): a bot lease held until then by another node.
const FAR_FUTURE: i64 = 4_102_444_800;

/// `client` asks for a hint in game `id` with `body`.
async fn ask(client: &mut Client, id: &str, body: Value) -> (StatusCode, Value) {
    client.post(&format!("/api/games/{id}/hint"), body).await
}

/// Creates a game of `creator` with `seats` and hints on, answering the refusal if any.
async fn create_with_hints(creator: &mut Client, players: u8, seats: Value) -> (StatusCode, Value) {
    creator
        .post(
            "/api/games",
            json!({"options": {"players": players}, "seats": seats, "hints": true}),
        )
        .await
}

/// Starts `creator`'s game `id` and waits until its decision is theirs (bots play first).
async fn start_and_wait_for_turn(creator: &mut Client, id: &str) -> Value {
    let (status, body) = creator
        .post(&format!("/api/games/{id}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    wait_for_turn(creator, id).await
}

/// The state once `client` decides in `id` (bots play meanwhile), polled at most 2,000 times.
async fn wait_for_turn(client: &mut Client, id: &str) -> Value {
    for _ in 0..2_000 {
        let state = client.state(id).await;
        if state["your_turn"] == true {
            return state;
        }
        assert_eq!(state["status"], "running", "{state}");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("the bots never handed the decision over");
}

/// The hidden information of a position and the game's seed as they would appear in JSON.
fn secrets(position: &Position, seed: u64) -> Vec<String> {
    let mut found = vec![seed.to_string(), "\"seed\"".to_string(), "stack2\"".into()];
    for stack in [&position.stack2[..], &position.stack3[..]] {
        let tiles: Vec<String> = stack
            .iter()
            .map(|tile| serde_json::to_string(tile).unwrap())
            .collect();
        for window in tiles.windows(2) {
            found.push(window.join(","));
        }
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_are_refused_at_creation_unless_every_other_seat_is_a_bot() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let bot = json!({"kind": "bot", "level": "random"});
        for (players, seats) in [
            (2, json!([{"kind": "me"}, {"kind": "open"}])),
            (2, json!([{"kind": "me"}, {"kind": "invite"}])),
            (3, json!([{"kind": "me"}, bot, {"kind": "open"}])),
            (2, json!([{"kind": "open"}, bot])),
            (2, json!([bot, bot])),
        ] {
            let (status, body) = create_with_hints(&mut anna, players, seats.clone()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{seats}: {body}");
            assert_eq!(body["code"], "hints-need-bots", "{body}");
            assert!(
                body["error"].as_str().unwrap().contains("bot"),
                "in words: {body}"
            );
        }
        let (status, body) = anna
            .post_raw(
                "/api/games",
                json!({"options": {"players": 2}, "hints": true,
                       "seats": [{"kind": "me"}, {"kind": "open"}]})
                .to_string(),
                &[
                    ("x-csrf-token", &anna.csrf.clone().unwrap()),
                    ("accept-language", "de"),
                ],
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(
            body["error"].as_str().unwrap().starts_with("Tipps"),
            "in the reader's language: {body}"
        );
        let (_, mine) = anna.get("/api/games?list=mine").await;
        assert_eq!(mine, json!([]), "a refused game is not created");

        let (status, body) =
            create_with_hints(&mut anna, 3, json!([bot, {"kind": "me"}, bot])).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_a_legal_line_for_the_persons_decision_and_refused_everywhere_else() {
    for database in databases().await {
        let config = Config {
            hint_iterations: 60,
            ..test_config(&database.url)
        };
        let server = TestServer::start_with(database, config).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let mut visitor = server.client().await;
        // The state must stay put while nobody but anna moves: no forced step played for her.
        let (status, body) = anna
            .post(
                "/api/settings/forced-steps",
                json!({"play_forced_steps": false}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");

        // A game against a bot without hints: refused.
        let (plain, _) = create_game(
            &mut anna,
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "bot", "level": "random"}]),
        )
        .await;
        let state = start_and_wait_for_turn(&mut anna, &plain).await;
        assert_eq!(
            (&state["hints"], &state["hint_offered"]),
            (&json!(false), &json!(false))
        );
        let (status, body) = ask(&mut anna, &plain, json!({})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::FORBIDDEN, Some("hints-off"))
        );
        assert_eq!(anna.state(&plain).await["version"], state["version"]);

        // The game with hints.
        let (status, created) = create_with_hints(
            &mut anna,
            2,
            json!([{"kind": "me"}, {"kind": "bot", "level": "random"}]),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let state = start_and_wait_for_turn(&mut anna, &id).await;
        assert_eq!(
            (&state["hints"], &state["hint_offered"]),
            (&json!(true), &json!(true))
        );
        let version = state["version"].as_u64().unwrap();
        let (_, watched) = beat.get(&format!("/api/games/{id}")).await;
        assert_eq!(watched["hint_offered"], false, "not to a spectator");

        // Refusals, each in words, each changing nothing.
        let refusals = [
            (
                ask(&mut beat, &id, json!({})).await,
                StatusCode::FORBIDDEN,
                "not-seated",
            ),
            (
                ask(&mut anna, &id, json!({"version": version + 1})).await,
                StatusCode::CONFLICT,
                "stale-version",
            ),
        ];
        for ((status, body), expected, code) in refusals {
            assert_eq!(
                (status, body["code"].as_str()),
                (expected, Some(code)),
                "{body}"
            );
            assert!(!body["error"].as_str().unwrap().is_empty(), "{body}");
        }
        let (status, body) = ask(&mut anna, &id, json!({"version": version, "seed": 1})).await;
        assert!(
            status.is_client_error(),
            "an unknown field: {status} {body}"
        );
        assert!(!body["error"].as_str().unwrap().is_empty(), "{body}");
        let (status, _) = ask(&mut visitor, &id, json!({})).await;
        assert!(status.is_client_error(), "a visitor gets no hint: {status}");
        assert_eq!(anna.state(&id).await["version"], version, "nothing changed");

        // The hint: a line for this decision, chances, why, in words; nothing secret.
        let (status, hint) = ask(&mut anna, &id, json!({"version": version})).await;
        assert_eq!(status, StatusCode::OK, "{hint}");
        assert_eq!(hint["version"], version);
        assert_eq!(hint["seat"], 0);
        let line = hint["line"].as_array().unwrap();
        assert!(!line.is_empty(), "{hint}");
        assert!(
            state["legal"].as_array().unwrap().contains(&line[0]),
            "{hint}"
        );
        for chance in [&hint["before"], &hint["after"]] {
            let chance = chance.as_f64().unwrap();
            assert!((0.0..=1.0).contains(&chance), "{hint}");
        }
        assert!(hint["why"].is_array(), "{hint}");
        let words = hint["words"].as_array().unwrap();
        assert_eq!(words.len(), 3, "{hint}");
        assert!(words[1].as_str().unwrap().contains('%'), "{hint}");
        let mut keys: Vec<&str> = hint
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            ["after", "before", "line", "seat", "version", "why", "words"]
        );
        {
            let live = server.server.state.games.cached(&id).unwrap();
            let state = live.lock().await;
            let hidden = secrets(state.game().position(), state.seed_for_storage());
            let text = hint.to_string();
            for secret in &hidden {
                assert!(!text.contains(secret.as_str()), "{secret} in {text}");
            }
        }
        let (_, again) = ask(&mut anna, &id, json!({})).await;
        assert_eq!(again, hint, "the same state, the same hint");
        assert_eq!(
            anna.state(&id).await["version"],
            version,
            "a hint changes nothing"
        );

        // Not her decision: the bot's lease is held by another node from now on (taken while
        // no bot is to move), so the bot waits once the decision is its own.
        server
            .database
            .edit(
                &format!(
                    "UPDATE games SET bot_node = 'elsewhere', bot_lease_until = {FAR_FUTURE} \
                     WHERE id = $1"
                ),
                &id,
            )
            .await;
        // The line's first decision is legal in the game itself; she plays on from there until
        // the decision is the bot's.
        let (status, body) = anna
            .post(
                &format!("/api/games/{id}/actions"),
                json!({"version": version, "action": line[0]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let mut state = anna.state(&id).await;
        while state["your_turn"] == true {
            let (status, body) = anna
                .post(
                    &format!("/api/games/{id}/actions"),
                    json!({"version": state["version"], "index": 0}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            state = anna.state(&id).await;
        }
        assert_eq!(state["status"], "running");
        assert_eq!(state["hint_offered"], false);
        let (status, body) = ask(&mut anna, &id, json!({})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::FORBIDDEN, Some("not-your-turn"))
        );
        assert_eq!(anna.state(&id).await["version"], state["version"]);

        // Another person at the table (an operator's change, which the node reads when it
        // loads the game again): refused.
        let (_, me) = beat.get("/api/me").await;
        server
            .database
            .edit(
                &format!(
                    "UPDATE seats SET kind = 'human', user_id = '{}', bot_level = NULL \
                     WHERE game_id = $1 AND seat = 1",
                    me["id"].as_str().unwrap()
                ),
                &id,
            )
            .await;
        server.server.state.games.remove(&id);
        let (status, body) = ask(&mut anna, &id, json!({})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::FORBIDDEN, Some("hints-need-bots")),
            "{body}"
        );

        // A game with hints that is over: refused.
        let (_, created) = create_with_hints(
            &mut anna,
            2,
            json!([{"kind": "bot", "level": "random"}, {"kind": "me"}]),
        )
        .await;
        let over = created["id"].as_str().unwrap().to_string();
        start_and_wait_for_turn(&mut anna, &over).await;
        let (status, body) = anna
            .post(&format!("/api/games/{over}/resign"), json!({}))
            .await;
        assert_eq!(
            (status, &body["ended"]),
            (StatusCode::OK, &json!(true)),
            "{body}"
        );
        let (status, body) = ask(&mut anna, &over, json!({})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::CONFLICT, Some("not-running")),
            "{body}"
        );
    }
}
