//! A deadline fires once with two nodes on one PostgreSQL database: both look for it every
//! second, exactly one stores the stand-in.

use crate::common;

use std::time::{Duration, Instant};

use common::{test_config, Database, TestServer};
use reqwest::StatusCode;
use serde_json::json;

/// The timeouts `nodes` counted: the metrics recorder is one per process, shared by every test
/// server in it, so each node's count is told apart by its name.
fn timeouts(metrics: &str, nodes: [&str; 2]) -> u64 {
    metrics
        .lines()
        .filter_map(|line| line.strip_prefix("helvetia_clock_timeouts_total{"))
        .filter(|line| {
            nodes
                .iter()
                .any(|node| line.contains(&format!("node=\"{node}\"")))
        })
        .map(|line| line.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum()
}

#[tokio::test]
async fn a_deadline_fires_once_across_two_nodes() {
    // Two nodes share one PostgreSQL database: nothing to run when it was opted out.
    let Some(admin) = common::services::postgres_admin_url() else {
        return;
    };
    let database = Database::postgres(&admin).await;
    // Names no other test server in this process has, for their metrics.
    let names = [common::unique_name("first"), common::unique_name("second")];
    let mut first_config = test_config(&database.url);
    first_config.node_name = Some(names[0].clone());
    let mut second_config = test_config(&database.url);
    second_config.node_name = Some(names[1].clone());
    let first = TestServer::start_with(database.same(), first_config).await;
    let second = TestServer::start_with(database, second_config).await;

    let mut anna = first.user("anna").await;
    let (status, body) = anna
        .post(
            "/api/games",
            json!({
                "options": {"players": 2, "round_limit": 3},
                "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}],
                "time_control": {"bank_secs": 1, "stand_in": "random"},
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["id"].as_str().unwrap().to_string();
    let (status, body) = anna
        .post(&format!("/api/games/{id}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Anna never moves: her clock runs out once, and the bots play the game to its end.
    let mut watcher = second.user("watcher").await;
    let started = Instant::now();
    let seat = loop {
        let (_, state) = watcher.get(&format!("/api/games/{id}")).await;
        let stood_in = state["players"]
            .as_array()
            .unwrap()
            .iter()
            .position(|p| !p["stand_in"].is_null());
        if let Some(seat) = stood_in {
            break seat;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "no stand-in: {state}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(seat, 0, "Anna's seat");
    // Both nodes have looked for due deadlines since: a second stand-in would have been stored.
    first.wait_for_a_look_since_now("deadlines").await;
    second.wait_for_a_look_since_now("deadlines").await;
    let (status, metrics) = watcher.get_text("/metrics").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(timeouts(&metrics, [&names[0], &names[1]]), 1, "{metrics}");
    first.server.shutdown().await;
    second.server.shutdown().await;
}
