//! A flood of wrong passwords is refused (429 with `Retry-After`) once the hashing queue is full,
//! instead of queueing without bound: a real user can still log in as soon as it passes.
//!
//! A test program of its own (the others are all in `it/`): the queue is shared by every server
//! in a process, so a flood beside another test would refuse that test's sign-ups too.

#[path = "it/common/mod.rs"]
mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_log_ins_is_refused_not_queued() {
    let db = Database::sqlite();
    let mut config = test_config(&db.url);
    config.login_per_account_minute = 100_000;
    let server = TestServer::start_with(db, config).await;
    let mut real = server.user("real").await;
    let (_, me) = real.get("/api/me").await;
    let name = me["username"].as_str().unwrap().to_string();

    let http = reqwest::Client::new();
    let mut flood = Vec::new();
    for _ in 0..80 {
        let csrf = real.csrf.clone().unwrap_or_default();
        let request = http
            .post(format!("{}/api/login", server.base))
            .header("cookie", format!("helvetia_csrf={csrf}"))
            .header("x-csrf-token", csrf)
            .header("content-type", "application/json")
            .body(json!({"username": name, "password": "wrong guess"}).to_string());
        flood.push(tokio::spawn(request.send()));
    }
    let (mut refused, mut checked) = (0, 0);
    for attempt in flood {
        let response = attempt.await.unwrap().unwrap();
        match response.status() {
            StatusCode::TOO_MANY_REQUESTS => {
                assert_eq!(response.headers()["retry-after"], "1");
                refused += 1;
            }
            StatusCode::UNAUTHORIZED => checked += 1,
            other => panic!("unexpected {other}"),
        }
    }
    assert!(refused > 0, "the queue's bound refused some of the flood");
    assert!(
        checked >= helvetia_server::accounts::passwords::MAX_HASHES_QUEUED,
        "{checked} checked: at least a full queue's worth"
    );
    // The flood is over: the real user's password is checked at once.
    let (status, body) = real
        .post(
            "/api/login",
            json!({"username": name, "password": "correct horse"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
