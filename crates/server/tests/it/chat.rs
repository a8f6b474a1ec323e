//! Chat: lines reach the other viewers at once, are stored with the game (and shown in its
//! replay), are text and never markup, and are limited in length and rate; quick phrases, mutes,
//! and spectators kept among themselves when the players chose so.

use crate::common;

use common::{create_game, databases, join_and_start, play_http, Client, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn say(client: &mut Client, game: &str, body: Value) -> (StatusCode, Value) {
    client.post(&format!("/api/games/{game}/chat"), body).await
}

async fn chat_texts(client: &mut Client, game: &str) -> Vec<String> {
    let (status, lines) = client.get(&format!("/api/games/{game}/chat")).await;
    assert_eq!(status, StatusCode::OK, "{lines}");
    lines
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line["text"].as_str().unwrap().to_string())
        .collect()
}

async fn name_of(client: &mut Client) -> String {
    let (_, me) = client.get("/api/me").await;
    me["username"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn chat_lines_reach_the_other_players_as_text_and_stay_with_the_game() {
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
        let mut beat_socket = beat.ws(&id).await;

        let markup = "<img src=x onerror=alert(1)> hello";
        let (status, line) = say(&mut anna, &id, json!({"text": markup})).await;
        assert_eq!(status, StatusCode::OK, "{line}");
        assert_eq!(line["text"], markup);
        let received = loop {
            let message = beat_socket.next().await;
            if message["type"] == "chat" {
                break message;
            }
        };
        assert_eq!(received["line"]["text"], markup);
        assert_eq!(received["line"]["seat"], line["seat"]);

        let (status, line) = say(&mut beat, &id, json!({"phrase": "good-luck"})).await;
        assert_eq!(status, StatusCode::OK, "{line}");
        assert_eq!(
            (line["phrase"].as_str(), line["text"].as_str()),
            (Some("good-luck"), Some("Good luck!"))
        );
        assert_eq!(chat_texts(&mut anna, &id).await, [markup, "Good luck!"]);

        // The page shows it as text.
        let (_, page) = beat.get_text(&format!("/games/{id}")).await;
        assert!(
            page.contains("&lt;img src=x onerror=alert(1)&gt; hello"),
            "{page}"
        );
        assert!(!page.contains("<img src=x"));

        // Beat mutes Anna: her lines are gone for him, not for her.
        let anna_name = name_of(&mut anna).await;
        let (status, body) = beat
            .post(&format!("/api/players/{anna_name}/mute"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(chat_texts(&mut beat, &id).await, ["Good luck!"]);
        assert_eq!(chat_texts(&mut anna, &id).await.len(), 2);
        let (status, _) = beat
            .post(&format!("/api/players/{anna_name}/unmute"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(chat_texts(&mut beat, &id).await.len(), 2);

        // Once the game is over, its replay carries the chat, each line with the step it was
        // written at (the script shows the lines up to the step on view).
        play_http(&id, &mut [&mut anna, &mut beat], 5_000, |_| 0).await;
        let (status, line) = say(&mut anna, &id, json!({"phrase": "well-played"})).await;
        assert_eq!(status, StatusCode::OK, "{line}");
        let last_step = line["step"].as_u64().unwrap();
        assert!(last_step > 0);
        let (status, replay) = beat.get_text(&format!("/games/{id}/replay")).await;
        assert_eq!(status, StatusCode::OK, "{replay}");
        assert!(
            replay.contains("data-step=\"0\"") && replay.contains("Good luck!"),
            "{replay}"
        );
        assert!(replay.contains(&format!("data-step=\"{last_step}\"")));
        server.server.shutdown().await;
    }
}

#[tokio::test]
async fn bad_chat_lines_are_refused_with_a_reason_and_change_nothing() {
    let server = TestServer::start(common::Database::sqlite()).await;
    let mut anna = server.user("anna").await;
    let (id, _) = create_game(
        &mut anna,
        json!({"players": 2}),
        json!([{"kind": "me"}, {"kind": "bot", "level": "random"}]),
    )
    .await;
    for (body, status) in [
        (
            json!({"text": "x".repeat(501)}),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (json!({"text": "   "}), StatusCode::BAD_REQUEST),
        (json!({"text": "two\nlines"}), StatusCode::BAD_REQUEST),
        // A bidi override or a zero-width space would hide or reorder what others read.
        (json!({"text": "gg\u{202e}pw"}), StatusCode::BAD_REQUEST),
        (json!({"text": "g\u{200b}g"}), StatusCode::BAD_REQUEST),
        (json!({"text": "nul\u{0}"}), StatusCode::BAD_REQUEST),
        (json!({"phrase": "you-lose"}), StatusCode::BAD_REQUEST),
        (
            json!({"text": "a", "phrase": "thanks"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"text": "a", "colour": "red"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ] {
        let (got, answer) = say(&mut anna, &id, body.clone()).await;
        assert_eq!(got, status, "{body}: {answer}");
        assert!(answer["error"].is_string());
    }
    assert!(chat_texts(&mut anna, &id).await.is_empty());
    // 500 characters are fine; then the rate limit: five at once, then one every two seconds.
    let (status, _) = say(&mut anna, &id, json!({"text": "é".repeat(500)})).await;
    assert_eq!(status, StatusCode::OK);
    let mut statuses = Vec::new();
    for n in 0..5 {
        statuses.push(
            say(&mut anna, &id, json!({"text": format!("line {n}")}))
                .await
                .0,
        );
    }
    assert_eq!(statuses[..4], [StatusCode::OK; 4]);
    assert_eq!(statuses[4], StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(chat_texts(&mut anna, &id).await.len(), 5);
    server.server.shutdown().await;
}

#[tokio::test]
async fn spectators_chat_among_themselves_when_the_players_chose_so() {
    let server = TestServer::start(common::Database::sqlite()).await;
    let mut anna = server.user("anna").await;
    let mut carl = server.user("carl").await;
    let (status, body) = anna
        .post(
            "/api/games",
            json!({"options": {"players": 2}, "spectators_apart": true,
                   "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["id"].as_str().unwrap().to_string();
    let (status, _) = say(&mut carl, &id, json!({"text": "she should build a mill"})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = say(&mut anna, &id, json!({"phrase": "have-fun"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(chat_texts(&mut anna, &id).await, ["Have fun!"]);
    assert_eq!(
        chat_texts(&mut carl, &id).await,
        ["she should build a mill", "Have fun!"]
    );
    server.server.shutdown().await;
}
