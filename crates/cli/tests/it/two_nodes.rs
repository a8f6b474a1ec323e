//! Two `helvetia serve` processes on one PostgreSQL database serve the same games: a game
//! created on one node is joined on the other, two players connected to different nodes play a
//! whole game over WebSockets while a spectator on a third connection watches, an undo on one
//! node and actions on the other interleave without a hole in the log, a logout on one node is
//! refused on the other at once, and a bot's game carries on when the node running it is killed.

use crate::support;

use std::time::{Duration, Instant};

use helvetia_server::storage::Store;
use reqwest::StatusCode;
use serde_json::{json, Value};
use support::{postgres_database, wait_for, Player, Served, Ws};

/// Nodes take over a dead node's bots after this many seconds.
const LEASE_SECS: &str = "2";

fn node(database: &str, name: &str) -> Served {
    Served::start(
        database,
        &[
            "--node-name",
            name,
            "--bot-lease-secs",
            LEASE_SECS,
            "--bot-think-ms",
            "30",
        ],
    )
}

/// The game's stored log version; loading it also checks that the log has no hole.
async fn stored_version(store: &Store, game: &str) -> u64 {
    store
        .load_game(game)
        .await
        .expect("the stored log is whole")
        .expect("the game is stored")
        .version
}

/// Plays for the seat behind `socket` until the game is over: answers every update that offers
/// a decision with one of its legal actions. Returns the last update.
async fn play_over(mut socket: Ws, pick: usize) -> Value {
    loop {
        let update = socket.next().await;
        if update["type"] != "update" {
            continue;
        }
        if update["status"] == "finished" {
            return update;
        }
        let legal = update["legal"].as_array().unwrap();
        if !legal.is_empty() {
            let version = update["version"].as_u64().unwrap();
            let index = (pick + version as usize) % legal.len();
            socket
                .send(json!({"type": "action", "version": version, "index": index}))
                .await;
        }
    }
}

/// Watches until the game is over; returns the versions seen, in order, and the last update.
async fn watch_over(mut socket: Ws) -> (Vec<u64>, Value) {
    let mut versions = Vec::new();
    loop {
        let update = socket.next().await;
        if update["type"] != "update" {
            continue;
        }
        versions.push(update["version"].as_u64().unwrap());
        if update["status"] == "finished" {
            return (versions, update);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_on_one_postgresql_serve_the_same_games() {
    // Several nodes share one PostgreSQL database: nothing to run when it was opted out.
    let Some(database) = postgres_database().await else {
        return;
    };
    let mut a = node(&database, "node-a");
    let mut b = node(&database, "node-b");
    let store = Store::connect(&database, "checker").await.unwrap();
    let stamp = std::process::id();
    let anna = Player::new(&a.base, &format!("anna{stamp}")).await;
    let beat = Player::new(&b.base, &format!("beat{stamp}")).await;
    let carl = Player::new(&b.base, &format!("carl{stamp}")).await;

    // Created on A, in B's lobby at once, joined on B, started on A.
    let (status, created) = anna
        .post(
            "/api/games",
            json!({"options": {"players": 2, "round_limit": 1},
                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let game = created["id"].as_str().unwrap().to_string();
    let (_, open) = beat.get("/api/games?list=open").await;
    assert!(
        open.as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == game.as_str()),
        "B lists A's new game: {open}"
    );
    let (status, body) = beat
        .post(&format!("/api/games/{game}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = anna
        .post(&format!("/api/games/{game}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // B learns of the start from A's notice, which may still be on its way when A answers.
    wait_for(
        Duration::from_secs(5),
        "B to see the game running",
        async || beat.state(&game).await.unwrap()["status"] == "running",
    )
    .await;

    // An undo on one node and actions on the other, before the WebSockets take over: Anna or
    // Beat acts on B, takes it back on A, and acts again on B.
    let mut undone = 0;
    for _ in 0..40 {
        let on_b = [anna.on(&b.base), beat.clone()];
        let mut mover = None;
        for player in &on_b {
            let state = player.state(&game).await.unwrap();
            if !state["legal"].as_array().unwrap().is_empty() {
                mover = Some((player.clone(), state));
            }
        }
        let (player, state) = mover.expect("someone decides");
        let version = state["version"].as_u64().unwrap();
        let (status, body) = player
            .post(
                &format!("/api/games/{game}/actions"),
                json!({"version": version, "index": 0}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let on_a = player.on(&a.base);
        let (status, body) = on_a
            .post(
                &format!("/api/games/{game}/undo"),
                json!({"version": version + 1}),
            )
            .await;
        if status == StatusCode::OK {
            undone += 1;
            assert_eq!(body["version"], version + 2);
            // Back on B: the undo arrives (B catches up from A's notice, which may still be on
            // its way when A answers), and the next action lands right.
            wait_for(
                Duration::from_secs(5),
                "B to catch up with the undo",
                async || player.state(&game).await.unwrap()["version"] == version + 2,
            )
            .await;
            let again = player.state(&game).await.unwrap();
            assert_eq!(again["version"], version + 2);
            assert_eq!(again["view"], state["view"]);
            let (status, body) = player
                .post(
                    &format!("/api/games/{game}/actions"),
                    json!({"version": version + 2, "index": 0}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        stored_version(&store, &game).await;
        if undone >= 3 {
            break;
        }
    }
    assert!(undone >= 1, "some action could be taken back");
    // The same undo sent to A and an action sent to B at the same moment: exactly one applies.
    let mut raced = false;
    for _ in 0..40 {
        let (mut player, mut state) = (anna.clone(), anna.state(&game).await.unwrap());
        if state["legal"].as_array().unwrap().is_empty() {
            player = beat.on(&a.base);
            state = player.state(&game).await.unwrap();
        }
        let version = state["version"].as_u64().unwrap();
        if state["can_undo"] != true {
            player
                .post(
                    &format!("/api/games/{game}/actions"),
                    json!({"version": version, "index": 0}),
                )
                .await;
            continue;
        }
        let (undo, act) = (player.on(&a.base), player.on(&b.base));
        let (undo_path, act_path) = (
            format!("/api/games/{game}/undo"),
            format!("/api/games/{game}/actions"),
        );
        let (undone, acted) = tokio::join!(
            undo.post(&undo_path, json!({"version": version})),
            act.post(&act_path, json!({"version": version, "index": 0})),
        );
        let applied = [undone.0, acted.0]
            .iter()
            .filter(|s| **s == StatusCode::OK)
            .count();
        let stale = |answer: &(StatusCode, Value)| {
            answer.0 == StatusCode::CONFLICT && answer.1["code"] == "stale-version"
        };
        if applied == 0 && stale(&undone) && stale(&acted) {
            // A third change came first: a forced step the server plays for a player after
            // the last action, later on a loaded machine. Both were right to refuse; the
            // version must have moved on, and the race is run again.
            assert!(
                stored_version(&store, &game).await > version,
                "both refused as stale, but the game is still at {version}"
            );
            continue;
        }
        assert_eq!(applied, 1, "exactly one of {undone:?} and {acted:?}");
        assert_eq!(stored_version(&store, &game).await, version + 1);
        raced = true;
        break;
    }
    assert!(raced, "an undo raced an action");

    // The rest over WebSockets: Anna on A, Beat on B, Carl watching on B.
    let watcher = tokio::spawn(watch_over(carl.ws(&game).await));
    let anna_plays = tokio::spawn(play_over(anna.ws(&game).await, 1));
    let beat_plays = tokio::spawn(play_over(beat.ws(&game).await, 2));
    let (anna_end, beat_end) = (anna_plays.await.unwrap(), beat_plays.await.unwrap());
    let (seen, carl_end) = watcher.await.unwrap();
    assert_eq!(anna_end["view"], beat_end["view"]);
    assert_eq!(carl_end["view"], anna_end["view"]);
    assert_eq!(carl_end["version"], anna_end["version"]);
    assert!(
        seen.windows(2).all(|w| w[0] <= w[1]),
        "the spectator's versions never go back: {seen:?}"
    );
    let final_version = anna_end["version"].as_u64().unwrap();
    assert_eq!(stored_version(&store, &game).await, final_version);
    eprintln!(
        "the spectator on B saw {} of the game's last {} versions",
        seen.len(),
        final_version - seen[0] + 1
    );
    let (_, finished) = beat.get("/api/games?list=finished").await;
    assert!(finished
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == game.as_str()));

    // A logout on A is refused on B at once: B holds the session in memory (it just answered
    // with it) and trusts it for a minute, so a refusal within seconds comes from A's notice.
    // The bound leaves room for a busy machine; the time it took is printed.
    assert_eq!(anna.on(&b.base).get("/api/me").await.0, StatusCode::OK);
    let (status, _) = anna.post("/api/logout", json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let logged_out = Instant::now();
    wait_for(
        Duration::from_secs(10),
        "B to refuse the session",
        async || anna.on(&b.base).get("/api/me").await.0 == StatusCode::UNAUTHORIZED,
    )
    .await;
    eprintln!(
        "B refused the ended session after {:?}",
        logged_out.elapsed()
    );

    // A game of two bots, started on B: kill the node that runs the bots, the other goes on.
    let (status, created) = carl
        .post(
            "/api/games",
            json!({"options": {"players": 2, "round_limit": 3},
                   "seats": [{"kind": "bot", "level": "mcts"}, {"kind": "bot", "level": "mcts"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let bots = created["id"].as_str().unwrap().to_string();
    let (status, body) = carl
        .post(&format!("/api/games/{bots}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    wait_for(Duration::from_secs(20), "the bots to play", async || {
        stored_version(&store, &bots).await >= 5
    })
    .await;
    let runner: Option<String> = sqlx::query_scalar("SELECT bot_node FROM games WHERE id = $1")
        .bind(&bots)
        .fetch_one(&sqlx::PgPool::connect(&database).await.unwrap())
        .await
        .unwrap();
    let (killed, survivor) = match runner.as_deref() {
        Some("node-a") => (&mut a, b.base.clone()),
        Some("node-b") => (&mut b, a.base.clone()),
        other => panic!("a node holds the bots' lease: {other:?}"),
    };
    killed.kill();
    let at_kill = stored_version(&store, &bots).await;
    let killed_at = Instant::now();
    wait_for(
        Duration::from_secs(30),
        "the surviving node to carry the bots on",
        async || stored_version(&store, &bots).await >= at_kill + 5,
    )
    .await;
    eprintln!(
        "the bots moved on {:?} after their node was killed",
        killed_at.elapsed()
    );
    let state = carl.on(&survivor).state(&bots).await.unwrap();
    assert!(state["version"].as_u64().unwrap() >= at_kill + 5);
}
