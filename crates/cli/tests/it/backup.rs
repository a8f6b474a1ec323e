//! `helvetia backup FILE` copies the SQLite database of a running server: the copy holds every
//! game as it was, and an existing file is never overwritten.

use crate::support;

use std::process::Command;

use helvetia_server::storage::Store;
use reqwest::StatusCode;
use serde_json::json;
use support::{Player, Served};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_servers_database_is_copied_consistently() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("live.db").display());
    let served = Served::start(&database, &[]);
    let anna = Player::new(&served.base, "backup_anna").await;
    let (status, created) = anna
        .post(
            "/api/games",
            json!({"options": {"players": 2}, "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let game = created["id"].as_str().unwrap().to_string();
    let (status, _) = anna
        .post(&format!("/api/games/{game}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);

    let copy = dir.path().join("copy.db");
    let backup = || {
        Command::new(env!("CARGO_BIN_EXE_helvetia"))
            .arg("backup")
            .arg(&copy)
            .args(["--database", &database])
            .output()
            .unwrap()
    };
    let made = backup();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );

    let stored = Store::connect(&format!("sqlite://{}", copy.display()), "check")
        .await
        .unwrap()
        .load_game(&game)
        .await
        .expect("the copy's log is whole")
        .expect("the game is in the copy");
    assert_eq!(stored.version, stored.actions.len() as u64);
    assert_eq!(stored.status.as_str(), "running");

    let again = backup();
    assert!(
        !again.status.success(),
        "an existing file is not overwritten"
    );
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists"));
}
