//! Refusals reach a person in their language and in words: a form asked in German, an illegal
//! move over the WebSocket in French; the code for programs stays the same in every language.

use crate::common;

use common::*;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_form_asked_in_german_is_answered_in_german_words() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let mut anna = server.user("anna").await;
        let csrf = anna.csrf.clone().unwrap();
        let body = json!({"options": {"players": 2, "target_vp": 120},
                          "seats": [{"kind": "me"}, {"kind": "open"}]});
        let (status, reply) = anna
            .post_raw(
                "/api/games",
                body.to_string(),
                &[
                    ("x-csrf-token", &csrf),
                    ("accept-language", "de-CH, de;q=0.9"),
                ],
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
        assert_eq!(reply["code"], "target-too-high");
        let words = reply["error"].as_str().unwrap();
        assert_eq!(words, "Das Ziel kann höchstens 99 Siegpunkte sein.");
        assert!(!words.contains('_'), "a field name in {words:?}");
        let (_, mine) = anna.get("/api/games?list=mine").await;
        assert_eq!(
            mine.as_array().map(Vec::len),
            Some(0),
            "nothing was created"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_illegal_move_over_the_socket_is_refused_in_french() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, mut anna, mut beat) = two_player_game(&server, None).await;
        let mover = mover_of(&id, &mut anna, &mut beat).await;
        let before = mover.state(&id).await;
        let mut socket = mover
            .ws_with(&id, &[("accept-language", "fr")])
            .await
            .unwrap();
        socket.update_at(0).await;
        socket
            .send(json!({"type": "action", "version": 0, "action": "EndTurn"}))
            .await;
        let error = socket.error().await;
        assert!(error.starts_with("\"illegal\""), "{error}");
        assert!(
            error.contains("Ce coup n’est pas permis maintenant."),
            "{error}"
        );
        assert_eq!(mover.state(&id).await["version"], before["version"]);
    }
}
