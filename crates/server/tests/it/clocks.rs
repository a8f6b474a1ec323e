//! Clocks: a person whose time runs out is replaced by a bot, the game goes on, the person is
//! told and takes the seat back; the deadline is in the database, so it fires after a restart.

use crate::common;

use std::time::Duration;

use common::{create_game, databases, join_and_start, within, Client, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// The seconds a person's first turn lasts: time enough for a test's reads at the start of the
/// turn on a busy machine (they take milliseconds), little enough to wait for the run-out.
const SHORT_TURN_SECS: u64 = 3;

/// A clock that runs out [`SHORT_TURN_SECS`] into a person's first turn.
fn short_clock(stand_in: &str) -> Value {
    json!({"bank_secs": SHORT_TURN_SECS, "per_turn_secs": 0, "increment_secs": 0,
           "stand_in": stand_in})
}

async fn create_with_clock(creator: &mut Client, seats: Value, rounds: u16) -> String {
    let (status, body) = creator
        .post(
            "/api/games",
            json!({
                "options": {"players": 2, "round_limit": rounds},
                "seats": seats,
                "time_control": short_clock("random"),
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["id"].as_str().unwrap().to_string()
}

/// Polls `client`'s view of `game` until `done` holds (at most 15 s).
async fn wait_for(
    client: &mut Client,
    game: &str,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let mut state = Value::Null;
    let held = within(Duration::from_secs(15), async || {
        state = client.state(game).await;
        done(&state)
    })
    .await;
    assert!(held, "waited in vain for {what}: {state}");
    state
}

fn stand_in(state: &Value, seat: u64) -> &Value {
    &state["players"][seat as usize]["stand_in"]
}

#[tokio::test]
async fn a_clock_that_runs_out_hands_the_seat_to_a_bot_and_the_player_takes_it_back() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let id = create_with_clock(&mut anna, json!([{"kind": "me"}, {"kind": "open"}]), 40).await;
        join_and_start(&id, &mut anna, &mut beat).await;

        let state = anna.state(&id).await;
        let clock = &state["clock"];
        let running = clock["running"]["seat"]
            .as_u64()
            .expect("a person's turn is timed");
        assert!(clock["deadline_ms"].as_i64().is_some(), "{clock}");
        let (person, other) = if state["your_seat"].as_u64() == Some(running) {
            (&mut anna, &mut beat)
        } else {
            (&mut beat, &mut anna)
        };
        let before = person.state(&id).await;
        let version = before["version"].as_u64().unwrap();
        // Their list of games says when their clock runs out (pages warn an hour before).
        let (_, mine) = person.get("/api/games?list=mine").await;
        assert_eq!(mine[0]["your_deadline_ms"], clock["deadline_ms"], "{mine}");
        // The list sends the time control as it was chosen.
        assert_eq!(mine[0]["time_control"], short_clock("random"), "{mine}");

        // Nobody moves: when the clock runs out a bot stands in, and the game goes on without
        // them.
        let replaced = wait_for(person, &id, "the stand-in", |s| {
            !stand_in(s, running).is_null()
        })
        .await;
        assert_eq!(stand_in(&replaced, running), "random");
        assert_eq!(replaced["clock"]["banks_ms"][running as usize], 0);
        assert!(replaced["version"].as_u64().unwrap() > version);
        assert!(
            replaced["legal"].as_array().unwrap().is_empty(),
            "the bot decides, not them"
        );
        let stood_in_at = replaced["version"].as_u64().unwrap();
        let went_on = wait_for(other, &id, "the bot's move", |s| {
            s["version"].as_u64().unwrap() > stood_in_at
        })
        .await;
        assert_eq!(went_on["status"], "running");

        // They are told on the table, and cannot act while the bot plays for them.
        let (status, page) = person.get_text(&format!("/games/{id}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            page.contains(&format!("data-for-seat=\"{running}\"")),
            "{page}"
        );
        assert!(page.contains("Your time ran out"));
        let now = person.state(&id).await;
        let (status, body) = person
            .post(
                &format!("/api/games/{id}/actions"),
                json!({"version": now["version"], "index": 0}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(
            body["error"].as_str().unwrap().contains("time ran out"),
            "{body}"
        );

        // Someone without a seat cannot take it; they can, with a minute on their clock.
        let mut carl = server.user("carl").await;
        let (status, body) = carl
            .post(&format!("/api/games/{id}/return"), json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (status, body) = person
            .post(&format!("/api/games/{id}/return"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let back = person.state(&id).await;
        assert!(stand_in(&back, running).is_null(), "{back}");
        assert!(
            back["clock"]["banks_ms"][running as usize]
                .as_i64()
                .unwrap()
                >= 59_000
        );
        let (status, body) = person
            .post(&format!("/api/games/{id}/return"), json!({}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        server.server.shutdown().await;
    }
}

#[tokio::test]
async fn a_deadline_that_passes_while_the_server_is_down_fires_after_the_restart() {
    let database = common::Database::sqlite();
    let server = TestServer::start(database.same()).await;
    let mut anna = server.user("anna").await;
    let id = create_with_clock(
        &mut anna,
        json!([{"kind": "me"}, {"kind": "bot", "level": "random"}]),
        30,
    )
    .await;
    let (status, body) = anna
        .post(&format!("/api/games/{id}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The bot may open; wait until Anna's turn is timed, then stop the server at once.
    let state = wait_for(&mut anna, &id, "Anna's turn", |s| {
        !s["legal"].as_array().unwrap().is_empty()
    })
    .await;
    let seat = state["your_seat"].as_u64().unwrap();
    assert_eq!(state["clock"]["running"]["seat"], seat);
    server.server.shutdown().await;

    // The deadline passes while no server runs.
    let deadline_ms = state["clock"]["deadline_ms"].as_i64().expect("a deadline");
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let until_past = u64::try_from(deadline_ms + 100 - now_ms).unwrap_or(0);
    tokio::time::sleep(Duration::from_millis(until_past)).await;
    let server = TestServer::start(database).await;
    anna.base = server.base.clone();
    let replaced = wait_for(&mut anna, &id, "the stand-in after the restart", |s| {
        !stand_in(s, seat).is_null()
    })
    .await;
    assert_eq!(stand_in(&replaced, seat), "random");
    server.server.shutdown().await;
}

#[tokio::test]
async fn time_controls_are_checked_when_a_game_is_created() {
    let server = TestServer::start(common::Database::sqlite()).await;
    let mut anna = server.user("anna").await;
    for control in [
        json!({"bank_secs": 0, "stand_in": "greedy"}),
        json!({"bank_secs": 60, "per_turn_secs": 31 * 86_400, "stand_in": "greedy"}),
        json!({"bank_secs": 60, "stand_in": "nobody"}),
        json!({"bank_secs": 60, "stand_in": "greedy", "extra": 1}),
    ] {
        let (status, body) = anna
            .post(
                "/api/games",
                json!({"options": {"players": 2}, "seats": [{"kind": "me"}, {"kind": "open"}], "time_control": control}),
            )
            .await;
        assert!(status.is_client_error(), "{control}: {status} {body}");
    }
    let (id, _) = create_game(
        &mut anna,
        json!({"players": 2}),
        json!([{"kind": "me"}, {"kind": "bot", "level": "random"}]),
    )
    .await;
    let state = anna.state(&id).await;
    assert!(state["clock"].is_null(), "no clock unless asked for");
    server.server.shutdown().await;
}

#[tokio::test]
async fn the_player_left_alone_may_end_the_game_without_a_result() {
    let server = TestServer::start(common::Database::sqlite()).await;
    let mut anna = server.user("anna").await;
    let mut beat = server.user("beat").await;
    let (status, body) = anna
        .post(
            "/api/games",
            json!({
                "options": {"players": 2},
                "seats": [{"kind": "me"}, {"kind": "open"}],
                "time_control": {"bank_secs": SHORT_TURN_SECS, "stand_in": "random"},
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["id"].as_str().unwrap().to_string();
    join_and_start(&id, &mut anna, &mut beat).await;
    let vote = format!("/api/games/{id}/end-vote");
    let (status, body) = anna.post(&vote, json!({})).await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "nobody's clock ran out yet: {body}"
    );

    let state = anna.state(&id).await;
    let first = state["clock"]["running"]["seat"].as_u64().unwrap();
    let (lost, other) = if state["your_seat"].as_u64() == Some(first) {
        (&mut anna, &mut beat)
    } else {
        (&mut beat, &mut anna)
    };
    wait_for(other, &id, "the first stand-in", |s| {
        !stand_in(s, first).is_null()
    })
    .await;
    // The one whose seat a bot plays cannot vote; the other, left alone, ends the game.
    let (status, _) = lost.post(&vote, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, body) = other.post(&vote, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["ended"], true);
    let ended = other.state(&id).await;
    assert_eq!(ended["status"], "abandoned");
    assert_eq!(ended["end_vote"]["ended"], true);
    assert!(
        ended["clock"]["deadline_ms"].is_null(),
        "no clock runs any more"
    );
    let (status, _) = other
        .post(
            &format!("/api/games/{id}/actions"),
            json!({"version": ended["version"], "index": 0}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (_, page) = other.get_text(&format!("/games/{id}")).await;
    assert!(page.contains("ended this game without a result"), "{page}");
    let (_, me) = other.get("/api/me").await;
    let name = me["username"].as_str().unwrap().to_string();
    let (_, profile) = other.get(&format!("/api/players/{name}")).await;
    assert_eq!(
        (profile["played"].as_i64(), profile["abandoned"].as_i64()),
        (Some(1), Some(1))
    );
    assert!(
        profile["ratings"].as_array().unwrap().is_empty(),
        "no result, no rating"
    );
    server.server.shutdown().await;
}
