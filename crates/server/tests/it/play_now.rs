//! "Play now" over HTTP on SQLite and PostgreSQL: people waiting in pools are seated at tables
//! of their count and pace, once each, by whichever node pairs; the rating gap a table allows
//! widens with the wait; a bot takes the last seat after the chosen wait; cancelling and leaving
//! the page take a person out; the first table found takes them out of every other pool.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use common::{databases, test_config, within, Client, Database, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A node that pairs every 100 ms (and at once on a join), with `adjust` applied.
async fn node(
    database: Database,
    name: &str,
    adjust: impl FnOnce(&mut helvetia_server::Config),
) -> TestServer {
    let mut config = test_config(&database.url);
    config.node_name = Some(name.into());
    config.play_now_tick_ms = 100;
    adjust(&mut config);
    TestServer::start_with(database, config).await
}

/// Where `client` stands in "play now".
async fn standing(client: &Client) -> Value {
    let (status, body) = client.clone_get("/api/play-now").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn join(client: &mut Client, players: &[u8], pace: &str, bot_after_secs: Option<u32>) {
    let (status, body) = client
        .post(
            "/api/play-now",
            json!({"players": players, "pace": pace, "bot_after_secs": bot_after_secs}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// The game `client` is seated at, once seated (within 20 s).
async fn seated_game(client: &Client) -> String {
    let mut game = None;
    let seated = within(Duration::from_secs(20), async || {
        let answer = standing(client).await;
        game = answer["game"].as_str().map(str::to_string);
        answer["state"] == "seated"
    })
    .await;
    assert!(seated, "{}", standing(client).await);
    game.expect("the game of a seated person")
}

async fn username(client: &mut Client) -> String {
    let (_, me) = client.get("/api/me").await;
    me["username"].as_str().unwrap().to_string()
}

/// The running games `client` sits in, from the lobby's list.
async fn running_games(client: &Client) -> Vec<Value> {
    let (status, list) = client.clone_get("/api/games?list=mine").await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list.as_array()
        .unwrap()
        .iter()
        .filter(|game| game["status"] == "running")
        .cloned()
        .collect()
}

#[tokio::test]
async fn seven_people_on_two_nodes_make_two_tables_of_three_and_one_waits() {
    for database in databases().await {
        let first = node(database.same(), "first", |_| {}).await;
        let second = node(database, "second", |_| {}).await;
        let mut people = Vec::new();
        for i in 0..7 {
            let at = if i % 2 == 0 { &first } else { &second };
            people.push(at.user("seven").await);
        }
        let mut names = Vec::new();
        for person in &mut people {
            names.push(username(person).await);
        }
        // Everyone asks at the same moment, on either node.
        let answers = futures_util::future::join_all(people.iter_mut().map(|person| {
            person.post("/api/play-now", json!({"players": [3], "pace": "live-20"}))
        }))
        .await;
        for (status, body) in answers {
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let six_seated = within(Duration::from_secs(20), async || {
            let mut seated = 0;
            for person in &people {
                seated += usize::from(standing(person).await["state"] == "seated");
            }
            seated == 6
        })
        .await;
        assert!(six_seated, "six of the seven are seated");
        // Both nodes pair twice more (each look began after the six were seated): nothing
        // changes.
        first.wait_for_a_look_since_now("play-now").await;
        second.wait_for_a_look_since_now("play-now").await;
        let mut tables: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut waiting = Vec::new();
        for (person, name) in people.iter().zip(&names) {
            let answer = standing(person).await;
            let games = running_games(person).await;
            match answer["state"].as_str() {
                Some("seated") => {
                    assert_eq!(games.len(), 1, "{name} sits at one table: {games:?}");
                    let game = answer["game"].as_str().unwrap();
                    assert_eq!(games[0]["id"], game);
                    assert_eq!(games[0]["seats"], 3);
                    assert_eq!(games[0]["rated"], true);
                    tables.entry(game.into()).or_default().insert(name.clone());
                }
                Some("waiting") => {
                    assert!(games.is_empty(), "{games:?}");
                    let pools = answer["pools"].as_array().unwrap();
                    assert_eq!(pools.len(), 1, "{answer}");
                    assert_eq!(
                        (&pools[0]["players"], &pools[0]["pace"]),
                        (&json!(3), &json!("live-20"))
                    );
                    waiting.push(name.clone());
                }
                other => panic!("{name} is {other:?}"),
            }
        }
        assert_eq!(tables.len(), 2, "{tables:?}");
        assert_eq!(waiting.len(), 1);
        // Each table's seats hold exactly the three people told they sit there.
        for (game, people_there) in &tables {
            let state = people[0].clone_get(&format!("/api/games/{game}")).await.1;
            let seated: BTreeSet<String> = state["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["name"].as_str().unwrap().to_string())
                .collect();
            assert_eq!(&seated, people_there);
            assert_eq!(state["clock"]["control"]["bank_secs"], 1200);
        }
        first.server.shutdown().await;
        second.server.shutdown().await;
    }
}

/// Sets `name`'s rating at `players` players, as rated games would have.
async fn set_rating(database: &Database, name: &str, players: u8, rating: f64) {
    database
        .edit(
            &format!(
                "INSERT INTO ratings (user_id, players, rating, deviation, volatility, games) \
                 SELECT id, {players}, {rating:.1}, 100.0, 0.06, 10 FROM users WHERE username = $1"
            ),
            name,
        )
        .await;
}

#[tokio::test]
async fn a_rating_gap_is_bridged_only_after_the_wait_that_widens_it_enough() {
    for database in databases().await {
        // No gap at once, 100 rating points more for every second waited.
        let server = node(database, "gap", |config| {
            config.play_now_gap_base = 0.0;
            config.play_now_gap_per_sec = 100.0;
        })
        .await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let beat_name = username(&mut beat).await;
        set_rating(&server.database, &beat_name, 2, 1900.0).await;
        // Equal ratings sit together at once, whatever the gap.
        let mut carl = server.user("carl").await;
        let mut dora = server.user("dora").await;
        join(&mut carl, &[2], "live-5", None).await;
        join(&mut dora, &[2], "live-5", None).await;
        assert_eq!(seated_game(&carl).await, seated_game(&dora).await);

        // 1500 and 1900: the gap of 400 is allowed once both have waited 4 s.
        join(&mut anna, &[2], "live-5", None).await;
        let asked = Instant::now();
        join(&mut beat, &[2], "live-5", None).await;
        let game = seated_game(&anna).await;
        assert!(
            asked.elapsed() >= Duration::from_secs(4),
            "seated after {:?}",
            asked.elapsed()
        );
        assert_eq!(seated_game(&beat).await, game);
        server.server.shutdown().await;
    }
}

#[tokio::test]
async fn a_bot_takes_the_last_seat_after_the_wait_chosen_and_the_table_is_unrated() {
    for database in databases().await {
        let server = node(database, "bots", |_| {}).await;
        let mut anna = server.user("anna").await;
        let asked = Instant::now();
        join(&mut anna, &[2], "days-1", Some(1)).await;
        let game = seated_game(&anna).await;
        assert!(
            asked.elapsed() >= Duration::from_secs(1),
            "not before the second"
        );
        let state = anna.state(&game).await;
        let kinds: Vec<&str> = state["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["kind"].as_str().unwrap())
            .collect();
        assert_eq!(kinds, ["human", "bot"], "the bot in the last seat");
        assert_eq!(state["clock"]["control"]["per_turn_secs"], 86_400);
        let games = running_games(&anna).await;
        assert_eq!(games.len(), 1);
        assert_eq!(games[0]["rated"], false);
        server.server.shutdown().await;
    }
}

#[tokio::test]
async fn cancelling_takes_a_person_out_of_every_pool() {
    for database in databases().await {
        let server = node(database, "cancel", |_| {}).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let mut carl = server.user("carl").await;
        join(&mut anna, &[2, 3, 4], "live-20", None).await;
        let answer = standing(&anna).await;
        assert_eq!(answer["state"], "waiting");
        assert_eq!(answer["pools"].as_array().unwrap().len(), 3);
        let (status, answer) = anna.post("/api/play-now/cancel", json!({})).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["state"], "idle");
        assert_eq!(answer["pools"], json!([]));
        // Anna came first: had she still waited, Beat would sit with her.
        join(&mut beat, &[2], "live-20", None).await;
        join(&mut carl, &[2], "live-20", None).await;
        assert_eq!(seated_game(&beat).await, seated_game(&carl).await);
        assert_eq!(standing(&anna).await["state"], "idle");
        assert!(running_games(&anna).await.is_empty());
        server.server.shutdown().await;
    }
}

#[tokio::test]
async fn the_first_table_found_takes_a_person_out_of_the_other_pools() {
    for database in databases().await {
        let server = node(database, "pools", |_| {}).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        join(&mut anna, &[2, 3], "live-20", None).await;
        join(&mut anna, &[4], "days-2", None).await;
        assert_eq!(standing(&anna).await["pools"].as_array().unwrap().len(), 3);
        join(&mut beat, &[2], "live-20", None).await;
        let game = seated_game(&anna).await;
        assert_eq!(seated_game(&beat).await, game);
        let answer = standing(&anna).await;
        assert_eq!(answer["pools"], json!([]), "out of the pools of 3 and 4");
        assert_eq!(running_games(&anna).await.len(), 1);
        server.server.shutdown().await;
    }
}

#[tokio::test]
async fn leaving_the_page_takes_a_person_out_of_live_pools_only() {
    for database in databases().await {
        let server = node(database, "presence", |config| {
            config.play_now_presence_secs = 1;
        })
        .await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let mut carl = server.user("carl").await;
        join(&mut anna, &[2], "live-20", None).await;
        join(&mut anna, &[2], "days-3", None).await;
        // Anna's page stops asking: after a second the live pool lets her go.
        tokio::time::sleep(Duration::from_millis(2_500)).await;
        // She came first: had she still waited in the live pool, Beat would sit with her.
        join(&mut beat, &[2], "live-20", None).await;
        join(&mut carl, &[2], "live-20", None).await;
        assert_eq!(seated_game(&beat).await, seated_game(&carl).await);
        let answer = standing(&anna).await;
        assert_eq!(answer["state"], "waiting");
        let pools: Vec<&str> = answer["pools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pool| pool["pace"].as_str().unwrap())
            .collect();
        assert_eq!(pools, ["days-3"], "the turn-based pool keeps her");
        server.server.shutdown().await;
    }
}

#[tokio::test]
async fn a_request_for_no_pool_is_refused_and_changes_nothing() {
    let server = node(Database::sqlite(), "refusals", |_| {}).await;
    let mut anna = server.user("anna").await;
    for (body, code) in [
        (
            json!({"players": [], "pace": "live-20"}),
            "play-now-players",
        ),
        (
            json!({"players": [5], "pace": "live-20"}),
            "play-now-players",
        ),
        (json!({"players": [2], "pace": "blitz"}), "play-now-pace"),
        (
            json!({"players": [2], "pace": "live-5", "bot_after_secs": 4000}),
            "play-now-bot-wait",
        ),
    ] {
        let (status, answer) = anna.post("/api/play-now", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["code"], code);
    }
    assert_eq!(standing(&anna).await["state"], "idle");
    let mut visitor = server.client().await;
    let (status, _) = visitor
        .post("/api/play-now", json!({"players": [2], "pace": "live-5"}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    server.server.shutdown().await;
}
