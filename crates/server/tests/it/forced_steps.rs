//! Forced steps: a decision with one legal action is played for a person whose account wants it
//! (the default), and waits for a click from one who turned it off; the log says it was the
//! only choice, and an undo takes it back with the decision before it. The setting refuses bad
//! input and changes nothing then.

use crate::common;

use std::time::Duration;

use common::{create_game, databases, join_and_start, two_player_options, Client, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};

const SETTING: &str = "/api/settings/forced-steps";

/// Short games played at most, one after another, until every case was met.
const GAMES: usize = 8;

/// The next state of game `id` for `client` after `version`, waiting for the server.
async fn state_after(client: &mut Client, id: &str, version: u64) -> Value {
    for _ in 0..3000 {
        let state = client.state(id).await;
        if state["version"].as_u64().unwrap() > version {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("game {id} stayed at version {version}");
}

/// Waits until the server has left one more forced step than `before` to its person (whose
/// setting is off), and answers the count: the decision on the step waiting now is made.
async fn left_decided(server: &TestServer, before: u64) -> u64 {
    let mut left = before;
    let decided = common::within(Duration::from_secs(20), async || {
        left = server
            .node_counter("helvetia_forced_steps_total", ("outcome", "left"))
            .await;
        left > before
    })
    .await;
    assert!(decided, "the server decided on the waiting step");
    left
}

/// Plays legal action number `index` of game `id` at `version` as `client`.
async fn act(client: &mut Client, id: &str, version: u64, index: usize) -> (StatusCode, Value) {
    let body = json!({"version": version, "index": index});
    client.post(&format!("/api/games/{id}/actions"), body).await
}

async fn setting(client: &mut Client) -> Value {
    let (status, body) = client.get(SETTING).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["play_forced_steps"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_setting_is_on_by_default_and_refuses_bad_input() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let mut anna = server.user_as_created("anna").await;
        assert_eq!(setting(&mut anna).await, json!(true), "on by default");
        for bad in [
            json!({"play_forced_steps": "no"}),
            json!({"play_forced_steps": false, "other": 1}),
            json!({}),
        ] {
            let (status, body) = anna.post(SETTING, bad.clone()).await;
            assert!(status.is_client_error(), "{bad} answered {status}");
            assert!(
                body["error"].as_str().is_some_and(|e| !e.is_empty()),
                "{body}"
            );
            assert_eq!(
                setting(&mut anna).await,
                json!(true),
                "{bad} changed nothing"
            );
        }
        let (status, _) = anna
            .post(SETTING, json!({"play_forced_steps": false}))
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(setting(&mut anna).await, json!(false));
        let mut visitor = server.client().await;
        let (status, _) = visitor.get(SETTING).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forced_steps_are_played_for_a_person_who_wants_it_and_wait_for_one_who_does_not() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        // Anna keeps the default (on); Beat turned it off.
        let mut anna = server.user_as_created("anna").await;
        let mut beat = server.user("beat").await;
        let (mut played_for_anna, mut clicked_by_beat, mut undone) = (0, 0, false);
        let mut waited_for_beat = false;
        // Beat's steps the server decided to leave to him, as its metrics count them.
        let mut left_to_beat = server
            .node_counter("helvetia_forced_steps_total", ("outcome", "left"))
            .await;
        let mut found_by_watcher = false;
        let mut pick = 0usize;
        // The deal is random, so one short game may not bring every case: a next game goes on
        // where the last one stopped.
        for _game in 0..GAMES {
            if found_by_watcher && undone && waited_for_beat {
                break;
            }
            let (id, _) = create_game(
                &mut anna,
                two_player_options(Some(6)),
                json!([{"kind": "me"}, {"kind": "open"}]),
            )
            .await;
            join_and_start(&id, &mut anna, &mut beat).await;
            for _ in 0..3000 {
                if found_by_watcher && undone && waited_for_beat {
                    break;
                }
                let anna_state = anna.state(&id).await;
                if anna_state["status"] != "running" {
                    break;
                }
                let anna_moves = common::decides(&anna_state);
                let (client, state) = if anna_moves {
                    (&mut anna, anna_state)
                } else {
                    let state = beat.state(&id).await;
                    (&mut beat, state)
                };
                let version = state["version"].as_u64().unwrap();
                let legal = state["legal"].as_array().unwrap().clone();
                if legal.is_empty() {
                    continue;
                }
                let forced = state["forced_step"].clone();
                // The steps the server has left to Beat so far (his setting is off), read while
                // none of his waits, before the action that may bring one: one more is the sign
                // that it decided on the step waiting then.
                if forced.is_null() || anna_moves {
                    left_to_beat = server
                        .node_counter("helvetia_forced_steps_total", ("outcome", "left"))
                        .await;
                }
                let left_before = left_to_beat;
                if !forced.is_null() {
                    assert_eq!(
                        legal,
                        vec![forced.clone()],
                        "a forced step is the only action"
                    );
                }
                if !forced.is_null() && anna_moves {
                    // Anna does not click: the server plays it for her.
                    let after = state_after(client, &id, version).await;
                    let actions = after["actions"].as_array().unwrap();
                    let index = state["actions"].as_array().unwrap().len();
                    assert_eq!(
                        actions.get(index),
                        Some(&forced),
                        "the forced step was played"
                    );
                    let line = after["log"][index].as_str().unwrap();
                    assert!(
                        line.ends_with("(the only choice)"),
                        "the log says so: {line}"
                    );
                    played_for_anna += 1;
                    if played_for_anna == 1 {
                        // Her click comes just too late: it is done as she asked, and only once.
                        let (status, body) = act(client, &id, version, 0).await;
                        assert_eq!(status, StatusCode::OK, "{body}");
                        assert_eq!(body["version"], after["version"]);
                        let again = client.state(&id).await;
                        assert_eq!(again["actions"], after["actions"], "played once");
                    }
                    if !undone && after["can_undo"] == json!(true) && common::decides(&after) {
                        // The undo takes the forced step back with Anna's decision before it, and
                        // leaves her a real choice, which nobody plays for her.
                        let at = after["version"].as_u64().unwrap();
                        let (status, body) = client
                            .post(&format!("/api/games/{id}/undo"), json!({"version": at}))
                            .await;
                        assert_eq!(status, StatusCode::OK, "{body}");
                        let undone_state = client.state(&id).await;
                        assert_eq!(
                            undone_state["actions"].as_array().unwrap().len(),
                            index - 1,
                            "the decision and its forced step are taken back together"
                        );
                        assert!(undone_state["forced_step"].is_null());
                        undone = true;
                    }
                    continue;
                }
                if !forced.is_null()
                    && !found_by_watcher
                    && waited_for_beat
                    && played_for_anna >= 2
                    && clicked_by_beat >= 2
                {
                    // Beat turns it on while his step waits, after the server left it to him: no
                    // change of the game wakes anything, the node's watcher finds the step in the
                    // database and plays it.
                    left_to_beat = left_decided(&server, left_before).await;
                    let (status, body) = client
                        .post(SETTING, json!({"play_forced_steps": true}))
                        .await;
                    assert_eq!(status, StatusCode::OK, "{body}");
                    let after = state_after(client, &id, version).await;
                    let index = state["actions"].as_array().unwrap().len();
                    assert_eq!(after["actions"].get(index), Some(&forced));
                    found_by_watcher = true;
                    continue;
                }
                if !forced.is_null() {
                    if !waited_for_beat && played_for_anna > 0 {
                        // The server decided on Beat's step and left it to him: the version
                        // has not moved. (Before he turns the setting on, below.)
                        left_to_beat = left_decided(&server, left_before).await;
                        let still = client.state(&id).await;
                        assert_eq!(
                            still["version"].as_u64(),
                            Some(version),
                            "Beat's forced step waited for him; the log ends {}",
                            still["log"]
                                .as_array()
                                .map(|log| json!(log[log.len().saturating_sub(3)..]))
                                .unwrap_or_default()
                        );
                        waited_for_beat = true;
                    }
                    let (status, body) = act(client, &id, version, 0).await;
                    assert_eq!(
                        status,
                        StatusCode::OK,
                        "Beat's forced step waited for him: {body}"
                    );
                    clicked_by_beat += 1;
                    continue;
                }
                pick = pick.wrapping_mul(31).wrapping_add(7);
                let (status, body) = act(client, &id, version, pick % legal.len()).await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
        }
        assert!(played_for_anna >= 1, "Anna met a forced step");
        assert!(
            undone,
            "a forced step played for Anna was undone with her decision"
        );
        assert!(clicked_by_beat >= 1, "Beat met a forced step");
        assert!(
            waited_for_beat,
            "Beat's forced step was seen waiting after one was played for Anna"
        );
        assert!(
            found_by_watcher,
            "a step waiting when the setting was turned on was played"
        );
    }
}
