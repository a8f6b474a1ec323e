//! `helvetia serve` killed with SIGKILL in the middle of a game loses no acknowledged action:
//! two players submit as fast as they can, the server is killed, restarted on the same
//! database, and every action it acknowledged is found at its place in the log.

use crate::support;

use std::sync::{Arc, Mutex};

use reqwest::StatusCode;
use serde_json::{json, Value};
use support::{Player, Served};

fn serve(database: &str) -> Served {
    Served::start(database, &[])
}

/// Plays for `player` until the server dies, recording every acknowledged (version, action).
async fn play(player: Player, game: String, acknowledged: Arc<Mutex<Vec<(u64, Value)>>>) {
    loop {
        let Some(state) = player.state(&game).await else {
            return;
        };
        if state["status"] == "finished" {
            return;
        }
        let legal = state["legal"].as_array().cloned().unwrap_or_default();
        let Some(action) = legal.last().cloned() else {
            tokio::task::yield_now().await;
            continue;
        };
        let version = state["version"].as_u64().unwrap();
        let sent = player
            .http
            .post(format!("{}/api/games/{game}/actions", player.base))
            .header("cookie", &player.cookies)
            .header("x-csrf-token", &player.csrf)
            .header("content-type", "application/json")
            .body(json!({"version": version, "action": action}).to_string())
            .send()
            .await;
        let Ok(response) = sent else { return };
        if response.status() == StatusCode::OK {
            let Ok(body) = response.json::<Value>().await else {
                return;
            };
            assert_eq!(body["version"], version + 1);
            acknowledged.lock().unwrap().push((version, action));
        }
    }
}

async fn crash_and_recover(database: &str) {
    let mut served = serve(database);
    let stamp = std::process::id();
    let anna = Player::new(&served.base, &format!("crash_a{stamp}")).await;
    let beat = Player::new(&served.base, &format!("crash_b{stamp}")).await;
    let created: Value = anna
        .send(
            "/api/games",
            json!({"options": {"players": 2}, "seats": [{"kind": "me"}, {"kind": "open"}]}),
        )
        .await
        .json()
        .await
        .unwrap();
    let game = created["id"].as_str().unwrap().to_string();
    assert_eq!(
        beat.send(&format!("/api/games/{game}/join"), json!({}))
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        anna.send(&format!("/api/games/{game}/start"), json!({}))
            .await
            .status(),
        StatusCode::OK
    );

    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    let players = [
        tokio::spawn(play(anna.clone(), game.clone(), acknowledged.clone())),
        tokio::spawn(play(beat.clone(), game.clone(), acknowledged.clone())),
    ];
    // Kill without warning once the game is well under way, with submissions in flight.
    while acknowledged.lock().unwrap().len() < 120 {
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    served.child.kill().unwrap();
    served.child.wait().unwrap();
    for player in players {
        player.await.unwrap();
    }
    let acknowledged = acknowledged.lock().unwrap().clone();
    assert!(acknowledged.len() >= 120);

    let mut again = serve(database);
    let anna = Player {
        base: again.base.clone(),
        ..anna
    };
    let state = anna.state(&game).await.expect("the game is back");
    let actions = state["actions"].as_array().unwrap();
    assert_eq!(state["version"].as_u64().unwrap() as usize, actions.len());
    for (version, action) in &acknowledged {
        assert_eq!(
            actions.get(*version as usize),
            Some(action),
            "acknowledged action {version} is in the log"
        );
    }
    let max = acknowledged.iter().map(|(v, _)| *v).max().unwrap();
    assert!(actions.len() as u64 > max);
    // At most the one submission in flight at the kill may have been committed unacknowledged.
    assert!(
        actions.len() <= acknowledged.len() + 1,
        "{} > {}",
        actions.len(),
        acknowledged.len()
    );
    // And the game goes on: whoever is to move plays, and the log grows.
    assert_eq!(state["status"], "running", "120 actions do not end a game");
    let beat = Player {
        base: again.base.clone(),
        ..beat
    };
    // A forced step waiting is played by the server: the players act at a real choice.
    let mut played = None;
    for _ in 0..200 {
        for player in [&anna, &beat] {
            let seen = player.state(&game).await.expect("the game is there");
            let legal = seen["legal"].as_array().unwrap();
            if legal.is_empty() || !seen["forced_step"].is_null() {
                continue;
            }
            let version = seen["version"].as_u64().unwrap();
            let response = player
                .send(
                    &format!("/api/games/{game}/actions"),
                    json!({"version": version, "index": 0}),
                )
                .await;
            assert_eq!(response.status(), StatusCode::OK);
            played = Some(version);
            break;
        }
        if played.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let version = played.expect("one of the two players had a choice to make");
    let after = anna.state(&game).await.expect("the game is there");
    assert!(
        after["version"].as_u64().unwrap() > version,
        "the action is in the log"
    );
    again.child.kill().unwrap();
    again.child.wait().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_loses_no_acknowledged_action() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = format!("sqlite://{}", dir.path().join("crash.db").display());
    crash_and_recover(&sqlite).await;
    if let Some(postgres) = support::services::postgres_admin_url() {
        crash_and_recover(&postgres).await;
    }
}
