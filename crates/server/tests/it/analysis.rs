//! Post-game analysis over HTTP: refused while a game runs (it would tell its players what to
//! play), asked for once, made in the background with its progress, and readable by anyone.

use crate::common;

use common::{create_game, databases, join_and_start, play_http, test_config, TestServer};
use helvetia_server::Config;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Reads the analysis until it is done (or failed), at most `tries` times a quarter second apart.
async fn until_done(client: &mut common::Client, path: &str, tries: usize) -> Value {
    let mut seen = Value::Null;
    for _ in 0..tries {
        let (status, body) = client.get(path).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        if body["state"] == "done" || body["state"] == "failed" {
            return body;
        }
        seen = body;
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    panic!("the analysis did not finish: {seen}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_once_in_the_background_and_a_running_one_never() {
    for database in databases().await {
        let config = Config {
            analysis_iterations: 40,
            ..test_config(&database.url)
        };
        let server = TestServer::start_with(database, config).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let (id, _) = create_game(
            &mut anna,
            json!({"players": 2, "round_limit": 2, "character_tiles": false}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        join_and_start(&id, &mut anna, &mut beat).await;
        let path = format!("/api/games/{id}/analysis");

        // While the game runs, neither its players nor anyone else gets an analysis.
        let (status, body) = anna.post(&path, json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        let (status, body) = beat.get(&path).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");

        let actions = play_http(&id, &mut [&mut anna, &mut beat], 5_000, |_| 0).await;
        let (status, body) = anna.get(&path).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            body["state"], "none",
            "the refused request left nothing: {body}"
        );

        let mut visitor = server.client().await;
        let (status, _) = visitor.post(&path, json!({})).await;
        assert!(
            status.is_client_error(),
            "asking needs an account: {status}"
        );
        let (status, body) = visitor.get(&path).await;
        assert_eq!((status, &body["state"]), (StatusCode::OK, &json!("none")));

        let (status, first) = anna.post(&path, json!({})).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{first}");
        assert!(["queued", "running", "done"].contains(&first["state"].as_str().unwrap()));
        let (status, again) = beat.post(&path, json!({})).await;
        assert_eq!(status, StatusCode::OK, "asked for once: {again}");

        let done = until_done(&mut visitor, &path, 400).await;
        assert_eq!(done["state"], "done", "{done}");
        assert_eq!(done["done"], done["total"]);
        let analysis = &done["analysis"];
        assert_eq!(analysis["settings"]["iterations"], 40);
        let turns = analysis["turns"].as_array().unwrap();
        assert_eq!(turns.len() as u64, done["total"].as_u64().unwrap());
        assert_eq!(turns.last().unwrap()["end"], actions);
        let outcome: f64 = analysis["outcome"]
            .as_array()
            .unwrap()
            .iter()
            .map(|share| share.as_f64().unwrap())
            .sum();
        assert!((outcome - 1.0).abs() < 1e-6, "{analysis}");
        // Decisions and chances only: no position, so nothing of the stacks' order.
        let mut keys: Vec<&str> = turns[0]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "after",
                "before",
                "end",
                "played",
                "preferred",
                "preferred_after",
                "round",
                "seat",
                "start",
                "why"
            ]
        );
    }
}
