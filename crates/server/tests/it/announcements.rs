//! Every kind of change reaches the watchers, the workers and the other node once, as an action
//! does. Two nodes share one PostgreSQL database; each counts what it announced (its snapshot
//! published and its workers told, `helvetia_game_announcements_total`): the change's kind on
//! the node that committed it, `followed` on the node that holds the game and learnt of it from
//! the database. A change announced twice, or not at all, on either node fails the count.

use crate::common;

use std::collections::BTreeMap;
use std::time::Duration;

use common::{test_config, within, Client, Database, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// What one node announced so far, by kind.
async fn announced(node: &TestServer) -> BTreeMap<String, u64> {
    let metrics = reqwest::get(format!("{}/metrics", node.base))
        .await
        .expect("/metrics answers")
        .text()
        .await
        .expect("a text");
    let name = node.server.state.store.node();
    metrics
        .lines()
        .filter_map(|line| line.strip_prefix("helvetia_game_announcements_total{"))
        .filter(|line| line.contains(&format!("node=\"{name}\"")))
        .filter_map(|line| {
            let kind = line.split("kind=\"").nth(1)?.split('"').next()?;
            Some((kind.to_string(), line.rsplit(' ').next()?.parse().ok()?))
        })
        .collect()
}

/// What was announced between `before` and `after`, without the kinds that did not move.
fn announced_since(
    before: &BTreeMap<String, u64>,
    after: &BTreeMap<String, u64>,
) -> BTreeMap<String, u64> {
    after
        .iter()
        .map(|(kind, count)| (kind.clone(), count - before.get(kind).unwrap_or(&0)))
        .filter(|(_, count)| *count > 0)
        .collect()
}

fn once(kind: &str) -> BTreeMap<String, u64> {
    BTreeMap::from([(kind.to_string(), 1)])
}

/// Two nodes on one new PostgreSQL database, named apart for their counts, and a person on the
/// first, Anna; none where PostgreSQL was opted out.
async fn two_nodes_and_anna() -> Option<(TestServer, TestServer, Client)> {
    let admin = common::services::postgres_admin_url()?;
    common::services::count_case("postgres");
    let (first, second) = two_nodes(&admin).await;
    let anna = first.user("anna").await;
    Some((first, second, anna))
}

/// Opens `game` for a watcher on `node`, which then holds it (and follows its changes).
async fn watched_on(node: &TestServer, game: &str) -> Client {
    let mut watcher = node.client().await;
    let (status, _) = watcher.get(&format!("/api/games/{game}")).await;
    assert_eq!(status, StatusCode::OK);
    watcher
}

/// Waits (at most 15 s) until `watcher` reads `game` as `done` says.
async fn watch_until(watcher: &mut Client, game: &str, what: &str, done: impl Fn(&Value) -> bool) {
    let seen = within(Duration::from_secs(15), async || {
        let (_, state) = watcher.get(&format!("/api/games/{game}")).await;
        done(&state)
    })
    .await;
    assert!(seen, "the watcher never saw {what}");
}

/// Two nodes on one new PostgreSQL database, named apart for their counts.
async fn two_nodes(admin: &str) -> (TestServer, TestServer) {
    let database = Database::postgres(admin).await;
    let mut configs = ["first", "second"].map(|name| {
        let mut config = test_config(&database.url);
        config.node_name = Some(common::unique_name(name));
        config
    });
    let [first_config, second_config] = std::mem::take(&mut configs);
    let first = TestServer::start_with(database.same(), first_config).await;
    let second = TestServer::start_with(database, second_config).await;
    (first, second)
}

/// Makes `change` through `first` and answers what it answered, once each node announced it:
/// `kind` once on `first`, `followed` once on `second`, nothing else on either.
async fn exactly_once(
    (first, second): (&TestServer, &TestServer),
    kind: &str,
    change: impl AsyncFnOnce() -> (StatusCode, Value),
) -> Value {
    let before = (announced(first).await, announced(second).await);
    let (status, body) = change().await;
    assert_eq!(status, StatusCode::OK, "{kind}: {body}");
    let followed = within(Duration::from_secs(10), async || {
        announced_since(&before.1, &announced(second).await).contains_key("followed")
    })
    .await;
    assert!(followed, "the other node never followed the {kind}");
    assert_eq!(
        announced_since(&before.0, &announced(first).await),
        once(kind),
        "what the node that made the {kind} announced"
    );
    assert_eq!(
        announced_since(&before.1, &announced(second).await),
        once("followed"),
        "what the other node announced of the {kind}"
    );
    body
}

/// Whether `client` decides now in `game`, and the version they see.
async fn decides_now(client: &mut Client, game: &str) -> (bool, u64) {
    let state = client.state(game).await;
    (
        !state["legal"].as_array().unwrap().is_empty(),
        state["version"].as_u64().unwrap(),
    )
}

#[tokio::test]
async fn seats_a_start_an_action_an_undo_and_a_resignation_are_each_announced_once_per_node() {
    let Some((first, second, mut anna)) = two_nodes_and_anna().await else {
        return;
    };
    let nodes = (&first, &second);
    let mut beat = first.user("beat").await;
    let (status, body) = anna
        .post(
            "/api/games",
            json!({"options": {"players": 2}, "rated": false,
                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["id"].as_str().unwrap().to_string();
    // A watcher on the other node: that node now holds the game.
    let mut watcher = watched_on(&second, &id).await;

    exactly_once(nodes, "seat", async || {
        beat.post(&format!("/api/games/{id}/join"), json!({})).await
    })
    .await;
    exactly_once(nodes, "start", async || {
        anna.post(&format!("/api/games/{id}/start"), json!({}))
            .await
    })
    .await;
    // Actions until one leaves its mover a step of the same turn to take back.
    let mut actions = 0;
    let (mover, version) = loop {
        let (anna_decides, version) = decides_now(&mut anna, &id).await;
        let mover = if anna_decides { &mut anna } else { &mut beat };
        exactly_once(nodes, "action", async || {
            mover
                .post(
                    &format!("/api/games/{id}/actions"),
                    json!({"version": version, "index": 0}),
                )
                .await
        })
        .await;
        if mover.state(&id).await["can_undo"] == true {
            break (mover, version + 1);
        }
        actions += 1;
        assert!(actions < 40, "no action of a turn with more to come");
    };
    exactly_once(nodes, "undo", async || {
        mover
            .post(
                &format!("/api/games/{id}/undo"),
                json!({"version": version}),
            )
            .await
    })
    .await;
    exactly_once(nodes, "resignation", async || {
        anna.post(&format!("/api/games/{id}/resign"), json!({}))
            .await
    })
    .await;
    // The watcher on the other node reads the game as it ended.
    let (_, state) = watcher.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["status"], "finished", "{state}");
    first.server.shutdown().await;
    second.server.shutdown().await;
}

#[tokio::test]
async fn a_rating_is_announced_once_by_the_node_that_stored_the_end() {
    let Some((first, second, mut anna)) = two_nodes_and_anna().await else {
        return;
    };
    let mut beat = first.user("beat").await;
    let (id, _) = common::create_game(
        &mut anna,
        json!({"players": 2}),
        json!([{"kind": "me"}, {"kind": "open"}]),
    )
    .await;
    common::join_and_start(&id, &mut anna, &mut beat).await;
    let mut watcher = watched_on(&second, &id).await;
    let before = (announced(&first).await, announced(&second).await);

    // A resignation ends the rated game; the node that stored it rates it.
    let (status, body) = anna
        .post(&format!("/api/games/{id}/resign"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    watch_until(&mut watcher, &id, "the ratings", |state| {
        state["rating_changes"]
            .as_array()
            .is_some_and(|changes| !changes.is_empty())
    })
    .await;
    let mut by_first = once("resignation");
    by_first.insert("rating".to_string(), 1);
    assert_eq!(
        announced_since(&before.0, &announced(&first).await),
        by_first
    );
    // The other node follows the end and the ratings: once each, or once for both when it read
    // the game after the ratings were stored (it never announces a state twice).
    let followed = announced_since(&before.1, &announced(&second).await);
    assert_eq!(followed.keys().collect::<Vec<_>>(), ["followed"]);
    assert!((1..=2).contains(&followed["followed"]), "{followed:?}");
    first.server.shutdown().await;
    second.server.shutdown().await;
}

#[tokio::test]
async fn a_stand_in_and_a_vote_to_end_are_each_announced_once() {
    let Some((first, second, mut anna)) = two_nodes_and_anna().await else {
        return;
    };
    let mut beat = first.user("beat").await;
    let (status, body) = anna
        .post(
            "/api/games",
            json!({"options": {"players": 2}, "seats": [{"kind": "me"}, {"kind": "open"}],
                   "time_control": {"bank_secs": 3, "stand_in": "random"}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["id"].as_str().unwrap().to_string();
    common::join_and_start(&id, &mut anna, &mut beat).await;
    let mut watcher = watched_on(&second, &id).await;
    let before = (announced(&first).await, announced(&second).await);
    let total = |kind: &str, first: &BTreeMap<String, u64>, second: &BTreeMap<String, u64>| {
        first.get(kind).unwrap_or(&0) + second.get(kind).unwrap_or(&0)
    };

    // Nobody moves: both nodes watch the deadline, and one of them hands the seat to a bot.
    let state = anna.state(&id).await;
    let late = state["clock"]["running"]["seat"].as_u64().unwrap();
    let version_before = state["version"].as_u64().unwrap();
    watch_until(&mut watcher, &id, "the stand-in", |state| {
        !state["players"][late as usize]["stand_in"].is_null()
    })
    .await;
    let voter = if anna.state(&id).await["your_seat"].as_u64() == Some(late) {
        &mut beat
    } else {
        &mut anna
    };
    // The stand-in bot plays on whichever node holds its lease: a vote decided on a state the
    // bot's next action has just passed is refused (409 `changed-meanwhile`, nothing stored or
    // announced), and the voter tries again, as the answer asks.
    let mut vote = voter
        .post(&format!("/api/games/{id}/end-vote"), json!({}))
        .await;
    for _ in 0..20 {
        if vote.0 != StatusCode::CONFLICT || vote.1["code"] != "changed-meanwhile" {
            break;
        }
        vote = voter
            .post(&format!("/api/games/{id}/end-vote"), json!({}))
            .await;
    }
    let (status, body) = vote;
    assert_eq!(status, StatusCode::OK, "{body}");
    watch_until(&mut watcher, &id, "the end", |state| {
        state["status"] == "abandoned"
    })
    .await;
    let after = (
        announced_since(&before.0, &announced(&first).await),
        announced_since(&before.1, &announced(&second).await),
    );
    // The stand-in once, by whichever node stored it; the vote once, by the node asked; the
    // bot's actions in between each once; nothing held again.
    assert_eq!(total("stand_in", &after.0, &after.1), 1, "{after:?}");
    assert_eq!(after.0.get("vote"), Some(&1), "{after:?}");
    assert_eq!(total("vote", &after.0, &after.1), 1, "{after:?}");
    let (_, state) = watcher.get(&format!("/api/games/{id}")).await;
    // Every change since raised the version: the stand-in, the vote, and actions.
    let actions = state["version"].as_u64().unwrap() - version_before - 2;
    assert_eq!(
        total("action", &after.0, &after.1),
        actions,
        "the bot's actions, each once: {after:?}"
    );
    assert_eq!(total("held", &after.0, &after.1), 0, "{after:?}");
    first.server.shutdown().await;
    second.server.shutdown().await;
}
