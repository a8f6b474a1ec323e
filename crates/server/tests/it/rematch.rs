//! "Play again with the same players": one next game however many ask, the same options and
//! bots, each other person's seat reserved for them alone.

use crate::common;

use common::{create_game, databases, join_and_start, play_http, test_config, Client, TestServer};
use reqwest::StatusCode;
use serde_json::json;

/// A two-player game of one round that `creator` made and both started; its id.
async fn one_round_game(creator: &mut Client, other: &mut Client) -> String {
    let (id, _) = create_game(
        creator,
        json!({"players": 2, "round_limit": 1, "character_tiles": false}),
        json!([{"kind": "me"}, {"kind": "open"}]),
    )
    .await;
    join_and_start(&id, creator, other).await;
    id
}

#[tokio::test]
async fn the_players_of_a_finished_game_meet_again_in_one_new_game() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let mut carl = server.user("carl").await;
        let id = one_round_game(&mut anna, &mut beat).await;
        let path = format!("/api/games/{id}/rematch");
        let (status, body) = anna.post(&path, json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "not before the end: {body}");
        play_http(&id, &mut [&mut anna, &mut beat], 5_000, |_| 0).await;

        let (status, body) = carl.post(&path, json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "a spectator: {body}");
        let (status, first) = anna.post(&path, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{first}");
        assert_eq!(
            (first["created"].as_bool(), first["full"].as_bool()),
            (Some(true), Some(false))
        );
        assert!(first["invite"].is_null());
        let next = first["id"].as_str().unwrap().to_string();
        assert_ne!(next, id);

        let (status, second) = beat.post(&path, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{second}");
        assert_eq!(second["id"], next.as_str(), "the same next game");
        assert_eq!(second["created"], false);
        let invite = second["invite"]
            .as_str()
            .expect("Beat's invitation")
            .to_string();
        // The invitation is Beat's alone: Carl cannot get it, and with it Beat takes his seat.
        let (status, _) = carl.post(&path, json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, body) = beat
            .post(
                &format!("/api/games/{next}/join"),
                json!({"invite": invite}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = anna
            .post(&format!("/api/games/{next}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let state = anna.state(&next).await;
        assert_eq!(state["options"]["round_limit"], 1);
        assert_eq!(state["options"]["character_tiles"], false);
        assert_eq!(state["options"]["rules"], 2);
        let names: Vec<&str> = state["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["kind"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["human", "human"]);
        server.server.shutdown().await;
    }
}

#[tokio::test]
async fn a_game_against_bots_is_played_again_at_once() {
    let server = TestServer::start(common::Database::sqlite()).await;
    let mut anna = server.user("anna").await;
    let (id, _) = create_game(
        &mut anna,
        json!({"players": 3, "round_limit": 1}),
        json!([{"kind": "bot", "level": "random"}, {"kind": "me"}, {"kind": "bot", "level": "greedy"}]),
    )
    .await;
    let (status, _) = anna
        .post(&format!("/api/games/{id}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    play_http(&id, &mut [&mut anna], 5_000, |_| 0).await;
    let (status, next) = anna
        .post(&format!("/api/games/{id}/rematch"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{next}");
    assert_eq!(next["full"], true, "only bots beside her: it can start now");
    let next = next["id"].as_str().unwrap();
    let state = anna.state(next).await;
    let levels: Vec<&str> = state["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["bot_level"].as_str().unwrap_or("person"))
        .collect();
    assert_eq!(levels, ["random", "person", "greedy"]);
    assert_eq!(state["your_seat"], 1);
    server.server.shutdown().await;
}

/// A rematch refused by its asker's cap on open games after its link to the finished game was
/// written leaves nothing of itself: the link is gone with the refusal, so the other player
/// still makes the next game (a link left behind would point at a game that was never stored).
#[tokio::test]
async fn a_rematch_refused_at_the_cap_leaves_no_link_behind() {
    for database in databases().await {
        let mut config = test_config(&database.url);
        config.max_open_games = 1;
        let server = TestServer::start_with(database, config).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let id = one_round_game(&mut anna, &mut beat).await;
        play_http(&id, &mut [&mut anna, &mut beat], 5_000, |_| 0).await;
        // Anna's one open game fills her cap.
        create_game(
            &mut anna,
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        let path = format!("/api/games/{id}/rematch");
        let (status, body) = anna.post(&path, json!({})).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        let (status, next) = beat.post(&path, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        assert_eq!(next["created"], true, "{next}");
        let next_id = next["id"].as_str().unwrap();
        let (status, body) = beat.get(&format!("/api/games/{next_id}")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["status"], "open", "{body}");
        server.server.shutdown().await;
    }
}
