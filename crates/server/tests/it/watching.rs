//! Anyone can watch: a visitor who is not logged in finds the running games, opens one and
//! follows it live over the WebSocket as a spectator, and whatever they send is refused with a
//! clear message and changes nothing. A game still waiting for players asks them to log in.

use crate::common;

use common::{create_game, databases, decides, two_player_game, TestServer};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn a_visitor_watches_a_running_game_live_and_cannot_act() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let (id, mut anna, mut beat) = two_player_game(&server, Some(3)).await;
        let mut visitor = server.client().await;

        let (status, running) = visitor.get("/api/games?list=running").await;
        assert_eq!(status, StatusCode::OK, "{running}");
        assert!(running
            .as_array()
            .unwrap()
            .iter()
            .any(|game| game["id"] == id.as_str()));
        let (status, page) = visitor.get_text(&format!("/games/{id}?lang=en")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            page.contains("id=\"table\""),
            "the game page, not the log-in"
        );
        assert!(!page.contains("data-seat="), "a visitor has no seat");
        assert!(!page.contains("chat-form"), "a visitor reads the chat only");
        assert!(!page.contains("data-resign"), "and cannot resign");
        let state = visitor.state(&id).await;
        assert!(state["your_seat"].is_null());
        assert!(state["legal"].as_array().unwrap().is_empty());
        assert_eq!(state["view"]["position"]["stack2"], json!([]));

        // The spectator's socket gets the table, then every change.
        let mut socket = visitor.ws_html(&id).await;
        let first = socket.next().await;
        let version = first["version"].as_u64().unwrap();
        assert!(!first["html"].as_str().unwrap().contains("data-action="));
        let mover = if decides(&anna.state(&id).await) {
            &mut anna
        } else {
            &mut beat
        };
        let (status, body) = mover
            .post(
                &format!("/api/games/{id}/actions"),
                json!({"version": version, "index": 0}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let update = socket.update_at(version + 1).await;
        assert_eq!(update["version"], version + 1);

        // Whatever the visitor sends is refused in words, and nothing changes.
        socket
            .send(json!({"type": "action", "version": version + 1, "index": 0}))
            .await;
        assert!(socket.error().await.contains("watchers-cannot-act"));
        for (path, body) in [
            ("actions", json!({"version": version + 1, "index": 0})),
            ("undo", json!({"version": version + 1})),
            ("chat", json!({"text": "hello"})),
            ("resign", json!({})),
        ] {
            let (status, _) = visitor.post(&format!("/api/games/{id}/{path}"), body).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
        }
        let after = anna.state(&id).await;
        assert_eq!(after["version"], version + 1, "nothing changed");
        let (_, chat) = visitor.get(&format!("/api/games/{id}/chat")).await;
        assert_eq!(chat, json!([]));
    }
}

#[tokio::test]
async fn a_waiting_room_asks_a_visitor_to_log_in() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let (id, _) = create_game(
            &mut anna,
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        let visitor = server.client().await;
        let response = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap()
            .get(format!("{}/games/{id}", server.base))
            .header("cookie", visitor.cookie_header())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::SEE_OTHER);
        let location = response.headers()["location"].to_str().unwrap();
        assert_eq!(location, format!("/login?next=/games/{id}"));
    }
}
