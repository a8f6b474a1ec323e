//! Ratings: a finished rated game between people changes both players' Glicko-2 ratings (shown
//! on the end screen, the leaderboard and their profiles); an unrated game or a game with a bot
//! changes nothing.

use crate::common;

use std::time::{Duration, Instant};

use common::{create_game, databases, join_and_start, play_http, Client, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Plays `id` to its end with random legal choices.
async fn play_to_the_end(id: &str, players: &mut [&mut Client]) {
    let mut seed = 7u64;
    play_http(id, players, 5_000, |len| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (seed >> 33) as usize % len
    })
    .await;
    assert_eq!(players[0].state(id).await["status"], "finished");
}

async fn profile(client: &mut Client, name: &str) -> Value {
    let (status, body) = client.get(&format!("/api/players/{name}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn name_of(client: &mut Client) -> String {
    let (_, me) = client.get("/api/me").await;
    me["username"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_finished_rated_game_changes_both_ratings() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let (id, _) = create_game(
            &mut anna,
            json!({"players": 2, "round_limit": 1}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        join_and_start(&id, &mut anna, &mut beat).await;
        // Every page's title counts the games waiting for you: one of them decides now.
        let waiting = |me: &Value| me["waiting"].as_i64().unwrap();
        let (_, anna_me) = anna.get("/api/me").await;
        let (_, beat_me) = beat.get("/api/me").await;
        assert_eq!(
            waiting(&anna_me) + waiting(&beat_me),
            1,
            "{anna_me} {beat_me}"
        );
        play_to_the_end(&id, &mut [&mut anna, &mut beat]).await;
        let (_, anna_me) = anna.get("/api/me").await;
        assert_eq!(waiting(&anna_me), 0);

        let started = Instant::now();
        let state = loop {
            let state = anna.state(&id).await;
            if !state["rating_changes"].as_array().unwrap().is_empty() {
                break state;
            }
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "not rated: {state}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let changes = state["rating_changes"].as_array().unwrap();
        assert_eq!(changes.len(), 2);
        let ranks: Vec<u64> = state["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["rank"].as_u64().unwrap())
            .collect();
        for change in changes {
            assert_eq!(change["before"], 1500);
        }
        let after = |seat: u64| {
            let change = changes.iter().find(|c| c["seat"] == seat).unwrap();
            change["after"].as_i64().unwrap()
        };
        let first = state["standings"][0]["seat"].as_u64().unwrap();
        let second = state["standings"][1]["seat"].as_u64().unwrap();
        if ranks[0] != ranks[1] {
            assert!(after(first) > 1500 && after(second) < 1500, "{changes:?}");
        } else {
            assert!(
                after(first) == 1500 && after(second) == 1500,
                "a draw: {changes:?}"
            );
        }
        // The end screen shows it.
        let (_, page) = anna.get_text(&format!("/games/{id}")).await;
        assert!(
            page.contains("rating-shifts") && page.contains("1500 →"),
            "{page}"
        );

        let (status, board) = anna.get("/api/leaderboard?players=2").await;
        assert_eq!(status, StatusCode::OK);
        let (anna_name, beat_name) = (name_of(&mut anna).await, name_of(&mut beat).await);
        let names: Vec<&str> = board
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row["name"].as_str().unwrap())
            .collect();
        assert!(names.contains(&anna_name.as_str()) && names.contains(&beat_name.as_str()));
        let mine = profile(&mut anna, &anna_name).await;
        assert_eq!(mine["ratings"][0]["games"], 1);
        // Whatever the result, the rating is surer than a newcomer's 350.
        assert!(
            mine["ratings"][0]["deviation"].as_f64().unwrap() < 350.0,
            "{mine}"
        );
        assert_eq!(mine["history"].as_array().unwrap().len(), 1);
        assert_eq!(
            (mine["played"].as_i64(), mine["finished"].as_i64()),
            (Some(1), Some(1))
        );
        assert_eq!(mine["games"][0]["id"], id.as_str());
        // The latest games say how each ended for the player.
        let anna_seat = state["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == anna_name.as_str())
            .map(|p| p["seat"].as_u64().unwrap())
            .expect("anna's seat");
        let winners: Vec<u64> = state["standings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["rank"] == 1)
            .map(|s| s["seat"].as_u64().unwrap())
            .collect();
        let (result, words) = match (winners.contains(&anna_seat), winners.len()) {
            (true, 1) => ("won", "Won"),
            (true, _) => ("shared", "Shared victory"),
            (false, _) => ("lost", "Lost (winner: "),
        };
        assert_eq!(mine["games"][0]["result"], result, "{mine}");
        let (status, page) = anna.get_text(&format!("/players/{anna_name}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            page.contains(&format!("<strong class=\"result\">{words}")),
            "{page}"
        );
        // One rated game is one point, not a line: the chart waits for the second.
        assert!(!page.contains("<svg class=\"rating-chart\""), "{page}");
        assert!(page.contains("after the second rated game"), "{page}");
        let (status, page) = anna.get_text("/leaderboard?players=2").await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains(&format!("/players/{anna_name}")));
        let (status, _) = anna.get("/api/leaderboard?players=5").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (status, _) = anna.get("/api/players/nobody-of-that-name").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        server.server.shutdown().await;
    }
}

#[tokio::test]
async fn unrated_games_and_games_with_bots_change_no_rating() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let (status, body) = anna
            .post(
                "/api/games",
                json!({"options": {"players": 2, "round_limit": 1}, "rated": false,
                       "seats": [{"kind": "me"}, {"kind": "open"}]}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let unrated = body["id"].as_str().unwrap().to_string();
        join_and_start(&unrated, &mut anna, &mut beat).await;
        play_to_the_end(&unrated, &mut [&mut anna, &mut beat]).await;

        let mut carl = server.user("carl").await;
        let (with_bot, _) = create_game(
            &mut carl,
            json!({"players": 2, "round_limit": 1}),
            json!([{"kind": "me"}, {"kind": "bot", "level": "random"}]),
        )
        .await;
        let (status, _) = carl
            .post(&format!("/api/games/{with_bot}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        play_to_the_end(&with_bot, &mut [&mut carl]).await;

        // A rated game that ends after them is rated: had either of them been rated, its rating
        // (started earlier, when it ended) would have landed by then too.
        let mut dora = server.user("dora").await;
        let mut emil = server.user("emil").await;
        let (rated, _) = create_game(
            &mut dora,
            json!({"players": 2, "round_limit": 1}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        join_and_start(&rated, &mut dora, &mut emil).await;
        play_to_the_end(&rated, &mut [&mut dora, &mut emil]).await;
        let rated_in_time = common::within(Duration::from_secs(10), async || {
            let state = dora.state(&rated).await;
            !state["rating_changes"].as_array().unwrap().is_empty()
        })
        .await;
        assert!(rated_in_time, "the later rated game was rated");
        for (client, game) in [(&mut anna, &unrated), (&mut carl, &with_bot)] {
            let state = client.state(game).await;
            assert!(
                state["rating_changes"].as_array().unwrap().is_empty(),
                "{state}"
            );
            let name = name_of(client).await;
            let profile = profile(client, &name).await;
            assert!(
                profile["ratings"].as_array().unwrap().is_empty(),
                "{profile}"
            );
            assert_eq!(profile["finished"], 1);
        }
        let (_, board) = anna.get("/api/leaderboard?players=2").await;
        let board = board.to_string();
        for client in [&mut anna, &mut beat, &mut carl] {
            let name = name_of(client).await;
            assert!(!board.contains(&format!("\"{name}\"")), "{name} in {board}");
        }
        server.server.shutdown().await;
    }
}
