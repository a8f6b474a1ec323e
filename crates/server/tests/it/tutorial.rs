//! "Learn by playing": `POST /api/tutorial` opens a running, unrated game against the casual
//! bot, marked as a tutorial, whose table carries the coach; visitors are refused, and the
//! caps on games with bots hold as for any game.

use crate::common;

use common::{create_game, databases, test_config, TestServer};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn a_tutorial_game_starts_at_once_against_the_casual_bot_and_shows_the_coach() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let (status, body) = anna.post("/api/tutorial", json!({})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let id = body["id"].as_str().expect("the game's id").to_string();

        let state = anna.state(&id).await;
        assert_eq!(state["status"], "running", "{state}");
        assert_eq!(state["your_seat"], 0);
        assert_eq!(state["tutorial"], true);
        let players = state["players"].as_array().unwrap();
        assert_eq!(players.len(), 2);
        assert_eq!(players[0]["kind"], "human");
        assert_eq!(players[1]["kind"], "bot");
        assert_eq!(players[1]["bot_level"], "greedy");
        let (status, mine) = anna.get("/api/games?list=mine").await;
        assert_eq!(status, StatusCode::OK, "{mine}");
        let listed = mine
            .as_array()
            .unwrap()
            .iter()
            .find(|game| game["id"] == id.as_str())
            .expect("the tutorial game is among the player's games");
        assert_eq!(listed["rated"], false, "a tutorial is never rated");

        // The game page and the live table carry the coach; the learner decides first.
        let (status, page) = anna.get_text(&format!("/games/{id}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains("id=\"t-coach\""), "the coach on the page");
        assert!(page.contains("data-lesson=\"start\""), "the draft's lesson");
        let mut socket = anna.ws_html(&id).await;
        let table = socket.next().await;
        let html = table["html"].as_str().expect("the table").to_string();
        assert!(
            html.contains("id=\"t-coach\""),
            "the coach on the live table"
        );
        // Another player's page shows the coach too (it follows the learner), and an ordinary
        // game has none.
        let mut beat = server.user("beat").await;
        let (_, watched) = beat.get_text(&format!("/games/{id}")).await;
        assert!(watched.contains("id=\"t-coach\""));
        let (other, _) = create_game(
            &mut beat,
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "bot", "level": "greedy"}]),
        )
        .await;
        let (status, body) = beat
            .post(&format!("/api/games/{other}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(beat.state(&other).await["tutorial"], false);
        let (_, ordinary) = beat.get_text(&format!("/games/{other}")).await;
        assert!(
            !ordinary.contains("t-coach"),
            "no coach in an ordinary game"
        );
        server.server.shutdown().await;
    }
}

#[tokio::test]
async fn visitors_are_led_to_an_account_and_only_players_may_start_a_tutorial() {
    let server = TestServer::start(common::Database::sqlite()).await;
    let mut visitor = server.client().await;
    let (status, body) = visitor.post("/api/tutorial", json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()));
    let (status, page) = visitor.get_text("/tutorial?lang=de").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Spielend lernen"));
    assert!(page.contains("/register?next=/tutorial"));
    assert!(page.contains("/login?next=/tutorial"));
    assert!(!page.contains("tutorial-form"));

    let mut anna = server.user("anna").await;
    let (status, page) = anna.get_text("/tutorial").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("id=\"tutorial-form\""));
    // Without the CSRF header, nothing is created.
    let (status, _) = anna
        .post_raw("/api/tutorial", "{}".into(), &[("x-csrf-token", "wrong")])
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, mine) = anna.get("/api/games?list=mine").await;
    assert_eq!(mine.as_array().unwrap().len(), 0, "{mine}");
    server.server.shutdown().await;
}

#[tokio::test]
async fn the_cap_on_games_with_bots_holds_for_tutorials_and_leaves_nothing_behind() {
    let database = common::Database::sqlite();
    let mut config = test_config(&database.url);
    config.max_bot_games = 1;
    let server = TestServer::start_with(database, config).await;
    let mut anna = server.user("anna").await;
    let (status, body) = anna.post("/api/tutorial", json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = anna.post("/api/tutorial", json!({})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()));
    // The refused tutorial was cancelled: one game of hers, running.
    let (_, mine) = anna.get("/api/games?list=mine").await;
    let games = mine.as_array().unwrap();
    assert_eq!(games.len(), 1, "{mine}");
    assert_eq!(games[0]["status"], "running");
    server.server.shutdown().await;
}

/// The hidden order of stacks 2 and 3 in `position`, as the JSON fragments a leak would hold
/// (any three tiles in their order).
fn hidden_order(position: &helvetia_engine::Position) -> Vec<String> {
    let mut fragments = Vec::new();
    for stack in [
        serde_json::to_value(&position.stack2).unwrap(),
        serde_json::to_value(&position.stack3).unwrap(),
    ] {
        let tiles: Vec<String> = stack
            .as_array()
            .unwrap()
            .iter()
            .map(|tile| tile.to_string())
            .collect();
        for window in tiles.windows(3) {
            fragments.push(window.join(","));
        }
    }
    fragments
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_coach_follows_the_learner_through_round_one_and_nothing_hidden_leaves() {
    let server = TestServer::start(common::Database::sqlite()).await;
    let mut anna = server.user("anna").await;
    let (status, body) = anna.post("/api/tutorial", json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["id"].as_str().unwrap().to_string();
    let live = server
        .server
        .state
        .games
        .cached(&id)
        .expect("the game is loaded");
    let mut lessons = std::collections::BTreeSet::new();
    let mut decisions = 0;
    for _ in 0..20_000 {
        let state = anna.state(&id).await;
        let round = state["view"]["position"]["round"].as_u64().unwrap();
        if state["status"] != "running" || round >= 2 || decisions >= 400 {
            break;
        }
        if !common::decides(&state) {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            continue;
        }
        let (_, page) = anna.get_text(&format!("/games/{id}")).await;
        let (hidden, position) = {
            let state = live.lock().await;
            let position = state.game().position();
            (
                hidden_order(position),
                serde_json::to_string(position).unwrap(),
            )
        };
        // Positive control: the scan sees the order in what must never be sent.
        assert!(hidden
            .iter()
            .any(|secret| position.contains(secret.as_str())));
        let payloads = [page.clone(), state.to_string()];
        for secret in &hidden {
            assert!(
                payloads
                    .iter()
                    .all(|payload| !payload.contains(secret.as_str())),
                "the hidden order leaks: {secret}"
            );
        }
        let lesson =
            common::root_attribute(&page[page.find("id=\"t-coach\"").unwrap()..], "data-lesson");
        lessons.insert(lesson.to_string());
        let version = state["version"].as_u64().unwrap();
        let (status, body) = anna
            .post(
                &format!("/api/games/{id}/actions"),
                json!({"version": version, "index": 0}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        decisions += 1;
    }
    assert!(lessons.contains("start"), "{lessons:?}");
    assert!(lessons.contains("characters"), "{lessons:?}");
    server.server.shutdown().await;
}
